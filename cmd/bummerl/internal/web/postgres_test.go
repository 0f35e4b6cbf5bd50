package web

import (
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
