package tournament

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"bummerl/domain/schnapsen"
)

// settings returns valid settings with n cards and the given number of prizes.
func settings(n, prizes int, multiple bool) Settings {
	s := Settings{Name: "Preisschnapsen Kirchberg", Cards: n, MaxCards: 3, PriceCents: 1000,
		Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2, MultiplePrizes: multiple}
	for i := range prizes {
		s.Prizes = append(s.Prizes, fmt.Sprintf("Preis %d", i+1))
	}
	return s
}

func mustNew(t testing.TB, s Settings) *Tournament {
	t.Helper()
	tr, err := New(s)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return tr
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// wantCode fails unless err is a tournament *Error with the code.
func wantCode(t testing.TB, err error, code string) {
	t.Helper()
	if got := ErrorCode(err); got != code {
		t.Fatalf("error = %v (code %q), want code %q", err, got, code)
	}
}

// buyer adds a player and sells him k cards.
func buyer(t testing.TB, tr *Tournament, name string, k int) (PlayerID, []CardNo) {
	t.Helper()
	id, err := tr.AddPlayer(name, "", "")
	must(t, err)
	cards, err := tr.Sell(id, k)
	must(t, err)
	return id, cards
}

// sellOut sells n single cards to n new players.
func sellOut(t testing.TB, tr *Tournament, n int) {
	t.Helper()
	for i := range n {
		buyer(t, tr, fmt.Sprintf("Spieler %d", i+1), 1)
	}
}

// pairs is a hand-made draw of one bracket: each pair meets, A from the
// left pot, B from the right (0 for a bye); pair i holds number i+1.
type pairs map[Bracket][][2]CardNo

func (p pairs) draw() Draw {
	d := Draw{Method: Physical}
	for b := Main; b <= Place7; b++ {
		ps, ok := p[b]
		if !ok {
			continue
		}
		g := GroupTickets{Bracket: b}
		for i, ab := range ps {
			g.Tickets = append(g.Tickets, Ticket{Card: ab[0], Pot: Left, Number: i + 1})
			if ab[1] != 0 {
				g.Tickets = append(g.Tickets, Ticket{Card: ab[1], Pot: Right, Number: i + 1})
			}
		}
		d.Groups = append(d.Groups, g)
	}
	return d
}

// orderedDraw assigns tickets deterministically the way the pots are
// drawn: in entrant order, left numbers 1… until the left pot is empty,
// then right numbers 1…; with rng the numbers within each pot are shuffled.
func orderedDraw(t testing.TB, tr *Tournament, rng *rand.Rand) Draw {
	t.Helper()
	groups, err := tr.NextDraw()
	must(t, err)
	d := Draw{Method: Physical}
	for _, g := range groups {
		var cards []CardNo
		for _, e := range g.Entrants {
			cards = append(cards, e.Cards...)
		}
		left, right := numbers(g.PotSize, rng), numbers(g.PotSize, rng)
		gt := GroupTickets{Bracket: g.Bracket}
		for i, c := range cards {
			if i < g.PotSize {
				gt.Tickets = append(gt.Tickets, Ticket{Card: c, Pot: Left, Number: left[i]})
			} else {
				gt.Tickets = append(gt.Tickets, Ticket{Card: c, Pot: Right, Number: right[i-g.PotSize]})
			}
		}
		d.Groups = append(d.Groups, gt)
	}
	return d
}

func numbers(n int, rng *rand.Rand) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	if rng != nil {
		rng.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	return out
}

// result is a clean win for card w by BummerlToWin to 0.
func result(tr *Tournament, w CardNo) Result {
	r := Result{Winner: w}
	m := findMatch(tr, w)
	if m != nil && m.B == w {
		r.Bummerl[1] = tr.Settings.BummerlToWin
	} else {
		r.Bummerl[0] = tr.Settings.BummerlToWin
	}
	return r
}

// findMatch finds card c's match in the latest round.
func findMatch(tr *Tournament, c CardNo) *Match {
	r := tr.Current()
	for i := range r.Matches {
		if m := &r.Matches[i]; m.A == c || m.B == c {
			return m
		}
	}
	return nil
}

// version is the current version of match no of round, or 0 when there is
// no such match: what a form opened now would carry.
func version(tr *Tournament, round, no int) int {
	if round < 1 || round > len(tr.Rounds) {
		return 0
	}
	m, _ := tr.Rounds[round-1].Match(no)
	return m.Version
}

// win records that card w won its match in the latest round.
func win(t testing.TB, tr *Tournament, w CardNo) {
	t.Helper()
	m := findMatch(tr, w)
	if m == nil {
		t.Fatalf("card %d has no match in round %d", w, tr.Current().No)
	}
	must(t, tr.SetResult(tr.Current().No, m.No, m.Version, result(tr, w)))
}

// playRound decides every open match of the latest round; pick chooses the winner.
func playRound(t testing.TB, tr *Tournament, pick func(m Match) CardNo) {
	t.Helper()
	for _, m := range tr.Current().Matches {
		if !m.Decided() {
			win(t, tr, pick(m))
		}
	}
}

func lowerCard(m Match) CardNo { return min(m.A, m.B) }

// clone deep-copies a tournament, to check that failures change nothing.
func clone(t testing.TB, tr *Tournament) *Tournament {
	t.Helper()
	out := *tr
	out.Settings.Prizes = slices.Clone(tr.Settings.Prizes)
	out.Players = slices.Clone(tr.Players)
	out.Cards = slices.Clone(tr.Cards)
	if tr.Pending != nil {
		p := *tr.Pending
		out.Pending = &p
	}
	out.Rounds = slices.Clone(tr.Rounds)
	for i, r := range out.Rounds {
		out.Rounds[i].Draw = cloneDraw(r.Draw)
		out.Rounds[i].Matches = slices.Clone(r.Matches)
		for j, m := range out.Rounds[i].Matches {
			if m.Result != nil {
				res := *m.Result
				res.Sheet = slices.Clone(res.Sheet)
				out.Rounds[i].Matches[j].Result = &res
			}
		}
	}
	return &out
}

// unchanged fails unless tr equals before.
func unchanged(t testing.TB, before, tr *Tournament) {
	t.Helper()
	if !reflect.DeepEqual(before, tr) {
		t.Fatalf("a failing call changed the tournament")
	}
}
