package web

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/static"
)

// TestStaticFiles: every asset comes with a strong ETag (the hash of its
// content) and Cache-Control; If-None-Match gets a 304 without a body;
// HEAD gets the headers alone; gzip for clients that accept it, as its
// own representation with its own ETag.
func TestStaticFiles(t *testing.T) {
	app := newTestApp(t)
	c := app.Client()
	// Go's client asks for gzip by itself unless told otherwise.
	identity := map[string]string{"Accept-Encoding": "identity"}
	for _, name := range []string{"style.css", "app.js", "live-worker.js", "htmx.min.js"} {
		t.Run(name, func(t *testing.T) {
			want, err := fs.ReadFile(static.FS, name)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(name, ".js") { // served without its comment lines
				want = httpkit.StripLineComments(want)
				if strings.Contains("\n"+string(want), "\n//") || len(want) == 0 {
					t.Errorf("%s is served with comment lines, or empty", name)
				}
			}
			sum := sha256.Sum256(want)
			tag := `"` + hex.EncodeToString(sum[:16]) + `"`
			path := "/static/" + name
			r := c.Request(http.MethodGet, path, nil, identity)
			if r.Status != http.StatusOK || r.Body != string(want) || r.Header.Get("ETag") != tag ||
				r.Header.Get("Cache-Control") != "public, max-age=3600" || r.Header.Get("Content-Encoding") != "" ||
				r.Header.Get("Content-Length") != strconv.Itoa(len(want)) {
				t.Fatalf("GET: status %d, %d bytes, headers %v", r.Status, len(r.Body), r.Header)
			}
			ct := r.Header.Get("Content-Type")
			if (strings.HasSuffix(name, ".css") && !strings.HasPrefix(ct, "text/css")) ||
				(strings.HasSuffix(name, ".js") && !strings.HasPrefix(ct, "text/javascript")) {
				t.Errorf("Content-Type %q", ct)
			}
			for _, inm := range []string{tag, `W/` + tag, `"other", ` + tag, "*"} {
				r := c.Request(http.MethodGet, path, nil, map[string]string{"If-None-Match": inm, "Accept-Encoding": "identity"})
				if r.Status != http.StatusNotModified || r.Body != "" || r.Header.Get("ETag") != tag {
					t.Errorf("If-None-Match %s: status %d, %d bytes, ETag %q", inm, r.Status, len(r.Body), r.Header.Get("ETag"))
				}
			}
			if r := c.Request(http.MethodGet, path, nil, map[string]string{"If-None-Match": `"other"`}); r.Status != http.StatusOK {
				t.Errorf("another ETag: status %d", r.Status)
			}
			h := c.Request(http.MethodHead, path, nil, identity)
			if h.Status != http.StatusOK || h.Body != "" || h.Header.Get("ETag") != tag || h.Header.Get("Content-Length") != strconv.Itoa(len(want)) {
				t.Errorf("HEAD: status %d, %d bytes, headers %v", h.Status, len(h.Body), h.Header)
			}
			z := c.Request(http.MethodGet, path, nil, map[string]string{"Accept-Encoding": "gzip"})
			zt := z.Header.Get("ETag")
			if z.Header.Get("Content-Encoding") != "gzip" || gunzip(t, z.Body) != string(want) || zt == tag || !strings.HasPrefix(zt, `"`) ||
				!strings.Contains(vary(z.Header), "Accept-Encoding") || len(z.Body) >= len(want) {
				t.Errorf("gzip: %d of %d bytes, headers %v", len(z.Body), len(want), z.Header)
			}
			z304 := c.Request(http.MethodGet, path, nil, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": zt})
			if z304.Status != http.StatusNotModified || z304.Header.Get("Content-Encoding") != "" {
				t.Errorf("gzip revalidation: status %d, headers %v", z304.Status, z304.Header)
			}
		})
	}
	for _, path := range []string{"/static/nope.css", "/static/", "/static/../go.mod"} {
		if r := c.Get(path); r.Status != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, r.Status)
		}
	}
}

// vary is the response's Vary, all of it.
func vary(h http.Header) string { return strings.Join(h.Values("Vary"), ", ") }

// TestCompression: pages, fragments and API answers are gzipped for
// clients that accept it, not for others; images and the event stream
// never (TestLiveStream); q=0 refuses gzip.
func TestCompression(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.DrawDigital()
	c := f.App.Client()
	gz := map[string]string{"Accept-Encoding": "gzip"}
	for _, path := range []string{f.Path + "/card/1", f.Path + "/rounds/1", "/login", "/api/tournaments/1", "/t/1/nope"} {
		plain := c.Request(http.MethodGet, path, nil, map[string]string{"Accept-Encoding": "identity"})
		z := c.Request(http.MethodGet, path, nil, gz)
		if z.Status != plain.Status || z.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(vary(z.Header), "Accept-Encoding") {
			t.Errorf("%s: status %d, headers %v", path, z.Status, z.Header)
			continue
		}
		if got := gunzip(t, z.Body); len(got) < len(plain.Body)*9/10 || len(z.Body) >= len(plain.Body) {
			t.Errorf("%s: %d bytes gzipped to %d, plain %d", path, len(got), len(z.Body), len(plain.Body))
		}
		if plain.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s: gzipped without Accept-Encoding", path)
		}
	}
	if r := c.Request(http.MethodGet, f.Path+"/card/1", nil, map[string]string{"Accept-Encoding": "gzip;q=0, identity"}); r.Header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 answered gzipped")
	}
	if r := c.Request(http.MethodGet, f.Path+"/card/1/qr.png", nil, gz); r.Status != http.StatusOK || r.Header.Get("Content-Encoding") != "" {
		t.Errorf("QR code: status %d, Content-Encoding %q", r.Status, r.Header.Get("Content-Encoding"))
	}
	// A redirect has no body to compress.
	if r := c.Request(http.MethodGet, "/tournaments", nil, gz); r.Status != http.StatusSeeOther || r.Header.Get("Content-Encoding") != "" {
		t.Errorf("redirect: status %d, Content-Encoding %q", r.Status, r.Header.Get("Content-Encoding"))
	}
}

// TestPlayerPageWeight: the player's page with everything it loads (its
// style sheet and scripts) transfers under 30 KB gzipped.
func TestPlayerPageWeight(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	c := f.App.Client()
	browser := map[string]string{"Accept-Encoding": "gzip", "Sec-Fetch-Site": "same-origin"}
	page := c.Request(http.MethodGet, f.Path+"/card/1", nil, browser)
	total := len(page.Body)
	for _, asset := range []string{"/static/style.css", "/static/htmx.min.js", "/static/app.js", "/static/live-worker.js"} {
		if asset != "/static/live-worker.js" && !strings.Contains(gunzip(t, page.Body), `"`+asset+`"`) {
			t.Errorf("the page does not load %s", asset)
		}
		total += len(c.Request(http.MethodGet, asset, nil, browser).Body)
	}
	t.Logf("player's page and what it loads: %d bytes gzipped", total)
	if total >= 30<<10 {
		t.Errorf("%d bytes, want under 30 KB", total)
	}
}
