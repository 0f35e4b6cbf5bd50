package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// editFixture is a tournament of 4 cards with Franz (cards 1, 2) and
// Maria (card 3), created by the organiser Anna; Hans is a helper.
type editFixture struct {
	app       *webtest.App
	org, help *webtest.Client
	tour      string
	id        int64
}

func newEditFixture(t *testing.T) editFixture {
	t.Helper()
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	help := app.LoggedIn("Hans", store.Helper)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "4", "max_cards": "3"}))
	for _, sale := range []url.Values{
		{"name": {"Franz Hubr"}, "club": {"SV Modling"}, "phone": {"0664 1"}, "count": {"2"}},
		{"name": {"Maria Berger"}, "count": {"1"}},
	} {
		if r := org.Post(tour+"/sale", sale); r.Status != http.StatusSeeOther {
			t.Fatalf("sell: status %d\n%s", r.Status, r.Body)
		}
	}
	return editFixture{app: app, org: org, help: help, tour: tour, id: webtest.TournamentOf(t, tour)}
}

// written is the tournament's version and number of audit rows, to show
// that a refusal wrote nothing.
func (f editFixture) written(t *testing.T) (int, int) {
	t.Helper()
	tt, err := f.app.Store.Load(t.Context(), f.id)
	if err != nil {
		t.Fatal(err)
	}
	audit, err := f.app.Store.Audit(t.Context(), f.id)
	if err != nil {
		t.Fatal(err)
	}
	return tt.Version, len(audit)
}

func TestEditPlayer(t *testing.T) {
	for _, role := range []string{"organiser", "helper"} {
		t.Run(role, func(t *testing.T) {
			f := newEditFixture(t)
			c, user := f.org, "Anna"
			if role == "helper" {
				c, user = f.help, "Hans"
			}
			// The desk links to the form, which shows the current details and cards.
			webtest.MustContain(t, c.Get(f.tour+"/sale?q=hubr").Body, `href="`+f.tour+`/players/1/edit"`, `data-testid="edit-player-1"`, ">Bearbeiten<")
			r := c.Get(f.tour + "/players/1/edit")
			if r.Status != http.StatusOK {
				t.Fatalf("form: status %d", r.Status)
			}
			webtest.MustContain(t, r.Body, `value="Franz Hubr"`, `value="SV Modling"`, `value="0664 1"`, `data-testid="player-cards">Karten:`, "1, 2",
				`href="`+f.tour+`/sale?q=Franz+Hubr"`)

			r = c.Post(f.tour+"/players/1/edit", url.Values{"name": {"  Franz Huber "}, "club": {"SV Mödling"}, "phone": {""}})
			if r.Status != http.StatusSeeOther || r.Location() != f.tour+"/sale?q=Franz+Huber" {
				t.Fatalf("save: %d %q, want 303 to the desk finding the new name", r.Status, r.Location())
			}
			desk := c.Get(r.Location()).Body
			webtest.MustContain(t, desk, "Franz Huber", "SV Mödling", `data-testid="cancel-2"`)
			webtest.MustNotContain(t, desk, "Franz Hubr<", "0664 1")

			audit, err := f.app.Store.Audit(t.Context(), f.id)
			if err != nil {
				t.Fatal(err)
			}
			if e := audit[0]; e.Action != store.ActionEditPlayer || e.User != user ||
				!strings.Contains(e.Before, "Franz Hubr") || !strings.Contains(e.After, "Franz Huber") {
				t.Errorf("audit: %+v, want %q by %s from the old to the new name", e, store.ActionEditPlayer, user)
			}
		})
	}
}

func TestEditPlayerRefused(t *testing.T) {
	f := newEditFixture(t)
	path := f.tour + "/players/1/edit"
	valid := url.Values{"name": {"Franz Huber"}, "club": {"ASK"}}
	tests := map[string]struct {
		send   func() webtest.Response
		status int
		want   []string
	}{
		"anonymous form": {func() webtest.Response { return f.app.Client().Get(path) }, http.StatusSeeOther, nil},
		"anonymous save": {func() webtest.Response { return f.app.Client().Post(path, valid) }, http.StatusUnauthorized, nil},
		"no CSRF token": {func() webtest.Response {
			return f.help.PostRaw(path, valid, nil)
		}, http.StatusForbidden, nil},
		"empty name": {func() webtest.Response {
			return f.help.Post(path, url.Values{"name": {"   "}, "club": {"Neuer Verein"}, "phone": {"0676 9"}})
		}, http.StatusUnprocessableEntity, []string{`data-testid="error-name"`, "Der Name fehlt", `value="Neuer Verein"`, `value="0676 9"`, "1, 2"}},
		"name too long": {func() webtest.Response {
			return f.help.Post(path, url.Values{"name": {strings.Repeat("x", 81)}})
		}, http.StatusUnprocessableEntity, []string{`data-testid="error-name"`, "höchstens 80 Zeichen, nicht 81"}},
		"unknown player form": {func() webtest.Response { return f.help.Get(f.tour + "/players/9/edit") }, http.StatusNotFound, []string{"Es gibt keine Person 9"}},
		"unknown player save": {func() webtest.Response { return f.help.Post(f.tour+"/players/9/edit", valid) }, http.StatusNotFound, []string{"Es gibt keine Person 9"}},
		"bad player id":       {func() webtest.Response { return f.help.Get(f.tour + "/players/x/edit") }, http.StatusNotFound, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			version, rows := f.written(t)
			r := tc.send()
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d\n%s", r.Status, tc.status, r.Body)
			}
			webtest.MustContain(t, r.Body, tc.want...)
			if v, n := f.written(t); v != version || n != rows {
				t.Errorf("refused, yet written: version %d→%d, audit rows %d→%d", version, v, rows, n)
			}
		})
	}
	if r := f.app.Client().Get(path); !strings.HasPrefix(r.Location(), "/login?next=") {
		t.Errorf("anonymous form: to %q, want the login", r.Location())
	}
}

func TestEditPlayerEscapesName(t *testing.T) {
	f := newEditFixture(t)
	hostile := `<script>alert("x")</script>"><img src=x onerror=alert(1)>`
	r := f.help.Post(f.tour+"/players/1/edit", url.Values{"name": {hostile}, "club": {`"><b>club`}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("save: status %d\n%s", r.Status, r.Body)
	}
	for _, page := range []string{r.Location(), f.tour + "/players/1/edit", f.tour} {
		body := f.help.Get(page).Body
		webtest.MustContain(t, body, "&lt;script&gt;")
		webtest.MustNotContain(t, body, "<script>alert", "<img src=x", "<b>club")
	}
}

func TestEditPlayerBack(t *testing.T) {
	f := newEditFixture(t)
	tests := map[string]struct{ back, want string }{
		"local path":        {f.tour + "/rounds/1?x=1", f.tour + "/rounds/1?x=1"},
		"none":              {"", f.tour + "/sale?q=Franz+Huber"},
		"other site":        {"https://evil.example/", f.tour + "/sale?q=Franz+Huber"},
		"scheme-relative":   {"//evil.example/", f.tour + "/sale?q=Franz+Huber"},
		"backslash":         {`/\evil.example/`, f.tour + "/sale?q=Franz+Huber"},
		"tab browsers drop": {"/\t/evil.example/", f.tour + "/sale?q=Franz+Huber"},
		"relative":          {"sale", f.tour + "/sale?q=Franz+Huber"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			// The form carries the back target on to the save.
			form := f.help.Get(f.tour + "/players/1/edit?back=" + url.QueryEscape(tc.back)).Body
			if tc.want == tc.back {
				webtest.MustContain(t, form, `name="back" value="`+strings.ReplaceAll(tc.back, "&", "&amp;")+`"`)
			} else {
				webtest.MustContain(t, form, `name="back" value=""`)
			}
			r := f.help.Post(f.tour+"/players/1/edit", url.Values{"name": {"Franz Huber"}, "back": {tc.back}})
			if r.Status != http.StatusSeeOther || r.Location() != tc.want {
				t.Errorf("save: %d %q, want 303 to %q", r.Status, r.Location(), tc.want)
			}
		})
	}
}

func TestEditPlayerAfterDraw(t *testing.T) {
	f := newEditFixture(t)
	f.app.DrawRound1(f.id)
	round := f.tour + "/rounds/1"
	webtest.MustContain(t, f.app.Client().Get(round).Body, "Franz Hubr")
	// The round page links here with itself as the way back.
	r := f.org.Post(f.tour+"/players/1/edit", url.Values{"name": {"Franz Huber"}, "club": {"SV Mödling"}, "back": {round}})
	if r.Status != http.StatusSeeOther || r.Location() != round {
		t.Fatalf("save after the draw: %d %q\n%s", r.Status, r.Location(), r.Body)
	}
	body := f.app.Client().Get(round).Body
	webtest.MustContain(t, body, "Franz Huber")
	webtest.MustNotContain(t, body, "Franz Hubr<")
}

func TestAPIEditPlayer(t *testing.T) {
	f := newEditFixture(t)
	hans := webtest.Basic("Hans", "Hans-password")
	c := f.app.Client()
	path := "/api/tournaments/" + strings.TrimPrefix(f.tour, "/t/") + "/players/"

	// Only the fields sent change.
	r := c.API(http.MethodPatch, path+"1", hans, map[string]any{"club": " SV Mödling "})
	if r.Status != http.StatusOK {
		t.Fatalf("patch club: %d %s", r.Status, r.Body)
	}
	got := webtest.Decode[playerJSON](t, r)
	if got.ID != 1 || got.Name != "Franz Hubr" || got.Club != "SV Mödling" || got.Phone != "0664 1" || len(got.Cards) != 2 {
		t.Errorf("patch club: %+v", got)
	}
	r = c.API(http.MethodPatch, path+"1", hans, map[string]any{"name": "Franz Huber", "phone": ""})
	if got := webtest.Decode[playerJSON](t, r); got.Name != "Franz Huber" || got.Club != "SV Mödling" || got.Phone != "" {
		t.Errorf("patch name and phone: %+v", got)
	}

	tests := map[string]struct {
		method, pid, auth string
		body              any
		status            int
		code, field       string
	}{
		"anonymous":     {http.MethodPatch, "1", "", map[string]any{"name": "X"}, http.StatusUnauthorized, "unauthorized", ""},
		"empty name":    {http.MethodPatch, "1", hans, map[string]any{"name": " "}, http.StatusUnprocessableEntity, "name_required", "name"},
		"unknown":       {http.MethodPatch, "9", hans, map[string]any{"club": "X"}, http.StatusNotFound, "player_not_found", "player"},
		"bad id":        {http.MethodPatch, "x", hans, map[string]any{"club": "X"}, http.StatusNotFound, "not_found", ""},
		"unknown field": {http.MethodPatch, "1", hans, map[string]any{"nickname": "X"}, http.StatusBadRequest, "bad_request", "nickname"},
		"wrong type":    {http.MethodPatch, "1", hans, map[string]any{"name": 7}, http.StatusBadRequest, "bad_request", "name"},
		"no body":       {http.MethodPatch, "1", hans, nil, http.StatusUnsupportedMediaType, "json_required", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			version, rows := f.written(t)
			r := c.API(tc.method, path+tc.pid, tc.auth, tc.body)
			e := webtest.Decode[struct{ Code, Field string }](t, r)
			if r.Status != tc.status || e.Code != tc.code || e.Field != tc.field {
				t.Errorf("%d %s, want %d %s (field %q)", r.Status, r.Body, tc.status, tc.code, tc.field)
			}
			if v, n := f.written(t); v != version || n != rows {
				t.Errorf("refused, yet written: version %d→%d, audit rows %d→%d", version, v, rows, n)
			}
		})
	}
}

func TestSafeBack(t *testing.T) {
	tests := map[string]struct{ in, want string }{
		"path":            {"/t/1/rounds/1", "/t/1/rounds/1"},
		"path and query":  {"/t/1/sale?q=a", "/t/1/sale?q=a"},
		"empty":           {"", ""},
		"absolute":        {"http://evil.example", ""},
		"scheme-relative": {"//evil.example", ""},
		"backslash":       {`/\evil.example`, ""},
		"inner backslash": {`/a\b`, ""},
		"newline":         {"/\n/evil.example", ""},
		"javascript":      {"javascript:alert(1)", ""},
	}
	for name, tc := range tests {
		if got := safeBack(tc.in); got != tc.want {
			t.Errorf("%s: safeBack(%q) = %q, want %q", name, tc.in, got, tc.want)
		}
	}
}

func TestOverviewEditLinks(t *testing.T) {
	f := newEditFixture(t)
	link := `href="` + f.tour + `/players/2/edit?back=` + url.QueryEscape(f.tour) + `"`
	webtest.MustContain(t, f.help.Get(f.tour).Body, link, `data-testid="edit-player-1"`)
	webtest.MustNotContain(t, f.app.Client().Get(f.tour).Body, "/edit", `data-testid="edit-player-`)
	// The link's way back leads to the overview again.
	r := f.help.Post(f.tour+"/players/2/edit", url.Values{"name": {"Maria Berger-Huber"}, "back": {f.tour}})
	if r.Status != http.StatusSeeOther || r.Location() != f.tour {
		t.Errorf("save from the overview: %d %q, want 303 to %q", r.Status, r.Location(), f.tour)
	}
}
