package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"

	"github.com/labstack/echo/v4/middleware"
)

// gunzip decompresses a body the test asked for gzipped.
func gunzip(t testing.TB, body string) string {
	t.Helper()
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPageCache: visitors' pages are rendered once per revision and kept;
// what the cache serves is byte for byte a fresh render for the same
// visitor, with his own CSRF token and cookies; a change is shown at once.
func TestPageCache(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.DrawDigital()
	pages := serverOf(f.App).pages
	a, b := f.App.Client(), f.App.Client()
	htmx := map[string]string{"HX-Request": "true"}
	for _, path := range []string{f.Path, f.Path + "/card/1", f.Path + "/rounds", f.Path + "/rounds/1",
		f.Path + "/rounds/1?q=Spieler+2", f.Path + "/standings", f.Path + "/standings?lang=en"} {
		for _, h := range []map[string]string{nil, htmx} {
			misses, hits := pages.Misses.Load(), pages.Hits.Load()
			first := a.Request(http.MethodGet, path, nil, h)
			second := a.Request(http.MethodGet, path, nil, h)
			if first.Status != http.StatusOK || pages.Misses.Load() != misses+1 || pages.Hits.Load() != hits+1 {
				t.Errorf("%s (htmx %v): status %d, %d misses and %d hits, want one each", path, h != nil, first.Status,
					pages.Misses.Load()-misses, pages.Hits.Load()-hits)
			}
			if second.Body != first.Body {
				t.Errorf("%s (htmx %v): the cached page differs from the first render", path, h != nil)
			}
			if fresh := uncached(f.App, a, path, h); fresh.Body != second.Body {
				t.Errorf("%s (htmx %v): the cached page differs from a fresh render:\n%s\n----\n%s", path, h != nil, second.Body, fresh.Body)
			}
			// Another visitor: his own token and cookie, nothing of a's.
			other := b.Request(http.MethodGet, path, nil, h)
			ta, tb := a.CSRF(), b.CSRF()
			if h == nil && (!strings.Contains(other.Body, tb) || strings.Contains(other.Body, ta)) {
				t.Errorf("%s: the second visitor's page does not carry his own token only", path)
			}
			if strings.ReplaceAll(other.Body, tb, ta) != first.Body {
				t.Errorf("%s (htmx %v): pages of two visitors differ in more than the token", path, h != nil)
			}
			if ck := other.Header.Values("Set-Cookie"); len(ck) == 0 || !strings.Contains(strings.Join(ck, ";"), csrfCookie+"="+tb) {
				t.Errorf("%s: Set-Cookie %q, want the visitor's own CSRF cookie", path, ck)
			}
		}
	}
	// The fragment and the page, and the languages, are kept apart.
	if page, frag := a.Get(f.Path+"/standings").Body, a.Request(http.MethodGet, f.Path+"/standings", nil, htmx).Body; !strings.Contains(page, "<html") || strings.Contains(frag, "<html") {
		t.Error("page and fragment mixed up")
	}
	if en := a.Get(f.Path + "/standings?lang=en").Body; !strings.Contains(en, `lang="en"`) {
		t.Error("the English page is not English")
	}

	// A result: the next request renders the new revision.
	card := f.Path + "/card/" + strconv.Itoa(int(f.FirstPlayable(1).A))
	before := a.Get(card).Body
	m := f.FirstPlayable(1)
	if r := f.Quick(f.Helper, 1, m, m.A, "2:0"); r.Status != http.StatusSeeOther {
		t.Fatalf("result: status %d", r.Status)
	}
	after := a.Get(card).Body
	if after == before || !strings.Contains(after, `data-live-rev="`+strconv.FormatInt(f.Revision(), 10)+`"`) {
		t.Errorf("the player's page after the result is the old one")
	}
	if fresh := uncached(f.App, a, card, nil); fresh.Body != a.Get(card).Body {
		t.Error("after the result the cached page differs from a fresh render")
	}
	// The older revision's pages are gone.
	rev := f.Revision()
	if revs := pages.Revisions(f.ID); len(revs) > 1 || len(revs) == 1 && revs[0] != rev {
		t.Errorf("pages of revisions %v kept at revision %d", revs, rev)
	}
}

// TestPageCacheStaff: pages of logged-in staff are never taken from the
// cache nor put in it: they show links and forms visitors must not get.
func TestPageCacheStaff(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.DrawDigital()
	pages := serverOf(f.App).pages
	visitor := f.App.Client()
	round := f.Path + "/rounds/1"
	visitor.Get(round) // cached now
	n, hits := pages.Len(), pages.Hits.Load()
	staff := f.Helper.Get(round).Body
	if pages.Len() != n || pages.Hits.Load() != hits {
		t.Errorf("a helper's request used the cache: %d → %d pages, %d → %d hits", n, pages.Len(), hits, pages.Hits.Load())
	}
	webtest.MustContain(t, staff, `data-testid="whoami"`, "Hans")
	page := visitor.Get(round).Body
	webtest.MustNotContain(t, page, `data-testid="whoami"`, "Hans")
	if pages.Hits.Load() != hits+1 {
		t.Error("the visitor's second request was not served from the cache")
	}
}

// TestPageCacheTokens: the token a visitor brings in his cookie is put in
// the page escaped exactly as a fresh render escapes it; browsers that
// send Sec-Fetch-Site share one gzipped copy.
func TestPageCacheTokens(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.DrawDigital()
	path := f.Path + "/card/1"
	f.App.Client().Get(path) // cached now
	odd := f.App.Client()
	u, _ := url.Parse(f.App.Srv.URL)
	odd.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: csrfCookie, Value: `a&b'c<d`}})
	got, fresh := odd.Get(path), uncached(f.App, odd, path, nil)
	if got.Body != fresh.Body || !strings.Contains(got.Body, "a&amp;b&#39;c&lt;d") {
		t.Errorf("an odd token is not put in as a fresh render does:\n%s", got.Body)
	}

	browser := map[string]string{"Sec-Fetch-Site": "same-origin", "Accept-Encoding": "gzip"}
	c := f.App.Client()
	r1, r2 := c.Request(http.MethodGet, path, nil, browser), c.Request(http.MethodGet, path, nil, browser)
	if r1.Header.Get("Content-Encoding") != "gzip" || r2.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q, %q, want gzip", r1.Header.Get("Content-Encoding"), r2.Header.Get("Content-Encoding"))
	}
	plain := uncached(f.App, c, path, map[string]string{"Sec-Fetch-Site": "same-origin"})
	if gunzip(t, r1.Body) != plain.Body || gunzip(t, r2.Body) != plain.Body || !strings.Contains(plain.Body, middleware.CSRFUsingSecFetchSite) {
		t.Error("the gzipped page differs from a fresh render")
	}
	if r2.Header.Get("Content-Length") != strconv.Itoa(len(r2.Body)) {
		t.Errorf("Content-Length %s of %d bytes", r2.Header.Get("Content-Length"), len(r2.Body))
	}
}

// uncached renders a page bypassing the cache, as for the first visitor.
func uncached(a *webtest.App, c *webtest.Client, path string, header map[string]string) webtest.Response {
	a.T.Helper()
	pages := serverOf(a).pages
	serverOf(a).pages = nil
	defer func() { serverOf(a).pages = pages }()
	return c.Request(http.MethodGet, path, nil, header)
}
