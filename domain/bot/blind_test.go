package bot

import (
	"testing"

	"bummerl/domain/schnapsen"
)

// TestBlindReply (issue 25): where the seat's card leaves the opponent
// to act in the open talon (to answer its lead, or to lead after taking
// its card), part of his move is the policy's, which does not look at the
// seat's hand. In the same worlds that move is never better for him than
// the search's, so such a card is never valued lower than by the search
// alone, higher in some positions; a card that takes his lead, closing
// and everything once the talon is closed or exhausted are valued as
// before.
func TestBlindReply(t *testing.T) {
	opts := Options{Seed: 3, Worlds: 8, Nodes: 1 << 40} // the same 8 worlds, whatever the nodes spent
	explain := func(v View, w float64) map[schnapsen.Action]float64 {
		b := New(opts)
		b.blind = w
		es, err := b.Explain(v)
		if err != nil {
			t.Fatal(err)
		}
		m := map[schnapsen.Action]float64{}
		for _, e := range es {
			m[e.Action] = e.Bummerl
		}
		return m
	}
	var higher, leads, follows, higherFollows int
	positions(t, schnapsen.Soft, 300, 9, func(_ schnapsen.GameRecord, _ *schnapsen.Deal, v View) {
		st, err := v.state()
		if err != nil || st.forced {
			return
		}
		r := &st.root
		blind, search := explain(v, blindReply), explain(v, 0)
		for a, x := range search {
			y := blind[a]
			lead := !r.led && a.Kind != schnapsen.Close && a.Kind != schnapsen.Declare
			loses := r.led && !beats(r.lead, a.Card, r.trump)
			oppActs := !r.strict() && (lead || loses)
			switch {
			case !oppActs && y != x:
				t.Fatalf("%v (the opponent not to act in the open talon): %.6f with the blind move, %.6f without", a, y, x)
			case y < x-1e-9:
				t.Fatalf("%v: %.6f with the blind move, less than %.6f without", a, y, x)
			case y > x+1e-9:
				higher++
				if loses {
					higherFollows++
				}
			}
			if oppActs && lead {
				leads++
			}
			if oppActs && loses {
				follows++
			}
		}
	})
	t.Logf("%d leads and %d follows that lose the trick; %d cards valued higher with the blind move, %d of them follows", leads, follows, higher, higherFollows)
	if higher == higherFollows || higherFollows == 0 {
		t.Fatal("no lead or no follow valued higher: the opponent's blind move is not counted")
	}
}
