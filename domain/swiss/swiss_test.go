package swiss

import (
	"errors"
	"slices"
	"testing"
)

func TestDefaultRounds(t *testing.T) { // SW-2
	for _, tc := range []struct{ players, want int }{
		{1, 0}, {2, 1}, {3, 2}, {4, 3}, {5, 4}, {8, 4}, {9, 5}, {16, 5}, {17, 6}, {100, 8}, {512, 10}, {513, 11},
	} {
		if got := DefaultRounds(tc.players); got != tc.want {
			t.Errorf("DefaultRounds(%d) = %d, want %d", tc.players, got, tc.want)
		}
	}
	for _, tc := range []struct {
		rounds, players int
		code            string
	}{
		{4, 8, ""}, {7, 8, ""}, {8, 8, "rounds_invalid"}, {0, 8, "rounds_invalid"}, {1, 1, "too_few_players"},
	} {
		err := ValidateRounds(tc.rounds, tc.players)
		var e *Error
		if tc.code == "" && err != nil || tc.code != "" && (!errors.As(err, &e) || e.Code != tc.code) {
			t.Errorf("ValidateRounds(%d, %d) = %v, want %q", tc.rounds, tc.players, err, tc.code)
		}
	}
}

func TestDrawOrder(t *testing.T) { // SW-4
	ids := []PlayerID{5, 3, 9, 1, 7, 2}
	a := DrawOrder(ids, "seed")
	b := DrawOrder([]PlayerID{1, 2, 3, 5, 7, 9}, "seed")
	if !slices.Equal(a, b) {
		t.Fatalf("input order changed the draw: %v vs %v", a, b)
	}
	if slices.Equal(a, DrawOrder(ids, "other")) && slices.Equal(a, DrawOrder(ids, "third")) {
		t.Fatalf("the seed does not change the draw")
	}
	s := slices.Clone(a)
	slices.Sort(s)
	if !slices.Equal(s, []PlayerID{1, 2, 3, 5, 7, 9}) {
		t.Fatalf("not a permutation: %v", a)
	}
}

func TestPairRoundCases(t *testing.T) {
	p := func(id PlayerID, pts int, bye bool, opp ...PlayerID) Player {
		return Player{ID: id, Points: pts, HadBye: bye, Opponents: opp, Rank: int(id)}
	}
	for _, tc := range []struct {
		name  string
		ps    []Player
		pairs []Pair
		bye   PlayerID
		code  string
	}{
		{name: "round 1 in rank order", ps: []Player{p(1, 0, false), p(2, 0, false), p(3, 0, false), p(4, 0, false)},
			pairs: []Pair{{1, 2}, {3, 4}}},
		{name: "SW-5 avoids the rematch inside the group",
			ps:    []Player{p(1, 1, false, 2), p(2, 1, false, 1), p(3, 1, false, 4), p(4, 1, false, 3)},
			pairs: []Pair{{1, 3}, {2, 4}}},
		{name: "SW-5 one floater pair rather than two",
			ps:    []Player{p(1, 2, false), p(2, 1, false), p(3, 1, false), p(4, 0, false)},
			pairs: []Pair{{1, 4}, {2, 3}}},
		{name: "SW-5 floats to the nearest group",
			ps:    []Player{p(1, 2, false), p(2, 2, false), p(3, 2, false), p(4, 1, false), p(5, 0, false), p(6, 0, false)},
			pairs: []Pair{{1, 2}, {3, 4}, {5, 6}}},
		{name: "SW-7 bye to the lowest without a bye",
			ps:    []Player{p(1, 1, false), p(2, 1, false), p(3, 0, false), p(4, 0, true), p(5, 0, true)},
			pairs: []Pair{{1, 2}, {4, 5}}, bye: 3},
		{name: "SW-16 withdrawn players are not paired",
			ps:    []Player{p(1, 1, false), {ID: 2, Withdrawn: true}, p(3, 0, false)},
			pairs: []Pair{{1, 3}}},
		{name: "SW-7 no one left for the bye",
			ps:   []Player{p(1, 1, true), p(2, 1, true), p(3, 1, true)},
			code: "no_bye_candidate"},
		{name: "duplicate id", ps: []Player{p(1, 0, false), p(1, 0, false)}, code: "player_invalid"},
		{name: "too few", ps: []Player{p(1, 0, false)}, code: "too_few_players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg, err := PairRound(tc.ps, "s")
			var e *Error
			if tc.code != "" {
				if !errors.As(err, &e) || e.Code != tc.code {
					t.Fatalf("err = %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.bye == 0 && len(tc.ps)%2 == 1 {
				tc.bye = pg.Bye // not under test
			}
			if !slices.Equal(pg.Pairs, tc.pairs) || pg.Bye != tc.bye {
				t.Fatalf("got %v bye %d, want %v bye %d", pg.Pairs, pg.Bye, tc.pairs, tc.bye)
			}
		})
	}
}

// When every bye leaves a field that cannot be paired without a rematch,
// the bye still goes to the lowest-ranked player (SW-7) among those whose
// bye forces the fewest rematches (SW-6).
func TestPairRoundForcedRematches(t *testing.T) {
	p := func(id PlayerID, opp ...PlayerID) Player {
		return Player{ID: id, Points: 2, Opponents: opp, Rank: int(id)}
	}
	for _, tc := range []struct {
		name      string
		ps        []Player
		pairs     []Pair
		bye       PlayerID
		rematches int
	}{
		{name: "three who have all met",
			ps:    []Player{p(1, 2, 3), p(2, 1, 3), p(3, 1, 2)},
			pairs: []Pair{{1, 2}}, bye: 3, rematches: 1},
		{name: "the lowest's bye forces two rematches, the next one's one",
			ps:    []Player{p(1, 2, 3, 4), p(2, 1, 3, 4, 5), p(3, 1, 2, 4, 5), p(4, 1, 2, 3, 5), p(5, 2, 3, 4)},
			pairs: []Pair{{1, 5}, {2, 3}}, bye: 4, rematches: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg, err := PairRound(tc.ps, "s")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(pg.Pairs, tc.pairs) || pg.Bye != tc.bye || pg.Rematches != tc.rematches {
				t.Fatalf("got %v bye %d rematches %d, want %v bye %d rematches %d",
					pg.Pairs, pg.Bye, pg.Rematches, tc.pairs, tc.bye, tc.rematches)
			}
		})
	}
}

func TestStandings(t *testing.T) { // SW-10 … SW-14
	ps := []Player{{ID: 1}, {ID: 2}, {ID: 3}, {ID: 4}, {ID: 5, Withdrawn: true}}
	games := []Game{
		{Round: 1, A: 1, B: 2, Winner: 1, BummerlA: 2, BummerlB: 0, HasGamePoints: true, GamePointsA: 14, GamePointsB: 3},
		{Round: 1, A: 3, B: 4, Winner: 3, BummerlA: 2, BummerlB: 1, HasGamePoints: true, GamePointsA: 10, GamePointsB: 8},
		{Round: 2, A: 1, B: 3, Winner: 3, BummerlA: 1, BummerlB: 2, HasGamePoints: true, GamePointsA: 9, GamePointsB: 11},
		{Round: 2, A: 2, B: 5, Winner: 2, BummerlA: 2, BummerlB: 0, HasGamePoints: true, GamePointsA: 14, GamePointsB: 0},
	}
	byes := []Bye{{Round: 2, Player: 4}}
	tab, err := Standings(ps, games, byes, TieBreaks{}, "s")
	if err != nil {
		t.Fatal(err)
	}
	got := map[PlayerID]Row{}
	var order []PlayerID
	for _, r := range tab.Rows {
		got[r.Player] = r
		order = append(order, r.Player)
	}
	// points: 3→2, 1→1, 2→1, 4→1 (bye), 5→0
	// Buchholz: 3: 1+1=2; 1: 1+2=3; 2: 1+0=1; 4: 2
	if !slices.Equal(order, []PlayerID{3, 1, 4, 2, 5}) {
		t.Fatalf("order %v", order)
	}
	if r := got[1]; r.Points != 1 || r.Buchholz != 3 || r.BummerlDiff != 1 || r.GamePointDiff != 9 {
		t.Fatalf("row 1 %+v", r)
	}
	if !tab.GamePoints || !got[5].Withdrawn {
		t.Fatalf("table %+v", tab)
	}
	// SW-11 cut-1 drops the weakest opponent.
	tab, _ = Standings(ps, games, byes, TieBreaks{BuchholzCut1: true}, "s")
	for _, r := range tab.Rows {
		if r.Player == 1 && r.Buchholz != 2 {
			t.Fatalf("cut-1 Buchholz of 1 = %d, want 2", r.Buchholz)
		}
	}
	// SW-12: without every score sheet the game-point column is skipped.
	games[0].HasGamePoints = false
	tab, _ = Standings(ps, games, byes, TieBreaks{}, "s")
	if tab.GamePoints || tab.Rows[1].GamePointDiff != 0 {
		t.Fatalf("game points used: %+v", tab)
	}
}

func TestStandingsDirectAndLot(t *testing.T) { // SW-13, SW-14
	// A round robin of four: 1 and 2 on 2 points, 3 and 4 on 1; equal
	// Buchholz and Bummerl difference within each pair; 1 beat 2, 3 beat 4.
	ps := []Player{{ID: 4}, {ID: 3}, {ID: 2}, {ID: 1}}
	games := []Game{
		{Round: 1, A: 1, B: 2, Winner: 1, BummerlA: 1},
		{Round: 1, A: 3, B: 4, Winner: 3, BummerlA: 1},
		{Round: 2, A: 1, B: 3, Winner: 1, BummerlA: 1},
		{Round: 2, A: 2, B: 4, Winner: 2, BummerlA: 1},
		{Round: 3, A: 1, B: 4, Winner: 4, BummerlB: 1},
		{Round: 3, A: 2, B: 3, Winner: 2, BummerlA: 1},
	}
	for _, seed := range []string{"a", "b", "c", "d", "e", "f"} {
		tab, err := Standings(ps, games, nil, TieBreaks{}, seed)
		if err != nil {
			t.Fatal(err)
		}
		var order []PlayerID
		for _, r := range tab.Rows {
			order = append(order, r.Player)
		}
		if !slices.Equal(order, []PlayerID{1, 2, 3, 4}) || tab.Rows[0].Direct != 1 || tab.Rows[1].Direct != 0 {
			t.Fatalf("seed %s: %+v", seed, tab.Rows)
		}
	}
	// SW-14: with nothing else to separate them, the lot decides, per seed.
	two := []Player{{ID: 1}, {ID: 2}}
	firsts := map[PlayerID]bool{}
	for _, seed := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		tab, _ := Standings(two, nil, nil, TieBreaks{}, seed)
		again, _ := Standings([]Player{{ID: 2}, {ID: 1}}, nil, nil, TieBreaks{}, seed)
		if tab.Rows[0].Player != again.Rows[0].Player {
			t.Fatalf("seed %s: the lot depends on input order", seed)
		}
		firsts[tab.Rows[0].Player] = true
	}
	if len(firsts) != 2 {
		t.Fatalf("the lot never changes with the seed")
	}
	_, err := Standings(ps, []Game{{A: 1, B: 9, Winner: 1}}, nil, TieBreaks{}, "s")
	var e *Error
	if !errors.As(err, &e) || e.Code != "game_players_invalid" {
		t.Fatalf("err %v", err)
	}
	_, err = Standings(ps, []Game{{A: 1, B: 2, Winner: 3}}, nil, TieBreaks{}, "s")
	if !errors.As(err, &e) || e.Code != "winner_invalid" {
		t.Fatalf("err %v", err)
	}
}
