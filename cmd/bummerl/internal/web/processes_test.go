package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"bummerl/cmd/bummerl/internal/testutil"
	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
	"bummerl/store/storetest"
)

// twoProcesses is two web apps, each on a store of its own, on one fresh
// PostgreSQL database: two app processes behind a proxy (issue 26).
func twoProcesses(t *testing.T) (*webtest.App, *webtest.App) {
	t.Helper()
	dsn := storetest.Postgres(t)
	open := func() *webtest.App {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		return newTestAppOn(t, st)
	}
	return open(), open()
}

// A visitor's pages stay right when another process writes (issue 26):
// the page cache of each process is keyed by the revision, which the
// other process's commit reaches through PostgreSQL; the live stream in
// one process brings the parts of a result entered in the other, and
// both processes then serve the same bytes, those of a fresh render.
func TestCachesAcrossProcesses(t *testing.T) {
	app1, app2 := twoProcesses(t)
	f := webtest.NewFixture(t, app1, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	standings := f.Path + "/standings"
	browser := map[string]string{"Sec-Fetch-Site": "same-origin"}
	v1, v2 := app1.Client(), app2.Client()
	before := v1.Request(http.MethodGet, standings, nil, browser)
	rev := f.Revision()
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	s := openStream(t, app1, tr, f.Path+"/events?"+url.Values{"part": {standings}, "rev": {strconv.FormatInt(rev, 10)}}.Encode(), browser)

	m := f.FirstPlayable(1)
	r := app2.Client().API(http.MethodPut, apiRoundPath(f.ID, 1)+"/matches/"+strconv.Itoa(m.No)+"/result", f.Anna,
		map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 0}})
	if r.Status != http.StatusOK {
		t.Fatalf("result through process 2: %d %s", r.Status, r.Body)
	}
	ev := s.next()
	if ev.name != "parts" || ev.id != strconv.FormatInt(rev+1, 10) {
		t.Fatalf("process 1's stream: %+v, want the parts of revision %d", ev, rev+1)
	}
	after1 := v1.Request(http.MethodGet, standings, nil, browser)
	after2 := v2.Request(http.MethodGet, standings, nil, browser)
	if after1.Body == before.Body {
		t.Fatal("process 1 still serves the standings of before the result")
	}
	if after1.Body != after2.Body || after1.Body != uncached(app1, v1, standings, browser).Body {
		t.Error("the processes' standings differ, or differ from a fresh render")
	}
}

// The visitors' streams from one address are bounded across processes
// (issue 26): with 2 per address, two streams in process 1 make process 2
// refuse a third from that address (429); once they end, it admits.
func TestStreamsPerAddressAcrossProcesses(t *testing.T) {
	app1, app2 := twoProcesses(t)
	serverOf(app1).live.perIP, serverOf(app2).live.perIP = 2, 2
	f := webtest.NewFixture(t, app1, nil, 1, 1)
	events := f.Path + "/events"
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	var held []*eventStream
	for range 2 {
		s := openStream(t, app1, tr, events, nil)
		if s.resp.StatusCode != http.StatusOK {
			t.Fatalf("stream in process 1: %d", s.resp.StatusCode)
		}
		held = append(held, s)
	}
	status := func() int {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, app2.Srv.URL+events, nil)
		resp, err := tr.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	testutil.Eventually(t, "process 2 refuses a third stream from the address", func() bool { return status() == http.StatusTooManyRequests })
	for _, s := range held {
		s.close()
	}
	testutil.Eventually(t, "process 2 admits the address again", func() bool { return status() == http.StatusOK })
}
