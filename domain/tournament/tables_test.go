package tournament

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

var evening = time.Date(2026, 3, 1, 19, 0, 0, 0, time.UTC)

// hall is round 1 of 16 cards with tables: Huber holds 1, 2, 3 and plays
// three matches (1, 2, 4), Maier's two cards meet (3: surrendered, P-6),
// 13 and 14 have byes (7, 8).
//
//	1: 1–6  2: 2–7  3: 4–5 surrendered  4: 3–8  5: 9–10  6: 11–12  7: 13 bye  8: 14 bye
func hall(t *testing.T, tables int) *Tournament {
	t.Helper()
	tr := mustNew(t, settings(16, 4, false))
	buyer(t, tr, "Huber", 3) // 1, 2, 3
	buyer(t, tr, "Maier", 2) // 4, 5
	sellOut(t, tr, 9)        // 6 … 14
	must(t, tr.ApplyDraw(pairs{Main: {{1, 6}, {2, 7}, {4, 5}, {3, 8}, {9, 10}, {11, 12}, {13, 0}, {14, 0}}}.draw()))
	must(t, tr.SetTables(tables))
	return tr
}

// call calls the next match and checks which one went to which table.
func call(t *testing.T, tr *Tournament, match, table int) {
	t.Helper()
	m, err := tr.CallNext(evening)
	must(t, err)
	if m.No != match || m.Table != table || !m.Started || !m.Called.Equal(evening) {
		t.Fatalf("called match %d at table %d (%+v), want match %d at table %d", m.No, m.Table, m, match, table)
	}
}

// tables lists the board's busy tables as match numbers by table.
func seats(tr *Tournament) map[int]int {
	out := map[int]int{}
	for _, s := range tr.Board().Busy {
		out[s.Table] = s.Match.No
	}
	return out
}

// The call board fills the free tables in match order, skipping matches
// whose player sits at a table already (P-5), and never byes or
// surrenders; a result frees the table for the next call.
func TestCallNext(t *testing.T) {
	tr := hall(t, 3)
	b := tr.Board()
	if b.Round != 1 || !slices.Equal(b.Free, []int{1, 2, 3}) || len(b.Busy) != 0 {
		t.Fatalf("board = %+v", b)
	}
	var waiting []int
	for _, w := range b.Waiting {
		waiting = append(waiting, w.Match.No)
	}
	if !slices.Equal(waiting, []int{1, 2, 4, 5, 6}) { // no bye, no surrender
		t.Fatalf("waiting %v, want 1 2 4 5 6", waiting)
	}
	call(t, tr, 1, 1)
	call(t, tr, 5, 2) // Huber plays at table 1: his matches 2 and 4 wait (P-5)
	call(t, tr, 6, 3)
	for _, w := range tr.Board().Waiting {
		if w.BusyAt != 1 {
			t.Errorf("waiting match %d: busy at %d, want 1 (Huber)", w.Match.No, w.BusyAt)
		}
	}
	before := clone(t, tr)
	_, err := tr.CallNext(evening)
	wantCode(t, err, "no_table_free")
	unchanged(t, before, tr)

	win(t, tr, 9) // match 5's result frees table 2
	if got := tr.Board().Free; !slices.Equal(got, []int{2}) {
		t.Fatalf("free tables %v after a result, want [2]", got)
	}
	_, err = tr.CallNext(evening)
	wantCode(t, err, "players_busy") // only Huber's matches wait
	unchanged(t, tr, tr)

	win(t, tr, 1) // Huber is free again: his next match, at the lowest free table
	call(t, tr, 2, 1)
	if got := seats(tr); got[1] != 2 || got[3] != 6 || len(got) != 2 {
		t.Fatalf("tables %v", got)
	}
	win(t, tr, 2)
	win(t, tr, 11)
	call(t, tr, 4, 1)
	_, err = tr.CallNext(evening)
	wantCode(t, err, "no_match_waiting")
	win(t, tr, 3)
	if b := tr.Board(); len(b.Busy) != 0 || len(b.Waiting) != 0 || len(b.Free) != 3 {
		t.Fatalf("board after the round = %+v", b)
	}
	// Played matches keep the table they were played at.
	for no, table := range map[int]int{1: 1, 2: 1, 4: 1, 5: 2, 6: 3, 3: 0, 7: 0} {
		m, _ := tr.Current().Match(no)
		if got := tr.TableOf(m); got != table {
			t.Errorf("match %d: TableOf = %d, want %d", no, got, table)
		}
	}
}

// Without a number of tables each match is called to the table of its
// number, as printed; P-5 holds all the same.
func TestCallNextWithoutTables(t *testing.T) {
	tr := hall(t, 0)
	for _, m := range tr.Current().Matches {
		want := m.No
		if m.Bye() || m.Surrendered {
			want = 0
		}
		if got := tr.TableOf(m); got != want {
			t.Errorf("match %d before the call: TableOf = %d, want %d", m.No, got, want)
		}
	}
	call(t, tr, 1, 1)
	call(t, tr, 5, 5)
	call(t, tr, 6, 6)
	_, err := tr.CallNext(evening)
	wantCode(t, err, "players_busy")
	if b := tr.Board(); len(b.Free) != 0 || len(b.Busy) != 3 {
		t.Fatalf("board = %+v", b)
	}
	// A match moved onto another's number leaves that one the lowest free table.
	must(t, tr.CallMatch(1, 5, 2, version(tr, 1, 5), evening))
	win(t, tr, 1)
	call(t, tr, 2, 1) // table 2 (its number) is busy with match 5
}

// With tables set, a match waits without a table until it is called.
func TestTableOfWithTables(t *testing.T) {
	tr := hall(t, 2)
	m, _ := tr.Current().Match(6)
	if got := tr.TableOf(m); got != 0 {
		t.Errorf("match 6 not called: TableOf = %d, want 0", got)
	}
	must(t, tr.CallMatch(1, 6, 2, m.Version, evening))
	m, _ = tr.Current().Match(6)
	if got := tr.TableOf(m); got != 2 {
		t.Errorf("match 6 called: TableOf = %d, want 2", got)
	}
	for _, n := range tr.Next(4) { // Maier: his surrendered pair has no table
		if n.Table != 0 {
			t.Errorf("Maier's card %d: table %d, want none", n.Card, n.Table)
		}
	}
}

// Calling by hand and moving: refused with a clear error while the table
// or a player is busy (P-5), for byes and surrenders, outside the hall.
func TestCallMatch(t *testing.T) {
	tests := map[string]struct {
		match, table int
		stale        bool
		code         string
		args         []any
	}{
		"call":                {5, 2, false, "", nil},
		"move":                {1, 3, false, "", nil},
		"table busy":          {5, 1, false, "table_busy", []any{1, 1}},
		"player busy":         {2, 2, false, "player_busy", []any{"Huber", 1, 1}},
		"move onto busy":      {1, 1, false, "", nil}, // its own table: stays
		"table not in hall":   {5, 4, false, "table_not_in_hall", []any{4, 3}},
		"table 0":             {5, 0, false, "table_invalid", nil},
		"bye":                 {7, 2, false, "match_is_bye", nil},
		"surrendered":         {3, 2, false, "match_surrendered", nil},
		"stale":               {5, 2, true, "version_conflict", nil},
		"decided":             {6, 2, false, "match_decided", nil},
		"no such match":       {9, 2, false, "match_not_found", nil},
		"other player's busy": {4, 3, false, "player_busy", []any{"Huber", 1, 1}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := hall(t, 3)
			call(t, tr, 1, 1) // Huber at table 1
			win(t, tr, 11)    // match 6 decided
			before := clone(t, tr)
			v := version(tr, 1, tc.match)
			if tc.stale {
				v--
			}
			later := evening.Add(10 * time.Minute)
			err := tr.CallMatch(1, tc.match, tc.table, v, later)
			wantCode(t, err, tc.code)
			if err != nil {
				unchanged(t, before, tr)
				if tc.args != nil {
					if e := err.(*Error); !slices.Equal(e.Args, tc.args) {
						t.Errorf("args %v, want %v", e.Args, tc.args)
					}
				}
				return
			}
			m, _ := tr.Current().Match(tc.match)
			if !m.Started || m.Table != tc.table || m.Version != v+1 {
				t.Errorf("match = %+v", m)
			}
			// A move keeps the time it was called; a call takes its own.
			want := later
			if tc.match == 1 {
				want = evening
			}
			if !m.Called.Equal(want) {
				t.Errorf("called at %v, want %v", m.Called, want)
			}
		})
	}
}

func TestCallMatchErrorText(t *testing.T) {
	tr := hall(t, 3)
	call(t, tr, 1, 1)
	err := tr.CallMatch(1, 2, 2, version(tr, 1, 2), evening)
	if got, want := err.(*Error).Text("de"), "Huber spielt gerade Partie 1 an Tisch 1: eine Partie nach der anderen"; got != want {
		t.Errorf("German: %q, want %q", got, want)
	}
	err = tr.CallMatch(1, 5, 1, version(tr, 1, 5), evening)
	if got, want := err.Error(), "table 1 is busy with match 1"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
}

// A called match can go back to the waiting ones; it is called again later.
func TestReleaseMatch(t *testing.T) {
	tr := hall(t, 3)
	wantCode(t, tr.ReleaseMatch(1, 1, version(tr, 1, 1)), "match_not_called")
	call(t, tr, 1, 1)
	wantCode(t, tr.ReleaseMatch(1, 1, version(tr, 1, 1)-1), "version_conflict")
	must(t, tr.ReleaseMatch(1, 1, version(tr, 1, 1)))
	m, _ := tr.Current().Match(1)
	if m.Started || m.Table != 0 || !m.Called.IsZero() {
		t.Fatalf("released match = %+v", m)
	}
	call(t, tr, 1, 1)
	win(t, tr, 1)
	wantCode(t, tr.ReleaseMatch(1, 1, version(tr, 1, 1)), "match_decided")
}

// Clearing a result opens the match again: at its table if that is still
// free and its players sit nowhere else, else waiting to be called.
func TestClearResultTable(t *testing.T) {
	tr := hall(t, 3)
	must(t, tr.CallMatch(1, 5, 1, version(tr, 1, 5), evening))
	win(t, tr, 9)
	must(t, tr.ClearResult(1, 5, version(tr, 1, 5)))
	if got := seats(tr); got[1] != 5 {
		t.Fatalf("cleared match 5 not back at table 1: %v", got)
	}
	win(t, tr, 9)
	call(t, tr, 1, 1) // table 1 goes to Huber's match
	must(t, tr.ClearResult(1, 5, version(tr, 1, 5)))
	m, _ := tr.Current().Match(5)
	if m.Started || m.Table != 0 {
		t.Fatalf("cleared match 5 still at a table: %+v", m)
	}
	if got := seats(tr); got[1] != 1 || len(got) != 1 {
		t.Fatalf("tables %v", got)
	}
}

func TestSetTables(t *testing.T) {
	tr := hall(t, 3)
	before := clone(t, tr)
	wantCode(t, tr.SetTables(-1), "tables_invalid")
	wantCode(t, tr.SetTables(MaxTables+1), "tables_invalid")
	unchanged(t, before, tr)
	must(t, tr.CallMatch(1, 5, 3, version(tr, 1, 5), evening))
	before = clone(t, tr)
	wantCode(t, tr.SetTables(2), "tables_below_busy")
	unchanged(t, before, tr)
	v := tr.Version
	must(t, tr.SetTables(5))
	if tr.Tables != 5 || tr.Version != v+1 {
		t.Errorf("tables %d, version %d", tr.Tables, tr.Version)
	}
	must(t, tr.SetTables(0))
	if b := tr.Board(); b.Tables != 0 || len(b.Free) != 0 || len(b.Busy) != 1 {
		t.Errorf("board without tables = %+v", b)
	}
	// Before the draw there is no board to call from.
	tr = mustNew(t, settings(8, 2, false))
	must(t, tr.SetTables(4))
	_, err := tr.CallNext(evening)
	wantCode(t, err, "no_round")
}

// A loser reads his own score first, 1:2; every match of a card is listed.
func TestCardMatches(t *testing.T) {
	tr := hall(t, 0)
	must(t, tr.SetResult(1, 1, version(tr, 1, 1), Result{Winner: 6, Bummerl: [2]int{1, 2}}))
	got := tr.CardMatches(1)
	if len(got) != 1 || got[0].Won || got[0].Score != [2]int{1, 2} || got[0].Opponent != 6 || !got[0].Decided {
		t.Fatalf("card 1: %+v", got)
	}
	if got := tr.CardMatches(6); got[0].Score != [2]int{2, 1} || !got[0].Won {
		t.Fatalf("card 6: %+v", got)
	}
	if got := tr.CardMatches(5); len(got) != 1 || !got[0].Surrendered || got[0].Score != [2]int{} || got[0].Table != 0 {
		t.Fatalf("card 5 (surrendered): %+v", got)
	}
	if got := tr.CardMatches(13); len(got) != 1 || got[0].Opponent != 0 || !got[0].Won {
		t.Fatalf("card 13 (bye): %+v", got)
	}
	playRound(t, tr, lowerCard)
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
	if got := tr.CardMatches(2); len(got) != 2 || got[1].Round != 2 {
		t.Fatalf("card 2 over two rounds: %+v", got)
	}
}

// Over random tournaments and random calls, moves, releases, results and
// corrections: a table never holds two matches, a player never sits at
// two tables (P-5), tables stay in the hall, byes and surrenders never sit.
func TestPropertyTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 5))
	for i := range 150 {
		s := settings(4<<rng.IntN(4), 2, false)
		tr := mustNew(t, s)
		randomSales(t, tr, rng)
		must(t, tr.SetTables(rng.IntN(5)))
		for step := 0; step < 200 && !tr.Finished(); step++ {
			r := tr.Current()
			open := r != nil && slices.ContainsFunc(r.Matches, func(m Match) bool { return !m.Decided() })
			if !open {
				must(t, tr.ApplyDraw(orderedDraw(t, tr, rng)))
				continue
			}
			m := r.Matches[rng.IntN(len(r.Matches))]
			var err error
			switch op := rng.IntN(6); {
			case op == 0:
				_, err = tr.CallNext(evening)
			case op == 1:
				err = tr.CallMatch(r.No, m.No, 1+rng.IntN(6), m.Version, evening)
			case op == 2:
				err = tr.ReleaseMatch(r.No, m.No, m.Version)
			case op == 3 && m.Result != nil && !m.Surrendered:
				err = tr.ClearResult(r.No, m.No, m.Version)
			case op == 4:
				err = tr.SetTables(rng.IntN(6))
			case !m.Decided():
				err = tr.SetResult(r.No, m.No, m.Version, result(tr, m.A))
			}
			if err != nil && ErrorKind(err) == "" {
				t.Fatal(err)
			}
			checkTables(t, i, tr)
		}
	}
}

func checkTables(t *testing.T, i int, tr *Tournament) {
	t.Helper()
	r := tr.Current()
	if r == nil {
		return
	}
	owner := tr.owners()
	tables, players := map[int]int{}, map[PlayerID]int{}
	for _, m := range r.Matches {
		if (m.Bye() || m.Surrendered) && (m.Started || tr.TableOf(m) != 0) {
			t.Fatalf("tournament %d: bye or surrender at a table: %+v", i, m)
		}
		if !m.AtTable() {
			continue
		}
		if o, ok := tables[m.Table]; ok {
			t.Fatalf("tournament %d: table %d holds matches %d and %d", i, m.Table, o, m.No)
		}
		tables[m.Table] = m.No
		if m.Table < 1 || (tr.Tables > 0 && m.Table > tr.Tables) {
			t.Fatalf("tournament %d: match %d at table %d of %d", i, m.No, m.Table, tr.Tables)
		}
		for _, c := range []CardNo{m.A, m.B} {
			p := owner.get(c)
			if o, ok := players[p]; ok {
				t.Fatalf("tournament %d: player %d at matches %d and %d at once (P-5)", i, p, o, m.No)
			}
			players[p] = m.No
		}
	}
}

// Calling a given waiting match: to the lowest free table, with the same
// refusals as by hand.
func TestCallFree(t *testing.T) {
	tr := hall(t, 2)
	m, err := tr.CallFree(1, 6, version(tr, 1, 6), evening)
	must(t, err)
	if m.No != 6 || m.Table != 1 {
		t.Fatalf("called %+v, want match 6 at table 1", m)
	}
	call(t, tr, 1, 2) // Huber at table 2
	before := clone(t, tr)
	_, err = tr.CallFree(1, 2, version(tr, 1, 2), evening)
	wantCode(t, err, "no_table_free")
	_, err = tr.CallFree(1, 7, version(tr, 1, 7), evening)
	wantCode(t, err, "match_is_bye") // a bye never sits, free table or not
	_, err = tr.CallFree(1, 9, 1, evening)
	wantCode(t, err, "match_not_found")
	unchanged(t, before, tr)
	win(t, tr, 11)
	_, err = tr.CallFree(1, 2, version(tr, 1, 2), evening)
	wantCode(t, err, "player_busy")
}
