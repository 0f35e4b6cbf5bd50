package store_test

import (
	"fmt"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/store/storetest"
)

// bigTournament is a 4096-card tournament after the draw of round 1, made
// with the domain methods: 2048 players with two cards each, 2048 matches.
func bigTournament(tb testing.TB) *tournament.Tournament {
	tb.Helper()
	const n = 4096
	set := settings(n)
	set.MaxCards = 2
	t, err := tournament.New(set)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range n / 2 {
		id, err := t.AddPlayer(fmt.Sprintf("Spieler %d", i+1), "SV Hintertux", "")
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := t.Sell(id, 2); err != nil {
			tb.Fatal(err)
		}
	}
	// Cards 1…2048 draw the left pot in order, the rest the right pot.
	g := tournament.GroupTickets{Bracket: tournament.Main}
	for c := 1; c <= n; c++ {
		pot, num := tournament.Left, c
		if c > n/2 {
			pot, num = tournament.Right, c-n/2
		}
		g.Tickets = append(g.Tickets, tournament.Ticket{Card: tournament.CardNo(c), Pot: pot, Number: num})
	}
	if err := t.ApplyDraw(tournament.Draw{Method: tournament.Physical, Groups: []tournament.GroupTickets{g}}); err != nil {
		tb.Fatal(err)
	}
	return t
}

// toggleResult enters or clears the result of match k of round 1, as the
// result form does.
func toggleResult(k int) func(*tournament.Tournament) error {
	return func(t *tournament.Tournament) error {
		m := t.Rounds[0].Matches[k]
		if m.Result != nil {
			return t.ClearResult(1, m.No, m.Version)
		}
		return t.SetResult(1, m.No, m.Version, tournament.Result{Winner: m.A, Bummerl: [2]int{2, 1}})
	}
}

// BenchmarkUpdate4096 is one result entry in a 4096-card tournament: load
// ~12,000 rows, apply the domain method, save one match row and the audit.
func BenchmarkUpdate4096(b *testing.B) { benchEachStore(b, update4096) }

func update4096(b *testing.B, s *store.Store) {
	id := mustCreate(b, s, settings(8)).ID
	big := bigTournament(b)
	if _, err := s.Update(ctx, id, admin, "fill", replaceWith(big)); err != nil {
		b.Fatal(err)
	}
	matches := len(big.Rounds[0].Matches)
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.Update(ctx, id, admin, "result", toggleResult(i%matches)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoad4096 reads the same tournament (a public page).
func BenchmarkLoad4096(b *testing.B) { benchEachStore(b, load4096) }

func load4096(b *testing.B, s *store.Store) {
	id := mustCreate(b, s, settings(8)).ID
	if _, err := s.Update(ctx, id, admin, "fill", replaceWith(bigTournament(b))); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := s.Load(ctx, id); err != nil {
			b.Fatal(err)
		}
	}
}

// benchEachStore runs fn on a new store of each backend, as sub-benchmarks
// "sqlite" and "postgres" (BUMMERL_TEST_POSTGRES, see storetest).
func benchEachStore(b *testing.B, fn func(b *testing.B, s *store.Store)) {
	b.Run("sqlite", func(b *testing.B) { fn(b, mustOpenPath(b, storetest.SQLite(b))) })
	b.Run("postgres", func(b *testing.B) { fn(b, mustOpenPath(b, storetest.Postgres(b))) })
}
