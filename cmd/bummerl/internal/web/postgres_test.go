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
		org := app.LoggedIn("anna", store.Organiser)
		page := org.Get("/tournaments")
		if page.Status != http.StatusOK {
			t.Fatalf("tournaments: %d", page.Status)
		}
		pg := store.IsPostgres(dsn)
		if button := strings.Contains(page.Body, `data-testid="backup"`); button == pg {
			t.Fatalf("backup button shown: %v on PostgreSQL: %v", button, pg)
		}
		r := org.Get("/backup")
		switch {
		case pg && (r.Status != http.StatusNotImplemented || !strings.Contains(r.Body, "pg_dump --format=custom")):
			t.Fatalf("backup on PostgreSQL: %d %s", r.Status, r.Body)
		case !pg && (r.Status != http.StatusOK || !strings.HasPrefix(r.Body, "SQLite format 3")):
			t.Fatalf("backup on SQLite: %d %.40q", r.Status, r.Body)
		}
	})
}
