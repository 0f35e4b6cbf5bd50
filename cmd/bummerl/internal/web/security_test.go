package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/domain/season"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// TestPendingSeedSecret: after a digital draw is announced, no page and no
// API answer shows its seed, to anybody, not even the organiser's history
// (P-4: the seed is revealed by the draw). Only the backup, a copy of the
// database, holds it. Every GET route is walked as each kind of visitor and
// must answer with its real page (status and content checked), first while
// round 1's seed is pending, then while round 2's is, with round 1's pages,
// match and print pages all there.
func TestPendingSeedSecret(t *testing.T) {
	f := newFixture(t, nil, 2, 2, 1, 1, 1, 1) // all 8 cards: round 1 has four matches
	id := strconv.FormatInt(f.ID, 10)
	// What each route shows when its visitor may see it (before: while
	// nothing is drawn, if that differs); the path gets ":" parameters
	// filled in and the query given here.
	type page struct{ query, want, before string }
	pages := map[string]page{
		"/":                                   {"", "Preisschnapsen Hinterbrühl", ""},
		"/setup":                              {"", "", ""}, // once an account exists: a redirect, checked below
		"/login":                              {"", `data-testid="login-form"`, ""},
		"/t/:id":                              {"", `data-testid="tournament-name">Preisschnapsen Hinterbrühl<`, ""},
		"/t/:id/card":                         {"?no=1", "", ""}, // the card number form: a redirect to the card
		"/t/:id/card/:no":                     {"", `data-testid="player-name">Spieler 1<`, ""},
		"/t/:id/card/:no/qr.png":              {"", "\x89PNG", ""},
		"/t/:id/rounds":                       {"", `data-testid="announced"`, ""},
		"/t/:id/rounds/:round":                {"", `data-testid="round-title">Runde 1: Viertelfinale<`, ""},
		"/t/:id/rounds/:round/protocol.json":  {"", `"format": "bummerl-draw-protocol/1"`, ""},
		"/t/:id/standings":                    {"", `data-testid="standings-live"`, ""},
		"/tournaments":                        {"", "Preisschnapsen Hinterbrühl", ""},
		"/t/:id/sale":                         {"", `data-testid="desk"`, ""},
		"/t/:id/sale/search":                  {"?q=Spieler", "Spieler 1", ""},
		"/t/:id/sale/persons":                 {"?name=spieler", `data-name="Spieler 1"`, ""},
		"/persons":                            {"", `data-testid="person-row-1"`, ""},
		"/persons/:pid":                       {"", `data-testid="person-form"`, ""},
		"/persons/:pid/merge":                 {"", `data-testid="merge-candidates"`, ""},
		"/persons/:pid/erase":                 {"", `data-testid="erase-form"`, ""},
		"/persons/:pid/export.json":           {"", `"name": "Spieler 1"`, ""},
		"/seasons":                            {"", `href="/seasons/1"`, ""},
		"/seasons/:sid":                       {"", `data-testid="season-progress"`, ""},
		"/seasons/:sid/print":                 {"", `data-testid="print-button"`, ""},
		"/seasons/:sid/standings.csv":         {"", "Platz;Name", ""},
		"/seasons/new":                        {"", `data-testid="season-form"`, ""},
		"/seasons/:sid/edit":                  {"", `data-testid="season-tournaments"`, ""},
		"/t/:id/players/:pid/edit":            {"", `value="Spieler 1"`, ""},
		"/t/:id/entry-cards":                  {"", "Startkarten · Preisschnapsen Hinterbrühl", ""},
		"/t/:id/rounds/:round/matches/:match": {"", `data-testid="pairing"`, ""},
		"/t/:id/rounds/:round/matches/:match/clear": {"", `data-testid="clear-form"`, ""},
		"/t/:id/print":                                {"", `data-testid="print-index"`, ""},
		"/t/:id/print/rounds/:round":                  {"", `data-testid="print-round"`, ""},
		"/t/:id/print/rounds/:round/sheets":           {"", "Keine Partien zu spielen.", ""}, // round 1 is over
		"/t/:id/print/bracket":                        {"", `class="bracket"`, "Die Finalrunden haben noch nicht begonnen."},
		"/t/:id/print/prizes":                         {"", `data-testid="prizes"`, ""},
		"/tournaments/new":                            {"", `data-testid="settings-form"`, ""},
		"/t/:id/settings":                             {"", "<h1>Einstellungen</h1>", ""},
		"/t/:id/draw":                                 {"", `data-testid="draw-next"`, ""},
		"/t/:id/history":                              {"", `data-testid="history"`, ""},
		"/t/:id/draw/undo":                            {"", "", ""},         // round 1 has results, nothing drawn before: back to the draw page
		"/t/:id/resize":                               {"?cards=4", "", ""}, // no shortfall: back to the desk
		"/t/:id/swiss/withdraw":                       {"?card=1", "", ""},  // Preisschnapsen: back to the draw page (issue 14)
		"/t/:id/swiss/reinstate":                      {"?card=1", "", ""},  // Preisschnapsen: back to the draw page
		"/t/:id/swiss/end":                            {"?round=1", "", ""}, // Preisschnapsen: back to the draw page (issue 14)
		"/t/:id/takings":                              {"", `data-testid="takings-net"`, ""},
		"/t/:id/takings/report":                       {"", `data-testid="till-report"`, ""},
		"/t/:id/payouts/:no/cancel":                   {"", `data-testid="cancel-payout-confirm"`, ""}, // payout 1, recorded below
		"/api/tournaments/:id/payouts":                {"", `"to":"Spieler 1"`, ""},
		"/t/:id/names":                                {"", `data-testid="names-live"`, ""},
		"/t/:id/screen/names":                         {"", `data-testid="names-title"`, ""},
		"/t/:id/entry-cards/blank":                    {"", `data-testid="entry-cards"`, ""},
		"/healthz":                                    {"", `"database":"ok"`, ""},
		"/api/seasons/:sid":                           {"", `"name":"Jahreswertung"`, ""}, // season 1, created below
		"/api/persons":                                {"?q=Spieler", `Spieler 1`, ""},
		"/api/tournaments/:id/takings":                {"", `"by_payment":[`, ""},
		"/t/:id/export/:file":                         {"", "Spieler-Nr.;Name", ""},
		"/api/tournaments/:id/export/:file":           {"", "Player no.;Name", ""},
		"/t/:id/export.json":                          {"", `"format": "bummerl-tournament"`, ""},
		"/api/tournaments/:id/export":                 {"", `"format": "bummerl-tournament"`, ""},
		"/tournaments/import":                         {"", `data-testid="import-form"`, ""},
		"/users":                                      {"", `data-testid="users"`, ""},
		"/users/:uid/remove":                          {"", `data-testid="remove-form"`, ""},
		"/users/tokens/:tid/revoke":                   {"", `data-testid="revoke-question"`, ""},
		"/api/tokens":                                 {"", `"label":"Anzeigetafel"`, ""},
		"/api/tournaments":                            {"", `"name":"Preisschnapsen Hinterbrühl"`, ""},
		"/api/tournaments/:id":                        {"", `"settings":{"name":"Preisschnapsen Hinterbrühl"`, ""},
		"/api/tournaments/:id/cards/:no/next":         {"", `"card":1,"player":{"name":"Spieler 1"`, ""},
		"/api/tournaments/:id/draw":                   {"", `"groups":[`, ""},
		"/api/tournaments/:id/rounds":                 {"", `"round":1,`, "[]"},
		"/api/tournaments/:id/rounds/:round":          {"", `"round":1,"name":"Quarterfinal"`, ""},
		"/api/tournaments/:id/rounds/:round/protocol": {"", `"format":"bummerl-draw-protocol/1"`, ""},
		"/api/tournaments/:id/standings":              {"", `"cards":[`, ""},
		"/api/tournaments/:id/prizes":                 {"", `"description":"Schinken"`, ""},
		"/api/tournaments/:id/players":                {"", `"name":"Spieler 1"`, ""},
		"/t/:id/screen":                               {"", `data-testid="screen-name">Preisschnapsen Hinterbrühl<`, ""},
		"/t/:id/tables":                               {"", `data-testid="tables-summary"`, "<h1>Tische und Aufruf</h1>"},
		"/api/tournaments/:id/tables":                 {"", `"round":1,"tables":0`, `"round":0,"tables":0`},
		// A digital table (issue 11) played on match 1 and resigned.
		"/t/:id/rounds/:round/matches/:match/play": {"", `data-testid="digital-table"`, ""},
		"/t/:id/play/:table/seat/:seat/qr.png":     {"", "\x89PNG", ""},
		"/t/:id/play/:table/record.json":           {"", `"deals":[`, ""},
		"/t/:id/play/:table/replay":                {"", `data-testid="replay-deals"`, ""},
		"/t/:id/play/:table/replay/why":            {"", `data-testid="why"`, ""}, // the bot explains step 0 (issue 25)
		"/referee":                                 {"", `data-testid="referee-form"`, ""},
		"/status":                                  {"", `data-testid="status-streams"`, ""},
		"/api/status":                              {"", `"streams":{`, ""},
		"/play/:token":                             {"", `data-testid="final"`, ""},
		"/play/:token/table":                       {"", `data-testid="final"`, ""},
		"/play/:token/state.json":                  {"", `"state":"finished"`, ""},
		"/play/:token/record.json":                 {"", `"deals":[`, ""},
		"/play/:token/replay":                      {"", `data-testid="replay-deals"`, ""},
		"/play/:token/replay/why":                  {"", `data-testid="why"`, ""},
		// A practice game against the bot (issue 25), just started.
		"/practice":                    {"", `data-testid="practice-form"`, ""},
		"/practice/:token":             {"", `data-testid="practice-banner"`, ""},
		"/practice/:token/table":       {"", `data-testid="practice-banner"`, ""},
		"/practice/:token/state.json":  {"", `"state":"playing"`, ""},
		"/practice/:token/record.json": {"", `"deals":[`, ""},
		"/practice/:token/replay":      {"", `data-testid="replay-deals"`, ""},
		"/practice/:token/replay/why":  {"", `data-testid="replay-deals"`, ""},
	}
	if _, err := f.App.Store.NewAPIToken(t.Context(), 1, "Anzeigetafel"); err != nil { // token 1, for its pages
		t.Fatal(err)
	}
	// Payout 1 and season 1, for their pages (issues 23, 24).
	if _, err := f.App.Store.RecordPayout(t.Context(), f.ID, store.User{Name: "Anna"}, tournament.Payout{Prize: 1, To: "Spieler 1", Cents: 10000, Payment: tournament.Cash}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.App.Store.CreateSeason(t.Context(), store.User{Name: "Anna"}, "Jahreswertung", season.DefaultRules()); err != nil {
		t.Fatal(err)
	}
	var digital store.DigitalTable // played once round 1 is drawn
	const practiceToken = "practice-0123456789abcdef"
	clients := map[string]*webtest.Client{"anonymous": f.App.Client(), "helper": f.Helper, "organiser": f.Org}
	level := map[string]access{"anonymous": public, "helper": staff, "organiser": organiser}
	walk := func(stage string, drawn bool) {
		pending := f.Load().Pending
		if pending == nil || pending.Seed == "" {
			t.Fatalf("%s: no announced draw", stage)
		}
		walked := 0
		for _, r := range echoOf(f.App).Routes() {
			// The stream never ends; it carries revision numbers and the
			// public pages' parts walked here (TestLiveStream,
			// TestLivePartsOneConnection).
			if r.Method != http.MethodGet || r.Path == "/backup" || r.Path == "/static/*" || r.Path == "/t/:id/events" || strings.HasSuffix(r.Path, "/:token/events") {
				continue
			}
			pg, ok := pages[r.Path]
			if !ok {
				t.Errorf("GET %s: no expected page listed here; add one", r.Path)
				continue
			}
			if !drawn && (strings.Contains(r.Path, ":round") || strings.Contains(r.Path, ":token") || strings.Contains(r.Path, ":table")) {
				continue // no round is drawn yet, no digital table played
			}
			walked++
			token := digital.Seats[0]
			if strings.HasPrefix(r.Path, practicePrefix) {
				token = practiceToken
			}
			path := strings.NewReplacer(":id", id, ":no", "1", ":pid", "1", ":uid", "2", ":tid", "1", ":sid", "1", ":round", "1", ":match", "1", ":file", "players.csv",
				":token", token, ":table", strconv.FormatInt(digital.ID, 10), ":seat", "0").Replace(r.Path) + pg.query
			for who, c := range clients {
				got := c.Get(path)
				if strings.Contains(got.Body, pending.Seed) {
					t.Errorf("%s: GET %s: the announced seed is shown to the %s", stage, path, who)
				}
				allowed := serverOf(f.App).access[r.Method+" "+r.Path] <= level[who]
				isAPI := strings.HasPrefix(path, "/api/")
				switch {
				case !allowed && who == "anonymous" && isAPI:
					if got.Status != http.StatusUnauthorized {
						t.Errorf("%s: GET %s as %s: status %d, want 401", stage, path, who, got.Status)
					}
				case !allowed && who == "anonymous":
					if got.Status != http.StatusSeeOther || !strings.HasPrefix(got.Location(), "/login?next=") {
						t.Errorf("%s: GET %s as %s: status %d to %q, want the login page", stage, path, who, got.Status, got.Location())
					}
				case !allowed:
					if got.Status != http.StatusForbidden {
						t.Errorf("%s: GET %s as %s: status %d, want 403", stage, path, who, got.Status)
					}
				case pg.want == "" || (r.Path == "/" || r.Path == "/login") && who != "anonymous":
					// A redirect: the card form to the card, setup and the
					// start and login pages of the logged in elsewhere.
					if got.Status != http.StatusSeeOther || got.Location() == "" {
						t.Errorf("%s: GET %s as %s: status %d, want a redirect", stage, path, who, got.Status)
						continue
					}
					next := c.Get(got.Location())
					if next.Status == http.StatusSeeOther { // setup → login → the tournaments
						next = c.Get(next.Location())
					}
					if next.Status != http.StatusOK || strings.Contains(next.Body, pending.Seed) {
						t.Errorf("%s: GET %s as %s: redirect to %s answers %d", stage, path, who, got.Location(), next.Status)
					}
					if r.Path == "/t/:id/card" && got.Location() != "/t/"+id+"/card/1" {
						t.Errorf("%s: the card form leads to %q", stage, got.Location())
					}
				default:
					want := pg.want
					if !drawn && pg.before != "" {
						want = pg.before
					}
					if got.Status != http.StatusOK || !strings.Contains(got.Body, want) {
						t.Errorf("%s: GET %s as %s: status %d, want 200 with %q:\n%.600s", stage, path, who, got.Status, want, got.Body)
					}
				}
			}
		}
		if walked < 20 {
			t.Errorf("%s: only %d routes walked", stage, walked)
		}
		// The public rounds page shows the commitment, never the seed.
		webtest.MustContain(t, f.App.Client().Get("/t/"+id+"/rounds").Body, pending.Commitment)
	}

	if r := f.Org.Post(f.Path+"/draw/announce", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("announce round 1: status %d", r.Status)
	}
	walk("round 1 announced", false)
	if r := f.Org.Post(f.Path+"/draw/digital", url.Values{"commitment": {f.Load().Pending.Commitment}}); r.Status != http.StatusSeeOther {
		t.Fatalf("draw round 1: status %d", r.Status)
	}
	// The computer seated at match 1 before its players came (issue 25):
	// the staff's page of the match walked below shows its game and the
	// player's link too.
	if r := f.Helper.Post(f.Path+"/rounds/1/matches/1/play/bot", url.Values{"side": {"0"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("seat the computer: %d\n%.400s", r.Status, r.Body)
	}
	// Match 1 is then played at a digital table and resigned (issue 11).
	var err error
	if digital, err = f.App.Store.StartTable(t.Context(), f.ID, 1, 1, store.User{Name: "Hans"}, "table seed", 0,
		[2]string{"seat-zero-0123456789abcdef", "seat-one-0123456789abcdef"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.App.Store.PlayMove(t.Context(), digital.ID, table.Move{ID: "r", Seat: 1, Resign: table.ResignMatch}, -1); err != nil {
		t.Fatal(err)
	}
	// A practice game against the bot (issue 25).
	if _, err := startGame(serverOf(f.App).practice, "192.0.2.1", practiceToken, table.Config{Variant: schnapsen.Soft, Closing: schnapsen.AtClose,
		BummerlToWin: 1, Seed: "practice seed"}); err != nil {
		t.Fatal(err)
	}
	webtest.MustContain(t, f.Helper.Get(f.Path+"/rounds/1/matches/1/play").Body, `data-testid="bot-game"`)
	f.FinishRound(1)
	if r := f.Org.Post(f.Path+"/draw/announce", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("announce round 2: status %d", r.Status)
	}
	// Round 1's pages, its match, clear and print pages, while round 2's seed is pending.
	walk("round 2 announced", true)
}

// TestAPIBasicThrottled: wrong passwords over the API's Basic auth count
// like failed logins; once locked, even the right one is refused.
func TestAPIBasicThrottled(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	c := app.Client()
	for i := range freeAttempts {
		if r := c.API(http.MethodGet, "/api/tournaments/1/players", webtest.Basic("Anna", "falsch-falsch"), nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("failure %d: status %d", i+1, r.Status)
		}
	}
	r := c.API(http.MethodGet, "/api/tournaments", webtest.Basic("Anna", "Anna-password"), nil)
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("locked: status %d, Retry-After %q", r.Status, r.Header.Get("Retry-After"))
	}
	// The login form shares the count: name and address are locked there too.
	if r := c.Post("/login", map[string][]string{"name": {"Anna"}, "password": {"Anna-password"}}); r.Status != http.StatusTooManyRequests {
		t.Errorf("login form while the API is locked: status %d", r.Status)
	}
	app.Clock.Add(firstWait + time.Second)
	if r := c.API(http.MethodGet, "/api/tournaments", webtest.Basic("Anna", "Anna-password"), nil); r.Status != http.StatusOK {
		t.Errorf("after the wait: status %d", r.Status)
	}
}

// TestPublicRoutesShowNothingPrivate walks every public GET route, as the
// page and for htmx, before and after the draw: no phone number, e-mail, API
// token or password hash appears, however the players were entered.
func TestPublicRoutesShowNothingPrivate(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "4", "max_cards": "2"})
	const phone, mail = "0664-555-0199", "franz@example.at"
	for _, p := range []url.Values{
		{"name": {"Franz"}, "club": {"SV Mödling"}, "phone": {phone + " " + mail}, "count": {"2"}},
		{"name": {"Maria"}, "phone": {phone}, "count": {"2"}},
	} {
		if r := f.Org.Post(f.Path+"/sale", p); r.Status != http.StatusSeeOther {
			t.Fatalf("sale: status %d\n%s", r.Status, r.Body)
		}
	}
	// Staff see them at the desk, so they are stored as typed.
	webtest.MustContain(t, f.Org.Get(f.Path+"/sale?q=franz").Body, phone+" "+mail)
	token, err := f.App.Store.NewAPIToken(t.Context(), 1, "script")
	if err != nil {
		t.Fatal(err)
	}
	// Season 1 holds the tournament: its public pages are walked too (issue 24).
	se, err := f.App.Store.CreateSeason(t.Context(), store.User{Name: "Anna"}, "Cup", season.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.App.Store.SetSeasonEvening(t.Context(), store.User{Name: "Anna"}, se.ID, f.ID, true); err != nil {
		t.Fatal(err)
	}
	secrets := []string{phone, "0664", mail, token, "$2a$", "$2b$", "password_hash"}
	id := strconv.FormatInt(f.ID, 10)
	anon := f.App.Client()
	check := func(stage string) {
		for _, r := range echoOf(f.App).Routes() {
			if r.Method != http.MethodGet || serverOf(f.App).access[r.Method+" "+r.Path] != public {
				continue
			}
			path := strings.NewReplacer(":id", id, ":no", "1", ":round", "1", ":sid", "1", "*", "style.css").Replace(r.Path)
			for _, h := range []map[string]string{nil, {"HX-Request": "true"}} {
				var got webtest.Response
				if strings.HasSuffix(path, "/events") && !strings.Contains(path, ":token") { // a stream: its first event (a seat's needs its secret link)
					s := openStream(t, f.App, &http.Transport{}, path, h)
					s.next()
					s.close()
					got = webtest.Response{Status: s.resp.StatusCode, Header: s.resp.Header, Body: s.text()}
				} else {
					got = anon.Request(http.MethodGet, path, nil, h)
				}
				if got.Status >= 500 {
					t.Errorf("%s %s: status %d", stage, path, got.Status)
				}
				for _, s := range secrets {
					if strings.Contains(got.Body, s) {
						t.Errorf("%s %s (htmx %v): shows %q", stage, path, h != nil, s)
					}
				}
			}
		}
	}
	check("before the draw")
	f.App.DrawRound1(f.ID)
	check("after the draw")
}

// TestLanguageSwitchStaysOnSite: the language links repeat the address of
// the page, also of an error page for any address typed; a path a browser
// would read as another site ("/\evil", "/<tab>/evil") stays a local one.
func TestLanguageSwitchStaysOnSite(t *testing.T) {
	app := newTestApp(t)
	c := app.Client()
	for name, tc := range map[string]struct{ path, want string }{
		"backslash":     {"/%5Cevil.example", `href="/%5Cevil.example?lang=en"`},
		"tab":           {"/%09/evil.example", `href="/%09/evil.example?lang=en"`},
		"question mark": {"/a%3Fb", `href="/a%3Fb?lang=en"`},
		"double slash":  {"//evil.example", `href="/?lang=en"`},
	} {
		t.Run(name, func(t *testing.T) {
			r := c.Get(tc.path)
			webtest.MustContain(t, r.Body, tc.want)
			webtest.MustNotContain(t, r.Body, `href="/\`, "href=\"/\t", `href="//`)
		})
	}
}

// TestSecurityHeadersEverywhere: pages, error pages (unknown address, wrong
// method, refused post, not logged in), static files and the API all carry
// the Content-Security-Policy and the other security headers.
func TestSecurityHeadersEverywhere(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	c := app.Client()
	for name, tc := range map[string]struct{ method, path string }{
		"page":          {http.MethodGet, "/login"},
		"unknown":       {http.MethodGet, "/no/such/page"},
		"wrong method":  {http.MethodPut, "/login"},
		"no csrf":       {http.MethodPost, "/login"},
		"not logged in": {http.MethodPost, "/t/1/sale"},
		"static":        {http.MethodGet, "/static/style.css"},
		"static head":   {http.MethodHead, "/static/app.js"},
		"static miss":   {http.MethodGet, "/static/nope.css"},
		"api":           {http.MethodGet, "/api/tournaments"},
		"api error":     {http.MethodGet, "/api/tournaments/99"},
	} {
		t.Run(name, func(t *testing.T) {
			r := c.Request(tc.method, tc.path, nil, nil)
			csp := r.Header.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s %s (%d): CSP %q lacks %q", tc.method, tc.path, r.Status, csp, want)
				}
			}
			if r.Header.Get("X-Content-Type-Options") != "nosniff" || r.Header.Get("X-Frame-Options") != "DENY" {
				t.Errorf("%s %s: headers %v", tc.method, tc.path, r.Header)
			}
		})
	}
}

// TestCookiesSecureBehindHTTPS: with an https base URL the session and
// CSRF cookies are Secure as well as HttpOnly and SameSite=Lax.
func TestCookiesSecureBehindHTTPS(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.AddUser(t.Context(), store.User{Name: "test"}, "Anna", "Anna-password", store.Organiser); err != nil {
		t.Fatal(err)
	}
	e, _ := New(st, Config{BaseURL: "https://bummerl.example", Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	check := func(step string, cookies []*http.Cookie, name string) *http.Cookie {
		t.Helper()
		for _, ck := range cookies {
			if ck.Name != name {
				continue
			}
			if !ck.Secure || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode {
				t.Errorf("%s: cookie %s: Secure %v, HttpOnly %v, SameSite %v", step, ck.Name, ck.Secure, ck.HttpOnly, ck.SameSite)
			}
			return ck
		}
		t.Fatalf("%s: no %s cookie among %v", step, name, cookies)
		return nil
	}
	// A browser's first visit gets the CSRF cookie (a request carrying
	// Sec-Fetch-Site is let through by Echo without one, so none is sent here).
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/login", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("login page: status %d", rec.Code)
	}
	csrf := check("login page", rec.Result().Cookies(), csrfCookie)
	// The login, with that cookie and token, gets the session cookie.
	req := httptest.NewRequest(http.MethodPost, "/login", strings.NewReader(url.Values{"name": {"Anna"}, "password": {"Anna-password"}, "_csrf": {csrf.Value}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: csrfCookie, Value: csrf.Value})
	rec = httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("login: status %d", rec.Code)
	}
	check("login", rec.Result().Cookies(), sessionCookie)
}

// TestInternalErrorsNotShown: when the database fails, pages, htmx and the
// API say only that something went wrong, never the SQL error or a path.
func TestInternalErrorsNotShown(t *testing.T) {
	f := newFixture(t, nil, 2)
	if err := f.App.Store.Close(); err != nil {
		t.Fatal(err)
	}
	anon := f.App.Client()
	for name, r := range map[string]webtest.Response{
		"page":   anon.Get(f.Path),
		"htmx":   f.Org.Htmx(f.Path+"/sale", url.Values{"name": {"Franz"}, "count": {"1"}}),
		"api":    f.API.API(http.MethodGet, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/players", f.Anna, nil),
		"public": anon.API(http.MethodGet, "/api/tournaments", "", nil),
	} {
		if r.Status != http.StatusInternalServerError {
			t.Errorf("%s: status %d, want 500", name, r.Status)
		}
		for _, leak := range []string{"sql", "SQL", "store:", "database", "test.db", os.TempDir(), "gorm"} {
			if strings.Contains(r.Body, leak) {
				t.Errorf("%s: the answer shows %q:\n%s", name, leak, r.Body)
			}
		}
	}
}
