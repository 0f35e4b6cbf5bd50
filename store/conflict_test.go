package store

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store/storetest"
)

// TestRevisionCheck: a save over rows that another writer changed after
// they were loaded is refused, even though IMMEDIATE transactions make
// that impossible through Update itself (on PostgreSQL: the lock of the
// tournament's row).
func TestRevisionCheck(t *testing.T) {
	t.Parallel()
	storetest.EachBackend(t, revisionCheck)
}

func revisionCheck(t *testing.T, dsn string) {
	s, err := Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	tour, err := s.Create(ctx, User{Name: "x"}, tournament.Settings{Name: "T", Cards: 8, MaxCards: 1, Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2, Prizes: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	err = s.writeTournament(ctx, tour.ID, func(tx *gorm.DB) error {
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

// TestUniqueViolation: a duplicate key is told apart from other errors
// on both databases (isUniqueViolation maps it to ErrUserExists).
func TestUniqueViolation(t *testing.T) {
	t.Parallel()
	storetest.EachBackend(t, func(t *testing.T, dsn string) {
		s, err := Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		row := userRow{Name: "Anna", NameKey: "anna", Role: "helper", PasswordHash: "x"}
		if err := s.db.Create(&row).Error; err != nil {
			t.Fatal(err)
		}
		twin := userRow{Name: "ANNA", NameKey: "anna", Role: "helper", PasswordHash: "x"}
		if err := s.db.Create(&twin).Error; !isUniqueViolation(err) {
			t.Errorf("same name key: %v is not a unique violation", err)
		}
		session := sessionRow{TokenHash: "h", UserID: 999} // no such user
		if err := s.db.Create(&session).Error; err == nil || isUniqueViolation(err) {
			t.Errorf("foreign key: %v", err)
		}
	})
}
