package web

import (
	"context"

	"bummerl/domain/tournament"
	"bummerl/store"
)

// The app's writes, each once (issue 21). A page and its API twin parse
// their own input (a form, JSON) and check it, call the one use case here,
// and answer in their own way (a redirect or a fragment, JSON). A use case
// is one store.Update — one transaction, one audit row under its
// store.Action — and returns the tournament as saved with what the write
// made, or the refusal unchanged, which each caller shows its way.

// actions are the use cases; server.act holds them.
type actions struct {
	store *store.Store
}

// saleInput is a sale (P-1): to the existing player buyer.ID, or to a new
// player with buyer's details.
type saleInput struct {
	buyer tournament.Player
	count int
	// namesake: the new buyer is named like a player already there and
	// is a different person, told apart by note (docs/tournament.md).
	namesake bool
	note     string
	payment  tournament.PayMethod
}

// sell adds the buyer when new and sells him cards paid by in.payment.
func (a actions) sell(ctx context.Context, id int64, actor store.User, in saleInput) (t *tournament.Tournament, buyer tournament.PlayerID, sold []tournament.CardNo, err error) {
	t, err = a.store.Update(ctx, id, actor, store.ActionSell, func(t *tournament.Tournament) (err error) {
		if in.namesake {
			buyer, sold, err = t.SellToNamesake(in.buyer, in.note, in.count)
		} else {
			buyer, sold, err = t.SellTo(in.buyer, in.count)
		}
		if err != nil {
			return err
		}
		return t.PayWith(sold, in.payment)
	})
	return t, buyer, sold, err
}

// cancelSale takes card no back before the draw.
func (a actions) cancelSale(ctx context.Context, id int64, actor store.User, no tournament.CardNo) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionCancelSale, func(t *tournament.Tournament) error {
		return t.CancelSale(no)
	})
}
