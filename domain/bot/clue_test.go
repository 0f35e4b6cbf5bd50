package bot

import (
	"fmt"
	"math/bits"
	"testing"

	"bummerl/domain/schnapsen"
)

// TestFollowClues (issue 25, inference from the opponent's play): an
// opponent who lets the seat's ten pass in the open talon most likely
// holds no trump (he would have taken it, S-8), one who lets a queen
// pass holds neither the ace nor the ten above it, and one who trumps a
// queen holds no card of its suit that takes it. The worlds that
// contradict his follow weigh less, by how likely he drew the card since;
// the others are untouched.
func TestFollowClues(t *testing.T) {
	// Forehand holds TS AS KD QD JD, the dealer JC QC KC AC TC; hearts
	// are trumps (JH face up). Forehand leads, the dealer follows, both
	// draw (AH, TH).
	deck := `["TS","AS","KD","JC","QC","KC","JH","QD","JD","AC","TC","AH","TH","KH","QH","QS","KS","JS","AD","TD"]`
	// The dealer holds TH instead of KC.
	trumped := `["TS","AS","KD","JC","QC","TH","JH","QD","JD","AC","TC","AH","KC","KH","QH","QS","KS","JS","AD","TD"]`
	card := schnapsen.NewCard
	hearts := suitMask(schnapsen.Hearts) &^ (1<<card(schnapsen.Jack, schnapsen.Hearts) | 1<<card(schnapsen.Ace, schnapsen.Hearts))
	aceTenDiamonds := uint32(1)<<card(schnapsen.Ace, schnapsen.Diamonds) | 1<<card(schnapsen.Ten, schnapsen.Diamonds)
	for _, c := range []struct {
		name, deck, actions string
		takers              uint32 // the unseen cards that would have taken the lead
	}{
		{"ten let pass", deck, `"TS"}, {"seat": 1, "do": "play", "card": "JC"}`, hearts},
		{"queen let pass", deck, `"QD"}, {"seat": 1, "do": "play", "card": "JC"}`, aceTenDiamonds},
		// He wins and leads JC; forehand is to follow.
		{"queen trumped", trumped, `"QD"}, {"seat": 1, "do": "play", "card": "TH"}, {"seat": 1, "do": "play", "card": "JC"}`, aceTenDiamonds},
		// No card of the suit takes it but AS, which forehand holds.
		{"ten trumped", trumped, `"TS"}, {"seat": 1, "do": "play", "card": "TH"}, {"seat": 1, "do": "play", "card": "JC"}`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec, err := schnapsen.ParseGameRecord(fmt.Appendf(nil, `{"variant": "soft", "closing": "at-close", "deck": %s,
				"actions": [{"seat": 0, "do": "play", "card": %s]}`, c.deck, c.actions))
			if err != nil {
				t.Fatal(err)
			}
			view, err := ViewOf(rec, 0, [2]int{})
			if err != nil {
				t.Fatal(err)
			}
			st, err := view.state()
			if err != nil {
				t.Fatal(err)
			}
			ws := st.worlds(1000)
			s := newSolver()
			r := rng{}
			var p pos
			var n [3]int
			for ws.next(&r, st, &p) {
				if pairs(p.hand[1]) != 0 {
					continue // his lead without a marriage weighs these too
				}
				k := bits.OnesCount32(p.hand[1] & c.takers)
				// He drew one card of those in his hand since.
				drawn := 1 - takeSure + takeSure/float64(bits.OnesCount32(p.hand[1]))
				want := 1.0
				for range k {
					want *= drawn
				}
				if got := st.weight(s, &p); got < want-1e-9 || got > want+1e-9 {
					t.Fatalf("opponent's hand %x with %d takers: weight %.4f, want %.4f", p.hand[1], k, got, want)
				}
				n[min(k, 2)]++
			}
			if n[0] == 0 || c.takers != 0 && (n[1] == 0 || n[2] == 0) {
				t.Errorf("worlds with 0, 1, 2+ takers: %v; want some of each", n)
			}
		})
	}
}
