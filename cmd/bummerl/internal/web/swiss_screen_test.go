package web

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

// TestSwissScreenHeading: the projector's table counts every decided
// match, so its heading says what it counts: "nach Runde n" only when
// nothing of a later round is in it; while a round is under way and some
// of it counts (a result, or the bye decided at pairing, SW-7) it says
// "Runde n läuft". The points under the heading are the table's.
func TestSwissScreenHeading(t *testing.T) {
	f := swissFixture(t)
	anon := f.App.Client()
	heading := func() string { return screenSwissHeading(t, anon.Get(f.Path+"/screen").Body) }
	f.DrawDigital() // 5 players: round 1 has a bye, decided at once
	webtest.MustContain(t, heading(), "Tabelle – Runde 1 läuft")
	f.FinishRound(1)
	webtest.MustContain(t, heading(), "Tabelle nach Runde 1")
	f.DrawDigital()
	webtest.MustContain(t, heading(), "Tabelle – Runde 2 läuft") // the bye of round 2 counts
	m := f.FirstPlayable(2)
	if r := f.Quick(f.Helper, 2, m, m.A, "2:0"); r.Status != 303 {
		t.Fatalf("result: %d", r.Status)
	}
	screen := anon.Get(f.Path + "/screen").Body
	h := screenSwissHeading(t, screen)
	webtest.MustContain(t, h, "Tabelle – Runde 2 läuft")
	webtest.MustNotContain(t, h, "nach Runde 1")
	for _, r := range f.Load().SwissTable().Rows {
		mustMatch(t, screen, `data-testid="screen-swiss-`+strconv.Itoa(int(r.Card))+`">[^\n]*?<span class="cards">`+fmt.Sprintf("%d P · Bh %d<", r.Points, r.Buchholz))
	}
	webtest.MustContain(t, screenSwissHeading(t, f.App.Client().Get(f.Path+"/screen?lang=en").Body), "Standings – round 2 in play")
	f.FinishRound(2)
	webtest.MustContain(t, heading(), "Tabelle nach Runde 2")
}

// screenSwissHeading is the heading of the projector's Swiss table.
func screenSwissHeading(t *testing.T, screen string) string {
	t.Helper()
	m := regexp.MustCompile(`data-testid="screen-swiss"><h2>([^<]*)<`).FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no Swiss table on the screen:\n%s", screen)
	}
	return m[1]
}

func mustMatch(t *testing.T, s, pattern string) {
	t.Helper()
	if !regexp.MustCompile(pattern).MatchString(s) {
		t.Errorf("no %s in:\n%s", pattern, s)
	}
}

// TestSwissByeShown: the bye of a Swiss round is named on the projector,
// on the round page and on the player's phone as a point without playing
// (SW-7, issue 22); a Preisschnapsen bye on the projector as going through.
func TestSwissByeShown(t *testing.T) {
	f := swissFixture(t)
	anon := f.App.Client()
	f.DrawDigital() // 5 players: one bye
	var bye tournament.Match
	for _, m := range f.Load().Rounds[0].Matches {
		if m.Bye() {
			bye = m
		}
	}
	if bye.A == 0 {
		t.Fatal("round 1 of 5 players has no bye")
	}
	name := newRoster(f.Load()).holder(bye.A).Name
	mustMatch(t, anon.Get(f.Path+"/screen").Body,
		`data-testid="screen-bye-`+strconv.Itoa(int(bye.A))+`">\s*<span class="cards">`+strconv.Itoa(int(bye.A))+`</span> `+regexp.QuoteMeta(name)+`\s+<span class="muted">1 Punkt</span>`)
	webtest.MustContain(t, anon.Get(f.Path+"/screen").Body, "Spielfrei")
	round := anon.Get(f.Path + "/rounds/1").Body
	mustMatch(t, round, `data-testid="status-`+strconv.Itoa(bye.No)+`">spielfrei, 1 Punkt<`)
	webtest.MustContain(t, anon.Get(f.Path+"/card/"+strconv.Itoa(int(bye.A))).Body, "Spielfrei: 1 Punkt ohne Partie")
	webtest.MustContain(t, anon.Get(f.Path+"/rounds/1?lang=en").Body, "bye, 1 point")

	ones := make([]int, 17) // 17 cards of 32: 15 byes, round 1 is no bracket yet
	for i := range ones {
		ones[i] = 1
	}
	p := newFixture(t, map[string]string{"cards": "32"}, ones...)
	p.DrawDigital()
	screen := p.App.Client().Get(p.Path + "/screen").Body
	mustMatch(t, screen, `data-testid="screen-bye-[0-9]+"><span class="cards">[0-9]+</span> [^<]+\s<span class="muted">Freilos: kommt weiter</span>`)
}
