package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// migration is one step of the schema, in the words of each database.
// Both run the same steps with the same numbers, so schema_version means
// the same on SQLite and on PostgreSQL. A step is Go: execSQL for plain
// SQL, or a function for what SQL cannot do (Unicode folding) or for a
// step that must be able to run again (addMissingColumns).
type migration struct {
	sqlite func(tx *gorm.DB) error
	// postgres is nil for the steps 2 … 8: PostgreSQL came later, and its
	// step 1 (postgresSchema) creates the schema as those steps left it.
	// A step appended from now on has both.
	postgres func(tx *gorm.DB) error
}

// migrations are applied in order; schema_version holds how many ran.
// Never edit a released step: append a new one with both forms. The
// schema is written by hand rather than by AutoMigrate because it needs
// composite keys and composite foreign keys with ON DELETE CASCADE.
//
// Times are INTEGER (BIGINT) milliseconds since 1970 UTC. JSON columns are
// TEXT.
var migrations = []migration{
	// 1: users, sessions, API tokens, tournaments and their parts, audit.
	// PostgreSQL: everything up to step 8 (schema_postgres.go).
	{sqlite: execSQL(sqliteSchema1), postgres: execSQL(postgresSchema)},
	// 2: tables in the hall and the call board (issue 8): the number of
	// tables (0: not set), when a match was called to its table and when
	// its result was entered (0: not known).
	{sqlite: execSQL(`ALTER TABLE tournaments ADD COLUMN tables INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE matches ADD COLUMN called_at INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE matches ADD COLUMN result_at INTEGER NOT NULL DEFAULT 0;`)},
	// 3: user names are unique by their folded form (domain/text.Key:
	// Unicode case folding, no invisible characters), not only by ASCII
	// case (COLLATE NOCASE). fillNameKeys fills the column and makes it
	// unique.
	{sqlite: steps(execSQL(`ALTER TABLE users ADD COLUMN name_key TEXT;`), fillNameKeys)},
	// 4: API tokens get an id (to list and revoke one without its hash),
	// an optional expiry and the time of their last use (0: never). The
	// table is made anew: SQLite cannot add a primary key.
	{sqlite: execSQL(sqliteAPITokens4)},
	// 5: digital tables (issue 11, tables_digital.go): a tournament match
	// played on the players' phones, its moves in order, and the play
	// settings of a tournament. IF NOT EXISTS: the tests of older steps
	// set schema_version back on a database that has these tables.
	{sqlite: execSQL(sqliteDigitalTables5)},
	// 6: matches.walkover (issue 9, walkover.go).
	{sqlite: addWalkover},
	// 7: cards.payment and cards.price_cents (issue 9, payments.go).
	{sqlite: addPayments},
	// 8: tournaments.event_date, venue, start_time (issue 9, event.go).
	{sqlite: addEvent},
	// 9: the Swiss system (issue 14, swiss.go): tournaments.form,
	// swiss_rounds, buchholz_cut1; cards.swiss_from, swiss_out.
	{sqlite: addSwiss(false), postgres: addSwiss(true)},
	// 10: the seed list of a Swiss tournament's round 1 (SW-4, swiss.go):
	// tournaments.swiss_seeds.
	{sqlite: addSwissSeeds, postgres: addSwissSeeds},
	// 11: a digital table's move ids are unique per seat, not per table
	// (issue 20, tables_digital.go): digital_moves UNIQUE (table_id,
	// seat, move_id).
	{sqlite: execSQL(sqliteSeatMoveIDs11), postgres: execSQL(postgresSeatMoveIDs11)},
	// 12: the login throttle's counts (issue 26, logins.go), shared by
	// every process on the database; PostgreSQL: the processes' heartbeats
	// and their counts per client address (shared.go).
	{sqlite: execSQL(sqliteLogins12), postgres: execSQL(postgresLogins12)},
	// 13: automatic calling (issue 23, autocall.go): tournaments.auto_call,
	// matches.called_after.
	{sqlite: addAutoCall(false), postgres: addAutoCall(true)},
	// 14: the register of persons and the seasons (issue 24, persons.go,
	// seasons.go): persons, which person a tournament's player is,
	// seasons and their evenings.
	{sqlite: execSQL(sqlitePersons14), postgres: execSQL(postgresPersons14)},
}

const (
	// persons.name_key is NULL once erased (no name left to compare);
	// player_persons goes with its player (a cancelled sale).
	sqlitePersons14 = `CREATE TABLE IF NOT EXISTS persons (
		id         INTEGER PRIMARY KEY,
		uid        TEXT NOT NULL UNIQUE,
		name       TEXT NOT NULL,
		name_key   TEXT UNIQUE,
		club       TEXT NOT NULL DEFAULT '',
		phone      TEXT NOT NULL DEFAULT '',
		first_seen INTEGER NOT NULL,
		last_seen  INTEGER NOT NULL,
		erased_at  INTEGER NOT NULL DEFAULT 0
	);
	CREATE TABLE IF NOT EXISTS player_persons (
		tournament_id INTEGER NOT NULL,
		player_id     INTEGER NOT NULL,
		person_id     INTEGER NOT NULL REFERENCES persons(id),
		PRIMARY KEY (tournament_id, player_id),
		FOREIGN KEY (tournament_id, player_id) REFERENCES players(tournament_id, id) ON DELETE CASCADE
	);
	CREATE INDEX IF NOT EXISTS player_persons_person ON player_persons(person_id);
	CREATE TABLE IF NOT EXISTS seasons (
		id         INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		rules      TEXT NOT NULL,
		created_at INTEGER NOT NULL
	);
	CREATE TABLE IF NOT EXISTS season_evenings (
		season_id     INTEGER NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
		tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
		PRIMARY KEY (season_id, tournament_id)
	);`
	postgresPersons14 = `CREATE TABLE IF NOT EXISTS persons (
		id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
		uid        TEXT NOT NULL UNIQUE,
		name       TEXT NOT NULL,
		name_key   TEXT COLLATE "C" UNIQUE,
		club       TEXT NOT NULL DEFAULT '',
		phone      TEXT NOT NULL DEFAULT '',
		first_seen BIGINT NOT NULL,
		last_seen  BIGINT NOT NULL,
		erased_at  BIGINT NOT NULL DEFAULT 0
	);
	CREATE TABLE IF NOT EXISTS player_persons (
		tournament_id BIGINT NOT NULL,
		player_id     INTEGER NOT NULL,
		person_id     BIGINT NOT NULL REFERENCES persons(id),
		PRIMARY KEY (tournament_id, player_id),
		FOREIGN KEY (tournament_id, player_id) REFERENCES players(tournament_id, id) ON DELETE CASCADE
	);
	CREATE INDEX IF NOT EXISTS player_persons_person ON player_persons(person_id);
	CREATE TABLE IF NOT EXISTS seasons (
		id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
		name       TEXT NOT NULL,
		rules      TEXT NOT NULL,
		created_at BIGINT NOT NULL
	);
	CREATE TABLE IF NOT EXISTS season_evenings (
		season_id     BIGINT NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
		tournament_id BIGINT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
		PRIMARY KEY (season_id, tournament_id)
	);`
	sqliteLogins12 = `CREATE TABLE IF NOT EXISTS login_failures (
		hash     TEXT PRIMARY KEY,
		failures INTEGER NOT NULL,
		last_at  INTEGER NOT NULL,
		until_at INTEGER NOT NULL
	);
	CREATE INDEX IF NOT EXISTS login_failures_last ON login_failures(last_at);`
	postgresLogins12 = `CREATE TABLE IF NOT EXISTS login_failures (
		hash     TEXT PRIMARY KEY,
		failures INTEGER NOT NULL,
		last_at  BIGINT NOT NULL,
		until_at BIGINT NOT NULL
	);
	CREATE INDEX IF NOT EXISTS login_failures_last ON login_failures(last_at);
	CREATE UNLOGGED TABLE IF NOT EXISTS live_processes (
		id      TEXT PRIMARY KEY,
		seen_at BIGINT NOT NULL
	);
	CREATE UNLOGGED TABLE IF NOT EXISTS address_counts (
		process TEXT NOT NULL REFERENCES live_processes(id) ON DELETE CASCADE,
		kind    TEXT NOT NULL,
		addr    TEXT NOT NULL,
		n       INTEGER NOT NULL,
		PRIMARY KEY (process, kind, addr)
	);`
)

// ProgramSchema is the schema version this program writes: the number of
// migrations.
var ProgramSchema = len(migrations)

// SchemaVersion reads the database's schema version: one small query, for
// a health check (it also tells that the database answers).
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var version int
	if err := s.rdb.WithContext(ctx).Raw(`SELECT version FROM schema_version`).Scan(&version).Error; err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return version, nil
}

// execSQL is a step of plain SQL (one or more statements).
func execSQL(q string) func(tx *gorm.DB) error {
	return func(tx *gorm.DB) error { return tx.Exec(q).Error }
}

// steps runs fns in order, within the step's transaction.
func steps(fns ...func(tx *gorm.DB) error) func(tx *gorm.DB) error {
	return func(tx *gorm.DB) error {
		for _, fn := range fns {
			if err := fn(tx); err != nil {
				return err
			}
		}
		return nil
	}
}

// sqliteSchema1 is SQLite's step 1.
const sqliteSchema1 = `CREATE TABLE users (
		id            INTEGER PRIMARY KEY,
		name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
		role          TEXT NOT NULL CHECK (role IN ('organiser', 'helper')),
		password_hash TEXT NOT NULL,
		created_at    INTEGER NOT NULL
	);
	CREATE TABLE sessions (
		token_hash TEXT PRIMARY KEY,
		user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL
	);
	CREATE INDEX sessions_expires ON sessions(expires_at);
	CREATE TABLE api_tokens (
		token_hash TEXT PRIMARY KEY,
		user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		label      TEXT NOT NULL,
		created_at INTEGER NOT NULL
	);
	CREATE TABLE tournaments (
		id                 INTEGER PRIMARY KEY,
		revision           INTEGER NOT NULL,
		version            INTEGER NOT NULL,
		name               TEXT NOT NULL,
		cards              INTEGER NOT NULL,
		max_cards          INTEGER NOT NULL,
		price_cents        INTEGER NOT NULL,
		variant            TEXT NOT NULL,
		closing            TEXT NOT NULL,
		bummerl_to_win     INTEGER NOT NULL,
		prizes             TEXT NOT NULL,
		multiple_prizes    BOOLEAN NOT NULL,
		pending_seed       TEXT,
		pending_commitment TEXT,
		finished           BOOLEAN NOT NULL,
		created_at         INTEGER NOT NULL,
		updated_at         INTEGER NOT NULL
	);
	CREATE TABLE players (
		tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
		id            INTEGER NOT NULL,
		name          TEXT NOT NULL,
		club          TEXT NOT NULL,
		phone         TEXT NOT NULL,
		PRIMARY KEY (tournament_id, id)
	);
	CREATE TABLE cards (
		tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
		no            INTEGER NOT NULL,
		player_id     INTEGER NOT NULL,
		sale          INTEGER NOT NULL,
		PRIMARY KEY (tournament_id, no),
		-- no cascade: a player who still holds a card cannot be removed
		FOREIGN KEY (tournament_id, player_id) REFERENCES players(tournament_id, id)
	);
	CREATE INDEX cards_player ON cards(tournament_id, player_id);
	CREATE TABLE rounds (
		tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
		no            INTEGER NOT NULL,
		method        TEXT NOT NULL,
		seed          TEXT NOT NULL,
		commitment    TEXT NOT NULL,
		PRIMARY KEY (tournament_id, no)
	);
	CREATE TABLE draw_groups (
		tournament_id INTEGER NOT NULL,
		round_no      INTEGER NOT NULL,
		grp           INTEGER NOT NULL,
		bracket       INTEGER NOT NULL,
		PRIMARY KEY (tournament_id, round_no, grp),
		FOREIGN KEY (tournament_id, round_no) REFERENCES rounds(tournament_id, no) ON DELETE CASCADE
	);
	CREATE TABLE tickets (
		tournament_id INTEGER NOT NULL,
		round_no      INTEGER NOT NULL,
		grp           INTEGER NOT NULL,
		idx           INTEGER NOT NULL,
		card_no       INTEGER NOT NULL,
		pot           INTEGER NOT NULL,
		number        INTEGER NOT NULL,
		PRIMARY KEY (tournament_id, round_no, grp, idx),
		FOREIGN KEY (tournament_id, round_no, grp) REFERENCES draw_groups(tournament_id, round_no, grp) ON DELETE CASCADE
	);
	CREATE TABLE matches (
		tournament_id INTEGER NOT NULL,
		round_no      INTEGER NOT NULL,
		no            INTEGER NOT NULL,
		bracket       INTEGER NOT NULL,
		a             INTEGER NOT NULL,
		b             INTEGER NOT NULL,
		surrendered   BOOLEAN NOT NULL,
		table_no      INTEGER NOT NULL,
		started       BOOLEAN NOT NULL,
		version       INTEGER NOT NULL,
		has_result    BOOLEAN NOT NULL,
		winner        INTEGER NOT NULL,
		bummerl_a     INTEGER NOT NULL,
		bummerl_b     INTEGER NOT NULL,
		sheet         TEXT,
		PRIMARY KEY (tournament_id, round_no, no),
		FOREIGN KEY (tournament_id, round_no) REFERENCES rounds(tournament_id, no) ON DELETE CASCADE
	);
	CREATE TABLE audit (
		id            INTEGER PRIMARY KEY,
		tournament_id INTEGER REFERENCES tournaments(id) ON DELETE CASCADE,
		at            INTEGER NOT NULL,
		user_id       INTEGER REFERENCES users(id) ON DELETE SET NULL,
		user_name     TEXT NOT NULL,
		action        TEXT NOT NULL,
		before        TEXT NOT NULL,
		after         TEXT NOT NULL
	);
	CREATE INDEX audit_tournament ON audit(tournament_id, id);`

// sqliteAPITokens4 is SQLite's step 4.
const sqliteAPITokens4 = `CREATE TABLE api_tokens_new (
		id           INTEGER PRIMARY KEY,
		token_hash   TEXT NOT NULL UNIQUE,
		user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
		label        TEXT NOT NULL,
		created_at   INTEGER NOT NULL,
		expires_at   INTEGER NOT NULL DEFAULT 0,
		last_used_at INTEGER NOT NULL DEFAULT 0
	);
	INSERT INTO api_tokens_new (token_hash, user_id, label, created_at)
		SELECT token_hash, user_id, label, created_at FROM api_tokens ORDER BY created_at, token_hash;
	DROP TABLE api_tokens;
	ALTER TABLE api_tokens_new RENAME TO api_tokens;
	CREATE INDEX api_tokens_user ON api_tokens(user_id);`

// sqliteDigitalTables5 is SQLite's step 5.
const sqliteDigitalTables5 = `CREATE TABLE IF NOT EXISTS digital_tables (
		id             INTEGER PRIMARY KEY,
		tournament_id  INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
		round_no       INTEGER NOT NULL,
		match_no       INTEGER NOT NULL,
		card_a         INTEGER NOT NULL,
		card_b         INTEGER NOT NULL,
		name_a         TEXT NOT NULL,
		name_b         TEXT NOT NULL,
		variant        TEXT NOT NULL,
		closing        TEXT NOT NULL,
		bummerl_to_win INTEGER NOT NULL,
		first_dealer   INTEGER NOT NULL,
		seed           TEXT NOT NULL,
		seat0          TEXT NOT NULL UNIQUE,
		seat1          TEXT NOT NULL UNIQUE,
		state          TEXT NOT NULL CHECK (state IN ('playing', 'finished', 'abandoned')),
		seq            INTEGER NOT NULL,
		recorded       BOOLEAN NOT NULL DEFAULT 0,
		result_error   TEXT NOT NULL DEFAULT '',
		created_at     INTEGER NOT NULL,
		updated_at     INTEGER NOT NULL
	);
	CREATE INDEX IF NOT EXISTS digital_tables_match ON digital_tables(tournament_id, round_no, match_no);
	CREATE TABLE IF NOT EXISTS digital_moves (
		table_id INTEGER NOT NULL REFERENCES digital_tables(id) ON DELETE CASCADE,
		seq      INTEGER NOT NULL,
		move_id  TEXT NOT NULL,
		seat     INTEGER NOT NULL,
		kind     INTEGER NOT NULL,
		card     INTEGER NOT NULL,
		suit     INTEGER NOT NULL,
		resign   TEXT NOT NULL,
		at       INTEGER NOT NULL,
		PRIMARY KEY (table_id, seq),
		UNIQUE (table_id, move_id)
	);
	CREATE TABLE IF NOT EXISTS play_settings (
		tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
		german_suits  BOOLEAN NOT NULL
	);`

// migrate applies the migrations not yet applied, in one transaction, so
// two processes opening a new file at once cannot both apply a step.
func (s *Store) migrate(ctx context.Context) error {
	return s.write(ctx, func(tx *gorm.DB) error {
		if err := tx.Exec(`CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`).Error; err != nil {
			return err
		}
		var versions []int
		if err := tx.Raw(`SELECT version FROM schema_version`).Scan(&versions).Error; err != nil {
			return err
		}
		done := 0
		if len(versions) > 0 {
			done = versions[0]
		} else if err := tx.Exec(`INSERT INTO schema_version (version) VALUES (0)`).Error; err != nil {
			return err
		}
		if done > len(migrations) {
			return fmt.Errorf("database schema version %d is newer than this program (%d)", done, len(migrations))
		}
		for i := done; i < len(migrations); i++ {
			step := migrations[i].sqlite
			if s.pg {
				step = migrations[i].postgres
			}
			if step == nil {
				continue
			}
			if err := step(tx); err != nil {
				return fmt.Errorf("migration %d: %w", i+1, err)
			}
		}
		return tx.Exec(`UPDATE schema_version SET version = ?`, len(migrations)).Error
	})
}

// column is a column a migration adds: its name and its type with default.
type column struct{ name, def string }

// addMissingColumns adds each of cols that table lacks, so a migration
// that adds columns can run again without harm. The column definitions are
// in the words of the database the step is for.
func addMissingColumns(tx *gorm.DB, table string, cols []column) error {
	query := `SELECT count(*) FROM pragma_table_info(?) WHERE name = ?`
	if tx.Dialector.Name() == "postgres" {
		query = `SELECT count(*) FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?`
	}
	for _, col := range cols {
		var n int
		if err := tx.Raw(query, table, col.name).Scan(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		if err := tx.Exec(`ALTER TABLE ` + table + ` ADD COLUMN ` + col.name + ` ` + col.def).Error; err != nil {
			return err
		}
	}
	return nil
}
