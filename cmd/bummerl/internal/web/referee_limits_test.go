package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/referee"
	"bummerl/store"
)

// refereeMatch is a small record the referee judges in microseconds.
const refereeMatch = `{"deals": [{"winner": 1, "points": 3}]}`

// slowJudge replaces the referee's judge: each judgment waits until the
// gate opens and the most judged at once is recorded.
type slowJudge struct {
	gate     chan struct{}
	once     sync.Once
	now, top atomic.Int32
}

// newSlowJudge is a shut gate, opened at the end of the test at the
// latest, so the server can close.
func newSlowJudge(t *testing.T) *slowJudge {
	j := &slowJudge{gate: make(chan struct{})}
	t.Cleanup(j.open)
	return j
}

func (j *slowJudge) open() { j.once.Do(func() { close(j.gate) }) }

func (j *slowJudge) judge(data []byte) (any, error) {
	n := j.now.Add(1)
	for {
		top := j.top.Load()
		if n <= top || j.top.CompareAndSwap(top, n) {
			break
		}
	}
	<-j.gate
	j.now.Add(-1)
	return referee.Judge(data)
}

// fromAddr is a client whose connections come from the loopback address
// ip, so the server sees another client address (Linux answers all of
// 127.0.0.0/8).
func fromAddr(app *webtest.App, ip string) *webtest.Client {
	c := app.Client()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c.HTTP.Transport = &http.Transport{DialContext: d.DialContext}
	return c
}

// refereeFrom posts a record to the API from the loopback address ip and
// gives up after 10 s: a judgment let through by mistake waits for the
// gate.
func refereeFrom(t *testing.T, app *webtest.App, ip string) webtest.Response {
	t.Helper()
	c := fromAddr(app, ip)
	c.HTTP.Timeout = 10 * time.Second
	return c.Request(http.MethodPost, "/api/referee", strings.NewReader(refereeMatch), map[string]string{"Content-Type": "application/json"})
}

// postReferee posts a record to the API in the background.
func postReferee(c *webtest.Client, record string, out chan<- webtest.Response) {
	go func() {
		out <- c.Request(http.MethodPost, "/api/referee", strings.NewReader(record), map[string]string{"Content-Type": "application/json"})
	}()
}

// waitFor polls until cond holds, for at most 5 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
	}
}

// Issue 20: however many records arrive at once, at most cap(slots)
// judgments run at the same time; the others wait for a place, and one
// that waits longer than the queue wait is refused with 503, Retry-After
// and the reason in JSON; so is one that finds the queue full, at once.
func TestRefereeJudgesBounded(t *testing.T) {
	app := newTestApp(t)
	const bound, clients = 2, 12
	l := serverOf(app).judges
	l.slots, l.queueWait = make(chan struct{}, bound), time.Minute
	inside := func() int { // judgments running or waiting
		l.mu.Lock()
		defer l.mu.Unlock()
		return l.inside
	}
	j := newSlowJudge(t)
	l.judge = j.judge
	out := make(chan webtest.Response, clients)
	for i := range clients { // each from an address of its own: the bound per address does not apply
		postReferee(fromAddr(app, fmt.Sprintf("127.0.0.%d", i+2)), refereeMatch, out)
	}
	waitFor(t, "all judgments running or waiting", func() bool { return inside() == clients })
	if n := j.now.Load(); n != bound {
		t.Errorf("%d judgments running of %d, want %d", n, clients, bound)
	}
	j.open()
	for range clients {
		if r := <-out; r.Status != http.StatusOK || !strings.Contains(r.Body, `"running":[0,3]`) {
			t.Errorf("queued judgment: %d %s", r.Status, r.Body)
		}
	}
	if top := j.top.Load(); top != bound {
		t.Errorf("%d judgments at once, want %d", top, bound)
	}

	// A judgment that finds no place within the queue wait is refused.
	j = newSlowJudge(t)
	l.judge, l.queueWait = j.judge, 50*time.Millisecond
	out = make(chan webtest.Response, bound)
	for i := range bound {
		postReferee(fromAddr(app, fmt.Sprintf("127.0.0.%d", i+2)), refereeMatch, out)
	}
	waitFor(t, "the judgments", func() bool { return j.now.Load() == bound })
	r := refereeFrom(t, app, "127.0.1.1")
	e := webtest.Decode[apiError](t, r)
	if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") != "2" || e.Code != "referee_busy" ||
		e.Error != "The referee is judging too many records right now. Please try again in a few seconds." {
		t.Fatalf("over the bound: %d %q %s", r.Status, r.Header.Get("Retry-After"), r.Body)
	}
	// When the queue is full, one more is refused at once, without waiting.
	l.queueWait = time.Minute
	l.mu.Lock()
	l.maxInside = bound
	l.mu.Unlock()
	start := time.Now()
	r = refereeFrom(t, app, "127.0.1.2")
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusServiceUnavailable || e.Code != "referee_busy" || time.Since(start) > 10*time.Second {
		t.Fatalf("queue full: %d after %v: %s", r.Status, time.Since(start), r.Body)
	}
	j.open()
	for range bound {
		if r := <-out; r.Status != http.StatusOK {
			t.Errorf("judgment: %d %s", r.Status, r.Body)
		}
	}
	if inside() != 0 || len(l.slots) != 0 {
		t.Errorf("after all: %d judgments, %d places held", inside(), len(l.slots))
	}
}

// Issue 20: one address may have judgesPerAddr judgments running or
// waiting; one more is refused at once with 429 — also on the staff's
// referee page, which shares the bound — while other addresses are
// judged.
func TestRefereeJudgesPerAddress(t *testing.T) {
	app := newTestApp(t)
	helper := app.LoggedIn("Hans", store.Helper) // from 127.0.0.1
	j := newSlowJudge(t)
	l := serverOf(app).judges
	l.slots, l.judge = make(chan struct{}, 8), j.judge
	out := make(chan webtest.Response, judgesPerAddr)
	for range judgesPerAddr {
		postReferee(app.Client(), refereeMatch, out)
	}
	waitFor(t, "the address's judgments", func() bool { return j.now.Load() == judgesPerAddr })
	r := refereeFrom(t, app, "127.0.0.1")
	e := webtest.Decode[apiError](t, r)
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") != "1" || e.Code != "referee_too_many" {
		t.Fatalf("one more from the address: %d %q %s", r.Status, r.Header.Get("Retry-After"), r.Body)
	}
	helper.HTTP.Timeout = 10 * time.Second // a judgment let through by mistake waits for the gate
	r = helper.Post("/referee", url.Values{"record": {refereeMatch}})
	if r.Status != http.StatusTooManyRequests {
		t.Fatalf("the page from the same address: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Von dieser Adresse werden schon Protokolle geprüft.")
	// Another address is judged meanwhile.
	other := make(chan webtest.Response, 1)
	postReferee(fromAddr(app, "127.0.0.2"), refereeMatch, other)
	waitFor(t, "the other address's judgment", func() bool { return j.now.Load() == judgesPerAddr+1 })
	j.open()
	for _, c := range []chan webtest.Response{out, out, other} {
		if r := <-c; r.Status != http.StatusOK {
			t.Errorf("judgment: status %d %s", r.Status, r.Body)
		}
	}
	// Done, the address is judged again, the page too.
	webtest.MustContain(t, helper.Post("/referee", url.Values{"record": {refereeMatch}}).Body, `data-testid="referee-verdict"`)
	if len(l.byAddr) != 0 {
		t.Errorf("addresses remembered after all: %v", l.byAddr)
	}
}

// TestMeasureRefereeLoad measures what the referee's bound is for
// (docs/performance.md): the sale desk's answer times, one GET every
// 20 ms, alone and while 16 clients (each from its own loopback address,
// or all from one) post 1 MB 1000 game records to POST /api/referee in a
// loop. Run with
//
//	BUMMERL_MEASURE_REFEREE=1 go test -run TestMeasureRefereeLoad -v ./cmd/bummerl/
func TestMeasureRefereeLoad(t *testing.T) {
	if os.Getenv("BUMMERL_MEASURE_REFEREE") == "" {
		t.Skip("set BUMMERL_MEASURE_REFEREE=1 to measure")
	}
	record := bigThousandRecord(t)
	app := newTestApp(t)
	helper := app.LoggedIn("Hans", store.Helper)
	desk := app.LoggedIn("Anna", store.Organiser).CreateTournament(webtest.SettingsForm(nil)) + "/sale"
	for _, load := range []string{"none", "16 addresses", "1 address"} {
		ctx, stop := context.WithCancel(t.Context())
		began := time.Now()
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		if load != "none" {
			for i := range 16 {
				ip := "127.0.0.1"
				if load == "16 addresses" {
					ip = fmt.Sprintf("127.0.0.%d", i+2)
				}
				c := fromAddr(app, ip)
				wg.Go(func() {
					for ctx.Err() == nil {
						req, _ := http.NewRequestWithContext(ctx, http.MethodPost, app.Srv.URL+"/api/referee", bytes.NewReader(record))
						req.Header.Set("Content-Type", "application/json")
						resp, err := c.HTTP.Do(req)
						if err != nil {
							continue
						}
						resp.Body.Close()
						mu.Lock()
						statuses[resp.StatusCode]++
						mu.Unlock()
						if resp.StatusCode != http.StatusOK { // as a client told Retry-After would, a little
							time.Sleep(100 * time.Millisecond)
						}
					}
				})
			}
			time.Sleep(time.Second)
		}
		var times []time.Duration
		for range 300 {
			start := time.Now()
			if r := helper.Get(desk); r.Status != http.StatusOK {
				t.Fatalf("sale desk: %d", r.Status)
			}
			times = append(times, time.Since(start))
			time.Sleep(20 * time.Millisecond)
		}
		stop()
		wg.Wait()
		secs := time.Since(began).Seconds()
		slices.Sort(times)
		q := func(p float64) time.Duration { return times[int(p*float64(len(times)-1))].Round(10 * time.Microsecond) }
		t.Logf("load %s: sale desk median %v, p90 %v, p99 %v; referee answers per second: %.0f verdicts, %.0f refused",
			load, q(0.5), q(0.9), q(0.99), float64(statuses[http.StatusOK])/secs, float64(statuses[http.StatusTooManyRequests]+statuses[http.StatusServiceUnavailable])/secs)
	}
}

// bigThousandRecord is the golden 1000 game record with its deals
// repeated to just under 1 MB (10^6 bytes, the body limit "1M" of every
// request): valid JSON the referee reads in full.
func bigThousandRecord(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../../../../testdata/referee/1000-game-record.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	deals := rec["deals"].([]any)
	for all := deals; ; all = append(all, deals...) {
		rec["deals"] = append(all, deals...)
		next, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if len(next) > 1_000_000 {
			rec["deals"] = all
			out, _ := json.Marshal(rec)
			return out
		}
	}
}
