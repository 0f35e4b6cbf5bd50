package web

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// tournaments lists the tournaments for staff.
func (s *server) tournaments(c echo.Context) error {
	rows, err := s.tournamentRows(c)
	if err != nil {
		return err
	}
	c.Set(noBackupKey, s.store.Postgres())
	return render(c, http.StatusOK, views.TournamentsPage(rows))
}

func (s *server) tournamentRows(c echo.Context) ([]views.TournamentRow, error) {
	list, err := s.store.Tournaments(c.Request().Context())
	if err != nil {
		return nil, err
	}
	rows := make([]views.TournamentRow, len(list))
	for i, t := range list {
		rows[i] = views.TournamentRow{ID: t.ID, Name: t.Name, Cards: t.Cards, Sold: t.Sold,
			Rounds: t.Rounds, Finished: t.Finished, Created: t.CreatedAt}
	}
	return rows, nil
}

// newTournament shows the settings form with the usual defaults.
func (s *server) newTournament(c echo.Context) error {
	set := tournament.Settings{
		Cards: 64, MaxCards: 3, PriceCents: 1000,
		Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2,
		Prizes:         make([]string, 8),
		MultiplePrizes: true,
		AutoCall:       true, // on once a number of tables is set (issue 23)
	}
	return render(c, http.StatusOK, views.SettingsPage(views.SettingsModel{Form: settingsValues(lang(c), set)}))
}

// createTournament creates a tournament from the settings form.
func (s *server) createTournament(c echo.Context) error {
	// Parse the form; unreadable numbers are refused before the domain sees them.
	set, f := parseSettingsForm(c)
	show := func(status int, f views.Form) error {
		return render(c, status, views.SettingsPage(views.SettingsModel{Form: f}))
	}
	if !f.OK() {
		return show(http.StatusUnprocessableEntity, f)
	}
	// Validate (domain) and save (store) in one step.
	t, err := s.store.Create(c.Request().Context(), actor(c), set)
	if err != nil {
		return formError(c, f, err, show)
	}
	return redirect(c, tournamentURL(t.ID, "/sale"))
}

// settingsForm shows a tournament's settings; locked after the draw (P-9).
func (s *server) settingsForm(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.SettingsPage(views.SettingsModel{
		ID: t.ID, Name: t.Settings.Name, Form: settingsValues(lang(c), t.Settings),
		Locked: len(t.Rounds) > 0, Saved: c.QueryParam("saved") != "",
	}))
}

// updateSettings changes the settings before the draw (P-9).
func (s *server) updateSettings(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	set, f := parseSettingsForm(c)
	show := func(status int, f views.Form) error {
		t, lerr := s.store.Load(c.Request().Context(), id) // the saved name, for the navigation
		if lerr != nil {
			return lerr
		}
		return render(c, status, views.SettingsPage(views.SettingsModel{ID: id, Name: t.Settings.Name, Form: f, Locked: len(t.Rounds) > 0}))
	}
	if cur, err := s.store.Load(c.Request().Context(), id); err == nil && len(cur.Rounds) > 0 {
		f = views.NewForm(f.Values) // after the draw only the event and calling are sent; the rest is not read
	}
	if !f.OK() {
		return show(http.StatusUnprocessableEntity, f)
	}
	if _, err := s.act.changeSettings(c.Request().Context(), id, actor(c), set, true); err != nil {
		return formError(c, f, err, show)
	}
	return redirect(c, tournamentURL(id, "/settings?saved=1"))
}

// resize accepts the smaller N offered when too few cards are sold (P-2).
func (s *server) resize(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.FormValue("cards"))
	if err != nil {
		return badRequest(c, "cards", "form.number_bad")
	}
	if _, err := s.act.resize(c.Request().Context(), id, actor(c), n); err != nil {
		return err
	}
	return redirect(c, tournamentURL(id, "/sale"))
}

// backup downloads a consistent copy of the whole database; on
// PostgreSQL it explains that pg_dump backs up (the button is hidden).
func (s *server) backup(c echo.Context) error {
	if s.store.Postgres() {
		return store.ErrPostgresBackup
	}
	name := "bummerl-" + time.Now().Format("2006-01-02-1504") + ".db"
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "application/vnd.sqlite3")
	h.Set(echo.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	c.Response().WriteHeader(http.StatusOK)
	// Once the first bytes are out the status cannot change; a failure is
	// logged by the central handler and the download ends short.
	return s.store.WriteBackup(c.Request().Context(), c.Response())
}

// tournamentID is the :id of the path.
func tournamentID(c echo.Context) (int64, error) { return pathInt64(c, "id") }

// loadTournament loads the tournament of the path's :id.
func (s *server) loadTournament(c echo.Context) (*tournament.Tournament, error) {
	id, err := tournamentID(c)
	if err != nil {
		return nil, err
	}
	ctx := c.Request().Context()
	var t *tournament.Tournament
	if stamp, ok := ctx.Value(snapshotStampKey{}).(httpkit.PageStamp); ok {
		// A public page: shared with every render of this revision.
		var sn *snapshot
		if sn, err = s.snaps.get(ctx, id, stamp, func(ctx context.Context) (*tournament.Tournament, error) {
			return s.store.Load(ctx, id)
		}); err == nil {
			c.Set(snapshotKey, sn)
			t = sn.t
		}
	} else {
		t, err = s.store.Load(ctx, id)
	}
	if err == nil {
		c.Set(eventKey, eventLine(lang(c), t.Settings.Event)) // every page of it shows when and where
	}
	return t, err
}

func tournamentURL(id int64, rest string) string {
	return "/t/" + strconv.FormatInt(id, 10) + rest
}

// settingsValues fills the settings form from settings.
func settingsValues(lang string, set tournament.Settings) views.Form {
	v := map[string]string{
		"name":           set.Name,
		"cards":          strconv.Itoa(set.Cards),
		"max_cards":      strconv.Itoa(set.MaxCards),
		"price":          views.PriceInput(lang, set.PriceCents),
		"variant":        string(set.Variant),
		"closing":        string(set.Closing),
		"bummerl_to_win": strconv.Itoa(set.BummerlToWin),
		"prizes":         strconv.Itoa(len(set.Prizes)),
		"date":           set.Event.Date,
		"start":          set.Event.Start,
		"venue":          set.Event.Venue,
		"form":           set.Form.Code(),
		"swiss_rounds":   strconv.Itoa(set.Swiss.Rounds),
	}
	if set.Swiss.BuchholzCut1 {
		v["buchholz_cut1"] = "on"
	}
	for i, p := range set.Prizes {
		v["prize_"+strconv.Itoa(i+1)] = p
	}
	if set.MultiplePrizes {
		v["multiple_prizes"] = "on"
	}
	if set.AutoCall {
		v["auto_call"] = "on"
	}
	return views.NewForm(v)
}

// parseSettingsForm reads the settings form. Numbers that are not numbers
// are reported at their field; the rules themselves are the domain's.
func parseSettingsForm(c echo.Context) (tournament.Settings, views.Form) {
	v := map[string]string{}
	for _, k := range []string{"name", "cards", "max_cards", "price", "variant", "closing", "bummerl_to_win", "prizes", "multiple_prizes", "date", "start", "venue", "form", "swiss_rounds", "buchholz_cut1", "auto_call"} {
		v[k] = strings.TrimSpace(c.FormValue(k))
	}
	for i := 1; i <= views.PrizeSlots; i++ {
		k := "prize_" + strconv.Itoa(i)
		v[k] = strings.TrimSpace(c.FormValue(k))
	}
	f := views.NewForm(v)
	set := tournament.Settings{
		Name:           v["name"],
		Variant:        schnapsen.Variant(v["variant"]),
		Closing:        schnapsen.Closing(v["closing"]),
		MultiplePrizes: v["multiple_prizes"] == "on",
		Event:          tournament.Event{Date: v["date"], Start: v["start"], Venue: v["venue"]},
		Form:           formOf(v["form"]),
		AutoCall:       v["auto_call"] == "on",
	}
	number := func(field string) int {
		n, err := strconv.Atoi(v[field])
		if err != nil {
			f.Fail(field, text(c, "form.number_bad"))
		}
		return n
	}
	set.Cards = number("cards")
	set.MaxCards = number("max_cards")
	set.BummerlToWin = number("bummerl_to_win")
	if set.Form == tournament.FormSwiss { // the Swiss fields count only there
		if v["swiss_rounds"] == "" {
			v["swiss_rounds"] = "0" // the default (SW-2)
		}
		set.Swiss = tournament.SwissSettings{Rounds: number("swiss_rounds"), BuchholzCut1: v["buchholz_cut1"] == "on"}
	}
	// The domain checks the count (P-7); only a value outside the form's
	// choices is refused here, since there are no descriptions for it.
	prizes := number("prizes")
	if prizes < 0 || prizes > views.PrizeSlots {
		f.Fail("prizes", text(c, "form.choice_bad"))
	}
	for i := 1; i <= prizes && i <= views.PrizeSlots; i++ {
		set.Prizes = append(set.Prizes, v["prize_"+strconv.Itoa(i)])
	}
	defaultPrizes(lang(c), set.Prizes)
	cents, ok := parseCents(v["price"])
	if !ok {
		f.Fail("price", text(c, "settings.price_bad"))
	}
	set.PriceCents = cents
	return set, f
}

// defaultPrizes names each prize left without a description "Preis n"
// ("Prize n"), in the language of whoever sets them up: a description is
// optional (issue 23), and the prize list, the projector and the exports
// then still say which prize is which.
func defaultPrizes(lang string, prizes []string) {
	for i, p := range prizes {
		if strings.TrimSpace(p) == "" {
			prizes[i] = views.Textf(lang, "settings.prize_default", i+1)
		}
	}
}

// amount is a euro amount as people type it: "12", "12,5", "12.50", "€ 12,50".
var amount = regexp.MustCompile(`^(\d{1,7})(?:[.,](\d{1,2}))?$`)

// parseCents reads a euro amount into cents.
func parseCents(s string) (int, bool) {
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "€"))
	m := amount.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	euros, _ := strconv.Atoi(m[1])
	frac := m[2]
	if len(frac) == 1 {
		frac += "0"
	}
	cents, _ := strconv.Atoi("0" + frac)
	return euros*100 + cents, true
}

// formOf reads a form code; an unknown one goes to the domain as it is,
// which refuses it with its message.
func formOf(code string) tournament.Form {
	if f, ok := tournament.ParseForm(code); ok {
		return f
	}
	return tournament.Form(code)
}
