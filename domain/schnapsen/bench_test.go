package schnapsen

import (
	"encoding/json"
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

// shuffle fills buf with the variant's deck in random order.
func (r *fastRand) shuffle(buf *[NumCards]Card, v Variant) []Card {
	deck := fillDeck(buf, v)
	for i := len(deck) - 1; i > 0; i-- {
		j := r.intN(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	return deck
}

// playout finishes d with uniformly random legal actions, so marriages,
// exchanges, closings and (often wrong) declarations all occur.
func (r *fastRand) playout(d *Deal) error {
	var buf [MaxActions]Action
	for !d.Over() {
		legal := d.Legal(&buf)
		if err := d.Apply(legal[r.intN(len(legal))]); err != nil {
			return err
		}
	}
	return nil
}

// sensiblePlayout finishes d like a careful random player: it declares only
// with 66 or more (S-13) and otherwise picks uniformly among the other legal
// actions, so most deals run to the last trick or a successful closing and
// the benchmark measures full-length deals, not early wrong declarations.
func (r *fastRand) sensiblePlayout(d *Deal) error {
	var buf [MaxActions]Action
	for !d.Over() {
		legal := d.Legal(&buf)
		pick := legal[r.intN(len(legal))]
		for i, a := range legal {
			if a.Kind == Declare {
				if d.CardPoints()[d.ToMove()] >= winTarget || len(legal) == 1 {
					pick = a
					break
				}
				legal = append(legal[:i], legal[i+1:]...)
				pick = legal[r.intN(len(legal))]
				break
			}
		}
		if err := d.Apply(pick); err != nil {
			return err
		}
	}
	return nil
}

// benchmarkDeals plays whole deals with the uniform (sensible false) or the
// sensible policy; a plain bool rather than a func value keeps the Deal on
// the stack.
func benchmarkDeals(b *testing.B, v Variant, sensible bool) {
	r := newFastRand(1)
	var buf [NumCards]Card
	actions := 0
	b.ReportAllocs()
	for b.Loop() {
		d, err := NewDeal(v, AtClose, r.shuffle(&buf, v))
		if err != nil {
			b.Fatal(err)
		}
		if sensible {
			err = r.sensiblePlayout(&d)
		} else {
			err = r.playout(&d)
		}
		if err != nil {
			b.Fatal(err)
		}
		actions += int(d.actions)
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/deal")
}

func BenchmarkPlayoutSoft(b *testing.B)      { benchmarkDeals(b, Soft, false) }
func BenchmarkPlayoutSharp(b *testing.B)     { benchmarkDeals(b, Sharp, false) }
func BenchmarkPlayoutSixtySix(b *testing.B)  { benchmarkDeals(b, SixtySix, false) }
func BenchmarkFullDealSoft(b *testing.B)     { benchmarkDeals(b, Soft, true) }
func BenchmarkFullDealSharp(b *testing.B)    { benchmarkDeals(b, Sharp, true) }
func BenchmarkFullDealSixtySix(b *testing.B) { benchmarkDeals(b, SixtySix, true) }

// fullRecord is a complete soft deal of ten tricks (S-16).
func fullRecord(b *testing.B) GameRecord {
	return ruleCases["S-16 the last trick with 66 scores as S-14"].record(b)
}

// BenchmarkJudgeRecord judges a parsed full game record.
func BenchmarkJudgeRecord(b *testing.B) {
	rec := fullRecord(b)
	b.ReportAllocs()
	for b.Loop() {
		if v, err := rec.Judge(); err != nil || !v.Finished {
			b.Fatal(v, err)
		}
	}
}

// BenchmarkRefereeJSON decodes and judges a full game record, as the
// referee command does.
func BenchmarkRefereeJSON(b *testing.B) {
	data, err := json.Marshal(fullRecord(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Referee(data); err != nil {
			b.Fatal(err)
		}
	}
}
