package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// The public rounds list, round, standings and player pages are live (docs/web.md,
// "Live updates"): the body names the tournament's event stream and the
// revision the page shows, each part to refresh names the address that
// answers it alone (for the live script, HX-Request: true); the round list
// goes with the filter as typed. Without JavaScript visitors' pages reload
// themselves every 30 s; staff pages never do.
func TestLivePages(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.DrawDigital()
	visitor := f.App.Client()
	round := f.Path + "/rounds/1"
	body := `data-live="` + f.Path + `/events" data-live-rev="` + strconv.FormatInt(f.Revision(), 10) + `"`
	tests := map[string]struct {
		path, src, live, include string
		fragment                 string // testid only the fragment has
	}{
		"round":     {round, round, "matches-live", `data-live-include="#round-filter"`, "matches"},
		"standings": {f.Path + "/standings", f.Path + "/standings", "standings-live", "", "prizes"},
		"player":    {f.Path + "/card/2", f.Path + "/card/2", "next", "", "next-2"},
		"rounds":    {f.Path + "/rounds", f.Path + "/rounds", "rounds-live", "", "rounds"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			page := visitor.Get(tc.path).Body
			webtest.MustContain(t, page, body, `<noscript><meta http-equiv="refresh" content="30"></noscript>`,
				`data-testid="`+tc.live+`"`, `data-live-src="`+tc.src+`"`, tc.include)
			webtest.MustNotContain(t, page, `hx-trigger="every`)
			r := visitor.Request(http.MethodGet, tc.src, nil, map[string]string{"HX-Request": "true"})
			if r.Status != http.StatusOK || strings.Contains(r.Body, "<html") || !strings.Contains(r.Body, `data-testid="`+tc.fragment+`"`) {
				t.Errorf("refresh: status %d, want the fragment alone\n%s", r.Status, r.Body)
			}
		})
	}
	// The filter goes along with the refresh: the form the script includes
	// carries it, and the answer is filtered by it.
	page := visitor.Get(round + "?q=Spieler+3").Body
	webtest.MustContain(t, page, `id="round-filter"`, `name="q" value="Spieler 3"`)
	r := visitor.Request(http.MethodGet, round+"?"+url.Values{"q": {"Spieler 3"}}.Encode(), nil, map[string]string{"HX-Request": "true"})
	if !strings.Contains(r.Body, "Spieler 3") || strings.Count(r.Body, `data-testid="match-`) != 1 {
		t.Errorf("filtered refresh has %d matches, want 1\n%s", strings.Count(r.Body, `data-testid="match-`), r.Body)
	}
	// Staff pages do not replace the match list (a table number being
	// typed stays) and do not reload themselves.
	staff := f.Helper.Get(round).Body
	webtest.MustNotContain(t, staff, `data-live-src=`, `http-equiv="refresh"`)
	// Pages that are not live have neither.
	webtest.MustNotContain(t, visitor.Get("/login").Body, `data-live`, `http-equiv="refresh"`)
}
