package web

import (
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/store/storetest"
)

// TestPageCacheRestoredDatabase: a database file restored under the
// running server whose tournament has the same revision number as the
// one the cache holds pages of, written at another time and with other
// content, is rendered afresh: the revision number alone must not find
// the old pages (store.Revision, pageKey).
func TestPageCacheRestoredDatabase(t *testing.T) {
	dir := t.TempDir()
	path, other := filepath.Join(dir, "bummerl.db"), filepath.Join(dir, "other.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	app := newTestAppOn(t, st)
	ctx := t.Context()
	st.Now = func() time.Time { return time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC) }
	tr, err := st.Create(ctx, store.User{Name: "test"}, tournament.Settings{
		Name: "Preisschnapsen", Cards: 16, MaxCards: 2, Variant: schnapsen.Soft, Closing: schnapsen.AtClose,
		BummerlToWin: 2, Prizes: []string{"Schinken", "Wein"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Backup(ctx, other); err != nil { // revision 1 in both files
		t.Fatal(err)
	}
	rename := func(s *store.Store, at time.Time, name string) {
		t.Helper()
		s.Now = func() time.Time { return at }
		if _, err := s.Update(ctx, tr.ID, store.User{Name: "test"}, "rename", func(tt *tournament.Tournament) error {
			tt.Settings.Name = name
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	rename(st, time.Date(2026, 3, 1, 18, 5, 0, 0, time.UTC), "Turnier Gasthaus Anna") // revision 2
	o, err := store.Open(other)
	if err != nil {
		t.Fatal(err)
	}
	rename(o, time.Date(2026, 3, 1, 18, 9, 0, 0, time.UTC), "Turnier Gasthaus Berta") // revision 2, later
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}

	page := "/t/" + strconv.FormatInt(tr.ID, 10)
	pages := serverOf(app).pages
	visitor := app.Client()
	visitor.Get(page)
	hits := pages.Hits.Load()
	if r := visitor.Get(page); !strings.Contains(r.Body, "Gasthaus Anna") || pages.Hits.Load() != hits+1 {
		t.Fatalf("before the restore: status %d, hits %d → %d; want Anna's page from the cache", r.Status, hits, pages.Hits.Load())
	}

	storetest.RestoreSQLite(t, other, path)
	// The server reads the revision again within a second (revisionTTL).
	deadline := time.Now().Add(5 * time.Second)
	var got webtest.Response
	for {
		got = visitor.Get(page)
		if !strings.Contains(got.Body, "Gasthaus Anna") || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got.Status != http.StatusOK || !strings.Contains(got.Body, "Gasthaus Berta") || strings.Contains(got.Body, "Gasthaus Anna") {
		t.Fatalf("after the restore: status %d, the page still shows the replaced file's tournament:\n%s", got.Status, got.Body)
	}
	if fresh := uncached(app, visitor, page, nil); fresh.Body != visitor.Get(page).Body {
		t.Error("after the restore the cached page differs from a fresh render")
	}
}
