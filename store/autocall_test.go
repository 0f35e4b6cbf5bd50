package store_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// Issue 23: a digital table's match decided on the phones frees its table,
// and with automatic calling the next match is called to it in the same
// transaction: one audit line, "table result", with both matches.
func TestDigitalTableResultCallsNext(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tr := drawnTournament(t, s)
		mt := firstPlayable(t, tr)
		tr, err := s.Update(ctx, tr.ID, admin, store.ActionSetTables, func(t *tournament.Tournament) error {
			t.Settings.AutoCall = true
			if err := t.SetTables(1); err != nil {
				return err
			}
			_, err := t.CallFree(1, mt.No, mt.Version, time.Date(2026, 3, 1, 19, 30, 0, 0, time.UTC))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		dt, err := s.StartTable(ctx, tr.ID, 1, mt.No, admin, "autocall", 0, seatTokens(1))
		if err != nil {
			t.Fatal(err)
		}
		before, _ := s.Audit(ctx, tr.ID)
		if _, _, err := s.PlayMove(ctx, dt.ID, table.Move{ID: "x", Seat: 1, Resign: table.ResignMatch}, -1); err != nil {
			t.Fatal(err)
		}
		loaded, err := s.Load(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		next := loaded.Board().Busy
		if len(next) != 1 || next[0].Table != 1 || next[0].Match.CalledAfter != mt.No || next[0].Match.Called.IsZero() {
			t.Fatalf("table 1 after the digital result: %+v", next)
		}
		audit, _ := s.Audit(ctx, tr.ID)
		if len(audit) != len(before)+1 || audit[0].Action != store.ActionTableResult {
			t.Fatalf("%d audit lines after the move (before %d), newest %q", len(audit), len(before), audit[0].Action)
		}
		ch, err := audit[0].Change()
		if err != nil {
			t.Fatal(err)
		}
		if len(ch.After.Matches) != 2 || ch.After.Matches[1].CalledAfter != mt.No || ch.After.Matches[1].Table != 1 {
			t.Fatalf("audit of the table result: %+v", ch.After.Matches)
		}
	})
}

// A document before version 4 knows no automatic calling: one that holds
// it is damaged; the same as version 4 imports.
func TestImportAutoCallNeedsVersion4(t *testing.T) {
	t.Parallel()
	s := mustOpenPath(t, filepath.Join(t.TempDir(), "laptop.db"))
	tr := drawnTournament(t, s)
	at := time.Date(2026, 3, 1, 19, 30, 0, 0, time.UTC)
	if _, err := s.Update(ctx, tr.ID, admin, store.ActionSettings, func(t *tournament.Tournament) error {
		t.Settings.AutoCall = true
		if err := t.SetTables(1); err != nil {
			return err
		}
		m, err := t.CallNext(at)
		if err != nil {
			return err
		}
		r := m.ScoredResult(m.A, 2, 1)
		r.At = at
		called, err := t.RecordResult(1, m.No, m.Version, r)
		if err == nil && len(called) != 1 {
			err = fmt.Errorf("called %v", called)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	doc, err := s.ExportTournament(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	server := mustOpenPath(t, filepath.Join(t.TempDir(), "server.db"))
	old := doc
	old.Version = 3
	if _, err := server.ImportTournament(ctx, admin, old, store.PersonChoices{}); !errors.Is(err, store.ErrBadDocument) {
		t.Fatalf("automatic calling in version 3: %v", err)
	}
	got, err := server.ImportTournament(ctx, admin, doc, store.PersonChoices{})
	if err != nil {
		t.Fatalf("version %d: %v", doc.Version, err)
	}
	if b := got.Board(); !got.Settings.AutoCall || len(b.Busy) != 1 || b.Busy[0].Match.CalledAfter == 0 {
		t.Fatalf("imported: auto call %v, busy %+v", got.Settings.AutoCall, b.Busy)
	}
}
