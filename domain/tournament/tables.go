package tournament

import "time"

// Tables and the call board. A match of the latest round is called to a
// table (CallMatch by hand, CallNext from the board) and holds it until its
// result is in: the result frees the table. A table holds one match at a
// time, and a player holding several cards plays one match at a time, one
// after another (P-5): his other matches wait while he sits at a table.
// Byes and surrenders never take a table (P-1, P-6). Without a number of
// tables (Tournament.Tables == 0) every match has the table of its number,
// as on the printed round list, and is called there.

// MaxTables bounds the number of tables: more than one per match of a
// round 1 with the most cards would stay empty.
const MaxTables = MaxCards / 2

func init() {
	for code, m := range map[string]message{
		"tables_invalid":    {"the number of tables must be from 0 (not set) to %d, not %d", "Die Anzahl der Tische muss zwischen 0 (keine Angabe) und %d liegen, nicht %d"},
		"tables_below_busy": {"table %d is busy with match %d; the hall cannot have fewer tables now", "An Tisch %d wird gerade Partie %d gespielt; es kann jetzt nicht weniger Tische geben"},
		"table_not_in_hall": {"there is no table %d: the hall has tables 1 to %d", "Es gibt keinen Tisch %d: im Saal stehen die Tische 1 bis %d"},
		"table_busy":        {"table %d is busy with match %d", "An Tisch %d wird gerade Partie %d gespielt"},
		"player_busy":       {"%s is playing match %d at table %d: one match at a time", "%s spielt gerade Partie %d an Tisch %d: eine Partie nach der anderen"},
		"match_not_called":  {"match %d is not at a table", "Partie %d sitzt an keinem Tisch"},
		"no_match_waiting":  {"no match is waiting to be called", "Keine Partie wartet auf den Aufruf"},
		"no_table_free":     {"every table is busy", "Alle Tische sind besetzt"},
		"players_busy":      {"every waiting match has a player who is playing at a table now", "Bei jeder wartenden Partie spielt eine Person gerade an einem Tisch"},
	} {
		messages[code] = m
	}
}

// AtTable reports whether the match occupies a table now: called and
// without a result. Byes and surrenders never do.
func (m Match) AtTable() bool {
	return m.Started && m.Result == nil && !m.Bye() && !m.Surrendered
}

// TableOf is the table match m is played at: the one it was called to;
// before that, without a number of tables, its number (the printed list's
// table); with a number of tables, 0 until it is called. Byes and
// surrenders have no table (P-1, P-6).
func (t *Tournament) TableOf(m Match) int {
	switch {
	case m.Bye() || m.Surrendered:
		return 0
	case m.Started:
		return m.Table
	case t.Tables > 0:
		return 0
	}
	return m.No
}

// Board is the call board of the latest round.
type Board struct {
	Round   int       // the latest round; 0 before the first draw
	Tables  int       // Tournament.Tables
	Busy    []Seat    // the matches at a table, by table
	Free    []int     // the free tables, ascending (only with a number of tables)
	Waiting []Waiting // the open matches not called yet, in match order
}

// Seat is a match at its table.
type Seat struct {
	Table int
	Match Match
}

// Waiting is an open match not called yet.
type Waiting struct {
	Match Match
	// BusyAt is the table where a player of this match is playing now; he
	// plays one match at a time (P-5), so this one waits for it. 0: the
	// match can be called.
	BusyAt int
}

// Board tells which tables are busy with which match, which are free and
// which matches wait to be called, in order.
func (t *Tournament) Board() Board {
	r := t.Current()
	if r == nil {
		return Board{Tables: t.Tables}
	}
	b := Board{Round: r.No, Tables: t.Tables}
	owner := t.owners()
	busyTable := map[int]bool{}
	playing := map[PlayerID]int{} // player → the table he sits at
	for _, m := range r.Matches {
		if m.AtTable() {
			b.Busy = append(b.Busy, Seat{Table: m.Table, Match: m})
			busyTable[m.Table] = true
			playing[owner.get(m.A)], playing[owner.get(m.B)] = m.Table, m.Table
		}
	}
	sortSeats(b.Busy)
	for n := 1; n <= t.Tables; n++ {
		if !busyTable[n] {
			b.Free = append(b.Free, n)
		}
	}
	for _, m := range r.Matches {
		if !m.Decided() && !m.Started {
			w := Waiting{Match: m, BusyAt: playing[owner.get(m.A)]}
			if w.BusyAt == 0 {
				w.BusyAt = playing[owner.get(m.B)]
			}
			b.Waiting = append(b.Waiting, w)
		}
	}
	return b
}

func sortSeats(s []Seat) {
	for i := 1; i < len(s); i++ { // few, nearly sorted: insertion sort
		for j := i; j > 0 && s[j].Table < s[j-1].Table; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// SetTables sets the number of tables in the hall, at any time: a table
// may break or be added during the evening. 0 unsets it. A table that is
// busy cannot go away.
func (t *Tournament) SetTables(n int) error {
	if n < 0 || n > MaxTables {
		return invalid("tables_invalid", "tables", MaxTables, n)
	}
	if n > 0 {
		for _, s := range t.Board().Busy {
			if s.Table > n {
				return conflict("tables_below_busy", "tables", s.Table, s.Match.No)
			}
		}
	}
	t.Tables = n
	t.Version++
	return nil
}

// CallMatch calls a match of the latest round to a table by hand, at the
// time at, or moves it there from the table it sits at (it keeps the time
// it was first called). The table must exist and be free, and neither
// player may sit at another table (P-5).
func (t *Tournament) CallMatch(round, match, table, version int, at time.Time) error {
	m, err := t.match(round, match, version)
	switch {
	case err != nil:
		return err
	case m.Result != nil:
		return conflict("match_decided", "match", m.No)
	case table < 1 || table > MaxTables: // without a number of tables, nothing else bounds it
		return invalid("table_invalid", "table", MaxTables, table)
	case t.Tables > 0 && table > t.Tables:
		return invalid("table_not_in_hall", "table", table, t.Tables)
	}
	if err := t.seatFree(*m, table); err != nil {
		return err
	}
	if !m.Started {
		m.Called = at
	}
	// Seated by hand now, whatever result called it before.
	m.Table, m.Started, m.CalledAfter = table, true, 0
	m.Version++
	return nil
}

// seatFree checks that m may sit at table now: no other match is at that
// table, and no player of m sits at another table (P-5).
func (t *Tournament) seatFree(m Match, table int) error {
	others := t.Current().Matches
	seated := 0
	for _, o := range others {
		if o.No == m.No || !o.AtTable() {
			continue
		}
		if o.Table == table {
			return conflict("table_busy", "table", table, o.No)
		}
		seated++
	}
	if seated == 0 { // nobody else sits: no player is busy, and no owners to look up
		return nil
	}
	owner := t.owners()
	mine := [2]PlayerID{owner.get(m.A), owner.get(m.B)}
	for _, o := range others {
		if o.No == m.No || !o.AtTable() {
			continue
		}
		for _, c := range [2]CardNo{o.A, o.B} {
			if p := owner.get(c); p == mine[0] || p == mine[1] {
				name := ""
				if pl, ok := t.Player(p); ok {
					name = pl.Name
				}
				return conflict("player_busy", "match", name, o.No, o.Table)
			}
		}
	}
	return nil
}

// CallNext calls the first waiting match of the latest round whose players
// are both free (P-5) to a free table (see CallFree) at the time at, and
// returns it as called.
func (t *Tournament) CallNext(at time.Time) (Match, error) {
	b := t.Board()
	switch {
	case b.Round == 0:
		return Match{}, conflict("no_round", "")
	case len(b.Waiting) == 0:
		return Match{}, conflict("no_match_waiting", "")
	case t.Tables > 0 && len(b.Free) == 0:
		return Match{}, conflict("no_table_free", "")
	}
	for _, w := range b.Waiting {
		if w.BusyAt == 0 {
			return t.CallFree(b.Round, w.Match.No, w.Match.Version, at)
		}
	}
	return Match{}, conflict("players_busy", "")
}

// CallFree calls a match of the latest round to the lowest free table
// (without a number of tables: to the table of its number, or the lowest
// free one if another match was moved there) and returns it as called.
func (t *Tournament) CallFree(round, match, version int, at time.Time) (Match, error) {
	b := t.Board()
	if t.Tables > 0 && len(b.Free) == 0 {
		// Checked first for the clearer message; CallMatch checks the rest.
		if _, err := t.match(round, match, version); err != nil {
			return Match{}, err
		}
		return Match{}, conflict("no_table_free", "")
	}
	table := t.freeTable(b, match)
	if err := t.CallMatch(round, match, table, version, at); err != nil {
		return Match{}, err
	}
	m, _ := t.Current().Match(match)
	return m, nil
}

// freeTable is the table CallFree gives match no.
func (t *Tournament) freeTable(b Board, no int) int {
	if t.Tables > 0 {
		return b.Free[0]
	}
	busy := map[int]bool{}
	for _, s := range b.Busy {
		busy[s.Table] = true
	}
	if !busy[no] {
		return no
	}
	n := 1
	for busy[n] {
		n++
	}
	return n
}

// ReleaseMatch takes a called match off its table back to the waiting
// matches: called by mistake, or a player is not there.
func (t *Tournament) ReleaseMatch(round, match, version int) error {
	m, err := t.match(round, match, version)
	switch {
	case err != nil:
		return err
	case m.Result != nil:
		return conflict("match_decided", "match", m.No)
	case !m.Started:
		return conflict("match_not_called", "match", m.No)
	}
	m.Table, m.Started, m.Called, m.CalledAfter = 0, false, time.Time{}, 0
	m.Version++
	return nil
}
