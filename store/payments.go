package store

import (
	"context"
	"fmt"
	"slices"

	"gorm.io/gorm"

	"bummerl/domain/tournament"
)

// addPayments is SQLite's step 7, the money of a card (issue 9): how it
// was paid and its price. Like addWalkover it adds what is missing, so it
// can run again.
func addPayments(tx *gorm.DB) error {
	return addMissingColumns(tx, "cards", []column{
		{"payment", "TEXT NOT NULL DEFAULT ''"},
		{"price_cents", "INTEGER NOT NULL DEFAULT 0"},
	})
}

// Sale is a sale or a refund as the takings count it, read from the
// audit: an ActionSell's new cards, an ActionCancelSale's card.
type Sale = tournament.Sale

// Sales lists the sales and refunds of a tournament, oldest first.
func (s *Store) Sales(ctx context.Context, tournamentID int64) ([]Sale, error) {
	var rows []auditRow
	err := s.rdb.WithContext(ctx).Where("tournament_id = ? AND action IN ?", tournamentID, []Action{ActionSell, ActionCancelSale}).
		Order("id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: sales of tournament %d: %w", tournamentID, err)
	}
	var out []Sale
	for _, r := range rows {
		before, err := readChangeSet(r.Before)
		if err != nil {
			return nil, fmt.Errorf("store: audit %d: %w", r.ID, err)
		}
		after, err := readChangeSet(r.After)
		if err != nil {
			return nil, fmt.Errorf("store: audit %d: %w", r.ID, err)
		}
		at := fromMillis(r.At)
		if r.Action == ActionCancelSale {
			// The cards that are gone: in before, not in after.
			for _, c := range before.Cards {
				if !slices.ContainsFunc(after.Cards, func(a cardRow) bool { return a.No == c.No && a.Sale == c.Sale }) {
					out = append(out, Sale{At: at, By: r.UserName, Refund: true, Cards: 1, Payment: c.Payment, PriceCents: c.PriceCents, Sequence: c.Sale})
				}
			}
			continue
		}
		// A sale: the cards whose sale sequence is new (a renumbering
		// elsewhere would list old cards as changed).
		old := map[int]bool{}
		for _, c := range before.Cards {
			old[c.Sale] = true
		}
		for _, c := range after.Cards {
			if !old[c.Sale] {
				out = append(out, Sale{At: at, By: r.UserName, Cards: 1, Payment: c.Payment, PriceCents: c.PriceCents, Sequence: c.Sale})
			}
		}
	}
	return out, nil
}
