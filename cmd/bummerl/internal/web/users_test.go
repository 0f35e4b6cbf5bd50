package web

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
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
			anna := app.LoggedIn("Anna", store.Organiser)
			hans := app.LoggedIn("Hans", store.Helper)
			ids := map[string]string{"Nobody": "999"}
			users, err := app.Store.Users(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range users {
				ids[u.Name] = strconv.FormatInt(u.ID, 10)
			}
			page := anna.Get("/users").Body
			webtest.MustContain(t, page, `data-testid="remove-`+ids["Hans"]+`"`, `action="/users/`+ids["Hans"]+`/password"`)
			webtest.MustNotContain(t, page, `data-testid="remove-`+ids["Anna"]+`"`)
			if r := hans.Post("/users/"+ids["Anna"]+"/remove", nil); r.Status != http.StatusForbidden {
				t.Errorf("helper removes: %d", r.Status)
			}
			for _, s := range tc.steps {
				form := url.Values{}
				if s.value != "" {
					form.Set(s.action, s.value)
				}
				r := anna.Post("/users/"+ids[s.target]+"/"+s.action, form)
				if r.Status == http.StatusSeeOther {
					r = anna.Get(r.Location())
					r.Status = http.StatusSeeOther
				}
				if r.Status != s.status {
					t.Fatalf("%s %s: status %d, want %d\n%s", s.action, s.target, r.Status, s.status, r.Body)
				}
				webtest.MustContain(t, r.Body, s.message)
			}
			if r := hans.Get("/tournaments"); (r.Status == http.StatusSeeOther) != tc.loggedOut {
				t.Errorf("Hans' browser: status %d, logged out want %v", r.Status, tc.loggedOut)
			}
			users, _ = app.Store.Users(t.Context())
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

// Removing an account asks first, on a page of its own: the users page
// links to it, it names the account and posts the removal; nothing is
// removed by opening it. Oneself is refused there already.
func TestRemoveUserConfirm(t *testing.T) {
	app := newTestApp(t)
	anna := app.LoggedIn("Anna", store.Organiser)
	app.AddUser("Hans", store.Helper)
	ids := map[string]string{}
	users, err := app.Store.Users(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range users {
		ids[u.Name] = strconv.FormatInt(u.ID, 10)
	}
	confirm := "/users/" + ids["Hans"] + "/remove"
	webtest.MustContain(t, anna.Get("/users").Body, `href="`+confirm+`" data-testid="remove-`+ids["Hans"]+`"`)
	r := anna.Get(confirm)
	if r.Status != http.StatusOK {
		t.Fatalf("confirmation page: status %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, "Hans (Helfer) wirklich entfernen?", `action="`+confirm+`"`, `data-testid="remove-confirm"`)
	if n, _ := app.Store.CountUsers(t.Context()); n != 2 {
		t.Fatalf("%d users after opening the confirmation, want 2", n)
	}
	self := anna.Get("/users/" + ids["Anna"] + "/remove")
	webtest.MustContain(t, self.Body, "Sich selbst kann man nicht entfernen.")
	webtest.MustNotContain(t, self.Body, `data-testid="remove-confirm"`)
	if r := anna.Get("/users/999/remove"); r.Status != http.StatusNotFound {
		t.Errorf("confirmation for nobody: status %d, want 404", r.Status)
	}
	if r := anna.Post(confirm, nil); r.Status != http.StatusSeeOther {
		t.Fatalf("remove: status %d\n%s", r.Status, r.Body)
	}
	if n, _ := app.Store.CountUsers(t.Context()); n != 1 {
		t.Errorf("%d users after the removal, want 1", n)
	}
}

// The users page shows organisers the latest changes of accounts, made
// through the pages: who, what, the account before and after, never the
// password or the token.
func TestUserAuditPage(t *testing.T) {
	app := newTestApp(t)
	anna := app.LoggedIn("Anna", store.Organiser)
	steps := []struct {
		path string
		form url.Values
	}{
		{"/users", url.Values{"name": {"Hans"}, "password": {"hans-geheim-1"}, "role": {"helper"}}},
		{"/users/2/role", url.Values{"role": {"organiser"}}},
		{"/users/2/password", url.Values{"password": {"hans-geheim-2"}}},
		{"/users/2/remove", nil},
	}
	for _, s := range steps {
		if r := anna.Post(s.path, s.form); r.Status != http.StatusSeeOther {
			t.Fatalf("%s: status %d\n%s", s.path, r.Status, r.Body)
		}
	}
	r := anna.Post("/users/tokens", url.Values{"label": {"Anzeigetafel"}})
	token := webtest.TestidText(t, r.Body, "new-token")
	page := anna.Get("/users").Body
	actions := regexp.MustCompile(`data-testid="user-audit-action" data-action="([^"]*)">([^<]*)<`).FindAllStringSubmatch(page, -1)
	var got []string
	for _, a := range actions {
		got = append(got, a[1])
	}
	want := []string{"create API token", "remove user", "reset password", "set role", "add user", "add user"}
	if !slices.Equal(got, want) {
		t.Errorf("audit on the users page %q, want %q", got, want)
	}
	// Each change in one line of the page's language, not as JSON.
	for lang, want := range map[string][]string{
		"de": {"API-Schlüssel „Anzeigetafel“ für Anna erstellt", "Hans entfernt", "Passwort von Hans zurückgesetzt",
			"Rolle von Hans: Helfer → Turnierleitung", "Hans als Helfer angelegt", "Anna als Turnierleitung angelegt"},
		"en": {"API key “Anzeigetafel” created for Anna", "Hans removed", "Password of Hans reset",
			"Role of Hans: Helper → Organiser", "Hans added as Helper", "Anna added as Organiser"},
	} {
		page := anna.Get("/users?lang=" + lang).Body
		var said []string
		for _, a := range regexp.MustCompile(`data-testid="user-audit-action" data-action="[^"]*">\s*([^<]*?)\s*<`).FindAllStringSubmatch(page, -1) {
			said = append(said, a[1])
		}
		if !slices.Equal(said, want) {
			t.Errorf("%s: changes said as %q, want %q", lang, said, want)
		}
		webtest.MustNotContain(t, page, "&#34;role&#34;")
	}
	webtest.MustNotContain(t, page, "hans-geheim", "$2a$")
	if tok := strings.TrimSpace(token); tok != "" && strings.Contains(page, tok) {
		t.Error("the users page shows the API token again")
	}
}

// User names and token labels go through domain/text like every other
// text; a name that folds to an existing one is taken; the message stands
// at its field.
func TestUserTextChecks(t *testing.T) {
	app := newTestApp(t)
	anna := app.LoggedIn("Anna", store.Organiser)
	tests := map[string]struct {
		path           string
		form           url.Values
		status         int
		field, message string
	}{
		"zero-width twin": {"/users", url.Values{"name": {"anna\u200b"}, "password": {"geheim123"}, "role": {"helper"}},
			http.StatusUnprocessableEntity, "name", "Benutzername enthält ein unsichtbares Zeichen (U+200B)"},
		"upper-case twin": {"/users", url.Values{"name": {"ANNA"}, "password": {"geheim123"}, "role": {"helper"}},
			http.StatusConflict, "name", "existiert bereits"},
		"full-width twin": {"/users", url.Values{"name": {"ａｎｎａ"}, "password": {"geheim123"}, "role": {"helper"}},
			http.StatusConflict, "name", "existiert bereits"},
		"name too long": {"/users", url.Values{"name": {strings.Repeat("x", 81)}, "password": {"geheim123"}, "role": {"helper"}},
			http.StatusUnprocessableEntity, "name", "Benutzername: höchstens 80 Zeichen, nicht 81"},
		"label too long": {"/users/tokens", url.Values{"label": {strings.Repeat("x", 61)}},
			http.StatusUnprocessableEntity, "label", "Bezeichnung: höchstens 60 Zeichen, nicht 61"},
		"label RLO": {"/users/tokens", url.Values{"label": {"Tafel\u202e"}},
			http.StatusUnprocessableEntity, "label", "Bezeichnung enthält ein unsichtbares Zeichen (U+202E)"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := anna.Post(tc.path, tc.form)
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d", r.Status, tc.status)
			}
			i := strings.Index(r.Body, `data-testid="error-`+tc.field+`"`)
			if i < 0 {
				t.Fatalf("no message at %s:\n%s", tc.field, r.Body)
			}
			webtest.MustContain(t, r.Body[i:min(i+300, len(r.Body))], tc.message)
			webtest.MustNotContain(t, r.Body, `data-testid="new-token"`)
		})
	}
	if users, _ := app.Store.Users(t.Context()); len(users) != 1 {
		t.Errorf("users %+v", users)
	}
}
