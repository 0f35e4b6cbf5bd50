package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"io"
	"log/slog"
	mrand "math/rand/v2"
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

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// testApp is the real web app on a fresh SQLite file, served over HTTP.
type testApp struct {
	t     testing.TB
	store *store.Store
	echo  *echo.Echo
	s     *server
	srv   *httptest.Server
	clock *testClock
}

// testClock is the throttle's clock; tests move it forward instead of sleeping.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newTestApp starts the app with an empty database.
func newTestApp(t testing.TB) *testApp {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	return newTestAppOn(t, st)
}

// newTestAppOn starts the app on st, which it closes at the end.
func newTestAppOn(t testing.TB, st *store.Store) *testApp {
	t.Helper()
	clock := &testClock{now: time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)}
	e, s := New(st, Config{
		BaseURL: "http://bummerl.test",
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:     clock.Now,
		Rand:    testRand(t),
	})
	srv := httptest.NewServer(e)
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return &testApp{t: t, store: st, echo: e, s: s, srv: srv, clock: clock}
}

// testSeedEnv replays the digital draws of a failed web test: its log
// names the seed they were made from.
const testSeedEnv = "BUMMERL_TEST_SEED"

// testRand is the randomness of the test app's draw seeds: a ChaCha8 stream
// from a seed that is random unless BUMMERL_TEST_SEED gives it, and that
// is logged when the test fails, so its draws can be made again.
func testRand(t testing.TB) io.Reader {
	t.Helper()
	var seed uint64
	if v := os.Getenv(testSeedEnv); v != "" {
		var err error
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			t.Fatalf("%s=%q: %v", testSeedEnv, v, err)
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
			t.Logf("draw seeds came from %s=%d; replay: %s=%d go test ./cmd/bummerl/internal/web -run '%s'", testSeedEnv, seed, testSeedEnv, seed, t.Name())
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

// testClient is one browser: its own cookies, no automatic redirects.
type testClient struct {
	app  *testApp
	http *http.Client
}

func (a *testApp) client() *testClient {
	jar, err := cookiejar.New(nil)
	if err != nil {
		a.t.Fatal(err)
	}
	return &testClient{app: a, http: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// addUser creates an account directly in the store.
func (a *testApp) addUser(name string, role store.Role) {
	a.t.Helper()
	if _, err := a.store.AddUser(a.t.Context(), store.User{Name: "test"}, name, name+"-password", role); err != nil {
		a.t.Fatal(err)
	}
}

// loggedIn returns a client logged in as a new account of the given role.
func (a *testApp) loggedIn(name string, role store.Role) *testClient {
	a.t.Helper()
	a.addUser(name, role)
	c := a.client()
	r := c.post("/login", url.Values{"name": {name}, "password": {name + "-password"}})
	if r.status != http.StatusSeeOther {
		a.t.Fatalf("login %s: status %d\n%s", name, r.status, r.body)
	}
	return c
}

// response is what a test looks at.
type response struct {
	status int
	header http.Header
	body   string
}

func (r response) location() string { return r.header.Get("Location") }

func (c *testClient) do(req *http.Request) response {
	c.app.t.Helper()
	resp, err := c.http.Do(req)
	if err != nil {
		c.app.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.app.t.Fatal(err)
	}
	return response{resp.StatusCode, resp.Header, string(b)}
}

func (c *testClient) request(method, path string, body io.Reader, header map[string]string) response {
	c.app.t.Helper()
	req, err := http.NewRequest(method, c.app.srv.URL+path, body)
	if err != nil {
		c.app.t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return c.do(req)
}

func (c *testClient) get(path string) response {
	c.app.t.Helper()
	return c.request(http.MethodGet, path, nil, nil)
}

// csrf is the browser's CSRF token, fetched with a page if it has none yet.
func (c *testClient) csrf() string {
	c.app.t.Helper()
	u, _ := url.Parse(c.app.srv.URL)
	for range 2 {
		for _, ck := range c.http.Jar.Cookies(u) {
			if ck.Name == csrfCookie {
				return ck.Value
			}
		}
		c.get("/login")
	}
	c.app.t.Fatal("no CSRF cookie")
	return ""
}

// post sends a form with the CSRF token, as the browser does.
func (c *testClient) post(path string, form url.Values) response {
	c.app.t.Helper()
	form = cloneValues(form)
	form.Set("_csrf", c.csrf())
	return c.postRaw(path, form, nil)
}

// htmx sends a form the way htmx does: token in the header, HX-Request set.
func (c *testClient) htmx(path string, form url.Values) response {
	c.app.t.Helper()
	return c.postRaw(path, form, map[string]string{"HX-Request": "true", "X-CSRF-Token": c.csrf()})
}

func (c *testClient) postRaw(path string, form url.Values, header map[string]string) response {
	c.app.t.Helper()
	h := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
	for k, v := range header {
		h[k] = v
	}
	return c.request(http.MethodPost, path, strings.NewReader(form.Encode()), h)
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

// api sends a JSON request with the given Authorization header ("" for none).
func (c *testClient) api(method, path, auth string, body any) response {
	c.app.t.Helper()
	var r io.Reader
	h := map[string]string{}
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.app.t.Fatal(err)
		}
		r = strings.NewReader(string(b))
		h["Content-Type"] = "application/json"
	}
	if auth != "" {
		h["Authorization"] = auth
	}
	return c.request(method, path, r, h)
}

// createTournament creates a tournament through the form and returns its path /t/ID.
func (c *testClient) createTournament(form url.Values) string {
	c.app.t.Helper()
	r := c.post("/tournaments", form)
	if r.status != http.StatusSeeOther {
		c.app.t.Fatalf("create tournament: status %d\n%s", r.status, r.body)
	}
	return strings.TrimSuffix(r.location(), "/sale")
}

// settingsForm is a valid settings form; override fields per test.
func settingsForm(overrides map[string]string) url.Values {
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

// tournamentOf returns the ID in a path /t/ID.
func tournamentOf(t testing.TB, path string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(strings.TrimPrefix(path, "/t/"), 10, 64)
	if err != nil {
		t.Fatalf("no tournament path: %q", path)
	}
	return id
}

// drawRound1 draws round 1 digitally, as the draw pages will.
func (a *testApp) drawRound1(id int64) {
	a.t.Helper()
	actor, err := a.store.CheckPassword(a.t.Context(), "Anna", "Anna-password")
	if err != nil {
		a.t.Fatal(err)
	}
	_, err = a.store.Update(a.t.Context(), id, actor, "draw", func(t *tournament.Tournament) error {
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
		a.t.Fatal(err)
	}
}

// mustContain fails when s lacks any of the wanted parts.
func mustContain(t testing.TB, s string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("missing %q in:\n%s", w, s)
		}
	}
}

func mustNotContain(t testing.TB, s string, unwanted ...string) {
	t.Helper()
	for _, w := range unwanted {
		if strings.Contains(s, w) {
			t.Errorf("unexpected %q in:\n%s", w, s)
		}
	}
}
