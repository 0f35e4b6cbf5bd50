package web

import (
	mrand "math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
)

// BenchmarkPracticeLoad (issue 25): the tournament's pages while 50
// practice games run against the bot at its default strength (the
// users' path). Each game's player moves the moment it is his turn (no
// thinking time: the bot's pool never rests, the worst case), a finished
// game is followed by a new one. Measured per page: the time of a request
// through Echo (p50, p99) without practice and with the 50 games, and the
// bot's decisions a second. docs/performance.md has the figures.
func BenchmarkPracticeLoad(b *testing.B) {
	for _, games := range []int{0, practiceMax} {
		b.Run("games-"+strconv.Itoa(games), func(b *testing.B) { benchPracticeLoad(b, games) })
	}
}

func benchPracticeLoad(b *testing.B, games int) {
	app, path := benchApp(b, 256)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var botMoves atomic.Int64
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			practicePlayer(b, app, i, stop, &botMoves)
		}()
	}
	defer func() {
		close(stop)
		wg.Wait()
	}()
	time.Sleep(2 * time.Second) // the games under way
	// A phone's card page from the page cache; the standings rendered
	// afresh (the cache off), as after every result.
	for _, page := range []string{"/card/17", "/standings"} {
		b.Run(page[1:], func(b *testing.B) {
			if page == "/standings" {
				pages := serverOf(app).pages
				serverOf(app).pages = nil
				defer func() { serverOf(app).pages = pages }()
			}
			var times []time.Duration
			start, moves0 := time.Now(), botMoves.Load()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodGet, path+page, nil)
				rec := httptest.NewRecorder()
				t0 := time.Now()
				echoOf(app).ServeHTTP(rec, req)
				times = append(times, time.Since(t0))
				if rec.Code != http.StatusOK {
					b.Fatalf("GET %s: %d", page, rec.Code)
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
			b.ReportMetric(float64(botMoves.Load()-moves0)/time.Since(start).Seconds(), "bot-moves/s")
		})
	}
}

// practicePlayer plays practice games from its own address until stop:
// a random legal move a second after it became his turn (a quick
// player), woken by the game's stream as a phone is.
func practicePlayer(b *testing.B, app *webtest.App, i int, stop <-chan struct{}, botMoves *atomic.Int64) {
	r := mrand.New(mrand.NewPCG(uint64(i), 25))
	addr := "192.0.2." + strconv.Itoa(i)
	for n := 0; ; n++ {
		tok := "bench-" + strconv.Itoa(i) + "-" + strconv.Itoa(n) + "-practice-xxxxxxxx"
		g, err := serverOf(app).practice.start(addr, tok, table.Config{Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 1,
			Seed: tok, FirstDealer: n % 2}, [2]string{"Spieler", botName}, false, "/", "/practice")
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
			botMoves.Add(int64(v.Seq - seen)) // moves since the player's last: the bot's
			mv := v.Legal[r.IntN(len(v.Legal))]
			mv.ID = "m" + strconv.Itoa(v.Seq)
			if err := g.play(b.Context(), mv, v.Seq); err != nil {
				b.Error(err)
				return
			}
			seen = v.Seq + 1
		}
		unsubscribe()
	}
}
