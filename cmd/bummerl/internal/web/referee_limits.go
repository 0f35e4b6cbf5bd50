package web

import (
	"net/http"
	"runtime"
	"sync"
	"time"

	"bummerl/domain/referee"

	"github.com/labstack/echo/v4"
)

// The referee is public (POST /api/referee) and judging a record of 1 MB
// takes tens of milliseconds of a core: 16 anonymous clients posting such
// records raised the sale desk's median from 1.3 ms to 131 ms. So, as
// password checks (loginlimits.go), only a few judgments run at once —
// the staff's referee page and the API share them — and each client
// address may have only a few judged or waiting at a time, so one client
// cannot take every place in the queue; the queue itself is bounded, as
// each judgment in it holds its record (docs/performance.md).
const (
	// judgesPerAddr is how many judgments one address may have running or
	// waiting; another one is refused at once (429).
	judgesPerAddr = 2
	// judgesInside is how many judgments may be running or waiting in
	// all (32 records of up to 1 MB); another one is refused at once (503).
	judgesInside = 32
	// judgeQueueWait is how long a judgment waits for a free place before
	// it is refused (503).
	judgeQueueWait = 2 * time.Second
)

// judgeLimits bounds the referee's judgments: at most cap(slots) at once,
// at most perAddr per client address and maxInside running or waiting.
type judgeLimits struct {
	slots chan struct{}
	*addrBound
	// queueWait is judgeQueueWait; judge is referee.Judge. Tests replace them.
	queueWait time.Duration
	judge     func(data []byte) (any, error)
}

// newJudgeLimits leaves one core to the pages, like the password checks:
// one judgment at once on the two-core laptop.
func newJudgeLimits() *judgeLimits {
	return &judgeLimits{slots: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-1)), addrBound: newAddrBound(judgesPerAddr, judgesInside),
		queueWait: judgeQueueWait, judge: referee.Judge}
}

// admit counts a judgment for the request's client address until leave:
// 429 at once when the address has perAddr already, 503 when maxInside
// are running or waiting. The API calls it before it reads the record,
// so a refusal costs no reading.
func (l *judgeLimits) admit(c echo.Context) (leave func(), err error) {
	addr := c.RealIP()
	switch l.take(addr) {
	case http.StatusTooManyRequests:
		c.Response().Header().Set("Retry-After", "1")
		return nil, &webError{http.StatusTooManyRequests, "referee_too_many", "", text(c, "referee.too_many")}
	case http.StatusServiceUnavailable:
		return nil, refereeBusy(c)
	}
	return func() { l.give(addr) }, nil
}

// refereeBusy is the refusal when no place is free (503).
func refereeBusy(c echo.Context) error {
	c.Response().Header().Set("Retry-After", "2")
	return &webError{http.StatusServiceUnavailable, "referee_busy", "", text(c, "referee.busy")}
}

// place waits up to queueWait for a place to judge in, until done: 503
// when none came free. It comes after the record is read, so a slow
// upload holds no place.
func (l *judgeLimits) place(c echo.Context) (done func(), err error) {
	if err := acquireSlot(c.Request().Context(), l.slots, l.queueWait); err != nil {
		return nil, refereeBusy(c)
	}
	return func() { <-l.slots }, nil
}

// addrBound counts what runs or waits per client address and in all:
// the referee's judgments, the bot's explanations (practice.go).
type addrBound struct {
	perAddr   int
	maxInside int
	mu        sync.Mutex
	byAddr    map[string]int // running or waiting per address
	inside    int            // and in all
}

func newAddrBound(perAddr, maxInside int) *addrBound {
	return &addrBound{perAddr: perAddr, maxInside: maxInside, byAddr: map[string]int{}}
}

// take counts one for addr, or answers why not: 429 when addr has
// perAddr already, 503 when maxInside are in; 0 when counted.
func (l *addrBound) take(addr string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.byAddr[addr] >= l.perAddr:
		return http.StatusTooManyRequests
	case l.inside >= l.maxInside:
		return http.StatusServiceUnavailable
	}
	l.byAddr[addr]++
	l.inside++
	return 0
}

// give ends one of addr's; an address with none is forgotten.
func (l *addrBound) give(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.inside--
	if l.byAddr[addr]--; l.byAddr[addr] <= 0 {
		delete(l.byAddr, addr)
	}
}
