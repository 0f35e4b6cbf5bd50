package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

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

// fresh renders a page bypassing the cache, as for the first visitor.
func (a *testApp) fresh(c *testClient, path string, header map[string]string) response {
	a.t.Helper()
	pages := a.s.pages
	a.s.pages = nil
	defer func() { a.s.pages = pages }()
	return c.request(http.MethodGet, path, nil, header)
}

// TestPageCache: visitors' pages are rendered once per revision and kept;
// what the cache serves is byte for byte a fresh render for the same
// visitor, with his own CSRF token and cookies; a change is shown at once.
func TestPageCache(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.drawDigital()
	pages := f.app.s.pages
	a, b := f.app.client(), f.app.client()
	htmx := map[string]string{"HX-Request": "true"}
	for _, path := range []string{f.path, f.path + "/card/1", f.path + "/rounds", f.path + "/rounds/1",
		f.path + "/rounds/1?q=Spieler+2", f.path + "/standings", f.path + "/standings?lang=en"} {
		for _, h := range []map[string]string{nil, htmx} {
			misses, hits := pages.Misses.Load(), pages.Hits.Load()
			first := a.request(http.MethodGet, path, nil, h)
			second := a.request(http.MethodGet, path, nil, h)
			if first.status != http.StatusOK || pages.Misses.Load() != misses+1 || pages.Hits.Load() != hits+1 {
				t.Errorf("%s (htmx %v): status %d, %d misses and %d hits, want one each", path, h != nil, first.status,
					pages.Misses.Load()-misses, pages.Hits.Load()-hits)
			}
			if second.body != first.body {
				t.Errorf("%s (htmx %v): the cached page differs from the first render", path, h != nil)
			}
			if fresh := f.app.fresh(a, path, h); fresh.body != second.body {
				t.Errorf("%s (htmx %v): the cached page differs from a fresh render:\n%s\n----\n%s", path, h != nil, second.body, fresh.body)
			}
			// Another visitor: his own token and cookie, nothing of a's.
			other := b.request(http.MethodGet, path, nil, h)
			ta, tb := a.csrf(), b.csrf()
			if h == nil && (!strings.Contains(other.body, tb) || strings.Contains(other.body, ta)) {
				t.Errorf("%s: the second visitor's page does not carry his own token only", path)
			}
			if strings.ReplaceAll(other.body, tb, ta) != first.body {
				t.Errorf("%s (htmx %v): pages of two visitors differ in more than the token", path, h != nil)
			}
			if ck := other.header.Values("Set-Cookie"); len(ck) == 0 || !strings.Contains(strings.Join(ck, ";"), csrfCookie+"="+tb) {
				t.Errorf("%s: Set-Cookie %q, want the visitor's own CSRF cookie", path, ck)
			}
		}
	}
	// The fragment and the page, and the languages, are kept apart.
	if page, frag := a.get(f.path+"/standings").body, a.request(http.MethodGet, f.path+"/standings", nil, htmx).body; !strings.Contains(page, "<html") || strings.Contains(frag, "<html") {
		t.Error("page and fragment mixed up")
	}
	if en := a.get(f.path + "/standings?lang=en").body; !strings.Contains(en, `lang="en"`) {
		t.Error("the English page is not English")
	}

	// A result: the next request renders the new revision.
	card := f.path + "/card/" + strconv.Itoa(int(f.firstPlayable(1).A))
	before := a.get(card).body
	m := f.firstPlayable(1)
	if r := f.quick(f.helper, 1, m, m.A, "2:0"); r.status != http.StatusSeeOther {
		t.Fatalf("result: status %d", r.status)
	}
	after := a.get(card).body
	if after == before || !strings.Contains(after, `data-live-rev="`+strconv.FormatInt(f.revision(), 10)+`"`) {
		t.Errorf("the player's page after the result is the old one")
	}
	if fresh := f.app.fresh(a, card, nil); fresh.body != a.get(card).body {
		t.Error("after the result the cached page differs from a fresh render")
	}
	// The older revision's pages are gone.
	rev := f.revision()
	if revs := pages.Revisions(f.id); len(revs) > 1 || len(revs) == 1 && revs[0] != rev {
		t.Errorf("pages of revisions %v kept at revision %d", revs, rev)
	}
}

// TestPageCacheStaff: pages of logged-in staff are never taken from the
// cache nor put in it: they show links and forms visitors must not get.
func TestPageCacheStaff(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.drawDigital()
	pages := f.app.s.pages
	visitor := f.app.client()
	round := f.path + "/rounds/1"
	visitor.get(round) // cached now
	n, hits := pages.Len(), pages.Hits.Load()
	staff := f.helper.get(round).body
	if pages.Len() != n || pages.Hits.Load() != hits {
		t.Errorf("a helper's request used the cache: %d → %d pages, %d → %d hits", n, pages.Len(), hits, pages.Hits.Load())
	}
	mustContain(t, staff, `data-testid="whoami"`, "Hans")
	page := visitor.get(round).body
	mustNotContain(t, page, `data-testid="whoami"`, "Hans")
	if pages.Hits.Load() != hits+1 {
		t.Error("the visitor's second request was not served from the cache")
	}
}

// TestPageCacheTokens: the token a visitor brings in his cookie is put in
// the page escaped exactly as a fresh render escapes it; browsers that
// send Sec-Fetch-Site share one gzipped copy.
func TestPageCacheTokens(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1)
	f.drawDigital()
	path := f.path + "/card/1"
	f.app.client().get(path) // cached now
	odd := f.app.client()
	u, _ := url.Parse(f.app.srv.URL)
	odd.http.Jar.SetCookies(u, []*http.Cookie{{Name: csrfCookie, Value: `a&b'c<d`}})
	got, fresh := odd.get(path), f.app.fresh(odd, path, nil)
	if got.body != fresh.body || !strings.Contains(got.body, "a&amp;b&#39;c&lt;d") {
		t.Errorf("an odd token is not put in as a fresh render does:\n%s", got.body)
	}

	browser := map[string]string{"Sec-Fetch-Site": "same-origin", "Accept-Encoding": "gzip"}
	c := f.app.client()
	r1, r2 := c.request(http.MethodGet, path, nil, browser), c.request(http.MethodGet, path, nil, browser)
	if r1.header.Get("Content-Encoding") != "gzip" || r2.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q, %q, want gzip", r1.header.Get("Content-Encoding"), r2.header.Get("Content-Encoding"))
	}
	plain := f.app.fresh(c, path, map[string]string{"Sec-Fetch-Site": "same-origin"})
	if gunzip(t, r1.body) != plain.body || gunzip(t, r2.body) != plain.body || !strings.Contains(plain.body, middleware.CSRFUsingSecFetchSite) {
		t.Error("the gzipped page differs from a fresh render")
	}
	if r2.header.Get("Content-Length") != strconv.Itoa(len(r2.body)) {
		t.Errorf("Content-Length %s of %d bytes", r2.header.Get("Content-Length"), len(r2.body))
	}
}
