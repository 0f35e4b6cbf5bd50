package web

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/store"

	"github.com/labstack/echo/v4"
)

// Live updates (docs/web.md, "Live updates"): GET /t/:id/events (and a
// seat's /play/:token/events) is a server-sent-events stream that keeps a
// page current with one connection. The page names its live parts
// (?part=URL, the data-live-src of each, and ?rev= the revision it was
// drawn at). A visitor's stream brings the parts themselves: after every
// committed change the server renders each distinct part once, for all
// the streams that show it, and sends
//
//	id: 42
//	event: parts
//	data: {"rev":42,"parts":{"/t/1/card/17":"<section>…"}}
//
// Staff (logged in) see forms and links of their own, so their stream
// says only that something changed and their page fetches its parts:
//
//	id: 42
//	event: rev
//	data: 42
//
// A comment line every 25 s keeps proxies and phones on the line. After
// about a minute (maxAge) the server ends the stream and the browser
// reconnects at once, telling the revision it has (Last-Event-ID): a
// stream that nobody reads is dropped within 90 s, and nothing is missed.

// liveStreams holds the settings, the counts and the shutdown signals of
// the streams.
type liveStreams struct {
	// heartbeat is the interval of the comment lines; tests shorten it.
	heartbeat time.Duration
	// writeWait bounds one write to a client: a phone that stopped
	// reading (gone without closing) is dropped after it instead of
	// holding its goroutine.
	writeWait time.Duration
	// maxAge is how long a stream lives before the browser is asked to
	// reconnect (plus up to a third more at random, so a room that
	// connected at once does not reconnect at once).
	maxAge time.Duration
	// perIP bounds the visitors' streams from one client address, in
	// every process on the database (shared: the others' counts); reserve
	// is the share of the server's connections a visitor's stream may not
	// take (kept for staff and page loads). Staff streams count against
	// neither.
	perIP   int
	shared  *store.AddrCounts
	reserve func(maxConns int) int

	parts partMemo
	stats liveStats

	mu    sync.Mutex
	stops map[*http.Server]chan struct{}
	byIP  map[string]int
	open  [streamKinds]int
}

// retryMillis is the reconnection delay the stream asks browsers for: a
// phone is back a second after the Wi-Fi or the server was.
const retryMillis = 1000

// DefaultStreamsPerIP lets a school class or a club behind one router
// follow the evening, and keeps one guest from taking the room's
// connections (--streams-per-ip).
const DefaultStreamsPerIP = 100

// maxParts and maxPartLen bound what a stream may ask to be rendered.
const (
	maxParts   = 8
	maxPartLen = 512
)

func newLiveStreams(perIP int, shared *store.AddrCounts) *liveStreams {
	if perIP <= 0 {
		perIP = DefaultStreamsPerIP
	}
	return &liveStreams{
		heartbeat: 25 * time.Second, writeWait: 10 * time.Second, maxAge: 60 * time.Second,
		perIP: perIP, shared: shared, reserve: StreamReserve,
		parts: partMemo{gens: map[string]*partGen{}, streams: map[string]int{}},
		stops: map[*http.Server]chan struct{}{}, byIP: map[string]int{},
	}
}

// StreamReserve is what the streams leave of maxConns connections: a
// tenth, at least 16, for the organiser's desk and the page loads.
func StreamReserve(maxConns int) int { return max(16, maxConns/10) }

// streamKind sorts the open streams for the status page.
type streamKind int

const (
	kindStaff streamKind = iota
	kindPhone
	kindProjector
	kindSeat
	streamKinds
)

// stopped is closed when the http.Server serving r begins to shut down,
// so open streams end and Shutdown does not wait for them until its
// deadline. It registers with each server once.
func (l *liveStreams) stopped(r *http.Request) <-chan struct{} {
	hs, _ := r.Context().Value(http.ServerContextKey).(*http.Server)
	if hs == nil {
		return nil // never: only the client's leaving ends the stream
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	ch, ok := l.stops[hs]
	if !ok {
		ch = make(chan struct{})
		l.stops[hs] = ch
		hs.RegisterOnShutdown(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			delete(l.stops, hs)
			close(ch)
		})
	}
	return ch
}

// admit counts a stream in, or refuses it at once with Retry-After: a
// visitor's stream over the bound of its address (429) or over the
// streams' share of the server's connections (503). The browser tries
// again after the wait, with some jitter (static/app.js).
func (l *liveStreams) admit(c echo.Context, kind streamKind) (release func(), err error) {
	ip := c.RealIP()
	maxConns := 0
	if g := httpkit.GateOf(c.Request().Context()); g != nil {
		maxConns = g.Max()
	}
	l.mu.Lock()
	if kind != kindStaff {
		visitors := l.open[kindPhone] + l.open[kindProjector] + l.open[kindSeat]
		switch {
		case l.byIP[ip]+l.shared.Others(ip) >= l.perIP:
			l.mu.Unlock()
			l.stats.refusedIP.Add(1)
			return nil, streamRefused(c, http.StatusTooManyRequests, "too_many_streams", "live.too_many_streams")
		case maxConns > 0 && visitors >= maxConns-l.reserve(maxConns):
			l.mu.Unlock()
			l.stats.refusedFull.Add(1)
			return nil, streamRefused(c, http.StatusServiceUnavailable, "server_busy", "live.server_busy")
		}
		l.byIP[ip]++
		l.shared.Set(ip, l.byIP[ip])
	}
	l.open[kind]++
	l.mu.Unlock()
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.open[kind]--
		if kind != kindStaff {
			if l.byIP[ip]--; l.byIP[ip] <= 0 {
				delete(l.byIP, ip)
			}
			l.shared.Set(ip, l.byIP[ip])
		}
	}, nil
}

// streamRefused is a refusal with a Retry-After of 5 to 15 seconds.
func streamRefused(c echo.Context, status int, code, key string) error {
	c.Response().Header().Set("Retry-After", strconv.Itoa(5+rand.IntN(11)))
	return &webError{status, code, "", text(c, key)}
}

// liveEvents streams tournament :id's changes until the client goes, the
// server shuts down or the stream is due to be renewed.
func (s *server) liveEvents(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	scope := tournamentURL(id, "")
	return s.stream(c, liveSource{
		scope:     scope,
		partOK:    func(p string) bool { return tournamentPart.MatchString(strings.TrimPrefix(p, scope)) },
		subscribe: func() (<-chan int64, func()) { return s.store.Subscribe(id) },
		current: func(ctx context.Context) (int64, error) {
			rev, _, err := s.store.Revision(ctx, id)
			return rev, err
		},
	})
}

// tournamentPart matches the public parts of a tournament's pages, after
// /t/ID: those served by the page cache (routes.go, s.cached).
var tournamentPart = regexp.MustCompile(`^(|/card/[0-9]{1,5}|/rounds|/rounds/[0-9]{1,5}|/standings|/screen|/names|/screen/names)$`)

// liveSource is what a stream follows: a tournament or a digital table.
type liveSource struct {
	scope     string            // the paths of its parts start with it
	partOK    func(string) bool // a part's path (without query) it may render
	subscribe func() (<-chan int64, func())
	current   func(context.Context) (int64, error)
}

// stream answers with the server-sent-event stream of src (see the top of
// this file).
func (s *server) stream(c echo.Context, src liveSource) error {
	req := c.Request()
	parts, err := liveParts(c, src)
	if err != nil {
		return err
	}
	_, isStaff := currentUser(c)
	kind := streamKindOf(isStaff, src, parts)
	// Subscribe before reading the revision: a change committed in
	// between is then announced rather than lost.
	changes, unsubscribe := src.subscribe()
	defer unsubscribe()
	cur, err := src.current(req.Context())
	if err != nil {
		return err // 404 for an unknown tournament or table
	}
	release, err := s.live.admit(c, kind)
	if err != nil {
		return err
	}
	defer release()
	s.live.parts.join(src.scope)
	defer s.live.parts.leave(src.scope)
	// The stream lives as long as the client listens: no read or write
	// timeout of the server applies; each write has its own bound below.
	if err := httpkit.KeepStreamOpen(c); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	w := c.Response()
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream; charset=utf-8")
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set("X-Accel-Buffering", "no") // a reverse proxy must not hold events back
	// Once the stream ends the socket goes too: the browser reconnects on
	// a new one, and a client that stopped reading holds nothing.
	h.Set(echo.HeaderConnection, "close")
	w.WriteHeader(http.StatusOK)
	send := func(chunk []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(s.live.writeWait))
		if _, err := w.Write(chunk); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	push := kind != kindStaff && len(parts) > 0 && !slices.ContainsFunc(parts, ownQuery)
	event := func(rev int64) []byte {
		if push {
			if ev, ok := s.partsEvent(c, src.scope, rev, parts); ok {
				return ev
			}
			// A part did not render (gone, refused): the page fetches
			// its parts itself.
		}
		return revEvent(rev)
	}
	// The shutdown signal is taken before the client hears anything: taken
	// after the first event, a Shutdown that ran its hooks in between
	// would leave this stream on a fresh signal nobody closes, and the
	// server waiting for it until its deadline.
	stop := s.live.stopped(req)
	first := []byte("retry: " + strconv.Itoa(retryMillis) + "\n")
	if known, ok := knownRevision(req); !ok || known != cur {
		first = append(first, event(cur)...)
	} else {
		first = append(first, ": current\n\n"...)
	}
	if !send(first) {
		return nil
	}
	last := cur
	beat := time.NewTicker(s.live.heartbeat)
	defer beat.Stop()
	age := time.NewTimer(s.live.maxAge + rand.N(s.live.maxAge/3+1))
	defer age.Stop()
	for {
		select {
		case <-req.Context().Done(): // the client went
			return nil
		case <-stop:
			return nil
		case <-age.C:
			// Renew: reconnect soon (spread over a second), with the
			// revision shown as Last-Event-ID.
			send([]byte("retry: " + strconv.Itoa(250+rand.IntN(1000)) + "\n\n"))
			s.live.stats.renewed.Add(1)
			return nil
		case <-changes:
			rev, err := src.current(req.Context())
			if err != nil {
				return nil // the table or tournament is gone
			}
			// Any other number means a change, so the order of two
			// close revisions does not matter.
			if rev == last {
				continue
			}
			last = rev
			if !send(event(rev)) {
				return nil
			}
		case <-beat.C:
			if !send([]byte(": ping\n\n")) {
				return nil
			}
		}
	}
}

// streamKindOf sorts a stream for the status page and the bounds.
func streamKindOf(staff bool, src liveSource, parts []string) streamKind {
	switch {
	case staff:
		return kindStaff
	case strings.HasPrefix(src.scope, "/play/"), strings.HasPrefix(src.scope, practicePrefix):
		return kindSeat
	}
	for _, p := range parts {
		if strings.HasPrefix(p, src.scope+"/screen") {
			return kindProjector
		}
	}
	return kindPhone
}

// liveParts are the stream's ?part= values: paths of src's own pages with
// a query, at most maxParts. Anything else is refused: the server renders
// them for the visitor.
func liveParts(c echo.Context, src liveSource) ([]string, error) {
	raw := c.QueryParams()["part"]
	if len(raw) > maxParts {
		return nil, badRequest(c, "part", "live.part_bad")
	}
	out := make([]string, 0, len(raw))
	for _, p := range raw {
		u, err := url.Parse(p)
		if err != nil || len(p) > maxPartLen || u.Scheme != "" || u.Host != "" || u.Opaque != "" ||
			!strings.HasPrefix(u.Path, src.scope) || !src.partOK(u.Path) {
			return nil, badRequest(c, "part", "live.part_bad")
		}
		out = append(out, u.RequestURI())
	}
	return out, nil
}

// ownQuery reports a part whose query is not one every visitor shares
// (the round page's "open matches only"): a free text filter, or any
// other parameter. Such a stream gets "rev" and its page fetches, as any
// visitor may; pushing would let a guest have the server render a page
// per made-up query after every change without asking for anything.
func ownQuery(part string) bool {
	_, q, _ := strings.Cut(part, "?")
	return q != "" && q != "open=1"
}

// knownRevision is the revision the page already shows: what the browser
// last received (Last-Event-ID, sent on reconnection) or the revision the
// page was drawn at (?rev=).
func knownRevision(r *http.Request) (int64, bool) {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("rev")
	}
	rev, err := strconv.ParseInt(v, 10, 64)
	return rev, err == nil
}

func revEvent(rev int64) []byte {
	n := strconv.FormatInt(rev, 10)
	return []byte("id: " + n + "\nevent: rev\ndata: " + n + "\n\n")
}

// liveStats are the counters the status page shows.
type liveStats struct {
	renewed, refusedIP, refusedFull atomic.Int64

	mu      sync.Mutex
	renders []renderTime // the newest last, at most 20
}

// renderTime is how long the parts of one revision took to render.
type renderTime struct {
	Scope string
	Rev   int64
	Parts int
	Took  time.Duration
	At    time.Time
}

func (st *liveStats) addRender(r renderTime) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.renders = append(st.renders, r)
	if len(st.renders) > 20 {
		st.renders = st.renders[len(st.renders)-20:]
	}
}

// partWriter keeps an internal render's answer.
type partWriter struct {
	header http.Header
	status int
	body   strings.Builder
}

func (w *partWriter) Header() http.Header { return w.header }
func (w *partWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}
func (w *partWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}
