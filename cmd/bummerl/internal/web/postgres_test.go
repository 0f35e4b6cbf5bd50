package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"bummerl/store"
	"bummerl/store/storetest"
)

// On PostgreSQL the organiser's page has no backup download, and the route
// explains that pg_dump backs up; on SQLite both are there (issue 13).
func TestBackupDownloadPerBackend(t *testing.T) {
	storetest.EachBackend(t, func(t *testing.T, dsn string) {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		app := newTestAppOn(t, st)
		org := app.loggedIn("anna", store.Organiser)
		page := org.get("/tournaments")
		if page.status != http.StatusOK {
			t.Fatalf("tournaments: %d", page.status)
		}
		pg := store.IsPostgres(dsn)
		if button := strings.Contains(page.body, `data-testid="backup"`); button == pg {
			t.Fatalf("backup button shown: %v on PostgreSQL: %v", button, pg)
		}
		r := org.get("/backup")
		switch {
		case pg && (r.status != http.StatusNotImplemented || !strings.Contains(r.body, "pg_dump --format=custom")):
			t.Fatalf("backup on PostgreSQL: %d %s", r.status, r.body)
		case !pg && (r.status != http.StatusOK || !strings.HasPrefix(r.body, "SQLite format 3")):
			t.Fatalf("backup on SQLite: %d %.40q", r.status, r.body)
		}
	})
}

// "bummerl backup" on PostgreSQL writes nothing, says that pg_dump is the
// tool with a command to copy, never shows the password, and fails.
func TestBackupCommandPostgres(t *testing.T) {
	dsn := "postgres://bummerl:geheim@db.example:5432/verband?sslmode=require" // never contacted
	for lang, want := range map[string]string{"de": "Sicherungen macht der Datenbankserver mit pg_dump", "en": "back it up on the database server with pg_dump"} {
		code, out, errOut := runCmd("", "backup", "--lang", lang, "--db", dsn, "verband.dump")
		if code != 1 || out != "" || !strings.Contains(errOut, want) ||
			!strings.Contains(errOut, "pg_dump --format=custom --file=verband.dump 'postgres://bummerl:xxxxx@db.example:5432/verband?sslmode=require'") ||
			strings.Contains(errOut, "geheim") {
			t.Fatalf("%s: status %d, stdout %q, stderr %q", lang, code, out, errOut)
		}
	}
}

// BUMMERL_DB takes a PostgreSQL DSN like --db: a user added by the command
// line is in that database.
func TestDatabaseEnvPostgres(t *testing.T) {
	dsn := storetest.Postgres(t)
	t.Setenv("BUMMERL_DB", dsn)
	if code, out, errOut := runCmd("geheim123\n", "user", "add", "anna"); code != 0 {
		t.Fatalf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	st, err := store.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if users, err := st.Users(context.Background()); err != nil || len(users) != 1 || users[0].Name != "anna" {
		t.Fatalf("users %+v (%v)", users, err)
	}
}
