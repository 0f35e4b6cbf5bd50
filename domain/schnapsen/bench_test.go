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

func benchmarkPlayout(b *testing.B, v Variant) {
	r := newFastRand(1)
	var buf [NumCards]Card
	actions := 0
	b.ReportAllocs()
	for b.Loop() {
		d, err := NewDeal(v, AtClose, r.shuffle(&buf, v))
		if err != nil {
			b.Fatal(err)
		}
		if err := r.playout(&d); err != nil {
			b.Fatal(err)
		}
		actions += int(d.actions)
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/deal")
}

func BenchmarkPlayoutSoft(b *testing.B)     { benchmarkPlayout(b, Soft) }
func BenchmarkPlayoutSharp(b *testing.B)    { benchmarkPlayout(b, Sharp) }
func BenchmarkPlayoutSixtySix(b *testing.B) { benchmarkPlayout(b, SixtySix) }

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
