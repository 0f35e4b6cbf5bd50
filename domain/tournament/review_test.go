package tournament

import (
	"math"
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
	must(t, tr.CancelSale(1))
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
