package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// A refused draw is a 422 at the entry it names, wherever it comes from:
// the central handler knows draw errors, also wrapped (P-3).
func TestExplainDrawError(t *testing.T) {
	groups := []tournament.DrawGroup{{Bracket: tournament.Main, PotSize: 2, Entrants: []tournament.Entrant{
		{Player: 1, Cards: []tournament.CardNo{1}}, {Player: 2, Cards: []tournament.CardNo{2}},
		{Player: 3, Cards: []tournament.CardNo{3}}, {Player: 4, Cards: []tournament.CardNo{4}},
	}}}
	_, err := draw.Physical(groups, [][]draw.PhysicalEntry{{
		{Player: 1, Left: []int{1}}, {Player: 2, Left: []int{2}}, {Player: 3, Right: []int{1}}, {Player: 4, Right: []int{1}},
	}})
	if err == nil {
		t.Fatal("a number drawn twice was accepted")
	}
	tests := map[string]struct {
		path, field string
	}{
		"page": {"/t/1/draw/physical", "g0_r3"},
		"api":  {"/api/tournaments/1/draw/physical", "groups[0][3].right"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c := echo.New().NewContext(httptest.NewRequest(http.MethodPost, tc.path, nil), httptest.NewRecorder())
			p := explain(c, fmt.Errorf("in the transaction: %w", err))
			if p.status != http.StatusUnprocessableEntity || p.code != "draw_number_twice" || p.field != tc.field || p.msg == "" {
				t.Errorf("explain = %+v, want 422 draw_number_twice at %s", p, tc.field)
			}
		})
	}
}

// csrfInPage is the CSRF token of the page's first form, "" when empty.
var csrfInPage = regexp.MustCompile(`name="_csrf" value="([^"]*)"`)

// Error pages carry the CSRF token, so one can log out from there: from a
// page no route knows (404) and from one refused before the CSRF check (403).
func TestErrorPageLogout(t *testing.T) {
	tests := map[string]struct {
		path   string
		status int
	}{
		"no such page": {"/no/such/page", http.StatusNotFound},
		"forbidden":    {"/users", http.StatusForbidden},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			app := newTestApp(t)
			c := app.loggedIn("Hans", store.Helper)
			r := c.get(tc.path)
			m := csrfInPage.FindStringSubmatch(r.body)
			if r.status != tc.status || m == nil || m[1] == "" {
				t.Fatalf("status %d, want %d with a CSRF token in the logout form\n%s", r.status, tc.status, r.body)
			}
			if r := c.postRaw("/logout", url.Values{"_csrf": {m[1]}}, nil); r.status != http.StatusSeeOther {
				t.Fatalf("logout from the error page: %d", r.status)
			}
			if r := c.get("/tournaments"); r.status != http.StatusSeeOther {
				t.Errorf("still logged in after logout: %d", r.status)
			}
		})
	}
}

// An htmx request refused by the central handler gets the message alone,
// for the top of the page (static/app.js has htmx swap it): no error page
// swapped into the middle of the desk, no bare text htmx would ignore.
func TestHTMXErrorFragment(t *testing.T) {
	f := newFixture(t, nil, 1)
	r := f.helper.htmx(f.path+"/sale/cancel", url.Values{"card": {"x"}})
	if r.status != http.StatusBadRequest {
		t.Fatalf("status %d, want 400\n%s", r.status, r.body)
	}
	if got := r.header.Get("HX-Retarget") + " " + r.header.Get("HX-Reswap"); got != "main afterbegin show:top" {
		t.Errorf("HX-Retarget and HX-Reswap %q, want main afterbegin show:top", got)
	}
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("content type %q, want HTML", ct)
	}
	if strings.Contains(r.body, "<html") || !strings.Contains(r.body, `role="alert"`) || !strings.Contains(r.body, "data-htmx-error") {
		t.Errorf("answer is not the message fragment:\n%s", r.body)
	}
}
