package thousand

import (
	"math/bits"
	"testing"
)

// fastRand is a wyrand generator (one multiply per draw) with a bounded
// draw that never allocates; test code only, the engine takes no random
// source at all.
type fastRand struct {
	s   uint64
	buf [MaxActions]Action // for Legal, kept so that a playout does not clear it
}

func newFastRand(seed uint64) *fastRand { return &fastRand{s: seed * 0x9e3779b97f4a7c15} }

func (r *fastRand) next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// intN is Lemire's multiply-shift reduction; the tiny bias (below 2^-58)
// does not matter for random playouts.
func (r *fastRand) intN(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// shuffle fills buf with the 24 cards in random order.
func (r *fastRand) shuffle(buf *[NumCards]Card) []Card {
	for i := range buf {
		buf[i] = Card(i)
	}
	for i := NumCards - 1; i > 0; i -= 2 { // two 32-bit draws per 64-bit number
		x := r.next()
		j := int(uint64(uint32(x)) * uint64(i+1) >> 32)
		buf[i], buf[j] = buf[j], buf[i]
		if i > 1 {
			j = int((x >> 32) * uint64(i) >> 32)
			buf[i-1], buf[j] = buf[j], buf[i-1]
		}
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
	for d.result == Unfinished {
		if err := d.Apply(r.pick(d.Legal(&r.buf))); err != nil {
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
