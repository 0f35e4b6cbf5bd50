package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

func forwarded(ip string) map[string]string {
	return map[string]string{"X-Forwarded-For": ip, "X-Real-IP": ip}
}

// TestThrottleIgnoresForwardedHeaders: without a trusted proxy, headers
// naming another client address change nothing: guesses with a new
// X-Forwarded-For each time are throttled all the same, on the login form
// and on the API's Basic auth.
func TestThrottleIgnoresForwardedHeaders(t *testing.T) {
	for _, via := range []string{"login form", "API Basic"} {
		t.Run(via, func(t *testing.T) {
			app := newTestApp(t)
			app.AddUser("Anna", store.Organiser)
			c := app.Client()
			try := func(pw string, i int) webtest.Response {
				h := forwarded("203.0.113." + strconv.Itoa(i))
				if via == "login form" {
					return c.LoginWith("Anna", pw, h)
				}
				return c.BasicWith("Anna", pw, h)
			}
			for i := range freeAttempts {
				if r := try("falsch-falsch", i); r.Status != http.StatusUnauthorized {
					t.Fatalf("failure %d: status %d", i+1, r.Status)
				}
			}
			if r := try("Anna-password", 99); r.Status != http.StatusTooManyRequests {
				t.Fatalf("after %d failures with rotating X-Forwarded-For: status %d, want 429", freeAttempts, r.Status)
			}
		})
	}
}

// TestThrottleVictimNotLockable: failed logins that name another person's
// address in the headers do not lock that person out.
func TestThrottleVictimNotLockable(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	attacker := app.Client() // 127.0.0.1
	for range freeAttempts + 2 {
		attacker.LoginWith("Anna", "falsch-falsch", forwarded("127.0.0.2"))
		attacker.BasicWith("Anna", "falsch-falsch", forwarded("127.0.0.2"))
	}
	if r := attacker.LoginWith("Anna", "Anna-password", nil); r.Status != http.StatusTooManyRequests {
		t.Errorf("attacker after his failures: status %d, want 429", r.Status)
	}
	victim := app.ClientFrom("127.0.0.2")
	if r := victim.BasicWith("Anna", "Anna-password", nil); r.Status != http.StatusOK {
		t.Errorf("victim over the API: status %d, want 200", r.Status)
	}
	if r := victim.LoginWith("Anna", "Anna-password", nil); r.Status != http.StatusSeeOther {
		t.Errorf("victim's login: status %d, want 303", r.Status)
	}
}

// TestThrottleTrustedProxy: behind a proxy named with --trusted-proxy the
// X-Forwarded-For header names the client, from that proxy only.
func TestThrottleTrustedProxy(t *testing.T) {
	proxies, err := httpkit.ParseProxy("127.0.0.2")
	if err != nil {
		t.Fatal(err)
	}
	app := newTestAppConfig(t, func(c *Config) { c.TrustedProxies = []*net.IPNet{proxies} })
	app.AddUser("Anna", store.Organiser)
	proxy := app.ClientFrom("127.0.0.2")
	direct := app.Client() // 127.0.0.1, not a proxy

	// Client A behind the proxy fails until locked.
	for i := range freeAttempts {
		if r := proxy.LoginWith("Anna", "falsch-falsch", forwarded("198.51.100.7")); r.Status != http.StatusUnauthorized {
			t.Fatalf("failure %d through the proxy: status %d", i+1, r.Status)
		}
	}
	if r := proxy.LoginWith("Anna", "Anna-password", forwarded("198.51.100.7")); r.Status != http.StatusTooManyRequests {
		t.Errorf("client A through the proxy: status %d, want 429", r.Status)
	}
	// A cannot escape by putting a made-up address in front: the proxy
	// appends the address it saw, and that one counts.
	if r := proxy.BasicWith("Anna", "Anna-password", forwarded("192.0.2.1, 198.51.100.7")); r.Status != http.StatusTooManyRequests {
		t.Errorf("client A with a forged address before its own: status %d, want 429", r.Status)
	}
	// Client B behind the same proxy is not locked: the proxy's own address does not count.
	if r := proxy.BasicWith("Anna", "Anna-password", forwarded("198.51.100.8")); r.Status != http.StatusOK {
		t.Errorf("client B through the proxy: status %d, want 200", r.Status)
	}
	// A machine that is not the proxy cannot claim to be client B ...
	for range freeAttempts {
		direct.LoginWith("Anna", "falsch-falsch", forwarded("198.51.100.8"))
	}
	if r := proxy.BasicWith("Anna", "Anna-password", forwarded("198.51.100.8")); r.Status != http.StatusOK {
		t.Errorf("client B after another machine's failures in its name: status %d, want 200", r.Status)
	}
	// ... its failures count for its own address.
	if r := direct.LoginWith("Anna", "Anna-password", nil); r.Status != http.StatusTooManyRequests {
		t.Errorf("the machine that sent the header: status %d, want 429", r.Status)
	}
}

func TestProxyListFlag(t *testing.T) {
	var l httpkit.ProxyList
	if err := l.Set("10.0.0.0/8, 192.168.1.5"); err != nil {
		t.Fatal(err)
	}
	if err := l.Set("::1"); err != nil {
		t.Fatal(err)
	}
	if got, want := l.String(), "10.0.0.0/8,192.168.1.5/32,::1/128"; got != want {
		t.Errorf("proxies %q, want %q", got, want)
	}
	for _, bad := range []string{"proxy.example", "10.0.0.0/33", "1.2.3"} {
		if err := new(httpkit.ProxyList).Set(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestThrottleRandomNames: guessing with a new name each time is throttled
// per address (item 7 of issue 7: each new name used to bring fresh
// attempts and its own bcrypt work); another address is not affected.
func TestThrottleRandomNames(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	guesser := app.Client()
	for i := range addrFreeAttempts {
		name := "guess" + strconv.Itoa(i)
		var r webtest.Response
		if i%2 == 0 {
			r = guesser.LoginWith(name, "falsch-falsch", nil)
		} else {
			r = guesser.BasicWith(name, "falsch-falsch", nil)
		}
		if r.Status != http.StatusUnauthorized {
			t.Fatalf("failure %d: status %d", i+1, r.Status)
		}
	}
	if r := guesser.LoginWith("another-new-name", "falsch-falsch", nil); r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Errorf("a new name after %d failures from the address: status %d, Retry-After %q, want 429", addrFreeAttempts, r.Status, r.Header.Get("Retry-After"))
	}
	if r := guesser.BasicWith("Anna", "Anna-password", nil); r.Status != http.StatusTooManyRequests {
		t.Errorf("API Basic from the locked address: status %d, want 429", r.Status)
	}
	other := app.ClientFrom("127.0.0.2")
	if r := other.LoginWith("Anna", "Anna-password", nil); r.Status != http.StatusSeeOther {
		t.Errorf("login from another address: status %d, want 303", r.Status)
	}
	app.Clock.Add(firstWait + time.Second)
	if r := guesser.LoginWith("Anna", "Anna-password", nil); r.Status != http.StatusSeeOther {
		t.Errorf("after the wait: status %d, want 303", r.Status)
	}
}

// TestPasswordChecksBounded: however many logins arrive at once, at most
// PasswordChecks password checks run at the same time.
func TestPasswordChecksBounded(t *testing.T) {
	const bound, logins = 2, 12
	var running, peak, calls atomic.Int32
	app := newTestAppConfig(t, func(c *Config) {
		c.PasswordChecks = bound
		c.CheckPassword = func(ctx context.Context, name, password string) (store.User, error) {
			calls.Add(1)
			n := running.Add(1)
			defer running.Add(-1)
			for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
			}
			time.Sleep(20 * time.Millisecond)
			return store.User{}, store.ErrBadLogin
		}
	})
	var wg sync.WaitGroup
	for i := range logins {
		c := app.ClientFrom("127.0.0." + strconv.Itoa(10+i))
		wg.Go(func() {
			if i%2 == 0 {
				c.LoginWith("name"+strconv.Itoa(i), "falsch-falsch", nil)
			} else {
				c.BasicWith("name"+strconv.Itoa(i), "falsch-falsch", nil)
			}
		})
	}
	wg.Wait()
	if calls.Load() != logins {
		t.Fatalf("%d password checks, want %d", calls.Load(), logins)
	}
	if p := peak.Load(); p > bound {
		t.Errorf("%d password checks ran at once, want at most %d", p, bound)
	}
}

// TestPasswordQueueGivesUp: a login waiting for a password check leaves
// the queue when its request ends or after the queue's wait (503 busy).
func TestPasswordQueueGivesUp(t *testing.T) {
	block := make(chan struct{})
	app := newTestAppConfig(t, func(c *Config) {
		c.PasswordChecks = 1
		c.CheckPassword = func(ctx context.Context, name, password string) (store.User, error) {
			<-block
			return store.User{}, store.ErrBadLogin
		}
	})
	l := serverOf(app).logins
	l.queueWait = 200 * time.Millisecond
	first := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest(http.MethodGet, app.Srv.URL+"/api/tournaments", nil)
		req.SetBasicAuth("Anna", "x")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			first <- 0
			return
		}
		resp.Body.Close()
		first <- resp.StatusCode
	}()
	for deadline := time.Now().Add(10 * time.Second); len(l.slots) == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			close(block)
			t.Fatal("the first login never reached the password check")
		}
	}
	// The request's context ends (the client went away): the wait ends.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := l.acquire(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("acquire with an ended request: %v", err)
	}
	// Nothing frees up in time: busy.
	r := app.Client().BasicWith("Berta", "x", nil)
	if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" {
		t.Errorf("queue full: status %d, Retry-After %q, want 503", r.Status, r.Header.Get("Retry-After"))
	}
	close(block)
	if status := <-first; status != http.StatusUnauthorized {
		t.Errorf("the blocked check: status %d", status)
	}
	if len(l.slots) != 0 {
		t.Errorf("%d slots still taken", len(l.slots))
	}
}
