package store_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bummerl/domain/tournament"
	"bummerl/store"
)

// drawnTournament is a tournament of 8 sold cards with round 1 drawn.
func drawnTournament(t *testing.T, s *store.Store) *tournament.Tournament {
	t.Helper()
	created := mustCreate(t, s, settings(8))
	tr, err := s.Update(ctx, created.ID, admin, "sell", func(tr *tournament.Tournament) error {
		for i := range 8 {
			if _, _, err := tr.SellTo(tournament.Player{Name: "Spieler " + string(rune('A'+i))}, 1); err != nil {
				return err
			}
		}
		groups, err := tr.NextDraw()
		if err != nil {
			return err
		}
		d := tournament.Draw{Method: tournament.Physical}
		for _, g := range groups {
			gt := tournament.GroupTickets{Bracket: g.Bracket}
			i := 0
			for _, e := range g.Entrants {
				for _, c := range e.Cards {
					pot, no := tournament.Left, i+1
					if i >= g.PotSize {
						pot, no = tournament.Right, i-g.PotSize+1
					}
					gt.Tickets = append(gt.Tickets, tournament.Ticket{Card: c, Pot: pot, Number: no})
					i++
				}
			}
			d.Groups = append(d.Groups, gt)
		}
		return tr.ApplyDraw(d)
	})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// The number of tables, the time a match was called and the time of its
// result are saved, each change with its audit line.
func TestTablesSaved(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s, reader := open(), open()
		tr := drawnTournament(t, s)
		at := time.Date(2026, 3, 1, 19, 30, 0, 0, time.UTC)
		steps := []struct {
			action store.Action
			fn     func(*tournament.Tournament) error
			audit  string // in the audit's after
		}{
			{"set tables", func(tr *tournament.Tournament) error { return tr.SetTables(3) }, `"tables":3`},
			{"call match", func(tr *tournament.Tournament) error { _, err := tr.CallNext(at); return err }, `"called_at":1772393400000`},
			{"result", func(tr *tournament.Tournament) error {
				m := tr.Current().Matches[0]
				return tr.SetResult(1, 1, m.Version, tournament.Result{Winner: m.A, Bummerl: [2]int{2, 0}, At: at.Add(time.Hour)})
			}, `"result_at":1772397000000`},
		}
		for _, st := range steps {
			var err error
			tr, err = s.Update(ctx, tr.ID, admin, st.action, st.fn)
			if err != nil {
				t.Fatalf("%s: %v", st.action, err)
			}
			mustLoadBoth(t, s, reader, tr)
			entries, err := s.Audit(ctx, tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			if e := entries[0]; e.Action != st.action || !strings.Contains(e.After, st.audit) {
				t.Errorf("audit %q after %s, want %s", e.Action, e.After, st.audit)
			}
		}
		m := tr.Current().Matches[0]
		if tr.Tables != 3 || !m.Called.Equal(at) || !m.Result.At.Equal(at.Add(time.Hour)) || m.Table != 1 {
			t.Errorf("tables %d, match %+v", tr.Tables, m)
		}
	})
}

// A database of the first schema gets the columns of the tables; what it
// held reads as before, with no number of tables and no times known.
func TestMigrateTables(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tr := drawnTournament(t, s)
	tr, err = s.Update(ctx, tr.ID, admin, "start match", func(tr *tournament.Tournament) error {
		return tr.StartMatch(1, 2, 7, tr.Current().Matches[1].Version)
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db := rawDB(t, path)
	for _, q := range []string{
		`ALTER TABLE tournaments DROP COLUMN tables`,
		`ALTER TABLE matches DROP COLUMN called_at`,
		`ALTER TABLE matches DROP COLUMN result_at`,
		`DROP INDEX users_name_key`, // migration 3
		`ALTER TABLE users DROP COLUMN name_key`,
		`UPDATE schema_version SET version = 1`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s = mustOpenPath(t, path)
	got, err := s.Load(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	mustEqual(t, got, tr)
	if m := got.Current().Matches[1]; got.Tables != 0 || !m.Started || m.Table != 7 || !m.Called.IsZero() {
		t.Errorf("migrated: tables %d, match %+v", got.Tables, m)
	}
}
