package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/domain/bot"
	"bummerl/store"
	"bummerl/views"
)

// Config is what the web app needs besides the store.
type Config struct {
	// BaseURL is the address players reach the app under (QR codes link
	// there); "" means the address of the request. An https base URL makes
	// the cookies Secure.
	BaseURL string
	Log     *slog.Logger
	// Now is the clock of the login throttle; tests replace it.
	Now func() time.Time
	// TrustedProxies are the proxies whose X-Forwarded-For header names
	// the client (--trusted-proxy); without any, the connection's address
	// is the client's.
	TrustedProxies []*net.IPNet
	// PasswordChecks is how many password checks (bcrypt) may run at
	// once; 0 means one less than the cores, at least one. CheckPassword
	// replaces the store's check in tests.
	PasswordChecks int
	CheckPassword  func(ctx context.Context, name, password string) (store.User, error)
	// StreamsPerIP bounds the visitors' live streams from one client
	// address (--streams-per-ip); 0: defaultStreamsPerIP.
	StreamsPerIP int
	// Bot is the practice opponent's strength (practice.go); zero means
	// the defaults of domain/bot with practiceNodes, what players meet.
	// Tests make it quick.
	Bot bot.Options
	// Rand is where the secret seeds of digital draws come from (P-4);
	// nil means crypto/rand. Tests give a seeded stream to replay draws.
	Rand io.Reader
}

// server holds the dependencies of the handlers. Handlers are thin: parse
// the request, write through a use case (actions.go) or read the store
// and the domain, render a view.
type server struct {
	store   *store.Store
	baseURL string
	secure  bool
	log     *slog.Logger
	rand    io.Reader // draw seeds (serverConfig.Rand)
	act     actions   // the writes, each once for its page and its API (actions.go)
	logins  *loginLimits
	judges  *judgeLimits // the referee's judgments, page and API (referee_limits.go)
	// practice are the practice games against the bot, whys bounds the
	// bot's explanations (practice.go).
	practice *practiceGames
	whys     *addrBound
	// work counts the tournament's requests being served, for the bot to
	// give way (botduty.go); aside are the routes it does not count
	// ("GET /path", as access).
	work  *tournamentWork
	aside map[string]bool
	// access records who may use each route ("GET /path" → access); the
	// route table fills it and the security tests check it.
	access    map[string]access
	ownLimit  map[string]bool // routes with a body limit of their own, keyed as access
	csrfCheck echo.MiddlewareFunc
	// setupMu makes the first-organiser check and insert one step, so two
	// browsers racing on the setup page cannot both create an organiser.
	setupMu sync.Mutex
	// live streams the tournaments' revisions (live.go); pages keeps the
	// public pages rendered per revision (pagecache.go; nil: no cache).
	live   *liveStreams
	pages  *httpkit.PageCache
	snaps  *snapshots           // the public pages' tournaments, one load per revision
	slots  *httpkit.RenderSlots // pages rendered at once (renderslots.go)
	health healthMemo           // GET /healthz (health.go)
	// handler is the app itself: streams render their parts through it
	// as the page's own fetch would be answered (liveparts.go).
	handler http.Handler
}

// sessionTTL is how long a login lasts: a long tournament evening.
const sessionTTL = 16 * time.Hour

// New builds the Echo instance with every route and middleware.
func New(st *store.Store, cfg Config) (*echo.Echo, *server) {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.Reader
	}
	s := &server{
		store:    st,
		baseURL:  strings.TrimRight(cfg.BaseURL, "/"),
		secure:   strings.HasPrefix(cfg.BaseURL, "https://"),
		log:      cfg.Log,
		rand:     cfg.Rand,
		logins:   newLoginLimits(st, cfg),
		access:   map[string]access{},
		ownLimit: map[string]bool{},
		work:     newTournamentWork(),
		aside:    map[string]bool{},
	}
	s.act = actions{store: st, rand: cfg.Rand}
	s.practice = newPracticeGames(cfg, s.work)
	s.whys = newAddrBound(whyPerAddr, whyInside)
	s.csrfCheck = s.csrf()
	s.live, s.pages = newLiveStreams(cfg.StreamsPerIP, st.AddrCounts("streams")), httpkit.NewPageCache(httpkit.DefaultPageCacheBytes)
	s.snaps = &snapshots{byID: map[int64]*snapshotLoad{}}
	s.slots = httpkit.NewRenderSlots()
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.IPExtractor = httpkit.ClientIPExtractor(cfg.TrustedProxies)
	e.HTTPErrorHandler = s.handleError
	s.middleware(e)
	s.routes(e)
	s.handler = e
	return e, s
}

// env is the view environment of the request: language, user, CSRF token.
func env(c echo.Context) views.Env {
	e := views.Env{Lang: lang(c), Path: c.Request().URL.Path, Query: c.Request().URL.RawQuery}
	if tok, ok := c.Get(csrfKey).(string); ok {
		e.CSRF = tok
	}
	if u, ok := currentUser(c); ok {
		e.User, e.Role = u.Name, string(u.Role)
	}
	e.Setup, _ = c.Get(setupKey).(bool)
	e.Event, _ = c.Get(eventKey).(string)
	e.NoBackup, _ = c.Get(noBackupKey).(bool)
	return e
}

// render writes a templ component as the response with the given status.
// It renders into a buffer first so a failing template never leaves half a
// page behind a 200.
func render(c echo.Context, status int, comp templ.Component) error {
	var buf bytes.Buffer
	ctx := views.WithEnv(c.Request().Context(), env(c))
	if err := comp.Render(ctx, &buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// isHTMX reports whether htmx made the request, so a fragment is enough.
func isHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }

// text is the message key in the request's language.
func text(c echo.Context, key string) string { return views.Text(lang(c), key) }

// textf is text with fmt arguments.
func textf(c echo.Context, key string, args ...any) string {
	return views.Textf(lang(c), key, args...)
}

// requestBase is the URL players reach the app under: the configured base
// URL, else the scheme and host of this request (requestHostBase: a bad
// Host header gives the connection's local address).
func (s *server) requestBase(c echo.Context) string {
	if s.baseURL != "" {
		return s.baseURL
	}
	return httpkit.RequestHostBase(c)
}

// redirect answers a form post: 303 so the browser follows with a GET.
func redirect(c echo.Context, url string) error { return c.Redirect(http.StatusSeeOther, url) }
