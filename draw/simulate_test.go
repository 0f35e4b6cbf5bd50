package draw

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"bummerl/domain/tournament"
)

// runsPerSize is how many random tournaments TestSimulateProperties plays
// per N: thousands of small ones, fewer as N (and the cost) grows.
var runsPerSize = map[int]int{4: 400, 8: 400, 16: 400, 32: 300, 64: 300, 128: 200,
	256: 100, 512: 40, 1024: 12, 2048: 4, 4096: 2}

// TestSimulateProperties plays random whole tournaments (random N, sales,
// settings and results) and checks the rules that must hold in every one.
func TestSimulateProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(2025, 11))
	for n, runs := range runsPerSize {
		if testing.Short() {
			runs = min(runs, 20)
		}
		for i := range runs {
			cfg := SimConfig{
				Cards:          n,
				Players:        3 + rng.IntN(n), // at least 3 cards sold: N = 4 fits (P-2)
				MaxCards:       1 + rng.IntN(4),
				Prizes:         min(n, []int{2, 4, 8}[rng.IntN(3)]), // P-7: at most N
				MultiplePrizes: rng.IntN(2) == 0,
				BummerlToWin:   1 + rng.IntN(3),
			}
			seed := rng.Uint64()
			tr, err := Simulate(cfg, seed)
			if err != nil {
				t.Fatalf("N=%d run %d %+v seed %d: %v", n, i, cfg, seed, err)
			}
			if err := checkTournament(tr); err != nil {
				t.Fatalf("N=%d run %d %+v seed %d: %v", n, i, cfg, seed, err)
			}
		}
	}
}

// checkTournament checks a finished tournament against P-1 … P-8.
func checkTournament(t *tournament.Tournament) error {
	if !t.Finished() {
		return fmt.Errorf("not finished after %d rounds", len(t.Rounds))
	}
	n, sold := t.Settings.Cards, t.Sold()
	if sold <= n/2 || sold > n {
		return fmt.Errorf("%d cards sold for N=%d (P-2)", sold, n)
	}
	owner := map[tournament.CardNo]tournament.PlayerID{}
	for _, c := range t.Cards {
		owner[c.No] = c.Player
	}
	// Round 1: every sold card in exactly one slot; N − sold byes (P-1, P-3).
	slots := map[tournament.CardNo]int{}
	byes := 0
	for _, m := range t.Rounds[0].Matches {
		slots[m.A]++
		if m.B == 0 {
			byes++
		} else {
			slots[m.B]++
		}
	}
	for _, c := range t.Cards {
		if slots[c.No] != 1 {
			return fmt.Errorf("round 1: card %d has %d slots", c.No, slots[c.No])
		}
	}
	if len(slots) != sold || byes != n-sold {
		return fmt.Errorf("round 1: %d cards in slots, %d byes; want %d and %d", len(slots), byes, sold, n-sold)
	}
	mainLive := n
	var live map[tournament.CardNo]bool // main-bracket winners of the round before
	for _, r := range t.Rounds {
		if err := checkRound(t, r, owner); err != nil {
			return fmt.Errorf("round %d: %w", r.No, err)
		}
		mainMatches := 0
		next := map[tournament.CardNo]bool{}
		for _, m := range r.Matches {
			if m.Bracket != tournament.Main {
				continue
			}
			mainMatches++
			if live != nil && (!live[m.A] || !live[m.B]) {
				return fmt.Errorf("main match %d: card %d or %d did not win the round before", m.No, m.A, m.B)
			}
			if r.No > 1 && m.Bye() {
				return fmt.Errorf("bye in round %d (P-1: only round 1)", r.No)
			}
			next[m.Winner()] = true
		}
		if mainMatches > 0 {
			if 2*mainMatches != mainLive { // live cards halve each round (P-5)
				return fmt.Errorf("%d main matches for %d live cards", mainMatches, mainLive)
			}
			mainLive, live = mainMatches, next
		}
	}
	if mainLive != 1 {
		return fmt.Errorf("the main bracket ended with %d cards", mainLive)
	}
	if err := checkPlaces(t); err != nil {
		return err
	}
	return checkPrizes(t)
}

// checkRound checks one round's draw: the protocol verifies (also read as
// a physical draw), later rounds put multi-card players first (P-6), and a
// player meets himself only as often as his share of the pots forces.
func checkRound(t *tournament.Tournament, r tournament.Round, owner map[tournament.CardNo]tournament.PlayerID) error {
	p, err := ProtocolOf(t, r.No)
	if err != nil {
		return err
	}
	if err := p.Verify(); err != nil {
		return fmt.Errorf("protocol: %w", err)
	}
	phys := p
	phys.Method, phys.Seed, phys.Commitment = string(tournament.Physical), "", ""
	if err := phys.Verify(); err != nil {
		return fmt.Errorf("the draw read as a physical one: %w", err)
	}
	type key struct {
		bracket tournament.Bracket
		player  tournament.PlayerID
	}
	surrenders := map[key]int{}
	for _, m := range r.Matches {
		same := m.B != 0 && owner[m.A] == owner[m.B]
		if same != m.Surrendered {
			return fmt.Errorf("match %d: cards %d and %d, surrendered %v", m.No, m.A, m.B, m.Surrendered)
		}
		if same {
			surrenders[key{m.Bracket, owner[m.A]}]++
		}
	}
	for gi, g := range p.Groups {
		multi := true
		for _, e := range g.Entrants {
			if r.No > 1 && len(e.Cards) > 1 && !multi {
				return fmt.Errorf("group %d: player %d with %d cards draws after a single-card player", gi+1, e.Player, len(e.Cards))
			}
			multi = multi && len(e.Cards) > 1
			k := key{r.Draw.Groups[gi].Bracket, e.Player}
			if want := max(0, len(e.Cards)-g.PotSize); surrenders[k] != want {
				return fmt.Errorf("group %d: player %d with %d cards in pots of %d meets himself %d times, want %d",
					gi+1, e.Player, len(e.Cards), g.PotSize, surrenders[k], want)
			}
		}
	}
	return nil
}

// checkPlaces: every sold card ends with one decided place; 1st and 2nd
// are single, and no shared place holds more cards than it spans (P-7).
func checkPlaces(t *tournament.Tournament) error {
	seen := map[tournament.CardNo]bool{}
	perRange := map[[2]int]int{}
	for _, s := range t.Standings() {
		if seen[s.Card] || !s.Decided || s.From < 1 || s.From > s.To || s.To > t.Settings.Cards {
			return fmt.Errorf("standing %+v (seen before: %v)", s, seen[s.Card])
		}
		seen[s.Card] = true
		perRange[[2]int{s.From, s.To}]++
	}
	if len(seen) != t.Sold() {
		return fmt.Errorf("%d standings for %d cards", len(seen), t.Sold())
	}
	for r, k := range perRange {
		if k > r[1]-r[0]+1 {
			return fmt.Errorf("%d cards share places %d–%d", k, r[0], r[1])
		}
	}
	if perRange[[2]int{1, 1}] != 1 || perRange[[2]int{2, 2}] != 1 {
		return fmt.Errorf("places 1 and 2 held by %d and %d cards", perRange[[2]int{1, 1}], perRange[[2]int{2, 2}])
	}
	return nil
}

// checkPrizes: each configured prize is awarded once, as far as there are
// cards (or, when P-8 forbids several prizes, players) to take them.
func checkPrizes(t *tournament.Tournament) error {
	takers := t.Sold()
	if !t.Settings.MultiplePrizes {
		takers = len(t.PlayerPlaces())
	}
	want := min(len(t.Settings.Prizes), takers)
	awards := t.Prizes()
	got := map[int]int{}
	winners := map[tournament.PlayerID]int{}
	for _, a := range awards {
		got[a.Prize]++
		if (a.Card == 0) == (len(a.Lot) == 0) {
			return fmt.Errorf("prize %d has card %d and lot %v", a.Prize, a.Card, a.Lot)
		}
		if a.Card != 0 {
			winners[a.Player]++
		}
	}
	for i := 1; i <= want; i++ {
		if got[i] != 1 {
			return fmt.Errorf("prize %d awarded %d times; awards %+v", i, got[i], awards)
		}
	}
	if len(awards) != want {
		return fmt.Errorf("%d awards, want %d: %+v", len(awards), want, awards)
	}
	for p, k := range winners {
		if k > 1 && !t.Settings.MultiplePrizes {
			return fmt.Errorf("player %d won %d prizes though P-8 forbids it", p, k)
		}
	}
	return nil
}

func TestSimulateReproducible(t *testing.T) {
	cfg := SimConfig{Cards: 64, Players: 40, MaxCards: 3}
	a, err := Simulate(cfg, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Simulate(cfg, 7)
	c, _ := Simulate(cfg, 8)
	if !reflect.DeepEqual(a, b) {
		t.Error("seed 7 gave two different tournaments")
	}
	if reflect.DeepEqual(a.Rounds, c.Rounds) {
		t.Error("seeds 7 and 8 gave the same tournament")
	}
}

func TestSimulateShrinks(t *testing.T) {
	// 5 players with one card each cannot fill 64: N shrinks to 8 (P-2).
	tr, err := Simulate(SimConfig{Cards: 64, Players: 5, MaxCards: 1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Settings.Cards != 8 || tr.Sold() != 5 {
		t.Errorf("N = %d with %d sold, want 8 with 5", tr.Settings.Cards, tr.Sold())
	}
}

// TestSimulateErrors: each impossible config is refused for its own
// reason, not merely with some error from further on.
func TestSimulateErrors(t *testing.T) {
	tests := map[string]struct {
		cfg  SimConfig
		want string // in the message
		code string // of the wrapped domain error, if any
	}{
		"N not a power of two": {SimConfig{Cards: 100, Players: 10, MaxCards: 3}, "power of two from 4 to 4096, not 100", "cards_not_power_of_two"},
		"no players":           {SimConfig{Cards: 16, Players: 0, MaxCards: 3}, "players must be 1 to 8192, not 0", ""},
		"too many players":     {SimConfig{Cards: 16, Players: 8193, MaxCards: 3}, "players must be 1 to 8192, not 8193", ""},
		"max cards 0":          {SimConfig{Cards: 16, Players: 10, MaxCards: 0}, "cards per player must be at least 1, not 0", "max_cards_invalid"},
		"two cards sold":       {SimConfig{Cards: 16, Players: 2, MaxCards: 1}, "2 cards sold, too few for any tournament", ""},
		"prizes 3":             {SimConfig{Cards: 16, Players: 10, MaxCards: 2, Prizes: 3}, "2, 4 or 8 prizes, not 3", "prizes_count"},
		"prizes -1":            {SimConfig{Cards: 16, Players: 10, MaxCards: 2, Prizes: -1}, "prizes must be 2, 4 or 8, not -1", ""},
		"prizes 16":            {SimConfig{Cards: 16, Players: 10, MaxCards: 2, Prizes: 16}, "prizes must be 2, 4 or 8, not 16", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Simulate(tc.cfg, 1)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			var te *tournament.Error
			if got := errors.As(err, &te); got != (tc.code != "") || got && te.Code != tc.code {
				t.Errorf("error %v: domain error %+v, want code %q", err, te, tc.code)
			}
		})
	}
}

func TestSimNameDistinct(t *testing.T) {
	seen := map[string]int{}
	for i := range 1000 {
		if j, dup := seen[simName(i)]; dup {
			t.Fatalf("players %d and %d are both %q", j, i, simName(i))
		}
		seen[simName(i)] = i
	}
}
