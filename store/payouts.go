package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"bummerl/domain/tournament"
)

// Payouts (issue 23, docs/till.md): the prizes handed out live in the
// audit alone, like the sales the takings count (payments.go): a "payout"
// line holds the payout as recorded in its after, a "cancel payout" line
// the payout it takes back in its before. No table of their own: the audit
// line is written in the action's transaction anyway, travels with an
// exported tournament, and the history shows each payout and each
// cancellation as it happened. The tournament's revision stays as it is:
// no public page shows money, so no cached page is out of date.

// payoutRow is a payout as the audit keeps it; when and by whom are the
// audit line's own columns.
type payoutRow struct {
	No      int    `json:"no"`
	Prize   int    `json:"prize"`
	To      string `json:"to"`
	Cents   int    `json:"cents,omitempty"`
	Goods   string `json:"goods,omitempty"`
	Payment string `json:"payment,omitempty"`
}

func payoutRowOf(p tournament.Payout) *payoutRow {
	return &payoutRow{No: p.No, Prize: p.Prize, To: p.To, Cents: p.Cents, Goods: p.Goods, Payment: string(p.Payment)}
}

func (r payoutRow) domain() tournament.Payout {
	return tournament.Payout{No: r.No, Prize: r.Prize, To: r.To, Cents: r.Cents, Goods: r.Goods, Payment: tournament.PayMethod(r.Payment)}
}

// Payouts lists the payouts of a tournament in the order recorded, the
// cancelled ones marked.
func (s *Store) Payouts(ctx context.Context, tournamentID int64) ([]tournament.Payout, error) {
	return payoutsIn(s.rdb.WithContext(ctx), tournamentID)
}

// payoutsIn folds the payout lines of the audit, in tx.
func payoutsIn(tx *gorm.DB, tournamentID int64) ([]tournament.Payout, error) {
	var rows []auditRow
	err := tx.Where("tournament_id = ? AND action IN ?", tournamentID, []Action{ActionPayout, ActionCancelPayout}).
		Order("id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: payouts of tournament %d: %w", tournamentID, err)
	}
	var out []tournament.Payout
	for _, r := range rows {
		row, err := payoutOf(r.Action, r.Before, r.After)
		if err != nil {
			return nil, fmt.Errorf("store: audit %d: %w", r.ID, err)
		}
		at := fromMillis(r.At)
		if r.Action == ActionPayout {
			p := row.domain()
			p.At, p.By = at, r.UserName
			out = append(out, p)
			continue
		}
		for i := range out {
			if out[i].No == row.No {
				out[i].Cancelled, out[i].CancelledAt, out[i].CancelledBy = true, at, r.UserName
			}
		}
	}
	return out, nil
}

// payoutOf reads the payout of a payout line (its after) or of a
// cancellation (its before).
func payoutOf(action Action, before, after string) (*payoutRow, error) {
	side := after
	if action == ActionCancelPayout {
		side = before
	}
	c, err := readChangeSet(side)
	if err == nil && c.Payout == nil {
		err = fmt.Errorf("no payout in %q", action)
	}
	return c.Payout, err
}

// RecordPayout records a prize handed out by actor, now: checked against
// the tournament's prizes and the payouts so far (tournament.CheckPayout)
// in the transaction that writes it, so two desks cannot hand out one
// prize twice. It returns the payout as recorded, with its number.
func (s *Store) RecordPayout(ctx context.Context, tournamentID int64, actor User, p tournament.Payout) (tournament.Payout, error) {
	err := s.writeTournament(ctx, tournamentID, func(tx *gorm.DB) error {
		rs, err := s.loadRows(tx, tournamentID)
		if err != nil {
			return err
		}
		t, err := rs.toDomain()
		if err != nil {
			return err
		}
		paid, err := payoutsIn(tx, tournamentID)
		if err != nil {
			return err
		}
		now := s.now()
		p.At, p.By = fromMillis(now), actor.Name
		if p, err = t.CheckPayout(paid, p); err != nil {
			return err
		}
		return writeAudit(tx, now, tournamentID, actor, ActionPayout, changeSet{}, changeSet{Payout: payoutRowOf(p)})
	})
	if err != nil {
		return tournament.Payout{}, err
	}
	return p, nil
}

// CancelPayout takes payout no back (tournament.CheckCancel): it stays
// listed, cancelled by actor, and its prize can be handed out again.
func (s *Store) CancelPayout(ctx context.Context, tournamentID int64, actor User, no int) (tournament.Payout, error) {
	var p tournament.Payout
	err := s.writeTournament(ctx, tournamentID, func(tx *gorm.DB) error {
		if _, err := s.loadRows(tx, tournamentID); err != nil { // ErrNotFound
			return err
		}
		paid, err := payoutsIn(tx, tournamentID)
		if err != nil {
			return err
		}
		if p, err = tournament.CheckCancel(paid, no); err != nil {
			return err
		}
		now := s.now()
		p.Cancelled, p.CancelledAt, p.CancelledBy = true, fromMillis(now), actor.Name
		return writeAudit(tx, now, tournamentID, actor, ActionCancelPayout, changeSet{Payout: payoutRowOf(p)}, changeSet{})
	})
	if err != nil {
		return tournament.Payout{}, err
	}
	return p, nil
}
