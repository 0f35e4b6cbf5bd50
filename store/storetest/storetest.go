// Package storetest gives tests a fresh, empty database of each backend
// the store supports: a SQLite file in the test's temporary directory and,
// when BUMMERL_TEST_POSTGRES names a PostgreSQL server, a database of its
// own on that server (a schema), dropped when the test ends (docs/store.md
// "Testing"). It knows DSNs only, so the store's own tests can use it.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	"github.com/mattn/go-sqlite3"
)

// EnvPostgres names the PostgreSQL server of the tests: a DSN of a user
// who may create databases, e.g.
// postgres://postgres@127.0.0.1:5433/postgres (.ci/run starts one).
const EnvPostgres = "BUMMERL_TEST_POSTGRES"

// EachBackend runs fn as one subtest per backend with the DSN of a new,
// empty database: "sqlite" (a file path) and "postgres" (Postgres). The
// two run side by side: they share nothing, and each waits mostly on its
// database (SQLite's fsync, PostgreSQL's round trips), which the other
// fills. They are not parallel subtests but run from two goroutines, so
// they start at once within the calling test's own -parallel place: a
// parallel subtest would queue for a place of its own, and the package's
// longest test (the store's TestCrash) started last.
func EachBackend(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Helper()
	var wg sync.WaitGroup
	wg.Go(func() { t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) }) })
	wg.Go(func() { t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) }) })
	wg.Wait()
}

// DefaultParallel makes n parallel tests run at once unless -parallel
// says otherwise; a TestMain calls it before m.Run. Tests that wait on a
// disk, a database server or a browser leave go test's default of
// GOMAXPROCS idle most of the time on two cores (docs/performance.md "The
// test suite's time").
func DefaultParallel(n int) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(n))
	}
}

// SQLite is the path of a new database file in t's temporary directory.
func SQLite(t testing.TB) string { return filepath.Join(t.TempDir(), "bummerl.db") }

var skipped atomic.Int32

// Postgres creates a schema of its own on the server of
// BUMMERL_TEST_POSTGRES and returns a DSN whose search_path is that schema,
// so the store's tables land there; it is dropped when t ends. (A schema
// takes a millisecond, a CREATE DATABASE about a second.) Without the
// variable t is skipped (Report says so once at the end); under CI=true it
// fails: CI must test both stores.
func Postgres(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvPostgres)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI tests PostgreSQL too (.ci/run starts a server)", EnvPostgres)
		}
		skipped.Add(1)
		t.Skipf("PostgreSQL not tested: %s is not set", EnvPostgres)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", EnvPostgres, err)
	}
	admin, err := server()
	if err != nil {
		t.Fatalf("%s: %v", EnvPostgres, err)
	}
	var b [8]byte
	rand.Read(b[:])
	name := "bummerl_test_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec("CREATE SCHEMA " + name); err != nil {
		t.Fatalf("create test schema on %s: %v", u.Redacted(), err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP SCHEMA "+name+" CASCADE"); err != nil {
			t.Errorf("drop test schema %s: %v", name, err)
		}
	})
	q := u.Query()
	q.Set("search_path", name)
	// The sessions are named after the schema, so a test can tell its own
	// in pg_stat_activity from those of the tests beside it.
	q.Set("application_name", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// server is the one connection pool to the test server's maintenance
// database, shared by the tests of a package.
var server = sync.OnceValues(func() (*sql.DB, error) {
	db, err := sql.Open("pgx", os.Getenv(EnvPostgres))
	if err != nil {
		return nil, err
	}
	return db, db.Ping()
})

// Report says loudly when PostgreSQL tests were skipped; call it from
// TestMain after m.Run. "go test ./..." throws away the output of a
// package that passes, so the line also goes straight to the terminal
// when there is one.
func Report(pkg string) {
	n := skipped.Load()
	if n == 0 {
		return
	}
	msg := fmt.Sprintf("POSTGRESQL TESTS NOT RUN: %d tests skipped, %s is not set (see README, Testing)\n", n, EnvPostgres)
	fmt.Fprint(os.Stderr, msg)
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		fmt.Fprint(tty, pkg+": "+msg)
		tty.Close()
	}
}

// RestoreSQLite copies the SQLite database src over dst with SQLite's
// online backup API, as a restore under a running server would.
func RestoreSQLite(t testing.TB, src, dst string) {
	t.Helper()
	conn := func(path string) (*sql.Conn, *sqlite3.SQLiteConn) {
		db, err := sql.Open("sqlite3", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var raw *sqlite3.SQLiteConn
		if err := c.Raw(func(dc any) error { raw = dc.(*sqlite3.SQLiteConn); return nil }); err != nil {
			t.Fatal(err)
		}
		return c, raw
	}
	sc, srcConn := conn(src)
	defer sc.Close()
	dc, dstConn := conn(dst)
	defer dc.Close()
	b, err := dstConn.Backup("main", srcConn, "main")
	if err != nil {
		t.Fatal(err)
	}
	if done, err := b.Step(-1); err != nil || !done {
		t.Fatalf("restore: done %v, %v", done, err)
	}
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
}
