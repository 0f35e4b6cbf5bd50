package bot

import (
	"slices"
	"testing"

	"bummerl/domain/schnapsen"
)

// TestInfoSetSearch (issue 25, strategy fusion): once the talon is
// closed or exhausted, the information-set search makes the seat's
// decisions once for all the worlds it cannot tell apart, so a line is
// never worth more than with every world solved with open cards, the
// same with a single world, and less in some positions (the closings the
// open search overvalued).
func TestInfoSetSearch(t *testing.T) {
	b := New(Options{Seed: 1})
	lines, less := 0, 0
	positions(t, schnapsen.Soft, 1000, 5, func(_ schnapsen.GameRecord, _ *schnapsen.Deal, v View) {
		st, err := v.state()
		if err != nil || st.forced {
			return
		}
		var actions []schnapsen.Action
		var ls []line
		addLines(&st.root, line{}, &actions, &ls)
		var kept []iworld
		worlds := st.worlds(60)
		var w pos
		for worlds.next(&b.rng, st, &w) {
			b.s.newWorld()
			kept = append(kept, iworld{p: w, w: 1, salt: b.s.salt})
		}
		for _, l := range ls {
			if !l.reachesStrict(&st.root) {
				continue
			}
			ws := slices.Clone(kept)
			exact := 0.0
			for i := range ws {
				for _, m := range l.moves[:l.n] {
					ws[i].p.apply(m)
				}
				r := ws[i].p.result
				if r == 0 {
					b.s.salt = ws[i].salt
					r = b.s.value(&ws[i].p)
				}
				exact += bummerlChance(v.GamePoints, st.me, r)
			}
			b.iset(ws, 1, st.me, v.GamePoints)
			got := 0.0
			for _, x := range ws {
				got += bummerlChance(v.GamePoints, st.me, x.r)
			}
			lines++
			switch {
			case got > exact+1e-9 || len(ws) == 1 && got < exact-1e-9:
				t.Fatalf("line %v of %d worlds: information-set value %.4f, open-card value %.4f", l.moves[:l.n], len(ws), got, exact)
			case got < exact-1e-9:
				less++
			}
		}
	})
	t.Logf("%d lines, %d worth less than with open cards", lines, less)
	if less == 0 {
		t.Fatal("no line worth less than with open cards: the search still fuses strategies")
	}
}
