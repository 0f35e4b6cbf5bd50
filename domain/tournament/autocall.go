package tournament

import (
	"slices"
	"time"
)

// Automatic calling (issue 23, docs/tournament.md "Tables and calls"):
// with Settings.AutoCall and a number of tables, a result that frees a
// table calls the next callable match to it in the same change. The next
// callable match is the one the board's "Nächste Partie aufrufen" would
// call (CallNext): the first waiting match of the latest round in match
// order whose two players sit at no table (P-5). The freed table is
// filled first. The result also frees its two players, so a match that
// waited for one of them may be callable now: it goes to the lowest other
// free table, and so on until no table is free or no waiting match can be
// called. Only a result calls by itself: a draw, a match sent back or a
// changed number of tables leave the calling to the staff.

// AutoCalls reports whether results call matches by themselves: the
// setting is on and the hall has a number of tables (without one every
// match has the table of its number, and nothing waits for a table).
func (t *Tournament) AutoCalls() bool { return t.Settings.AutoCall && t.Tables > 0 }

// RecordResult is SetResult followed by automatic calling: when the match
// sat at a table and AutoCalls, the freed tables get the next callable
// matches (see above), called at the result's time. It returns the
// matches called, in order; none without automatic calling.
func (t *Tournament) RecordResult(round, match, version int, r Result) ([]Match, error) {
	freed := 0
	if m, err := t.find(round, match); err == nil && m.AtTable() {
		freed = m.Table
	}
	if err := t.SetResult(round, match, version, r); err != nil {
		return nil, err
	}
	if freed == 0 || !t.AutoCalls() {
		return nil, nil
	}
	return t.fillTables(freed, match, r.At)
}

// fillTables calls the next callable matches of the latest round to the
// free tables, table first, then the lowest free ones, and marks each as
// called after match after's result.
func (t *Tournament) fillTables(first, after int, at time.Time) ([]Match, error) {
	var called []Match
	for {
		b := t.Board()
		i := slices.IndexFunc(b.Waiting, func(w Waiting) bool { return w.BusyAt == 0 })
		if len(b.Free) == 0 || i < 0 {
			return called, nil
		}
		table := b.Free[0]
		if slices.Contains(b.Free, first) {
			table = first
		}
		w := b.Waiting[i].Match
		if err := t.CallMatch(b.Round, w.No, table, w.Version, at); err != nil {
			return nil, err // the board said the table and the players are free
		}
		m, _ := t.find(b.Round, w.No)
		m.CalledAfter = after
		called = append(called, *m)
	}
}

// CalledAfter lists, by match number, the matches of r that the result
// of that match called to a table, in match order.
func (r Round) CalledAfter() map[int][]Match {
	out := map[int][]Match{}
	for _, m := range r.Matches {
		if m.CalledAfter != 0 {
			out[m.CalledAfter] = append(out[m.CalledAfter], m)
		}
	}
	return out
}
