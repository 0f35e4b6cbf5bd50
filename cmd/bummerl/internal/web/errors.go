package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
	"bummerl/views"
)

// webError is a refusal of the web layer itself (not logged in, CSRF, bad
// JSON, throttled), with its status, a stable code and a translated message.
type webError struct {
	Status  int
	Code    string
	Field   string
	Message string
}

func (e *webError) Error() string { return e.Message }

func unauthorized(c echo.Context) error {
	// Bearer, not Basic: a Basic challenge would make browsers prompt and
	// then send the cached password with every cross-site request.
	c.Response().Header().Set(echo.HeaderWWWAuthenticate, `Bearer realm="bummerl"`)
	return &webError{http.StatusUnauthorized, "unauthorized", "", text(c, "login.required")}
}

func forbidden(c echo.Context, code, key string) error {
	return &webError{http.StatusForbidden, code, "", text(c, key)}
}

func tooManyAttempts(c echo.Context, wait time.Duration) error {
	c.Response().Header().Set("Retry-After", strconv.Itoa(seconds(wait)))
	return &webError{http.StatusTooManyRequests, "too_many_attempts", "", textf(c, "login.throttled", seconds(wait))}
}

func badRequest(c echo.Context, field, key string, args ...any) error {
	return &webError{http.StatusBadRequest, "bad_request", field, textf(c, key, args...)}
}

func notFound(c echo.Context) error {
	return &webError{http.StatusNotFound, "not_found", "", text(c, "error.not_found")}
}

// problem is an error as the user sees it: status, code, field, message.
type problem struct {
	status int
	code   string
	field  string
	msg    string
}

// statusOf maps the kinds of the domain's and the store's errors to HTTP
// statuses; this is the one place that does, the digital tables' refusals
// included.
func statusOf(err error) int {
	switch tournament.ErrorKind(err) {
	case tournament.Invalid:
		return http.StatusUnprocessableEntity
	case tournament.Conflict:
		return http.StatusConflict
	case tournament.NotFound:
		return http.StatusNotFound
	}
	if de := (*draw.Error)(nil); errors.As(err, &de) {
		return http.StatusUnprocessableEntity
	}
	if te := (*table.Error)(nil); errors.As(err, &te) {
		switch te.Code {
		case table.CodeStale, table.CodeMatchOver, table.CodeDuplicateID: // the table has gone past the move
			return http.StatusConflict
		}
		return http.StatusUnprocessableEntity
	}
	if se := (*schnapsen.Error)(nil); errors.As(err, &se) { // a move the rules do not allow
		return http.StatusUnprocessableEntity
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, store.ErrConflict), errors.Is(err, store.ErrUserExists), errors.Is(err, store.ErrBackupExists),
		errors.Is(err, store.ErrLastOrganiser), errors.Is(err, store.ErrDuplicateImport), errors.Is(err, store.ErrPersonsUnconfirmed):
		return http.StatusConflict
	case errors.Is(err, store.ErrTableBusy), errors.Is(err, store.ErrTableClosed), errors.Is(err, store.ErrTableMatchChanged):
		return http.StatusConflict
	case errors.Is(err, store.ErrBadUser), errors.Is(err, store.ErrBadDocument):
		return http.StatusUnprocessableEntity
	case errors.Is(err, store.ErrDocumentTooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, store.ErrBadLogin):
		return http.StatusUnauthorized
	case errors.Is(err, store.ErrPostgresBackup): // pg_dump's work, not the app's
		return http.StatusNotImplemented
	}
	return http.StatusInternalServerError
}

// explain turns any error into what the user is told. Errors the user
// cannot act on (a broken disk, a bug) become a plain 500 without detail.
func explain(c echo.Context, err error) problem {
	l := lang(c)
	var (
		we *webError
		rf *refusal
		te *tournament.Error
		de *draw.Error
		tb *table.Error
		sc *schnapsen.Error
		se *store.Error
		he *echo.HTTPError
	)
	switch {
	case errors.As(err, &we):
		return problem{we.Status, we.Code, we.Field, we.Message}
	case errors.As(err, &rf):
		return problem{rf.status, rf.code, rf.field, textf(c, rf.key, rf.args...)}
	case errors.As(err, &te):
		return problem{statusOf(err), te.Code, te.Field, te.Text(l)}
	case errors.As(err, &de):
		return problem{statusOf(err), "draw_" + string(de.Code), drawField(c, de), de.Text(l)}
	case errors.As(err, &tb):
		return problem{statusOf(err), tb.Code, "", tb.Text(l)}
	case errors.As(err, &sc):
		return problem{statusOf(err), sc.Code, "", sc.Text(l)}
	case errors.As(err, &se):
		p := problem{statusOf(err), se.Code, se.Field, ErrorText(se, l)}
		if errors.Is(err, store.ErrUserExists) {
			p.field = "name"
		}
		return p
	case errors.As(err, &he):
		// Echo's own errors: unknown route, wrong method, body too large.
		switch he.Code {
		case http.StatusNotFound:
			return problem{he.Code, "not_found", "", text(c, "error.not_found")}
		case http.StatusMethodNotAllowed:
			return problem{he.Code, "method_not_allowed", "", text(c, "error.method")}
		case http.StatusRequestEntityTooLarge:
			return problem{he.Code, "too_large", "", text(c, "error.too_large")}
		}
		if he.Code < 500 {
			return problem{he.Code, "bad_request", "", text(c, "error.bad_request")}
		}
	}
	return problem{http.StatusInternalServerError, "internal", "", text(c, "error.internal")}
}

// drawKinds maps the input a draw error names to the entry's field it is
// shown at: the numbers and cards of an entry are typed as its left ones.
var drawKinds = map[string]string{"player": "player", "left": "left", "numbers": "left", "cards": "left", "right": "right"}

// drawField names the input a draw error is about: the entry's JSON path
// in the API ("groups[0][4].right"), its field of the physical draw form
// on a page; "" when the error is not about one entry.
func drawField(c echo.Context, de *draw.Error) string {
	kind := drawKinds[de.Field]
	if de.Group < 0 || de.Entry < 0 || kind == "" {
		return ""
	}
	if isAPI(c) {
		return fmt.Sprintf("groups[%d][%d].%s", de.Group, de.Entry, kind)
	}
	return views.PhysicalField(kind[:1], de.Group, de.Entry)
}

// apiError is the JSON body of every API error (docs/api.md).
type apiError struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
	Code  string `json:"code"`
	// Player is the existing player of a player_exists refusal.
	Player int `json:"player,omitempty"`
	// Tournament is the tournament already there of a duplicate_import.
	Tournament int64 `json:"tournament,omitempty"`
	// Matches are the players of a persons_unconfirmed import the
	// register knows by name only.
	Matches []store.NameMatch `json:"matches,omitempty"`
}

// handleError is Echo's central error handler: JSON for the API, an error
// page for everything else. Unexpected errors are logged with the request.
func (s *server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	p := explain(c, err)
	if p.status >= 500 {
		s.log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	}
	var werr error
	switch {
	case c.Request().Method == http.MethodHead:
		werr = c.NoContent(p.status)
	case isAPI(c):
		werr = c.JSON(p.status, apiError{Error: p.msg, Field: p.field, Code: p.code, Player: refusedPlayer(err)})
	case isHTMX(c):
		// The message alone, at the top of the page whatever the request
		// targeted: static/app.js has htmx swap 4xx answers with HTML.
		h := c.Response().Header()
		h.Set("HX-Retarget", "main")
		h.Set("HX-Reswap", "afterbegin show:top")
		werr = render(c, p.status, views.ErrorNotice(p.msg))
	default:
		s.issueCSRF(c)
		werr = render(c, p.status, views.ErrorPage(p.status, p.msg))
	}
	if werr != nil {
		s.log.Error("writing error response", "err", werr)
	}
}

// refusedPlayer is the existing player a refusal is about (player_exists),
// or 0.
func refusedPlayer(err error) int {
	if te := (*tournament.Error)(nil); errors.As(err, &te) {
		return int(te.Player)
	}
	return 0
}

// issueCSRF gives an error page the CSRF token for its forms (logout in
// the header). Routes get it from their CSRF check, but an error page may
// come from no route (404) or from a refusal before the check (403), so
// the check runs here as for a GET, which only hands out the token.
func (s *server) issueCSRF(c echo.Context) {
	if _, ok := c.Get(csrfKey).(string); ok {
		return
	}
	req := c.Request()
	get := req.Clone(req.Context())
	get.Method = http.MethodGet
	c.SetRequest(get)
	defer c.SetRequest(req)
	_ = s.csrfCheck(func(echo.Context) error { return nil })(c) // a GET is never refused
}

// formError shows a refused form again: a user error goes to its field (or
// to the top of the form) with the user's input kept, rendered by show with
// the error's status. Anything else goes on to the central handler.
func formError(c echo.Context, f views.Form, err error, show func(status int, f views.Form) error) error {
	p := explain(c, err)
	if p.status >= 500 || p.status == http.StatusUnauthorized {
		return err
	}
	// A field the page does not show gets the message at the top.
	if _, shown := f.Values[p.field]; !shown {
		p.field = views.General
	}
	f.Fail(p.field, p.msg)
	return show(p.status, f)
}

// ErrorText is the message of err in lang, for the pages and the command
// line alike: a store refusal worded from the views' catalogue, a domain
// error from its own catalogue, anything else its English text.
func ErrorText(err error, lang string) string {
	if se := (*store.Error)(nil); errors.As(err, &se) {
		return views.Refusalf(lang, "store."+se.Key(), se.Args...)
	}
	var t interface{ Text(string) string }
	if errors.As(err, &t) {
		return t.Text(lang)
	}
	return err.Error()
}
