package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

// TestSwissWording: a Swiss round's page numbers boards, not matches
// (SW-8), and does not repeat the round in every row; one point is
// singular ("1 pt", "1 P."); the standings' GP± column shows "–" while
// SW-12 skips it and the note says why. A Preisschnapsen round keeps
// "Partie" and its round names.
func TestSwissWording(t *testing.T) {
	f := swissFixture(t)
	f.DrawDigital()
	f.FinishRound(1)
	f.DrawDigital()
	anon := f.App.Client()
	page := anon.Get(f.Path + "/rounds/2").Body
	webtest.MustContain(t, page, `<th class="num">Brett</th>`, `data-label="Brett"`)
	webtest.MustNotContain(t, page, `<th class="num">Partie</th>`, `<td class="muted">Runde 2</td>`)
	pts := map[tournament.CardNo]int{}
	for _, m := range f.Load().Rounds[0].Matches {
		pts[m.Winner()]++
	}
	en := f.App.Client()
	enPage := en.Get(f.Path + "/rounds/2?lang=en").Body
	webtest.MustContain(t, enPage, `<th class="num">Board</th>`)
	for _, m := range f.Load().Rounds[1].Matches {
		want := map[int]string{0: "0 pts", 1: "1 pt", 2: "2 pts"}[pts[m.A]]
		webtest.MustContain(t, webtest.TestidText(t, enPage, "points-"+strconv.Itoa(int(m.A))), want)
		webtest.MustContain(t, webtest.TestidText(t, page, "points-"+strconv.Itoa(int(m.A))), strconv.Itoa(pts[m.A])+" P.")
	}
	webtest.MustNotContain(t, enPage, "1 pts")
	staff := f.Helper.Get(f.Path + "/rounds/2").Body // the inline fields name the board
	webtest.MustContain(t, staff, `aria-label="Brett 1: Sieger (Karte`, `aria-label="Brett 1: Bummerl, Sieger zuerst`)
	webtest.MustNotContain(t, staff, `aria-label="Partie`)
	// The phone names the board too, and a board waiting for a table on
	// the projector is "Brett n:".
	m := f.Load().Rounds[1].Matches[0]
	phone := anon.Get(f.Path + "/card/" + strconv.Itoa(int(m.A))).Body
	webtest.MustContain(t, phone, "Runde 2 · Brett 1</div>")
	webtest.MustNotContain(t, phone, "Partie 1")
	if r := f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("tables: %d", r.Status)
	}
	webtest.MustContain(t, anon.Get(f.Path+"/screen").Body, `<b class="tno">Brett 2:</b>`)
	webtest.MustNotContain(t, en.Get(f.Path+"/screen").Body, ">1 pts ")

	// SW-12: results by quick entry have no score sheet, so GP± is "–".
	st := anon.Get(f.Path + "/standings").Body
	for _, r := range f.Load().SwissTable().Rows {
		if got := webtest.TestidText(t, st, "swiss-gp-"+strconv.Itoa(int(r.Card))); got != "–" {
			t.Errorf("GP± of card %d: %q, want –", r.Card, got)
		}
	}
	webtest.MustContain(t, st, "SP± zeigt „–“: Noch hat nicht jede gespielte Partie einen Spielzettel")

	p := newFixture(t, nil, 2, 1, 1, 1, 1)
	p.DrawDigital()
	preis := p.App.Client().Get(p.Path + "/rounds/1").Body
	webtest.MustContain(t, preis, `<th class="num">Partie</th>`)
	pm := p.Load().Rounds[0].Matches[0]
	webtest.MustContain(t, p.App.Client().Get(p.Path+"/card/"+strconv.Itoa(int(pm.A))).Body, " · Partie 1</div>")
	if !regexp.MustCompile(`<td class="muted">[^<]+</td>`).MatchString(preis) {
		t.Error("a Preisschnapsen round lost its round names")
	}
}
