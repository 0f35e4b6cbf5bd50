package web

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// walkForm is one tournament the route walk runs against.
type walkForm struct {
	name     string
	settings map[string]string
	sold     int  // players with one card each
	drawn    bool // round 1 drawn, match 1 at a digital table
}

// TestNoRouteFails (issue 20): every route Echo knows, for a Preisschnapsen
// and a Swiss tournament each before and after round 1 is drawn, asked by
// every role — anonymous, helper, organiser, and on the API an organiser's
// token — with plausible path parameters and an empty and a simple body
// (with a valid CSRF token), answers without a server error. Refusals are
// fine; a 5xx is a handler that did not expect what anyone can send.
func TestNoRouteFails(t *testing.T) {
	t.Parallel() // slow and on its own app: runs beside the browser tests
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	helper := app.LoggedIn("Hans", store.Helper)
	app.AddUser("Otto", store.Helper) // user 3, whom the user routes change
	token, err := app.Store.NewAPIToken(t.Context(), 1, "walk")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.Store.NewAPIToken(t.Context(), 1, "spare"); err != nil { // token 2, which the token routes revoke
		t.Fatal(err)
	}
	forms := []walkForm{
		{"Preisschnapsen before the draw", nil, 6, false},
		{"Preisschnapsen after the draw", nil, 8, true},
		{"Swiss before the draw", map[string]string{"form": "swiss", "cards": "16", "swiss_rounds": "3"}, 5, false},
		{"Swiss after the draw", map[string]string{"form": "swiss", "cards": "16", "swiss_rounds": "3"}, 5, true},
	}
	routes := walkOrder(echoOf(app).Routes())
	for i, form := range forms {
		params := walkSetup(t, app, org, helper, form)
		for _, r := range routes {
			if r.Path == "/logout" || strings.HasSuffix(r.Path, "/events") {
				continue // ends the walk's session; streams never end (their own tests)
			}
			if i > 0 && !strings.Contains(r.Path, ":") && !strings.Contains(r.Path, "*") {
				continue // the same for every tournament: walked with the first
			}
			walkRoute(t, app, form.name, r.Method, params.Replace(r.Path), map[string]*webtest.Client{
				"anonymous": app.Client(), "helper": helper, "organiser": org}, token)
		}
	}
}

// walkOrder puts the routes that look without changing first and those
// that undo or remove last, so most of the walk sees each tournament as
// set up.
func walkOrder(routes []*echo.Route) []*echo.Route {
	rank := func(r *echo.Route) int {
		switch {
		case r.Method == http.MethodGet || r.Method == http.MethodHead:
			return 0
		case r.Method == http.MethodDelete || strings.Contains(r.Path, "/undo") || strings.Contains(r.Path, "/remove") ||
			strings.Contains(r.Path, "/revoke") || strings.HasSuffix(r.Path, "/end"):
			return 2
		}
		return 1
	}
	routes = slices.Clone(routes)
	slices.SortStableFunc(routes, func(a, b *echo.Route) int { return rank(a) - rank(b) })
	return routes
}

// walkSetup creates the form's tournament and answers the path
// parameters that name its things.
func walkSetup(t *testing.T, app *webtest.App, org, helper *webtest.Client, form walkForm) *strings.Replacer {
	t.Helper()
	f := webtest.Fixture{T: t, App: app, Org: org, Helper: helper, API: app.Client(), Anna: webtest.Basic("Anna", "Anna-password")}
	f.Path = org.CreateTournament(webtest.SettingsForm(form.settings))
	f.ID = webtest.TournamentOf(t, f.Path)
	for i := range form.sold {
		if r := org.Post(f.Path+"/sale", url.Values{"name": {"Spieler " + strconv.Itoa(i+1)}, "count": {"1"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("%s: sale: status %d\n%s", form.name, r.Status, r.Body)
		}
	}
	seat, table := "no-such-seat", "1"
	if form.drawn {
		f.DrawDigital()
		m := f.FirstPlayable(1)
		tok := "seat-" + strconv.FormatInt(f.ID, 10)
		dt, err := app.Store.StartTable(t.Context(), f.ID, 1, m.No, store.User{Name: "Hans"}, "walk seed", 0, [2]string{tok + "-zero-0123456789", tok + "-one-0123456789"})
		if err != nil {
			t.Fatal(err)
		}
		seat, table = dt.Seats[0], strconv.FormatInt(dt.ID, 10)
	}
	return strings.NewReplacer(":id", strconv.FormatInt(f.ID, 10), ":no", "1", ":pid", "1", ":uid", "3", ":tid", "2",
		":round", "1", ":match", "1", ":file", "players.csv", ":token", seat, ":table", table, ":seat", "0", "*", "app.js")
}

// The bodies every changing route gets: nothing, and the fields most
// forms and API calls read, with plausible values.
var (
	walkForms = []url.Values{{}, {"name": {"Walk"}, "count": {"1"}, "card": {"1"}, "round": {"1"}, "winner": {"1"},
		"bummerl": {"2:0"}, "version": {"1"}, "note": {"Graz"}, "cards": {"8"}, "q": {"Spieler"}, "record": {"{}"}}}
	walkJSON = []map[string]any{{}, {"name": "Walk", "count": 1, "card": 1, "cards": []int{1}, "round": 1, "winner": 1,
		"bummerl": []int{2, 0}, "version": 1, "note": "Graz", "label": "Walk", "seeds": []int{1}}}
)

// walkRoute asks one route as every role and reports any 5xx.
func walkRoute(t *testing.T, app *webtest.App, form, method, path string, clients map[string]*webtest.Client, token string) {
	t.Helper()
	api := strings.HasPrefix(path, "/api/")
	check := func(who, query string, got webtest.Response) {
		if got.Status >= 500 {
			t.Errorf("%s: %s %s%s as %s: status %d\n%.300s", form, method, path, query, who, got.Status, got.Body)
		}
	}
	// Pages answer htmx requests differently (a part, a message at the top).
	pageHeaders := []map[string]string{{}, {"HX-Request": "true"}}
	for who, c := range clients {
		switch {
		case method == http.MethodGet || method == http.MethodHead:
			for _, query := range []string{"", "?card=1&round=1&no=1&q=Spieler&cards=4"} {
				for _, h := range pageHeaders {
					check(who, query, c.Request(method, path+query, nil, h))
				}
				if api && who == "organiser" {
					check("token", query, app.Client().API(method, path+query, "Bearer "+token, nil))
				}
			}
		case api:
			for _, body := range walkJSON {
				b, err := json.Marshal(body)
				if err != nil {
					t.Fatal(err)
				}
				check(who, "", c.Request(method, path, bytes.NewReader(b), map[string]string{"Content-Type": "application/json", "X-CSRF-Token": c.CSRF()}))
				if who == "organiser" {
					check("token", "", app.Client().API(method, path, "Bearer "+token, body))
				}
			}
		default:
			for _, body := range walkForms {
				for _, h := range pageHeaders {
					h = maps.Clone(h)
					h["Content-Type"], h["X-CSRF-Token"] = "application/x-www-form-urlencoded", c.CSRF()
					check(who, "", c.Request(method, path, strings.NewReader(body.Encode()), h))
				}
			}
		}
	}
}

// A late entry is Swiss only (SW-15): on a Preisschnapsen tournament the
// page refuses it with the reason, before and after the draw, and sells
// nothing (it dereferenced the missing Swiss form and answered 500).
func TestLateEntryPreisschnapsenRefused(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	for i, stage := range []string{"before the draw", "after the draw"} {
		if i > 0 {
			f.DrawDigital()
		}
		r := f.Org.Post(f.Path+"/swiss/late", url.Values{"name": {"Nachzügler"}})
		if r.Status != http.StatusConflict {
			t.Fatalf("%s: status %d\n%.300s", stage, r.Status, r.Body)
		}
		webtest.MustContain(t, r.Body, "Nur in einem Turnier im Schweizer System")
		if tr := f.Load(); len(tr.Players) != 8 || tr.Sold() != 8 {
			t.Errorf("%s: %d players, %d sold", stage, len(tr.Players), tr.Sold())
		}
	}
}
