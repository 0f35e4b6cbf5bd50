package tournament

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomSales sells cards to new players until more than N/2 are sold
// (P-2), and often on to a random point up to N.
func randomSales(t *testing.T, tr *Tournament, rng *rand.Rand) {
	n := tr.Settings.Cards
	for tr.Sold() <= n/2 || (tr.Sold() < n && rng.IntN(5) > 0) {
		id, err := tr.AddPlayer("Spieler", "", "")
		must(t, err)
		k := min(1+rng.IntN(tr.Settings.MaxCards), n-tr.Sold())
		_, err = tr.Sell(id, k)
		must(t, err)
	}
}

// failing tries a call that must fail and checks it changed nothing.
func failing(t *testing.T, tr *Tournament, what string, call func() error) {
	t.Helper()
	before := clone(t, tr)
	if err := call(); ErrorKind(err) == "" {
		t.Fatalf("%s: error = %v, want a tournament error", what, err)
	}
	unchanged(t, before, tr)
}

// P-1 … P-8 over many random tournaments: random sizes, sales, settings,
// shuffled draws and winners, with failing calls mixed in. Every one ends
// with each place taken once and the prizes handed out by P-7 and P-8.
func TestPropertyWholeTournaments(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	for i := range 400 {
		n := 4 << rng.IntN(6)
		s := settings(n, min(n, []int{2, 4, 8}[rng.IntN(3)]), rng.IntN(2) == 0) // P-7: at most N prizes
		s.MaxCards, s.BummerlToWin = 1+rng.IntN(4), 1+rng.IntN(3)
		tr := mustNew(t, s)
		randomSales(t, tr, rng)
		owner := map[CardNo]PlayerID{}
		for _, c := range tr.Cards {
			owner[c.No] = c.Player
		}
		for round := 1; !tr.Finished(); round++ {
			groups, err := tr.NextDraw()
			must(t, err)
			cards := 0
			for _, g := range groups {
				n := 0
				for _, e := range g.Entrants {
					n += len(e.Cards)
				}
				cards += n
				if round > 1 && (n != 2*g.PotSize || n&(n-1) != 0) {
					t.Fatalf("tournament %d round %d: %d cards in pots of %d", i, round, n, g.PotSize)
				}
			}
			d := orderedDraw(t, tr, rng)
			bad := cloneDraw(d)
			bad.Groups[0].Tickets[rng.IntN(len(bad.Groups[0].Tickets))].Number = groups[0].PotSize + 1
			failing(t, tr, "out-of-range ticket", func() error { return tr.ApplyDraw(bad) })
			must(t, tr.ApplyDraw(d))
			if rng.IntN(4) == 0 { // undo and redo the draw
				must(t, tr.UndoDraw())
				must(t, tr.ApplyDraw(d))
			}
			byes := 0
			for _, m := range tr.Current().Matches {
				if m.Bye() {
					byes++
				} else if m.Surrendered != (owner[m.A] == owner[m.B]) { // P-6
					t.Fatalf("tournament %d: match %+v with owners %d, %d", i, m, owner[m.A], owner[m.B])
				}
			}
			if want := map[bool]int{true: s.Cards - tr.Sold()}[round == 1]; byes != want { // P-1
				t.Fatalf("tournament %d round %d: %d byes, want %d", i, round, byes, want)
			}
			for _, m := range tr.Current().Matches {
				if m.Decided() {
					continue
				}
				failing(t, tr, "stale version", func() error { return tr.SetResult(round, m.No, m.Version+1, result(tr, m.A)) })
				failing(t, tr, "table 0", func() error { return tr.StartMatch(round, m.No, 0, m.Version) })
				w, loser := m.A, 1
				if rng.IntN(2) == 0 {
					w, loser = m.B, 0
				}
				r := result(tr, w)
				r.Bummerl[loser] = rng.IntN(s.BummerlToWin)
				must(t, tr.SetResult(round, m.No, m.Version, r))
			}
			if slices.ContainsFunc(tr.Current().Matches, Match.Played) {
				failing(t, tr, "undo with results", tr.UndoDraw)
			}
			failing(t, tr, "settings", func() error { return tr.ChangeSettings(tr.Settings) })
			if round > 13 {
				t.Fatalf("tournament %d: not finished after %d rounds", i, round)
			}
		}
		checkFinal(t, i, tr)
	}
}

// checkFinal: every card has a decided place; the ranges tile 1 … sold;
// prizes are numbered in order and respect P-8.
func checkFinal(t *testing.T, i int, tr *Tournament) {
	t.Helper()
	players := map[PlayerID]bool{}
	place := 1
	st := tr.Standings()
	for j := 0; j < len(st); {
		s := st[j]
		if !s.Decided || s.From != place {
			t.Fatalf("tournament %d: standing %+v, want place %d", i, s, place)
		}
		size := s.To - s.From + 1
		for k := j; k < j+size; k++ {
			if k >= len(st) || st[k].From != s.From || st[k].To != s.To {
				t.Fatalf("tournament %d: places %d–%d not shared by %d cards: %s", i, s.From, s.To, size, places(st))
			}
			players[st[k].Player] = true
		}
		j += size
		place = s.To + 1
	}
	if place != tr.Sold()+1 {
		t.Fatalf("tournament %d: places end at %d, sold %d", i, place-1, tr.Sold())
	}
	prizes := tr.Prizes()
	want := min(len(tr.Settings.Prizes), tr.Sold())
	if !tr.Settings.MultiplePrizes {
		want = min(len(tr.Settings.Prizes), len(players))
	}
	if len(prizes) != want {
		t.Fatalf("tournament %d: %d prizes, want %d: %s", i, len(prizes), want, awards(prizes))
	}
	got := map[PlayerID]bool{}
	for j, a := range prizes {
		if a.Prize != j+1 {
			t.Fatalf("tournament %d: prizes out of order: %s", i, awards(prizes))
		}
		if a.Card == 0 {
			continue
		}
		if !tr.Settings.MultiplePrizes && got[a.Player] { // P-8
			t.Fatalf("tournament %d: player %d gets two prizes: %s", i, a.Player, awards(prizes))
		}
		got[a.Player] = true
	}
	if len(tr.PlayerPlaces()) != len(players) {
		t.Fatalf("tournament %d: %d player places for %d players", i, len(tr.PlayerPlaces()), len(players))
	}
}
