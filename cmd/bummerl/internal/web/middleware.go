package web

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/store"
	"bummerl/views"
)

// Cookie names and context keys shared by the middleware and the handlers.
const (
	sessionCookie = "bummerl_session"
	langCookie    = "bummerl_lang"
	csrfCookie    = "bummerl_csrf"
	csrfKey       = httpkit.CSRFKey
	userKey       = "user"
	langKey       = "lang"
	setupKey      = "setup"     // set while no account exists (the first start)
	noBackupKey   = "no-backup" // PostgreSQL: no backup download (pg_dump backs up)
)

// access says who may use a route.
type access int

const (
	public    access = iota // anybody, also players on their phones
	staff                   // organisers and helpers: sale desk, results
	organiser               // organisers only
)

// middleware installs what every request passes through, in order:
// recover, the count of the tournament's requests the bot gives way to
// (botduty.go), gzip (compress.go), size limit, security headers, language, who
// is asking. CSRF comes per route after the access check (routeGroup.add),
// so an anonymous request is told to log in rather than that its form
// expired.
func (s *server) middleware(e *echo.Echo) {
	e.Use(middleware.Recover())
	e.Use(s.countWork)
	e.Use(httpkit.Compress)
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: "1M", Skipper: func(c echo.Context) bool {
		return s.ownLimit[c.Request().Method+" "+c.Path()] // an import: up to 64 MiB (routeGroup.withBodyLimit)
	}}))
	e.Use(securityHeaders)
	e.Use(language)
	e.Use(s.authenticate)
}

// csrf checks the token of every state-changing request (form field _csrf
// of the posted body or htmx's X-CSRF-Token header, never the address's
// query) and hands out the token cookie.
func (s *server) csrf() echo.MiddlewareFunc {
	check := middleware.CSRFWithConfig(middleware.CSRFConfig{
		Skipper:        csrfExempt,
		TokenLookup:    "header:" + echo.HeaderXCSRFToken, // and the body's _csrf: csrfTokenFromBody
		ContextKey:     csrfKey,
		CookieName:     csrfCookie,
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSecure:   s.secure,
		CookieSameSite: http.SameSiteLaxMode,
		// A missing token is as forbidden as a wrong one (Echo says 400).
		ErrorHandler: func(_ error, c echo.Context) error {
			return forbidden(c, "csrf_invalid", "csrf.bad")
		},
	})
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		h := check(next)
		return func(c echo.Context) error {
			httpkit.CSRFTokenFromBody(c)
			return h(c)
		}
	}
}

// securityHeaders forbids framing, sniffing and inline scripts: every page
// only loads files from this site, its CSS, the vendored htmx and app.js.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		return next(c)
	}
}

// language picks the request's language: ?lang= (remembered in a cookie),
// else the cookie, else Accept-Language, else German (English for the API,
// whose clients are programs).
func language(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		l := c.QueryParam("lang")
		if isLanguage(l) {
			c.SetCookie(&http.Cookie{Name: langCookie, Value: l, Path: "/", MaxAge: 365 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode})
		} else if ck, err := c.Cookie(langCookie); err == nil && isLanguage(ck.Value) {
			l = ck.Value
		} else {
			def := views.Languages[0]
			if isAPI(c) {
				def = "en"
			}
			l = acceptLanguage(c.Request().Header.Get("Accept-Language"), def)
		}
		c.Set(langKey, l)
		return next(c)
	}
}

func isLanguage(l string) bool {
	for _, x := range views.Languages {
		if l == x {
			return true
		}
	}
	return false
}

// acceptLanguage returns the first language of the header the app speaks.
// Browsers list languages by preference, so the q weights can be ignored.
func acceptLanguage(header, def string) string {
	for _, part := range strings.Split(header, ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(tag, "-")
		if l := strings.ToLower(base); isLanguage(l) {
			return l
		}
	}
	return def
}

// lang is the language chosen by the language middleware.
func lang(c echo.Context) string {
	if l, ok := c.Get(langKey).(string); ok {
		return l
	}
	return views.Languages[0]
}

func isAPI(c echo.Context) bool { return strings.HasPrefix(c.Request().URL.Path, "/api/") }

// authenticate finds out who is asking: the session cookie for pages and
// the API; for API requests also HTTP Basic or a Bearer token. Wrong API
// credentials are refused at once rather than treated as anonymous, so a
// script with a typo in its token gets a clear 401.
func (s *server) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		rc := c.Request().Context()
		if isAPI(c) && c.Request().Header.Get(echo.HeaderAuthorization) != "" {
			u, err := s.apiCredentials(c)
			if err != nil {
				return err
			}
			c.Set(userKey, u)
			return next(c)
		}
		if ck, err := c.Cookie(sessionCookie); err == nil && ck.Value != "" {
			u, err := s.store.SessionUser(rc, ck.Value)
			switch {
			case err == nil:
				c.Set(userKey, u)
			case errors.Is(err, store.ErrNotFound):
				// Expired or logged out elsewhere: continue anonymously.
				s.clearSession(c)
			default:
				return err
			}
		}
		return next(c)
	}
}

// apiCredentials checks an Authorization header: Basic with an account's
// name and password (throttled like the login form) or Bearer with an API
// token.
func (s *server) apiCredentials(c echo.Context) (store.User, error) {
	rc := c.Request().Context()
	if name, pw, ok := c.Request().BasicAuth(); ok {
		u, wait, err := s.checkLogin(c, name, pw)
		if wait > 0 {
			return store.User{}, tooManyAttempts(c, wait)
		}
		if errors.Is(err, store.ErrBadLogin) {
			return store.User{}, unauthorized(c)
		}
		return u, err
	}
	auth := c.Request().Header.Get(echo.HeaderAuthorization)
	if tok, ok := strings.CutPrefix(auth, "Bearer "); ok && tok != "" {
		u, err := s.store.TokenUser(rc, strings.TrimSpace(tok))
		if errors.Is(err, store.ErrNotFound) {
			return store.User{}, unauthorized(c)
		}
		return u, err
	}
	return store.User{}, unauthorized(c)
}

// csrfExempt lets API calls that bring their own credentials and no session
// cookie through without a CSRF token (anonymous ones were refused before): a browser on another site cannot add
// an Authorization header, and the API only accepts JSON bodies, which a
// cross-site form cannot send.
func csrfExempt(c echo.Context) bool {
	if !isAPI(c) || c.Request().Header.Get(echo.HeaderAuthorization) == "" {
		return false
	}
	_, err := c.Cookie(sessionCookie)
	return err != nil
}

// currentUser is the logged-in user of the request, if any.
func currentUser(c echo.Context) (store.User, bool) {
	u, ok := c.Get(userKey).(store.User)
	return u, ok
}

// actor is the logged-in user — the one a write is done by — on a route
// that requires login (staff or organiser in routes.go): require lets
// nobody else through, so the user is always there.
func actor(c echo.Context) store.User {
	u, _ := currentUser(c)
	return u
}

// require guards a route group: anonymous visitors of pages are sent to the
// login page, API clients get 401; a helper on an organiser route gets 403.
func (s *server) require(a access) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if a == public {
				return next(c)
			}
			u, ok := currentUser(c)
			if !ok {
				if !isAPI(c) && c.Request().Method == http.MethodGet {
					return redirect(c, "/login?next="+url.QueryEscape(c.Request().URL.RequestURI()))
				}
				return unauthorized(c)
			}
			if a == organiser && u.Role != store.Organiser {
				return forbidden(c, "forbidden", "auth.forbidden")
			}
			return next(c)
		}
	}
}

// startSession logs u in on this browser.
func (s *server) startSession(c echo.Context, u store.User) error {
	tok, err := s.store.NewSession(c.Request().Context(), u.ID, sessionTTL)
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{
		Name: sessionCookie, Value: tok, Path: "/",
		Expires:  time.Now().Add(sessionTTL),
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode,
	})
	return nil
}

// clearSession removes the session cookie from the browser.
func (s *server) clearSession(c echo.Context) {
	c.SetCookie(&http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
}
