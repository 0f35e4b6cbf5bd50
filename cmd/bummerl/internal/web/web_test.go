package web

import (
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// newTestApp starts the app with an empty database (webtest.App).
func newTestApp(t testing.TB) *webtest.App { return webtest.NewApp(t, build(nil)) }

// newTestAppOn starts the app on st, which it closes at the end.
func newTestAppOn(t testing.TB, st *store.Store) *webtest.App {
	return webtest.Start(t, st, build(nil))
}

// newTestAppConfig is newTestApp with a changed server configuration.
func newTestAppConfig(t testing.TB, change func(*Config)) *webtest.App {
	return webtest.NewApp(t, build(change))
}

// build makes the app for webtest, its configuration changed by change
// unless nil; the server rides along for serverOf.
func build(change func(*Config)) func(webtest.Env) (http.Handler, any) {
	return func(env webtest.Env) (http.Handler, any) {
		cfg := Config{BaseURL: env.BaseURL, Log: env.Log, Now: env.Now, Rand: env.Rand}
		if change != nil {
			change(&cfg)
		}
		return New(env.Store, cfg)
	}
}

// serverOf is the server behind a test app, for the tests of its insides.
func serverOf(a *webtest.App) *server { return a.Server.(*server) }

// echoOf is the Echo app a test app serves.
func echoOf(a *webtest.App) *echo.Echo { return a.Handler.(*echo.Echo) }

// The harness's clients find the CSRF token under the app's cookie name.
func TestCSRFCookieName(t *testing.T) {
	if csrfCookie != webtest.CSRFCookie {
		t.Fatalf("webtest.CSRFCookie %q, the app's cookie %q", webtest.CSRFCookie, csrfCookie)
	}
}
