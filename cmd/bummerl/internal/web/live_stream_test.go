package web

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/testutil"
	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// sseEvent is one event of a stream, or a comment line (the heartbeat).
type sseEvent struct {
	id, name, data string
	retry          string
	comment        bool
}

// eventStream is a client holding a tournament's event stream open.
type eventStream struct {
	t      testing.TB
	resp   *http.Response
	cancel context.CancelFunc
	events chan sseEvent
	done   chan struct{} // closed when the stream ended

	mu  sync.Mutex
	raw strings.Builder // every byte received
}

// openStream connects to path on app with its own connection (tr) and
// reads the stream in the background.
func openStream(t testing.TB, app *webtest.App, tr *http.Transport, path string, header map[string]string) *eventStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, app.Srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	s := &eventStream{t: t, resp: resp, cancel: cancel, events: make(chan sseEvent, 64), done: make(chan struct{})}
	go s.read()
	t.Cleanup(s.close)
	return s
}

// read parses the stream (the subset the server sends) into events.
func (s *eventStream) read() {
	defer close(s.done)
	defer close(s.events)
	br := bufio.NewReader(s.resp.Body)
	var ev sseEvent
	for {
		line, err := br.ReadString('\n')
		s.mu.Lock()
		s.raw.WriteString(line)
		s.mu.Unlock()
		if err != nil {
			return
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			if ev != (sseEvent{}) {
				s.events <- ev
			}
			ev = sseEvent{}
		case strings.HasPrefix(line, ":"):
			ev.comment = true
		default:
			k, v, _ := strings.Cut(line, ":")
			v = strings.TrimPrefix(v, " ")
			switch k {
			case "id":
				ev.id = v
			case "event":
				ev.name = v
			case "data":
				ev.data = v
			case "retry":
				ev.retry = v
			}
		}
	}
}

// next waits for the next event that is not a heartbeat.
func (s *eventStream) next() sseEvent {
	s.t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case ev, ok := <-s.events:
			if !ok {
				s.t.Fatal("the stream ended")
			}
			if ev.comment && ev.name == "" {
				continue
			}
			return ev
		case <-deadline:
			s.t.Fatal("no event within 5 s")
		}
	}
}

// until reads events until one carries revision rev (two changes close
// together may arrive as one event with the later revision).
func (s *eventStream) until(rev int64) {
	s.t.Helper()
	want := strconv.FormatInt(rev, 10)
	for {
		ev := s.next()
		if ev.name != "rev" {
			s.t.Fatalf("event %+v, want rev", ev)
		}
		if ev.data == want {
			return
		}
		if got, _ := strconv.ParseInt(ev.data, 10, 64); got > rev {
			s.t.Fatalf("revision %d, want %d", got, rev)
		}
	}
}

func (s *eventStream) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()
}

// close is the client going away (a phone closing the page).
func (s *eventStream) close() {
	s.cancel()
	s.resp.Body.Close()
	<-s.done
}

// streamText is all a stream without parts may ever carry: the retry
// hint, revision events and comment lines.
var streamText = regexp.MustCompile(`^(retry: 1000\n)?(id: ([0-9]+)\nevent: rev\ndata: ([0-9]+)\n\n|: ping\n\n)*$`)

// TestLiveStream: a stream that names no parts (a page without live parts,
// or an older script) announces the current revision at once and then
// every change — a sale, a draw, a result through the API — and carries
// nothing but revision numbers, each as the event's id too.
func TestLiveStream(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	// A browser that accepts gzip: the stream is never compressed.
	s := openStream(t, f.App, tr, f.Path+"/events", map[string]string{"Accept-Encoding": "gzip"})
	h := s.resp.Header
	if s.resp.StatusCode != http.StatusOK || h.Get("Content-Type") != "text/event-stream; charset=utf-8" ||
		h.Get("Cache-Control") != "no-store" || h.Get("Content-Encoding") != "" {
		t.Fatalf("status %d, headers %v", s.resp.StatusCode, h)
	}
	first := s.next()
	if first.retry != "1000" || first.name != "rev" || first.data != strconv.FormatInt(f.Revision(), 10) || first.id != first.data {
		t.Errorf("first event %+v, want retry 1000 and the current revision %d", first, f.Revision())
	}

	if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {"Spielerin 6"}, "count": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sale: status %d", r.Status)
	}
	s.until(f.Revision())
	f.DrawDigital() // announce and perform: two changes
	s.until(f.Revision())
	m := f.FirstPlayable(1)
	r := f.API.API(http.MethodPut, apiRoundPath(f.ID, 1)+"/matches/"+strconv.Itoa(m.No)+"/result", f.Anna,
		map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 0}})
	if r.Status != http.StatusOK {
		t.Fatalf("result: status %d\n%s", r.Status, r.Body)
	}
	s.until(f.Revision())
	// A failed action changes nothing and announces nothing.
	r = f.API.API(http.MethodPut, apiRoundPath(f.ID, 1)+"/matches/"+strconv.Itoa(m.No)+"/result", f.Anna,
		map[string]any{"version": m.Version, "winner": m.B, "bummerl": []int{2, 0}})
	if r.Status != http.StatusConflict {
		t.Fatalf("stale result: status %d, want 409", r.Status)
	}
	select {
	case ev := <-s.events:
		t.Errorf("event %+v after a refused action", ev)
	case <-time.After(100 * time.Millisecond):
	}
	s.close()
	if raw := s.text(); !streamText.MatchString(raw) {
		t.Errorf("the stream carried more than revisions:\n%q", raw)
	}

	// An unknown tournament is a 404, not a stream.
	if r := f.API.Get("/t/999/events"); r.Status != http.StatusNotFound {
		t.Errorf("stream of an unknown tournament: status %d", r.Status)
	}
}

// TestLiveStreamHeartbeat: an idle stream sends comment lines.
func TestLiveStreamHeartbeat(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	serverOf(f.App).live.heartbeat = 20 * time.Millisecond
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	s := openStream(t, f.App, tr, f.Path+"/events", nil)
	s.next()
	select {
	case ev := <-s.events:
		if !ev.comment || ev.name != "" {
			t.Errorf("event %+v, want a heartbeat comment", ev)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no heartbeat")
	}
}

// TestLiveStreamClientGoes: streams end when their clients go, leaving no
// subscription and no goroutine behind; a server shutting down ends the
// streams it still has instead of waiting for them.
func TestLiveStreamClientGoes(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	tr := &http.Transport{}
	before := runtime.NumGoroutine()
	const n = 20
	streams := make([]*eventStream, n)
	for i := range streams {
		streams[i] = openStream(t, f.App, tr, f.Path+"/events", nil)
		streams[i].next()
	}
	testutil.Eventually(t, fmt.Sprintf("%d subscribers", n), func() bool { return f.App.Store.Subscribers(f.ID) == n })
	if runtime.NumGoroutine() < before+n {
		t.Errorf("%d goroutines with %d streams open, %d before: the count cannot tell a leak", runtime.NumGoroutine(), n, before)
	}
	for _, s := range streams {
		s.close()
	}
	tr.CloseIdleConnections()
	testutil.Eventually(t, "no subscribers after the clients went", func() bool { return f.App.Store.Subscribers(f.ID) == 0 })
	testutil.Eventually(t, "the goroutines of the streams ended", func() bool { return runtime.NumGoroutine() <= before })

	// Shutdown: the open stream ends at once instead of holding the
	// server until the deadline. The deadline is generous because
	// net/http counts a connection that was dialled but never used as
	// busy for its first 5 s, and the transport may have dialled one
	// spare while the streams above were opening.
	s := openStream(t, f.App, tr, f.Path+"/events", nil)
	s.next()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := f.App.Srv.Config.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown with an open stream: %v", err)
	}
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream outlived the server")
	}
	testutil.Eventually(t, "no subscribers after the shutdown", func() bool { return f.App.Store.Subscribers(f.ID) == 0 })
}

// TestLiveStreamSlowClient: a client that never reads its stream does not
// hold up saving; the others still get every change.
func TestLiveStreamSlowClient(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	conn, err := net.Dial("tcp", f.App.Srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s/events HTTP/1.1\r\nHost: x\r\n\r\n", f.Path) // and never read
	testutil.Eventually(t, "the silent client subscribed", func() bool { return f.App.Store.Subscribers(f.ID) == 1 })
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	s := openStream(t, f.App, tr, f.Path+"/events", nil)
	s.next()
	start := time.Now()
	for i := range 50 {
		if _, err := f.App.Store.Update(t.Context(), f.ID, store.User{Name: "test"}, "rename", func(tr *tournament.Tournament) error {
			tr.Settings.Name = "Turnier " + strconv.Itoa(i)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	s.until(f.Revision())
	t.Logf("50 saves with a silent subscriber: %v", time.Since(start))
}

// TestLiveStreamManyClients: 500 phones hold the stream; each gets the
// next change. The server keeps one goroutine and one small buffer each.
func TestLiveStreamManyClients(t *testing.T) {
	if testing.Short() {
		t.Skip("500 connections: skipped with -short")
	}
	f := newFixture(t, nil, 1, 1)
	const n = 500
	serverOf(f.App).live.perIP = n // all from one address
	tr := &http.Transport{MaxIdleConnsPerHost: -1}
	defer tr.CloseIdleConnections()
	streams := make([]*eventStream, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range streams {
		streams[i] = openStream(t, f.App, tr, f.Path+"/events", nil)
	}
	rev := f.Revision()
	for _, s := range streams {
		wg.Go(func() {
			if ev, ok := <-s.events; !ok || ev.data != strconv.FormatInt(rev, 10) {
				errs <- fmt.Errorf("first event %+v", ev)
			}
		})
	}
	wg.Wait()
	testutil.Eventually(t, "500 subscribers", func() bool { return f.App.Store.Subscribers(f.ID) == n })
	if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {"Nachzügler"}, "count": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sale: status %d", r.Status)
	}
	want := strconv.FormatInt(f.Revision(), 10)
	for _, s := range streams {
		wg.Go(func() {
			select {
			case ev, ok := <-s.events:
				if !ok || ev.data != want {
					errs <- fmt.Errorf("event %+v, want revision %s", ev, want)
				}
			case <-time.After(10 * time.Second):
				errs <- errors.New("no event within 10 s")
			}
		})
	}
	wg.Wait()
	close(errs)
	failed := 0
	for err := range errs {
		if failed++; failed <= 3 {
			t.Error(err)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d clients failed", failed, n)
	}
	for _, s := range streams {
		s.close()
	}
	testutil.Eventually(t, "no subscribers", func() bool { return f.App.Store.Subscribers(f.ID) == 0 })
}
