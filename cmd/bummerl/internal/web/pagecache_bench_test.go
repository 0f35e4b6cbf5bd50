package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkPublicPages serves the pages phones and the notice board ask
// for on a 256-card tournament after round 1, through Echo without the
// network: from the page cache (an anonymous visitor, as wrk asks: no
// cookie, no gzip) and rendered afresh (the cache off, as before it).
func BenchmarkPublicPages(b *testing.B) {
	app, path := benchApp(b, 256)
	for _, page := range []string{"/card/17", "/standings", "/rounds/1"} {
		for _, cached := range []bool{true, false} {
			name := strings.ReplaceAll(page[1:], "/", "-") + "-rendered"
			if cached {
				name = strings.ReplaceAll(page[1:], "/", "-") + "-cached"
			}
			b.Run(name, func(b *testing.B) {
				pages := serverOf(app).pages
				if !cached {
					serverOf(app).pages = nil
					defer func() { serverOf(app).pages = pages }()
				}
				for b.Loop() {
					req := httptest.NewRequest(http.MethodGet, path+page, nil)
					rec := httptest.NewRecorder()
					echoOf(app).ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("GET %s: %d", page, rec.Code)
					}
				}
			})
		}
	}
}
