package web

import (
	mrand "math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
)

// BenchmarkPracticeLoad (issue 25): the tournament's pages while
// practice games run against the bot as players meet it (Config.Bot
// zero: practiceNodes, giving way to the tournament, botduty.go). Each
// game's player moves a second after it became his turn (a quick
// player), a finished game is followed by a new one. Measured per page:
// the time of a request through Echo (p50, p99) without practice
// (games-0), with a handful of games (games-5) and with 50 (games-50);
// with games also the bot's moves a second and how long a player waits
// for the bot's answer (p50, p99 of the time from his move to his next
// turn), while the tournament is idle (idle) and while each page is
// requested. Run the conditions in turns, each as its own process
// (-bench 'PracticeLoad/games-50$'), to compare them under the same load
// of the machine (docs/performance.md has the figures and how).
func BenchmarkPracticeLoad(b *testing.B) {
	for _, games := range []int{0, 5, practiceMax} {
		b.Run("games-"+strconv.Itoa(games), func(b *testing.B) { benchPracticeLoad(b, games) })
	}
}

func benchPracticeLoad(b *testing.B, games int) {
	app, path := benchApp(b, 256)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var bot botWatch
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			practicePlayer(b, app, i, stop, &bot)
		}()
	}
	defer func() {
		close(stop)
		wg.Wait()
	}()
	time.Sleep(2 * time.Second) // the games under way
	if games > 0 {
		b.Run("idle", func(b *testing.B) {
			bot.reset()
			for b.Loop() {
				time.Sleep(100 * time.Millisecond)
			}
			bot.report(b)
		})
	}
	// A phone's card page from the page cache; the standings rendered
	// afresh (the cache off), as after every result: back to back (a
	// server that never pauses) and paced (a random pause of 10 ms on
	// average before each: a busy evening, which pauses).
	for _, run := range []struct {
		name, page string
		paced      bool
	}{{"card", "/card/17", false}, {"standings", "/standings", false}, {"standings-paced", "/standings", true}} {
		b.Run(run.name, func(b *testing.B) {
			if run.page == "/standings" {
				pages := serverOf(app).pages
				serverOf(app).pages = nil
				defer func() { serverOf(app).pages = pages }()
			}
			r := mrand.New(mrand.NewPCG(1, 25))
			var times []time.Duration
			bot.reset()
			for b.Loop() {
				if run.paced {
					time.Sleep(time.Duration(r.ExpFloat64() * float64(10*time.Millisecond)))
				}
				req := httptest.NewRequest(http.MethodGet, path+run.page, nil)
				rec := httptest.NewRecorder()
				t0 := time.Now()
				echoOf(app).ServeHTTP(rec, req)
				times = append(times, time.Since(t0))
				if rec.Code != http.StatusOK {
					b.Fatalf("GET %s: %d", run.page, rec.Code)
				}
			}
			p50, p99 := percentiles(times)
			b.ReportMetric(float64(p50.Microseconds()), "p50-µs")
			b.ReportMetric(float64(p99.Microseconds()), "p99-µs")
			if games > 0 {
				bot.report(b)
			}
		})
	}
}

// percentiles are the median and the 99th percentile of ts (sorted).
func percentiles(ts []time.Duration) (p50, p99 time.Duration) {
	if len(ts) == 0 {
		return 0, 0
	}
	slices.Sort(ts)
	return ts[len(ts)/2], ts[len(ts)*99/100]
}

// botWatch gathers the bot's moves and the players' waits for them since
// reset.
type botWatch struct {
	mu      sync.Mutex
	since   time.Time
	cpu     time.Duration // the process's processor time at since
	moves   int
	waits   []time.Duration
	waiting map[int]time.Time // since when each player waits for the bot
}

func (w *botWatch) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.since, w.cpu, w.moves, w.waits = time.Now(), processCPU(), 0, nil
}

// moved: player i moved and waits for the bot.
func (w *botWatch) moved(i int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.waiting == nil {
		w.waiting = map[int]time.Time{}
	}
	w.waiting[i] = time.Now()
}

// answered: the bot made moves, and it is player i's turn since at.
func (w *botWatch) answered(i, moves int, at time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.moves += moves
	if since, ok := w.waiting[i]; ok {
		w.waits = append(w.waits, at.Sub(since))
		delete(w.waiting, i)
	}
}

// report the bot's moves a second and the players' waits; a player
// still waiting counts with his wait so far, so a bot that falls behind
// shows. While the tournament is idle the bot is nearly all the
// process's work: cpu-ms/move is then what a move costs the machine.
func (w *botWatch) report(b *testing.B) {
	w.mu.Lock()
	defer w.mu.Unlock()
	waits := slices.Clone(w.waits)
	for _, since := range w.waiting {
		waits = append(waits, time.Since(since))
	}
	p50, p99 := percentiles(waits)
	b.ReportMetric(float64(w.moves)/time.Since(w.since).Seconds(), "bot-moves/s")
	if cpu := processCPU(); w.moves > 0 && cpu > 0 {
		b.ReportMetric(float64((cpu-w.cpu).Microseconds())/1000/float64(w.moves), "cpu-ms/move")
	}
	b.ReportMetric(float64(p50.Milliseconds()), "wait-p50-ms")
	b.ReportMetric(float64(p99.Milliseconds()), "wait-p99-ms")
}

// practicePlayer plays practice games from its own address until stop:
// a random legal move a second after it became his turn (a quick
// player), woken by the game's stream as a phone is.
func practicePlayer(b *testing.B, app *webtest.App, i int, stop <-chan struct{}, bot *botWatch) {
	r := mrand.New(mrand.NewPCG(uint64(i), 25))
	addr := "192.0.2." + strconv.Itoa(i)
	for n := 0; ; n++ {
		tok := "bench-" + strconv.Itoa(i) + "-" + strconv.Itoa(n) + "-practice-xxxxxxxx"
		g, err := startGame(serverOf(app).practice, addr, tok, table.Config{Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 1,
			Seed: tok, FirstDealer: n % 2})
		if err != nil {
			b.Error(err)
			return
		}
		seen := 0
		changes, unsubscribe := g.subscribe()
		for {
			g.mu.Lock()
			v := g.m.View(0)
			g.mu.Unlock()
			if v.Finished {
				break
			}
			if v.ToMove == 0 && v.Seq >= seen {
				bot.answered(i, v.Seq-seen, time.Now())
				seen = v.Seq + 1 // not again for this turn
			}
			wait := time.Second
			if v.ToMove != 0 {
				wait = time.Minute // until the bot has moved
			}
			select {
			case <-stop:
				unsubscribe()
				return
			case <-changes:
				continue
			case <-time.After(wait):
			}
			if v.ToMove != 0 {
				continue
			}
			mv := v.Legal[r.IntN(len(v.Legal))]
			mv.ID = "m" + strconv.Itoa(v.Seq)
			if err := g.play(b.Context(), mv, v.Seq); err != nil {
				b.Error(err)
				return
			}
			bot.moved(i)
		}
		unsubscribe()
	}
}
