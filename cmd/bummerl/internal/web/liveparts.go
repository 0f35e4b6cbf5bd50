package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// partMemo keeps the parts of the newest revision of each stream source
// rendered: after a change every stream that shows a part asks for it,
// and the first one renders it while the others wait for the same bytes
// (one render and one encoding per part and revision, however many phones
// show it). A newer revision of the source drops the older parts.
type partMemo struct {
	mu      sync.Mutex
	gens    map[string]*partGen // by source (liveSource.scope)
	streams map[string]int      // open streams by source
}

type partGen struct {
	rev     int64
	started time.Time              // the first part asked for
	done    time.Time              // the last part rendered
	parts   map[string]*partRender // by partKey
}

// partRender is one part of one revision: its "path":"html" member of the
// event's JSON, once done is closed; ok false if it did not render.
type partRender struct {
	done chan struct{}
	enc  []byte
	ok   bool
}

// get is the part of key at revision rev of scope, rendered by render once.
// A stream behind the newest revision (a change came while it rendered)
// renders for itself and keeps nothing.
func (m *partMemo) get(scope string, rev int64, key string, render func() ([]byte, bool), stats *liveStats) ([]byte, bool) {
	m.mu.Lock()
	gen := m.gens[scope]
	switch {
	case gen == nil || gen.rev < rev:
		if gen != nil {
			m.finish(scope, gen, stats)
		}
		gen = &partGen{rev: rev, started: time.Now(), parts: map[string]*partRender{}}
		m.gens[scope] = gen
	case gen.rev > rev:
		m.mu.Unlock()
		return render()
	}
	if p, ok := gen.parts[key]; ok {
		m.mu.Unlock()
		<-p.done
		return p.enc, p.ok
	}
	p := &partRender{done: make(chan struct{})}
	gen.parts[key] = p
	m.mu.Unlock()
	defer close(p.done)
	p.enc, p.ok = render()
	m.mu.Lock()
	gen.done = time.Now()
	m.mu.Unlock()
	return p.enc, p.ok
}

// finish records how long the revision's parts took (m.mu held): from the
// first request for one until the last one was rendered.
func (m *partMemo) finish(scope string, gen *partGen, stats *liveStats) {
	if stats != nil && len(gen.parts) > 0 && !gen.done.IsZero() {
		stats.addRender(renderTime{Scope: scope, Rev: gen.rev, Parts: len(gen.parts), Took: gen.done.Sub(gen.started), At: gen.started})
	}
}

// join and leave count the streams of scope; its parts are forgotten
// when the last one goes.
func (m *partMemo) join(scope string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.streams[scope]++
}

func (m *partMemo) leave(scope string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.streams[scope]--; m.streams[scope] <= 0 {
		delete(m.streams, scope)
		delete(m.gens, scope)
	}
}

// partsEvent is the stream event with the parts of the page of req at
// revision rev; false if one of them did not render.
func (s *server) partsEvent(c echo.Context, scope string, rev int64, parts []string) ([]byte, bool) {
	req := c.Request()
	n := strconv.FormatInt(rev, 10)
	var b bytes.Buffer
	b.WriteString("id: " + n + "\nevent: parts\ndata: {\"rev\":" + n + ",\"parts\":{")
	variant := lang(c) + "\x00" + tokenVariant(req)
	for i, p := range parts {
		enc, ok := s.live.parts.get(scope, rev, p+"\x00"+variant, func() ([]byte, bool) {
			return s.renderPart(req, p, lang(c))
		}, &s.live.stats)
		if !ok {
			return nil, false
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(enc)
	}
	b.WriteString("}}\n\n")
	return b.Bytes(), true
}

// tokenVariant is what the CSRF token of a page rendered for req depends
// on: browsers that send Sec-Fetch-Site all get the same token; others
// their cookie's.
func tokenVariant(req *http.Request) string {
	if req.Header.Get(echo.HeaderSecFetchSite) != "" {
		return ""
	}
	if ck, err := req.Cookie(csrfCookie); err == nil {
		return ck.Value
	}
	return "-"
}

// partHeaders are the headers of the stream's request a part's render
// sees: whatever decides what the visitor's own fetch would get.
var partHeaders = []string{echo.HeaderCookie, "Accept-Language", echo.HeaderSecFetchSite, "User-Agent"}

// renderPart renders part (a path with query) as the page's own fetch of
// it would be answered (HX-Request: true, the visitor's cookies) in lang,
// through the whole app: the page cache, the access checks and
// the handlers. It is the JSON member "part":"html"; false unless the
// answer is a 200 with HTML.
func (s *server) renderPart(req *http.Request, part, lang string) ([]byte, bool) {
	// Not the stream's context: the render is shared with other streams
	// and must not end when this one does.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(req.Context()), 30*time.Second)
	defer cancel()
	ctx = context.WithValue(ctx, liveRenderKey{}, true) // ahead of page loads for a render slot
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, part, nil)
	if err != nil {
		return nil, false
	}
	for _, h := range partHeaders {
		if v := req.Header.Values(h); len(v) > 0 {
			r.Header[h] = v
		}
	}
	// In the stream's language (its ?lang= too, which the part's own
	// address does not carry): what the memo's key says.
	r.Header.Del(echo.HeaderCookie)
	for _, ck := range req.Cookies() {
		if ck.Name != langCookie {
			r.AddCookie(ck)
		}
	}
	r.AddCookie(&http.Cookie{Name: langCookie, Value: lang})
	r.Header.Set("HX-Request", "true")
	r.RemoteAddr = req.RemoteAddr
	r.Host = req.Host
	w := &partWriter{header: http.Header{}}
	s.handler.ServeHTTP(w, r)
	if w.status != http.StatusOK || !strings.HasPrefix(w.header.Get(echo.HeaderContentType), echo.MIMETextHTML) {
		return nil, false
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(part) // strings always encode
	b.Truncate(b.Len() - 1)
	b.WriteByte(':')
	_ = enc.Encode(w.body.String())
	b.Truncate(b.Len() - 1) // Encode's newline: the event's data is one line
	return b.Bytes(), true
}
