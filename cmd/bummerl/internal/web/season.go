package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/season"
	"bummerl/store"
	"bummerl/views"
)

// The register and the seasons: pages and API (issue 24, docs/season.md).
// The standings are recomputed on every view (store.SeasonTable); no page
// of a season shows a phone.

// apiSeason is season :sid's standings, recomputed (public: no phones).
func (s *server) apiSeason(c echo.Context) error {
	st, err := s.seasonTable(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, st)
}

// apiPersons is the register's persons whose name contains q (staff: the
// sale desk's typeahead), at most 20.
func (s *server) apiPersons(c echo.Context) error {
	ps, err := s.store.Persons(c.Request().Context(), c.QueryParam("q"), 20)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ps)
}

// seasonTable is the standings of the path's season :sid.
func (s *server) seasonTable(c echo.Context) (store.SeasonTable, error) {
	id, err := pathInt64(c, "sid")
	if err != nil {
		return store.SeasonTable{}, err
	}
	st, err := s.store.SeasonTable(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return st, notFound(c)
	}
	return st, err
}

// seasonsPage lists the seasons (public).
func (s *server) seasonsPage(c echo.Context) error {
	ses, err := s.store.Seasons(c.Request().Context())
	if err != nil {
		return err
	}
	rows := make([]views.SeasonListRow, len(ses))
	for i, se := range ses {
		rows[i] = views.SeasonListRow{ID: se.ID, Name: se.Name, Evenings: len(se.Evenings)}
	}
	return render(c, http.StatusOK, views.SeasonsPage(rows))
}

// seasonPage is a season's standings (public); print: its A4 sheet.
func (s *server) seasonPage(print bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		st, err := s.seasonTable(c)
		if err != nil {
			return err
		}
		return render(c, http.StatusOK, views.SeasonPage(seasonModel(st, lang(c)), print))
	}
}

// seasonModel is st as the pages show it.
func seasonModel(st store.SeasonTable, lang string) views.SeasonModel {
	m := views.SeasonModel{ID: st.Season.ID, Name: st.Season.Name, Rules: rulesText(st.Season.Rules, lang),
		Played: st.Played, Total: len(st.Evenings)}
	col := map[int64]int{}
	for i, e := range st.Evenings {
		col[e.ID] = i
		m.Evenings = append(m.Evenings, views.SeasonEveningView{ID: e.ID, Name: e.Name, Date: e.Date, Played: e.Played, Swiss: e.Swiss})
	}
	for _, r := range st.Rows {
		p := st.Persons[r.Person]
		row := views.SeasonRow{Place: r.Place, Name: p.Name, Club: p.Club, Erased: p.Erased, Points: r.Points,
			Counted: r.Counted, Evenings: r.Evenings, Best: r.Best, Wins: r.Wins, Lot: r.Lot,
			Cells: make([]views.SeasonCell, len(st.Evenings))}
		for _, sc := range r.Scores {
			row.Cells[col[sc.Evening]] = views.SeasonCell{Points: strconv.Itoa(sc.Points), Place: placeRange(sc.Place, sc.To), Counted: sc.Counted}
		}
		m.Rows = append(m.Rows, row)
	}
	return m
}

// placeRange is "3." or "9.–16.".
func placeRange(from, to int) string {
	if to > from {
		return fmt.Sprintf("%d.–%d.", from, to)
	}
	return strconv.Itoa(from) + "."
}

// rulesText says a season's rules in words.
func rulesText(r season.Rules, lang string) []string {
	pts := make([]string, len(r.Points))
	for i, p := range r.Points {
		pts[i] = strconv.Itoa(p)
	}
	out := []string{views.Textf(lang, "season.rules_points", len(r.Points), strings.Join(pts, ", "), r.Taking)}
	if r.Count == season.EveryCard {
		out = append(out, views.Text(lang, "season.rules_every"))
	} else {
		out = append(out, views.Text(lang, "season.rules_best"))
	}
	if r.Best > 0 {
		out = append(out, views.Textf(lang, "season.rules_streich", r.Best))
	} else {
		out = append(out, views.Text(lang, "season.rules_all"))
	}
	return out
}

// seasonCSV is the standings as a spreadsheet (public: names and clubs,
// as the page; semicolons and a BOM as the tournaments' exports).
func (s *server) seasonCSV(c echo.Context) error {
	st, err := s.seasonTable(c)
	if err != nil {
		return err
	}
	m := seasonModel(st, lang(c))
	head := []string{text(c, "season.col_place"), text(c, "season.col_name"), text(c, "season.col_club"), text(c, "season.col_points"),
		text(c, "season.col_counted"), text(c, "season.col_best"), text(c, "season.col_wins"), text(c, "season.lot")}
	for _, e := range m.Evenings {
		head = append(head, e.Name)
	}
	table := [][]string{head}
	for _, r := range m.Rows {
		name := r.Name
		if r.Erased {
			name = text(c, "season.erased")
		}
		lot := ""
		if r.Lot {
			lot = text(c, "season.lot")
		}
		row := []string{strconv.Itoa(r.Place), name, r.Club, strconv.Itoa(r.Points), strconv.Itoa(r.Counted),
			strconv.Itoa(r.Best), strconv.Itoa(r.Wins), lot}
		for _, cell := range r.Cells {
			if cell.Points != "" && !cell.Counted {
				cell.Points = "(" + cell.Points + ")"
			}
			row = append(row, cell.Points)
		}
		table = append(table, row)
	}
	return sendCSV(c, text(c, "season.file")+"-"+m.Name, table)
}

// rulesForm is a season's name and rules as the form shows them.
func rulesForm(name string, r season.Rules) views.Form {
	pts := make([]string, len(r.Points))
	for i, p := range r.Points {
		pts[i] = strconv.Itoa(p)
	}
	return views.NewForm(map[string]string{"name": name, "points": strings.Join(pts, ", "),
		"taking": strconv.Itoa(r.Taking), "count": string(r.Count), "best": strconv.Itoa(r.Best)})
}

// parseRules reads the form; a field that is no number fails there (the
// store checks the ranges).
func parseRules(c echo.Context) (views.Form, season.Rules) {
	f := views.NewForm(map[string]string{"name": strings.TrimSpace(c.FormValue("name")), "points": strings.TrimSpace(c.FormValue("points")),
		"taking": strings.TrimSpace(c.FormValue("taking")), "count": c.FormValue("count"), "best": strings.TrimSpace(c.FormValue("best"))})
	r := season.Rules{Count: season.Count(f.Value("count")), Points: []int{}}
	for _, p := range strings.FieldsFunc(f.Value("points"), func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		n, err := strconv.Atoi(p)
		if err != nil || len(r.Points) > store.MaxSeasonPlaces {
			f.Fail("points", text(c, "season.points_bad"))
			break
		}
		r.Points = append(r.Points, n)
	}
	var err error
	if r.Taking, err = strconv.Atoi(f.Value("taking")); err != nil {
		f.Fail("taking", text(c, "form.number_bad"))
	}
	if r.Best, err = strconv.Atoi(f.Value("best")); err != nil {
		f.Fail("best", text(c, "form.number_bad"))
	}
	return f, r
}

// newSeasonForm offers a season with the default rules.
func (s *server) newSeasonForm(c echo.Context) error {
	return render(c, http.StatusOK, views.SeasonFormPage(views.SeasonFormModel{Form: rulesForm("", season.DefaultRules())}))
}

// createSeason adds a season; then its evenings are chosen.
func (s *server) createSeason(c echo.Context) error {
	f, r := parseRules(c)
	show := func(status int, f views.Form) error {
		return render(c, status, views.SeasonFormPage(views.SeasonFormModel{Form: f}))
	}
	if !f.OK() {
		return show(http.StatusUnprocessableEntity, f)
	}
	se, err := s.store.CreateSeason(c.Request().Context(), actor(c), f.Value("name"), r)
	if err != nil {
		return formError(c, f, err, show)
	}
	return redirect(c, fmt.Sprintf("/seasons/%d/edit", se.ID))
}

// seasonOf is the path's season :sid.
func (s *server) seasonOf(c echo.Context) (store.Season, error) {
	id, err := pathInt64(c, "sid")
	if err != nil {
		return store.Season{}, err
	}
	ses, err := s.store.Seasons(c.Request().Context())
	if err != nil {
		return store.Season{}, err
	}
	i := slices.IndexFunc(ses, func(se store.Season) bool { return se.ID == id })
	if i < 0 {
		return store.Season{}, notFound(c)
	}
	return ses[i], nil
}

// renderSeasonForm draws the form of season se with every tournament.
func (s *server) renderSeasonForm(c echo.Context, status int, se store.Season, f views.Form, problem string) error {
	ts, err := s.store.Tournaments(c.Request().Context())
	if err != nil {
		return err
	}
	m := views.SeasonFormModel{ID: se.ID, Form: f, Problem: problem}
	for _, t := range ts {
		m.Evenings = append(m.Evenings, views.SeasonEveningView{ID: t.ID, Name: t.Name, Played: t.Finished,
			In: slices.Contains(se.Evenings, t.ID)})
	}
	// The season's evenings first, then the others (newest first).
	slices.SortStableFunc(m.Evenings, func(a, b views.SeasonEveningView) int {
		switch {
		case a.In == b.In:
			return 0
		case a.In:
			return -1
		}
		return 1
	})
	return render(c, status, views.SeasonFormPage(m))
}

// seasonEditForm shows a season's rules and evenings to change.
func (s *server) seasonEditForm(c echo.Context) error {
	se, err := s.seasonOf(c)
	if err != nil {
		return err
	}
	return s.renderSeasonForm(c, http.StatusOK, se, rulesForm(se.Name, se.Rules), "")
}

// editSeason changes a season's name and rules.
func (s *server) editSeason(c echo.Context) error {
	se, err := s.seasonOf(c)
	if err != nil {
		return err
	}
	f, r := parseRules(c)
	show := func(status int, f views.Form) error { return s.renderSeasonForm(c, status, se, f, "") }
	if !f.OK() {
		return show(http.StatusUnprocessableEntity, f)
	}
	if err := s.store.SetSeasonRules(c.Request().Context(), actor(c), se.ID, f.Value("name"), r); err != nil {
		return formError(c, f, err, show)
	}
	return redirect(c, fmt.Sprintf("/seasons/%d", se.ID))
}

// seasonEvening adds a tournament to the season (in=1) or takes it out.
func (s *server) seasonEvening(c echo.Context) error {
	se, err := s.seasonOf(c)
	if err != nil {
		return err
	}
	tid, err := strconv.ParseInt(c.FormValue("tournament"), 10, 64)
	in := c.FormValue("in")
	if err != nil || in != "0" && in != "1" {
		return s.renderSeasonForm(c, http.StatusBadRequest, se, rulesForm(se.Name, se.Rules), text(c, "form.number_bad"))
	}
	if err := s.store.SetSeasonEvening(c.Request().Context(), actor(c), se.ID, tid, in == "1"); err != nil {
		pr := explain(c, err)
		if pr.status >= 500 {
			return err
		}
		return s.renderSeasonForm(c, pr.status, se, rulesForm(se.Name, se.Rules), pr.msg)
	}
	return redirect(c, fmt.Sprintf("/seasons/%d/edit", se.ID))
}

// seasonTop is how many places the projector's season line names.
const seasonTop = 5

// seasonStanding is the newest season a tournament is an evening of: its
// line for the projector and each player's place (issue 24).
type seasonStanding struct {
	line   views.SeasonLine
	places map[season.PersonID]int
	person map[int]season.PersonID // the tournament's players' persons
}

// seasonOfEvening is sn's tournament's season standing, or nil when it is
// in none. It is computed once per snapshot: the hundreds of phones and
// the projector of one revision share it; a season changes when one of
// its evenings finishes, which is a new revision of that tournament.
func (s *server) seasonOfEvening(ctx context.Context, sn *snapshot) *seasonStanding {
	sn.seasonOnce.Do(func() {
		st, err := s.loadSeasonStanding(context.WithoutCancel(ctx), sn.t.ID)
		if err != nil { // the line is an extra: the page goes without it
			s.log.Error("season standing", "tournament", sn.t.ID, "err", err)
		}
		sn.season = st
	})
	return sn.season
}

func (s *server) loadSeasonStanding(ctx context.Context, tid int64) (*seasonStanding, error) {
	ids, err := s.store.SeasonsOf(ctx, tid)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	st, err := s.store.SeasonTable(ctx, ids[0])
	if err != nil {
		return nil, err
	}
	out := &seasonStanding{line: views.SeasonLine{ID: st.Season.ID, Name: st.Season.Name, Played: st.Played, Total: len(st.Evenings)},
		places: map[season.PersonID]int{}}
	for _, r := range st.Rows {
		out.places[r.Person] = r.Place
		if len(out.line.Top) < seasonTop {
			p := st.Persons[r.Person]
			out.line.Top = append(out.line.Top, views.SeasonTop{Place: r.Place, Name: p.Name, Erased: p.Erased, Points: r.Points, Lot: r.Lot})
		}
	}
	if out.person, err = s.store.PlayerPersons(ctx, tid); err != nil {
		return nil, err
	}
	return out, nil
}

// placeOf is player p's line: the season with his place, nil when he has
// none (yet).
func (st *seasonStanding) placeOf(p int) *views.SeasonLine {
	if st == nil {
		return nil
	}
	place := st.places[st.person[p]]
	if place == 0 {
		return nil
	}
	line := st.line
	line.Place = place
	return &line
}
