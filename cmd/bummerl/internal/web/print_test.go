package web

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

// The round list for the notice board: a box to write the result in for a
// match still open, the score once done, Freilos for a bye and the
// surrender note; byes and surrenders have no table.
func TestPrintRoundStatus(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1) // 7 of 8; Spieler 1 holds 1 and 2
	actor, err := f.App.Store.CheckPassword(t.Context(), "Anna", "Anna-password")
	if err != nil {
		t.Fatal(err)
	}
	// Drawn by hand: 1–2 (surrendered, P-6), 3–4, 5–6, 7 with a bye.
	var tickets []tournament.Ticket
	for i, pair := range [][2]tournament.CardNo{{1, 2}, {3, 4}, {5, 6}, {7, 0}} {
		tickets = append(tickets, tournament.Ticket{Card: pair[0], Pot: tournament.Left, Number: i + 1})
		if pair[1] != 0 {
			tickets = append(tickets, tournament.Ticket{Card: pair[1], Pot: tournament.Right, Number: i + 1})
		}
	}
	if _, err := f.App.Store.Update(t.Context(), f.ID, actor, "draw", func(t *tournament.Tournament) error {
		return t.ApplyDraw(tournament.Draw{Method: tournament.Physical, Groups: []tournament.GroupTickets{{Bracket: tournament.Main, Tickets: tickets}}})
	}); err != nil {
		t.Fatal(err)
	}
	if r := f.Quick(f.Helper, 1, f.MatchOf(1, 3), 6, "2:1"); r.Status != http.StatusSeeOther {
		t.Fatalf("result: status %d\n%s", r.Status, r.Body)
	}
	page := f.Helper.Get(f.Path + "/print/rounds/1").Body
	webtest.MustContain(t, page, "<th>Karte</th><th>gegen</th>")
	row := func(no int) string {
		t.Helper()
		start := strings.Index(page, `data-testid="print-match-`+strconv.Itoa(no)+`"`)
		if start < 0 {
			t.Fatalf("no match %d in:\n%s", no, page)
		}
		return page[start : start+strings.Index(page[start:], "</tr>")]
	}
	tests := map[string]struct {
		no             int
		want, unwanted []string
	}{
		"surrendered": {1, []string{"aufgegeben (beide Karten einer Person)"}, []string{`<td class="num">1</td>`, "write-in"}},
		"open":        {2, []string{`<td class="num">2</td>`, `data-testid="write-in"`, `aria-label="Ergebnis hier eintragen"`, "<rect "}, []string{"Viertelfinale", "offen"}},
		"done":        {3, []string{`<td class="num">3</td>`, "fertig, 2:1"}, []string{"write-in"}},
		"bye":         {4, []string{`<td class="num"></td>`, "Freilos"}, []string{`<td class="num">4</td>`, "write-in"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := row(tc.no)
			webtest.MustContain(t, r, tc.want...)
			webtest.MustNotContain(t, r, tc.unwanted...)
		})
	}
	// The right-pot card won: the round list gives the winner's Bummerl
	// first, as the bracket does; a player's page gives his own first (the
	// loser reads 1:2); only the JSON keeps the seat order.
	webtest.MustContain(t, webtest.TestidText(t, f.Helper.Get(f.Path+"/rounds/1").Body, "status-3"), "fertig, 2:1")
	webtest.MustContain(t, webtest.TestidText(t, f.Helper.Get(f.Path+"/card/6").Body, "state-6"), "gewonnen, 2:1")
	webtest.MustContain(t, webtest.TestidText(t, f.Helper.Get(f.Path+"/card/5").Body, "state-5"), "verloren, 1:2")
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/rounds/1?lang=en").Body, `aria-label="Write the result here"`)
}

// The round list's second list: every card of the round under its
// holder's name, alphabetically, with its match and table; the winner
// bold with ✔ in both lists; English too.
func TestPrintRoundByName(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1) // Spieler 1 holds 1 and 2
	f.DrawPairs(webtest.PairsOfHall)          // 1–3, 2–4, 5–6, 7 bye
	if r := f.Quick(f.Helper, 1, f.MatchOf(1, 1), 3, "2:1"); r.Status != http.StatusSeeOther {
		t.Fatalf("result: %d", r.Status)
	}
	page := f.Helper.Get(f.Path + "/print/rounds/1").Body
	webtest.MustContain(t, page, `data-testid="print-by-player"`, "Nach Partien", "Nach Namen", "✔ = Sieger der Partie (fett)",
		`<td class="winner"><strong>✔ 3 Spieler 2</strong></td>`, `data-print`)
	byName := page[strings.Index(page, `data-testid="print-by-player"`):]
	// Spieler 1's two cards in card order, then Spieler 2 … Spieler 6.
	last := -1
	for _, card := range []int{1, 2, 3, 4, 5, 6, 7} {
		i := strings.Index(byName, `data-testid="print-card-`+strconv.Itoa(card)+`"`)
		if i < last {
			t.Errorf("card %d out of order in the list by name", card)
		}
		last = i
	}
	row := func(card int) string {
		t.Helper()
		i := strings.Index(byName, `data-testid="print-card-`+strconv.Itoa(card)+`"`)
		if i < 0 {
			t.Fatalf("no card %d in the list by name", card)
		}
		return byName[i : i+strings.Index(byName[i:], "</tr>")]
	}
	webtest.MustContain(t, row(3), "<strong>✔ Spieler 2</strong>", "✔ gewonnen 2:1", "gegen 1 Spieler 1")
	webtest.MustContain(t, row(1), "verloren 1:2")
	webtest.MustNotContain(t, row(1), "<strong>")
	webtest.MustContain(t, row(7), "✔ Freilos")
	webtest.MustContain(t, row(5), "offen", "gegen 6 Spieler 5")
	en := f.Helper.Get(f.Path + "/print/rounds/1?lang=en").Body
	webtest.MustContain(t, en, "By match", "By name", "✔ won 2:1", "lost 1:2", "✔ bye")
}

// Score sheets: 4 to a page by default, 2 on request, one block of two
// count-down columns per Bummerl the match can take (B-3).
func TestPrintSheetsLayout(t *testing.T) {
	for _, tc := range []struct {
		toWin, blocks int
	}{{1, 1}, {2, 3}, {3, 5}} {
		t.Run(strconv.Itoa(tc.toWin), func(t *testing.T) {
			f := newFixture(t, map[string]string{"cards": "16", "bummerl_to_win": strconv.Itoa(tc.toWin)}, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
			f.DrawDigital()
			// 4 to a page by default, 2 for a match to 3 Bummerl.
			def := f.Helper.Get(f.Path + "/print/rounds/1/sheets").Body
			if want := map[bool]string{true: "per-2", false: "per-4"}[tc.toWin == 3]; !strings.Contains(def, `<section class="sheet-page `+want+`"`) {
				t.Errorf("to %d Bummerl: not %s by default", tc.toWin, want)
			}
			page := f.Helper.Get(f.Path + "/print/rounds/1/sheets?per=4").Body
			if n := strings.Count(page, `<section class="sheet-page per-4"`); n != 2 {
				t.Errorf("8 sheets at 4 a page: %d pages", n)
			}
			block := func(n int) string { return `<th colspan="2" class="block">` + strconv.Itoa(n) + `.</th>` }
			webtest.MustContain(t, page, block(tc.blocks), "Partie auf "+strconv.Itoa(tc.toWin)+" Bummerl")
			webtest.MustNotContain(t, page, block(tc.blocks+1))
			if n := strings.Count(page, `<td class="block">7</td><td>7</td>`); n != 8*tc.blocks {
				t.Errorf("%d blocks starting at 7, want %d", n, 8*tc.blocks)
			}
			two := f.Helper.Get(f.Path + "/print/rounds/1/sheets?per=2").Body
			if n := strings.Count(two, `<section class="sheet-page per-2"`); n != 4 {
				t.Errorf("8 sheets at 2 a page: %d pages", n)
			}
		})
	}
}

// Entry cards: 8 to a page, each with the QR line; the bracket picture
// titled by what is played, A4 or A3; the prize list with date, venue
// and signature lines; English.
func TestPrintCardsBracketPrizes(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16", "prizes": "4", "prize_3": "Speck", "prize_4": "Brot"}, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	cards := f.Helper.Get(f.Path + "/entry-cards").Body
	if n := strings.Count(cards, `<section class="entry-page"`); n != 2 {
		t.Errorf("10 entry cards: %d pages, want 2", n)
	}
	if n := strings.Count(cards, "Scannen: deine nächste Partie und dein Tisch"); n != 10 {
		t.Errorf("the QR line %d times, want 10", n)
	}

	for !f.Load().Finished() {
		f.DrawDigital()
		f.FinishRound(len(f.Load().Rounds))
	}
	bracket := f.Helper.Get(f.Path + "/print/bracket").Body
	webtest.MustContain(t, bracket, "<h1>Plätze 1–4</h1>", `data-testid="bracket-svg"`, ">Viertelfinale</text>", ">Halbfinale</text>", ">Finale</text>", ">Spiel um Platz 3</text>", `href="/t/1/print/bracket?paper=a3"`)
	webtest.MustNotContain(t, bracket, "Platz 5–8", "Spiel um Platz 5", `class="bracket-sheet paper-a3"`)
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/bracket?paper=a3").Body, `class="bracket-sheet paper-a3"`)
	webtest.MustContain(t, f.Helper.Get(f.Path+"/standings").Body, "Finalrunden: Plätze 1–4")

	prizes := f.Helper.Get(f.Path + "/print/prizes").Body
	webtest.MustContain(t, prizes, `data-testid="prize-meta"`, "Datum:", "Ort:", `<span class="blank"></span>`, "Unterschrift der Turnierleitung", "Ort, Datum", "Speck")

	// English (the choice sticks to the client).
	webtest.MustContain(t, f.Helper.Get(f.Path+"/entry-cards?lang=en").Body, "Scan: your next match and your table")
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/bracket").Body, "<h1>Places 1–4</h1>", ">Match for 3rd place</text>")
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/prizes").Body, "Date:", "Venue:", "Signature of the organiser")
}
