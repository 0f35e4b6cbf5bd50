package thousand

import (
	"math/rand/v2"
	"testing"
)

// fastRand is a PCG generator with a bounded draw that never allocates.
type fastRand struct{ pcg rand.PCG }

func newFastRand(seed uint64) *fastRand {
	return &fastRand{pcg: *rand.NewPCG(seed, 0x5851f42d4c957f2d)}
}

// intN is Lemire's multiply-shift reduction; the tiny bias does not matter
// for random playouts.
func (r *fastRand) intN(n int) int { return int((r.pcg.Uint64() >> 32) * uint64(n) >> 32) }

// shuffle fills buf with the 24 cards in random order.
func (r *fastRand) shuffle(buf *[NumCards]Card) []Card {
	for i := range buf {
		buf[i] = Card(i)
	}
	for i := NumCards - 1; i > 0; i-- {
		j := r.intN(i + 1)
		buf[i], buf[j] = buf[j], buf[i]
	}
	return buf[:]
}

// pick chooses uniformly among the legal entries; a range of bids or
// contracts is one entry, and its value is then uniform in the range.
func (r *fastRand) pick(legal []Action) Action {
	a := legal[r.intN(len(legal))]
	if a.Max > 0 {
		a.Value += uint16(5 * r.intN(int(a.Max-a.Value)/5+1))
		a.Max = 0
	}
	return a
}

// playout finishes d with uniformly random legal actions.
func (r *fastRand) playout(d *Deal) error {
	var buf [MaxActions]Action
	for d.result == Unfinished {
		if err := d.Apply(r.pick(d.Legal(&buf))); err != nil {
			return err
		}
	}
	return nil
}

// recordPlayout is playout that also returns the actions.
func (r *fastRand) recordPlayout(t testing.TB, d *Deal) []Action {
	var buf [MaxActions]Action
	var out []Action
	for !d.Over() {
		a := r.pick(d.Legal(&buf))
		if err := d.Apply(a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}
