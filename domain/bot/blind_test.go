package bot

import (
	"testing"

	"bummerl/domain/schnapsen"
)

// TestBlindReply (issue 25): when the seat leads into the open talon, part
// of the opponent's answer is the policy's, which does not look at the
// seat's hand. In the same worlds that answer is never better for him
// than the search's, so a lead is never valued lower than by the search
// alone, higher in some positions; following, closing and everything once
// the talon is closed or exhausted are valued as before.
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
	higher, leads := 0, 0
	positions(t, schnapsen.Soft, 300, 9, func(_ schnapsen.GameRecord, _ *schnapsen.Deal, v View) {
		st, err := v.state()
		if err != nil || st.forced {
			return
		}
		leading := !st.root.led && !st.root.strict()
		blind, search := explain(v, blindReply), explain(v, 0)
		for a, x := range search {
			y := blind[a]
			opensLead := leading && a.Kind != schnapsen.Close && a.Kind != schnapsen.Declare
			switch {
			case !opensLead && y != x:
				t.Fatalf("%v (no lead into the open talon): %.6f with the blind answer, %.6f without", a, y, x)
			case y < x-1e-9:
				t.Fatalf("lead %v: %.6f with the blind answer, less than %.6f without", a, y, x)
			case y > x+1e-9:
				higher++
			}
			if opensLead {
				leads++
			}
		}
	})
	t.Logf("%d leads, %d valued higher with the blind answer", leads, higher)
	if higher == 0 {
		t.Fatal("no lead valued higher: the opponent's blind answer is not counted")
	}
}
