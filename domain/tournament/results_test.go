package tournament

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"bummerl/domain/schnapsen"
)

// round1 is N = 8 with 7 sold, cards 1 and 2 one player's, drawn as 1–2
// (a surrender), 3–4, 5–6 and 7 with a bye.
func round1(t *testing.T) *Tournament {
	t.Helper()
	tr := mustNew(t, settings(8, 2, false))
	buyer(t, tr, "Huber", 2)
	sellOut(t, tr, 5)
	must(t, tr.ApplyDraw(pairs{Main: {{1, 2}, {3, 4}, {5, 6}, {7, 0}}}.draw()))
	return tr
}

func deals(spec ...int) []schnapsen.DealResult {
	var out []schnapsen.DealResult
	for i := 0; i < len(spec); i += 2 {
		out = append(out, schnapsen.DealResult{Winner: spec[i], Points: spec[i+1]})
	}
	return out
}

// B-3, B-4: results name a card of the match, the right Bummerl, and a
// sheet that agrees.
func TestSetResult(t *testing.T) {
	// Card 3 (seat 0) wins 2:1 Bummerl: 7 points, then 7 for seat 1, then 7.
	sheet := deals(0, 3, 0, 3, 0, 1, 1, 3, 1, 3, 1, 1, 0, 2, 0, 2, 0, 3)
	tests := map[string]struct {
		match       int
		stale       bool // the form was opened before the latest change
		r           Result
		code, field string
		deal        int
	}{
		"A wins":             {2, false, Result{Winner: 3, Bummerl: [2]int{2, 0}}, "", "", -1},
		"B wins":             {2, false, Result{Winner: 4, Bummerl: [2]int{1, 2}}, "", "", -1},
		"with sheet":         {2, false, Result{Winner: 3, Bummerl: [2]int{2, 1}, Sheet: sheet}, "", "", -1},
		"stale version":      {2, true, Result{Winner: 3, Bummerl: [2]int{2, 0}}, "version_conflict", "version", -1},
		"winner not in":      {2, false, Result{Winner: 5, Bummerl: [2]int{2, 0}}, "winner_not_in_match", "winner", -1},
		"no winner":          {2, false, Result{Bummerl: [2]int{2, 0}}, "winner_not_in_match", "winner", -1},
		"B-3 winner short":   {2, false, Result{Winner: 3, Bummerl: [2]int{1, 0}}, "bummerl_result_invalid", "bummerl", -1},
		"B-3 loser too many": {2, false, Result{Winner: 3, Bummerl: [2]int{2, 2}}, "bummerl_result_invalid", "bummerl", -1},
		"B-3 swapped":        {2, false, Result{Winner: 4, Bummerl: [2]int{2, 0}}, "bummerl_result_invalid", "bummerl", -1},
		"negative":           {2, false, Result{Winner: 4, Bummerl: [2]int{-1, 2}}, "bummerl_result_invalid", "bummerl", -1},
		"B-4 bad points":     {2, false, Result{Winner: 3, Bummerl: [2]int{2, 0}, Sheet: deals(0, 3, 0, 4)}, "sheet_invalid", "sheet", 1},
		"B-4 after decided": {2, false, Result{Winner: 3, Bummerl: [2]int{2, 1}, Sheet: append(slices.Clone(sheet), deals(0, 3)...)},
			"sheet_invalid", "sheet", 9},
		"B-4 unfinished":    {2, false, Result{Winner: 3, Bummerl: [2]int{2, 1}, Sheet: sheet[:8]}, "sheet_unfinished", "sheet", -1},
		"B-4 other winner":  {2, false, Result{Winner: 4, Bummerl: [2]int{1, 2}, Sheet: sheet}, "sheet_disagrees", "sheet", -1},
		"B-4 other bummerl": {2, false, Result{Winner: 3, Bummerl: [2]int{2, 0}, Sheet: sheet}, "sheet_disagrees", "sheet", -1},
		"walkover":          {2, false, Result{Winner: 4, Walkover: true}, "", "", -1},
		"walkover not in":   {2, false, Result{Winner: 5, Walkover: true}, "winner_not_in_match", "winner", -1},
		"walkover + score":  {2, false, Result{Winner: 3, Walkover: true, Bummerl: [2]int{2, 0}}, "walkover_with_score", "bummerl", -1},
		"walkover + sheet":  {2, false, Result{Winner: 3, Walkover: true, Sheet: sheet}, "walkover_with_score", "bummerl", -1},
		"walkover on a bye": {4, false, Result{Winner: 7, Walkover: true}, "match_is_bye", "match", -1},
		"bye":               {4, false, Result{Winner: 7, Bummerl: [2]int{2, 0}}, "match_is_bye", "match", -1},
		"surrendered":       {1, false, Result{Winner: 1, Bummerl: [2]int{2, 0}}, "match_surrendered", "match", -1},
		"no such match":     {9, false, Result{Winner: 1, Bummerl: [2]int{2, 0}}, "match_not_found", "match", -1},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := round1(t)
			before := clone(t, tr)
			r := tc.r
			r.Sheet = slices.Clone(r.Sheet) // the cases share the sheet
			v := version(tr, 1, tc.match)
			if tc.stale {
				v--
			}
			err := tr.SetResult(1, tc.match, v, r)
			wantCode(t, err, tc.code)
			if err != nil {
				e := err.(*Error)
				if e.Field != tc.field || e.Deal != tc.deal {
					t.Errorf("field %q deal %d, want %q %d", e.Field, e.Deal, tc.field, tc.deal)
				}
				unchanged(t, before, tr)
				return
			}
			m := tr.Current().Matches[tc.match-1]
			if m.Version != v+1 || m.Winner() != tc.r.Winner || len(m.Result.Sheet) != len(tc.r.Sheet) {
				t.Errorf("match = %+v", m)
			}
			if len(r.Sheet) > 0 { // the match keeps its own copy
				r.Sheet[0].Points = 9
				if m.Result.Sheet[0].Points == 9 {
					t.Error("sheet shared with the caller")
				}
			}
		})
	}
}

// B-4: a sheet alone gives the winner and the Bummerl; what is left out is
// taken from it, what is given must agree, and a bad sheet names its deal.
func TestSetResultFromSheet(t *testing.T) {
	aWins := deals(0, 3, 0, 3, 0, 1, 1, 3, 1, 3, 1, 1, 0, 2, 0, 2, 0, 3) // card 3 wins 2:1
	bWins := deals(1, 3, 1, 3, 1, 1, 1, 3, 1, 3, 1, 1)                   // card 4 wins 0:2
	tests := map[string]struct {
		r       Result
		winner  CardNo
		bummerl [2]int
		code    string
		deal    int
	}{
		"A by sheet":          {Result{Sheet: aWins}, 3, [2]int{2, 1}, "", -1},
		"B by sheet":          {Result{Sheet: bWins}, 4, [2]int{0, 2}, "", -1},
		"winner given":        {Result{Winner: 3, Sheet: aWins}, 3, [2]int{2, 1}, "", -1},
		"bummerl given":       {Result{Bummerl: [2]int{0, 2}, Sheet: bWins}, 4, [2]int{0, 2}, "", -1},
		"winner disagrees":    {Result{Winner: 4, Sheet: aWins}, 0, [2]int{}, "sheet_disagrees", -1},
		"bummerl disagrees":   {Result{Bummerl: [2]int{2, 0}, Sheet: aWins}, 0, [2]int{}, "sheet_disagrees", -1},
		"winner not in match": {Result{Winner: 5, Sheet: aWins}, 0, [2]int{}, "sheet_disagrees", -1},
		"unfinished":          {Result{Sheet: aWins[:8]}, 0, [2]int{}, "sheet_unfinished", -1},
		"bad deal":            {Result{Sheet: deals(0, 3, 0, 3, 1, 5)}, 0, [2]int{}, "sheet_invalid", 2},
		"deal after the end":  {Result{Sheet: append(slices.Clone(bWins), deals(0, 1)...)}, 0, [2]int{}, "sheet_invalid", 6},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := round1(t)
			before := clone(t, tr)
			err := tr.SetResult(1, 2, version(tr, 1, 2), tc.r)
			wantCode(t, err, tc.code)
			if err != nil {
				if e := err.(*Error); e.Field != "sheet" || e.Deal != tc.deal {
					t.Errorf("field %q deal %d, want sheet %d", e.Field, e.Deal, tc.deal)
				}
				unchanged(t, before, tr)
				return
			}
			got := tr.Current().Matches[1].Result
			if got.Winner != tc.winner || got.Bummerl != tc.bummerl || len(got.Sheet) != len(tc.r.Sheet) {
				t.Errorf("result = %+v, want winner %d with %v", got, tc.winner, tc.bummerl)
			}
		})
	}
}

func TestSheetErrorText(t *testing.T) {
	tr := round1(t)
	err := tr.SetResult(1, 2, version(tr, 1, 2), Result{Winner: 3, Bummerl: [2]int{2, 0}, Sheet: deals(0, 3, 2, 1)})
	wantCode(t, err, "sheet_invalid")
	e := err.(*Error)
	if got := e.Text("de"); got != "Spielzettel, Spiel 2: Gewinner muss Sitz 0 oder 1 sein, nicht 2" {
		t.Errorf("de = %q", got)
	}
	if got := e.Error(); got != "score sheet, deal 2: winner must be seat 0 or 1, not 2" {
		t.Errorf("en = %q", got)
	}
}

// A result can be corrected while its round is the latest; once the next
// round is drawn, only after undoing that draw.
func TestCorrectResult(t *testing.T) {
	tr := mustNew(t, settings(4, 2, false))
	sellOut(t, tr, 4)
	must(t, tr.ApplyDraw(pairs{Main: {{1, 2}, {3, 4}}}.draw()))
	win(t, tr, 1)
	win(t, tr, 3)
	m := tr.Current().Matches[0]
	must(t, tr.SetResult(1, 1, m.Version, result(tr, 2))) // correction
	if w := tr.Current().Matches[0].Winner(); w != 2 {
		t.Fatalf("winner after correction = %d", w)
	}
	wantCode(t, tr.SetResult(1, 1, m.Version, result(tr, 1)), "version_conflict")
	must(t, tr.ApplyDraw(pairs{Main: {{2, 3}}}.draw()))
	m = tr.Rounds[0].Matches[0]
	before := clone(t, tr)
	err := tr.SetResult(1, 1, m.Version, Result{Winner: 1, Bummerl: [2]int{2, 0}})
	wantCode(t, err, "undo_next_draw_first")
	if got := err.(*Error).Text("en"); got != "round 2 is drawn already; undo its draw first" {
		t.Errorf("text = %q", got)
	}
	wantCode(t, tr.ClearResult(1, 1, m.Version), "undo_next_draw_first")
	unchanged(t, before, tr)
	must(t, tr.UndoDraw())
	must(t, tr.SetResult(1, 1, m.Version, Result{Winner: 1, Bummerl: [2]int{2, 0}}))
	groups, err := tr.NextDraw()
	must(t, err)
	if e := groups[0].Entrants; len(e) != 2 || e[0].Cards[0] != 1 || e[1].Cards[0] != 3 {
		t.Errorf("final entrants = %+v", e)
	}
}

func TestClearResult(t *testing.T) {
	tr := round1(t)
	v := version(tr, 1, 2)
	wantCode(t, tr.ClearResult(1, 2, v), "match_no_result")
	wantCode(t, tr.ClearResult(1, 1, version(tr, 1, 1)), "match_surrendered")
	wantCode(t, tr.ClearResult(2, 1, v), "round_not_found")
	win(t, tr, 4)
	wantCode(t, tr.ClearResult(1, 2, v), "version_conflict")
	must(t, tr.ClearResult(1, 2, v+1))
	if m := tr.Current().Matches[1]; m.Result != nil || m.Version != v+2 {
		t.Errorf("match = %+v", m)
	}
}

func TestStartMatch(t *testing.T) {
	tests := map[string]struct {
		match, table int
		stale        bool // the form was opened before the latest change
		code         string
	}{
		"start":         {2, 5, false, ""},
		"table 0":       {2, 0, false, "table_invalid"},
		"beyond a hall": {2, MaxTables + 1, false, "table_invalid"}, // no number of tables set
		"stale":         {2, 5, true, "version_conflict"},
		"bye":           {4, 5, false, "match_is_bye"},
		"surrendered":   {1, 5, false, "match_surrendered"},
		"decided":       {3, 5, false, "match_decided"},
		"no such match": {0, 5, false, "match_not_found"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := round1(t)
			win(t, tr, 5)
			before := clone(t, tr)
			v := version(tr, 1, tc.match)
			if tc.stale {
				v--
			}
			err := tr.StartMatch(1, tc.match, tc.table, v)
			wantCode(t, err, tc.code)
			if err != nil {
				unchanged(t, before, tr)
				return
			}
			if m := tr.Current().Matches[1]; !m.Started || m.Table != 5 || m.Version != v+1 {
				t.Errorf("match = %+v", m)
			}
			if n := tr.Next(3); len(n) != 1 || !n[0].Started || n[0].Table != 5 || n[0].Opponent != 3 {
				t.Errorf("Next = %+v", n)
			}
		})
	}
}

// A form opened before a draw was undone carries the version of a match
// that is gone; the re-drawn match with its number is another pairing, so
// the old version must not fit it.
func TestRedrawMakesOldFormsStale(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	sellOut(t, tr, 8)
	must(t, tr.ApplyDraw(pairs{Main: {{1, 5}, {2, 6}, {3, 7}, {4, 8}}}.draw()))
	opened := version(tr, 1, 1)
	must(t, tr.StartMatch(1, 1, 3, opened))
	started := version(tr, 1, 1)
	must(t, tr.UndoDraw())
	must(t, tr.ApplyDraw(pairs{Main: {{1, 6}, {2, 5}, {3, 7}, {4, 8}}}.draw()))
	before := clone(t, tr)
	for _, old := range []int{opened, started} {
		wantCode(t, tr.StartMatch(1, 1, 3, old), "version_conflict")
		wantCode(t, tr.SetResult(1, 1, old, Result{Winner: 1, Bummerl: [2]int{2, 0}}), "version_conflict")
	}
	unchanged(t, before, tr)
	must(t, tr.StartMatch(1, 1, 3, version(tr, 1, 1)))
}

// Over random undo and re-draw sequences a match version never returns for
// another pairing: whatever a form carried, it fits only the pairing it
// was opened for.
func TestPropertyVersionsNeverRepeat(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	type slot struct{ round, no, version int }
	for i := range 200 {
		tr := mustNew(t, settings(4<<rng.IntN(3), 2, false))
		randomSales(t, tr, rng)
		seen := map[slot][2]CardNo{}
		check := func() {
			for _, r := range tr.Rounds {
				for _, m := range r.Matches {
					s := slot{r.No, m.No, m.Version}
					if p, ok := seen[s]; ok && p != [2]CardNo{m.A, m.B} {
						t.Fatalf("tournament %d: round %d match %d version %d was %v, now %d–%d", i, r.No, m.No, m.Version, p, m.A, m.B)
					}
					seen[s] = [2]CardNo{m.A, m.B}
				}
			}
		}
		for step := 0; step < 60 && !tr.Finished(); step++ {
			r := tr.Current()
			switch open := r != nil && slices.ContainsFunc(r.Matches, func(m Match) bool { return !m.Decided() }); {
			case r != nil && !slices.ContainsFunc(r.Matches, Match.Played) && rng.IntN(2) == 0:
				must(t, tr.UndoDraw())
			case !open:
				must(t, tr.ApplyDraw(orderedDraw(t, tr, rng)))
			default:
				m := r.Matches[rng.IntN(len(r.Matches))]
				switch {
				case m.Bye() || m.Surrendered:
				case m.Result != nil && rng.IntN(3) == 0:
					must(t, tr.ClearResult(r.No, m.No, m.Version))
				case m.Result == nil && !m.Started && rng.IntN(2) == 0:
					// A busy table or player (P-5) refuses the start.
					if err := tr.StartMatch(r.No, m.No, 1+rng.IntN(9), m.Version); ErrorKind(err) != Conflict {
						must(t, err)
					}
				default:
					must(t, tr.SetResult(r.No, m.No, m.Version, result(tr, []CardNo{m.A, m.B}[rng.IntN(2)])))
				}
			}
			check()
		}
	}
}

// TestTableNo: a played match sits at the table set at its start, else at
// its number; byes and surrenders have no table (P-1, P-6).
func TestTableNo(t *testing.T) {
	tests := map[string]struct {
		m    Match
		want int
	}{
		"not started":  {Match{No: 3, A: 1, B: 2}, 3},
		"started at 7": {Match{No: 3, A: 1, B: 2, Table: 7, Started: true}, 7},
		"bye":          {Match{No: 4, A: 5}, 0},
		"surrender":    {Match{No: 5, A: 6, B: 8, Surrendered: true}, 0},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if got := tc.m.TableNo(); got != tc.want {
				t.Errorf("TableNo() = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestScore: a result reads winner first whichever seat won, and
// ScoredResult puts a winner-first score back into the seats (B-3).
func TestScore(t *testing.T) {
	m := Match{No: 1, A: 3, B: 8}
	tests := map[string]struct {
		winner    CardNo
		won, lost int
		seats     [2]int
	}{
		"A wins 2:1": {3, 2, 1, [2]int{2, 1}},
		"B wins 2:0": {8, 2, 0, [2]int{0, 2}},
		"B wins 3:2": {8, 3, 2, [2]int{2, 3}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := m.ScoredResult(tc.winner, tc.won, tc.lost)
			if r.Winner != tc.winner || r.Bummerl != tc.seats {
				t.Fatalf("ScoredResult = %+v, want winner %d seats %v", r, tc.winner, tc.seats)
			}
			scored := m
			scored.Result = &r
			if won, lost := scored.Score(); won != tc.won || lost != tc.lost {
				t.Errorf("Score() = %d:%d, want %d:%d", won, lost, tc.won, tc.lost)
			}
		})
	}
	if won, lost := m.Score(); won != 0 || lost != 0 {
		t.Errorf("Score() without a result = %d:%d, want 0:0", won, lost)
	}
}

// Issue 9: a walkover counts like any loss of that card (P-5): the winner
// goes on, the loser is out, the match is decided and blocks undoing the
// draw like a played result; it can be corrected to a played one.
func TestWalkover(t *testing.T) {
	tr := round1(t)
	m := tr.Current().Matches[1] // 3 against 4
	must(t, tr.SetResult(1, 2, m.Version, Result{Winner: 4, Walkover: true}))
	m = tr.Current().Matches[1]
	if !m.Decided() || !m.Walkover() || m.Winner() != 4 || m.Loser() != 3 {
		t.Fatalf("walkover: %+v", m)
	}
	if won, lost := m.Score(); won != 0 || lost != 0 {
		t.Errorf("score %d:%d, want none", won, lost)
	}
	wantCode(t, tr.UndoDraw(), "undo_has_results")
	// Corrected like any result.
	must(t, tr.SetResult(1, 2, m.Version, Result{Winner: 3, Bummerl: [2]int{2, 1}}))
	if m = tr.Current().Matches[1]; m.Walkover() || m.Winner() != 3 {
		t.Errorf("corrected: %+v", m.Result)
	}
	// The card's view names it.
	must(t, tr.SetResult(1, 2, m.Version, Result{Winner: 4, Walkover: true}))
	for _, cm := range tr.CardMatches(3) {
		if cm.Round == 1 && (!cm.Walkover || cm.Won || cm.Score != [2]int{}) {
			t.Errorf("card 3 sees %+v", cm)
		}
	}
}

// Round.Match finds match no by its number, the number the pots gave the
// pair (P-3) or the board (SW-8): in a round numbered 1, 2, … as drawn, and
// in one whose matches are in another order or have a gap.
func TestRoundMatch(t *testing.T) {
	drawn := Round{Matches: []Match{{No: 1, A: 11}, {No: 2, A: 12}, {No: 3, A: 13}}}
	shuffled := Round{Matches: []Match{{No: 2, A: 12}, {No: 1, A: 11}}}
	gap := Round{Matches: []Match{{No: 1, A: 11}, {No: 3, A: 13}}}
	tests := map[string]struct {
		r  Round
		no int
		ok bool
	}{
		"first":             {drawn, 1, true},
		"last":              {drawn, 3, true},
		"after the last":    {drawn, 4, false},
		"zero":              {drawn, 0, false},
		"negative":          {drawn, -1, false},
		"not at its place":  {shuffled, 1, true},
		"at another's":      {shuffled, 2, true},
		"beyond the length": {gap, 3, true},
		"the gap":           {gap, 2, false},
		"no matches":        {Round{}, 1, false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			m, ok := tc.r.Match(tc.no)
			switch {
			case ok != tc.ok:
				t.Fatalf("Match(%d) found = %v, want %v", tc.no, ok, tc.ok)
			case ok && (m.No != tc.no || m.A != CardNo(10+tc.no)):
				t.Fatalf("Match(%d) = %+v", tc.no, m)
			case !ok && !reflect.DeepEqual(m, Match{}):
				t.Fatalf("Match(%d) = %+v, want the zero match", tc.no, m)
			}
		})
	}
}

// PlayableMatch: a match may be played for its result while its round is
// the latest (P-6: the next is drawn from the results), it has two players
// (no bye, P-1; no surrender, P-6) and it has no result; anything else is
// refused with the reason, not found or a conflict.
func TestPlayableMatch(t *testing.T) {
	decided := func(t *testing.T) *Tournament { // round 1 with 5–6 decided
		tr := round1(t)
		win(t, tr, 5)
		return tr
	}
	second := func(t *testing.T) *Tournament { // round 1 decided, round 2 drawn
		tr := decided(t)
		win(t, tr, 3)
		must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
		return tr
	}
	tests := map[string]struct {
		tr        func(*testing.T) *Tournament
		round, no int
		code      string
		kind      Kind
	}{
		"open":                 {round1, 1, 2, "", ""},
		"open, latest round":   {second, 2, 1, "", ""},
		"P-6 surrendered":      {round1, 1, 1, "table_no_opponent", Conflict},
		"P-1 bye":              {round1, 1, 4, "table_no_opponent", Conflict},
		"has a result":         {decided, 1, 3, "table_has_result", Conflict},
		"P-6 next round drawn": {second, 1, 2, "table_old_round", Conflict},
		"no such match":        {round1, 1, 9, "match_not_found", NotFound},
		"no round 0":           {round1, 0, 1, "round_not_found", NotFound},
		"round not drawn":      {round1, 2, 1, "round_not_found", NotFound},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := tc.tr(t)
			before := clone(t, tr)
			m, err := tr.PlayableMatch(tc.round, tc.no)
			wantCode(t, err, tc.code)
			if ErrorKind(err) != tc.kind {
				t.Errorf("kind = %q, want %q", ErrorKind(err), tc.kind)
			}
			want := Match{}
			if err == nil {
				want, _ = tr.Rounds[tc.round-1].Match(tc.no)
			}
			if !reflect.DeepEqual(m, want) {
				t.Errorf("match = %+v, want %+v", m, want)
			}
			unchanged(t, before, tr)
		})
	}
}
