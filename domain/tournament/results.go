package tournament

import (
	"errors"
	"slices"
	"time"

	"bummerl/domain/schnapsen"
)

// index is the position of match no in r.Matches, -1 if the round has
// no such match.
func (r *Round) index(no int) int {
	i := no - 1 // ApplyDraw numbers the matches 1, 2, … in order
	if i < 0 || i >= len(r.Matches) || r.Matches[i].No != no {
		i = slices.IndexFunc(r.Matches, func(m Match) bool { return m.No == no })
	}
	return i
}

// Match is match no of the round, if it has one.
func (r *Round) Match(no int) (Match, bool) {
	if i := r.index(no); i >= 0 {
		return r.Matches[i], true
	}
	return Match{}, false
}

// find is match no of round round, to change or to check it:
// round_not_found or match_not_found when there is none.
func (t *Tournament) find(round, no int) (*Match, error) {
	if round < 1 || round > len(t.Rounds) {
		return nil, notFound("round_not_found", "round", round)
	}
	r := &t.Rounds[round-1]
	i := r.index(no)
	if i < 0 {
		return nil, notFound("match_not_found", "match", round, no)
	}
	return &r.Matches[i], nil
}

// PlayableMatch is match no of round round if it may still be played for
// its result (a digital table, docs/play.md): its round is the latest,
// since the next round was drawn from the results (P-6); it has two
// players, since a bye or a surrender is decided without a game (P-1,
// P-6, SW-7); and it has no result yet. The refusal is round_not_found,
// match_not_found or a conflict naming the condition that fails.
func (t *Tournament) PlayableMatch(round, no int) (Match, error) {
	m, err := t.find(round, no)
	switch {
	case err != nil:
		return Match{}, err
	case round != len(t.Rounds):
		return Match{}, conflict("table_old_round", "")
	case m.Bye() || m.Surrendered:
		return Match{}, conflict("table_no_opponent", "")
	case m.Result != nil:
		return Match{}, conflict("table_has_result", "")
	}
	return *m, nil
}

// match finds a match for a change: it must exist, the caller must have
// seen its current version, and its round must be the latest, because the
// next round was drawn from its result.
func (t *Tournament) match(round, match, version int) (*Match, error) {
	m, err := t.find(round, match)
	switch {
	case err != nil:
		return nil, err
	case m.Version != version:
		return nil, conflict("version_conflict", "version")
	case round != len(t.Rounds):
		return nil, conflict("undo_next_draw_first", "", round+1)
	case m.Bye():
		return nil, invalid("match_is_bye", "match", m.No)
	case m.Surrendered:
		return nil, invalid("match_surrendered", "match", m.No)
	}
	return m, nil
}

// StartMatch marks a match as being played at a table (or moves it): it
// is CallMatch without the time of the call.
func (t *Tournament) StartMatch(round, match, table, version int) error {
	return t.CallMatch(round, match, table, version, time.Time{})
}

// SetResult records or corrects the result of a match of the latest round.
// The winner must have BummerlToWin Bummerl and the loser fewer (B-3). A
// score sheet, when given, must finish the match (B-4); a winner or a
// Bummerl score left out (zero) is taken from it, one given must agree.
func (t *Tournament) SetResult(round, match, version int, r Result) error {
	m, err := t.match(round, match, version)
	if err != nil {
		return err
	}
	if r.Walkover {
		if err := checkWalkover(*m, r); err != nil {
			return err
		}
	} else {
		if err := t.scoreSheet(*m, &r); err != nil {
			return err
		}
		if err := t.checkResult(*m, r); err != nil {
			return err
		}
	}
	if len(r.Sheet) == 0 {
		r.Sheet = nil
	}
	r.Sheet = slices.Clone(r.Sheet)
	m.Result = &r
	m.Version++
	t.drawChanged()
	return nil
}

// scoreSheet scores r's sheet, if any, with the engine (B-4) and fills in
// the winner and the Bummerl it gives where r leaves them out; where r
// gives them, they must agree with the sheet.
func (t *Tournament) scoreSheet(m Match, r *Result) error {
	if len(r.Sheet) == 0 {
		return nil
	}
	v, err := schnapsen.ScoreMatch(schnapsen.MatchRules{BummerlToWin: t.Settings.BummerlToWin}, r.Sheet)
	switch {
	case err != nil:
		e := invalid("sheet_invalid", "sheet", 0, err)
		if se := (*schnapsen.SheetError)(nil); errors.As(err, &se) {
			e.Deal, e.Args[0] = se.Deal, se.Deal+1 // the form marks this deal
		}
		return e
	case !v.Finished:
		return invalid("sheet_unfinished", "sheet")
	}
	winner := []CardNo{m.A, m.B}[*v.Winner]
	if r.Winner == 0 {
		r.Winner = winner
	}
	if r.Bummerl == [2]int{} { // never a finished score
		r.Bummerl = v.Bummerl
	}
	if r.Winner != winner || r.Bummerl != v.Bummerl {
		return invalid("sheet_disagrees", "sheet", int(winner), v.Bummerl[0], v.Bummerl[1])
	}
	return nil
}

// checkResult checks the winner and the Bummerl score (B-3).
func (t *Tournament) checkResult(m Match, r Result) error {
	seat := slices.Index([]CardNo{m.A, m.B}, r.Winner)
	if seat < 0 {
		return invalid("winner_not_in_match", "winner", int(m.A), int(m.B), int(r.Winner))
	}
	need := t.Settings.BummerlToWin
	if won, lost := r.Bummerl[seat], r.Bummerl[1-seat]; won != need || lost < 0 || lost >= need {
		// Winner first, as the score is typed and read out.
		return invalid("bummerl_result_invalid", "bummerl", need, won, lost)
	}
	return nil
}

// checkWalkover checks a walkover: a winner of the match and no score.
func checkWalkover(m Match, r Result) error {
	if r.Winner != m.A && r.Winner != m.B {
		return invalid("winner_not_in_match", "winner", int(m.A), int(m.B), int(r.Winner))
	}
	if r.Bummerl != [2]int{} || len(r.Sheet) > 0 {
		return invalid("walkover_with_score", "bummerl")
	}
	return nil
}

// Walkover reports whether the match was won kampflos: the loser did not
// turn up (issue 9).
func (m Match) Walkover() bool { return m.Result != nil && m.Result.Walkover }

// Score is the match's Bummerl as people write it, the winner's first
// ("2:1", B-3); 0, 0 while it has no result.
func (m Match) Score() (won, lost int) {
	switch r := m.Result; {
	case r == nil:
		return 0, 0
	case r.Winner == m.B:
		return r.Bummerl[1], r.Bummerl[0]
	default:
		return r.Bummerl[0], r.Bummerl[1]
	}
}

// ScoredResult is the inverse of Score: a result given as the winner and
// a winner-first Bummerl score, with the Bummerl put into A's and B's seats.
func (m Match) ScoredResult(winner CardNo, won, lost int) Result {
	if winner == m.B {
		return Result{Winner: winner, Bummerl: [2]int{lost, won}}
	}
	return Result{Winner: winner, Bummerl: [2]int{won, lost}}
}

// ClearResult removes the result of a match of the latest round.
func (t *Tournament) ClearResult(round, match, version int) error {
	m, err := t.match(round, match, version)
	switch {
	case err != nil:
		return err
	case m.Result == nil:
		return conflict("match_no_result", "match", m.No)
	}
	m.Result = nil
	// Open again, it keeps its table if that is still free and its
	// players sit nowhere else (P-5); otherwise it waits to be called.
	if m.Started && (t.Tables > 0 && m.Table > t.Tables || t.seatFree(*m, m.Table) != nil) {
		m.Table, m.Started, m.Called, m.CalledAfter = 0, false, time.Time{}, 0
	}
	m.Version++
	// The matches its result called sit where they are, as called by hand.
	ms := t.Current().Matches
	for i := range ms {
		if ms[i].CalledAfter == match {
			ms[i].CalledAfter = 0
			ms[i].Version++
		}
	}
	t.drawChanged()
	return nil
}
