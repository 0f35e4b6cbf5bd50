package tournament

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The methods keep cards sorted and number players and matches 1, 2, … in
// order, and use that to be fast; a tournament as the store loads it need
// not be in that order, and must behave the same.

// Sales over random purchases, cancellations and reorderings agree with
// a plain model: the lowest free numbers, the next sale sequence, errors
// that change nothing (P-1, P-4).
func TestPropertySales(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for range 200 {
		s := settings(4<<rng.IntN(5), 2, false)
		s.MaxCards = 1 + rng.IntN(4)
		tr := mustNew(t, s)
		for range 3 * s.Cards {
			switch op := rng.IntN(10); {
			case op < 2 || len(tr.Players) == 0:
				_, err := tr.AddPlayer("Spieler", "", "")
				must(t, err)
			case op < 3 && tr.Sold() > 0:
				must(t, tr.CancelSale(tr.Cards[rng.IntN(tr.Sold())].No))
			case op < 4: // as loaded: any order
				rng.Shuffle(len(tr.Cards), func(a, b int) { tr.Cards[a], tr.Cards[b] = tr.Cards[b], tr.Cards[a] })
			default:
				p := tr.Players[rng.IntN(len(tr.Players))].ID
				checkSell(t, tr, p, rng.IntN(s.MaxCards+1))
			}
		}
	}
}

// checkSell sells k cards to p and compares with the model.
func checkSell(t *testing.T, tr *Tournament, p PlayerID, k int) {
	t.Helper()
	held, lastSale, used := 0, 0, map[CardNo]bool{}
	for _, c := range tr.Cards {
		if c.Player == p {
			held++
		}
		lastSale = max(lastSale, c.Sale)
		used[c.No] = true
	}
	var want []CardNo
	for no := CardNo(1); int(no) <= tr.Settings.Cards && len(want) < k; no++ {
		if !used[no] {
			want = append(want, no)
		}
	}
	code := ""
	switch {
	case k < 1:
		code = "sell_count_invalid"
	case len(tr.Cards) >= tr.Settings.Cards:
		code = "cards_all_sold"
	case held+k > tr.Settings.MaxCards:
		code = "max_cards_exceeded"
	case len(want) < k:
		code = "cards_sold_out"
	}
	before := clone(t, tr)
	got, err := tr.Sell(p, k)
	wantCode(t, err, code)
	if err != nil {
		unchanged(t, before, tr)
		return
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Sell(%d, %d) = %v, want %v; cards %+v", p, k, got, want, before.Cards)
	}
	if !slices.IsSortedFunc(tr.Cards, func(a, b Card) int { return int(a.No - b.No) }) || tr.Sold() != before.Sold()+k {
		t.Fatalf("cards after Sell = %+v", tr.Cards)
	}
	for i, no := range got {
		if c, _ := tr.Card(no); c.Player != p || c.Sale != lastSale+i+1 {
			t.Fatalf("card %d = %+v, want player %d, sale %d", no, c, p, lastSale+i+1)
		}
	}
}

// Players out of ID order are still found by ID.
func TestPlayersOutOfOrder(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	for _, name := range []string{"Huber", "Maier", "Gruber"} {
		_, err := tr.AddPlayer(name, "", "")
		must(t, err)
	}
	tr.Players[0], tr.Players[2] = tr.Players[2], tr.Players[0]
	for id, name := range map[PlayerID]string{1: "Huber", 2: "Maier", 3: "Gruber"} {
		if p, ok := tr.Player(id); !ok || p.Name != name {
			t.Errorf("Player(%d) = %+v, %v; want %s", id, p, ok, name)
		}
	}
	if _, ok := tr.Player(4); ok {
		t.Error("Player(4) found")
	}
}

// Matches out of number order: a result goes to the match with the number.
func TestMatchesOutOfOrder(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	sellOut(t, tr, 8)
	must(t, tr.ApplyDraw(pairs{Main: {{1, 2}, {3, 4}, {5, 6}, {7, 8}}}.draw()))
	ms := tr.Current().Matches
	v := ms[1].Version
	slices.Reverse(ms)
	must(t, tr.SetResult(1, 2, v, result(tr, 4)))
	for _, m := range ms {
		if got := m.Winner(); (m.No == 2) != (got == 4) || (m.No != 2 && got != 0) {
			t.Errorf("match %d: winner %d", m.No, got)
		}
	}
}

// lowestFree over sorted cards, also the odd ones a damaged store could
// hold: repeated numbers, numbers outside 1 … N.
func TestLowestFree(t *testing.T) {
	tests := map[string]struct {
		nos    []CardNo
		k, n   int
		strict bool
		want   []CardNo
	}{
		"none sold":     {nil, 2, 8, true, []CardNo{1, 2}},
		"dense":         {[]CardNo{1, 2, 3}, 2, 8, true, []CardNo{4, 5}},
		"gaps":          {[]CardNo{2, 3, 5}, 3, 8, true, []CardNo{1, 4, 6}},
		"up to N":       {[]CardNo{1, 2, 3}, 3, 4, true, []CardNo{4}},
		"repeated":      {[]CardNo{1, 1, 3}, 2, 8, false, []CardNo{2, 4}},
		"outside 1…N":   {[]CardNo{-2, 0, 1, 9}, 2, 8, true, []CardNo{2, 3}},
		"above N dense": {[]CardNo{1, 2, 3, 4, 5}, 1, 4, true, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var cards []Card
			for _, no := range tc.nos {
				cards = append(cards, Card{No: no})
			}
			if got := lowestFree(cards, tc.k, CardNo(tc.n), tc.strict); !slices.Equal(got, tc.want) {
				t.Errorf("lowestFree = %v, want %v", got, tc.want)
			}
		})
	}
}
