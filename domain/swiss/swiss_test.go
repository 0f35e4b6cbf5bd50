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

// TestPairRoundCases: the worked examples of docs/swiss.md, one or more
// per criterion of SW-5, and the refusals. Each example checks the pairing
// and that the exhaustive search agrees it is the best.
func TestPairRoundCases(t *testing.T) {
	p := func(id PlayerID, pts int, bye bool, opp ...PlayerID) Player {
		return Player{ID: id, Points: pts, HadBye: bye, Opponents: opp, Rank: int(id)}
	}
	field := func(pts ...int) []Player { // ids 1, 2, … ranked in order, nobody has met
		var ps []Player
		for i, x := range pts {
			ps = append(ps, p(PlayerID(i+1), x, false))
		}
		return ps
	}
	met := func(ps []Player, pairs ...Pair) []Player {
		for _, pr := range pairs {
			ps[pr.A-1].Opponents = append(ps[pr.A-1].Opponents, pr.B)
			ps[pr.B-1].Opponents = append(ps[pr.B-1].Opponents, pr.A)
		}
		return ps
	}
	eighteen := field(2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	for _, tc := range []struct {
		name  string
		ps    []Player
		opt   Options
		pairs []Pair
		bye   PlayerID
		code  string
		// The runner-up, and the criterion (1 … 9) it loses on.
		not     []Pair
		notBye  PlayerID
		decides int
	}{
		{name: "1 rematch: 1–2 and 2–3 met, two floater pairs rather than a rematch",
			ps:    met(field(4, 4, 3, 3), Pair{1, 2}, Pair{2, 3}),
			pairs: []Pair{{1, 3}, {2, 4}}, not: []Pair{{1, 2}, {3, 4}}, decides: 1},
		{name: "2 bye to the lowest without a bye",
			ps:    []Player{p(1, 1, false), p(2, 1, false), p(3, 0, false), p(4, 0, true), p(5, 0, true)},
			pairs: []Pair{{1, 2}, {4, 5}}, bye: 3, not: []Pair{{1, 3}, {4, 5}}, notBye: 2, decides: 2},
		{name: "2 a late entry has no bye in his first round",
			ps:    met(field(1, 1, 0, 0, 0), Pair{1, 3}, Pair{2, 4}),
			pairs: []Pair{{1, 2}, {3, 5}}, bye: 4},
		{name: "2 a late entry may have the bye when the organiser allows it",
			ps:  met(field(1, 1, 0, 0, 0), Pair{1, 3}, Pair{2, 4}),
			opt: Options{LateEntryBye: true}, pairs: []Pair{{1, 2}, {3, 4}}, bye: 5},
		{name: "2 a late entry has the bye when nobody else may",
			ps:    []Player{p(1, 2, true, 2), p(2, 1, true, 1), p(3, 0, false)},
			pairs: []Pair{{1, 2}}, bye: 3},
		{name: "1 the rematch avoided inside the group: 1–2 and 3–4 met",
			ps:    met(field(1, 1, 1, 1), Pair{1, 2}, Pair{3, 4}),
			pairs: []Pair{{1, 3}, {2, 4}}, not: []Pair{{1, 2}, {3, 4}}, decides: 1},
		{name: "3 the odd group's floater to the group just below",
			ps:    field(2, 2, 2, 1, 0, 0),
			pairs: []Pair{{1, 2}, {3, 4}, {5, 6}}, not: []Pair{{1, 2}, {3, 5}, {4, 6}}, decides: 3},
		{name: "3 one floater pair rather than two",
			ps:    field(2, 1, 1, 0),
			pairs: []Pair{{1, 4}, {2, 3}}, not: []Pair{{1, 2}, {3, 4}}, decides: 3},
		{name: "3 issue 22: 18 players, none float when 1–3, 2–4 can play",
			ps:    met(eighteen, Pair{3, 4}),
			pairs: []Pair{{1, 3}, {2, 4}, {5, 12}, {6, 13}, {7, 14}, {8, 15}, {9, 16}, {10, 17}, {11, 18}}},
		{name: "4 score difference: 3–2 points and 1–0, not 3–1 and 2–0",
			ps:    field(3, 2, 1, 0),
			pairs: []Pair{{1, 2}, {3, 4}}, not: []Pair{{1, 3}, {2, 4}}, decides: 4},
		{name: "4 score difference comes before groups crossed: 13 points across 6 groups, not 15 across 4",
			ps:    met(field(14, 11, 10, 10, 8, 8, 4, 0), Pair{1, 8}, Pair{5, 6}),
			pairs: []Pair{{1, 5}, {2, 6}, {3, 4}, {7, 8}}, not: []Pair{{1, 2}, {3, 4}, {5, 7}, {6, 8}}, decides: 4},
		{name: "5 groups crossed: two floaters across one group, not across two",
			ps:    met(field(5, 5, 3, 3, 2, 2, 1, 1), Pair{3, 4}, Pair{3, 5}, Pair{3, 6}, Pair{4, 5}, Pair{4, 6}),
			pairs: []Pair{{1, 3}, {2, 4}, {5, 6}, {7, 8}}, not: []Pair{{1, 2}, {3, 7}, {4, 8}, {5, 6}}, decides: 5},
		{name: "6 the lowest floats down to the highest",
			ps:    field(2, 2, 2, 1, 1, 1),
			pairs: []Pair{{1, 2}, {3, 4}, {5, 6}}, not: []Pair{{1, 3}, {2, 4}, {5, 6}}, decides: 6},
		{name: "7 and 8 round 1: top half against bottom half, in order",
			ps:    field(0, 0, 0, 0, 0, 0, 0, 0),
			pairs: []Pair{{1, 5}, {2, 6}, {3, 7}, {4, 8}}, not: []Pair{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, decides: 7},
		{name: "7 and 8 round 1 with the bye",
			ps:    field(0, 0, 0, 0, 0),
			pairs: []Pair{{1, 3}, {2, 4}}, bye: 5, not: []Pair{{1, 4}, {2, 3}}, notBye: 5, decides: 8},
		{name: "7 apart: 1–3 met, 1–4 and 2–3 rather than 1–2 and 3–4",
			ps:    met(field(1, 1, 1, 1), Pair{1, 3}),
			pairs: []Pair{{1, 4}, {2, 3}}, not: []Pair{{1, 2}, {3, 4}}, decides: 7},
		{name: "8 squares: 1–5 met, 1–6, 2–5, 3–7, 4–8 rather than 1–6, 2–5, 3–8, 4–7",
			ps:    met(field(0, 0, 0, 0, 0, 0, 0, 0), Pair{1, 5}),
			pairs: []Pair{{1, 6}, {2, 5}, {3, 7}, {4, 8}}, not: []Pair{{1, 6}, {2, 5}, {3, 8}, {4, 7}}, decides: 8},
		{name: "9 the lot decides between 1–3, 2–4, 5–6 and 1–2, 3–5, 4–6",
			ps:    met(field(4, 4, 4, 3, 3, 3), Pair{3, 4}),
			pairs: []Pair{{1, 3}, {2, 4}, {5, 6}}, not: []Pair{{1, 2}, {3, 5}, {4, 6}}, decides: 9},
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
			pg, err := PairRoundWith(tc.ps, "x", tc.opt)
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
			if !slices.Equal(pg.Pairs, tc.pairs) || pg.Bye != tc.bye {
				t.Fatalf("got %v bye %d, want %v bye %d", pg.Pairs, pg.Bye, tc.pairs, tc.bye)
			}
			if rf := newRef(tc.ps, "x", tc.opt); len(rf.act) <= bruteLimit && rf.brute() != pg.Quality {
				t.Fatalf("quality %+v, exhaustive search %+v", pg.Quality, rf.brute())
			}
			if tc.not == nil {
				return
			}
			q, err := Assess(tc.ps, "x", tc.opt, tc.not, tc.notBye)
			if err != nil {
				t.Fatal(err)
			}
			a, b := pg.Quality.Criteria(), q.Criteria()
			k := 0
			for k < len(a) && a[k] == b[k] {
				k++
			}
			if k+1 != tc.decides || pg.Quality.Compare(q) >= 0 {
				t.Fatalf("the runner-up %v loses on criterion %d, want %d: %+v against %+v", tc.not, k+1, tc.decides, q, pg.Quality)
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
