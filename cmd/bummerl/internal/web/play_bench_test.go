package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/store"
	"bummerl/views"
)

// BenchmarkPlayTables measures the digital tables under a full room: 64
// tables playing at once (the open matches of a 256-card tournament's
// round 1), 128 phones each holding its table's event stream and, like
// static/app.js, fetching its table part on every event. At each table the
// player to move reads his state and posts a random legal move, over real
// HTTP on the loopback. One op is one move. Reported: the server's time
// per move as the phone sees it (p50, p99), the time from a move's post
// to the event on the other phone (p50, p99), and the part fetch (p50,
// p99). docs/performance.md has the figures.
func BenchmarkPlayTables(b *testing.B) {
	// flat-out: every table moves as fast as the server answers (the
	// server's saturation); paced: a move per table every 2 s on average
	// (about 32 moves a second in the room, a fast evening).
	b.Run("flat-out", func(b *testing.B) { benchPlayTables(b, 0) })
	b.Run("paced-2s", func(b *testing.B) { benchPlayTables(b, 2*time.Second) })
}

func benchPlayTables(b *testing.B, think time.Duration) {
	const tables = 64
	app, path := benchApp(b, 256)
	id, _ := strconv.ParseInt(strings.TrimPrefix(path, "/t/"), 10, 64)
	tr, err := app.Store.Load(b.Context(), id)
	if err != nil {
		b.Fatal(err)
	}
	type tableRun struct {
		id     int64
		tokens [2]string
		phones [2]*http.Client
	}
	var runs []*tableRun
	for _, m := range tr.Current().Matches {
		if m.Result != nil || len(runs) == tables {
			continue
		}
		tokens := [2]string{fmt.Sprintf("bench-%03d-seat-0-xxxxxxxx", m.No), fmt.Sprintf("bench-%03d-seat-1-xxxxxxxx", m.No)}
		dt, err := app.Store.StartTable(b.Context(), id, 1, m.No, store.User{Name: "bench"}, "bench-"+strconv.Itoa(m.No), 0, tokens)
		if err != nil {
			b.Fatal(err)
		}
		run := &tableRun{id: dt.ID, tokens: tokens}
		for i := range run.phones {
			jar, _ := cookiejar.New(nil)
			run.phones[i] = &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
			if _, err := run.phones[i].Get(app.Srv.URL + views.PlayPath(tokens[i], "")); err != nil { // the page: CSRF cookie
				b.Fatal(err)
			}
		}
		runs = append(runs, run)
	}
	if len(runs) != tables {
		b.Fatalf("%d tables", len(runs))
	}
	csrf := func(c *http.Client) string {
		u, _ := url.Parse(app.Srv.URL)
		for _, ck := range c.Jar.Cookies(u) {
			if ck.Name == csrfCookie {
				return ck.Value
			}
		}
		return ""
	}

	var mu sync.Mutex
	var moveTimes, eventTimes, partTimes []time.Duration
	posted := map[string]time.Time{} // "table/rev" → when its move was posted
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var streams sync.WaitGroup
	// 128 phones on their streams, fetching the part on each event.
	for _, run := range runs {
		for seat := range 2 {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, app.Srv.URL+views.PlayPath(run.tokens[seat], "/events"), nil)
			resp, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
			if err != nil {
				b.Fatal(err)
			}
			streams.Add(1)
			go func() {
				defer streams.Done()
				defer resp.Body.Close()
				sc := bufio.NewScanner(resp.Body)
				for sc.Scan() {
					rev, ok := strings.CutPrefix(sc.Text(), "data: ")
					if !ok {
						continue
					}
					at := time.Now()
					mu.Lock()
					if t0, ok := posted[strconv.FormatInt(run.id, 10)+"/"+rev]; ok {
						eventTimes = append(eventTimes, at.Sub(t0))
					}
					mu.Unlock()
					start := time.Now()
					req, _ := http.NewRequestWithContext(ctx, http.MethodGet, app.Srv.URL+views.PlayPath(run.tokens[seat], "/table"), nil)
					req.Header.Set("HX-Request", "true")
					if r, err := run.phones[seat].Do(req); err == nil {
						r.Body.Close()
						mu.Lock()
						partTimes = append(partTimes, time.Since(start))
						mu.Unlock()
					}
				}
			}()
		}
	}

	b.ResetTimer()
	var wg sync.WaitGroup
	per := (b.N + tables - 1) / tables
	for ti, run := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := mrand.New(mrand.NewPCG(uint64(ti), 1))
			toMove := 0
			for range per {
				if think > 0 {
					time.Sleep(think/2 + time.Duration(r.Int64N(int64(think))))
				}
				resp, err := run.phones[toMove].Get(app.Srv.URL + views.PlayPath(run.tokens[toMove], "/state.json"))
				if err != nil {
					b.Error(err)
					return
				}
				var st webtest.SeatState
				err = json.NewDecoder(resp.Body).Decode(&st)
				resp.Body.Close()
				if err != nil {
					b.Error(err)
					return
				}
				if st.Finished {
					return
				}
				if st.ToMove != toMove { // the other player's turn: ask him
					toMove = st.ToMove
					resp, err := run.phones[toMove].Get(app.Srv.URL + views.PlayPath(run.tokens[toMove], "/state.json"))
					if err != nil {
						b.Error(err)
						return
					}
					st = webtest.SeatState{}
					err = json.NewDecoder(resp.Body).Decode(&st)
					resp.Body.Close()
					if err != nil || st.Finished {
						return
					}
				}
				mv := st.Legal[r.IntN(len(st.Legal))]
				form := url.Values{"id": {views.MoveID(st.Seq, toMove, mv)}, "seq": {strconv.Itoa(st.Seq)}, "do": {mv.Kind.String()}}
				if mv.Kind == schnapsen.Play {
					form.Set("card", mv.Card.String())
				}
				if mv.Kind == schnapsen.Marriage {
					form.Set("suit", mv.Suit.String())
				}
				req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+views.PlayPath(run.tokens[toMove], "/move"), strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("HX-Request", "true")
				req.Header.Set("X-CSRF-Token", csrf(run.phones[toMove]))
				next := views.PlayRevision(st.Seq+1, "playing")
				start := time.Now()
				mu.Lock()
				posted[strconv.FormatInt(run.id, 10)+"/"+strconv.FormatInt(next, 10)] = start
				posted[strconv.FormatInt(run.id, 10)+"/"+strconv.FormatInt(views.PlayRevision(st.Seq+1, "finished"), 10)] = start
				mu.Unlock()
				resp, err = run.phones[toMove].Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				resp.Body.Close()
				d := time.Since(start)
				if resp.StatusCode != http.StatusOK {
					b.Errorf("move: %d", resp.StatusCode)
					return
				}
				mu.Lock()
				moveTimes = append(moveTimes, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	time.Sleep(200 * time.Millisecond) // the last events
	cancel()
	mu.Lock()
	defer mu.Unlock()
	report := func(name string, ds []time.Duration) {
		if len(ds) == 0 {
			return
		}
		slices.Sort(ds)
		b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, name+"-p50-ms")
		b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, name+"-p99-ms")
	}
	report("move", moveTimes)
	report("event", eventTimes)
	report("part", partTimes)
	b.ReportMetric(float64(len(moveTimes)), "moves")
}
