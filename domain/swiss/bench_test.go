package swiss

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchField is a 512-player field after five rounds of random results.
func benchField(b *testing.B) []Player {
	r := rand.New(rand.NewPCG(7, 8))
	s := &sim{r: r, players: map[PlayerID]*Player{}}
	for range 512 {
		s.add(0)
	}
	for round := 1; round <= 5; round++ {
		pg, err := PairRound(s.list(), fmt.Sprint("bench/", round))
		if err != nil {
			b.Fatal(err)
		}
		for _, pr := range pg.Pairs {
			a, c := s.players[pr.A], s.players[pr.B]
			a.Opponents = append(a.Opponents, c.ID)
			c.Opponents = append(c.Opponents, a.ID)
			if r.IntN(2) == 0 {
				a.Points++
			} else {
				c.Points++
			}
		}
	}
	return s.list()
}

// BenchmarkPairRound512 pairs round 6 of a 512-player field (target < 50 ms,
// docs/swiss.md).
func BenchmarkPairRound512(b *testing.B) {
	ps := benchField(b)
	b.ResetTimer()
	for b.Loop() {
		if _, err := PairRound(ps, "bench/6"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPairRound511 is the odd case: the bye is chosen as well.
func BenchmarkPairRound511(b *testing.B) {
	ps := benchField(b)
	ps[0].Withdrawn = true
	b.ResetTimer()
	for b.Loop() {
		if _, err := PairRound(ps, "bench/6"); err != nil {
			b.Fatal(err)
		}
	}
}
