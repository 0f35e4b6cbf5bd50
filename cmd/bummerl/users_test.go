package main

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"bummerl/store"
)

// Organisers change roles, reset passwords and remove accounts from the
// users page; the last organiser and oneself cannot be removed; a removed
// or reset user's browser is logged out.
func TestManageUsers(t *testing.T) {
	type step struct {
		action  string // role, password, remove
		target  string
		value   string
		status  int
		message string
	}
	tests := map[string]struct {
		steps     []step
		loggedOut bool // Hans' own browser is logged out afterwards
		hansRole  store.Role
	}{
		"make organiser":        {[]step{{"role", "Hans", "organiser", http.StatusSeeOther, "Rolle geändert."}}, false, store.Organiser},
		"unknown role":          {[]step{{"role", "Hans", "boss", http.StatusUnprocessableEntity, "Unbekannte Rolle"}}, false, store.Helper},
		"reset password":        {[]step{{"password", "Hans", "neues-passwort", http.StatusSeeOther, "Passwort gesetzt"}}, true, store.Helper},
		"password too short":    {[]step{{"password", "Hans", "kurz", http.StatusUnprocessableEntity, "kürzer als 8 Zeichen"}}, false, store.Helper},
		"remove":                {[]step{{"remove", "Hans", "", http.StatusSeeOther, "Benutzer entfernt"}}, true, ""},
		"remove oneself":        {[]step{{"remove", "Anna", "", http.StatusConflict, "Sich selbst kann man nicht entfernen."}}, false, store.Helper},
		"last organiser helper": {[]step{{"role", "Anna", "helper", http.StatusConflict, "letzte Organisator"}}, false, store.Helper},
		"no such user":          {[]step{{"remove", "Nobody", "", http.StatusNotFound, ""}}, false, store.Helper},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			app := newTestApp(t)
			anna := app.loggedIn("Anna", store.Organiser)
			hans := app.loggedIn("Hans", store.Helper)
			ids := map[string]string{"Nobody": "999"}
			users, err := app.store.Users(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range users {
				ids[u.Name] = strconv.FormatInt(u.ID, 10)
			}
			page := anna.get("/users").body
			mustContain(t, page, `data-testid="remove-`+ids["Hans"]+`"`, `action="/users/`+ids["Hans"]+`/password"`)
			mustNotContain(t, page, `data-testid="remove-`+ids["Anna"]+`"`)
			if r := hans.post("/users/"+ids["Anna"]+"/remove", nil); r.status != http.StatusForbidden {
				t.Errorf("helper removes: %d", r.status)
			}
			for _, s := range tc.steps {
				form := url.Values{}
				if s.value != "" {
					form.Set(s.action, s.value)
				}
				r := anna.post("/users/"+ids[s.target]+"/"+s.action, form)
				if r.status == http.StatusSeeOther {
					r = anna.get(r.location())
					r.status = http.StatusSeeOther
				}
				if r.status != s.status {
					t.Fatalf("%s %s: status %d, want %d\n%s", s.action, s.target, r.status, s.status, r.body)
				}
				mustContain(t, r.body, s.message)
			}
			if r := hans.get("/tournaments"); (r.status == http.StatusSeeOther) != tc.loggedOut {
				t.Errorf("Hans' browser: status %d, logged out want %v", r.status, tc.loggedOut)
			}
			users, _ = app.store.Users(t.Context())
			var role store.Role
			for _, u := range users {
				if u.Name == "Hans" {
					role = u.Role
				}
			}
			if role != tc.hansRole {
				t.Errorf("Hans is %q, want %q", role, tc.hansRole)
			}
		})
	}
}
