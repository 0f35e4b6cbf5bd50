package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// bumpRevision makes a writer outside the store change tournament id
// between the store's load and its save: the save must see a conflict.
func bumpRevision(id int64) func(exec func(string) error) {
	return func(exec func(string) error) {
		if err := exec(fmt.Sprintf("UPDATE tournaments SET revision = revision + 1 WHERE id = %d", id)); err != nil {
			panic(err)
		}
	}
}

// An Update whose domain step succeeded but whose transaction fails (the
// context cancelled, a conflicting revision) writes nothing and tells the
// live pages nothing: they would fetch a revision that never existed.
func TestHubSilentOnFailedUpdate(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		id := mustCreate(t, s, settings(8)).ID
		ch, unsubscribe := s.Subscribe(id)
		defer unsubscribe()
		renameTo := func(c context.Context, cancel func()) error {
			_, err := s.Update(c, id, admin, "rename", func(t *tournament.Tournament) error {
				t.Settings.Name = "nie gespeichert"
				cancel()
				return nil
			})
			return err
		}

		c, cancel := context.WithCancel(ctx)
		if err := renameTo(c, cancel); err == nil {
			t.Fatal("cancelled update saved")
		}
		none(t, ch)

		store.BeforeWrite(s, "tournaments", bumpRevision(id))
		if err := renameTo(ctx, func() {}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("conflicting update: %v, want ErrConflict", err)
		}
		none(t, ch)

		if got, err := open().Load(ctx, id); err != nil || got.Settings.Name != settings(8).Name {
			t.Fatalf("after failed updates: %v %v", got.Settings.Name, err)
		}
		rename(t, s, id, "Zweiter Name") // the hub still works: revision 2 is the next
		if rev := next(t, ch); rev != 2 {
			t.Errorf("published %d, want 2", rev)
		}
	})
}

// The same for a digital table's move: a move whose transaction fails
// after the match applied it publishes neither the table's state nor,
// for a deciding move, the tournament's revision.
func TestHubSilentOnFailedMove(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tr := drawnTournament(t, s)
		mt := firstPlayable(t, tr)
		dt, err := s.StartTable(ctx, tr.ID, 1, mt.No, admin, "rollback", 0, seatTokens(1))
		if err != nil {
			t.Fatal(err)
		}
		tourCh, unsubTour := s.Subscribe(tr.ID)
		defer unsubTour()
		tableCh, unsubTable := s.SubscribeTable(dt.ID)
		defer unsubTable()
		v := view(t, s, dt.ID, 0)
		mv := view(t, s, dt.ID, v.ToMove).Legal[0]
		mv.ID = "first"
		resign := table.Move{ID: "resign", Seat: 1, Resign: table.ResignMatch} // decides the match
		silent := func(what string, err error) {
			t.Helper()
			if err == nil {
				t.Fatalf("%s: saved", what)
			}
			none(t, tableCh)
			none(t, tourCh)
			got, terr := open().Table(ctx, dt.ID)
			if terr != nil || got.Seq != 0 || got.State != store.TablePlaying || got.Recorded {
				t.Fatalf("%s: table after the failed move %+v %v", what, got, terr)
			}
		}

		c, cancel := context.WithCancel(ctx)
		store.BeforeWrite(s, "digital_moves", func(func(string) error) { cancel() })
		_, _, err = s.PlayMove(c, dt.ID, mv, -1)
		silent("cancelled move", err)

		store.BeforeWrite(s, "digital_tables", func(exec func(string) error) {
			if err := exec(fmt.Sprintf("UPDATE digital_tables SET seq = seq + 1 WHERE id = %d", dt.ID)); err != nil {
				panic(err)
			}
		})
		_, _, err = s.PlayMove(ctx, dt.ID, mv, -1)
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("conflicting move: %v, want ErrConflict", err)
		}
		silent("conflicting move", err)

		store.BeforeWrite(s, "tournaments", bumpRevision(tr.ID))
		_, _, err = s.PlayMove(ctx, dt.ID, resign, -1)
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("deciding move, conflicting result: %v, want ErrConflict", err)
		}
		silent("deciding move", err)
		if got, _ := open().Load(ctx, tr.ID); got.Rounds[0].Matches[mt.No-1].Result != nil {
			t.Fatal("the failed deciding move recorded a result")
		}

		// Nothing in the way: the same move commits and tells both.
		if _, applied, err := s.PlayMove(ctx, dt.ID, resign, -1); err != nil || !applied {
			t.Fatalf("deciding move: %v %v", applied, err)
		}
		next(t, tableCh)
		next(t, tourCh)
	})
}
