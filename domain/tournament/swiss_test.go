package tournament

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/swiss"
)

// swissSettings is a Swiss tournament with room for n players and the
// given rounds (0: the SW-2 default).
func swissSettings(n, rounds int) Settings {
	s := settings(8, 4, false)
	s.Name, s.Cards, s.Form, s.Swiss = "Schweizer Kirchberg", n, FormSwiss, SwissSettings{Rounds: rounds}
	return s
}

// pairNext announces seed and pairs the next Swiss round with it (SW-4).
func pairNext(t testing.TB, tr *Tournament, seed string) error {
	t.Helper()
	sum := sha256.Sum256([]byte(seed))
	c := Commitment{Seed: seed, Commitment: hex.EncodeToString(sum[:])}
	if err := tr.Announce(c); err != nil {
		return err
	}
	return tr.ApplyDraw(Draw{Method: SwissPairing, Seed: c.Seed, Commitment: c.Commitment})
}

// playSwissRound decides every open match of the current round at random: a
// 2:0 or 2:1 win, now and then with a score sheet or kampflos.
func playSwissRound(t testing.TB, tr *Tournament, rnd *rand.Rand) {
	t.Helper()
	r := tr.Current()
	for _, m := range r.Matches {
		if m.Decided() {
			continue
		}
		w := []CardNo{m.A, m.B}[rnd.IntN(2)]
		var res Result
		switch rnd.IntN(5) {
		case 0:
			res = Result{Winner: w, Walkover: true}
		case 1:
			seat := 0
			if w == m.B {
				seat = 1
			}
			// 2 Bummerl of 7 game points each for the winner (B-3, B-4).
			for range 2 {
				for range 7 {
					res.Sheet = append(res.Sheet, schnapsen.DealResult{Winner: seat, Points: 1})
				}
			}
		default:
			res = m.ScoredResult(w, 2, rnd.IntN(2))
		}
		must(t, tr.SetResult(r.No, m.No, m.Version, res))
	}
}

// TestSwissWholeTournament plays 13 players over 5 rounds with a late
// entry before round 3 and a withdrawal after round 2, and checks every
// round: no rematch (SW-5), at most one bye each (SW-7), the withdrawn
// player unpaired from round 3 on (SW-16), the late one from round 3 on
// only (SW-15), and at the end the standings order (SW-10 … SW-14), the
// finish (SW-2) and the prizes by place (SW-17).
func TestSwissWholeTournament(t *testing.T) {
	for seed := range uint64(20) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { wholeSwiss(t, seed) })
	}
}

func wholeSwiss(t *testing.T, seed uint64) {
	rnd := rand.New(rand.NewPCG(seed, 14))
	tr := mustNew(t, swissSettings(16, 5))
	sellOut(t, tr, 13)
	if tr.Settings.MaxCards != 1 { // SW-1
		t.Fatalf("max cards %d, want 1", tr.Settings.MaxCards)
	}
	_, err := tr.Sell(1, 1)
	wantCode(t, err, "swiss_one_entry") // SW-1: a second card
	_, _, err = tr.EnterLate(Player{Name: "Zu früh"})
	wantCode(t, err, "late_entry_before_draw")

	const late, gone = CardNo(14), CardNo(5)
	met := map[[2]CardNo]bool{}
	byes := map[CardNo]int{}
	for k := 1; k <= 5; k++ {
		if k == 3 {
			must(t, tr.Withdraw(gone))
			_, c, err := tr.EnterLate(Player{Name: "Nachzügler"})
			must(t, err)
			if c != late {
				t.Fatalf("late card %d, want %d", c, late)
			}
		}
		must(t, pairNext(t, tr, fmt.Sprintf("seed-%d-%d", seed, k)))
		if k == 2 {
			// An undone pairing pairs again the same from the same seed (SW-4).
			before := slices.Clone(tr.Current().Matches)
			must(t, tr.UndoDraw())
			must(t, pairNext(t, tr, fmt.Sprintf("seed-%d-%d", seed, k)))
			for i, m := range tr.Current().Matches {
				if m.A != before[i].A || m.B != before[i].B {
					t.Fatalf("re-pairing differs at board %d", i+1)
				}
			}
		}
		r := tr.Current()
		if got := RoundName(*r, Main).De; got != fmt.Sprintf("Runde %d", k) {
			t.Fatalf("round name %q", got)
		}
		in := map[CardNo]bool{}
		for _, m := range r.Matches {
			for _, c := range []CardNo{m.A, m.B} {
				if c == 0 {
					continue
				}
				if in[c] {
					t.Fatalf("round %d: card %d twice", k, c)
				}
				in[c] = true
			}
			if m.Bye() {
				if byes[m.A]++; byes[m.A] > 1 {
					t.Fatalf("round %d: card %d has a second bye (SW-7)", k, m.A)
				}
				continue
			}
			key := [2]CardNo{min(m.A, m.B), max(m.A, m.B)}
			if met[key] {
				t.Fatalf("round %d: rematch %v (SW-5)", k, key)
			}
			met[key] = true
		}
		if want := 13; len(in) != want { // from round 3 one in, one out
			t.Fatalf("round %d: %d cards paired, want %d", k, len(in), want)
		}
		if in[late] != (k >= 3) || in[gone] != (k < 3) {
			t.Fatalf("round %d: late paired %v, withdrawn paired %v", k, in[late], in[gone])
		}
		if k < 5 {
			// SW-2: the next round waits for this one.
			wantCode(t, pairNext(t, tr, "too early"), "round_unfinished")
		}
		if tr.Finished() {
			t.Fatalf("finished before round %d is played", k)
		}
		playSwissRound(t, tr, rnd)
	}
	if !tr.Finished() {
		t.Fatal("not finished after 5 rounds")
	}
	wantCode(t, pairNext(t, tr, "one more"), "tournament_finished")
	_, _, err = tr.EnterLate(Player{Name: "Zu spät"})
	wantCode(t, err, "late_entry_too_late")

	tb := tr.SwissTable()
	if len(tb.Rows) != 14 {
		t.Fatalf("%d rows, want 14 (the withdrawn keeps his line, SW-16)", len(tb.Rows))
	}
	for i, r := range tb.Rows {
		if r.Place != i+1 {
			t.Fatalf("place %d at row %d", r.Place, i)
		}
		if r.Withdrawn != (r.Card == gone) {
			t.Fatalf("card %d withdrawn %v", r.Card, r.Withdrawn)
		}
		if i == 0 {
			continue
		}
		p := tb.Rows[i-1]
		key := func(r SwissRow) []int {
			k := []int{r.Points, r.Buchholz, r.BummerlDiff}
			if tb.GamePoints {
				k = append(k, r.GamePointDiff)
			}
			return k
		}
		if slices.Compare(key(p), key(r)) < 0 {
			t.Fatalf("row %d %v above row %d %v (SW-10)", i, key(p), i+1, key(r))
		}
	}
	awards := tr.Prizes()
	if len(awards) != 4 {
		t.Fatalf("%d prizes, want 4", len(awards))
	}
	for i, a := range awards { // SW-17
		if a.Card != tb.Rows[i].Card || a.From != i+1 || a.Lot != nil {
			t.Fatalf("prize %d: %+v, want card %d", i+1, a, tb.Rows[i].Card)
		}
	}
	st := tr.Standings()
	if len(st) != 14 || st[0].Card != tb.Rows[0].Card || !st[0].Decided {
		t.Fatalf("standings %+v", st[:1])
	}
}

// TestSwissRoundOneDrawn: round 1 pairs in the order swiss.DrawOrder draws
// from the revealed seed, so anyone can check it (SW-4); byes and results
// count as SW-3 and SW-7 say.
func TestSwissRoundOneDrawn(t *testing.T) {
	tr := mustNew(t, swissSettings(8, 0))
	sellOut(t, tr, 5)
	if got := tr.SwissRounds(); got != 4 { // SW-2: ⌈log2 5⌉+1 = 4 = 5−1
		t.Fatalf("default rounds %d, want 4", got)
	}
	err := tr.ApplyDraw(Draw{Method: Physical})
	wantCode(t, err, "swiss_pairing_only")
	wantCode(t, tr.ApplyDraw(Draw{Method: SwissPairing, Seed: "x"}), "draw_not_announced")
	must(t, pairNext(t, tr, "abc"))
	r := tr.Current()
	ids := []swiss.PlayerID{1, 2, 3, 4, 5}
	order := swiss.DrawOrder(ids, "abc")
	var ps []swiss.Player
	for i, id := range order {
		ps = append(ps, swiss.Player{ID: id, Rank: i + 1})
	}
	want, err := swiss.PairRound(ps, "abc")
	must(t, err)
	for i, p := range want.Pairs {
		if m := r.Matches[i]; m.A != CardNo(p.A) || m.B != CardNo(p.B) || m.No != i+1 {
			t.Fatalf("board %d: %d–%d, want %d–%d", i+1, m.A, m.B, p.A, p.B)
		}
	}
	bye := r.Matches[len(r.Matches)-1]
	if !bye.Bye() || bye.A != CardNo(want.Bye) || r.Draw.Seed != "abc" || r.Draw.Method != SwissPairing {
		t.Fatalf("bye %+v, draw %+v", bye, r.Draw)
	}
	m := r.Matches[0]
	must(t, tr.SetResult(1, m.No, m.Version, m.ScoredResult(m.B, 2, 1)))
	tb := tr.SwissTable()
	pts := map[CardNo]int{}
	for _, row := range tb.Rows {
		pts[row.Card] = row.Points
	}
	if pts[m.B] != 1 || pts[m.A] != 0 || pts[bye.A] != 1 { // SW-3, SW-7
		t.Fatalf("points %v", pts)
	}
	if tr.Finished() || tr.Prizes() != nil {
		t.Fatal("finished after one match")
	}
}

// TestSwissSettings: the form's own checks, and Preisschnapsen keeps no
// Swiss setting (nothing leaks between the forms).
func TestSwissSettings(t *testing.T) {
	s := swissSettings(13, 0) // no power of two needed (SW-1)
	s.MaxCards, s.MultiplePrizes = 4, true
	tr := mustNew(t, s)
	if tr.Settings.MaxCards != 1 || tr.Settings.MultiplePrizes {
		t.Fatalf("settings %+v", tr.Settings)
	}
	s.Swiss.Rounds = 13
	wantCode(t, s.Validate(), "swiss_rounds_invalid") // SW-2: at most 12
	s.Swiss.Rounds, s.Cards = 0, 1
	wantCode(t, s.Validate(), "swiss_cards_invalid")
	s.Form = "round-robin"
	wantCode(t, s.Validate(), "form_invalid")

	p := settings(8, 2, false)
	p.Swiss = SwissSettings{Rounds: 3, BuchholzCut1: true}
	pt := mustNew(t, p)
	if pt.Settings.Swiss != (SwissSettings{}) || pt.Settings.IsSwiss() {
		t.Fatalf("Preisschnapsen keeps Swiss settings %+v", pt.Settings.Swiss)
	}
	_, _, err := pt.EnterLate(Player{Name: "X"})
	wantCode(t, err, "swiss_only")
	wantCode(t, pt.ApplyDraw(Draw{Method: SwissPairing}), "draw_method_invalid")
	wantCode(t, pt.Withdraw(1), "swiss_only")

	// Two players cannot play the default rounds of three (SW-2).
	two := mustNew(t, swissSettings(8, 2))
	sellOut(t, two, 2)
	wantCode(t, pairNext(t, two, "s"), "swiss_too_few_players")
	// After the draw the form is fixed like every rule (P-9).
	sellOut(t, tr, 4)
	must(t, pairNext(t, tr, "s"))
	s = tr.Settings
	s.Form = FormPreis
	wantCode(t, tr.ChangeSettings(s), "settings_locked")
}

// TestSwissUndoKeepsEntries: a withdrawal or late entry made after a
// pairing that is then undone applies to that round when it is paired
// again (SW-15, SW-16).
func TestSwissUndoKeepsEntries(t *testing.T) {
	tr := mustNew(t, swissSettings(8, 3))
	sellOut(t, tr, 6)
	must(t, pairNext(t, tr, "1"))
	playSwissRound(t, tr, rand.New(rand.NewPCG(1, 2)))
	must(t, pairNext(t, tr, "2"))
	must(t, tr.Withdraw(2))
	_, late, err := tr.EnterLate(Player{Name: "Spät"})
	must(t, err)
	c, _ := tr.Card(late)
	if c.From != 3 {
		t.Fatalf("late entry from round %d, want 3", c.From)
	}
	must(t, tr.UndoDraw())
	must(t, pairNext(t, tr, "2"))
	for _, m := range tr.Current().Matches {
		if m.A == 2 || m.B == 2 {
			t.Fatal("withdrawn card paired in the round paired again")
		}
	}
	if !slices.ContainsFunc(tr.Current().Matches, func(m Match) bool { return m.A == late || m.B == late }) {
		t.Fatal("late entry not paired in the round paired again")
	}
	wantCode(t, tr.Withdraw(2), "withdrawn_already")
}

// TestSwissEnd: the organiser ends the tournament after a complete round
// (SW-2, SW-7); the standings are then final and the prizes go out.
func TestSwissEnd(t *testing.T) {
	tr := mustNew(t, swissSettings(8, 0))
	sellOut(t, tr, 5)
	wantCode(t, tr.EndSwiss(0), "no_round")
	must(t, pairNext(t, tr, "1"))
	wantCode(t, tr.EndSwiss(1), "round_unfinished")
	playSwissRound(t, tr, rand.New(rand.NewPCG(3, 4)))
	wantCode(t, tr.EndSwiss(2), "swiss_end_not_latest")
	if tr.Finished() || tr.Prizes() != nil {
		t.Fatal("finished before the end")
	}
	must(t, tr.EndSwiss(1))
	if !tr.Finished() || tr.SwissRounds() != 1 || len(tr.Prizes()) != 4 {
		t.Fatalf("after the end: finished %v, rounds %d, prizes %d", tr.Finished(), tr.SwissRounds(), len(tr.Prizes()))
	}
	wantCode(t, tr.EndSwiss(1), "tournament_finished")
	wantCode(t, pairNext(t, tr, "2"), "tournament_finished")
}

// swissBig is a Swiss tournament of n players after rounds decided rounds.
func swissBig(b *testing.B, n, rounds int) *Tournament {
	b.Helper()
	tr := mustNew(b, swissSettings(n, rounds+1))
	sellOut(b, tr, n)
	rnd := rand.New(rand.NewPCG(5, 6))
	for k := 1; k <= rounds; k++ {
		must(b, pairNext(b, tr, fmt.Sprint("seed ", k)))
		playSwissRound(b, tr, rnd)
	}
	return tr
}

// BenchmarkSwissTable: the standings of 512 players after 9 rounds, as
// every Swiss page computes them (docs/swiss.md).
func BenchmarkSwissTable(b *testing.B) {
	tr := swissBig(b, 512, 9)
	for b.Loop() {
		tr.SwissTable()
	}
}

// BenchmarkSwissPairNext: pairing round 10 of 512 players through the
// aggregate (standings, opponents, swiss.PairRound).
func BenchmarkSwissPairNext(b *testing.B) {
	tr := swissBig(b, 512, 9)
	sum := sha256.Sum256([]byte("s"))
	c := Commitment{Seed: "s", Commitment: hex.EncodeToString(sum[:])}
	for b.Loop() {
		t := *tr
		t.Rounds = slices.Clone(tr.Rounds)
		t.Pending = &c
		must(b, t.ApplyDraw(Draw{Method: SwissPairing, Seed: c.Seed, Commitment: c.Commitment}))
	}
}

// TestSwissSeedList: with a seed list round 1 ranks its cards first, in
// its order, and the others after them in the drawn order (SW-4); a
// changed list drops the announced commitment; refusals change nothing;
// undoing round 1 keeps the list; a cancelled card leaves it.
func TestSwissSeedList(t *testing.T) {
	tr := mustNew(t, swissSettings(10, 3))
	sellOut(t, tr, 8)
	sum := sha256.Sum256([]byte("setz"))
	must(t, tr.Announce(Commitment{Seed: "setz", Commitment: hex.EncodeToString(sum[:])}))
	must(t, tr.SetSwissSeeds([]CardNo{5, 2, 7}))
	if tr.Pending != nil {
		t.Fatal("the commitment survives a changed seed list")
	}
	before, version := slices.Clone(tr.SwissSeeds), tr.Version
	for _, c := range []struct {
		list []CardNo
		code string
	}{{[]CardNo{5, 9}, "seeds_unknown_card"}, {[]CardNo{5, 2, 5}, "seeds_twice"}} {
		wantCode(t, tr.SetSwissSeeds(c.list), c.code)
		if !slices.Equal(tr.SwissSeeds, before) || tr.Version != version {
			t.Fatalf("refused %v changed the list to %v", c.list, tr.SwissSeeds)
		}
	}
	must(t, pairNext(t, tr, "setz"))
	in, err := tr.SwissPairingInput(1)
	must(t, err)
	rank := map[swiss.PlayerID]int{}
	for _, p := range in {
		rank[p.ID] = p.Rank
	}
	want := []swiss.PlayerID{5, 2, 7}
	for _, id := range swiss.DrawOrder([]swiss.PlayerID{1, 2, 3, 4, 5, 6, 7, 8}, "setz") {
		if !slices.Contains(want, id) {
			want = append(want, id)
		}
	}
	for i, id := range want {
		if rank[id] != i+1 {
			t.Fatalf("card %d has rank %d, want %d (order %v)", id, rank[id], i+1, want)
		}
	}
	p, err := swiss.PairRound(in, "setz")
	must(t, err)
	if m := tr.Current().Matches[0]; m.A != CardNo(p.Pairs[0].A) || m.B != CardNo(p.Pairs[0].B) || m.A != 5 {
		t.Fatalf("board 1 is %d–%d, want the first seed 5 first", m.A, m.B)
	}
	wantCode(t, tr.SetSwissSeeds([]CardNo{1}), "seeds_after_draw")
	must(t, tr.UndoDraw())
	if !slices.Equal(tr.SwissSeeds, before) {
		t.Fatalf("undo changed the list to %v", tr.SwissSeeds)
	}
	must(t, tr.CancelSale(2))
	if !slices.Equal(tr.SwissSeeds, []CardNo{5, 7}) {
		t.Fatalf("after cancelling card 2 the list is %v", tr.SwissSeeds)
	}
	must(t, tr.SetSwissSeeds(nil))
	if tr.SwissSeeds != nil {
		t.Fatalf("an empty list is kept as %v", tr.SwissSeeds)
	}
	pt := mustNew(t, settings(8, 2, false))
	wantCode(t, pt.SetSwissSeeds([]CardNo{1}), "swiss_only")
}

// TestSwissSeedsRenumbered: settings that renumber the cards keep the
// seed list with its players; a change to Preisschnapsen drops it (SW-4).
func TestSwissSeedsRenumbered(t *testing.T) {
	tr := mustNew(t, swissSettings(10, 3))
	sellOut(t, tr, 8)
	must(t, tr.CancelSale(1))
	must(t, tr.CancelSale(2))
	seeded, _ := tr.Card(8)
	must(t, tr.SetSwissSeeds([]CardNo{8, 3}))
	s := tr.Settings
	s.Cards = 6 // cards 7 and 8 move down to 1 and 2
	must(t, tr.ChangeSettings(s))
	now, ok := tr.Card(tr.SwissSeeds[0])
	if !ok || now.Player != seeded.Player || tr.SwissSeeds[1] != 3 {
		t.Fatalf("seed list %v after renumbering; the first seed was player %d", tr.SwissSeeds, seeded.Player)
	}
	s.Form, s.Swiss, s.Cards = FormPreis, SwissSettings{}, 8
	must(t, tr.ChangeSettings(s))
	if tr.SwissSeeds != nil {
		t.Fatalf("Preisschnapsen keeps the seed list %v", tr.SwissSeeds)
	}
}

// TestSwissReinstate: a withdrawal is taken back while the round it
// applies to is not paired: an exact undo, he is paired again (SW-16).
// Once a round is paired without him it is refused, as are a card not
// withdrawn, a finished tournament and Preisschnapsen; a refusal changes
// nothing.
func TestSwissReinstate(t *testing.T) {
	tr := mustNew(t, swissSettings(8, 3))
	sellOut(t, tr, 6)
	must(t, pairNext(t, tr, "1"))
	playSwissRound(t, tr, rand.New(rand.NewPCG(5, 6)))
	before := slices.Clone(tr.Cards)
	wantCode(t, tr.Reinstate(2), "not_withdrawn")
	wantCode(t, tr.Reinstate(9), "card_not_found")
	must(t, tr.Withdraw(2))
	sum := sha256.Sum256([]byte("2"))
	must(t, tr.Announce(Commitment{Seed: "2", Commitment: hex.EncodeToString(sum[:])}))
	v := tr.Version
	must(t, tr.Reinstate(2))
	if !slices.Equal(tr.Cards, before) {
		t.Fatalf("reinstate is no exact undo:\n%+v\nwant\n%+v", tr.Cards, before)
	}
	if tr.Pending != nil || tr.Version != v+1 {
		t.Fatalf("announced pairing kept (%v) or version %d, want %d", tr.Pending, tr.Version, v+1)
	}
	must(t, pairNext(t, tr, "2"))
	if !slices.ContainsFunc(tr.Current().Matches, func(m Match) bool { return m.A == 2 || m.B == 2 }) {
		t.Fatal("reinstated card not paired")
	}

	// Round 3 paired without him: too late; the refusal changes nothing.
	playSwissRound(t, tr, rand.New(rand.NewPCG(7, 8)))
	must(t, tr.Withdraw(2))
	must(t, pairNext(t, tr, "3"))
	before, v = slices.Clone(tr.Cards), tr.Version
	wantCode(t, tr.Reinstate(2), "reinstate_too_late")
	if !slices.Equal(tr.Cards, before) || tr.Version != v {
		t.Fatal("a refused reinstatement changed the tournament")
	}
	// Undoing that pairing makes it possible again.
	must(t, tr.UndoDraw())
	must(t, tr.Reinstate(2))
	must(t, pairNext(t, tr, "3"))
	must(t, tr.Withdraw(3)) // from round 4, which is never paired
	playSwissRound(t, tr, rand.New(rand.NewPCG(9, 10)))
	if !tr.Finished() {
		t.Fatal("not finished after round 3")
	}
	wantCode(t, tr.Reinstate(3), "tournament_finished")

	pt := mustNew(t, settings(8, 2, false))
	wantCode(t, pt.Reinstate(1), "swiss_only")
}

// SwissPointsBefore is every card's match points before round k, counted
// here again from the winners of the rounds before k (SW-3: a win is a
// point, a walkover too; SW-7: so is the bye): the round's own results
// never count, a withdrawn player keeps his (SW-16), and Preisschnapsen or
// a round neither paired nor paired next has none.
func TestSwissPointsBefore(t *testing.T) {
	tr := mustNew(t, swissSettings(8, 3))
	sellOut(t, tr, 7) // odd: a bye every round
	must(t, pairNext(t, tr, "1"))
	for i, m := range tr.Current().Matches {
		switch {
		case m.Decided(): // the bye, decided at pairing
		case i == 0:
			must(t, tr.SetResult(1, m.No, m.Version, Result{Winner: m.B, Walkover: true}))
		default:
			must(t, tr.SetResult(1, m.No, m.Version, result(tr, m.B)))
		}
	}
	must(t, tr.Withdraw(tr.Rounds[0].Matches[0].B)) // the walkover's winner
	must(t, pairNext(t, tr, "2"))
	win(t, tr, tr.Current().Matches[0].A) // round 2 under way: one board decided
	winners := func(k int) map[CardNo]int {
		pts := map[CardNo]int{}
		for _, r := range tr.Rounds[:k-1] {
			for _, m := range r.Matches {
				if w := m.Winner(); w != 0 {
					pts[w]++
				}
			}
		}
		return pts
	}
	tests := map[string]struct {
		tr   *Tournament
		k    int
		none bool // nil, not a map of zeros
	}{
		"round 1: nothing yet":         {tr, 1, false},
		"round 2: round 1's points":    {tr, 2, false},
		"paired next: round 2 so far":  {tr, 3, false},
		"no round 0":                   {tr, 0, true},
		"not paired next":              {tr, 4, true},
		"Preisschnapsen has no points": {round1(t), 2, true},
		"Preisschnapsen, first round":  {round1(t), 1, true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got := tc.tr.SwissPointsBefore(tc.k)
			if tc.none {
				if got != nil {
					t.Fatalf("SwissPointsBefore(%d) = %v, want nil", tc.k, got)
				}
				return
			}
			if got == nil {
				t.Fatalf("SwissPointsBefore(%d) = nil", tc.k)
			}
			want := winners(tc.k)
			for _, c := range tc.tr.Cards {
				if got[c.No] != want[c.No] {
					t.Errorf("card %d: %d points before round %d, want %d", c.No, got[c.No], tc.k, want[c.No])
				}
			}
		})
	}
}
