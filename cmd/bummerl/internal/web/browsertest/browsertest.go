// Package browsertest holds the web app's browser tests: headless Chromium
// (chromedp) drives the real app on a test app of package webtest, the way
// staff, players and the projector use it. They are a test binary of their
// own, so "go test ./..." runs them beside the web package's HTTP tests
// and the store's (docs/web.md "Browser tests"). The package has no code
// besides its tests.
package browsertest
