// Package store persists tournaments, users and sessions in SQLite through
// GORM. Row structs are private; callers see the domain types of
// domain/tournament. Every user action is one IMMEDIATE transaction that
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

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Store is the database of one Bummerl installation.
type Store struct {
	db    *gorm.DB // the writer: one connection, IMMEDIATE transactions
	rdb   *gorm.DB // readers: a pool, DEFERRED transactions (WAL snapshots)
	cache rowCache
	hub   hub // subscribers of tournaments' revisions (hub.go)
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

// Open opens (creating if needed) the SQLite database at path and brings
// its schema up to date.
func Open(path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	conf := &gorm.Config{
		Logger: logger.Default.LogMode(logger.Silent),
		// Every write path opens its own transaction; GORM's implicit
		// per-statement transactions would only add BEGIN/COMMIT pairs.
		SkipDefaultTransaction: true,
	}
	db, err := gorm.Open(sqlite.Open(dsn(path, "immediate")), conf)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	rdb, err := gorm.Open(sqlite.Open(dsn(path, "deferred")), conf)
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
	s := &Store{db: db, rdb: rdb, Now: time.Now}
	if err := s.migrate(context.Background()); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", path, err)
	}
	return s, nil
}

// readConns bounds the reader pool.
func readConns() int { return 2 * runtime.GOMAXPROCS(0) }

// Close closes the database.
func (s *Store) Close() error {
	return errors.Join(closeDB(s.rdb), closeDB(s.db))
}

func closeDB(db *gorm.DB) error {
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// write runs fn in one IMMEDIATE transaction. Within this process the
// single writer connection queues the writers; other processes (a CLI
// next to the server) wait on the write lock for up to the busy timeout.
func (s *Store) write(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(fn)
}

// now is the injected clock in UTC milliseconds, the unit of every time
// column: integers compare correctly whatever the time zone of the machine.
func (s *Store) now() int64 { return s.Now().UnixMilli() }

// fromMillis turns a time column back into a time.
func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
