package store_test

import (
	"path/filepath"
	"testing"
	"time"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/store/storetest"
)

// TestCacheFileReplaced is the case the row cache's update-time tag is for:
// the database under a running store is replaced (a backup restored with
// SQLite's backup API) by one whose tournament reached the same revision
// through other actions. Load and Update must read the new file, not the
// rows the store cached for the old one.
func TestCacheFileReplaced(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path, other := filepath.Join(dir, "bummerl.db"), filepath.Join(dir, "other.db")
	fill := func(s *store.Store, at time.Time, name string) {
		t.Helper()
		s.Now = func() time.Time { return at }
		id := mustCreate(t, s, settings(8)).ID
		if _, err := s.Update(ctx, id, admin, "sell", func(tt *tournament.Tournament) error {
			tt.Players = append(tt.Players, tournament.Player{ID: 1, Name: name})
			tt.Cards = append(tt.Cards, tournament.Card{No: 1, Player: 1, Sale: 1})
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	s := mustOpenPath(t, path)
	fill(s, time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC), "Anna") // cached at revision 2
	o, err := store.Open(other)
	if err != nil {
		t.Fatal(err)
	}
	fill(o, time.Date(2026, 3, 1, 18, 5, 0, 0, time.UTC), "Berta") // revision 2 as well
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	storetest.RestoreSQLite(t, other, path)

	got, err := s.Load(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Players) != 1 || got.Players[0].Name != "Berta" {
		t.Fatalf("load after the file was replaced: players %+v, want Berta of the new file", got.Players)
	}
	s.Now = time.Now
	got, err = s.Update(ctx, 1, admin, "rename", func(tt *tournament.Tournament) error {
		tt.Players[0].Name += " Huber"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.Players[0].Name != "Berta Huber" {
		t.Fatalf("update after the file was replaced: player %q, want Berta Huber", got.Players[0].Name)
	}
}
