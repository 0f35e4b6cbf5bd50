package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// The public rounds list, round, standings and player pages are live (docs/web.md,
// "Live updates"): the body names the tournament's event stream and the
// revision the page shows, each part to refresh names the address that
// answers it alone (for the live script, HX-Request: true); the round list
// goes with the filter as typed. Without JavaScript visitors' pages reload
// themselves every 30 s; staff pages never do.
func TestLivePages(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.drawDigital()
	visitor := f.app.client()
	round := f.path + "/rounds/1"
	body := `data-live="` + f.path + `/events" data-live-rev="` + strconv.FormatInt(f.revision(), 10) + `"`
	tests := map[string]struct {
		path, src, live, include string
		fragment                 string // testid only the fragment has
	}{
		"round":     {round, round, "matches-live", `data-live-include="#round-filter"`, "matches"},
		"standings": {f.path + "/standings", f.path + "/standings", "standings-live", "", "prizes"},
		"player":    {f.path + "/card/2", f.path + "/card/2", "next", "", "next-2"},
		"rounds":    {f.path + "/rounds", f.path + "/rounds", "rounds-live", "", "rounds"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			page := visitor.get(tc.path).body
			mustContain(t, page, body, `<noscript><meta http-equiv="refresh" content="30"></noscript>`,
				`data-testid="`+tc.live+`"`, `data-live-src="`+tc.src+`"`, tc.include)
			mustNotContain(t, page, `hx-trigger="every`)
			r := visitor.request(http.MethodGet, tc.src, nil, map[string]string{"HX-Request": "true"})
			if r.status != http.StatusOK || strings.Contains(r.body, "<html") || !strings.Contains(r.body, `data-testid="`+tc.fragment+`"`) {
				t.Errorf("refresh: status %d, want the fragment alone\n%s", r.status, r.body)
			}
		})
	}
	// The filter goes along with the refresh: the form the script includes
	// carries it, and the answer is filtered by it.
	page := visitor.get(round + "?q=Spieler+3").body
	mustContain(t, page, `id="round-filter"`, `name="q" value="Spieler 3"`)
	r := visitor.request(http.MethodGet, round+"?"+url.Values{"q": {"Spieler 3"}}.Encode(), nil, map[string]string{"HX-Request": "true"})
	if !strings.Contains(r.body, "Spieler 3") || strings.Count(r.body, `data-testid="match-`) != 1 {
		t.Errorf("filtered refresh has %d matches, want 1\n%s", strings.Count(r.body, `data-testid="match-`), r.body)
	}
	// Staff pages do not replace the match list (a table number being
	// typed stays) and do not reload themselves.
	staff := f.helper.get(round).body
	mustNotContain(t, staff, `data-live-src=`, `http-equiv="refresh"`)
	// Pages that are not live have neither.
	mustNotContain(t, visitor.get("/login").body, `data-live`, `http-equiv="refresh"`)
}
