package web

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// The table board (call board): staff call the next match to a free table,
// assign or move one by hand, send one back; organisers set the number of
// tables. The rules are the domain's (tournament.Board, CallNext, …); every
// change is one store.Update with its audit line.

// tablesPage shows the board; htmx and the live script get the part that
// follows every change.
func (s *server) tablesPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m := tablesModel(t, lang(c))
	if isHTMX(c) {
		return render(c, http.StatusOK, views.TablesBoard(m))
	}
	m.Notice = tablesNotice(c, t)
	return render(c, http.StatusOK, views.TablesPage(m))
}

// tablesModel is the board of t's latest round.
func tablesModel(t *tournament.Tournament, lang string) views.TablesModel {
	m := views.TablesModel{TournamentID: t.ID, Name: t.Settings.Name, Tables: t.Tables, AutoCall: t.Settings.AutoCall, Form: views.NewForm(nil),
		CountForm: views.NewForm(map[string]string{"tables": strconv.Itoa(t.Tables)})}
	r := t.Current()
	if r == nil {
		return m
	}
	b := t.Board()
	ros := newRoster(t)
	m.Round, m.RoundTitle, m.Busy, m.Free = r.No, roundTitle(*r, lang), len(b.Busy), len(b.Free)
	busy := make(map[int]tournament.Match, len(b.Busy))
	for _, st := range b.Busy {
		busy[st.Table] = st.Match
	}
	seat := func(table int) views.TableSeat {
		s := views.TableSeat{Table: table}
		if mt, ok := busy[table]; ok {
			row := matchRow(ros, *r, mt, lang)
			s.Match, s.Since = &row, clock(mt.Called)
		}
		return s
	}
	if t.Tables > 0 {
		for n := 1; n <= t.Tables; n++ {
			m.Seats = append(m.Seats, seat(n))
		}
	} else {
		for _, st := range b.Busy {
			m.Seats = append(m.Seats, seat(st.Table))
		}
	}
	for _, w := range b.Waiting {
		m.Waiting = append(m.Waiting, views.WaitingMatch{MatchRow: matchRow(ros, *r, w.Match, lang), BusyAt: w.BusyAt})
	}
	return m
}

// clock is the time of day at the venue ("19:42"), "" when not known. The
// server runs on the laptop in the hall, so its zone is the hall's.
func clock(at time.Time) string {
	if at.IsZero() {
		return ""
	}
	return at.In(time.Local).Format("15:04")
}

// tablesNotice says what the action before the redirect did, from its
// query: ?called=7, ?called_many=3, ?released=7, ?assigned=7, ?count=1.
func tablesNotice(c echo.Context, t *tournament.Tournament) string {
	q := c.QueryParams()
	r := t.Current()
	no, _ := strconv.Atoi(strings.TrimSpace(q.Get("called") + q.Get("released") + q.Get("assigned")))
	var mt tournament.Match
	if r != nil {
		mt, _ = r.Match(no)
	}
	switch {
	case q.Has("count"):
		return textf(c, "tables.count_saved", t.Tables)
	case q.Has("called_many"):
		n, _ := strconv.Atoi(q.Get("called_many"))
		return textf(c, "tables.called_many", n)
	case mt.No == 0:
		return ""
	case q.Has("called") && mt.AtTable():
		ros := newRoster(t)
		return textf(c, "tables.called", mt.Table, mt.No, ros.holder(mt.A).Name, ros.holder(mt.B).Name)
	case q.Has("released"):
		return textf(c, "tables.released", mt.No)
	case q.Has("assigned") && mt.AtTable():
		return textf(c, "tables.assigned", mt.No, mt.Table)
	}
	return ""
}

// showTables renders the board with a refused form: the call and assign
// forms share m.Form, the number of tables has its own.
func (s *server) showTables(c echo.Context, status int, f views.Form, count bool) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m := tablesModel(t, lang(c))
	if count {
		m.CountForm = f
	} else {
		m.Form = f
	}
	return render(c, status, views.TablesPage(m))
}

// tablesURL is tournament id's board, with a notice query.
func tablesURL(id int64, query string) string { return tournamentURL(id, "/tables"+query) }

// callTables calls matches of the latest round: the next one that can
// play (P-5), a given waiting one (match, version) to a free table, or
// with all=1 as many as there are free tables, in one transaction.
func (s *server) callTables(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	f := views.NewForm(nil)
	show := func(status int, f views.Form) error { return s.showTables(c, status, f, false) }
	var match, version int
	if c.FormValue("match") != "" {
		match, err = strconv.Atoi(c.FormValue("match"))
		if err != nil {
			return badRequest(c, "match", "form.number_bad")
		}
		if version, err = strconv.Atoi(c.FormValue("version")); err != nil {
			return badRequest(c, "version", "form.number_bad")
		}
	}
	_, called, err := s.act.callMatches(c.Request().Context(), id, actor(c), callInput{match, version, c.FormValue("all") != ""})
	switch {
	case err != nil:
		return formError(c, f, err, show)
	case len(called) == 1:
		return redirect(c, tablesURL(id, "?called="+strconv.Itoa(called[0].No)))
	}
	return redirect(c, tablesURL(id, "?called_many="+strconv.Itoa(len(called))))
}

// assignTable puts a match of the latest round at a table by hand, or
// moves it there: the form names the match and the table as typed.
func (s *server) assignTable(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	f := views.NewForm(map[string]string{
		"match": strings.TrimSpace(c.FormValue("match")),
		"table": strings.TrimSpace(c.FormValue("table")),
	})
	show := func(status int, f views.Form) error { return s.showTables(c, status, f, false) }
	match, err := strconv.Atoi(f.Value("match"))
	if err != nil {
		f.Fail("match", text(c, "form.number_bad"))
	}
	table, err := strconv.Atoi(f.Value("table"))
	if err != nil {
		f.Fail("table", text(c, "form.number_bad"))
	}
	if !f.OK() {
		return show(http.StatusUnprocessableEntity, f)
	}
	now := s.store.Now()
	_, err = s.store.Update(c.Request().Context(), id, actor(c), store.ActionStartMatch, func(t *tournament.Tournament) error {
		// What was typed is the intent: the match as it is now.
		r := t.Current()
		if r == nil {
			return t.CallMatch(1, match, table, 0, now) // the domain's "no such round"
		}
		m, _ := r.Match(match)
		return t.CallMatch(r.No, match, table, m.Version, now)
	})
	if err != nil {
		return formError(c, f, err, show)
	}
	return redirect(c, tablesURL(id, "?assigned="+strconv.Itoa(match)))
}

// releaseMatch sends a called match back to the waiting ones.
func (s *server) releaseMatch(c echo.Context) error {
	ref, version, err := parseMatchChange(c)
	if err != nil {
		return err
	}
	if _, err := s.act.releaseMatch(c.Request().Context(), ref, actor(c), version); err != nil {
		return formError(c, views.NewForm(nil), err, func(status int, f views.Form) error { return s.showTables(c, status, f, false) })
	}
	return redirect(c, tablesURL(ref.id, "?released="+strconv.Itoa(ref.match)))
}

// setTableCount sets the number of tables in the hall (organisers).
func (s *server) setTableCount(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	f := views.NewForm(map[string]string{"tables": strings.TrimSpace(c.FormValue("tables"))})
	show := func(status int, f views.Form) error { return s.showTables(c, status, f, true) }
	n, err := strconv.Atoi(f.Value("tables"))
	if err != nil {
		f.Fail("tables", text(c, "form.number_bad"))
		return show(http.StatusUnprocessableEntity, f)
	}
	if _, err := s.act.setTables(c.Request().Context(), id, actor(c), n); err != nil {
		return formError(c, f, err, show)
	}
	return redirect(c, tablesURL(id, "?count=1"))
}
