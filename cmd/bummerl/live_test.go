package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The public round and standings pages refresh themselves every 15 s:
// htmx fetches the fragment, the round list with the filter as typed.
func TestLivePages(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.drawDigital()
	visitor := f.app.client()
	round := f.path + "/rounds/1"
	tests := map[string]struct {
		path, live, include string
		fragment            string // testid only the fragment has
	}{
		"round":     {round, "matches-live", `hx-include="#round-filter"`, "matches"},
		"standings": {f.path + "/standings", "standings-live", "", "prizes"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			page := visitor.get(tc.path).body
			mustContain(t, page, `data-testid="`+tc.live+`"`, `hx-get="`+tc.path+`"`, `hx-trigger="every 15s"`, tc.include)
			r := visitor.request(http.MethodGet, tc.path, nil, map[string]string{"HX-Request": "true"})
			if r.status != http.StatusOK || strings.Contains(r.body, "<html") || !strings.Contains(r.body, `data-testid="`+tc.fragment+`"`) {
				t.Errorf("refresh: status %d, want the fragment alone\n%s", r.status, r.body)
			}
		})
	}
	// The filter goes along with the refresh: the form the poll includes
	// carries it, and the answer is filtered by it.
	page := visitor.get(round + "?q=Spieler+3").body
	mustContain(t, page, `id="round-filter"`, `name="q" value="Spieler 3"`)
	r := visitor.request(http.MethodGet, round+"?"+url.Values{"q": {"Spieler 3"}}.Encode(), nil, map[string]string{"HX-Request": "true"})
	if !strings.Contains(r.body, "Spieler 3") || strings.Count(r.body, `data-testid="match-`) != 1 {
		t.Errorf("filtered refresh has %d matches, want 1\n%s", strings.Count(r.body, `data-testid="match-`), r.body)
	}
	// Staff pages do not poll: a table number being typed stays.
	mustNotContain(t, f.helper.get(round).body, `hx-trigger="every 15s"`)
}
