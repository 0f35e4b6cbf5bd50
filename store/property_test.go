package store_test

import (
	"math/rand/v2"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// randomAggregate makes a tournament of random content in key order, with
// few distinct values so that consecutive ones share many rows.
func randomAggregate(r *rand.Rand) *tournament.Tournament {
	t := &tournament.Tournament{Version: r.IntN(3), Settings: settings(16)}
	t.Settings.Name = []string{"A", "B"}[r.IntN(2)]
	if r.IntN(3) == 0 {
		t.Settings.Prizes = nil
	}
	if r.IntN(2) == 0 {
		t.Pending = &tournament.Commitment{Seed: []string{"", "s"}[r.IntN(2)], Commitment: "c"}
	}
	var ids []tournament.PlayerID
	for id := 1; id <= 6; id++ {
		if r.IntN(3) > 0 {
			ids = append(ids, tournament.PlayerID(id))
			t.Players = append(t.Players, tournament.Player{ID: tournament.PlayerID(id), Name: []string{"Anna", "Sepp"}[r.IntN(2)], Club: []string{"", "SV"}[r.IntN(2)]})
		}
	}
	if len(ids) > 0 {
		for no := 1; no <= 16; no++ {
			if r.IntN(2) == 0 {
				t.Cards = append(t.Cards, tournament.Card{No: tournament.CardNo(no), Player: ids[r.IntN(len(ids))], Sale: r.IntN(3)})
			}
		}
	}
	for no := 1; no <= r.IntN(4); no++ {
		round := tournament.Round{No: no, Draw: tournament.Draw{Method: tournament.Physical, Seed: []string{"", "x"}[r.IntN(2)]}}
		for range r.IntN(3) {
			g := tournament.GroupTickets{Bracket: tournament.Bracket(r.IntN(2))}
			for range r.IntN(4) {
				g.Tickets = append(g.Tickets, tournament.Ticket{Card: tournament.CardNo(1 + r.IntN(3)), Pot: tournament.Pot(r.IntN(2)), Number: 1 + r.IntN(2)})
			}
			round.Draw.Groups = append(round.Draw.Groups, g)
		}
		for m := 1; m <= r.IntN(5); m++ {
			match := tournament.Match{No: m, A: tournament.CardNo(2*m - 1), B: tournament.CardNo(2 * m), Version: r.IntN(3), Started: r.IntN(2) == 0}
			switch r.IntN(4) {
			case 0:
				match.Result = &tournament.Result{Winner: match.A, Bummerl: [2]int{2, r.IntN(2)}}
			case 1:
				match.Result = &tournament.Result{Winner: match.B, Bummerl: [2]int{1, 2},
					Sheet: []schnapsen.DealResult{{Winner: 1, Points: 1 + r.IntN(3)}}}
			}
			round.Matches = append(round.Matches, match)
		}
		t.Rounds = append(t.Rounds, round)
	}
	return t
}

// TestRandomTransitions moves one tournament through many random states:
// whatever rows an action adds, changes or removes, Load gives back
// exactly the state saved.
func TestRandomTransitions(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s, reader := open(), open()
		id := mustCreate(t, s, settings(16)).ID
		r := rand.New(rand.NewPCG(1, 2))
		for i := range 300 {
			want := randomAggregate(r)
			want.ID = id
			if _, err := s.Update(ctx, id, admin, "random", replaceWith(want)); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			mustLoadBoth(t, s, reader, want)
		}
	})
}
