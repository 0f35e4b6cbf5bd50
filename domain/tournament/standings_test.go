package tournament

import (
	"fmt"
	"reflect"
	"testing"
)

// place is a standing in short form: card, from–to, decided.
func places(st []Standing) string {
	s := ""
	for _, x := range st {
		mark := ""
		if !x.Decided {
			mark = "?"
		}
		s += fmt.Sprintf("%d:%d-%d%s ", x.Card, x.From, x.To, mark)
	}
	return s
}

// awards in short form: prize→card, or prize→lot[cards].
func awards(as []Award) string {
	s := ""
	for _, a := range as {
		if len(a.Lot) > 0 {
			s += fmt.Sprintf("%d→lot%v ", a.Prize, a.Lot)
		} else {
			s += fmt.Sprintf("%d→%d ", a.Prize, a.Card)
		}
	}
	return s
}

// groupsOf lists the brackets and pot sizes of the next draw.
func groupsOf(t *testing.T, tr *Tournament) string {
	t.Helper()
	groups, err := tr.NextDraw()
	must(t, err)
	s := ""
	for _, g := range groups {
		s += fmt.Sprintf("%s/%d ", g.Bracket.Name().En, g.PotSize)
	}
	return s
}

// finalistsTournament: N = 16, 8 prizes; Huber holds cards 1 and 2, which
// meet in the final (P-6 surrender); the lower card wins every other match.
func finalistsTournament(t *testing.T, multiple bool) *Tournament {
	t.Helper()
	tr := mustNew(t, settings(16, 8, multiple))
	buyer(t, tr, "Huber", 2)
	sellOut(t, tr, 14)
	wantGroups := []string{"Main draw/8 ", "Main draw/4 ", "Main draw/2 Places 5–8/2 ",
		"Main draw/1 Match for 3rd place/1 Match for 5th place/1 Match for 7th place/1 "}
	wantNames := [][]string{{"Achtelfinale"}, {"Viertelfinale"}, {"Halbfinale", "Platz 5–8"},
		{"Finale", "Spiel um Platz 3", "Spiel um Platz 5", "Spiel um Platz 7"}}
	for i, want := range wantGroups {
		if got := groupsOf(t, tr); got != want {
			t.Fatalf("round %d groups = %q, want %q", i+1, got, want)
		}
		must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
		r := *tr.Current()
		var names []string
		for _, m := range r.Matches {
			if n := RoundName(r, m.Bracket).De; len(names) == 0 || names[len(names)-1] != n {
				names = append(names, n)
			}
		}
		if !reflect.DeepEqual(names, wantNames[i]) {
			t.Errorf("round %d names = %q, want %q", i+1, names, wantNames[i])
		}
		if i < 3 {
			playRound(t, tr, lowerCard)
		}
	}
	return tr
}

// P-6, P-7, P-8: one player holds both finalist cards.
func TestBothFinalistCards(t *testing.T) {
	for _, multiple := range []bool{true, false} {
		t.Run(fmt.Sprintf("multiple prizes %v", multiple), func(t *testing.T) {
			tr := finalistsTournament(t, multiple)
			final := tr.Current().Matches[0]
			if !final.Surrendered || final.Winner() != 1 || final.Loser() != 2 {
				t.Fatalf("final = %+v", final)
			}
			// The final is decided at the draw; the placement matches are not.
			wantBefore := "1:1-1 2:2-2 3:3-4? 4:3-4? 5:5-6? 6:5-6? 7:7-8? 8:7-8? " +
				"9:9-16 10:9-16 11:9-16 12:9-16 13:9-16 14:9-16 15:9-16 16:9-16 "
			if got := places(tr.Standings()); got != wantBefore {
				t.Errorf("standings = %q\nwant        %q", got, wantBefore)
			}
			wantPrizes := map[bool]string{true: "1→1 2→2 ", false: "1→1 "}[multiple]
			if got := awards(tr.Prizes()); got != wantPrizes {
				t.Errorf("prizes before placement = %q, want %q", got, wantPrizes)
			}
			if tr.Finished() {
				t.Error("finished before the placement matches")
			}
			playRound(t, tr, lowerCard)
			if !tr.Finished() {
				t.Fatal("not finished")
			}
			wantPrizes = map[bool]string{
				true:  "1→1 2→2 3→3 4→4 5→5 6→6 7→7 8→8 ",
				false: "1→1 2→3 3→4 4→5 5→6 6→7 7→8 8→lot[9 10 11 12 13 14 15 16] ",
			}[multiple]
			got := tr.Prizes()
			if awards(got) != wantPrizes {
				t.Errorf("prizes = %q, want %q", awards(got), wantPrizes)
			}
			if a := got[1]; a.Description != "Preis 2" || a.Player == 0 || a.From != map[bool]int{true: 2, false: 3}[multiple] {
				t.Errorf("prize 2 = %+v", a)
			}
			if a := got[7]; !multiple && (a.From != 9 || a.To != 16 || a.LotText("de") != "Los entscheidet unter den Karten 9, 10, 11, 12, 13, 14, 15, 16" ||
				a.LotText("en") != "to be decided by lot among cards 9, 10, 11, 12, 13, 14, 15, 16") {
				t.Errorf("prize 8 = %+v", a)
			}
			if note := got[0].LotText("en"); note != "" {
				t.Errorf("prize 1 note = %q", note)
			}
			pp := tr.PlayerPlaces()
			if len(pp) != 15 || pp[0] != (PlayerPlace{Player: 1, Card: 1, Decided: true, From: 1, To: 1}) || pp[1].Card != 3 {
				t.Errorf("player places = %+v", pp[:2])
			}
			next := tr.Next(1)
			if len(next) != 2 || !next[0].Won || next[1].Won || !next[1].Surrendered || next[0].Name.En != "Final" {
				t.Errorf("Next(1) = %+v", next)
			}
		})
	}
}

// P-6: a player holding 3 of the 4 semifinal cards must meet himself once.
func TestThreeOfFourInSemifinal(t *testing.T) {
	tests := map[string]struct {
		multiple   bool
		place3     CardNo // winner of the match for 3rd place
		wantPrizes string
	}{
		"multiple, own card third":    {true, 3, "1→1 2→2 3→3 4→7 "},
		"multiple, other card third":  {true, 7, "1→1 2→2 3→7 4→3 "},
		"forbidden, own card third":   {false, 3, "1→1 2→7 3→lot[4 5 6 8] 4→lot[4 5 6 8] "},
		"forbidden, other card third": {false, 7, "1→1 2→7 3→lot[4 5 6 8] 4→lot[4 5 6 8] "},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 4, tc.multiple))
			huber, _ := buyer(t, tr, "Huber", 3) // 1, 2, 3
			sellOut(t, tr, 5)                    // 4 … 8
			must(t, tr.ApplyDraw(pairs{Main: {{1, 4}, {2, 5}, {3, 6}, {7, 8}}}.draw()))
			playRound(t, tr, lowerCard)
			groups, err := tr.NextDraw()
			must(t, err)
			if e := groups[0].Entrants; len(groups) != 1 || e[0].Player != huber || len(e[0].Cards) != 3 {
				t.Fatalf("semifinal groups = %+v", groups)
			}
			must(t, tr.ApplyDraw(orderedDraw(t, tr, nil))) // 1–3 (surrender), 2–7
			if m := tr.Current().Matches; !m[0].Surrendered || m[0].A != 1 || m[0].B != 3 || m[1].Surrendered {
				t.Fatalf("semifinal = %+v", m)
			}
			win(t, tr, 2)
			if got := groupsOf(t, tr); got != "Main draw/1 Match for 3rd place/1 " {
				t.Errorf("final groups = %q", got)
			}
			must(t, tr.ApplyDraw(orderedDraw(t, tr, nil))) // final 1–2 surrendered, place 3: 3–7
			if !tr.Current().Matches[0].Surrendered {
				t.Fatalf("final = %+v", tr.Current().Matches[0])
			}
			win(t, tr, tc.place3)
			if got := awards(tr.Prizes()); got != tc.wantPrizes {
				t.Errorf("prizes = %q, want %q", got, tc.wantPrizes)
			}
		})
	}
}

// P-7: the number of prizes decides the placement stage.
func TestPlacementByPrizes(t *testing.T) {
	tests := map[string]struct {
		prizes     int
		groups     []string // groups of rounds 2 and 3
		standings  string
		wantPrizes string
	}{
		"2 prizes": {2, []string{"Main draw/2 ", "Main draw/1 "},
			"1:1-1 2:2-2 3:3-4 4:3-4 5:5-8 6:5-8 7:5-8 8:5-8 ", "1→1 2→2 "},
		"4 prizes": {4, []string{"Main draw/2 ", "Main draw/1 Match for 3rd place/1 "},
			"1:1-1 2:2-2 3:3-3 4:4-4 5:5-8 6:5-8 7:5-8 8:5-8 ", "1→1 2→2 3→3 4→4 "},
		"8 prizes": {8, []string{"Main draw/2 Places 5–8/2 ",
			"Main draw/1 Match for 3rd place/1 Match for 5th place/1 Match for 7th place/1 "},
			"1:1-1 2:2-2 3:3-3 4:4-4 5:5-5 6:6-6 7:7-7 8:8-8 ", "1→1 2→2 3→3 4→4 5→5 6→6 7→7 8→8 "},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, tc.prizes, false))
			sellOut(t, tr, 8)
			for round := 1; !tr.Finished(); round++ {
				if round > 1 {
					if got := groupsOf(t, tr); got != tc.groups[round-2] {
						t.Errorf("round %d groups = %q, want %q", round, got, tc.groups[round-2])
					}
				}
				must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
				playRound(t, tr, lowerCard)
			}
			if got := places(tr.Standings()); got != tc.standings {
				t.Errorf("standings = %q, want %q", got, tc.standings)
			}
			if got := awards(tr.Prizes()); got != tc.wantPrizes {
				t.Errorf("prizes = %q, want %q", got, tc.wantPrizes)
			}
		})
	}
}

// P-1, P-7: with byes in the quarterfinal (round 1) there are too few
// losers for places 5–8; they share the places their number covers, and the
// prizes for those places go by lot.
func TestByesShortenPlacement(t *testing.T) {
	tr := mustNew(t, settings(8, 8, false))
	sellOut(t, tr, 6)
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil))) // 1–5, 2–6, 3 and 4 byes
	playRound(t, tr, lowerCard)
	if got := groupsOf(t, tr); got != "Main draw/2 " {
		t.Errorf("semifinal groups = %q", got)
	}
	for !tr.Finished() {
		must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
		playRound(t, tr, lowerCard)
	}
	if got, want := places(tr.Standings()), "1:1-1 2:2-2 3:3-3 4:4-4 5:5-6 6:5-6 "; got != want {
		t.Errorf("standings = %q, want %q", got, want)
	}
	if got, want := awards(tr.Prizes()), "1→1 2→2 3→3 4→4 5→lot[5 6] 6→lot[5 6] "; got != want {
		t.Errorf("prizes = %q, want %q", got, want)
	}
}

// Standings while a round is open: reachable ranges, clamped to the cards sold.
func TestStandingsLive(t *testing.T) {
	tr := mustNew(t, settings(16, 2, false))
	sellOut(t, tr, 10)
	if got, want := places(tr.Standings()[:1]), "1:1-10? "; got != want {
		t.Errorf("before the draw: %q, want %q", got, want)
	}
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil))) // 1–9, 2–10, 3 … 8 byes
	win(t, tr, 10)
	st := tr.Standings()
	if got, want := places(st), "3:1-8? 4:1-8? 5:1-8? 6:1-8? 7:1-8? 8:1-8? 10:1-8? 1:1-10? 9:1-10? 2:9-10 "; got != want {
		t.Errorf("standings = %q, want %q", got, want)
	}
	win(t, tr, 1)
	if got, want := places(tr.Standings()[8:]), "2:9-10 9:9-10 "; got != want {
		t.Errorf("round 1 losers = %q, want %q", got, want)
	}
}

// RoundName names main rounds by their cards, byes included.
func TestRoundName(t *testing.T) {
	round := func(no, mainMatches int) Round {
		r := Round{No: no}
		for i := range mainMatches {
			r.Matches = append(r.Matches, Match{No: i + 1})
		}
		return r
	}
	tests := map[string]struct {
		r      Round
		b      Bracket
		de, en string
	}{
		"final":         {round(5, 1), Main, "Finale", "Final"},
		"semifinal":     {round(4, 2), Main, "Halbfinale", "Semifinal"},
		"quarterfinal":  {round(1, 4), Main, "Viertelfinale", "Quarterfinal"},
		"round of 16":   {round(2, 8), Main, "Achtelfinale", "Round of 16"},
		"round of 32":   {round(2, 16), Main, "Runde 2", "Round 2"},
		"place 3":       {round(5, 1), Place3, "Spiel um Platz 3", "Match for 3rd place"},
		"places 5 to 8": {round(4, 2), Place5to8, "Platz 5–8", "Places 5–8"},
		"place 5":       {round(5, 1), Place5, "Spiel um Platz 5", "Match for 5th place"},
		"place 7":       {round(5, 1), Place7, "Spiel um Platz 7", "Match for 7th place"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			n := RoundName(tc.r, tc.b)
			if n.Text("de") != tc.de || n.Text("en") != tc.en {
				t.Errorf("RoundName = %+v, want %q %q", n, tc.de, tc.en)
			}
		})
	}
}

func TestNextBeforeDraw(t *testing.T) {
	tr := mustNew(t, settings(4, 2, false))
	id, _ := buyer(t, tr, "Huber", 2)
	if n := tr.Next(id); n != nil {
		t.Errorf("Next before the draw = %+v", n)
	}
	sellOut(t, tr, 1)
	must(t, tr.ApplyDraw(pairs{Main: {{1, 3}, {2, 0}}}.draw()))
	want := []NextMatch{
		{Card: 1, Round: 1, Name: Name{"Halbfinale", "Semifinal"}, Match: 1, Table: 1, Opponent: 3, OpponentPlayer: 2},
		{Card: 2, Round: 1, Name: Name{"Halbfinale", "Semifinal"}, Match: 2, Decided: true, Won: true}, // a bye: no table
	}
	if got := tr.Next(id); !reflect.DeepEqual(got, want) {
		t.Errorf("Next = %+v\nwant   %+v", got, want)
	}
}

// The bracket codes are the wire format of the draw protocol and the API
// (docs/draw.md, docs/api.md): fixed strings, each parsed back to its bracket.
func TestBracketCodes(t *testing.T) {
	want := map[Bracket]string{Main: "main", Place3: "place-3", Place5to8: "place-5-8", Place5: "place-5", Place7: "place-7"}
	for b, code := range want {
		if got := b.Code(); got != code {
			t.Errorf("%d.Code() = %q, want %q", b, got, code)
		}
		if got, ok := ParseBracket(code); !ok || got != b {
			t.Errorf("ParseBracket(%q) = %d, %v", code, got, ok)
		}
	}
	for _, bad := range []string{"", "Main", "place-4", "hauptrunde"} {
		if b, ok := ParseBracket(bad); ok {
			t.Errorf("ParseBracket(%q) = %d, want unknown", bad, b)
		}
	}
}

// A surrendered match is not played (P-6): no table, like a bye.
func TestNextSurrenderHasNoTable(t *testing.T) {
	tr := mustNew(t, settings(4, 2, false))
	id, _ := buyer(t, tr, "Huber", 2)
	sellOut(t, tr, 2)
	must(t, tr.ApplyDraw(pairs{Main: {{1, 2}, {3, 4}}}.draw()))
	got := tr.Next(id)
	if len(got) != 2 {
		t.Fatalf("Next = %+v", got)
	}
	for _, n := range got {
		if !n.Surrendered || n.Table != 0 || n.Opponent != 3-n.Card {
			t.Errorf("card %d: %+v", n.Card, n)
		}
	}
	if n := tr.Next(2); len(n) != 1 || n[0].Table != 2 {
		t.Errorf("player 2 plays at the match's table until it starts: %+v", n)
	}
}
