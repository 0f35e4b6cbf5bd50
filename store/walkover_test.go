package store_test

import (
	"path/filepath"
	"strings"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/store"
)

// A walkover (issue 9) is saved and read back, with its audit line; an
// older database gets the column, and its results read as played ones.
func TestWalkoverSaved(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s, reader := open(), open()
		tr := drawnTournament(t, s)
		tr, err := s.Update(ctx, tr.ID, admin, "walkover", func(tr *tournament.Tournament) error {
			m := tr.Current().Matches[0]
			return tr.SetResult(1, 1, m.Version, tournament.Result{Winner: m.B, Walkover: true})
		})
		if err != nil {
			t.Fatal(err)
		}
		mustLoadBoth(t, s, reader, tr)
		got, err := reader.Load(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m := got.Current().Matches[0]; !m.Walkover() || m.Winner() != m.B {
			t.Errorf("loaded %+v", m.Result)
		}
		entries, err := s.Audit(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(entries[0].After, `"walkover":true`) {
			t.Errorf("audit after %s", entries[0].After)
		}
	})
}

func TestMigrateWalkover(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "old.db")
	s := mustOpenPath(t, path)
	tr := drawnTournament(t, s)
	tr, err := s.Update(ctx, tr.ID, admin, "result", func(tr *tournament.Tournament) error {
		m := tr.Current().Matches[0]
		return tr.SetResult(1, 1, m.Version, tournament.Result{Winner: m.A, Bummerl: [2]int{2, 1}})
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db := rawDB(t, path)
	var version int
	if err := db.QueryRow(`SELECT version FROM schema_version`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`ALTER TABLE matches DROP COLUMN walkover`, `UPDATE schema_version SET version = version - 1`} {
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
	if m := got.Current().Matches[0]; m.Walkover() || m.Result.Bummerl != [2]int{2, 1} {
		t.Errorf("migrated: %+v", m.Result)
	}
}
