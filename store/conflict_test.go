package store

import (
	"context"
	"path/filepath"
	"testing"

	"gorm.io/gorm"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
)

// TestRevisionCheck: a save over rows that another writer changed after
// they were loaded is refused, even though IMMEDIATE transactions make
// that impossible through Update itself.
func TestRevisionCheck(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "bummerl.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	tour, err := s.Create(ctx, User{Name: "x"}, tournament.Settings{Name: "T", Cards: 8, MaxCards: 1, Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2, Prizes: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	err = s.write(ctx, func(tx *gorm.DB) error {
		old, err := s.loadRows(tx, tour.ID)
		if err != nil {
			return err
		}
		if err := tx.Exec("UPDATE tournaments SET revision = revision + 1").Error; err != nil {
			return err
		}
		cur := *old
		cur.t.Name = "changed"
		return s.save(tx, old, &cur, User{}, "stale")
	})
	if err != ErrConflict {
		t.Fatalf("got %v, want ErrConflict", err)
	}
}
