package swiss

import (
	"cmp"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

var long = flag.Bool("swiss.long", false, "run the long Swiss property tests (many more tournaments)")

// sim is one random tournament: results, late entries (SW-15) and
// withdrawals (SW-16).
type sim struct {
	r       *rand.Rand
	players map[PlayerID]*Player
	next    PlayerID
	seed    string
}

func (s *sim) add(round int) {
	s.next++
	// late entries join with 0 points behind everyone of the seed list (SW-15)
	s.players[s.next] = &Player{ID: s.next, Rank: int(s.next) + 1000*round}
}

func (s *sim) list() []Player {
	var out []Player
	for _, p := range s.players {
		out = append(out, *p)
	}
	s.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// sorted orders the active players as PairRound does.
func sorted(ps []Player, seed string) []Player {
	var act []Player
	for _, p := range ps {
		if !p.Withdrawn {
			act = append(act, p)
		}
	}
	slices.SortFunc(act, func(a, b Player) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(a.Rank, b.Rank),
			cmp.Compare(lot(seed, a.ID), lot(seed, b.ID)), cmp.Compare(a.ID, b.ID))
	})
	return act
}

func metSet(ps []Player) map[[2]PlayerID]bool {
	m := map[[2]PlayerID]bool{}
	for _, p := range ps {
		for _, o := range p.Opponents {
			m[[2]PlayerID{p.ID, o}] = true
			m[[2]PlayerID{o, p.ID}] = true
		}
	}
	return m
}

// bruteMin enumerates every pairing of ps without a rematch and returns the
// fewest floaters, or -1 when there is none. Independent of the package's
// search: plain recursion, no memo.
func bruteMin(ps []Player, met map[[2]PlayerID]bool) int {
	if len(ps) == 0 {
		return 0
	}
	best := -1
	for j := 1; j < len(ps); j++ {
		if met[[2]PlayerID{ps[0].ID, ps[j].ID}] {
			continue
		}
		rest := slices.Concat(ps[1:j:j], ps[j+1:])
		v := bruteMin(rest, met)
		if v < 0 {
			continue
		}
		if ps[0].Points != ps[j].Points {
			v++
		}
		if best < 0 || v < best {
			best = v
		}
	}
	return best
}

// existsFree tells by a memoised subset search whether ps (even) can be
// paired with no rematch; for up to 20 players.
func existsFree(ps []Player, met map[[2]PlayerID]bool) bool {
	n := len(ps)
	memo := map[int]bool{}
	var rec func(m int) bool
	rec = func(m int) bool {
		if m == 0 {
			return true
		}
		if v, ok := memo[m]; ok {
			return v
		}
		i := 0
		for m&(1<<i) == 0 {
			i++
		}
		ok := false
		for j := i + 1; j < n && !ok; j++ {
			if m&(1<<j) != 0 && !met[[2]PlayerID{ps[i].ID, ps[j].ID}] {
				ok = rec(m &^ (1 << i) &^ (1 << j))
			}
		}
		memo[m] = ok
		return ok
	}
	return rec(1<<n - 1)
}

func without(ps []Player, id PlayerID) []Player {
	return slices.DeleteFunc(slices.Clone(ps), func(p Player) bool { return p.ID == id })
}

// check asserts the pairing properties of one round (SW-5, SW-7).
func check(t *testing.T, ps []Player, pg Pairing, seed string) {
	t.Helper()
	act := sorted(ps, seed)
	met := metSet(ps)
	byID := map[PlayerID]Player{}
	for _, p := range ps {
		byID[p.ID] = p
	}
	count := map[PlayerID]int{}
	rematches, floaters := 0, 0
	for _, pr := range pg.Pairs {
		count[pr.A]++
		count[pr.B]++
		if met[[2]PlayerID{pr.A, pr.B}] {
			rematches++
		}
		if byID[pr.A].Points != byID[pr.B].Points {
			floaters++
		}
	}
	if pg.Bye != 0 {
		count[pg.Bye]++
		if byID[pg.Bye].HadBye {
			t.Fatalf("SW-7: %d gets a second bye", pg.Bye)
		}
	}
	if (pg.Bye != 0) != (len(act)%2 == 1) {
		t.Fatalf("bye %d with %d active players", pg.Bye, len(act))
	}
	for _, p := range ps {
		want := 1
		if p.Withdrawn {
			want = 0
		}
		if count[p.ID] != want {
			t.Fatalf("SW-16: player %d (withdrawn %v) appears %d times", p.ID, p.Withdrawn, count[p.ID])
		}
	}
	if rematches != pg.Rematches || floaters != pg.Floaters {
		t.Fatalf("reported %d rematches %d floaters, counted %d %d", pg.Rematches, pg.Floaters, rematches, floaters)
	}
	n := len(act)
	switch {
	case n <= 20:
		// SW-5: no rematch whenever some bye choice allows a rematch-free pairing.
		free := false
		rest := act
		for _, p := range act {
			if n%2 == 0 {
				break
			}
			if !p.HadBye && existsFree(without(act, p.ID), met) {
				free = true
				break
			}
		}
		if n%2 == 0 {
			free = existsFree(act, met)
		}
		if free && pg.Rematches > 0 {
			t.Fatalf("SW-5: %d rematches though a rematch-free pairing exists (%d players)", pg.Rematches, n)
		}
		if pg.Bye != 0 {
			rest = without(act, pg.Bye)
			// SW-7: every eligible player ranked below the bye could not take it
			// without a rematch.
			i := slices.IndexFunc(act, func(p Player) bool { return p.ID == pg.Bye })
			for _, p := range act[i+1:] {
				if !p.HadBye && free && existsFree(without(act, p.ID), met) {
					t.Fatalf("SW-7: bye to %d, but lower-ranked %d could take it", pg.Bye, p.ID)
				}
			}
		}
		if n <= 12 && pg.Rematches == 0 {
			if m := bruteMin(rest, met); m != pg.Floaters {
				t.Fatalf("SW-5: %d floaters, brute force finds %d (%d players)", pg.Floaters, m, n)
			}
		}
	case n >= 26:
		// After at most 11 rounds everyone has at least n-12 ≥ n/2 possible
		// opponents left, so by Dirac's theorem a rematch-free pairing exists.
		if pg.Rematches > 0 {
			t.Fatalf("SW-5: %d rematches among %d players", pg.Rematches, n)
		}
	}
}

func runTournament(t *testing.T, r *rand.Rand, n, rounds int) {
	s := &sim{r: r, players: map[PlayerID]*Player{}, seed: fmt.Sprint(r.Uint64())}
	late := 0
	if n > 8 && r.IntN(2) == 0 {
		late = r.IntN(3) + 1
	}
	for range n - late {
		s.add(0)
	}
	for round := 1; round <= rounds; round++ {
		if late > 0 && round > 1 && r.IntN(3) == 0 {
			s.add(round)
			late--
		}
		if round > 1 && r.IntN(6) == 0 {
			ids := slices.Sorted(func(yield func(PlayerID) bool) {
				for id := range s.players {
					if !yield(id) {
						return
					}
				}
			})
			p := s.players[ids[r.IntN(len(ids))]]
			active := 0
			for _, q := range s.players {
				if !q.Withdrawn {
					active++
				}
			}
			if active > 4 {
				p.Withdrawn = true
			}
		}
		ps := s.list()
		seed := fmt.Sprint(s.seed, "/", round)
		pg, err := PairRound(ps, seed)
		if e, ok := err.(*Error); ok && e.Code == "no_bye_candidate" {
			// SW-7: everyone still playing has had a bye; the organiser must
			// end the tournament or enter a player. Only then is it refused.
			for _, p := range sorted(ps, seed) {
				if !p.HadBye {
					t.Fatalf("no_bye_candidate, but %d has had no bye", p.ID)
				}
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		check(t, ps, pg, seed)
		// SW-4: the same seed gives the same pairing, whatever the input order.
		again, _ := PairRound(s.list(), seed)
		if !slices.Equal(again.Pairs, pg.Pairs) || again.Bye != pg.Bye {
			t.Fatalf("same seed, different pairing in round %d", round)
		}
		for _, pr := range pg.Pairs {
			a, b := s.players[pr.A], s.players[pr.B]
			a.Opponents = append(a.Opponents, b.ID)
			b.Opponents = append(b.Opponents, a.ID)
			if r.IntN(2) == 0 {
				a.Points++
			} else {
				b.Points++
			}
		}
		if pg.Bye != 0 {
			s.players[pg.Bye].HadBye = true
			s.players[pg.Bye].Points++
		}
	}
}

func TestPropertySmall(t *testing.T) {
	count := 3000
	if *long {
		count = 30000
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range count {
		n := 8 + r.IntN(5) // 8 … 12
		rounds := min(5+r.IntN(7), n-1)
		t.Run("", func(t *testing.T) {
			defer func() {
				if t.Failed() {
					t.Logf("tournament %d: %d players, %d rounds", i, n, rounds)
				}
			}()
			runTournament(t, r, n, rounds)
		})
	}
}

func TestPropertyLarge(t *testing.T) {
	count := 150
	if *long {
		count = 3000
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range count {
		n := 13 + r.IntN(500) // 13 … 512
		if i%10 == 0 {
			n = 512
		}
		rounds := 5 + r.IntN(7)
		t.Run("", func(t *testing.T) {
			runTournament(t, r, n, min(rounds, n-1))
		})
	}
}

// TestMatchingDenseHistory stresses the blossom path (more than 16 players)
// with histories far denser than 11 rounds make: random sets of pairs that
// have met. SW-5: no rematch whenever the exhaustive search finds a
// rematch-free pairing.
func TestMatchingDenseHistory(t *testing.T) {
	count := 300
	if *long {
		count = 3000
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range count {
		n := 17 + r.IntN(4) // 17 … 20
		density := 0.5 + 0.45*r.Float64()
		ps := make([]Player, n)
		for i := range ps {
			ps[i] = Player{ID: PlayerID(i + 1), Points: r.IntN(4), Rank: i, HadBye: r.IntN(3) == 0}
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				if r.Float64() < density {
					ps[i].Opponents = append(ps[i].Opponents, ps[j].ID)
					ps[j].Opponents = append(ps[j].Opponents, ps[i].ID)
				}
			}
		}
		seed := fmt.Sprint(r.Uint64())
		pg, err := PairRound(ps, seed)
		if err != nil {
			continue // everyone had a bye
		}
		check(t, ps, pg, seed)
	}
}
