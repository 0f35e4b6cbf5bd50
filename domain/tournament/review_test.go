package tournament

import (
	"math"
	"reflect"
	"testing"
)

// Adversarial cases from the rule review (P-1 … P-8): boundaries and
// corner cases the other tests reach only by chance.

// P-1: a sale count that overflows the per-player check, or a huge
// per-player maximum, is refused with an error, not a panic, and changes
// nothing.
func TestSellHugeCounts(t *testing.T) {
	tests := map[string]struct {
		maxCards int
		held     int
		k        int
		code     string
	}{
		"count overflows held+k":     {3, 1, math.MaxInt, "max_cards_exceeded"},
		"count of MaxInt, none held": {3, 0, math.MaxInt, "max_cards_exceeded"},
		"huge maximum, huge count":   {math.MaxInt, 0, math.MaxInt / 2, "cards_sold_out"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			s := settings(8, 2, true)
			s.MaxCards = tc.maxCards
			tr := mustNew(t, s)
			id, err := tr.AddPlayer("Huber", "", "")
			must(t, err)
			if tc.held > 0 {
				_, err := tr.Sell(id, tc.held)
				must(t, err)
			}
			before := clone(t, tr)
			_, err = tr.Sell(id, tc.k)
			wantCode(t, err, tc.code)
			unchanged(t, before, tr)
		})
	}
}

// P-1: cancelling is refused once round 1 is drawn, and open again after
// the draw is undone.
func TestCancelOnlyBeforeDraw(t *testing.T) {
	tr := mustNew(t, settings(4, 2, true))
	sellOut(t, tr, 3)
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
	before := clone(t, tr)
	wantCode(t, tr.CancelSale(1), "sales_closed")
	unchanged(t, before, tr)
	must(t, tr.UndoDraw())
	before = clone(t, tr)
	must(t, tr.CancelSale(1))
	// Card 1 is gone, the others are kept, and number 1 is free to sell again.
	if _, held := tr.cardIndex(1); held || len(tr.Cards) != len(before.Cards)-1 || tr.Sold() != before.Sold()-1 || tr.Version != before.Version+1 {
		t.Fatalf("after cancelling card 1: cards %+v, sold %d, version %d", tr.Cards, tr.Sold(), tr.Version)
	}
	if !reflect.DeepEqual(tr.Cards, before.Cards[1:]) {
		t.Errorf("cards after cancelling card 1 = %+v, want %+v", tr.Cards, before.Cards[1:])
	}
	nos, err := tr.Sell(before.Cards[0].Player, 1)
	must(t, err)
	if len(nos) != 1 || nos[0] != 1 {
		t.Errorf("the next sale got %v, want the freed card 1", nos)
	}
}

// P-2: exactly N/2 sold is too few; one more is enough. The suggestion is
// the largest smaller N' with more than N'/2 sold.
func TestShortfallBoundary(t *testing.T) {
	tests := map[string]struct {
		n, sold int
		short   bool
		suggest int
	}{
		"N/2+1 of 16":       {16, 9, false, 0},
		"exactly N/2 of 16": {16, 8, true, 8},
		"N/4+1 of 16":       {16, 5, true, 8},
		"exactly N/4 of 16": {16, 4, true, 4},
		"3 of 4096":         {4096, 3, true, 4},
		"2 of 4":            {4, 2, true, 0},
		"3 of 4":            {4, 3, false, 0},
		"2049 of 4096":      {4096, 2049, false, 0},
		"2048 of 4096":      {4096, 2048, true, 2048},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			s := settings(tc.n, 2, true)
			s.MaxCards = tc.sold
			tr := mustNew(t, s)
			buyer(t, tr, "Huber", tc.sold)
			short, suggest := tr.Shortfall()
			if short != tc.short || suggest != tc.suggest {
				t.Fatalf("Shortfall = %v, %d; want %v, %d", short, suggest, tc.short, tc.suggest)
			}
			if !short {
				return
			}
			before := clone(t, tr)
			_, err := tr.NextDraw()
			wantCode(t, err, "too_few_cards_sold")
			wantCode(t, tr.ApplyDraw(Draw{Method: Physical}), "too_few_cards_sold")
			unchanged(t, before, tr)
			if suggest == 0 {
				return
			}
			must(t, tr.Resize(suggest))
			if short, _ := tr.Shortfall(); short {
				t.Fatalf("still short after Resize(%d)", suggest)
			}
		})
	}
}

// P-2: resizing moves the numbers above the new N into the free numbers
// below, keeps owners and purchase order, and the draw order with it.
func TestResizeRenumbers(t *testing.T) {
	tr := mustNew(t, settings(16, 2, true))
	a, _ := buyer(t, tr, "A", 3) // 1, 2, 3
	b, _ := buyer(t, tr, "B", 3) // 4, 5, 6
	c, _ := buyer(t, tr, "C", 2) // 7, 8
	must(t, tr.CancelSale(2))    // free: 2
	must(t, tr.CancelSale(5))    // free: 5
	d, _ := buyer(t, tr, "D", 3) // 2, 5, 9
	must(t, tr.CancelSale(1))    // free: 1
	before := clone(t, tr)
	wantCode(t, tr.Resize(4), "cards_below_sold") // 8 sold
	unchanged(t, before, tr)
	wantCode(t, tr.Resize(12), "cards_not_power_of_two")
	unchanged(t, before, tr)
	must(t, tr.Resize(8)) // 9 moves to 1
	want := map[CardNo]PlayerID{1: d, 2: d, 3: a, 4: b, 5: d, 6: b, 7: c, 8: c}
	if len(tr.Cards) != len(want) {
		t.Fatalf("cards = %+v", tr.Cards)
	}
	for i, card := range tr.Cards {
		if card.No != CardNo(i+1) || want[card.No] != card.Player {
			t.Fatalf("cards = %+v, want owners %v", tr.Cards, want)
		}
	}
	groups, err := tr.NextDraw()
	must(t, err)
	var order []PlayerID
	for _, e := range groups[0].Entrants {
		order = append(order, e.Player)
	}
	// P-4: A bought first (card 3 is left), then B, C, D.
	if len(order) != 4 || order[0] != a || order[1] != b || order[2] != c || order[3] != d {
		t.Errorf("draw order = %v", order)
	}
}

// P-3, P-7 with small N and byes: round 1 may already be the quarterfinal
// or the semifinal; a placement match is only played when its bracket is
// full, otherwise the losers of that round share the places.
func TestSmallTournaments(t *testing.T) {
	tests := map[string]struct {
		n, sold, prizes int
		groups          []string // groups of the rounds after round 1
		standings       string
		prizesWon       int
	}{
		"4 of 4, 4 prizes": {4, 4, 4, []string{"Main draw/1 Match for 3rd place/1 "},
			"1:1-1 2:2-2 3:3-3 4:4-4 ", 4},
		"4 of 4, 2 prizes": {4, 4, 2, []string{"Main draw/1 "},
			"1:1-1 2:2-2 3:3-4 4:3-4 ", 2},
		"3 of 4, 4 prizes, a bye in the semifinal": {4, 3, 4, []string{"Main draw/1 "},
			"1:1-1 2:2-2 3:3-3 ", 3},
		"5 of 8, three byes in the quarterfinal": {8, 5, 8,
			[]string{"Main draw/2 ", "Main draw/1 Match for 3rd place/1 "},
			"1:1-1 2:2-2 3:3-3 4:4-4 5:5-5 ", 5},
		"7 of 8, one bye in the quarterfinal": {8, 7, 8,
			[]string{"Main draw/2 ", "Main draw/1 Match for 3rd place/1 "},
			"1:1-1 2:2-2 3:3-3 4:4-4 5:5-7 6:5-7 7:5-7 ", 7},
		"9 of 16, the quarterfinal is round 2": {16, 9, 8,
			[]string{"Main draw/4 ", "Main draw/2 Places 5–8/2 ",
				"Main draw/1 Match for 3rd place/1 Match for 5th place/1 Match for 7th place/1 "},
			"1:1-1 2:2-2 3:3-3 4:4-4 5:5-5 6:6-6 7:7-7 8:8-8 9:9-9 ", 8},
		"10 of 16, 4 prizes": {16, 10, 4,
			[]string{"Main draw/4 ", "Main draw/2 ", "Main draw/1 Match for 3rd place/1 "},
			"1:1-1 2:2-2 3:3-3 4:4-4 5:5-8 6:5-8 7:5-8 8:5-8 9:9-10 10:9-10 ", 4},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(tc.n, tc.prizes, false))
			sellOut(t, tr, tc.sold)
			must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
			byes := 0
			for _, m := range tr.Current().Matches {
				if m.Bye() {
					byes++
					if m.A > CardNo(tc.n/2) { // P-3: byes go to left holders
						t.Errorf("bye for right card %d", m.A)
					}
				}
			}
			if byes != tc.n-tc.sold { // P-3
				t.Errorf("%d byes, want %d", byes, tc.n-tc.sold)
			}
			playRound(t, tr, lowerCard)
			for i := 0; !tr.Finished(); i++ {
				if i >= len(tc.groups) {
					t.Fatalf("round %d not expected: %q", i+2, groupsOf(t, tr))
				}
				if got := groupsOf(t, tr); got != tc.groups[i] {
					t.Errorf("round %d groups = %q, want %q", i+2, got, tc.groups[i])
				}
				must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
				playRound(t, tr, lowerCard)
			}
			if got := places(tr.Standings()); got != tc.standings {
				t.Errorf("standings = %q, want %q", got, tc.standings)
			}
			if got := len(tr.Prizes()); got != tc.prizesWon {
				t.Errorf("%d prizes: %s", got, awards(tr.Prizes()))
			}
		})
	}
}

// P-8: a player who wins 1st and 5th keeps the 1st prize; the 5th prize
// passes to 6th place, each one below moves up one, and the last goes by
// lot among the round-of-16 losers. With multiple prizes allowed he keeps
// both.
func TestBestPrizeKeptLowerPassDown(t *testing.T) {
	tests := map[string]struct {
		multiple bool
		want     string
	}{
		"forbidden": {false, "1→1 2→3 3→4 4→6 5→5 6→7 7→8 8→lot[9 10 11 12 13 14 15 16] "},
		"allowed":   {true, "1→1 2→3 3→4 4→6 5→2 6→5 7→7 8→8 "},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(16, 8, tc.multiple))
			buyer(t, tr, "Huber", 2) // 1, 2
			sellOut(t, tr, 14)
			// Card 2 loses its quarterfinal and then wins places 5–8 and
			// the match for 5th; otherwise the lower card wins.
			pick := func(m Match) CardNo {
				if tr.Current().No == 2 && (m.A == 2 || m.B == 2) {
					return max(m.A, m.B)
				}
				return lowerCard(m)
			}
			for !tr.Finished() {
				must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
				playRound(t, tr, pick)
			}
			st := tr.Standings()
			if st[0].Card != 1 || st[4].Card != 2 || st[4].From != 5 {
				t.Fatalf("standings = %s", places(st))
			}
			if got := awards(tr.Prizes()); got != tc.want {
				t.Errorf("prizes = %q, want %q\nstandings %s", got, tc.want, places(st))
			}
			pp := tr.PlayerPlaces()
			if len(pp) != 15 || pp[0].Card != 1 || pp[0].From != 1 {
				t.Errorf("player places = %+v", pp)
			}
		})
	}
}

// Next: a player with three cards, one of them on a bye; after round 1
// only his cards still in appear, and a player who is out sees nothing of
// the next round.
func TestNextSeveralCards(t *testing.T) {
	tr := mustNew(t, settings(8, 2, true))
	huber, _ := buyer(t, tr, "Huber", 3) // 1, 2, 3
	sellOut(t, tr, 4)                    // 4 … 7 to players 2 … 5
	// left: 1, 2, 3, 4 on 1 … 4; right: 5 on 1, 6 on 2, 7 on 4; 3 has a bye
	must(t, tr.ApplyDraw(pairs{Main: {{1, 5}, {2, 6}, {3, 0}, {4, 7}}}.draw()))
	must(t, tr.StartMatch(1, 2, 9, tr.Current().Matches[1].Version))
	got := tr.Next(huber)
	want := []NextMatch{
		{Card: 1, Round: 1, Match: 1, Table: 1, Opponent: 5, OpponentPlayer: 3},
		{Card: 2, Round: 1, Match: 2, Table: 9, Opponent: 6, OpponentPlayer: 4, Started: true},
		{Card: 3, Round: 1, Match: 3, Decided: true, Won: true}, // a bye: no table
	}
	for i := range got {
		got[i].Name = Name{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Next = %+v\nwant   %+v", got, want)
	}
	win(t, tr, 5) // card 1 out
	win(t, tr, 2)
	win(t, tr, 7) // card 4 out: player 2 is out
	if n := tr.Next(huber); len(n) != 3 || !n[0].Decided || n[0].Won || !n[1].Won {
		t.Errorf("after round 1: %+v", n)
	}
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil))) // semifinal: 2, 3 left; 5, 7 right
	n := tr.Next(huber)
	if len(n) != 2 || n[0].Card != 2 || n[1].Card != 3 || n[0].Name.En != "Semifinal" || n[0].Surrendered {
		t.Errorf("semifinal: %+v", n)
	}
	if n := tr.Next(3); len(n) != 1 || n[0].Card != 5 { // card 5 beat card 1
		t.Errorf("player 3: %+v", n)
	}
	if n := tr.Next(2); len(n) != 0 {
		t.Errorf("player 2 after elimination: %+v", n)
	}
}
