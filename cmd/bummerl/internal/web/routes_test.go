package web

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// TestRouteAccess walks every route Echo knows and checks it against the
// access level it was registered with: anonymous visitors are refused on
// staff and organiser routes, helpers on organiser routes, whether they
// come with a session or, on the API, with Basic or a Bearer token. The
// public and organiser routes are listed here on purpose, so moving a route
// to a weaker group fails; a route added without routeGroup.add fails too.
func TestRouteAccess(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	helper := app.LoggedIn("Hans", store.Helper)
	hans, err := app.Store.CheckPassword(t.Context(), "Hans", "Hans-password")
	if err != nil {
		t.Fatal(err)
	}
	helperToken, err := app.Store.NewAPIToken(t.Context(), hans.ID, "script")
	if err != nil {
		t.Fatal(err)
	}
	tour := org.CreateTournament(webtest.SettingsForm(nil))
	id := strings.TrimPrefix(tour, "/t/")

	// Each way a helper can ask; the API ones only on API routes.
	helperAs := map[string]func(method, path string) webtest.Response{
		"session": func(method, path string) webtest.Response {
			return helper.Request(method, path, nil, map[string]string{"X-CSRF-Token": helper.CSRF()})
		},
		"basic": func(method, path string) webtest.Response {
			return app.Client().API(method, path, webtest.Basic("Hans", "Hans-password"), nil)
		},
		"bearer": func(method, path string) webtest.Response {
			return app.Client().API(method, path, "Bearer "+helperToken, nil)
		},
	}

	levels := map[access]map[string]bool{public: {}, staff: {}, organiser: {}}
	for _, r := range echoOf(app).Routes() {
		key := r.Method + " " + r.Path
		level, ok := serverOf(app).access[key]
		if !ok {
			t.Errorf("%s: registered without an access level", key)
			continue
		}
		levels[level][key] = true
		if level == public {
			continue
		}
		path := strings.NewReplacer(":id", id, ":no", "1", ":pid", "1").Replace(r.Path)
		api := strings.HasPrefix(path, "/api/")
		t.Run(key, func(t *testing.T) {
			anon := app.Client()
			got := anon.Request(r.Method, path, nil, nil)
			switch {
			case api || r.Method != http.MethodGet:
				if got.Status != http.StatusUnauthorized {
					t.Errorf("anonymous: status %d, want 401", got.Status)
				}
			default:
				if got.Status != http.StatusSeeOther || !strings.HasPrefix(got.Location(), "/login?next=") {
					t.Errorf("anonymous: %d %q, want 303 to the login", got.Status, got.Location())
				}
			}
			if api {
				if got := anon.API(r.Method, path, "Bearer not-a-token", nil); got.Status != http.StatusUnauthorized {
					t.Errorf("unknown token: status %d, want 401", got.Status)
				}
				if got := anon.API(r.Method, path, webtest.Basic("Hans", "wrong-password"), nil); got.Status != http.StatusUnauthorized {
					t.Errorf("wrong password: status %d, want 401", got.Status)
				}
				// Every API route guesses once from this address: past the
				// free attempts the address would wait (429) for the helper's
				// right password below, so the wait is let pass.
				app.Clock.Add(maxWait + time.Second)
			}
			for how, ask := range helperAs {
				if how != "session" && !api {
					continue
				}
				h := ask(r.Method, path)
				if level == organiser && h.Status != http.StatusForbidden {
					t.Errorf("helper (%s) on an organiser route: status %d, want 403", how, h.Status)
				}
				if level == staff && (h.Status == http.StatusForbidden || h.Status == http.StatusUnauthorized) {
					t.Errorf("helper (%s) on a staff route: status %d", how, h.Status)
				}
			}
		})
	}
	// The public routes are exactly these; a new one must be added here on purpose.
	wantPublic := []string{
		"GET /", "GET /setup", "POST /setup", "GET /login", "POST /login", "POST /logout",
		"GET /t/:id", "GET /t/:id/card", "GET /t/:id/card/:no", "GET /t/:id/card/:no/qr.png",
		"GET /static/*", "HEAD /static/*",
		"GET /healthz", // up, database, schema version: for a proxy (issue 26)
		"GET /api/tournaments", "GET /api/tournaments/:id", "GET /api/tournaments/:id/cards/:no/next",
		// Rounds, protocols, standings and prizes are public (P-4: anyone may verify a draw).
		"GET /t/:id/rounds", "GET /t/:id/rounds/:round", "GET /t/:id/rounds/:round/protocol.json", "GET /t/:id/standings",
		// The live stream carries revision numbers only.
		"GET /t/:id/events",
		"GET /api/tournaments/:id/draw", "GET /api/tournaments/:id/rounds", "GET /api/tournaments/:id/rounds/:round",
		"GET /api/tournaments/:id/rounds/:round/protocol", "GET /api/tournaments/:id/standings", "GET /api/tournaments/:id/prizes",
		// The projector and the board of the tables show what the room sees anyway.
		"GET /t/:id/screen", "GET /api/tournaments/:id/tables",
		// Wo spiele ich? (issue 23): names, tables and card numbers, as the room sees them.
		"GET /t/:id/names", "GET /t/:id/screen/names",
		// A season's standings (issue 24): no phones.
		"GET /api/seasons/:sid", "GET /seasons", "GET /seasons/:sid", "GET /seasons/:sid/print", "GET /seasons/:sid/standings.csv",
		// A digital table's seat: the secret link is the access (issue 11, docs/play.md).
		"GET /play/:token", "GET /play/:token/table", "GET /play/:token/state.json", "POST /play/:token/move",
		"GET /play/:token/events", "GET /play/:token/record.json", "GET /play/:token/replay",
		// The bot's explanation of a step of a replay (issue 25): what the replay shows.
		"GET /play/:token/replay/why",
		// Practice against the computer (issue 25): anyone; the game's secret link is the access.
		"GET /practice", "POST /practice",
		"GET /practice/:token", "GET /practice/:token/table", "GET /practice/:token/state.json", "POST /practice/:token/move",
		"GET /practice/:token/events", "GET /practice/:token/record.json", "GET /practice/:token/replay", "GET /practice/:token/replay/why",
		// The referee judges a posted record and stores nothing (issue 12, docs/api.md).
		"POST /api/referee",
	}
	// Settings, draws and their undo, accounts, tokens, backup and history
	// are for organisers only.
	wantOrganiser := []string{
		"GET /tournaments/new", "POST /tournaments", "GET /t/:id/settings", "POST /t/:id/settings", "POST /t/:id/resize",
		"GET /t/:id/draw", "POST /t/:id/draw/announce", "POST /t/:id/draw/digital", "POST /t/:id/draw/physical",
		"POST /t/:id/draw/undo", "GET /t/:id/history", "GET /t/:id/draw/undo", "GET /t/:id/resize",
		"GET /t/:id/takings", "GET /api/tournaments/:id/takings",
		// The till (issue 23): money, organisers only.
		"GET /t/:id/takings/report", "POST /t/:id/payouts", "GET /t/:id/payouts/:no/cancel", "POST /t/:id/payouts/:no/cancel",
		"GET /api/tournaments/:id/payouts", "POST /api/tournaments/:id/payouts", "DELETE /api/tournaments/:id/payouts/:no",
		"GET /t/:id/export/:file", "GET /api/tournaments/:id/export/:file",
		// A tournament's document holds the players' phones (issue 13).
		"GET /t/:id/export.json", "GET /api/tournaments/:id/export", "GET /tournaments/import", "POST /tournaments/import", "POST /tournaments/import/confirm", "POST /api/tournaments/import",
		"PUT /api/tournaments/:id/settings", "POST /api/tournaments/:id/resize",
		"GET /users", "POST /users", "POST /users/tokens", "GET /users/tokens/:tid/revoke", "POST /users/tokens/:tid/revoke", "POST /users/:uid/role", "POST /users/:uid/password",
		"GET /users/:uid/remove", "POST /users/:uid/remove", "GET /backup",
		"POST /api/tournaments", "GET /api/tokens", "DELETE /api/tokens/:tid", "POST /api/tournaments/:id/draw/announce", "POST /api/tournaments/:id/draw/digital",
		"POST /api/tournaments/:id/draw/physical", "DELETE /api/tournaments/:id/rounds/:round",
		"POST /t/:id/tables/count", "PUT /api/tournaments/:id/tables",
		// The look of the digital tables' cards (issue 11).
		"POST /t/:id/play/settings",
		// Late entry and withdrawal in the Swiss system (issue 14).
		"POST /t/:id/swiss/late", "GET /t/:id/swiss/withdraw", "POST /t/:id/swiss/withdraw",
		"GET /t/:id/swiss/reinstate", "POST /t/:id/swiss/reinstate", "POST /api/tournaments/:id/cards/:no/reinstate",
		"POST /api/tournaments/:id/late-entries", "POST /api/tournaments/:id/cards/:no/withdraw",
		"GET /t/:id/swiss/end", "POST /t/:id/swiss/end", "POST /api/tournaments/:id/end",
		"POST /t/:id/swiss/seeds", "PUT /api/tournaments/:id/seeds", // the seed list (SW-4)
		// A season's rules and evenings (issue 24).
		"GET /seasons/new", "POST /seasons", "GET /seasons/:sid/edit", "POST /seasons/:sid/edit", "POST /seasons/:sid/evenings",
		// Merging, erasing and exporting a person of the register (issue 24).
		"GET /persons/:pid/merge", "POST /persons/:pid/merge", "GET /persons/:pid/erase", "POST /persons/:pid/erase",
		"GET /persons/:pid/export.json",
	}
	for level, want := range map[access][]string{public: wantPublic, organiser: wantOrganiser} {
		got := levels[level]
		for _, k := range want {
			if !got[k] {
				t.Errorf("%s: want access level %d", k, level)
			}
			delete(got, k)
		}
		for k := range got {
			t.Errorf("%s: access level %d, but not in its list", k, level)
		}
	}
	if len(levels[staff]) == 0 {
		t.Error("no staff routes")
	}
}

// TestStateChangesNeedCSRF: every route that changes something refuses a
// browser's request without the CSRF token, even from an organiser.
func TestStateChangesNeedCSRF(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	id := strings.TrimPrefix(org.CreateTournament(webtest.SettingsForm(nil)), "/t/")
	for _, r := range echoOf(app).Routes() {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			continue
		}
		if r.Method+" "+r.Path == "POST /api/referee" {
			continue // judges the posted record and changes nothing: no CSRF token (referee_api.go)
		}
		path := strings.NewReplacer(":id", id, ":no", "1", ":pid", "1", ":uid", "1", ":round", "1", ":match", "1").Replace(r.Path)
		got := org.Request(r.Method, path, nil, nil)
		if got.Status != http.StatusForbidden {
			t.Errorf("%s %s without a CSRF token: status %d, want 403", r.Method, r.Path, got.Status)
		}
	}
	if n, err := app.Store.CountUsers(t.Context()); err != nil || n != 1 {
		t.Errorf("users after refused posts: %d, %v", n, err)
	}
}

func TestStatic(t *testing.T) {
	app := newTestApp(t)
	c := app.Client()
	tests := map[string]struct {
		method, path string
		status       int
		contentType  string
	}{
		"css":          {http.MethodGet, "/static/style.css", http.StatusOK, "text/css"},
		"htmx":         {http.MethodGet, "/static/htmx.min.js", http.StatusOK, "javascript"},
		"head":         {http.MethodHead, "/static/style.css", http.StatusOK, "text/css"},
		"missing":      {http.MethodGet, "/static/nope.js", http.StatusNotFound, ""},
		"go source":    {http.MethodGet, "/static/embed.go", http.StatusNotFound, ""},
		"unknown page": {http.MethodGet, "/no/such/page", http.StatusNotFound, "text/html"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := c.Request(tc.method, tc.path, nil, nil)
			if r.Status != tc.status || !strings.Contains(r.Header.Get("Content-Type"), tc.contentType) {
				t.Errorf("%s %s: %d %q, want %d %q", tc.method, tc.path, r.Status, r.Header.Get("Content-Type"), tc.status, tc.contentType)
			}
		})
	}
}
