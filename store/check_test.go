package store_test

import (
	"database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3" // the raw connection that damages the file

	"bummerl/domain/tournament"
)

// checkedDB writes a tournament with 60 players and cards to a new file
// and closes it (the WAL checkpointed into the file); it returns the path.
func checkedDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bummerl.db")
	s := mustOpenPath(t, path)
	id := mustCreate(t, s, settings(64)).ID
	if _, err := s.Update(ctx, id, admin, "fill", func(tt *tournament.Tournament) error {
		for n := 1; n <= 60; n++ {
			tt.Players = append(tt.Players, tournament.Player{ID: tournament.PlayerID(n), Name: fmt.Sprintf("p%d", n)})
			tt.Cards = append(tt.Cards, tournament.Card{No: tournament.CardNo(n), Player: tournament.PlayerID(n), Sale: n})
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatalf("sound database: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// rawDB opens the file without the store: foreign keys off, as any other
// SQLite tool would.
func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	db, err := sql.Open("sqlite3", "file:"+esc+"?_foreign_keys=off")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestCheckFindsBrokenReference: a card of a player who does not exist,
// written with foreign keys off, is reported by Check.
func TestCheckFindsBrokenReference(t *testing.T) {
	t.Parallel()
	path := checkedDB(t)
	db := rawDB(t, path)
	if _, err := db.Exec(`INSERT INTO cards (tournament_id, no, player_id, sale) VALUES (1, 61, 999, 61)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	err := mustOpenPath(t, path).Check(ctx)
	if err == nil || !strings.Contains(err.Error(), "foreign key") || !strings.Contains(err.Error(), "cards") {
		t.Fatalf("Check on a card of no player: %v, want a foreign key error naming cards", err)
	}
}

// TestCheckFindsCorruptPage: bytes overwritten in a page of an index (as a
// failing disk or a half-copied file would leave them) are reported by
// Check, although the store still opens the file.
func TestCheckFindsCorruptPage(t *testing.T) {
	t.Parallel()
	path := checkedDB(t)
	db := rawDB(t, path)
	var root int64
	if err := db.QueryRow(`SELECT rootpage FROM sqlite_master WHERE name = 'cards_player'`).Scan(&root); err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pageSize := int64(binary.BigEndian.Uint16(b[16:18])) // the header's page size (SQLite file format §1.3)
	if pageSize == 1 {
		pageSize = 65536
	}
	// The cells of a page lie at its end: garble the last ones.
	end := root * pageSize
	if end > int64(len(b)) {
		t.Fatalf("index root page %d beyond the file (%d bytes)", root, len(b))
	}
	for i := end - 16; i < end; i++ {
		b[i] ^= 0x55
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	err = mustOpenPath(t, path).Check(ctx)
	if err == nil || !strings.Contains(err.Error(), "integrity check") || !strings.Contains(err.Error(), "cards_player") {
		t.Fatalf("Check on a garbled index page: %v, want an integrity error naming cards_player", err)
	}
}
