package httpkit

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"crypto/rand"
	"encoding/hex"
	"html"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// PageCache renders a public page once per tournament revision and serves
// the bytes until the next change (docs/performance.md): during an evening
// hundreds of phones ask for the same few pages between two results.
//
// Only anonymous GETs are cached: a logged-in organiser or helper sees
// links and forms players do not. The key is the tournament, its revision
// (and the time it was written, see store.Revision), the path with the
// query, the language, and whether htmx or the live script asks for the
// fragment alone. Nothing of the response's headers is kept but its
// content type: Set-Cookie (CSRF, language) and the security headers are
// the request's own. The one part of a page that differs per visitor, the
// CSRF token in the forms and htmx's header, is rendered as a random
// placeholder and replaced by the visitor's own token, escaped as templ
// escapes it, so a cached page is byte for byte what a fresh render gives.
//
// The cache is bounded: least recently used entries go when it holds more
// than maxBytes, and a tournament's entries go as soon as a newer revision
// of it is rendered. Concurrent misses of one key render once.
type PageCache struct {
	maxBytes int
	// slot stands for the CSRF token while a page is rendered for the
	// cache: random, so no page content can contain it.
	slot string

	mu     sync.Mutex
	lru    *list.List // of *pageEntry, most recently used first
	items  map[PageKey]*list.Element
	bytes  int
	stamps map[int64]PageStamp // the newest revision seen per tournament
	flight map[PageKey]*pageFlight

	Hits, Misses atomic.Int64
}

// PageStamp is a revision of a tournament as store.Revision tells it.
type PageStamp struct{ Rev, Updated int64 }

type PageKey struct {
	ID       int64
	Stamp    PageStamp
	URL      string // path?query
	Lang     string
	Fragment bool // HX-Request: true, the part of the page alone
	Setup    bool // no account yet (the layout shows no login link)
}

type pageEntry struct {
	key         PageKey
	status      int
	contentType string
	parts       [][]byte // the body split at the CSRF token
	size        int
	cacheable   bool // a page to keep (200, HTML, no error)

	gzOnce sync.Once
	gz     []byte // gzipped body for the token browsers get (fixedToken)
}

// pageFlight is a render in progress that requests for the same key wait for.
type pageFlight struct {
	done  chan struct{}
	entry *pageEntry // nil: not cacheable, render yourself
}

// fixedToken is what Echo's CSRF check hands to every browser that sends
// Sec-Fetch-Site (all current ones): the same for everybody, so such
// pages can be kept gzipped too.
const fixedToken = middleware.CSRFUsingSecFetchSite

// CSRFKey is the Echo context key of the request's CSRF token (Echo's
// CSRF middleware sets it under this key): a cached page is rendered with
// a placeholder there and answered with each visitor's own token.
const CSRFKey = "csrf"

// DefaultPageCacheBytes bounds the cache: a 256-card tournament's player
// pages and fragments in both languages take about 10 MB.
const DefaultPageCacheBytes = 48 << 20

func NewPageCache(maxBytes int) *PageCache {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return &PageCache{
		maxBytes: maxBytes,
		slot:     "csrf-slot-" + hex.EncodeToString(b),
		lru:      list.New(),
		items:    map[PageKey]*list.Element{},
		stamps:   map[int64]PageStamp{},
		flight:   map[PageKey]*pageFlight{},
	}
}

// cached wraps the handler of a public tournament page (path with :id).
// Serve answers from the cache, waits for a render of the same key in
// progress, or renders and keeps the page.
func (p *PageCache) Serve(c echo.Context, key PageKey, next echo.HandlerFunc) (err error) {
	p.mu.Lock()
	if el, ok := p.items[key]; ok {
		p.lru.MoveToFront(el)
		e := el.Value.(*pageEntry)
		p.mu.Unlock()
		p.Hits.Add(1)
		return p.respond(c, e, false)
	}
	if f, ok := p.flight[key]; ok {
		p.mu.Unlock()
		select {
		case <-f.done:
		case <-c.Request().Context().Done():
			return c.Request().Context().Err()
		}
		if f.entry != nil {
			p.Hits.Add(1)
			return p.respond(c, f.entry, false)
		}
		return next(c)
	}
	f := &pageFlight{done: make(chan struct{})}
	p.flight[key] = f
	p.mu.Unlock()
	p.Misses.Add(1)

	// The handler renders in a render slot (cached wraps it: inSlot).
	e, err := p.render(c, key, next)
	p.mu.Lock()
	delete(p.flight, key)
	if e != nil {
		p.put(e)
		f.entry = e
	}
	p.mu.Unlock()
	close(f.done)
	return err
}

// render runs the handler with the placeholder token, answers the request
// with the visitor's token and returns the entry to keep (nil if the
// answer is not a page to cache).
func (p *PageCache) render(c echo.Context, key PageKey, next echo.HandlerFunc) (*pageEntry, error) {
	res := c.Response()
	orig := res.Writer
	rec := &recorder{ResponseWriter: orig}
	res.Writer = rec
	token := c.Get(CSRFKey)
	c.Set(CSRFKey, p.slot)
	err := next(c)
	c.Set(CSRFKey, token)
	res.Writer = orig
	if !rec.wrote && rec.body.Len() == 0 {
		return nil, err // nothing written: the error handler answers
	}
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	e := &pageEntry{key: key, status: status, contentType: orig.Header().Get(echo.HeaderContentType)}
	e.cacheable = err == nil && status == http.StatusOK && strings.HasPrefix(e.contentType, echo.MIMETextHTML)
	e.parts = bytes.Split(bytes.Clone(rec.body.Bytes()), []byte(p.slot))
	for _, part := range e.parts {
		e.size += len(part)
	}
	if werr := p.respond(c, e, true); werr != nil && err == nil {
		err = werr
	}
	if !e.cacheable {
		return nil, err
	}
	return e, err
}

// respond answers with entry e: gzipped ahead for the token browsers get
// (fixedToken), else with the request's token put in (and compressed on
// the way when the client asks for it). raw writes to the writer under
// Echo's Response: the handler already sent the status through it.
func (p *PageCache) respond(c echo.Context, e *pageEntry, raw bool) error {
	res := c.Response()
	h := res.Header()
	h.Set(echo.HeaderContentType, e.contentType)
	token, _ := c.Get(CSRFKey).(string)
	var body [][]byte
	if e.cacheable && token == fixedToken && acceptsGzip(c.Request()) {
		e.gzOnce.Do(func() { e.gz = gzipBytes(e.join(fixedToken)) })
		h.Set(echo.HeaderContentEncoding, "gzip")
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(e.gz)))
		body = [][]byte{e.gz}
	} else {
		tok := []byte(html.EscapeString(token))
		h.Set(echo.HeaderContentLength, strconv.Itoa(e.size+(len(e.parts)-1)*len(tok)))
		for i, part := range e.parts {
			if i > 0 {
				body = append(body, tok)
			}
			body = append(body, part)
		}
	}
	var w io.Writer = res
	if raw {
		w = res.Writer
		res.Writer.WriteHeader(e.status)
	} else {
		res.WriteHeader(e.status)
	}
	for _, b := range body {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// join is the body with token in the placeholder's places (already escaped).
func (e *pageEntry) join(token string) []byte {
	return bytes.Join(e.parts, []byte(html.EscapeString(token)))
}

// put keeps e (p.mu held). A newer revision of the tournament drops the
// older ones' entries; an entry of an older revision than one already
// seen is not kept.
func (p *PageCache) put(e *pageEntry) {
	id, st := e.key.ID, e.key.Stamp
	if cur, ok := p.stamps[id]; ok && cur != st {
		if st.Rev < cur.Rev {
			return
		}
		for el := p.lru.Front(); el != nil; {
			nx := el.Next()
			if old := el.Value.(*pageEntry); old.key.ID == id {
				p.remove(el)
			}
			el = nx
		}
	}
	p.stamps[id] = st
	if e.size > p.maxBytes/8 {
		return // one huge page would push everything else out
	}
	if el, ok := p.items[e.key]; ok {
		p.remove(el)
	}
	p.items[e.key] = p.lru.PushFront(e)
	p.bytes += e.size
	for p.bytes > p.maxBytes {
		p.remove(p.lru.Back())
	}
}

func (p *PageCache) remove(el *list.Element) {
	e := p.lru.Remove(el).(*pageEntry)
	delete(p.items, e.key)
	p.bytes -= e.size
}

// Revisions lists the revisions tournament id's kept pages were rendered
// at, each once: after a change only the newest may be left.
func (p *PageCache) Revisions(id int64) []int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	var revs []int64
	for el := p.lru.Front(); el != nil; el = el.Next() {
		if k := el.Value.(*pageEntry).key; k.ID == id && !slices.Contains(revs, k.Stamp.Rev) {
			revs = append(revs, k.Stamp.Rev)
		}
	}
	return revs
}

// Len is the number of pages kept (tests).
func (p *PageCache) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lru.Len()
}

// recorder keeps what a handler writes; headers go to the real writer.
type recorder struct {
	http.ResponseWriter
	status int
	wrote  bool
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	if !r.wrote {
		r.WriteHeader(http.StatusOK)
	}
	return r.body.Write(b)
}

// gzipBytes compresses b once, for a body served many times. The
// compressors come from the pool the gzip middleware uses: a new one
// allocates about a megabyte.
func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(b)/4 + 64)
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(&buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	zw.Reset(nil)
	gzipWriters.Put(zw)
	return buf.Bytes()
}
