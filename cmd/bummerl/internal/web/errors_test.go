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
			c := app.LoggedIn("Hans", store.Helper)
			r := c.Get(tc.path)
			m := csrfInPage.FindStringSubmatch(r.Body)
			if r.Status != tc.status || m == nil || m[1] == "" {
				t.Fatalf("status %d, want %d with a CSRF token in the logout form\n%s", r.Status, tc.status, r.Body)
			}
			if r := c.PostRaw("/logout", url.Values{"_csrf": {m[1]}}, nil); r.Status != http.StatusSeeOther {
				t.Fatalf("logout from the error page: %d", r.Status)
			}
			if r := c.Get("/tournaments"); r.Status != http.StatusSeeOther {
				t.Errorf("still logged in after logout: %d", r.Status)
			}
		})
	}
}

// An htmx request refused by the central handler gets the message alone,
// for the top of the page (static/app.js has htmx swap it): no error page
// swapped into the middle of the desk, no bare text htmx would ignore.
func TestHTMXErrorFragment(t *testing.T) {
	f := newFixture(t, nil, 1)
	r := f.Helper.Htmx(f.Path+"/sale/cancel", url.Values{"card": {"x"}})
	if r.Status != http.StatusBadRequest {
		t.Fatalf("status %d, want 400\n%s", r.Status, r.Body)
	}
	if got := r.Header.Get("HX-Retarget") + " " + r.Header.Get("HX-Reswap"); got != "main afterbegin show:top" {
		t.Errorf("HX-Retarget and HX-Reswap %q, want main afterbegin show:top", got)
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("content type %q, want HTML", ct)
	}
	if strings.Contains(r.Body, "<html") || !strings.Contains(r.Body, `role="alert"`) || !strings.Contains(r.Body, "data-htmx-error") {
		t.Errorf("answer is not the message fragment:\n%s", r.Body)
	}
}
