package draw

import (
	"math/rand/v2"
	"slices"
	"testing"

	"bummerl/domain/tournament"
)

// sim4096 is the benchmark tournament: 4096 cards, sold out to players
// holding up to three cards each.
var sim4096 = SimConfig{Cards: 4096, Players: 2100, MaxCards: 3}

// BenchmarkDigital4096 draws round 1 of a sold-out 4096-card tournament.
func BenchmarkDigital4096(b *testing.B) {
	t := soldOut(b)
	groups, err := t.NextDraw()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Digital(groups, "benchmark"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDrawRounds4096 draws every round of a whole 4096-card
// tournament (12 main rounds and the placement brackets) from the groups
// the tournament gave: the draw's share of a tournament.
func BenchmarkDrawRounds4096(b *testing.B) {
	t, err := Simulate(sim4096, 1)
	if err != nil {
		b.Fatal(err)
	}
	rounds := make([][]tournament.DrawGroup, len(t.Rounds))
	for i, r := range t.Rounds {
		p, err := ProtocolOf(t, r.No)
		if err != nil {
			b.Fatal(err)
		}
		if rounds[i], err = p.drawGroups(); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		for _, groups := range rounds {
			if _, err := Digital(groups, "benchmark"); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPlay4096 draws and plays a sold-out 4096-card tournament to the
// end: 12 announced digital draws, every result, the placement matches.
func BenchmarkPlay4096(b *testing.B) {
	sold := soldOut(b)
	for b.Loop() {
		t := *sold
		t.Players, t.Cards = slices.Clone(sold.Players), slices.Clone(sold.Cards)
		src := rand.NewChaCha8([32]byte{1})
		if err := simPlay(&t, src, rand.New(src)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimulate4096 is the whole simulation: the sales, then play.
func BenchmarkSimulate4096(b *testing.B) {
	for b.Loop() {
		if _, err := Simulate(sim4096, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// soldOut is the 4096-card tournament after its sales.
func soldOut(b *testing.B) *tournament.Tournament {
	t, err := simTournament(sim4096, 1)
	if err != nil {
		b.Fatal(err)
	}
	if err := simSales(t, sim4096, rand.New(rand.NewPCG(1, 2))); err != nil {
		b.Fatal(err)
	}
	if t.Sold() != 4096 {
		b.Fatalf("sold %d cards, want 4096", t.Sold())
	}
	return t
}
