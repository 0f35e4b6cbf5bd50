package store

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// PostgreSQL (issue 13): the store of a federation's server, where many
// tournaments are written at once. The schema and its steps are those of
// SQLite in PostgreSQL's words (schema.go); what differs is locking
// (docs/store.md "PostgreSQL"):
//
//   - A write of one tournament (writeTournament) locks that tournament's
//     row with SELECT … FOR UPDATE before it reads anything, at READ
//     COMMITTED: writes of the same tournament queue, exactly as on SQLite;
//     writes of other tournaments go on at the same time.
//   - Every other write (write: accounts, sessions, tokens, a new or an
//     imported tournament, the migrations) takes one transaction-scoped
//     advisory lock first, so those are one at a time as on SQLite, across
//     every process on the database.
//   - Reads that need one snapshot (read) run REPEATABLE READ, READ ONLY.

// IsPostgres tells whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Postgres tells whether the store is a PostgreSQL database: there the
// database server backs up (pg_dump), not Backup.
func (s *Store) Postgres() bool { return s.pg }

// Redact is dsn with its password replaced, for messages and logs; a
// SQLite path comes back as it is.
func Redact(dsn string) string {
	if !IsPostgres(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://…" // unparsable: show nothing that may be secret
	}
	return u.Redacted()
}

// postgresWriteConns bounds the writer pool. A writer waiting for a
// tournament's lock holds its connection, so the bound is how many writes
// are under way at once, not how many tournaments progress; it stays well
// below PostgreSQL's default of 100 connections, with room for a second
// process and the reader pool.
const postgresWriteConns = 16

// openPostgres opens the PostgreSQL database of dsn: a writer pool and a
// reader pool, bounded like SQLite's readers.
func openPostgres(dsn string) (*Store, error) {
	open := func(conns int) (*gorm.DB, error) {
		db, err := gorm.Open(postgres.Open(dsn), gormConfig())
		if err != nil {
			return nil, fmt.Errorf("store: open %s: %w", Redact(dsn), err)
		}
		sqlDB, err := db.DB()
		if err != nil {
			return nil, err
		}
		sqlDB.SetMaxOpenConns(conns)
		sqlDB.SetMaxIdleConns(conns)
		// A server restarts, a proxy drops idle connections: renew them.
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
		return db, nil
	}
	db, err := open(postgresWriteConns)
	if err != nil {
		return nil, err
	}
	rdb, err := open(readConns())
	if err != nil {
		closeDB(db)
		return nil, err
	}
	s := newStore(db, rdb)
	s.pg = true
	if s.listenConfig, err = pgx.ParseConfig(dsn); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", Redact(dsn), err)
	}
	// The listener is found by its name in pg_stat_activity.
	s.listenConfig.RuntimeParams["application_name"] = fmt.Sprintf("bummerl live %d %s", os.Getpid(), s.proc)
	var schema string
	if err := rdb.Raw(`SELECT current_schema()`).Scan(&schema).Error; err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", Redact(dsn), err)
	}
	s.channel = liveChannel(schema)
	return s, nil
}

// snapshot is the isolation of PostgreSQL's read transactions.
var snapshot = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}

// lockAllKey is the advisory lock of write (any 64-bit number; this one
// spells "Bummerl" in ASCII), taken for the rest of the transaction.
const lockAllKey = 0x42756d6d65726c

// lockAll takes the advisory lock of write on PostgreSQL; SQLite's
// IMMEDIATE transaction holds the file's write lock already.
func (s *Store) lockAll(tx *gorm.DB) error {
	if !s.pg {
		return nil
	}
	return tx.Exec(`SELECT pg_advisory_xact_lock(?)`, lockAllKey).Error
}

// lockTournament locks tournament id's row until the transaction ends;
// ErrNotFound when there is none.
func lockTournament(tx *gorm.DB, id int64) error {
	var ids []int64
	err := tx.Model(&tournamentRow{}).Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("id = ?", id).Pluck("id", &ids).Error
	if err != nil {
		return fmt.Errorf("store: lock tournament %d: %w", id, err)
	}
	if len(ids) == 0 {
		return ErrNotFound
	}
	return nil
}
