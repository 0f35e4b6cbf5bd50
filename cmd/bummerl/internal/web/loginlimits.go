package web

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/store"
)

// Password checks cost bcrypt work, about a core for tens of
// milliseconds each. Besides the count per name and address (perName),
// failures are counted per address alone, so guessing with a new name each
// time is throttled too, and only a few checks run at once, so guesses
// from many addresses cannot take every core from the players' pages.
const (
	// addrFreeAttempts failures from one address, whatever the names, before
	// its attempts wait (doubling like a name's, up to maxWait).
	addrFreeAttempts = 20
	// passwordQueueWait is how long a login waits for a free password
	// check before it is told that the server is busy (503).
	passwordQueueWait = 10 * time.Second
)

// The waits of a name from one address and of an address, whatever the
// names.
var (
	perName = store.Backoff{Free: freeAttempts, First: firstWait, Max: maxWait}
	perAddr = store.Backoff{Free: addrFreeAttempts, First: firstWait, Max: maxWait}
)

// loginLimits are the bound on concurrent password checks, shared by the
// login form and the API's HTTP Basic, and the clock of the throttle.
type loginLimits struct {
	slots chan struct{}
	check func(ctx context.Context, name, password string) (store.User, error)
	now   func() time.Time
	// queueWait is passwordQueueWait; tests shorten it.
	queueWait time.Duration
}

// newLoginLimits bounds password checks to cfg.PasswordChecks at once,
// checked by cfg.CheckPassword or else the store. The default leaves one
// core to the pages: on the two-core laptop guesses from ever new
// addresses raised the player page's median from 0.2 ms to 12 ms with two
// checks at once, not measurably with one (docs/performance.md).
func newLoginLimits(st *store.Store, cfg Config) *loginLimits {
	n := cfg.PasswordChecks
	if n <= 0 {
		n = max(1, runtime.GOMAXPROCS(0)-1)
	}
	check := cfg.CheckPassword
	if check == nil {
		check = st.CheckPassword
	}
	return &loginLimits{slots: make(chan struct{}, n), check: check, now: cfg.Now, queueWait: passwordQueueWait}
}

// errBusy: every slot (password checks, the referee's judgments) is taken
// and none came free in time.
var errBusy = errors.New("busy")

// acquire takes a password check slot; it gives up when the request ends
// (the client went away) or after queueWait.
func (l *loginLimits) acquire(ctx context.Context) error {
	return acquireSlot(ctx, l.slots, l.queueWait)
}

// acquireSlot takes one of slots, waiting up to wait or until ctx ends.
func acquireSlot(ctx context.Context, slots chan struct{}, wait time.Duration) error {
	select {
	case slots <- struct{}{}:
		return nil
	default:
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return errBusy
	}
}

func (l *loginLimits) release() { <-l.slots }

// checkLogin checks a name and password from the request's client
// address. A wait > 0 means the attempt was refused unchecked: name and
// address, or the address alone, failed too often. A wrong name or
// password is store.ErrBadLogin and counts for both; a success forgets the
// name's failures, not the address's.
func (s *server) checkLogin(c echo.Context, name, password string) (store.User, time.Duration, error) {
	l := s.logins
	ctx := c.Request().Context()
	attempt := store.LoginAttempt{Name: name, Addr: c.RealIP(), At: l.now(), PerName: perName, PerAddr: perAddr}
	if w, err := s.store.LoginWait(ctx, attempt); err != nil || w > 0 {
		return store.User{}, w, err
	}
	if err := l.acquire(ctx); err != nil {
		c.Response().Header().Set("Retry-After", "5")
		return store.User{}, 0, &webError{http.StatusServiceUnavailable, "busy", "", text(c, "login.busy")}
	}
	defer l.release()
	// Requests that queued together were all let through by the first
	// look; the store looks again, and counts the failures of those
	// before them (in every process).
	attempt.At = l.now()
	return s.store.TryLogin(ctx, attempt, func() (store.User, error) { return l.check(ctx, name, password) })
}
