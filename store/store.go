// Package store persists tournaments, users and sessions through GORM, in
// a SQLite file (the laptop) or a PostgreSQL database (a federation's
// server, postgres.go). Row structs are private; callers see the domain
// types of domain/tournament. Every user action is one transaction that
// saves only the rows that changed and writes one audit row.
package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/mattn/go-sqlite3"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Store is the database of one Bummerl installation.
type Store struct {
	// SQLite: the writer is one connection with IMMEDIATE transactions,
	// the readers a pool with DEFERRED ones (WAL snapshots). PostgreSQL
	// (postgres.go): two pools, writers lock what they change.
	db    *gorm.DB
	rdb   *gorm.DB
	pg    bool // PostgreSQL
	cache rowCache
	// evenings: the seasons' evenings (SeasonTable).
	evenings eveningCache
	hub      hub // subscribers of tournaments' revisions (hub.go)
	// proc names this Store among the processes on a PostgreSQL
	// database; channel is the database's notification channel, and
	// listenConfig the connection the listener makes (live.go).
	proc         string
	channel      string
	listenConfig *pgx.ConnConfig
	listener     listener
	shared       shared // counts per client address of every process (shared.go)
	// tables keeps the digital tables' matches replayed (tables_digital.go).
	tables matchCache
	// Now is the clock; tests replace it to expire sessions.
	Now func() time.Time
}

// dsn builds the connection string of the mattn driver.
//   - _journal_mode=WAL: readers (public pages) never block the writer and
//     the writer never blocks them.
//   - _synchronous=FULL: every commit is fsynced to the WAL before it is
//     reported. NORMAL would survive a process crash just as well, but on a
//     power cut (a laptop at the venue) it may lose the last commits the
//     organiser was told were saved. Writes are a few per second, so the
//     fsync costs nothing that matters.
//   - _foreign_keys=on: SQLite enforces the REFERENCES of the schema only
//     when asked, per connection.
//   - _busy_timeout=5000: a second process waits up to 5 s for the write
//     lock instead of failing at once.
//   - _txlock=immediate (writer): BEGIN takes the write lock at once, so
//     a transaction that reads and then writes can never fail to upgrade
//     its lock (SQLITE_BUSY) half way through an action. The readers use
//     deferred transactions: a read-only snapshot must not take the lock.
func dsn(path, txlock string) string {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "FULL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "5000")
	q.Set("_txlock", txlock)
	return "file:" + uriPath.Replace(path) + "?" + q.Encode()
}

// uriPath escapes what SQLite's file: URIs would read as syntax.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")

// Open opens the database named by dsn and brings its schema up to date:
// a DSN starting with postgres:// or postgresql:// is a PostgreSQL
// database (openPostgres), anything else the path of a SQLite file,
// created if needed.
func Open(dsn string) (*Store, error) {
	if dsn == "" {
		return nil, errors.New("store: empty database path")
	}
	var s *Store
	var err error
	if IsPostgres(dsn) {
		s, err = openPostgres(dsn)
	} else {
		s, err = openSQLite(dsn)
	}
	if err != nil {
		return nil, err
	}
	if err := s.migrate(context.Background()); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", Redact(dsn), err)
	}
	return s, nil
}

// gormConfig is the GORM configuration of both dialects.
func gormConfig() *gorm.Config {
	return &gorm.Config{
		Logger: logger.Default.LogMode(logger.Silent),
		// Every write path opens its own transaction; GORM's implicit
		// per-statement transactions would only add BEGIN/COMMIT pairs.
		SkipDefaultTransaction: true,
	}
}

// openSQLite opens (creating if needed) the SQLite file at path.
func openSQLite(path string) (*Store, error) {
	db, err := openBusy(dsn(path, "immediate"))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	rdb, err := openBusy(dsn(path, "deferred"))
	if err != nil {
		closeDB(db)
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// Writes are serialised anyway; one connection keeps them from
	// queueing on SQLite's busy handler inside this process.
	if sqlDB, err := db.DB(); err == nil {
		sqlDB.SetMaxOpenConns(1)
	}
	// Readers: a few connections per core. More cannot run at once anyway,
	// and each holds its own page cache and result rows: 300 phones asking
	// at once would otherwise open 300 connections and hundreds of MB.
	// Requests beyond the bound wait for a free connection.
	if sqlDB, err := rdb.DB(); err == nil {
		sqlDB.SetMaxOpenConns(readConns())
		sqlDB.SetMaxIdleConns(readConns())
	}
	return newStore(db, rdb), nil
}

// newStore is the Store of the two pools.
func newStore(db, rdb *gorm.DB) *Store {
	s := &Store{db: db, rdb: rdb, proc: newProcID(), Now: time.Now}
	s.listener.backoff = backoffWait
	return s
}

// openBusy opens a SQLite connection pool, retrying while the file is
// busy. The busy timeout covers transactions but not every step of
// opening: a connection that switches a new file to WAL, or finds another
// process recovering the WAL, gets SQLITE_BUSY at once, so processes
// started together on a new database (a desk laptop and a CLI) would
// fail at random. The retry gives up after the busy timeout.
func openBusy(dsn string) (*gorm.DB, error) {
	deadline := time.Now().Add(5 * time.Second)
	for {
		db, err := gorm.Open(sqlite.Open(dsn), gormConfig())
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || se.Code != sqlite3.ErrBusy || time.Now().After(deadline) {
			return db, err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// readConns bounds the reader pool.
func readConns() int { return 2 * runtime.GOMAXPROCS(0) }

// Close ends the listener and closes the database.
func (s *Store) Close() error {
	s.stopListening()
	s.stopSharing()
	return errors.Join(closeDB(s.rdb), closeDB(s.db))
}

func closeDB(db *gorm.DB) error {
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// write runs fn in one transaction that excludes every other write but
// those of tournaments (writeTournament). SQLite: an IMMEDIATE
// transaction; within this process the single writer connection queues
// the writers; other processes (a CLI next to the server) wait on the
// write lock for up to the busy timeout. PostgreSQL: the transaction
// first takes the store's one advisory lock (lockAll), so accounts,
// sessions, new tournaments, imports and migrations are written one at a
// time as on SQLite, by every process on the database.
func (s *Store) write(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.lockAll(tx); err != nil {
			return err
		}
		return fn(tx)
	})
}

// writeTournament runs fn, a write of tournament id's rows (its parts,
// its audit, its digital tables), in one transaction. SQLite: as write.
// PostgreSQL: the transaction first locks the tournament's row (FOR
// UPDATE), so the writes of one tournament queue while those of other
// tournaments run at the same time; ErrNotFound when there is no such
// tournament.
func (s *Store) writeTournament(ctx context.Context, id int64, fn func(tx *gorm.DB) error) error {
	if !s.pg {
		return s.write(ctx, fn)
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockTournament(tx, id); err != nil {
			return err
		}
		return fn(tx)
	})
}

// read runs fn in a read transaction: one snapshot of the database, so
// several SELECTs cannot straddle a concurrent save. SQLite: a DEFERRED
// transaction on the reader pool (WAL). PostgreSQL: REPEATABLE READ, READ
// ONLY (its default, READ COMMITTED, takes a new snapshot per statement).
func (s *Store) read(ctx context.Context, fn func(tx *gorm.DB) error) error {
	if s.pg {
		return s.rdb.WithContext(ctx).Transaction(fn, snapshot)
	}
	return s.rdb.WithContext(ctx).Transaction(fn)
}

// now is the injected clock in UTC milliseconds, the unit of every time
// column: integers compare correctly whatever the time zone of the machine.
func (s *Store) now() int64 { return s.Now().UnixMilli() }

// fromMillis turns a time column back into a time.
func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
