package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"bummerl/store"
)

// API tokens end with what ends their owner's access: a password reset,
// a change of role, a revocation on the users page or in the API, their
// expiry. Each is a 401 for the script from then on.
func TestAPITokenEnds(t *testing.T) {
	app := newTestApp(t)
	app.store.Now = app.clock.Now // the store's clock: tokens expire in test time
	anna := app.loggedIn("Anna", store.Organiser)
	app.addUser("Berta", store.Organiser)
	berta, err := app.store.CheckPassword(t.Context(), "Berta", "Berta-password")
	if err != nil {
		t.Fatal(err)
	}
	uid := strconv.FormatInt(berta.ID, 10)
	players := "/api/tournaments/" + strconv.FormatInt(tournamentOf(t, anna.createTournament(settingsForm(nil))), 10) + "/players"
	script := app.client()
	status := func(token string) int { // a staff route: helpers too
		t.Helper()
		return script.api(http.MethodGet, players, "Bearer "+token, nil).status
	}
	newToken := func(label string) string {
		t.Helper()
		tok, err := app.store.NewAPIToken(t.Context(), berta.ID, label)
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
		for _, tok := range decode[[]tokenJSON](t, anna.api(http.MethodGet, "/api/tokens", basic("Anna", "Anna-password"), nil)) {
			if tok.Label == label {
				return strconv.FormatInt(tok.ID, 10)
			}
		}
		t.Fatalf("no token %q", label)
		return ""
	}

	// A password reset ends the browser session and the token alike.
	tok := newToken("Anzeigetafel")
	if r := anna.post("/users/"+uid+"/password", url.Values{"password": {"neues-passwort"}}); r.status != http.StatusSeeOther {
		t.Fatalf("reset: %d", r.status)
	}
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("after a password reset: status %d, want 401", got)
	}

	// A change of role too.
	tok = newToken("Rollenwechsel")
	if r := anna.post("/users/"+uid+"/role", url.Values{"role": {"helper"}}); r.status != http.StatusSeeOther {
		t.Fatalf("role: %d", r.status)
	}
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("after a change of role: status %d, want 401", got)
	}

	// Revoked on the users page: listed, confirmed, gone, audited.
	tok = newToken("Ergebnisdienst")
	page := anna.get("/users").body
	id := tokenID("Ergebnisdienst")
	row := regexp.MustCompile(`(?s)<tr data-testid="token-` + id + `">.*?</tr>`).FindString(page)
	mustContain(t, row, "Ergebnisdienst", "<td>Berta</td>", "unbegrenzt", `href="/users/tokens/`+id+`/revoke"`)
	mustContain(t, anna.get("/users/tokens/"+id+"/revoke").body, `data-testid="revoke-question"`,
		"API-Schlüssel „Ergebnisdienst“ von Berta wirklich widerrufen?")
	if got := status(tok); got != http.StatusOK {
		t.Errorf("the confirmation page revoked: %d", got)
	}
	if r := anna.postRaw("/users/tokens/"+id+"/revoke", url.Values{}, nil); r.status != http.StatusForbidden {
		t.Errorf("revoke without CSRF token: %d, want 403", r.status)
	}
	r := anna.post("/users/tokens/"+id+"/revoke", nil)
	if r.status != http.StatusSeeOther || r.location() != "/users?done=token" {
		t.Fatalf("revoke: %d %q", r.status, r.location())
	}
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("after revoking: status %d, want 401", got)
	}
	page = anna.get(r.location()).body
	mustContain(t, page, "API-Schlüssel widerrufen.", "API-Schlüssel „Ergebnisdienst“ von Berta widerrufen",
		"Passwort von Berta zurückgesetzt; 1 API-Schlüssel widerrufen")
	mustNotContain(t, page, `data-testid="token-`+id+`"`)
	if r := anna.post("/users/tokens/"+id+"/revoke", nil); r.status != http.StatusNotFound {
		t.Errorf("revoke twice: %d, want 404", r.status)
	}

	// Revoked through the API.
	tok = newToken("Skript")
	id = tokenID("Skript")
	if r := script.api(http.MethodDelete, "/api/tokens/"+id, basic("Anna", "Anna-password"), nil); r.status != http.StatusNoContent {
		t.Fatalf("API revoke: %d %s", r.status, r.body)
	}
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("after revoking through the API: status %d, want 401", got)
	}
	if r := script.api(http.MethodDelete, "/api/tokens/"+id, basic("Anna", "Anna-password"), nil); r.status != http.StatusNotFound {
		t.Errorf("API revoke twice: %d", r.status)
	}

	// Expiry, chosen when the token is made on the users page.
	r = anna.post("/users/tokens", url.Values{"label": {"Tagesschlüssel"}, "expires": {"1"}})
	tok = regexp.MustCompile(`<code>([^<]+)</code>`).FindStringSubmatch(r.body)[1]
	if got := status(tok); got != http.StatusOK {
		t.Fatalf("day token: %d", got)
	}
	id = tokenID("Tagesschlüssel")
	app.clock.Add(24*time.Hour - time.Second)
	if got := status(tok); got != http.StatusOK {
		t.Errorf("a second before expiry: %d", got)
	}
	app.clock.Add(time.Second)
	if got := status(tok); got != http.StatusUnauthorized {
		t.Errorf("expired: status %d, want 401", got)
	}
	anna = app.client() // the day ended her session too: log in again
	if r := anna.post("/login", url.Values{"name": {"Anna"}, "password": {"Anna-password"}}); r.status != http.StatusSeeOther {
		t.Fatalf("login: %d", r.status)
	}
	row = regexp.MustCompile(`(?s)<tr data-testid="token-` + id + `">.*?</tr>`).FindString(anna.get("/users").body)
	mustContain(t, row, `data-testid="token-expired"`, "abgelaufen")
	if r := anna.post("/users/tokens", url.Values{"label": {"x"}, "expires": {"365"}}); r.status != http.StatusUnprocessableEntity ||
		!strings.Contains(r.body, "Bitte eine der angebotenen Gültigkeiten wählen.") {
		t.Errorf("unknown lifetime: %d", r.status)
	}
}

// The list shows when a token was last used; the API lists the same,
// never the token or its hash.
func TestAPITokenList(t *testing.T) {
	app := newTestApp(t)
	app.store.Now = app.clock.Now
	anna := app.loggedIn("Anna", store.Organiser)
	org, _ := app.store.CheckPassword(t.Context(), "Anna", "Anna-password")
	tok, err := app.store.CreateAPIToken(t.Context(), org.ID, "Anzeigetafel", 7*24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	list := decode[[]tokenJSON](t, app.client().api(http.MethodGet, "/api/tokens", "Bearer "+tok, nil))
	if len(list) != 1 || list[0].Label != "Anzeigetafel" || list[0].User != "Anna" || list[0].ExpiresAt == nil ||
		!list[0].ExpiresAt.Equal(app.clock.Now().Add(7*24*time.Hour)) || list[0].LastUsed == nil || list[0].Expired {
		t.Fatalf("list %+v", list)
	}
	r := app.client().api(http.MethodGet, "/api/tokens", "Bearer "+tok, nil)
	mustNotContain(t, r.body, tok, "hash")
	page := anna.get("/users").body
	mustContain(t, page, "Zuletzt benutzt", app.clock.Now().Local().Format(tokenTime))
	mustNotContain(t, page, tok)
	if r := app.client().api(http.MethodGet, "/api/tokens", basic("Hans", "x"), nil); r.status != http.StatusUnauthorized {
		t.Errorf("wrong credentials: %d", r.status)
	}
}
