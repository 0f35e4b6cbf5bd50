package web

import (
	"net/http"
	"strconv"
	"testing"
)

// TestDrawSeedsReplay: the test app's draw seeds come from the seeded
// stream of testRand, so BUMMERL_TEST_SEED makes a failed test's draws
// again, through the pages and through the API (P-4 seeds otherwise come
// from crypto/rand).
func TestDrawSeedsReplay(t *testing.T) {
	t.Setenv(testSeedEnv, "4711")
	var seeds [2][2]string
	for i := range seeds {
		f := newFixture(t, nil, 2, 1, 1, 1, 1)
		if r := f.org.post(f.path+"/draw/announce", nil); r.status != http.StatusSeeOther {
			t.Fatalf("announce: status %d", r.status)
		}
		seeds[i][0] = f.load().Pending.Seed
		path := "/api/tournaments/" + strconv.FormatInt(f.id, 10) + "/draw/announce"
		if r := f.api.api(http.MethodPost, path, f.anna, map[string]any{}); r.status != http.StatusCreated {
			t.Fatalf("API announce: status %d\n%s", r.status, r.body)
		}
		seeds[i][1] = f.load().Pending.Seed
	}
	if seeds[0] != seeds[1] || seeds[0][0] == seeds[0][1] || seeds[0][0] == "" {
		t.Errorf("seeds of two runs from the same %s: %q, want the same two different seeds", testSeedEnv, seeds)
	}
}
