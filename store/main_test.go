package store_test

import (
	"os"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"bummerl/store"
	"bummerl/store/storetest"
)

// TestMain runs the tests, then says loudly when the PostgreSQL cases were
// skipped (storetest.Report). Passwords are hashed at bcrypt's lowest cost
// as in the web app's tests (store.PasswordCost): the user tests hash
// dozens, and at the default cost they took 45 s of the package's 5 min.
func TestMain(m *testing.M) {
	store.PasswordCost = bcrypt.MinCost
	// The tests wait on fsync and on the PostgreSQL server more than on
	// this process: eight at a time, not GOMAXPROCS (62 s instead of 77 s
	// alone, docs/performance.md).
	storetest.DefaultParallel(8)
	code := m.Run()
	storetest.Report("bummerl/store")
	os.Exit(code)
}

// eachStore runs fn once per backend (storetest.EachBackend); open opens
// a store on that backend's fresh database, closed when the test ends.
// Every call opens another store on the same database, like a second
// process.
func eachStore(t *testing.T, fn func(t *testing.T, open func() *store.Store)) {
	t.Helper()
	storetest.EachBackend(t, func(t *testing.T, dsn string) {
		fn(t, func() *store.Store { return mustOpenPath(t, dsn) })
	})
}
