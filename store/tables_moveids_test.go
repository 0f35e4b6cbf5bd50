package store_test

import (
	"database/sql"
	"strings"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/store/storetest"
)

// A move id is unique per seat of a table (migration 11, issue 20): the
// player to move plays his card under the id his opponent's phone will
// send next, and the opponent's move with that id still counts, also on a
// database made before the step (its digital_moves held the id unique
// per table). A retry of either move still counts once.
func TestDigitalMoveIDsPerSeat(t *testing.T) {
	t.Parallel()
	storetest.EachBackend(t, func(t *testing.T, dsn string) {
		s := mustOpenPath(t, dsn)
		tr := drawnTournament(t, s)
		dt, err := s.StartTable(ctx, tr.ID, 1, firstPlayable(t, tr).No, admin, "ids", 1, seatTokens(1))
		if err != nil {
			t.Fatal(err)
		}
		// First dealer 1: seat 0 leads, and seat 1 may follow with any card
		// while the talon is open (S-7).
		follow := table.Move{Seat: 1, Kind: schnapsen.Play, Card: view(t, s, dt.ID, 1).Hand[0]}
		stolen := "s1-1-play-" + follow.Card.String() // the id seat 1's phone sends (views.MoveID)
		lead := view(t, s, dt.ID, 0).Legal[0]
		lead.ID, follow.ID = stolen, stolen
		if _, applied, err := s.PlayMove(ctx, dt.ID, lead, 0); !applied || err != nil {
			t.Fatalf("lead: %v %v", applied, err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		oldMoveIDs(t, dsn)
		s = mustOpenPath(t, dsn) // migrates
		if got := view(t, s, dt.ID, 0); got.Seq != 1 || got.Lead == nil || *got.Lead != lead.Card {
			t.Fatalf("after the migration: seq %d, lead %v", got.Seq, got.Lead)
		}
		if _, applied, err := s.PlayMove(ctx, dt.ID, follow, 1); !applied || err != nil {
			t.Fatalf("seat 1 blocked by seat 0's use of his id: %v %v", applied, err)
		}
		for _, again := range []table.Move{lead, follow} {
			if _, applied, err := s.PlayMove(ctx, dt.ID, again, 0); applied || err != nil {
				t.Fatalf("seat %d's retry: %v %v", again.Seat, applied, err)
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s = mustOpenPath(t, dsn) // the moves replay from the database
		if got := view(t, s, dt.ID, 1); got.Seq != 2 || got.Tricks[0]+got.Tricks[1] != 1 {
			t.Fatalf("replayed: seq %d, tricks %v", got.Seq, got.Tricks)
		}
	})
}

// oldMoveIDs turns dsn's database back to the schema before migration 11:
// digital_moves with its move ids unique per table, schema_version 10.
func oldMoveIDs(t *testing.T, dsn string) {
	t.Helper()
	var db *sql.DB
	steps := []string{
		`CREATE TABLE digital_moves_old (
			table_id INTEGER NOT NULL REFERENCES digital_tables(id) ON DELETE CASCADE,
			seq INTEGER NOT NULL, move_id TEXT NOT NULL, seat INTEGER NOT NULL, kind INTEGER NOT NULL,
			card INTEGER NOT NULL, suit INTEGER NOT NULL, resign TEXT NOT NULL, at INTEGER NOT NULL,
			PRIMARY KEY (table_id, seq), UNIQUE (table_id, move_id))`,
		`INSERT INTO digital_moves_old SELECT * FROM digital_moves`,
		`DROP TABLE digital_moves`,
		`ALTER TABLE digital_moves_old RENAME TO digital_moves`,
	}
	if strings.HasPrefix(dsn, "postgres") {
		var err error
		if db, err = sql.Open("pgx", dsn); err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		steps = []string{
			`ALTER TABLE digital_moves DROP CONSTRAINT IF EXISTS digital_moves_seat_move_id`,
			`ALTER TABLE digital_moves DROP CONSTRAINT IF EXISTS digital_moves_table_id_move_id_key`,
			`ALTER TABLE digital_moves ADD CONSTRAINT digital_moves_table_id_move_id_key UNIQUE (table_id, move_id)`,
		}
	} else {
		db = rawDB(t, dsn)
		defer db.Close()
	}
	for _, q := range append(steps, `UPDATE schema_version SET version = 10`) {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}
