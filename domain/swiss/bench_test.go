package swiss

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchField is a field of n players after some rounds of random results
// (late entries and withdrawals aside), in the order they come.
func benchField(b *testing.B, n, rounds int) []Player {
	r := rand.New(rand.NewPCG(7, 8))
	s := &sim{r: r, players: map[PlayerID]*Player{}}
	for range n {
		s.add(0)
	}
	for round := 1; round <= rounds; round++ {
		pg, err := PairRound(s.list(), fmt.Sprint("bench/", round))
		if err != nil {
			b.Fatal(err)
		}
		s.play(pg)
	}
	return s.list()
}

// benchPair pairs the round after the given rounds of an n-player field
// (targets in docs/swiss.md: 512 players under 50 ms, 4,096 under 2 s).
func benchPair(b *testing.B, n, rounds int) {
	ps := benchField(b, n, rounds)
	for b.Loop() {
		if _, err := PairRound(ps, "bench/next"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPairRound16(b *testing.B)   { benchPair(b, 16, 5) }
func BenchmarkPairRound128(b *testing.B)  { benchPair(b, 128, 5) }
func BenchmarkPairRound512(b *testing.B)  { benchPair(b, 512, 5) }
func BenchmarkPairRound511(b *testing.B)  { benchPair(b, 511, 5) } // the bye as well
func BenchmarkPairRound4096(b *testing.B) { benchPair(b, 4096, 5) }

// BenchmarkPairRound4096Late pairs round 13 of 4,096 players: the first
// round whose top groups are odd, with many pairs met before — the
// slowest round of such a tournament found.
func BenchmarkPairRound4096Late(b *testing.B) { benchPair(b, 4096, 12) }

// BenchmarkPairRoundOne4096 pairs round 1 of 4,096 players: one score
// group, the largest a round has.
func BenchmarkPairRoundOne4096(b *testing.B) {
	ps := make([]Player, 4096)
	for i := range ps {
		ps[i] = Player{ID: PlayerID(i + 1), Rank: i + 1}
	}
	for b.Loop() {
		if _, err := PairRound(ps, "bench/1"); err != nil {
			b.Fatal(err)
		}
	}
}
