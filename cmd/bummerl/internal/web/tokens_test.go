package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// API tokens end with what ends their owner's access: a password reset,
// a change of role, a revocation on the users page or in the API, their
// expiry. Each is a 401 for the script from then on.
func TestAPITokenEnds(t *testing.T) {
	app := newTestApp(t)
	app.Store.Now = app.Clock.Now // the store's clock: tokens expire in test time
	anna := app.LoggedIn("Anna", store.Organiser)
	app.AddUser("Berta", store.Organiser)
	berta, err := app.Store.CheckPassword(t.Context(), "Berta", "Berta-password")
	if err != nil {
		t.Fatal(err)
	}
	uid := strconv.FormatInt(berta.ID, 10)
	players := "/api/tournaments/" + strconv.FormatInt(webtest.TournamentOf(t, anna.CreateTournament(webtest.SettingsForm(nil))), 10) + "/players"
	script := app.Client()
	status := func(token string) int { // a staff route: helpers too
		t.Helper()
		return script.API(http.MethodGet, players, "Bearer "+token, nil).Status
	}
	newToken := func(label string) string {
		t.Helper()
		tok, err := app.Store.NewAPIToken(t.Context(), berta.ID, label)
		if err != nil {
			t.Fatal(err)
		}
		if got := status(tok); got != http.StatusOK {
			t.Fatalf("new token %q: status %d", label, got)
		}
		return tok
	}
	tokenID := func(label string) string {
		t.Helper()
		for _, tok := range webtest.Decode[[]tokenJSON](t, anna.API(http.MethodGet, "/api/tokens", webtest.Basic("Anna", "Anna-password"), nil)) {
			if tok.Label == label {
				return strconv.FormatInt(tok.ID, 10)
			}
		}
		t.Fatalf("no token %q", label)
		return ""
	}

	// A password reset ends the browser session and the token alike.
	tok := newToken("Anzeigetafel")
	if r := anna.Post("/users/"+uid+"/password", url.Values{"password": {"neues-passwort"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("reset: %d", r.Status)
	}
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("after a password reset: status %d, want 401", got)
	}

	// A change of role too.
	tok = newToken("Rollenwechsel")
	if r := anna.Post("/users/"+uid+"/role", url.Values{"role": {"helper"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("role: %d", r.Status)
	}
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("after a change of role: status %d, want 401", got)
	}

	// Revoked on the users page: listed, confirmed, gone, audited.
	tok = newToken("Ergebnisdienst")
	page := anna.Get("/users").Body
	id := tokenID("Ergebnisdienst")
	row := regexp.MustCompile(`(?s)<tr data-testid="token-` + id + `">.*?</tr>`).FindString(page)
	webtest.MustContain(t, row, "Ergebnisdienst", "<td>Berta</td>", "unbegrenzt", `href="/users/tokens/`+id+`/revoke"`)
	webtest.MustContain(t, anna.Get("/users/tokens/"+id+"/revoke").Body, `data-testid="revoke-question"`,
		"API-Schlüssel „Ergebnisdienst“ von Berta wirklich widerrufen?")
	if got := status(tok); got != http.StatusOK {
		t.Errorf("the confirmation page revoked: %d", got)
	}
	if r := anna.PostRaw("/users/tokens/"+id+"/revoke", url.Values{}, nil); r.Status != http.StatusForbidden {
		t.Errorf("revoke without CSRF token: %d, want 403", r.Status)
	}
	r := anna.Post("/users/tokens/"+id+"/revoke", nil)
	if r.Status != http.StatusSeeOther || r.Location() != "/users?done=token" {
		t.Fatalf("revoke: %d %q", r.Status, r.Location())
	}
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("after revoking: status %d, want 401", got)
	}
	page = anna.Get(r.Location()).Body
	webtest.MustContain(t, page, "API-Schlüssel widerrufen.", "API-Schlüssel „Ergebnisdienst“ von Berta widerrufen",
		"Passwort von Berta zurückgesetzt; 1 API-Schlüssel widerrufen")
	webtest.MustNotContain(t, page, `data-testid="token-`+id+`"`)
	if r := anna.Post("/users/tokens/"+id+"/revoke", nil); r.Status != http.StatusNotFound {
		t.Errorf("revoke twice: %d, want 404", r.Status)
	}

	// Revoked through the API.
	tok = newToken("Skript")
	id = tokenID("Skript")
	if r := script.API(http.MethodDelete, "/api/tokens/"+id, webtest.Basic("Anna", "Anna-password"), nil); r.Status != http.StatusNoContent {
		t.Fatalf("API revoke: %d %s", r.Status, r.Body)
	}
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("after revoking through the API: status %d, want 401", got)
	}
	if r := script.API(http.MethodDelete, "/api/tokens/"+id, webtest.Basic("Anna", "Anna-password"), nil); r.Status != http.StatusNotFound {
		t.Errorf("API revoke twice: %d", r.Status)
	}

	// Expiry, chosen when the token is made on the users page.
	r = anna.Post("/users/tokens", url.Values{"label": {"Tagesschlüssel"}, "expires": {"1"}})
	tok = regexp.MustCompile(`<code>([^<]+)</code>`).FindStringSubmatch(r.Body)[1]
	if got := status(tok); got != http.StatusOK {
		t.Fatalf("day token: %d", got)
	}
	id = tokenID("Tagesschlüssel")
	app.Clock.Add(24*time.Hour - time.Second)
	if got := status(tok); got != http.StatusOK {
		t.Errorf("a second before expiry: %d", got)
	}
	app.Clock.Add(time.Second)
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("expired: status %d, want 401", got)
	}
	anna = app.Client() // the day ended her session too: log in again
	if r := anna.Post("/login", url.Values{"name": {"Anna"}, "password": {"Anna-password"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("login: %d", r.Status)
	}
	row = regexp.MustCompile(`(?s)<tr data-testid="token-` + id + `">.*?</tr>`).FindString(anna.Get("/users").Body)
	webtest.MustContain(t, row, `data-testid="token-expired"`, "abgelaufen")
	if r := anna.Post("/users/tokens", url.Values{"label": {"x"}, "expires": {"365"}}); r.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(r.Body, "Bitte eine der angebotenen Gültigkeiten wählen.") {
		t.Errorf("unknown lifetime: %d", r.Status)
	}
}

// The list shows when a token was last used; the API lists the same,
// never the token or its hash.
func TestAPITokenList(t *testing.T) {
	app := newTestApp(t)
	app.Store.Now = app.Clock.Now
	anna := app.LoggedIn("Anna", store.Organiser)
	org, _ := app.Store.CheckPassword(t.Context(), "Anna", "Anna-password")
	tok, err := app.Store.CreateAPIToken(t.Context(), org.ID, "Anzeigetafel", 7*24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	list := webtest.Decode[[]tokenJSON](t, app.Client().API(http.MethodGet, "/api/tokens", "Bearer "+tok, nil))
	if len(list) != 1 || list[0].Label != "Anzeigetafel" || list[0].User != "Anna" || list[0].ExpiresAt == nil ||
		!list[0].ExpiresAt.Equal(app.Clock.Now().Add(7*24*time.Hour)) || list[0].LastUsed == nil || list[0].Expired {
		t.Fatalf("list %+v", list)
	}
	r := app.Client().API(http.MethodGet, "/api/tokens", "Bearer "+tok, nil)
	webtest.MustNotContain(t, r.Body, tok, "hash")
	page := anna.Get("/users").Body
	webtest.MustContain(t, page, "Zuletzt benutzt", app.Clock.Now().Local().Format(tokenTime))
	webtest.MustNotContain(t, page, tok)
	if r := app.Client().API(http.MethodGet, "/api/tokens", webtest.Basic("Hans", "x"), nil); r.Status != http.StatusUnauthorized {
		t.Errorf("wrong credentials: %d", r.Status)
	}
}
