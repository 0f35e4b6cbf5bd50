package web

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

var (
	tournamentNav = regexp.MustCompile(`(?s)data-testid="tournament-nav">(.*?)</nav>`)
	navLink       = regexp.MustCompile(`<a [^>]*?(aria-current="page" )?data-testid="nav-([a-z-]+)"`)
)

// navOf is the links of a page's tournament navigation and the one
// marked current ("" for none).
func navOf(t *testing.T, body string) (links []string, current string) {
	t.Helper()
	m := tournamentNav.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no tournament navigation in:\n%s", body)
	}
	for _, l := range navLink.FindAllStringSubmatch(m[1], -1) {
		links = append(links, l[2])
		if l[1] != "" {
			current += l[2]
		}
	}
	return links, current
}

// Every tournament page has the one navigation: the pages the viewer may
// open, the current one marked.
func TestTournamentNav(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	f.DrawDigital()
	publicLinks := []string{"overview", "rounds", "names", "standings"}
	staffLinks := append(slices.Clone(publicLinks), "sale", "entry-cards", "print", "tables")
	organiserLinks := append(slices.Clone(staffLinks), "draw", "settings", "history")
	pages := map[string]struct {
		path, current string
		level         access
	}{
		"overview":     {"", "overview", public},
		"player":       {"/card/1", "", public},
		"rounds":       {"/rounds", "rounds", public},
		"round":        {"/rounds/1", "rounds", public},
		"standings":    {"/standings", "standings", public},
		"names":        {"/names", "names", public},
		"match":        {"/rounds/1/matches/2", "rounds", staff},
		"sale":         {"/sale", "sale", staff},
		"entry cards":  {"/entry-cards", "entry-cards", staff},
		"print":        {"/print", "print", staff},
		"round list":   {"/print/rounds/1", "print", staff},
		"score sheets": {"/print/rounds/1/sheets", "print", staff},
		"bracket":      {"/print/bracket", "print", staff},
		"prizes":       {"/print/prizes", "print", staff},
		"tables":       {"/tables", "tables", staff},
		"draw":         {"/draw", "draw", organiser},
		"settings":     {"/settings", "settings", organiser},
		"history":      {"/history", "history", organiser},
	}
	viewers := map[string]struct {
		c     *webtest.Client
		level access
		links []string
	}{
		"visitor":   {f.App.Client(), public, publicLinks},
		"helper":    {f.Helper, staff, staffLinks},
		"organiser": {f.Org, organiser, organiserLinks},
	}
	for name, p := range pages {
		for who, v := range viewers {
			if v.level < p.level {
				continue
			}
			t.Run(name+" as "+who, func(t *testing.T) {
				r := v.c.Get(f.Path + p.path)
				if r.Status != http.StatusOK {
					t.Fatalf("status %d", r.Status)
				}
				links, current := navOf(t, r.Body)
				if !slices.Equal(links, v.links) || current != p.current {
					t.Errorf("links %v, current %q; want %v, %q", links, current, v.links, p.current)
				}
			})
		}
	}
}

// The tournament list links each tournament to its overview, sale desk
// and rounds; organisers also to the draw; the print index to each round.
func TestTournamentListLinks(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1)
	f.DrawDigital()
	tests := map[string]struct {
		c    *webtest.Client
		want []string
		not  []string
	}{
		"helper":    {f.Helper, []string{`href="` + f.Path + `"`, `href="` + f.Path + `/sale"`, `href="` + f.Path + `/rounds"`}, []string{`href="` + f.Path + `/draw"`}},
		"organiser": {f.Org, []string{`href="` + f.Path + `"`, `href="` + f.Path + `/sale"`, `href="` + f.Path + `/rounds"`, `href="` + f.Path + `/draw"`}, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			body := tc.c.Get("/tournaments").Body
			webtest.MustContain(t, body, tc.want...)
			webtest.MustNotContain(t, body, tc.not...)
		})
	}
	print := f.Helper.Get(f.Path + "/print").Body
	webtest.MustContain(t, print, `href="`+f.Path+`/print/rounds/1"`, `href="`+f.Path+`/print/rounds/1/sheets"`,
		`href="`+f.Path+`/entry-cards"`, `href="`+f.Path+`/print/bracket"`, `href="`+f.Path+`/print/prizes"`)
	if strings.Contains(print, f.Path+"/print/rounds/2") {
		t.Error("print index links a round not drawn")
	}
}
