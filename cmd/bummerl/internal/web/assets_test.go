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
	c := app.client()
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
			r := c.request(http.MethodGet, path, nil, identity)
			if r.status != http.StatusOK || r.body != string(want) || r.header.Get("ETag") != tag ||
				r.header.Get("Cache-Control") != "public, max-age=3600" || r.header.Get("Content-Encoding") != "" ||
				r.header.Get("Content-Length") != strconv.Itoa(len(want)) {
				t.Fatalf("GET: status %d, %d bytes, headers %v", r.status, len(r.body), r.header)
			}
			ct := r.header.Get("Content-Type")
			if (strings.HasSuffix(name, ".css") && !strings.HasPrefix(ct, "text/css")) ||
				(strings.HasSuffix(name, ".js") && !strings.HasPrefix(ct, "text/javascript")) {
				t.Errorf("Content-Type %q", ct)
			}
			for _, inm := range []string{tag, `W/` + tag, `"other", ` + tag, "*"} {
				r := c.request(http.MethodGet, path, nil, map[string]string{"If-None-Match": inm, "Accept-Encoding": "identity"})
				if r.status != http.StatusNotModified || r.body != "" || r.header.Get("ETag") != tag {
					t.Errorf("If-None-Match %s: status %d, %d bytes, ETag %q", inm, r.status, len(r.body), r.header.Get("ETag"))
				}
			}
			if r := c.request(http.MethodGet, path, nil, map[string]string{"If-None-Match": `"other"`}); r.status != http.StatusOK {
				t.Errorf("another ETag: status %d", r.status)
			}
			h := c.request(http.MethodHead, path, nil, identity)
			if h.status != http.StatusOK || h.body != "" || h.header.Get("ETag") != tag || h.header.Get("Content-Length") != strconv.Itoa(len(want)) {
				t.Errorf("HEAD: status %d, %d bytes, headers %v", h.status, len(h.body), h.header)
			}
			z := c.request(http.MethodGet, path, nil, map[string]string{"Accept-Encoding": "gzip"})
			zt := z.header.Get("ETag")
			if z.header.Get("Content-Encoding") != "gzip" || gunzip(t, z.body) != string(want) || zt == tag || !strings.HasPrefix(zt, `"`) ||
				!strings.Contains(vary(z.header), "Accept-Encoding") || len(z.body) >= len(want) {
				t.Errorf("gzip: %d of %d bytes, headers %v", len(z.body), len(want), z.header)
			}
			z304 := c.request(http.MethodGet, path, nil, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": zt})
			if z304.status != http.StatusNotModified || z304.header.Get("Content-Encoding") != "" {
				t.Errorf("gzip revalidation: status %d, headers %v", z304.status, z304.header)
			}
		})
	}
	for _, path := range []string{"/static/nope.css", "/static/", "/static/../go.mod"} {
		if r := c.get(path); r.status != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, r.status)
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
	f.drawDigital()
	c := f.app.client()
	gz := map[string]string{"Accept-Encoding": "gzip"}
	for _, path := range []string{f.path + "/card/1", f.path + "/rounds/1", "/login", "/api/tournaments/1", "/t/1/nope"} {
		plain := c.request(http.MethodGet, path, nil, map[string]string{"Accept-Encoding": "identity"})
		z := c.request(http.MethodGet, path, nil, gz)
		if z.status != plain.status || z.header.Get("Content-Encoding") != "gzip" || !strings.Contains(vary(z.header), "Accept-Encoding") {
			t.Errorf("%s: status %d, headers %v", path, z.status, z.header)
			continue
		}
		if got := gunzip(t, z.body); len(got) < len(plain.body)*9/10 || len(z.body) >= len(plain.body) {
			t.Errorf("%s: %d bytes gzipped to %d, plain %d", path, len(got), len(z.body), len(plain.body))
		}
		if plain.header.Get("Content-Encoding") != "" {
			t.Errorf("%s: gzipped without Accept-Encoding", path)
		}
	}
	if r := c.request(http.MethodGet, f.path+"/card/1", nil, map[string]string{"Accept-Encoding": "gzip;q=0, identity"}); r.header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 answered gzipped")
	}
	if r := c.request(http.MethodGet, f.path+"/card/1/qr.png", nil, gz); r.status != http.StatusOK || r.header.Get("Content-Encoding") != "" {
		t.Errorf("QR code: status %d, Content-Encoding %q", r.status, r.header.Get("Content-Encoding"))
	}
	// A redirect has no body to compress.
	if r := c.request(http.MethodGet, "/tournaments", nil, gz); r.status != http.StatusSeeOther || r.header.Get("Content-Encoding") != "" {
		t.Errorf("redirect: status %d, Content-Encoding %q", r.status, r.header.Get("Content-Encoding"))
	}
}

// TestPlayerPageWeight: the player's page with everything it loads (its
// style sheet and scripts) transfers under 30 KB gzipped.
func TestPlayerPageWeight(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	c := f.app.client()
	browser := map[string]string{"Accept-Encoding": "gzip", "Sec-Fetch-Site": "same-origin"}
	page := c.request(http.MethodGet, f.path+"/card/1", nil, browser)
	total := len(page.body)
	for _, asset := range []string{"/static/style.css", "/static/htmx.min.js", "/static/app.js", "/static/live-worker.js"} {
		if asset != "/static/live-worker.js" && !strings.Contains(gunzip(t, page.body), `"`+asset+`"`) {
			t.Errorf("the page does not load %s", asset)
		}
		total += len(c.request(http.MethodGet, asset, nil, browser).body)
	}
	t.Logf("player's page and what it loads: %d bytes gzipped", total)
	if total >= 30<<10 {
		t.Errorf("%d bytes, want under 30 KB", total)
	}
}
