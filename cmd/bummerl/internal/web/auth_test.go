package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

func TestSetupOnlyWhileNoUser(t *testing.T) {
	app := newTestApp(t)
	c := app.Client()

	if r := c.Get("/"); r.Status != http.StatusSeeOther || r.Location() != "/setup" {
		t.Fatalf("start page on first run: %d %q, want 303 to /setup", r.Status, r.Location())
	}
	// No account yet: nobody to log in as, so no login link.
	r := c.Get("/setup")
	webtest.MustContain(t, r.Body, `data-testid="nav"`, `data-testid="lang-switch"`)
	webtest.MustNotContain(t, r.Body, `data-testid="nav-login"`)
	// A too short password is refused at its field, the name kept.
	r = c.Post("/setup", url.Values{"name": {"Anna"}, "password": {"kurz"}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("short password: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="error-password"`, `value="Anna"`)
	webtest.MustNotContain(t, r.Body, `data-testid="nav-login"`)

	r = c.Post("/setup", url.Values{"name": {"Anna"}, "password": {"geheim123"}})
	if r.Status != http.StatusSeeOther || r.Location() != "/tournaments" {
		t.Fatalf("setup: %d %q\n%s", r.Status, r.Location(), r.Body)
	}
	// The new organiser is logged in.
	r = c.Get("/tournaments")
	if r.Status != http.StatusOK {
		t.Fatalf("tournaments after setup: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="whoami">Anna<`, `data-testid="nav-users"`)

	// Once an account exists nobody else can use the setup.
	other := app.Client()
	if r := other.Get("/setup"); r.Status != http.StatusSeeOther || r.Location() != "/login" {
		t.Errorf("setup page with a user: %d %q, want 303 to /login", r.Status, r.Location())
	}
	webtest.MustContain(t, other.Get("/login").Body, `data-testid="nav-login"`)
	if r := other.Post("/setup", url.Values{"name": {"Mallory"}, "password": {"geheim123"}}); r.Status != http.StatusForbidden {
		t.Errorf("second setup: status %d, want 403", r.Status)
	}
	if n, err := app.Store.CountUsers(t.Context()); err != nil || n != 1 {
		t.Errorf("users after second setup = %d, %v; want 1", n, err)
	}
}

func TestLoginLogout(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	c := app.Client()

	// Pages need a login; the login page brings the user back.
	r := c.Get("/tournaments")
	if r.Status != http.StatusSeeOther || r.Location() != "/login?next=%2Ftournaments" {
		t.Fatalf("anonymous /tournaments: %d %q", r.Status, r.Location())
	}
	// The whole address comes back, its own query included.
	if r := c.Get("/t/1/sale?q=huber&x=1"); r.Location() != "/login?next="+url.QueryEscape("/t/1/sale?q=huber&x=1") {
		t.Fatalf("anonymous sale desk with a search: %d %q", r.Status, r.Location())
	}
	r = c.Post("/login", url.Values{"name": {"Anna"}, "password": {"falsch-falsch"}, "next": {"/tournaments"}})
	if r.Status != http.StatusUnauthorized {
		t.Fatalf("bad password: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Name oder Passwort ist falsch", `value="Anna"`)
	webtest.MustNotContain(t, r.Body, "falsch-falsch")

	r = c.Post("/login", url.Values{"name": {"Anna"}, "password": {"Anna-password"}, "next": {"/tournaments"}})
	if r.Status != http.StatusSeeOther || r.Location() != "/tournaments" {
		t.Fatalf("login: %d %q", r.Status, r.Location())
	}
	var session *http.Cookie
	for _, ck := range r.Header.Values("Set-Cookie") {
		if strings.HasPrefix(ck, sessionCookie+"=") {
			session, _ = http.ParseSetCookie(ck)
		}
	}
	if session == nil || !session.HttpOnly || session.SameSite != http.SameSiteLaxMode {
		t.Errorf("session cookie %+v: want HttpOnly and SameSite=Lax", session)
	}
	if r := c.Get("/tournaments"); r.Status != http.StatusOK {
		t.Fatalf("after login: %d", r.Status)
	}

	if r := c.Post("/logout", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("logout: %d", r.Status)
	}
	if r := c.Get("/tournaments"); r.Status != http.StatusSeeOther {
		t.Errorf("after logout: %d, want 303 to login", r.Status)
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
	app.AddUser("Anna", store.Organiser)
	c := app.Client()
	login := func(pw string) webtest.Response {
		return c.Post("/login", url.Values{"name": {"Anna"}, "password": {pw}})
	}
	for i := range freeAttempts {
		if r := login("falsch-falsch"); r.Status != http.StatusUnauthorized {
			t.Fatalf("failure %d: status %d", i+1, r.Status)
		}
	}
	// Locked: even the right password is refused without being checked.
	r := login("Anna-password")
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("after %d failures: status %d, Retry-After %q", freeAttempts, r.Status, r.Header.Get("Retry-After"))
	}
	webtest.MustContain(t, r.Body, "Zu viele Fehlversuche")
	// Another name from the same address is not locked.
	app.AddUser("Berta", store.Helper)
	if r := c.Post("/login", url.Values{"name": {"Berta"}, "password": {"Berta-password"}}); r.Status != http.StatusSeeOther {
		t.Errorf("other name: status %d", r.Status)
	}

	app.Clock.Add(firstWait + time.Second)
	// One more failure doubles the wait.
	if r := login("falsch-falsch"); r.Status != http.StatusUnauthorized {
		t.Fatalf("after the wait: status %d", r.Status)
	}
	app.Clock.Add(firstWait + time.Second)
	if r := login("Anna-password"); r.Status != http.StatusTooManyRequests {
		t.Errorf("within the doubled wait: status %d, want 429", r.Status)
	}
	app.Clock.Add(firstWait)
	if r := login("Anna-password"); r.Status != http.StatusSeeOther {
		t.Errorf("after the doubled wait: status %d, want 303", r.Status)
	}
}

func TestCSRF(t *testing.T) {
	app := newTestApp(t)
	c := app.LoggedIn("Anna", store.Organiser)
	tests := map[string]map[string]string{
		"missing": nil,
		"wrong":   {"X-CSRF-Token": "not-the-token"},
	}
	for name, header := range tests {
		t.Run(name, func(t *testing.T) {
			r := c.PostRaw("/tournaments", webtest.SettingsForm(nil), header)
			if r.Status != http.StatusForbidden {
				t.Fatalf("status %d, want 403", r.Status)
			}
			list, err := app.Store.Tournaments(t.Context())
			if err != nil || len(list) != 0 {
				t.Errorf("tournaments after refused post: %v, %v", list, err)
			}
		})
	}
	// The htmx header works like the form field.
	if r := c.Htmx("/tournaments", webtest.SettingsForm(nil)); r.Status != http.StatusSeeOther {
		t.Errorf("with X-CSRF-Token: status %d", r.Status)
	}
}

func TestUsersPage(t *testing.T) {
	app := newTestApp(t)
	c := app.LoggedIn("Anna", store.Organiser)

	r := c.Post("/users", url.Values{"name": {"Anna"}, "password": {"geheim123"}, "role": {"helper"}})
	if r.Status != http.StatusConflict {
		t.Fatalf("duplicate name: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="error-name"`)

	r = c.Post("/users", url.Values{"name": {"Hans"}, "password": {"geheim123"}, "role": {"helper"}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("add helper: status %d\n%s", r.Status, r.Body)
	}
	u, err := app.Store.CheckPassword(t.Context(), "Hans", "geheim123")
	if err != nil || u.Role != store.Helper {
		t.Fatalf("new helper: %+v, %v", u, err)
	}

	r = c.Post("/users/tokens", url.Values{"label": {"Anzeigetafel"}})
	if r.Status != http.StatusOK {
		t.Fatalf("token: status %d", r.Status)
	}
	i := strings.Index(r.Body, "<code>")
	j := strings.Index(r.Body, "</code>")
	if i < 0 || j < i {
		t.Fatalf("no token shown:\n%s", r.Body)
	}
	if u, err := app.Store.TokenUser(t.Context(), r.Body[i+6:j]); err != nil || u.Name != "Anna" {
		t.Errorf("token user: %+v, %v", u, err)
	}
}

func TestLanguage(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
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
			r := app.Client().Request(http.MethodGet, tc.path, nil, tc.header)
			webtest.MustContain(t, r.Body, ">"+tc.want+" <")
		})
	}
	// The choice is remembered in a cookie.
	c := app.Client()
	c.Get("/login?lang=en")
	webtest.MustContain(t, c.Get("/login").Body, `<html lang="en">`)
}
