package bot

import (
	"math/rand/v2"
	"testing"

	"bummerl/domain/schnapsen"
)

// solvePositions are soft deals after tricks random tricks (plays only),
// every card open.
func solvePositions(n, tricks int) []pos {
	r := rand.New(rand.NewPCG(3, 4))
	var ps []pos
	for len(ps) < n {
		p := dealPos(schnapsen.Soft, schnapsen.AtClose, schnapsen.ShuffledDeck(schnapsen.Soft, r.Uint64()))
		for k := 0; k < 2*tricks && p.result == 0; k++ {
			var ms [maxMoves]move
			var plays []move
			for _, m := range ms[:p.gen(&ms)] {
				if m.kind() == mPlay {
					plays = append(plays, m)
				}
			}
			p.apply(plays[r.IntN(len(plays))])
		}
		if p.result == 0 {
			ps = append(ps, p)
		}
	}
	return ps
}

// BenchmarkSolve is the inner loop: the exact search of a world after
// three tricks (about 3,000 nodes), reported per node. It allocates
// nothing.
func BenchmarkSolve(b *testing.B) { benchSolve(b, 3, 0) }

// BenchmarkSolveHorizon is the inner loop of the first trick: three
// tricks searched, then each line played on by the policy and the rest
// solved (the default horizon). It allocates nothing either.
func BenchmarkSolveHorizon(b *testing.B) { benchSolve(b, 0, 3) }

// benchSolve values worlds after tricks random tricks, searching horizon
// tricks before the playouts (0: to the end).
func benchSolve(b *testing.B, tricks, horizon int) {
	ps := solvePositions(64, tricks)
	s := newSolver()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := &ps[i%len(ps)]
		s.horizon = 0
		if horizon > 0 {
			s.horizon = p.next + uint8(2*horizon)
		}
		s.newWorld()
		s.value(p)
		i++
	}
	b.ReportMetric(float64(s.nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(s.nodes), "ns/node")
}

// BenchmarkDecide is one decision at random positions of soft deals
// (every stage of a deal) with the default budget.
func BenchmarkDecide(b *testing.B) {
	var views []View
	positions(b, schnapsen.Soft, 200, 11, func(_ schnapsen.GameRecord, _ *schnapsen.Deal, v View) { views = append(views, v) })
	bt := New(Options{Seed: 1})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := bt.Decide(views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
