package web

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// TestRefereeAPI: POST /api/referee answers every golden record of
// testdata/referee (Schnapsen and 1000) with the same JSON as bummerl
// referee, 200 for a verdict and 422 for an impossible record; anonymous,
// without a CSRF token; JSON only; at most 1 MB.
func TestRefereeAPI(t *testing.T) {
	app := newTestApp(t)
	c := app.Client()
	post := func(body []byte, contentType string) webtest.Response {
		return c.Request(http.MethodPost, "/api/referee", bytes.NewReader(body), map[string]string{"Content-Type": contentType})
	}
	files, err := filepath.Glob("../../../../testdata/referee/*.json")
	if err != nil || len(files) < 30 {
		t.Fatalf("want the golden records, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		golden, err := os.ReadFile(strings.TrimSuffix(file, ".json") + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		verdict, status, _ := strings.Cut(string(golden), "exit status ")
		want := map[string]int{"0\n": http.StatusOK, "2\n": http.StatusUnprocessableEntity}[status]
		got := post(data, "application/json")
		if got.Status != want || got.Body != verdict {
			t.Errorf("%s: status %d, want %d\n got %s\nwant %s", filepath.Base(file), got.Status, want, got.Body, verdict)
		}
	}
	if got := post([]byte(`{"game": "1000", "dealer": 0, "misdeal": "not-cut"}`), "text/plain"); got.Status != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: status %d", got.Status)
	}
	big := append([]byte(`{"game": "1000", "x": "`), bytes.Repeat([]byte("a"), 1<<20)...)
	if got := post(append(big, `"}`...), "application/json"); got.Status != http.StatusRequestEntityTooLarge {
		t.Errorf("over 1 MB: status %d", got.Status)
	}
}
