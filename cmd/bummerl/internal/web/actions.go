package web

import (
	"context"
	"io"
	"net/http"

	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// The writes that a page and the API both make, each once (issue 21). The
// page and its API twin parse their own input (a form, JSON) and check it,
// call the one use case here, and answer in their own way (a redirect or a
// fragment, JSON). A use case is one store.Update — one transaction, one
// audit row under its store.Action — and returns the tournament as saved
// with what the write made, or the refusal unchanged, which each caller
// shows its way. Creating and importing a tournament are one store call
// each, which both call directly; a write only a page makes (clearing a
// result, a table by hand, the digital tables, accounts) stays with it.

// actions are the use cases; server.act holds them.
type actions struct {
	store *store.Store
	rand  io.Reader // draw seeds (Config.Rand)
}

// refusal is a use case's own refusal, not the domain's. A use case knows
// no request, so the message (key, args in the views' catalogue) is
// worded in the request's language where it is shown (explain).
type refusal struct {
	status      int
	code, field string
	key         string
	args        []any
}

func (r *refusal) Error() string { return r.code }

// saleInput is a sale (P-1): to the existing player buyer.ID, or to a new
// player with buyer's details.
type saleInput struct {
	buyer tournament.Player
	count int
	// numbers are the pre-printed cards handed out, nil for the lowest
	// free ones (docs/print.md).
	numbers []tournament.CardNo
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
			buyer, sold, err = t.SellToNamesake(in.buyer, in.note, in.count, in.numbers...)
		} else {
			buyer, sold, err = t.SellTo(in.buyer, in.count, in.numbers...)
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

// announceDraw makes a secret seed for the next digital draw and publishes
// its commitment (P-4). Announcing again replaces the seed.
func (a actions) announceDraw(ctx context.Context, id int64, actor store.User) (commitment string, err error) {
	seed, err := draw.NewSeed(a.rand)
	if err != nil {
		return "", err
	}
	commitment = draw.Commit(seed)
	_, err = a.store.Update(ctx, id, actor, store.ActionAnnounceDraw, func(t *tournament.Tournament) error {
		return t.Announce(tournament.Commitment{Seed: seed, Commitment: commitment})
	})
	return commitment, err
}

// drawAnnounced performs the announced digital draw, revealing its seed.
// seen is the commitment the user saw: a draw announced anew meanwhile is
// refused, not performed unseen (P-4).
func (a actions) drawAnnounced(ctx context.Context, id int64, actor store.User, seen string) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionDraw, func(t *tournament.Tournament) error {
		if t.Pending != nil && t.Pending.Commitment != seen {
			return &refusal{http.StatusConflict, "commitment_changed", "commitment", "draw.commitment_changed", nil}
		}
		return drawDigital(t)
	})
}

// drawPhysical records a draw made with real pots: per group of the next
// draw, the entries in the order the players came (draw.Physical checks
// them against the groups as they are in the transaction).
func (a actions) drawPhysical(ctx context.Context, id int64, actor store.User, entries [][]draw.PhysicalEntry) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionPhysicalDraw, func(t *tournament.Tournament) error {
		groups, err := t.NextDraw()
		if err != nil {
			return err
		}
		d, err := draw.Physical(groups, entries)
		if err != nil {
			return err
		}
		return t.ApplyDraw(d)
	})
}

// undoDraw removes round, which must be the latest and have no played
// match: the round the user saw, so one drawn meanwhile by somebody else
// is not undone by mistake.
func (a actions) undoDraw(ctx context.Context, id int64, actor store.User, round int) error {
	_, err := a.store.Update(ctx, id, actor, store.ActionUndoDraw, func(t *tournament.Tournament) error {
		if round != len(t.Rounds) {
			return &refusal{http.StatusConflict, "not_latest_round", "round", "draw.undo_not_latest", []any{round, len(t.Rounds)}}
		}
		return t.UndoDraw()
	})
	return err
}

// enterLate enters a player after round 1 of a Swiss tournament (SW-15):
// a new player with one card, paired from the next round. The audit calls
// it a sale, so the takings count its price.
func (a actions) enterLate(ctx context.Context, id int64, actor store.User, p tournament.Player) (t *tournament.Tournament, player tournament.PlayerID, card tournament.CardNo, err error) {
	t, err = a.store.Update(ctx, id, actor, store.ActionSell, func(t *tournament.Tournament) (err error) {
		player, card, err = t.EnterLate(p)
		return err
	})
	return t, player, card, err
}

// setSeeds sets the seed list for round 1 of a Swiss tournament, best
// first; an empty list removes it (SW-4).
func (a actions) setSeeds(ctx context.Context, id int64, actor store.User, seeds []tournament.CardNo) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionSeeds, func(t *tournament.Tournament) error {
		return t.SetSwissSeeds(seeds)
	})
}

// cardChange is a use case that changes one card of a Swiss tournament:
// withdraw or reinstate.
type cardChange func(ctx context.Context, id int64, actor store.User, no tournament.CardNo) (*tournament.Tournament, error)

// withdraw withdraws card no's player (SW-16).
func (a actions) withdraw(ctx context.Context, id int64, actor store.User, no tournament.CardNo) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionWithdraw, func(t *tournament.Tournament) error {
		return t.Withdraw(no)
	})
}

// reinstate takes card no's withdrawal back (SW-16).
func (a actions) reinstate(ctx context.Context, id int64, actor store.User, no tournament.CardNo) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionReinstate, func(t *tournament.Tournament) error {
		return t.Reinstate(no)
	})
}

// endSwiss ends a Swiss tournament after its complete latest round, the
// round the user saw (SW-2, SW-7).
func (a actions) endSwiss(ctx context.Context, id int64, actor store.User, round int) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionEnd, func(t *tournament.Tournament) error {
		return t.EndSwiss(round)
	})
}

// changeSettings replaces the settings (P-9). After the draw the rules
// are locked: with keepRules (the settings form, which then sends the
// event and automatic calling alone) the saved rules stay and only those
// change; without, the domain refuses a change of them.
func (a actions) changeSettings(ctx context.Context, id int64, actor store.User, set tournament.Settings, keepRules bool) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionSettings, func(t *tournament.Tournament) error {
		if keepRules && len(t.Rounds) > 0 {
			ev, auto := set.Event, set.AutoCall
			set = t.Settings
			set.Event, set.AutoCall = ev, auto
		}
		return t.ChangeSettings(set)
	})
}

// resize makes the tournament smaller when too few cards are sold (P-2):
// cards above the new N get the lowest free numbers, prizes beyond it are
// dropped.
func (a actions) resize(ctx context.Context, id int64, actor store.User, cards int) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionResize, func(t *tournament.Tournament) error {
		return t.Resize(cards)
	})
}

// callInput is a call of matches of the latest round: the waiting match
// (version as seen) to a free table, or else the next one that can play
// (P-5); with all, as many as there are free tables.
type callInput struct {
	match, version int
	all            bool
}

// callMatches calls matches in one transaction and returns those called.
func (a actions) callMatches(ctx context.Context, id int64, actor store.User, in callInput) (t *tournament.Tournament, called []tournament.Match, err error) {
	action := store.ActionCallMatch
	if in.all {
		action = store.ActionCallMatches
	}
	now := a.store.Now()
	t, err = a.store.Update(ctx, id, actor, action, func(t *tournament.Tournament) error {
		called = called[:0] // a retried transaction starts again
		if in.match != 0 {
			m, err := t.CallFree(len(t.Rounds), in.match, in.version, now)
			called = append(called, m)
			return err
		}
		for {
			m, err := t.CallNext(now)
			if err != nil {
				if len(called) > 0 { // no more free tables or callable matches: done
					return nil
				}
				return err
			}
			called = append(called, m)
			if !in.all {
				return nil
			}
		}
	})
	return t, called, err
}

// startMatch marks match ref as being played at table; version is the
// match's as seen, so a second helper starting it meanwhile is told.
func (a actions) startMatch(ctx context.Context, ref matchRef, actor store.User, table, version int) (*tournament.Tournament, error) {
	return a.store.Update(ctx, ref.id, actor, store.ActionStartMatch, func(t *tournament.Tournament) error {
		return t.CallMatch(ref.round, ref.match, table, version, a.store.Now())
	})
}

// releaseMatch sends called match ref back to the waiting ones.
func (a actions) releaseMatch(ctx context.Context, ref matchRef, actor store.User, version int) (*tournament.Tournament, error) {
	return a.store.Update(ctx, ref.id, actor, store.ActionReleaseMatch, func(t *tournament.Tournament) error {
		return t.ReleaseMatch(ref.round, ref.match, version)
	})
}

// setTables sets the number of tables in the hall (0 unsets it).
func (a actions) setTables(ctx context.Context, id int64, actor store.User, n int) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionSetTables, func(t *tournament.Tournament) error {
		return t.SetTables(n)
	})
}

// resultInput is a match result to save; version is the match's as seen,
// so a result saved meanwhile by somebody else is not overwritten unseen.
type resultInput struct {
	version int
	result  tournament.Result // its time is the saving's
	// winnerFirst: result.Bummerl is the winner's score first ("2:1"), as
	// the pages take it, and goes into the match's seats when saved.
	winnerFirst bool
}

// recordResult saves or corrects the result of match ref; the domain
// checks the winner, the score (B-3) or the sheet (B-4), and the version.
// With automatic calling the table it frees gets the next match in the
// same transaction (issue 23; the matches it called name it, CalledAfter).
// The audit names it action: a result, or a score sheet typed on its page.
func (a actions) recordResult(ctx context.Context, ref matchRef, actor store.User, action store.Action, in resultInput) (*tournament.Tournament, error) {
	return a.store.Update(ctx, ref.id, actor, action, func(t *tournament.Tournament) error {
		r := in.result
		if in.winnerFirst {
			var m tournament.Match // none: SetResult names the round or match that does not exist
			if ref.round >= 1 && ref.round <= len(t.Rounds) {
				m, _ = t.Rounds[ref.round-1].Match(ref.match)
			}
			seated := m.ScoredResult(r.Winner, r.Bummerl[0], r.Bummerl[1])
			r.Winner, r.Bummerl = seated.Winner, seated.Bummerl
		}
		r.At = a.store.Now()
		_, err := t.RecordResult(ref.round, ref.match, in.version, r)
		return err
	})
}

// playerPatch is a correction of a player's details, the API's body too;
// a field left out stays as it is.
type playerPatch struct {
	Name  *string `json:"name"`
	Club  *string `json:"club"`
	Phone *string `json:"phone"`
}

// editPlayer corrects player pid's details, before or after the draw: the
// cards stay his, so every list shows the new name at once.
func (a actions) editPlayer(ctx context.Context, id int64, actor store.User, pid tournament.PlayerID, in playerPatch) (*tournament.Tournament, error) {
	return a.store.Update(ctx, id, actor, store.ActionEditPlayer, func(t *tournament.Tournament) error {
		p, ok := t.Player(pid)
		if !ok {
			p.ID = pid // EditPlayer refuses it with the number asked for
		}
		if in.Name != nil {
			p.Name = *in.Name
		}
		if in.Club != nil {
			p.Club = *in.Club
		}
		if in.Phone != nil {
			p.Phone = *in.Phone
		}
		return t.EditPlayer(p)
	})
}
