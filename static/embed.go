// Package static holds the web app's assets (CSS, vendored htmx), embedded
// in the binary so the app runs at a venue without internet.
package static

import "embed"

// FS holds every asset; the server serves it under /static/.
//
//go:embed app.js cards.css htmx.min.js live-worker.js names.css names.js play.css screen.css style.css till.css
var FS embed.FS
