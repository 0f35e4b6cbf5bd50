// Package webtest is the test harness of the web app: a test app on a
// SQLite file of its own behind httptest, clients that act as browsers do,
// and fixtures of a tournament run through the pages. The tests of package
// web and of its browser tests (package browsertest) share it.
package webtest

import (
	crand "crypto/rand"
	"encoding/binary"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
	"bummerl/store/storetest"
)

// App is the web app under test on a SQLite file of its own, served
// over HTTP by httptest: the tests of package web and of its browser tests
// (package browsertest) share it. Package web builds the app (Start's
// build), since web's own tests cannot import a package that imports web.
type App struct {
	T     testing.TB
	Store *store.Store
	Srv   *httptest.Server
	Clock *Clock
	// Handler is what Srv serves, the Echo app.
	Handler http.Handler
	// Server is what build returned besides the handler: package web's
	// tests reach the server's internals through it.
	Server any
}

// Env is what a test app is built with: its store, a clock the test moves
// and draw seeds that a failed test names (BUMMERL_TEST_SEED).
type Env struct {
	Store   *store.Store
	BaseURL string
	Log     *slog.Logger
	Now     func() time.Time
	Rand    io.Reader
}

// NewApp starts the app that build makes, on an empty SQLite file.
func NewApp(t testing.TB, build func(Env) (http.Handler, any)) *App {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	return Start(t, st, build)
}

// Start serves the app that build makes on st, which it closes at the end.
func Start(t testing.TB, st *store.Store, build func(Env) (http.Handler, any)) *App {
	t.Helper()
	clock := &Clock{now: time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)}
	h, server := build(Env{
		Store:   st,
		BaseURL: "http://bummerl.test",
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:     clock.Now,
		Rand:    testRand(t),
	})
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return &App{T: t, Store: st, Srv: srv, Clock: clock, Handler: h, Server: server}
}

// Clock is the throttle's clock; tests move it forward instead of sleeping.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now is the test's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Add moves the clock forward.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// SeedEnv replays the digital draws of a failed web test: its log names
// the seed they were made from.
const SeedEnv = "BUMMERL_TEST_SEED"

// testRand is the randomness of the test app's draw seeds: a ChaCha8 stream
// from a seed that is random unless BUMMERL_TEST_SEED gives it, and that
// is logged when the test fails, so its draws can be made again.
func testRand(t testing.TB) io.Reader {
	t.Helper()
	var seed uint64
	if v := os.Getenv(SeedEnv); v != "" {
		var err error
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			t.Fatalf("%s=%q: %v", SeedEnv, v, err)
		}
	} else {
		var b [8]byte
		if _, err := crand.Read(b[:]); err != nil {
			t.Fatal(err)
		}
		seed = binary.LittleEndian.Uint64(b[:])
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("draw seeds came from %s=%d; replay: %s=%d go test %s -run '%s'", SeedEnv, seed, SeedEnv, seed, packageDir(), t.Name())
		}
	})
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	return &lockedReader{r: mrand.NewChaCha8(key)}
}

// lockedReader lets the handlers' goroutines share one seeded stream.
type lockedReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (l *lockedReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Read(p)
}

// Client is one browser: its own cookies, no automatic redirects.
type Client struct {
	App  *App
	HTTP *http.Client
}

// Client is a new browser on the app.
func (a *App) Client() *Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		a.T.Fatal(err)
	}
	return &Client{App: a, HTTP: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// AddUser creates an account directly in the store.
func (a *App) AddUser(name string, role store.Role) {
	a.T.Helper()
	if _, err := a.Store.AddUser(a.T.Context(), store.User{Name: "test"}, name, name+"-password", role); err != nil {
		a.T.Fatal(err)
	}
}

// LoggedIn returns a client logged in as a new account of the given role.
func (a *App) LoggedIn(name string, role store.Role) *Client {
	a.T.Helper()
	a.AddUser(name, role)
	c := a.Client()
	r := c.Post("/login", url.Values{"name": {name}, "password": {name + "-password"}})
	if r.Status != http.StatusSeeOther {
		a.T.Fatalf("login %s: status %d\n%s", name, r.Status, r.Body)
	}
	return c
}

// DrawRound1 draws round 1 digitally, as the draw pages will.
func (a *App) DrawRound1(id int64) {
	a.T.Helper()
	actor, err := a.Store.CheckPassword(a.T.Context(), "Anna", "Anna-password")
	if err != nil {
		a.T.Fatal(err)
	}
	_, err = a.Store.Update(a.T.Context(), id, actor, "draw", func(t *tournament.Tournament) error {
		groups, err := t.NextDraw()
		if err != nil {
			return err
		}
		const seed = "test seed"
		if err := t.Announce(tournament.Commitment{Seed: seed, Commitment: draw.Commit(seed)}); err != nil {
			return err
		}
		d, err := draw.Digital(groups, seed)
		if err != nil {
			return err
		}
		return t.ApplyDraw(d)
	})
	if err != nil {
		a.T.Fatal(err)
	}
}

// SettingsForm is a valid settings form; override fields per test.
func SettingsForm(overrides map[string]string) url.Values {
	v := url.Values{
		"name": {"Preisschnapsen Hinterbrühl"}, "cards": {"8"}, "max_cards": {"3"}, "price": {"12,50"},
		"variant": {"soft"}, "closing": {"at-close"}, "bummerl_to_win": {"2"},
		"prizes": {"2"}, "prize_1": {"Schinken"}, "prize_2": {"Wein"}, "multiple_prizes": {"on"},
	}
	for k, val := range overrides {
		v.Set(k, val)
	}
	return v
}

// TournamentOf returns the ID in a path /t/ID.
func TournamentOf(t testing.TB, path string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(strings.TrimPrefix(path, "/t/"), 10, 64)
	if err != nil {
		t.Fatalf("no tournament path: %q", path)
	}
	return id
}

// MustContain fails when s lacks any of the wanted parts.
func MustContain(t testing.TB, s string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("missing %q in:\n%s", w, s)
		}
	}
}

// MustNotContain fails when s holds any of the unwanted parts.
func MustNotContain(t testing.TB, s string, unwanted ...string) {
	t.Helper()
	for _, w := range unwanted {
		if strings.Contains(s, w) {
			t.Errorf("unexpected %q in:\n%s", w, s)
		}
	}
}

// ClientFrom is a browser whose connections come from the loopback
// address ip (127.0.0.x: Linux answers the whole 127/8 range), so a test
// can play several machines against one server.
func (a *App) ClientFrom(ip string) *Client {
	a.T.Helper()
	c := a.Client()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	tr := &http.Transport{DialContext: d.DialContext}
	a.T.Cleanup(tr.CloseIdleConnections)
	c.HTTP.Transport = tr
	return c
}

// TournamentCount is how many tournaments the app's database holds.
func (a *App) TournamentCount() int {
	a.T.Helper()
	list, err := a.Store.Tournaments(a.T.Context())
	if err != nil {
		a.T.Fatal(err)
	}
	return len(list)
}

// packageDir is the test's package as go test names it (./cmd/…): the
// test binary runs in its package's directory.
func packageDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for root := dir; ; {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			if rel, err := filepath.Rel(root, dir); err == nil {
				return "./" + filepath.ToSlash(rel)
			}
			return "."
		}
		parent := filepath.Dir(root)
		if parent == root {
			return "."
		}
		root = parent
	}
}

// Setup is what the TestMain of a web package does before m.Run.
// Passwords are hashed at bcrypt's lowest cost (store.PasswordCost): the
// checks are the same, the suite minutes faster. The parallel tests run
// six at a time unless -parallel says otherwise: they mostly wait (on
// Chromium, on streams, on timeouts), and go test's default of GOMAXPROCS
// leaves a 2-core machine idle most of the suite (docs/web.md "The
// suite's time").
func Setup() {
	store.PasswordCost = bcrypt.MinCost
	storetest.DefaultParallel(parallelTests)
}

// parallelTests is how many parallel tests run at once by default: enough
// to keep two cores busy while most of them wait.
const parallelTests = 6
