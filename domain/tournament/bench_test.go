package tournament

import (
	"math/rand/v2"
	"testing"
	"time"
)

// playedOut is a finished tournament of n single-card players, 8 prizes.
func playedOut(b *testing.B, n int) *Tournament {
	tr := mustNew(b, settings(n, 8, false))
	sellOut(b, tr, n)
	rng := rand.New(rand.NewPCG(1, 1))
	for !tr.Finished() {
		must(b, tr.ApplyDraw(orderedDraw(b, tr, rng)))
		playRound(b, tr, lowerCard)
	}
	return tr
}

// BenchmarkWholeTournament4096 runs the largest tournament (P-1) from the
// first sale to the last result: 4095 main matches plus placement.
func BenchmarkWholeTournament4096(b *testing.B) {
	for b.Loop() {
		playedOut(b, 4096)
	}
}

// BenchmarkStandings4096 is what every results page of the largest
// tournament costs: standings and prizes from the rounds.
func BenchmarkStandings4096(b *testing.B) {
	tr := playedOut(b, 4096)
	for b.Loop() {
		tr.Standings()
		tr.Prizes()
	}
}

// BenchmarkSetResult4096 records one result in round 1 of the largest tournament.
func BenchmarkSetResult4096(b *testing.B) {
	tr := mustNew(b, settings(4096, 8, false))
	sellOut(b, tr, 4096)
	must(b, tr.ApplyDraw(orderedDraw(b, tr, nil)))
	m := tr.Current().Matches[2047]
	r := result(tr, m.A)
	for b.Loop() {
		must(b, tr.SetResult(1, m.No, m.Version, r))
		m.Version++
	}
}

// BenchmarkSellOut4096 sells the largest tournament out, one card at a
// time to 4096 players (P-1).
func BenchmarkSellOut4096(b *testing.B) {
	for b.Loop() {
		sellOut(b, mustNew(b, settings(4096, 8, false)), 4096)
	}
}

// BenchmarkRebuild4096 checks the largest tournament as its import does
// (issue 20), every match called to a table before its result.
func BenchmarkRebuild4096(b *testing.B) {
	tr := mustNew(b, settings(4096, 8, false))
	sellOut(b, tr, 4096)
	rng := rand.New(rand.NewPCG(1, 1))
	for !tr.Finished() {
		must(b, tr.ApplyDraw(orderedDraw(b, tr, rng)))
		r := tr.Current()
		for _, m := range r.Matches {
			if m.Decided() {
				continue
			}
			m, err := tr.CallFree(r.No, m.No, m.Version, time.Time{})
			must(b, err)
			must(b, tr.SetResult(r.No, m.No, m.Version, result(tr, lowerCard(m))))
		}
	}
	for b.Loop() {
		must(b, Rebuild(tr))
	}
}
