package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"testing"

	"bummerl/domain/tournament"
)

// TestSwissWording: a Swiss round's page numbers boards, not matches
// (SW-8), and does not repeat the round in every row; one point is
// singular ("1 pt", "1 P."); the standings' GP± column shows "–" while
// SW-12 skips it and the note says why. A Preisschnapsen round keeps
// "Partie" and its round names.
func TestSwissWording(t *testing.T) {
	f := swissFixture(t)
	f.drawDigital()
	f.finishRound(1)
	f.drawDigital()
	anon := f.app.client()
	page := anon.get(f.path + "/rounds/2").body
	mustContain(t, page, `<th class="num">Brett</th>`, `data-label="Brett"`)
	mustNotContain(t, page, `<th class="num">Partie</th>`, `<td class="muted">Runde 2</td>`)
	pts := map[tournament.CardNo]int{}
	for _, m := range f.load().Rounds[0].Matches {
		pts[m.Winner()]++
	}
	en := f.app.client()
	enPage := en.get(f.path + "/rounds/2?lang=en").body
	mustContain(t, enPage, `<th class="num">Board</th>`)
	for _, m := range f.load().Rounds[1].Matches {
		want := map[int]string{0: "0 pts", 1: "1 pt", 2: "2 pts"}[pts[m.A]]
		mustContain(t, testidText(t, enPage, "points-"+strconv.Itoa(int(m.A))), want)
		mustContain(t, testidText(t, page, "points-"+strconv.Itoa(int(m.A))), strconv.Itoa(pts[m.A])+" P.")
	}
	mustNotContain(t, enPage, "1 pts")
	staff := f.helper.get(f.path + "/rounds/2").body // the inline fields name the board
	mustContain(t, staff, `aria-label="Brett 1: Sieger (Karte`, `aria-label="Brett 1: Bummerl, Sieger zuerst`)
	mustNotContain(t, staff, `aria-label="Partie`)
	// The phone names the board too, and a board waiting for a table on
	// the projector is "Brett n:".
	m := f.load().Rounds[1].Matches[0]
	phone := anon.get(f.path + "/card/" + strconv.Itoa(int(m.A))).body
	mustContain(t, phone, "Runde 2 · Brett 1</div>")
	mustNotContain(t, phone, "Partie 1")
	if r := f.org.post(f.path+"/tables/count", url.Values{"tables": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("tables: %d", r.status)
	}
	mustContain(t, anon.get(f.path+"/screen").body, `<b class="tno">Brett 2:</b>`)
	mustNotContain(t, en.get(f.path+"/screen").body, ">1 pts ")

	// SW-12: results by quick entry have no score sheet, so GP± is "–".
	st := anon.get(f.path + "/standings").body
	for _, r := range f.load().SwissTable().Rows {
		if got := testidText(t, st, "swiss-gp-"+strconv.Itoa(int(r.Card))); got != "–" {
			t.Errorf("GP± of card %d: %q, want –", r.Card, got)
		}
	}
	mustContain(t, st, "SP± zeigt „–“: Noch hat nicht jede gespielte Partie einen Spielzettel")

	p := newFixture(t, nil, 2, 1, 1, 1, 1)
	p.drawDigital()
	preis := p.app.client().get(p.path + "/rounds/1").body
	mustContain(t, preis, `<th class="num">Partie</th>`)
	pm := p.load().Rounds[0].Matches[0]
	mustContain(t, p.app.client().get(p.path+"/card/"+strconv.Itoa(int(pm.A))).body, " · Partie 1</div>")
	if !regexp.MustCompile(`<td class="muted">[^<]+</td>`).MatchString(preis) {
		t.Error("a Preisschnapsen round lost its round names")
	}
}
