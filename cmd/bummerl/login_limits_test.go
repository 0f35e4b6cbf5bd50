package main

import (
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"bummerl/store"
)

// newTestAppConfig is newTestApp with a changed server configuration.
func newTestAppConfig(t testing.TB, change func(*serverConfig)) *testApp {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	clock := &testClock{now: time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)}
	cfg := serverConfig{
		BaseURL: "http://bummerl.test",
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:     clock.Now,
	}
	change(&cfg)
	e, s := newServer(st, cfg)
	srv := httptest.NewServer(e)
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return &testApp{t: t, store: st, echo: e, s: s, srv: srv, clock: clock}
}

// clientFrom is a browser whose connections come from the loopback
// address ip (127.0.0.x: Linux answers the whole 127/8 range), so a test
// can play several machines against one server.
func (a *testApp) clientFrom(ip string) *testClient {
	a.t.Helper()
	c := a.client()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	tr := &http.Transport{DialContext: d.DialContext}
	a.t.Cleanup(tr.CloseIdleConnections)
	c.http.Transport = tr
	return c
}

// loginWith posts the login form with extra headers.
func (c *testClient) loginWith(name, password string, header map[string]string) response {
	c.app.t.Helper()
	form := url.Values{"name": {name}, "password": {password}, "_csrf": {c.csrf()}}
	return c.postRaw("/login", form, header)
}

// basicWith calls a staff API route with HTTP Basic and extra headers.
func (c *testClient) basicWith(name, password string, header map[string]string) response {
	c.app.t.Helper()
	h := map[string]string{"Authorization": basic(name, password)}
	for k, v := range header {
		h[k] = v
	}
	return c.request(http.MethodGet, "/api/tournaments", nil, h)
}

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
			app.addUser("Anna", store.Organiser)
			c := app.client()
			try := func(pw string, i int) response {
				h := forwarded("203.0.113." + strconv.Itoa(i))
				if via == "login form" {
					return c.loginWith("Anna", pw, h)
				}
				return c.basicWith("Anna", pw, h)
			}
			for i := range freeAttempts {
				if r := try("falsch-falsch", i); r.status != http.StatusUnauthorized {
					t.Fatalf("failure %d: status %d", i+1, r.status)
				}
			}
			if r := try("Anna-password", 99); r.status != http.StatusTooManyRequests {
				t.Fatalf("after %d failures with rotating X-Forwarded-For: status %d, want 429", freeAttempts, r.status)
			}
		})
	}
}

// TestThrottleVictimNotLockable: failed logins that name another person's
// address in the headers do not lock that person out.
func TestThrottleVictimNotLockable(t *testing.T) {
	app := newTestApp(t)
	app.addUser("Anna", store.Organiser)
	attacker := app.client() // 127.0.0.1
	for range freeAttempts + 2 {
		attacker.loginWith("Anna", "falsch-falsch", forwarded("127.0.0.2"))
		attacker.basicWith("Anna", "falsch-falsch", forwarded("127.0.0.2"))
	}
	if r := attacker.loginWith("Anna", "Anna-password", nil); r.status != http.StatusTooManyRequests {
		t.Errorf("attacker after his failures: status %d, want 429", r.status)
	}
	victim := app.clientFrom("127.0.0.2")
	if r := victim.basicWith("Anna", "Anna-password", nil); r.status != http.StatusOK {
		t.Errorf("victim over the API: status %d, want 200", r.status)
	}
	if r := victim.loginWith("Anna", "Anna-password", nil); r.status != http.StatusSeeOther {
		t.Errorf("victim's login: status %d, want 303", r.status)
	}
}

// TestThrottleTrustedProxy: behind a proxy named with --trusted-proxy the
// X-Forwarded-For header names the client, from that proxy only.
func TestThrottleTrustedProxy(t *testing.T) {
	proxies, err := parseProxy("127.0.0.2")
	if err != nil {
		t.Fatal(err)
	}
	app := newTestAppConfig(t, func(c *serverConfig) { c.TrustedProxies = []*net.IPNet{proxies} })
	app.addUser("Anna", store.Organiser)
	proxy := app.clientFrom("127.0.0.2")
	direct := app.client() // 127.0.0.1, not a proxy

	// Client A behind the proxy fails until locked.
	for i := range freeAttempts {
		if r := proxy.loginWith("Anna", "falsch-falsch", forwarded("198.51.100.7")); r.status != http.StatusUnauthorized {
			t.Fatalf("failure %d through the proxy: status %d", i+1, r.status)
		}
	}
	if r := proxy.loginWith("Anna", "Anna-password", forwarded("198.51.100.7")); r.status != http.StatusTooManyRequests {
		t.Errorf("client A through the proxy: status %d, want 429", r.status)
	}
	// A cannot escape by putting a made-up address in front: the proxy
	// appends the address it saw, and that one counts.
	if r := proxy.basicWith("Anna", "Anna-password", forwarded("192.0.2.1, 198.51.100.7")); r.status != http.StatusTooManyRequests {
		t.Errorf("client A with a forged address before its own: status %d, want 429", r.status)
	}
	// Client B behind the same proxy is not locked: the proxy's own address does not count.
	if r := proxy.basicWith("Anna", "Anna-password", forwarded("198.51.100.8")); r.status != http.StatusOK {
		t.Errorf("client B through the proxy: status %d, want 200", r.status)
	}
	// A machine that is not the proxy cannot claim to be client B ...
	for range freeAttempts {
		direct.loginWith("Anna", "falsch-falsch", forwarded("198.51.100.8"))
	}
	if r := proxy.basicWith("Anna", "Anna-password", forwarded("198.51.100.8")); r.status != http.StatusOK {
		t.Errorf("client B after another machine's failures in its name: status %d, want 200", r.status)
	}
	// ... its failures count for its own address.
	if r := direct.loginWith("Anna", "Anna-password", nil); r.status != http.StatusTooManyRequests {
		t.Errorf("the machine that sent the header: status %d, want 429", r.status)
	}
}

func TestProxyListFlag(t *testing.T) {
	var l proxyList
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
		if err := new(proxyList).Set(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
