package main

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// Live updates (docs/web.md, "Live updates"): GET /t/:id/events is a
// server-sent-events stream of the tournament's revisions. It sends the
// current revision on connect and then one event per committed change,
//
//	retry: 2000
//	event: rev
//	data: 42
//
// and a comment line as a heartbeat, so proxies and phones keep the
// connection. It carries nothing but revision numbers; the page's script
// (static/app.js) fetches the parts of the page marked data-live-src
// again, as any visitor may.

// liveStreams holds the settings and the shutdown signals of the streams.
type liveStreams struct {
	// heartbeat is the interval of the comment lines; tests shorten it.
	heartbeat time.Duration
	// writeWait bounds one write to a client: a phone that stopped
	// reading (gone without closing) is dropped after it instead of
	// holding its goroutine.
	writeWait time.Duration

	mu    sync.Mutex
	stops map[*http.Server]chan struct{}
}

// retryMillis is the reconnection delay the stream asks browsers for.
const retryMillis = 2000

func newLiveStreams() *liveStreams {
	return &liveStreams{heartbeat: 25 * time.Second, writeWait: 10 * time.Second, stops: map[*http.Server]chan struct{}{}}
}

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

// liveEvents streams tournament :id's revisions until the client goes or
// the server shuts down.
func (s *server) liveEvents(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	req := c.Request()
	// Subscribe before reading the revision: a change committed in
	// between is then announced rather than lost.
	revs, unsubscribe := s.store.Subscribe(id)
	defer unsubscribe()
	rev, _, err := s.store.Revision(req.Context(), id)
	if err != nil {
		return err // 404 for an unknown tournament
	}
	return s.streamRevisions(c, rev, revs, func(rev int64) (int64, bool) { return rev, true })
}

// streamRevisions answers with a server-sent-event stream: the revision
// first, then one event each time a signal on changes gives (through next)
// a revision other than the last one sent, and a heartbeat, until the
// client goes, the server shuts down or next says the thing is gone.
func (s *server) streamRevisions(c echo.Context, first int64, changes <-chan int64, next func(int64) (int64, bool)) error {
	req := c.Request()
	// The stream lives as long as the client listens: no read or write
	// timeout of the server applies; each write has its own bound below.
	if err := keepStreamOpen(c); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	stop := s.live.stopped(req)
	w := c.Response()
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream; charset=utf-8")
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set("X-Accel-Buffering", "no") // a reverse proxy must not hold events back
	w.WriteHeader(http.StatusOK)
	send := func(chunk string) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(s.live.writeWait))
		if _, err := io.WriteString(w, chunk); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send("retry: " + strconv.Itoa(retryMillis) + "\n" + revEvent(first)) {
		return nil
	}
	last := first
	beat := time.NewTicker(s.live.heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-req.Context().Done(): // the client went
			return nil
		case <-stop:
			return nil
		case signal := <-changes:
			rev, ok := next(signal)
			if !ok {
				return nil
			}
			// Any other number means a change: the page fetches its
			// parts again, so the order of two close revisions does
			// not matter.
			if rev == last {
				continue
			}
			last = rev
			if !send(revEvent(rev)) {
				return nil
			}
		case <-beat.C:
			if !send(": ping\n\n") {
				return nil
			}
		}
	}
}

func revEvent(rev int64) string {
	return "event: rev\ndata: " + strconv.FormatInt(rev, 10) + "\n\n"
}
