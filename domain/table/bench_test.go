package table

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"bummerl/domain/schnapsen"
)

// BenchmarkApply is one move at a table (engine action, scoring, the
// next deal dealt when one ends), averaged over random 2-Bummerl matches.
// BenchmarkReplay rebuilds a whole match from its moves, as the store
// does after a restart or when its cache misses.
func BenchmarkApply(b *testing.B) {
	moves := randomMoves(b)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		m, _ := New(config(schnapsen.Soft, schnapsen.AtClose, 2, "bench"))
		for _, mv := range moves {
			if _, err := m.Apply(mv); err != nil {
				b.Fatal(err)
			}
		}
		n += len(moves)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/move")
}

func BenchmarkReplay(b *testing.B) {
	moves := randomMoves(b)
	for b.Loop() {
		if _, err := Replay(config(schnapsen.Soft, schnapsen.AtClose, 2, "bench"), moves); err != nil {
			b.Fatal(err)
		}
	}
}

func randomMoves(b *testing.B) []Move {
	m, _ := New(config(schnapsen.Soft, schnapsen.AtClose, 2, "bench"))
	r := rand.New(rand.NewPCG(1, 1))
	for n := 0; !m.Finished(); n++ {
		legal := m.View(m.ToMove()).Legal
		mv := legal[r.IntN(len(legal))]
		// Declare only now and then, so deals run long as in play.
		if mv.Kind == schnapsen.Declare && r.IntN(4) != 0 && len(legal) > 1 {
			mv = legal[0]
		}
		mv.ID = fmt.Sprint(n)
		if _, err := m.Apply(mv); err != nil {
			b.Fatal(err)
		}
	}
	return m.Moves()
}
