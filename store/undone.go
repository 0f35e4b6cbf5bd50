package store

import (
	"context"
	"fmt"
	"time"
)

// UndoneDraw is a draw that was undone (issue 9, P-4): kept public so
// nobody can redraw quietly until a wanted pairing comes out. It is read
// from the audit row of the undo, whose "before" holds the round's row
// (method, commitment, seed) and its matches as they were.
type UndoneDraw struct {
	Round      int
	At         time.Time // when it was undone, UTC
	By         string    // who undid it
	Method     string    // "digital" or "physical"
	Commitment string
	Seed       string
	Pairings   [][2]int // card A, card B (0: a bye) per match, in match order
}

// UndoneDraws lists the undone draws of a tournament, oldest first.
func (s *Store) UndoneDraws(ctx context.Context, tournamentID int64) ([]UndoneDraw, error) {
	var rows []auditRow
	err := s.rdb.WithContext(ctx).Where("tournament_id = ? AND action = ?", tournamentID, ActionUndoDraw).Order("id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: undone draws of tournament %d: %w", tournamentID, err)
	}
	out := make([]UndoneDraw, 0, len(rows))
	for _, r := range rows {
		before, err := readChangeSet(r.Before)
		if err != nil {
			return nil, fmt.Errorf("store: audit %d: %w", r.ID, err)
		}
		if len(before.Rounds) == 0 {
			continue
		}
		rd := before.Rounds[0]
		u := UndoneDraw{Round: rd.No, At: fromMillis(r.At), By: r.UserName, Method: rd.Method, Commitment: rd.Commitment, Seed: rd.Seed}
		for _, m := range before.Matches {
			if m.Round == rd.No {
				u.Pairings = append(u.Pairings, [2]int{m.A, m.B})
			}
		}
		out = append(out, u)
	}
	return out, nil
}
