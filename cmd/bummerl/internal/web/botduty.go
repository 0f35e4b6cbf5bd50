package web

import (
	"context"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// The bot gives way to the tournament (issue 25: "the practice table adds
// no measurable latency to tournament pages"; docs/play.md "The bot gives
// way", docs/performance.md). Every request of the tournament is counted
// while it is served (countWork). The bot's pool starts a decision only
// once none has been served for botQuiet, the bot stops between two
// sampled deals while one is served (bot.Options.Yield), each decision
// waiting at most botGiveWay in all, and after a decision its place rests
// as long as it thought (botPool.run). Not counted are the practice
// games' own requests, the bot's explanations (they run in the pool and
// would wait for themselves) and the live streams, which stay open all
// evening (routeGroup.aside).

const (
	// botQuiet: the tournament served nothing for this long; a page's
	// requests come in bursts (the page, then its parts and files).
	botQuiet = time.Millisecond
	// botGiveWay bounds a decision's waits: a request that stays open (a
	// phone on a slow line) or a server busy without a pause must not
	// stop practice. Then the bot thinks beside the tournament, a
	// decision (milliseconds) a second at most.
	botGiveWay = time.Second
)

// tournamentWork counts the tournament's requests being served.
type tournamentWork struct {
	mu      sync.Mutex
	n       int
	starts  uint64        // requests begun, ever: a pause had none
	quiet   chan struct{} // closed while n == 0
	waiting int           // bots waiting for quiet (a test looks)
}

func newTournamentWork() *tournamentWork {
	q := make(chan struct{})
	close(q)
	return &tournamentWork{quiet: q}
}

func (w *tournamentWork) enter() {
	w.mu.Lock()
	if w.n == 0 {
		w.quiet = make(chan struct{})
	}
	w.n++
	w.starts++
	w.mu.Unlock()
}

func (w *tournamentWork) leave() {
	w.mu.Lock()
	w.n--
	if w.n == 0 {
		close(w.quiet)
	}
	w.mu.Unlock()
}

// state is the channel closed once nothing is served and the number of
// requests begun.
func (w *tournamentWork) state() (<-chan struct{}, uint64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.quiet, w.starts
}

// waiters is the number of bots waiting for quiet.
func (w *tournamentWork) waiters() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.waiting
}

// serving: a request of the tournament is being served.
func (w *tournamentWork) serving() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n > 0
}

// waitQuiet returns once no request of the tournament was served for
// quiet, or at until, or when ctx ends.
func (w *tournamentWork) waitQuiet(ctx context.Context, quiet time.Duration, until time.Time) {
	w.mu.Lock()
	w.waiting++
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		w.waiting--
		w.mu.Unlock()
	}()
	limit := time.NewTimer(time.Until(until))
	defer limit.Stop()
	for {
		idle, starts := w.state()
		select {
		case <-idle:
		case <-limit.C:
			return
		case <-ctx.Done():
			return
		}
		pause := time.NewTimer(quiet)
		select {
		case <-pause.C:
		case <-limit.C:
			pause.Stop()
			return
		case <-ctx.Done():
			pause.Stop()
			return
		}
		if _, now := w.state(); now == starts {
			return // nothing begun since idle: quiet for the pause
		}
	}
}

// countWork counts the request as the tournament's while it is served,
// unless its route is aside.
func (s *server) countWork(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if s.aside[c.Request().Method+" "+c.Path()] {
			return next(c)
		}
		s.work.enter()
		defer s.work.leave()
		return next(c)
	}
}
