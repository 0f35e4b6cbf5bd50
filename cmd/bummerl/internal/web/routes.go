package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/static"
	"bummerl/views"
)

// routes lists every route of the web app and the API, grouped by who may
// use them. Add new pages here, in the group of their access level; the
// security test walks e.Routes() and checks each against s.access.
func (s *server) routes(e *echo.Echo) {
	// Public: start, login, players' pages. Nothing private is shown here.
	pub := s.group(e, public)
	pub.add(http.MethodGet, "/", s.home)
	pub.add(http.MethodGet, "/setup", s.setupForm)
	pub.add(http.MethodPost, "/setup", s.setup)
	pub.add(http.MethodGet, "/login", s.loginForm)
	pub.add(http.MethodPost, "/login", s.login)
	pub.add(http.MethodPost, "/logout", s.logout)
	pub.cachedPage("/t/:id", s.overview)
	pub.add(http.MethodGet, "/t/:id/card", s.findCard)
	pub.cachedPage("/t/:id/card/:no", s.playerPage)
	pub.add(http.MethodGet, "/t/:id/card/:no/qr.png", s.cardQR)
	pub.cachedPage("/t/:id/rounds", s.roundsPage)
	pub.cachedPage("/t/:id/rounds/:round", s.roundPage)
	pub.add(http.MethodGet, "/t/:id/rounds/:round/protocol.json", s.roundProtocol)
	pub.cachedPage("/t/:id/standings", s.standingsPage)
	// Live updates: the stream of the tournament's revisions (live.go).
	pub.withoutSlot().aside().add(http.MethodGet, "/t/:id/events", s.liveEvents)
	pub.cachedPage("/t/:id/screen", s.screenPage)
	// The board "Wo spiele ich?" (names.go): a page, and the projector's view.
	pub.cachedPage("/t/:id/names", s.namesPage)
	pub.cachedPage("/t/:id/screen/names", s.namesScreen)
	// Seasons (issue 24, season.go): standings, their A4 sheet and CSV;
	// no phones.
	pub.add(http.MethodGet, "/seasons", s.seasonsPage)
	pub.add(http.MethodGet, "/seasons/:sid", s.seasonPage(false))
	pub.add(http.MethodGet, "/seasons/:sid/print", s.seasonPage(true))
	pub.add(http.MethodGet, "/seasons/:sid/standings.csv", s.seasonCSV)
	// Digital tables: a seat's secret link (play.go, docs/play.md), and
	// a practice game against the bot on the same table screen
	// (practice.go). The bot's explanation of a step (/replay/why) waits
	// for the bot's pool, not for a render slot. The bot gives way to the
	// tournament's requests, not to practice's, nor to the streams, which
	// stay open (botduty.go).
	pub.aside().add(http.MethodGet, "/practice", s.practiceForm)
	pub.aside().add(http.MethodPost, "/practice", s.practiceStart)
	for _, seat := range []string{"/play/:token", "/practice/:token"} {
		g := pub
		if seat == "/practice/:token" {
			g = pub.aside()
		}
		g.add(http.MethodGet, seat, s.playView(views.PlayPage))
		g.add(http.MethodGet, seat+"/table", s.playView(views.PlayTable))
		g.add(http.MethodGet, seat+"/state.json", s.playState)
		g.add(http.MethodPost, seat+"/move", s.playMove)
		g.withoutSlot().aside().add(http.MethodGet, seat+"/events", s.playEvents)
		g.add(http.MethodGet, seat+"/record.json", s.seatRecord)
		g.add(http.MethodGet, seat+"/replay", s.seatReplay)
		g.withoutSlot().aside().add(http.MethodGet, seat+"/replay/why", s.seatReplay)
	}
	// Static assets: HEAD too, which e.Static would answer with 405;
	// ETag, Cache-Control and gzip ahead (assets.go).
	files, err := httpkit.NewStaticFiles(static.FS)
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	pub.withoutSlot().add(http.MethodGet, "/static/*", files.Serve)
	pub.withoutSlot().add(http.MethodHead, "/static/*", files.Serve)
	// For a proxy or an orchestrator: up, database, schema (health.go).
	pub.withoutSlot().add(http.MethodGet, "/healthz", s.healthz)

	// Staff: organisers and helpers at the sale desk.
	st := s.group(e, staff)
	st.add(http.MethodGet, "/tournaments", s.tournaments)
	st.add(http.MethodGet, "/t/:id/sale", s.saleDesk)
	st.add(http.MethodPost, "/t/:id/sale", s.sell)
	st.add(http.MethodGet, "/t/:id/sale/search", s.searchPlayers)
	st.add(http.MethodGet, "/t/:id/sale/persons", s.salePersons)
	st.add(http.MethodPost, "/t/:id/sale/cancel", s.cancelSale)
	st.add(http.MethodGet, "/t/:id/players/:pid/edit", s.editPlayerForm)
	st.add(http.MethodPost, "/t/:id/players/:pid/edit", s.editPlayer)
	st.add(http.MethodGet, "/t/:id/entry-cards", s.entryCards)
	st.add(http.MethodGet, "/t/:id/entry-cards/blank", s.blankCards)
	st.add(http.MethodGet, "/t/:id/rounds/:round/matches/:match", s.matchPage)
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/start", s.startMatch)
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/result", s.quickResult)
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/inline", s.inlineResult)
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/sheet", s.sheetResult)
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/sheet/preview", s.sheetPreview)
	st.add(http.MethodGet, "/t/:id/rounds/:round/matches/:match/clear", s.clearForm)
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/clear", s.clearResult)
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/release", s.releaseMatch)
	st.add(http.MethodGet, "/t/:id/rounds/:round/matches/:match/play", s.playAdminPage)
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/play", s.startTable)
	// The computer at a match whose opponent does not come: a practice
	// game that never counts (play_bot.go, issue 25).
	st.add(http.MethodPost, "/t/:id/rounds/:round/matches/:match/play/bot", s.startBot)
	st.add(http.MethodPost, "/t/:id/play/:table/abandon", s.abandonTable)
	st.add(http.MethodGet, "/t/:id/play/:table/seat/:seat/qr.png", s.seatQR)
	st.add(http.MethodGet, "/t/:id/play/:table/record.json", s.tableRecord)
	st.add(http.MethodGet, "/t/:id/play/:table/replay", s.tableReplay)
	st.withoutSlot().aside().add(http.MethodGet, "/t/:id/play/:table/replay/why", s.tableReplay)
	// The referee's page and API share one bound on judgments (referee_limits.go).
	s.judges = newJudgeLimits()
	st.add(http.MethodGet, "/referee", s.refereePage)
	st.add(http.MethodPost, "/referee", s.refereeJudge)
	st.add(http.MethodGet, "/t/:id/tables", s.tablesPage)
	st.add(http.MethodPost, "/t/:id/tables/call", s.callTables)
	st.add(http.MethodPost, "/t/:id/tables/assign", s.assignTable)
	st.add(http.MethodGet, "/t/:id/print", s.printIndex)
	st.add(http.MethodGet, "/t/:id/print/rounds/:round", s.printRound)
	st.add(http.MethodGet, "/t/:id/print/rounds/:round/sheets", s.printSheets)
	st.add(http.MethodGet, "/t/:id/print/bracket", s.printBracket)
	st.add(http.MethodGet, "/t/:id/print/prizes", s.printPrizes)
	// The register of persons (issue 24, persons.go): phones, staff only.
	st.add(http.MethodGet, "/persons", s.personsPage)
	st.add(http.MethodGet, "/persons/:pid", s.personPage)
	st.add(http.MethodPost, "/persons/:pid", s.editPerson)
	// The room's connections and streams (status.go).
	st.add(http.MethodGet, "/status", s.statusPage)

	// Organisers only.
	org := s.group(e, organiser)
	org.add(http.MethodGet, "/tournaments/new", s.newTournament)
	org.add(http.MethodPost, "/tournaments", s.createTournament)
	org.add(http.MethodGet, "/t/:id/settings", s.settingsForm)
	org.add(http.MethodPost, "/t/:id/settings", s.updateSettings)
	org.add(http.MethodPost, "/t/:id/resize", s.resize)
	org.add(http.MethodGet, "/t/:id/draw", s.drawPage)
	org.add(http.MethodPost, "/t/:id/draw/announce", s.announceDraw)
	org.add(http.MethodPost, "/t/:id/draw/digital", s.performDraw)
	org.add(http.MethodPost, "/t/:id/draw/physical", s.physicalDraw)
	org.add(http.MethodPost, "/t/:id/draw/undo", s.undoDraw)
	org.add(http.MethodGet, "/t/:id/draw/undo", s.undoConfirm)
	org.add(http.MethodGet, "/t/:id/resize", s.resizeConfirm)
	org.add(http.MethodPost, "/t/:id/swiss/late", s.lateEntry)
	org.add(http.MethodPost, "/t/:id/swiss/seeds", s.setSeeds)
	org.add(http.MethodGet, "/t/:id/swiss/withdraw", s.withdrawConfirm)
	org.add(http.MethodPost, "/t/:id/swiss/withdraw", s.cardAction(s.act.withdraw))
	org.add(http.MethodGet, "/t/:id/swiss/reinstate", s.reinstateConfirm)
	org.add(http.MethodPost, "/t/:id/swiss/reinstate", s.cardAction(s.act.reinstate))
	org.add(http.MethodGet, "/t/:id/swiss/end", s.endConfirm)
	org.add(http.MethodPost, "/t/:id/swiss/end", s.endSwiss)
	org.add(http.MethodGet, "/t/:id/takings", s.takingsPage)
	// The till (issue 23, takings.go): payouts and the close-out.
	org.add(http.MethodGet, "/t/:id/takings/report", s.tillReport)
	org.add(http.MethodPost, "/t/:id/payouts", s.recordPayout)
	org.add(http.MethodGet, "/t/:id/payouts/:no/cancel", s.cancelPayoutConfirm)
	org.add(http.MethodPost, "/t/:id/payouts/:no/cancel", s.cancelPayout)
	org.add(http.MethodGet, "/t/:id/export/:file", s.exportCSV)
	org.add(http.MethodGet, "/t/:id/export.json", s.exportDocument)
	org.add(http.MethodGet, "/tournaments/import", s.importForm)
	org.withBodyLimit(maxImportBody).add(http.MethodPost, "/tournaments/import", s.importUpload)
	org.withBodyLimit(maxImportBody).add(http.MethodPost, "/tournaments/import/confirm", s.importConfirm)
	org.add(http.MethodGet, "/t/:id/history", s.historyPage)
	org.add(http.MethodPost, "/t/:id/tables/count", s.setTableCount)
	org.add(http.MethodPost, "/t/:id/play/settings", s.setPlaySettings)
	org.add(http.MethodGet, "/users", s.usersPage)
	org.add(http.MethodPost, "/users", s.addUser)
	org.add(http.MethodPost, "/users/tokens", s.addToken)
	org.add(http.MethodGet, "/users/tokens/:tid/revoke", s.confirmRevokeToken)
	org.add(http.MethodPost, "/users/tokens/:tid/revoke", s.revokeToken)
	org.add(http.MethodPost, "/users/:uid/role", s.setRole)
	org.add(http.MethodPost, "/users/:uid/password", s.setPassword)
	org.add(http.MethodGet, "/users/:uid/remove", s.confirmRemoveUser)
	org.add(http.MethodPost, "/users/:uid/remove", s.removeUser)
	org.add(http.MethodGet, "/backup", s.backup)
	// A season's rules and evenings (issue 24).
	org.add(http.MethodGet, "/seasons/new", s.newSeasonForm)
	org.add(http.MethodPost, "/seasons", s.createSeason)
	org.add(http.MethodGet, "/seasons/:sid/edit", s.seasonEditForm)
	org.add(http.MethodPost, "/seasons/:sid/edit", s.editSeason)
	org.add(http.MethodPost, "/seasons/:sid/evenings", s.seasonEvening)
	// Merging, erasing and exporting a person of the register (issue 24).
	org.add(http.MethodGet, "/persons/:pid/merge", s.mergePage)
	org.add(http.MethodPost, "/persons/:pid/merge", s.mergePersons)
	org.add(http.MethodGet, "/persons/:pid/erase", s.eraseConfirm)
	org.add(http.MethodPost, "/persons/:pid/erase", s.erasePerson)
	org.add(http.MethodGet, "/persons/:pid/export.json", s.exportPerson)

	// JSON API (docs/api.md), same access levels.
	apiPub := s.group(e, public)
	apiPub.add(http.MethodGet, "/api/tournaments", s.apiTournaments)
	apiPub.add(http.MethodGet, "/api/tournaments/:id", s.apiTournament)
	apiPub.add(http.MethodGet, "/api/tournaments/:id/cards/:no/next", s.apiNext)
	apiPub.add(http.MethodGet, "/api/tournaments/:id/draw", s.apiNextDraw)
	apiPub.add(http.MethodGet, "/api/tournaments/:id/rounds", s.apiRounds)
	apiPub.add(http.MethodGet, "/api/tournaments/:id/rounds/:round", s.apiRound)
	apiPub.add(http.MethodGet, "/api/tournaments/:id/rounds/:round/protocol", s.apiProtocol)
	apiPub.add(http.MethodGet, "/api/tournaments/:id/standings", s.apiStandings)
	apiPub.add(http.MethodGet, "/api/tournaments/:id/prizes", s.apiPrizes)
	apiPub.add(http.MethodGet, "/api/tournaments/:id/tables", s.apiTables)
	apiPub.add(http.MethodGet, "/api/seasons/:sid", s.apiSeason)
	// The referee judges a posted record and changes nothing: no CSRF token (referee_api.go).
	apiPub.withoutCSRF().add(http.MethodPost, "/api/referee", s.apiReferee)
	apiStaff := s.group(e, staff)
	apiStaff.add(http.MethodGet, "/api/tournaments/:id/players", s.apiPlayers)
	apiStaff.add(http.MethodPost, "/api/tournaments/:id/sales", s.apiSell)
	apiStaff.add(http.MethodPatch, "/api/tournaments/:id/players/:pid", s.apiEditPlayer)
	apiStaff.add(http.MethodDelete, "/api/tournaments/:id/sales/:no", s.apiCancelSale)
	apiStaff.add(http.MethodPost, "/api/tournaments/:id/rounds/:round/matches/:match/start", s.apiStart)
	apiStaff.add(http.MethodPut, "/api/tournaments/:id/rounds/:round/matches/:match/result", s.apiResult)
	apiStaff.add(http.MethodPost, "/api/tournaments/:id/rounds/:round/matches/:match/release", s.apiRelease)
	apiStaff.add(http.MethodPost, "/api/tournaments/:id/tables/call", s.apiCall)
	apiStaff.add(http.MethodGet, "/api/status", s.apiStatus)
	apiStaff.add(http.MethodGet, "/api/persons", s.apiPersons)
	apiOrg := s.group(e, organiser)
	apiOrg.add(http.MethodPost, "/api/tournaments", s.apiCreateTournament)
	apiOrg.add(http.MethodGet, "/api/tokens", s.apiTokens)
	apiOrg.add(http.MethodDelete, "/api/tokens/:tid", s.apiRevokeToken)
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/draw/announce", s.apiAnnounce)
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/draw/digital", s.apiDrawDigital)
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/draw/physical", s.apiDrawPhysical)
	apiOrg.add(http.MethodDelete, "/api/tournaments/:id/rounds/:round", s.apiUndoDraw)
	apiOrg.add(http.MethodGet, "/api/tournaments/:id/takings", s.apiTakings)
	apiOrg.add(http.MethodGet, "/api/tournaments/:id/payouts", s.apiPayouts)
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/payouts", s.apiRecordPayout)
	apiOrg.add(http.MethodDelete, "/api/tournaments/:id/payouts/:no", s.apiCancelPayout)
	apiOrg.add(http.MethodPut, "/api/tournaments/:id/settings", s.apiChangeSettings)
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/resize", s.apiResize)
	apiOrg.add(http.MethodGet, "/api/tournaments/:id/export/:file", s.exportCSV)
	apiOrg.add(http.MethodGet, "/api/tournaments/:id/export", s.exportDocument)
	apiOrg.withBodyLimit(maxImportBody).add(http.MethodPost, "/api/tournaments/import", s.apiImport)
	apiOrg.add(http.MethodPut, "/api/tournaments/:id/tables", s.apiSetTables)
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/late-entries", s.apiLateEntry)
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/cards/:no/withdraw", s.apiCardAction(s.act.withdraw))
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/cards/:no/reinstate", s.apiCardAction(s.act.reinstate))
	apiOrg.add(http.MethodPost, "/api/tournaments/:id/end", s.apiEndSwiss)
	apiOrg.add(http.MethodPut, "/api/tournaments/:id/seeds", s.apiSetSeeds)
}

// routeGroup registers routes of one access level and records that level.
// Every route checks access first, then CSRF.
type routeGroup struct {
	s     *server
	e     *echo.Echo
	level access
	mw    []echo.MiddlewareFunc
	// ownLimit: the routes bound their bodies themselves (withBodyLimit).
	ownLimit bool
	// noSlot: the GET routes render without a render slot (withoutSlot).
	noSlot bool
	// uncounted: the bot does not give way to the routes' requests (aside).
	uncounted bool
}

func (s *server) group(e *echo.Echo, level access) routeGroup {
	return routeGroup{s: s, e: e, level: level, mw: []echo.MiddlewareFunc{s.require(level), s.csrfCheck}}
}

// add registers a route. A GET renders in a render slot (renderslots.go)
// unless the group says otherwise.
func (g routeGroup) add(method, path string, h echo.HandlerFunc) {
	if method == http.MethodGet && !g.noSlot {
		h = g.s.inSlot(h)
	}
	g.e.Add(method, path, h, g.mw...)
	g.s.access[method+" "+path] = g.level
	if g.ownLimit {
		g.s.ownLimit[method+" "+path] = true
	}
	if g.uncounted {
		g.s.aside[method+" "+path] = true
	}
}

// cachedPage registers a public page kept by the page cache (s.cached,
// which takes the render slot only when it renders).
func (g routeGroup) cachedPage(path string, h echo.HandlerFunc) {
	g.withoutSlot().add(http.MethodGet, path, g.s.cached(h))
}

// withoutSlot is the group for GET routes that render nothing heavy or
// stay open (files, streams): they take no render slot.
func (g routeGroup) withoutSlot() routeGroup {
	g.noSlot = true
	return g
}

// aside is the group for routes the bot's pool does not give way to
// (botduty.go): practice's own, the bot's explanations, which run in the
// pool, and streams, which stay open.
func (g routeGroup) aside() routeGroup {
	g.uncounted = true
	return g
}

// withBodyLimit lets the group's routes take bodies of up to n bytes
// instead of the 1 MB of every other route (middleware).
func (g routeGroup) withBodyLimit(n int64) routeGroup {
	g.mw = append([]echo.MiddlewareFunc{middleware.BodyLimit(strconv.FormatInt(n, 10))}, g.mw...)
	g.ownLimit = true
	return g
}
