package web

import (
	"net/http"
	"strconv"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// TestDrawSeedsReplay: the test app's draw seeds come from the seeded
// stream of testRand, so BUMMERL_TEST_SEED makes a failed test's draws
// again, through the pages and through the API (P-4 seeds otherwise come
// from crypto/rand).
func TestDrawSeedsReplay(t *testing.T) {
	t.Setenv(webtest.SeedEnv, "4711")
	var seeds [2][2]string
	for i := range seeds {
		f := newFixture(t, nil, 2, 1, 1, 1, 1)
		if r := f.Org.Post(f.Path+"/draw/announce", nil); r.Status != http.StatusSeeOther {
			t.Fatalf("announce: status %d", r.Status)
		}
		seeds[i][0] = f.Load().Pending.Seed
		path := "/api/tournaments/" + strconv.FormatInt(f.ID, 10) + "/draw/announce"
		if r := f.API.API(http.MethodPost, path, f.Anna, map[string]any{}); r.Status != http.StatusCreated {
			t.Fatalf("API announce: status %d\n%s", r.Status, r.Body)
		}
		seeds[i][1] = f.Load().Pending.Seed
	}
	if seeds[0] != seeds[1] || seeds[0][0] == seeds[0][1] || seeds[0][0] == "" {
		t.Errorf("seeds of two runs from the same %s: %q, want the same two different seeds", webtest.SeedEnv, seeds)
	}
}
