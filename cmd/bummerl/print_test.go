package main

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/tournament"
)

// The round list for the notice board: a box to write the result in for a
// match still open, the score once done, Freilos for a bye and the
// surrender note; byes and surrenders have no table.
func TestPrintRoundStatus(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1) // 7 of 8; Spieler 1 holds 1 and 2
	actor, err := f.app.store.CheckPassword(t.Context(), "Anna", "Anna-password")
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
	if _, err := f.app.store.Update(t.Context(), f.id, actor, "draw", func(t *tournament.Tournament) error {
		return t.ApplyDraw(tournament.Draw{Method: tournament.Physical, Groups: []tournament.GroupTickets{{Bracket: tournament.Main, Tickets: tickets}}})
	}); err != nil {
		t.Fatal(err)
	}
	if r := f.quick(f.helper, 1, f.matchOf(1, 3), 6, "2:1"); r.status != http.StatusSeeOther {
		t.Fatalf("result: status %d\n%s", r.status, r.body)
	}
	page := f.helper.get(f.path + "/print/rounds/1").body
	mustContain(t, page, "<th>Karte</th><th>gegen</th>")
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
			mustContain(t, r, tc.want...)
			mustNotContain(t, r, tc.unwanted...)
		})
	}
	// The right-pot card won: the round list gives the winner's Bummerl
	// first, as the bracket does; a player's page gives his own first (the
	// loser reads 1:2); only the JSON keeps the seat order.
	mustContain(t, testidText(t, f.helper.get(f.path+"/rounds/1").body, "status-3"), "fertig, 2:1")
	mustContain(t, testidText(t, f.helper.get(f.path+"/card/6").body, "state-6"), "gewonnen, 2:1")
	mustContain(t, testidText(t, f.helper.get(f.path+"/card/5").body, "state-5"), "verloren, 1:2")
	mustContain(t, f.helper.get(f.path+"/print/rounds/1?lang=en").body, `aria-label="Write the result here"`)
}
