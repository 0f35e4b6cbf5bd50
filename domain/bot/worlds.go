package bot

import "math/bits"

// worlds hands out the deals of the unseen cards a decision searches:
// all of them when they are few (the talon closed or nearly drawn), else
// a random sample. A deal puts hidden cards into the opponent's hand (none
// he cannot hold, S-7) and the rest face down into the talon.
type worlds struct {
	allowed, rest []card // pool cards the opponent may hold; the others
	all           bool   // enumerate every deal rather than sample
	total, made   int
	allowedBuf    [24]card
	restBuf       [24]card
}

// binom[n][k] is n choose k.
var binom = func() (t [25][25]int) {
	for n := range 25 {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return
}()

// worlds are the deals of st's unseen cards, at most limit of them.
func (st *state) worlds(limit int) *worlds {
	w := &worlds{}
	w.allowed = w.allowedBuf[:0]
	w.rest = w.restBuf[:0]
	for set := st.pool; set != 0; set &= set - 1 {
		c := lowestCard(set)
		if st.forbid&(1<<c) != 0 {
			w.rest = append(w.rest, c)
		} else {
			w.allowed = append(w.allowed, c)
		}
	}
	// Count the distinct deals (the face-down order matters while the
	// talon is open); stop counting once above the limit.
	total := binom[len(w.allowed)][st.hidden]
	if !st.root.strict() {
		for k := 2; k <= st.root.facedown() && total <= limit; k++ {
			total *= k
		}
	}
	w.total = limit
	if total <= limit {
		w.all, w.total = true, total
	}
	return w
}

// next deals the next world into p; false when there are no more.
func (w *worlds) next(r *rng, st *state, p *pos) bool {
	if w.made >= w.total {
		return false
	}
	*p = st.root
	opp := 1 - st.me
	var buf [24]card
	cards := append(buf[:0], w.allowed...)
	k := st.hidden
	if w.all {
		// Unrank the combination of hidden cards (combinatorial number
		// system), then the order of the rest (factoradic).
		combos := binom[len(cards)][k]
		r := w.made % combos
		perm := w.made / combos
		var chosen uint32
		n := len(cards)
		for i := n - 1; i >= 0 && k > 0; i-- {
			if c := binom[i][k]; r >= c {
				r -= c
				chosen |= 1 << cards[i]
				k--
			}
		}
		p.hand[opp] |= chosen
		var tbuf [24]card
		talon := append(tbuf[:0], w.rest...)
		for _, c := range w.allowed {
			if chosen&(1<<c) == 0 {
				talon = append(talon, c)
			}
		}
		for i := range talon { // the perm-th ordering, by factoradic digits
			f := len(talon) - i
			j := i + perm%f
			perm /= f
			talon[i], talon[j] = talon[j], talon[i]
		}
		copy(p.talon[p.next:], talon)
	} else {
		for i := range k { // a random k-subset: a partial shuffle
			j := i + r.intN(len(cards)-i)
			cards[i], cards[j] = cards[j], cards[i]
			p.hand[opp] |= 1 << cards[i]
		}
		talon := append(cards[k:], w.rest...)
		for i := len(talon) - 1; i > 0; i-- {
			j := r.intN(i + 1)
			talon[i], talon[j] = talon[j], talon[i]
		}
		copy(p.talon[p.next:], talon)
	}
	w.made++
	return true
}

// weight is how well world p explains the opponent's actions: the clues
// of his leads and follows, and whether his closing was sound in it.
func (st *state) weight(s *solver, p *pos) float64 {
	opp := 1 - st.me
	hand := p.hand[opp]
	h := float64(bits.OnesCount32(hand))
	w := 1.0
	for _, c := range st.clues {
		if hand&c.cards != c.cards {
			continue
		}
		// The chance that he drew one of the cards since: each card of
		// his hand is one of the d cards drawn since with chance d/h.
		since := 0.0
		if d := float64(st.draws - c.draws); d > 0 && h > 0 {
			x := min(1, d/h)
			miss := 1.0
			for range bits.OnesCount32(c.cards) {
				miss *= 1 - x
			}
			since = 1 - miss
		}
		w *= 1 - c.sure + c.sure*since
	}
	if st.atClose != nil {
		q := *st.atClose
		q.hand[opp] = hand | st.sinceOpp
		if !s.wins(&q, opp) {
			w *= closeDoubt
		}
	}
	return w
}

// closeDoubt weighs a world in which the opponent's closing loses: he
// closed because he expected to win, though he may have misjudged.
const closeDoubt = 0.3
