package tournament

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// record enters card w's win through RecordResult at the time at and
// returns the matches it called, as "match@table".
func record(t *testing.T, tr *Tournament, w CardNo, at time.Time) []Match {
	t.Helper()
	m := findMatch(tr, w)
	r := result(tr, w)
	r.At = at
	called, err := tr.RecordResult(tr.Current().No, m.No, m.Version, r)
	must(t, err)
	return called
}

// wantCalls fails unless called are the matches want (match, table, …),
// each called at at after match after's result.
func wantCalls(t *testing.T, called []Match, after int, at time.Time, want ...int) {
	t.Helper()
	var got []int
	for _, m := range called {
		got = append(got, m.No, m.Table)
		if !m.Started || m.CalledAfter != after || !m.Called.Equal(at) {
			t.Errorf("match %d: started %v, called after %d at %v; want after %d at %v", m.No, m.Started, m.CalledAfter, m.Called, after, at)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("called (match, table) %v, want %v", got, want)
	}
}

// Issue 23: with automatic calling a result frees its table and the next
// callable match (match order, both players free, P-5) sits down there at
// once, through a whole round. A table nobody can take stays free until
// a later result frees the player it waits for; then the freed table is
// filled first, even when a lower one is free.
func TestAutoCallThroughARound(t *testing.T) {
	tr := hall(t, 2)
	tr.Settings.AutoCall = true
	must(t, tr.CallMatch(1, 5, 1, version(tr, 1, 5), evening))
	must(t, tr.CallMatch(1, 1, 2, version(tr, 1, 1), evening)) // Huber (1, 2, 3): his 2 and 4 wait (P-5)

	later := evening.Add(20 * time.Minute)
	wantCalls(t, record(t, tr, 9, later), 5, later, 6, 1) // match 5 done: 6 to its table 1
	wantCalls(t, record(t, tr, 1, later), 1, later, 2, 2) // Huber's first done: his next, 2, to table 2
	wantCalls(t, record(t, tr, 11, later), 6, later)      // table 1 free: 4 waits for Huber at table 2
	if got := tr.Board().Free; !slices.Equal(got, []int{1}) {
		t.Fatalf("free %v, want [1]", got)
	}
	wantCalls(t, record(t, tr, 2, later), 2, later, 4, 2) // Huber free: 4 to the freed table 2, not 1
	wantCalls(t, record(t, tr, 3, later), 4, later)       // nothing waits
	if b := tr.Board(); len(b.Waiting) != 0 || len(b.Busy) != 0 || tr.Current().CalledAfter()[2][0].No != 4 {
		t.Fatalf("after the round: %+v, called after %v", b, tr.Current().CalledAfter())
	}
}

// A result frees two players: a match that waited for the other one goes
// to a table that stood free meanwhile, both in the same change.
func TestAutoCallFillsEveryFreeTable(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	tr.Settings.AutoCall = true
	buyer(t, tr, "Huber", 2) // 1, 2
	buyer(t, tr, "Maier", 2) // 3, 4
	sellOut(t, tr, 4)        // 5 … 8
	must(t, tr.ApplyDraw(pairs{Main: {{1, 3}, {2, 5}, {4, 6}, {7, 8}}}.draw()))
	must(t, tr.SetTables(3))
	call(t, tr, 1, 1) // Huber against Maier
	call(t, tr, 4, 2) // 2 and 3 wait for them; table 3 stays free
	wantCalls(t, record(t, tr, 1, evening), 1, evening, 2, 1, 3, 3)
}

// Without the setting, without a number of tables, and for a match that
// sat at no table, a result calls nobody; a refused result calls nobody
// either and changes nothing.
func TestAutoCallOnlyWhenItApplies(t *testing.T) {
	for _, c := range []struct {
		name   string
		auto   bool
		tables int
		call   bool
	}{
		{"setting off", false, 2, true},
		{"no number of tables", true, 0, true},
		{"match at no table", true, 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := hall(t, c.tables)
			tr.Settings.AutoCall = c.auto
			if c.call {
				call(t, tr, 1, 1)
			}
			wantCalls(t, record(t, tr, 1, evening), 1, evening)
			if got := seats(tr); len(got) != 0 {
				t.Fatalf("busy tables %v, want none", got)
			}
		})
	}
	tr := hall(t, 2)
	tr.Settings.AutoCall = true
	call(t, tr, 1, 1)
	before := clone(t, tr)
	m := findMatch(tr, 1)
	_, err := tr.RecordResult(1, m.No, m.Version+1, result(tr, 1))
	wantCode(t, err, "version_conflict")
	unchanged(t, before, tr)
}

// What a result called stays marked only while it sits as that result
// put it: a move or a send-back by hand, or the result taken back, makes
// it a call like any other.
func TestCalledAfterUndone(t *testing.T) {
	setup := func(t *testing.T) *Tournament {
		tr := hall(t, 3)
		tr.Settings.AutoCall = true
		call(t, tr, 1, 1)
		call(t, tr, 5, 2)
		call(t, tr, 6, 3)
		wantCalls(t, record(t, tr, 1, evening), 1, evening, 2, 1)
		return tr
	}
	m2 := func(tr *Tournament) Match { m, _ := tr.Current().Match(2); return m }
	t.Run("moved", func(t *testing.T) {
		tr := setup(t)
		win(t, tr, 9) // table 2 free, without automatic calling
		must(t, tr.CallMatch(1, 2, 2, m2(tr).Version, evening))
		if m := m2(tr); m.CalledAfter != 0 || m.Table != 2 {
			t.Fatalf("moved: %+v", m)
		}
	})
	t.Run("sent back", func(t *testing.T) {
		tr := setup(t)
		must(t, tr.ReleaseMatch(1, 2, m2(tr).Version))
		if m := m2(tr); m.CalledAfter != 0 || m.Started {
			t.Fatalf("sent back: %+v", m)
		}
	})
	t.Run("result cleared", func(t *testing.T) {
		tr := setup(t)
		v := m2(tr).Version
		must(t, tr.ClearResult(1, 1, version(tr, 1, 1)))
		m1, _ := tr.Current().Match(1)
		if m := m2(tr); m.CalledAfter != 0 || m.Table != 1 || m.Version != v+1 || m1.Started {
			t.Fatalf("cleared: match 2 %+v, match 1 %+v", m, m1)
		}
	})
}

// Automatic calling is no rule of play: it may be switched after the
// draw, alone or with the event, while the rules stay locked (P-9).
func TestAutoCallSettingAfterTheDraw(t *testing.T) {
	tr := hall(t, 2)
	s := tr.Settings
	s.AutoCall = true
	must(t, tr.ChangeSettings(s))
	if !tr.AutoCalls() {
		t.Fatal("setting on with 2 tables: AutoCalls false")
	}
	must(t, tr.SetTables(0))
	if tr.AutoCalls() {
		t.Fatal("AutoCalls without a number of tables")
	}
	wantCode(t, tr.ChangeSettings(s), "settings_locked") // nothing changed
	s.AutoCall, s.MaxCards = false, 2
	wantCode(t, tr.ChangeSettings(s), "settings_locked") // a rule
}

// Rebuild (an import) takes what automatic calling made and refuses a
// match that names a result that cannot have called it.
func TestRebuildCalledAfter(t *testing.T) {
	tr := hall(t, 2)
	tr.Settings.AutoCall = true
	call(t, tr, 1, 1)
	call(t, tr, 5, 2)
	wantCalls(t, record(t, tr, 9, evening), 5, evening, 6, 2)
	rebuilds(t, tr)
	for _, c := range []struct {
		name string
		no   int // match to change
		to   int
	}{
		{"an open match", 6, 1},
		{"itself", 6, 6},
		{"no such match", 6, 99},
		{"a match at no table", 2, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := clone(t, tr)
			bad.Current().Matches[c.no-1].CalledAfter = c.to
			err := Rebuild(bad)
			if e, ok := err.(*Error); !ok || !strings.Contains(e.Text("en"), "as the result that called it") {
				t.Fatalf("Rebuild: %v", err)
			}
		})
	}
}
