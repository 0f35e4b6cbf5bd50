package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/cmd/bummerl/internal/testutil"
	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// The live room at venue scale (issue 19): one connection per phone, one
// load per revision, bounds that answer at once, streams that end.

// partsOf decodes a "parts" event.
func partsOf(t testing.TB, ev sseEvent) (int64, map[string]string) {
	t.Helper()
	if ev.name != "parts" {
		t.Fatalf("event %+v, want parts", ev)
	}
	var d struct {
		Rev   int64             `json:"rev"`
		Parts map[string]string `json:"parts"`
	}
	if err := json.Unmarshal([]byte(ev.data), &d); err != nil {
		t.Fatalf("parts event %q: %v", ev.data, err)
	}
	if ev.id != strconv.FormatInt(d.Rev, 10) {
		t.Errorf("event id %q, revision %d", ev.id, d.Rev)
	}
	return d.Rev, d.Parts
}

// TestLivePartsOneConnection: a phone's stream brings its part after each
// change, byte for byte what the page's own fetch of it would get, so the
// phone needs no second connection. A stream that knows the current
// revision gets nothing on connect; one behind gets the parts at once.
func TestLivePartsOneConnection(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	card := f.Path + "/card/" + strconv.Itoa(int(m.A)) // not a bye: his part shows the result
	rev := f.Revision()
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	q := url.Values{"rev": {strconv.FormatInt(rev, 10)}, "part": {card, f.Path + "/standings"}}
	s := openStream(t, f.App, tr, f.Path+"/events?"+q.Encode(), map[string]string{"Sec-Fetch-Site": "same-origin"})
	select {
	case ev := <-s.events:
		if !ev.comment {
			t.Fatalf("event %+v on connect although the page is current", ev)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("nothing on connect")
	}

	r := f.API.API(http.MethodPut, apiRoundPath(f.ID, 1)+"/matches/"+strconv.Itoa(m.No)+"/result", f.Anna,
		map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 1}})
	if r.Status != http.StatusOK {
		t.Fatalf("result: status %d\n%s", r.Status, r.Body)
	}
	got, parts := partsOf(t, s.next())
	if got != f.Revision() {
		t.Errorf("parts of revision %d, want %d", got, f.Revision())
	}
	for _, p := range []string{card, f.Path + "/standings"} {
		want := f.API.Request(http.MethodGet, p, nil, map[string]string{"HX-Request": "true", "Sec-Fetch-Site": "same-origin"})
		if want.Status != http.StatusOK || parts[p] != want.Body {
			t.Errorf("part %s differs from its fetch (status %d):\npushed %q\nfetched %q", p, want.Status, parts[p], want.Body)
		}
	}
	if !strings.Contains(parts[card], "2:1") && !strings.Contains(parts[card], "1:2") {
		t.Errorf("the winner's part does not show the result 2:1:\n%s", parts[card])
	}

	// Behind: the parts come at once; a part of another tournament or a
	// page that is no part is refused.
	old := openStream(t, f.App, tr, f.Path+"/events?"+url.Values{"rev": {strconv.FormatInt(rev, 10)}, "part": {card}}.Encode(), nil)
	if got, parts := partsOf(t, old.next()); got != f.Revision() || parts[card] == "" {
		t.Errorf("a stream behind got revision %d with %d parts", got, len(parts))
	}
	for _, bad := range []string{"/t/999/card/1", f.Path + "/events", f.Path + "/sale", "http://evil.example" + card, f.Path + "/card/1/qr.png"} {
		if r := f.API.Get(f.Path + "/events?part=" + url.QueryEscape(bad)); r.Status != http.StatusBadRequest {
			t.Errorf("stream with part %q: status %d, want 400", bad, r.Status)
		}
	}
}

// TestLivePartsStaffFetch: a logged-in helper's stream says only which
// revision there is (his parts hold forms of his own).
func TestLivePartsStaffFetch(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	s := openStream(t, f.App, tr, f.Path+"/events?part="+url.QueryEscape(f.Path+"/rounds"), map[string]string{"Cookie": f.Helper.CookieHeader()})
	if ev := s.next(); ev.name != "rev" {
		t.Fatalf("staff stream's first event %+v, want rev", ev)
	}
}

// TestLiveOneLoadPerRevision: however many phones' parts render after a
// change, the tournament is loaded once for them.
func TestLiveOneLoadPerRevision(t *testing.T) {
	const cards = 24
	counts := make([]int, cards)
	for i := range counts {
		counts[i] = 1
	}
	f := newFixture(t, map[string]string{"cards": "32"}, counts...)
	serverOf(f.App).live.perIP = 1000
	f.DrawDigital()
	tr := &http.Transport{MaxIdleConnsPerHost: -1}
	defer tr.CloseIdleConnections()
	var streams []*eventStream
	for no := 1; no <= cards; no++ {
		for range 2 { // two phones per card: one render each
			q := url.Values{"rev": {strconv.FormatInt(f.Revision(), 10)}, "part": {f.Path + "/card/" + strconv.Itoa(no)}}
			streams = append(streams, openStream(t, f.App, tr, f.Path+"/events?"+q.Encode(), map[string]string{"Sec-Fetch-Site": "same-origin"}))
		}
	}
	for _, s := range streams {
		if ev := <-s.events; !ev.comment { // the page is current: a comment
			t.Fatalf("event %+v on connect", ev)
		}
	}
	for round := range 3 {
		before := serverOf(f.App).snaps.loads.Load()
		misses := serverOf(f.App).pages.Misses.Load()
		m := f.FirstPlayable(1)
		r := f.API.API(http.MethodPut, apiRoundPath(f.ID, 1)+"/matches/"+strconv.Itoa(m.No)+"/result", f.Anna,
			map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 0}})
		if r.Status != http.StatusOK {
			t.Fatalf("result: status %d\n%s", r.Status, r.Body)
		}
		for _, s := range streams {
			if got, _ := partsOf(t, s.next()); got != f.Revision() {
				t.Fatalf("change %d: parts of revision %d, want %d", round, got, f.Revision())
			}
		}
		if loads := serverOf(f.App).snaps.loads.Load() - before; loads != 1 {
			t.Errorf("change %d: the tournament was loaded %d times for %d streams, want once", round, loads, len(streams))
		}
		if renders := serverOf(f.App).pages.Misses.Load() - misses; renders != cards {
			t.Errorf("change %d: %d parts rendered for %d cards", round, renders, cards)
		}
	}
}

// TestLiveStreamBounds: a visitor's streams from one address are bounded
// (429 at once, with Retry-After), staff are not; the visitors' streams
// leave the server's reserve free: over it 503 at once, while a staff
// stream and the organiser's pages are still served.
func TestLiveStreamBounds(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	serverOf(f.App).live.perIP = 3
	lim := testLimits
	lim.MaxConns, lim.PerIP = 24, 0
	addr := serveLimited(t, echoOf(f.App), lim, func() {})
	base := "http://" + addr
	get := func(path string, header map[string]string, from string) *http.Response {
		t.Helper()
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
		tr := &http.Transport{DialContext: d.DialContext}
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := (&http.Client{Transport: tr}).Do(req)
		if err != nil {
			t.Fatalf("GET %s from %s: %v", path, from, err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	for i := range 3 {
		if r := get(f.Path+"/events", nil, "127.0.0.2"); r.StatusCode != http.StatusOK {
			t.Fatalf("stream %d from one address: %d", i+1, r.StatusCode)
		}
	}
	start := time.Now()
	r := get(f.Path+"/events", nil, "127.0.0.2")
	if r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Errorf("4th stream from one address: %d, Retry-After %q; want 429", r.StatusCode, r.Header.Get("Retry-After"))
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("the refusal took %v", time.Since(start))
	}
	staff := map[string]string{"Cookie": f.Org.CookieHeader()}
	if r := get(f.Path+"/events", staff, "127.0.0.2"); r.StatusCode != http.StatusOK {
		t.Errorf("the organiser's stream from that address: %d", r.StatusCode)
	}
	// 24 connections, 16 kept back: 8 visitors' streams in all.
	for i := 3; i < 8; i++ {
		if r := get(f.Path+"/events", nil, "127.0.1."+strconv.Itoa(i)); r.StatusCode != http.StatusOK {
			t.Fatalf("visitor stream %d: %d", i+1, r.StatusCode)
		}
	}
	r = get(f.Path+"/events", nil, "127.0.2.1")
	if r.StatusCode != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" {
		t.Errorf("a visitor's stream over the streams' share: %d, Retry-After %q; want 503", r.StatusCode, r.Header.Get("Retry-After"))
	}
	if r := get(f.Path+"/events", staff, "127.0.2.1"); r.StatusCode != http.StatusOK {
		t.Errorf("a staff stream while the visitors' share is full: %d", r.StatusCode)
	}
	if r := get(f.Path+"/sale", staff, "127.0.2.2"); r.StatusCode != http.StatusOK {
		t.Errorf("the sale desk while the visitors' share is full: %d", r.StatusCode)
	}
}

// TestLiveConnectionsPerAddress: one address holds at most PerIP
// connections; the next is answered 503 at once, others are served.
func TestLiveConnectionsPerAddress(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	serverOf(f.App).live.perIP = 100
	lim := testLimits
	lim.MaxConns, lim.PerIP = 100, 4
	addr := serveLimited(t, echoOf(f.App), lim, func() {})
	dial := func(from string) net.Conn {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	for range lim.PerIP {
		c := dial("127.0.0.3")
		fmt.Fprintf(c, "GET %s/events HTTP/1.1\r\nHost: x\r\n\r\n", f.Path)
		if line, err := bufio.NewReader(c).ReadString('\n'); err != nil || !strings.Contains(line, "200") {
			t.Fatalf("stream: %q %v", line, err)
		}
	}
	c := dial("127.0.0.3")
	c.SetDeadline(time.Now().Add(3 * time.Second))
	fmt.Fprintf(c, "GET /login HTTP/1.1\r\nHost: x\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("connection %d from one address: %v %v, want 503 with Retry-After", lim.PerIP+1, resp, err)
	}
	other := dial("127.0.0.4")
	if code, err := rawGET(other, bufio.NewReader(other), "/login"); err != nil || code != http.StatusOK {
		t.Errorf("another address: %d %v", code, err)
	}
}

// TestLiveNonReaderDropped: a client that never reads its stream is let go
// when the stream is renewed (maxAge), with its connection.
func TestLiveNonReaderDropped(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	serverOf(f.App).live.maxAge = 200 * time.Millisecond
	conn, err := net.Dial("tcp", f.App.Srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s/events HTTP/1.1\r\nHost: x\r\n\r\n", f.Path) // and never read
	testutil.Eventually(t, "the silent client subscribed", func() bool { return f.App.Store.Subscribers(f.ID) == 1 })
	testutil.Eventually(t, "the silent client dropped", func() bool { return f.App.Store.Subscribers(f.ID) == 0 })
	// The server closed the connection: reading it ends.
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.Copy(io.Discard, conn); err != nil {
		t.Errorf("the connection of a renewed stream stayed open: %v", err)
	}
}

// TestLiveStreamsNoLeak: 5,000 streams opened and dropped leave no
// goroutine, subscription, count or memoised part behind.
func TestLiveStreamsNoLeak(t *testing.T) {
	if testing.Short() {
		t.Skip("5,000 streams: skipped with -short")
	}
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	serverOf(f.App).live.perIP = 10000
	f.DrawDigital()
	tr := &http.Transport{MaxIdleConnsPerHost: -1}
	defer tr.CloseIdleConnections()
	before := runtime.NumGoroutine()
	part := url.Values{"part": {f.Path + "/card/1"}}.Encode()
	var wg sync.WaitGroup
	for batch := range 50 {
		streams := make([]*eventStream, 100)
		for i := range streams {
			streams[i] = openStream(t, f.App, tr, f.Path+"/events?"+part, nil)
		}
		for _, s := range streams {
			wg.Go(func() { s.next() })
		}
		wg.Wait()
		if batch%10 == 0 { // a change while streams come and go
			f.Rename("Turnier " + strconv.Itoa(batch))
		}
		for _, s := range streams {
			s.close()
		}
	}
	tr.CloseIdleConnections()
	testutil.Eventually(t, "no subscribers", func() bool { return f.App.Store.Subscribers(f.ID) == 0 })
	testutil.Eventually(t, "the streams' goroutines ended", func() bool { return runtime.NumGoroutine() <= before+2 })
	l := serverOf(f.App).live
	l.mu.Lock()
	open, byIP := l.open, len(l.byIP)
	l.mu.Unlock()
	l.parts.mu.Lock()
	gens, scopes := len(l.parts.gens), len(l.parts.streams)
	l.parts.mu.Unlock()
	if open != [streamKinds]int{} || byIP != 0 || gens != 0 || scopes != 0 {
		t.Errorf("after all streams went: open %v, %d addresses, %d memo generations, %d scopes", open, byIP, gens, scopes)
	}
}

// TestRoomStatus: the organiser sees the open streams by kind, the
// addresses holding them and the refusals; the API says the same; a
// visitor may not look.
func TestRoomStatus(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	serverOf(f.App).live.perIP = 2
	f.DrawDigital()
	tr := &http.Transport{MaxIdleConnsPerHost: -1}
	defer tr.CloseIdleConnections()
	q := func(part string) string { return f.Path + "/events?" + url.Values{"part": {f.Path + part}}.Encode() }
	openStream(t, f.App, tr, q("/card/1"), nil).next()
	openStream(t, f.App, tr, q("/screen"), nil).next()
	if r := f.API.Get(q("/card/2")); r.Status != http.StatusTooManyRequests {
		t.Fatalf("third stream: %d", r.Status)
	}
	openStream(t, f.App, tr, q("/rounds"), map[string]string{"Cookie": f.Helper.CookieHeader()}).next()
	// Render timings appear once a revision is followed by the next.
	for i := range 2 {
		f.Rename("Turnier " + strconv.Itoa(i))
	}
	r := f.Org.Get("/status")
	if r.Status != http.StatusOK {
		t.Fatalf("status page: %d", r.Status)
	}
	for id, want := range map[string]string{"status-phones": "1", "status-projectors": "1", "status-staff": "1", "status-refused-streams-addr": "1"} {
		if got := webtest.TestidText(t, r.Body, id); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
	if !strings.Contains(r.Body, "127.0.0.1") {
		t.Errorf("the status names no address:\n%s", r.Body)
	}
	var st roomStatus
	api := f.API.API(http.MethodGet, "/api/status", f.Anna, nil)
	if api.Status != http.StatusOK || json.Unmarshal([]byte(api.Body), &st) != nil {
		t.Fatalf("GET /api/status: %d %s", api.Status, api.Body)
	}
	if st.Streams.Phones != 1 || st.Streams.Projectors != 1 || st.Streams.Staff != 1 || st.Refused.StreamsPerAddress != 1 ||
		len(st.StreamAddresses) != 1 || st.StreamAddresses[0].Count != 2 {
		t.Errorf("API status %+v", st)
	}
	if r := f.API.Get("/status"); r.Status == http.StatusOK {
		t.Errorf("a visitor sees the status page")
	}
}

// TestIdleSweep: an address keeps at most two idle connections; those
// beyond go once idle for the grace, the longest idle first, and a
// connection in use is never touched.
func TestIdleSweep(t *testing.T) {
	lim := testLimits
	lim.IdleTimeout = time.Minute
	st, err := store.Open(t.TempDir() + "/test.db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e, _ := New(st, Config{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lim.IdleGrace = 200 * time.Millisecond
	srv := &http.Server{Handler: e, IdleTimeout: lim.IdleTimeout}
	gate, lln := httpkit.Gated(srv, ln, lim)
	go srv.Serve(lln)
	t.Cleanup(func() { srv.Close() })
	addr := ln.Addr().String()
	var conns []net.Conn
	var readers []*bufio.Reader
	for range 4 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		br := bufio.NewReader(c)
		if code, err := rawGET(c, br, "/login"); err != nil || code != http.StatusOK {
			t.Fatalf("GET: %d %v", code, err)
		}
		conns, readers = append(conns, c), append(readers, br)
		time.Sleep(20 * time.Millisecond) // an order of idleness
	}
	// The newest one is used again meanwhile: it stays.
	if code, err := rawGET(conns[3], readers[3], "/login"); err != nil || code != http.StatusOK {
		t.Fatalf("GET again: %d %v", code, err)
	}
	testutil.Eventually(t, "two idle connections left", func() bool { return gate.Stats(0).Open == 2 })
	for i, want := range []bool{true, true, false, false} {
		if got := closedByServer(t, conns[i], readers[i], 300*time.Millisecond); got != want {
			t.Errorf("connection %d closed: %v, want %v", i, got, want)
		}
	}
}

// TestStatusHidesSeatLinks: the status names a digital table's stream
// without its secret (whoever has the link plays for that seat).
func TestStatusHidesSeatLinks(t *testing.T) {
	for scope, want := range map[string]string{"/play/s3cr3t-token": "/play/…", "/t/4": "/t/4"} {
		if got := publicScope(scope); got != want {
			t.Errorf("publicScope(%q) = %q, want %q", scope, got, want)
		}
	}
}

// TestLivePartsLanguageAndQuery: a part renders in the stream's language
// however the visitor's headers say otherwise, so the next visitor of
// that language gets it right (the memo is keyed by it); a part with a
// query of its own is not pushed (the stream says "rev" and the page
// fetches), so made-up queries cost the server nothing after a change.
func TestLivePartsLanguageAndQuery(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.DrawDigital()
	tr := &http.Transport{MaxIdleConnsPerHost: -1}
	defer tr.CloseIdleConnections()
	standings := f.Path + "/standings"
	de := map[string]string{"Sec-Fetch-Site": "same-origin", "Accept-Language": "de"}
	en := openStream(t, f.App, tr, f.Path+"/events?lang=en&rev=0&part="+url.QueryEscape(standings), de)
	_, parts := partsOf(t, en.next())
	want := f.API.Request(http.MethodGet, standings+"?lang=en", nil, map[string]string{"HX-Request": "true", "Sec-Fetch-Site": "same-origin"})
	if parts[standings] != want.Body {
		t.Errorf("the English stream's standings differ from the English page:\n%q\n%q", parts[standings], want.Body)
	}
	misses := serverOf(f.App).pages.Misses.Load()
	own := openStream(t, f.App, tr, f.Path+"/events?rev=0&part="+url.QueryEscape(f.Path+"/rounds/1?x=1"), de)
	if ev := own.next(); ev.name != "rev" {
		t.Errorf("a part with a query of its own: event %+v, want rev", ev)
	}
	if m := serverOf(f.App).pages.Misses.Load(); m != misses {
		t.Errorf("%d pages rendered for a made-up query", m-misses)
	}
	if !ownQuery("/t/1/rounds/1?q=Huber") || ownQuery("/t/1/rounds/1?open=1") || ownQuery("/t/1/card/3") {
		t.Error("ownQuery")
	}
}
