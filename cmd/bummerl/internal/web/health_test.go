package web

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"bummerl/store"
)

// GET /healthz (issue 26): public, never cached, and says no more than
// that the process is up, the database answers and its schema version;
// 503 when the database is not this program's version or does not answer.
func TestHealthz(t *testing.T) {
	path := filepath.Join(t.TempDir(), "health.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	app := newTestAppOn(t, st)
	c := app.Client()
	check := func(status int, want health) {
		t.Helper()
		serverOf(app).health.at = time.Time{} // the next request asks the database
		r := c.Get("/healthz")
		var got health
		if err := json.Unmarshal([]byte(r.Body), &got); err != nil || r.Status != status || got != want {
			t.Fatalf("status %d %s, want %d %+v (%v)", r.Status, r.Body, status, want, err)
		}
		if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control %q, want no-store", cc)
		}
		var fields map[string]any
		if json.Unmarshal([]byte(r.Body), &fields); len(fields) > 3 {
			t.Errorf("more than status, database and schema: %s", r.Body)
		}
	}
	check(http.StatusOK, health{Status: "ok", Database: "ok", Schema: store.ProgramSchema})

	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE schema_version SET version = version - 1`); err != nil {
		t.Fatal(err)
	}
	check(http.StatusServiceUnavailable, health{Status: "unavailable", Database: "ok", Schema: store.ProgramSchema - 1})
	if _, err := db.Exec(`UPDATE schema_version SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	st.Close()
	check(http.StatusServiceUnavailable, health{Status: "unavailable", Database: "unreachable"})
}
