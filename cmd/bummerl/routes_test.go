package main

import (
	"net/http"
	"strings"
	"testing"

	"bummerl/store"
)

// TestRouteAccess walks every route Echo knows and checks it against the
// access level it was registered with: anonymous visitors are refused on
// staff and organiser routes, helpers on organiser routes. A route added
// without routeGroup.add fails here.
func TestRouteAccess(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	helper := app.loggedIn("Hans", store.Helper)
	tour := org.createTournament(settingsForm(nil))
	id := strings.TrimPrefix(tour, "/t/")

	publicRoutes := map[string]bool{}
	for _, r := range app.echo.Routes() {
		key := r.Method + " " + r.Path
		level, ok := app.s.access[key]
		if !ok {
			t.Errorf("%s: registered without an access level", key)
			continue
		}
		if level == public {
			publicRoutes[key] = true
			continue
		}
		path := strings.NewReplacer(":id", id, ":no", "1", ":pid", "1").Replace(r.Path)
		t.Run(key, func(t *testing.T) {
			anon := app.client()
			got := anon.request(r.Method, path, nil, nil)
			switch {
			case strings.HasPrefix(path, "/api/"):
				if got.status != http.StatusUnauthorized {
					t.Errorf("anonymous: status %d, want 401", got.status)
				}
			case r.Method == http.MethodGet:
				if got.status != http.StatusSeeOther || !strings.HasPrefix(got.location(), "/login?next=") {
					t.Errorf("anonymous: %d %q, want 303 to the login", got.status, got.location())
				}
			default:
				if got.status != http.StatusUnauthorized {
					t.Errorf("anonymous: status %d, want 401", got.status)
				}
			}
			h := helper.request(r.Method, path, nil, map[string]string{"X-CSRF-Token": helper.csrf()})
			if level == organiser && h.status != http.StatusForbidden {
				t.Errorf("helper on an organiser route: status %d, want 403", h.status)
			}
			if level == staff && (h.status == http.StatusForbidden || h.status == http.StatusUnauthorized) {
				t.Errorf("helper on a staff route: status %d", h.status)
			}
		})
	}
	// The public routes are exactly these; a new one must be added here on purpose.
	want := []string{
		"GET /", "GET /setup", "POST /setup", "GET /login", "POST /login", "POST /logout",
		"GET /t/:id", "GET /t/:id/card", "GET /t/:id/card/:no", "GET /t/:id/card/:no/qr.png",
		"GET /static/*", "HEAD /static/*",
		"GET /api/tournaments", "GET /api/tournaments/:id", "GET /api/tournaments/:id/cards/:no/next",
		// Rounds, protocols, standings and prizes are public (P-4: anyone may verify a draw).
		"GET /t/:id/rounds", "GET /t/:id/rounds/:round", "GET /t/:id/rounds/:round/protocol.json", "GET /t/:id/standings",
		"GET /api/tournaments/:id/draw", "GET /api/tournaments/:id/rounds", "GET /api/tournaments/:id/rounds/:round",
		"GET /api/tournaments/:id/rounds/:round/protocol", "GET /api/tournaments/:id/standings", "GET /api/tournaments/:id/prizes",
	}
	for _, k := range want {
		if !publicRoutes[k] {
			t.Errorf("%s: want a public route", k)
		}
		delete(publicRoutes, k)
	}
	for k := range publicRoutes {
		t.Errorf("%s: public, but not in the list of public routes", k)
	}
}

func TestStatic(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
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
			r := c.request(tc.method, tc.path, nil, nil)
			if r.status != tc.status || !strings.Contains(r.header.Get("Content-Type"), tc.contentType) {
				t.Errorf("%s %s: %d %q, want %d %q", tc.method, tc.path, r.status, r.header.Get("Content-Type"), tc.status, tc.contentType)
			}
		})
	}
}
