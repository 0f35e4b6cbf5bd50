package store_test

import (
	"os"
	"testing"

	"bummerl/store"
	"bummerl/store/storetest"
)

// TestMain runs the tests, then says loudly when the PostgreSQL cases were
// skipped (storetest.Report).
func TestMain(m *testing.M) {
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
