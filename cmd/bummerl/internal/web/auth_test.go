package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bummerl/store"
)

func TestSetupOnlyWhileNoUser(t *testing.T) {
	app := newTestApp(t)
	c := app.client()

	if r := c.get("/"); r.status != http.StatusSeeOther || r.location() != "/setup" {
		t.Fatalf("start page on first run: %d %q, want 303 to /setup", r.status, r.location())
	}
	// No account yet: nobody to log in as, so no login link.
	r := c.get("/setup")
	mustContain(t, r.body, `data-testid="nav"`, `data-testid="lang-switch"`)
	mustNotContain(t, r.body, `data-testid="nav-login"`)
	// A too short password is refused at its field, the name kept.
	r = c.post("/setup", url.Values{"name": {"Anna"}, "password": {"kurz"}})
	if r.status != http.StatusUnprocessableEntity {
		t.Fatalf("short password: status %d", r.status)
	}
	mustContain(t, r.body, `data-testid="error-password"`, `value="Anna"`)
	mustNotContain(t, r.body, `data-testid="nav-login"`)

	r = c.post("/setup", url.Values{"name": {"Anna"}, "password": {"geheim123"}})
	if r.status != http.StatusSeeOther || r.location() != "/tournaments" {
		t.Fatalf("setup: %d %q\n%s", r.status, r.location(), r.body)
	}
	// The new organiser is logged in.
	r = c.get("/tournaments")
	if r.status != http.StatusOK {
		t.Fatalf("tournaments after setup: %d", r.status)
	}
	mustContain(t, r.body, `data-testid="whoami">Anna<`, `data-testid="nav-users"`)

	// Once an account exists nobody else can use the setup.
	other := app.client()
	if r := other.get("/setup"); r.status != http.StatusSeeOther || r.location() != "/login" {
		t.Errorf("setup page with a user: %d %q, want 303 to /login", r.status, r.location())
	}
	mustContain(t, other.get("/login").body, `data-testid="nav-login"`)
	if r := other.post("/setup", url.Values{"name": {"Mallory"}, "password": {"geheim123"}}); r.status != http.StatusForbidden {
		t.Errorf("second setup: status %d, want 403", r.status)
	}
	if n, err := app.store.CountUsers(t.Context()); err != nil || n != 1 {
		t.Errorf("users after second setup = %d, %v; want 1", n, err)
	}
}

func TestLoginLogout(t *testing.T) {
	app := newTestApp(t)
	app.addUser("Anna", store.Organiser)
	c := app.client()

	// Pages need a login; the login page brings the user back.
	r := c.get("/tournaments")
	if r.status != http.StatusSeeOther || r.location() != "/login?next=%2Ftournaments" {
		t.Fatalf("anonymous /tournaments: %d %q", r.status, r.location())
	}
	// The whole address comes back, its own query included.
	if r := c.get("/t/1/sale?q=huber&x=1"); r.location() != "/login?next="+url.QueryEscape("/t/1/sale?q=huber&x=1") {
		t.Fatalf("anonymous sale desk with a search: %d %q", r.status, r.location())
	}
	r = c.post("/login", url.Values{"name": {"Anna"}, "password": {"falsch-falsch"}, "next": {"/tournaments"}})
	if r.status != http.StatusUnauthorized {
		t.Fatalf("bad password: status %d", r.status)
	}
	mustContain(t, r.body, "Name oder Passwort ist falsch", `value="Anna"`)
	mustNotContain(t, r.body, "falsch-falsch")

	r = c.post("/login", url.Values{"name": {"Anna"}, "password": {"Anna-password"}, "next": {"/tournaments"}})
	if r.status != http.StatusSeeOther || r.location() != "/tournaments" {
		t.Fatalf("login: %d %q", r.status, r.location())
	}
	var session *http.Cookie
	for _, ck := range r.header.Values("Set-Cookie") {
		if strings.HasPrefix(ck, sessionCookie+"=") {
			session, _ = http.ParseSetCookie(ck)
		}
	}
	if session == nil || !session.HttpOnly || session.SameSite != http.SameSiteLaxMode {
		t.Errorf("session cookie %+v: want HttpOnly and SameSite=Lax", session)
	}
	if r := c.get("/tournaments"); r.status != http.StatusOK {
		t.Fatalf("after login: %d", r.status)
	}

	if r := c.post("/logout", nil); r.status != http.StatusSeeOther {
		t.Fatalf("logout: %d", r.status)
	}
	if r := c.get("/tournaments"); r.status != http.StatusSeeOther {
		t.Errorf("after logout: %d, want 303 to login", r.status)
	}
}

func TestLoginNextStaysOnSite(t *testing.T) {
	tests := map[string]string{
		"local path":       "/t/1/sale",
		"other site":       "/",
		"scheme relative":  "/",
		"backslash":        "/",
		"tab before slash": "/",
		"inner backslash":  "/",
		"empty":            "/",
	}
	next := map[string]string{
		"local path":       "/t/1/sale",
		"other site":       "https://evil.example/",
		"scheme relative":  "//evil.example/",
		"backslash":        "/\\evil.example/",
		"tab before slash": "/\t/evil.example",
		"inner backslash":  "/t/..\\..\\/evil.example",
		"empty":            "",
	}
	for name, want := range tests {
		t.Run(name, func(t *testing.T) {
			if got := localPath(next[name]); got != want {
				t.Errorf("localPath(%q) = %q, want %q", next[name], got, want)
			}
		})
	}
}

func TestLoginThrottle(t *testing.T) {
	app := newTestApp(t)
	app.addUser("Anna", store.Organiser)
	c := app.client()
	login := func(pw string) response {
		return c.post("/login", url.Values{"name": {"Anna"}, "password": {pw}})
	}
	for i := range freeAttempts {
		if r := login("falsch-falsch"); r.status != http.StatusUnauthorized {
			t.Fatalf("failure %d: status %d", i+1, r.status)
		}
	}
	// Locked: even the right password is refused without being checked.
	r := login("Anna-password")
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" {
		t.Fatalf("after %d failures: status %d, Retry-After %q", freeAttempts, r.status, r.header.Get("Retry-After"))
	}
	mustContain(t, r.body, "Zu viele Fehlversuche")
	// Another name from the same address is not locked.
	app.addUser("Berta", store.Helper)
	if r := c.post("/login", url.Values{"name": {"Berta"}, "password": {"Berta-password"}}); r.status != http.StatusSeeOther {
		t.Errorf("other name: status %d", r.status)
	}

	app.clock.Add(firstWait + time.Second)
	// One more failure doubles the wait.
	if r := login("falsch-falsch"); r.status != http.StatusUnauthorized {
		t.Fatalf("after the wait: status %d", r.status)
	}
	app.clock.Add(firstWait + time.Second)
	if r := login("Anna-password"); r.status != http.StatusTooManyRequests {
		t.Errorf("within the doubled wait: status %d, want 429", r.status)
	}
	app.clock.Add(firstWait)
	if r := login("Anna-password"); r.status != http.StatusSeeOther {
		t.Errorf("after the doubled wait: status %d, want 303", r.status)
	}
}

func TestCSRF(t *testing.T) {
	app := newTestApp(t)
	c := app.loggedIn("Anna", store.Organiser)
	tests := map[string]map[string]string{
		"missing": nil,
		"wrong":   {"X-CSRF-Token": "not-the-token"},
	}
	for name, header := range tests {
		t.Run(name, func(t *testing.T) {
			r := c.postRaw("/tournaments", settingsForm(nil), header)
			if r.status != http.StatusForbidden {
				t.Fatalf("status %d, want 403", r.status)
			}
			list, err := app.store.Tournaments(t.Context())
			if err != nil || len(list) != 0 {
				t.Errorf("tournaments after refused post: %v, %v", list, err)
			}
		})
	}
	// The htmx header works like the form field.
	if r := c.htmx("/tournaments", settingsForm(nil)); r.status != http.StatusSeeOther {
		t.Errorf("with X-CSRF-Token: status %d", r.status)
	}
}

func TestUsersPage(t *testing.T) {
	app := newTestApp(t)
	c := app.loggedIn("Anna", store.Organiser)

	r := c.post("/users", url.Values{"name": {"Anna"}, "password": {"geheim123"}, "role": {"helper"}})
	if r.status != http.StatusConflict {
		t.Fatalf("duplicate name: status %d", r.status)
	}
	mustContain(t, r.body, `data-testid="error-name"`)

	r = c.post("/users", url.Values{"name": {"Hans"}, "password": {"geheim123"}, "role": {"helper"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("add helper: status %d\n%s", r.status, r.body)
	}
	u, err := app.store.CheckPassword(t.Context(), "Hans", "geheim123")
	if err != nil || u.Role != store.Helper {
		t.Fatalf("new helper: %+v, %v", u, err)
	}

	r = c.post("/users/tokens", url.Values{"label": {"Anzeigetafel"}})
	if r.status != http.StatusOK {
		t.Fatalf("token: status %d", r.status)
	}
	i := strings.Index(r.body, "<code>")
	j := strings.Index(r.body, "</code>")
	if i < 0 || j < i {
		t.Fatalf("no token shown:\n%s", r.body)
	}
	if u, err := app.store.TokenUser(t.Context(), r.body[i+6:j]); err != nil || u.Name != "Anna" {
		t.Errorf("token user: %+v, %v", u, err)
	}
}

func TestLanguage(t *testing.T) {
	app := newTestApp(t)
	app.addUser("Anna", store.Organiser)
	tests := map[string]struct {
		path   string
		header map[string]string
		want   string
	}{
		"default German":     {"/login", nil, "Passwort"},
		"query English":      {"/login?lang=en", nil, "Password"},
		"accept-language":    {"/login", map[string]string{"Accept-Language": "en-GB,en;q=0.9"}, "Password"},
		"unknown falls back": {"/login", map[string]string{"Accept-Language": "fr-FR"}, "Passwort"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := app.client().request(http.MethodGet, tc.path, nil, tc.header)
			mustContain(t, r.body, ">"+tc.want+" <")
		})
	}
	// The choice is remembered in a cookie.
	c := app.client()
	c.get("/login?lang=en")
	mustContain(t, c.get("/login").body, `<html lang="en">`)
}
