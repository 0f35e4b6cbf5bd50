package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// hexString is a commitment or a seed: the screen shows none.
var hexString = regexp.MustCompile(`[0-9a-f]{32,}`)

// screenOf fetches the projector as a visitor in lang and checks what
// every state of it must hold: its own frame without navigation, live,
// no cryptographic strings.
func screenOf(t *testing.T, f webtest.Fixture, lang string) string {
	t.Helper()
	r := f.App.Client().Get(f.Path + "/screen?lang=" + lang)
	if r.Status != http.StatusOK {
		t.Fatalf("screen: status %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `<body class="screen" data-live="`+f.Path+`/events"`, `data-live-src="`+f.Path+`/screen?lang=`+lang+`"`,
		`<noscript><meta http-equiv="refresh" content="30"></noscript>`)
	webtest.MustNotContain(t, r.Body, `data-testid="tournament-nav"`, `class="site-header"`, "Festlegung", "Commitment", "Seed", "Zufallszahl")
	if h := hexString.FindString(r.Body); h != "" {
		t.Errorf("the screen shows %q", h)
	}
	return r.Body
}

// The projector follows the evening: before the draw the players, an
// announced draw, the pairings with their tables, the latest results, from
// the quarterfinal the bracket, at the end the winners and the prizes.
func TestScreen(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	page := screenOf(t, f, "de")
	webtest.MustContain(t, page, "Noch nicht ausgelost", "Teilnehmer (6)", "Spieler 1 <span class=\"cards\">1, 2</span>")
	webtest.MustContain(t, screenOf(t, f, "en"), "Not drawn yet", "Players (6)")

	if r := f.Org.Post(f.Path+"/draw/announce", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("announce: %d", r.Status)
	}
	webtest.MustContain(t, screenOf(t, f, "de"), "Auslosung angekündigt")
	webtest.MustContain(t, screenOf(t, f, "en"), "Draw announced")

	// Drawn by hand (known pairings), no tables set: each open match at the
	// table of its number; round 1 of 8 cards is the quarterfinal already,
	// so the bracket fills the screen as a picture (issue 10), each open
	// match labelled with its table, names as "S. 1".
	f.DrawPairs(webtest.PairsOfHall)
	page = screenOf(t, f, "de")
	webtest.MustContain(t, page, "Runde 1: Viertelfinale", `data-testid="screen-bracket-svg"`, "<h2>Plätze 1–2</h2>",
		">Tisch 1</text>", ">Tisch 3</text>", ">S. 1</text>", ">Halbfinale</text>", ">Finale</text>")
	webtest.MustNotContain(t, page, ">Tisch 4</text>", "Auslosung angekündigt", "Spiel um Platz") // the bye sits nowhere; 2 prizes

	// With tables: only the called match has one.
	f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"2"}})
	f.Helper.Post(f.Path+"/tables/call", nil)
	page = screenOf(t, f, "de")
	webtest.MustContain(t, page, ">Tisch 1</text>")
	if n := strings.Count(page, ">Tisch "); n != 1 {
		t.Errorf("%d tables on the screen, want 1", n)
	}
	webtest.MustContain(t, screenOf(t, f, "en"), ">Table 1</text>", "<h2>Places 1–2</h2>")

	// A result: the winner bold with a mark and his Bummerl first.
	if r := f.Quick(f.Helper, 1, f.MatchOf(1, 1), 3, "2:1"); r.Status != http.StatusSeeOther {
		t.Fatalf("result: %d", r.Status)
	}
	page = screenOf(t, f, "de")
	webtest.MustContain(t, page, `font-weight="700">✔ 2</text>`, `>1</text>`)

	// The live script gets the content alone.
	frag := f.App.Client().Request(http.MethodGet, f.Path+"/screen?lang=de", nil, map[string]string{"HX-Request": "true"})
	if frag.Status != http.StatusOK || strings.Contains(frag.Body, "<html") || !strings.Contains(frag.Body, `data-testid="screen-bracket-svg"`) {
		t.Fatalf("fragment: %d\n%s", frag.Status, frag.Body)
	}

	// Round complete: the screen says so; the next draw shows its pairings.
	f.FinishRound(1)
	webtest.MustContain(t, screenOf(t, f, "de"), "Runde 1 ist fertig")
	f.DrawDigital()
	page = screenOf(t, f, "de")
	webtest.MustContain(t, page, "Runde 2: Halbfinale", "Viertelfinale", "Halbfinale")
	for !f.Load().Finished() {
		f.FinishRound(len(f.Load().Rounds))
		if !f.Load().Finished() {
			f.DrawDigital()
		}
	}
	page = screenOf(t, f, "de")
	webtest.MustContain(t, page, "Das Turnier ist beendet", "Sieger", `<b class="place">1.</b>`, "Preise", "Schinken", "Wein")
	webtest.MustContain(t, screenOf(t, f, "en"), "The tournament is finished", "Winners", "Prizes")
}

// Long lists: without JavaScript the first lines and how many more.
func TestScreenLongList(t *testing.T) {
	counts := make([]int, 30)
	for i := range counts {
		counts[i] = 1
	}
	f := newFixture(t, map[string]string{"cards": "32"}, counts...)
	page := screenOf(t, f, "de")
	if n := strings.Count(page, `<li class="later"`); n != 30-16 {
		t.Errorf("%d lines after the first page, want %d", n, 30-16)
	}
	webtest.MustContain(t, page, "…und 14 weitere", `data-pages="players"`, `data-page-info="Seite {page}/{pages}"`)
	webtest.MustContain(t, screenOf(t, f, "en"), "…and 14 more")
}
