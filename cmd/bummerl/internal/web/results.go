package web

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// Score sheet rows: a fresh sheet has room for a close match, "more rows"
// adds a block, and no match needs more than maxSheetRows (3 Bummerl to
// win: at most 5 Bummerl of at most 13 deals).
const (
	sheetRowsPerBummerl = 8
	moreSheetRows       = 8
	maxSheetRows        = 65
)

// matchRef is the match a result request is about: /t/:id/rounds/:round/matches/:match.
type matchRef struct {
	id           int64
	round, match int
}

func parseMatchRef(c echo.Context) (matchRef, error) {
	id, err := tournamentID(c)
	if err != nil {
		return matchRef{}, err
	}
	round, err := pathInt(c, "round")
	if err != nil {
		return matchRef{}, err
	}
	match, err := pathInt(c, "match")
	if err != nil {
		return matchRef{}, err
	}
	return matchRef{id, round, match}, nil
}

// parseMatchChange is the match a change is about and the match version
// the form was made from (every change of a match checks it).
func parseMatchChange(c echo.Context) (matchRef, int, error) {
	ref, err := parseMatchRef(c)
	if err != nil {
		return matchRef{}, 0, err
	}
	version, err := strconv.Atoi(c.FormValue("version"))
	if err != nil {
		return matchRef{}, 0, badRequest(c, "version", "form.number_bad")
	}
	return ref, version, nil
}

// matchPage shows a match with its result forms, filled with the current
// result so a correction starts from it.
func (s *server) matchPage(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	notice := ""
	switch {
	case c.QueryParam("saved") != "":
		notice = "result.saved"
	case c.QueryParam("cleared") != "":
		notice = "result.cleared"
	}
	return s.showMatch(c, ref, http.StatusOK, nil, nil, notice)
}

// loadMatch is the match page's model of ref with the match itself.
func (s *server) loadMatch(c echo.Context, ref matchRef) (*tournament.Tournament, tournament.Match, views.MatchModel, error) {
	t, err := s.store.Load(c.Request().Context(), ref.id)
	if err != nil {
		return nil, tournament.Match{}, views.MatchModel{}, err
	}
	if ref.round > len(t.Rounds) {
		return nil, tournament.Match{}, views.MatchModel{}, notFound(c)
	}
	r := &t.Rounds[ref.round-1]
	mt, ok := r.Match(ref.match)
	if !ok {
		return nil, tournament.Match{}, views.MatchModel{}, notFound(c)
	}
	m := views.MatchModel{
		TournamentID: t.ID, Name: t.Settings.Name, Row: matchRow(newRoster(t), *r, mt, lang(c)),
		Latest: ref.round == len(t.Rounds),
	}
	m.Row.Then = tableCalls(r.CalledAfter()[mt.No])
	digital, err := s.digitalMatches(c.Request().Context(), t.ID, ref.round)
	m.Row.Digital = digital[ref.match]
	return t, mt, m, err
}

// showMatch renders the match page. A refused form comes back as typed
// (quick or sheet); the other is filled from the current result. Every
// form carries the current version: after "changed meanwhile" the user
// sees the new state and decides whether to send again. notice is the
// message key of what was just done, or "".
func (s *server) showMatch(c echo.Context, ref matchRef, status int, quick, sheet *views.Form, notice string) error {
	t, mt, m, err := s.loadMatch(c, ref)
	if err != nil {
		return err
	}
	m.Notice = notice
	m.Quick = asTyped(quick, quickValues(mt))
	m.Sheet = asTyped(sheet, sheetValues(mt, sheetRowsPerBummerl*t.Settings.BummerlToWin))
	version := strconv.Itoa(mt.Version)
	m.Quick.Values["version"], m.Sheet.Values["version"] = version, version
	m.SheetRows, _ = strconv.Atoi(m.Sheet.Value("rows"))
	m.Running = sheetRunning(lang(c), m.Sheet, m.SheetRows, t.Settings.BummerlToWin)
	return render(c, status, views.MatchPage(m))
}

// clearForm asks before a result is removed: a page rather than a
// script's dialog, so it works on any phone. It carries the version of
// the result it shows.
func (s *server) clearForm(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	_, _, m, err := s.loadMatch(c, ref)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.ClearPage(m))
}

// clearResult removes a match's result, under the same rules as a
// correction: latest round, the version seen (P-5).
func (s *server) clearResult(c echo.Context) error {
	ref, version, err := parseMatchChange(c)
	if err != nil {
		return err
	}
	if _, err := s.store.Update(c.Request().Context(), ref.id, actor(c), store.ActionClearResult, func(t *tournament.Tournament) error {
		return t.ClearResult(ref.round, ref.match, version)
	}); err != nil {
		show := func(status int, f views.Form) error { return s.showMatch(c, ref, status, &f, nil, "") }
		return formError(c, views.NewForm(map[string]string{}), err, show)
	}
	return redirect(c, matchURL(ref)+"?cleared=1")
}

// asTyped is a refused form as the user typed it; a form without input
// (clearing a result has none) shows its messages over current.
func asTyped(f *views.Form, current views.Form) views.Form {
	switch {
	case f == nil:
		return current
	case len(f.Values) == 0:
		current.Errors = f.Errors
		return current
	}
	return *f
}

// quickValues fills the quick form from the match's result. Without one
// no winner is preselected: a helper who only types the score must not
// give the match to the first card by mistake.
func quickValues(m tournament.Match) views.Form {
	v := map[string]string{}
	if r := m.Result; r != nil {
		won, lost := m.Score()
		v["winner"] = strconv.Itoa(int(r.Winner))
		v["bummerl"] = fmt.Sprintf("%d:%d", won, lost)
		if r.Walkover {
			v["bummerl"] = walkoverInput
		}
	}
	return views.NewForm(v)
}

// sheetValues fills the sheet form from the match's score sheet, with at
// least rows rows.
func sheetValues(m tournament.Match, rows int) views.Form {
	v := map[string]string{}
	var deals []schnapsen.DealResult
	if m.Result != nil {
		deals = m.Result.Sheet
	}
	for i, d := range deals {
		v[views.DealField(i, "winner")] = strconv.Itoa(d.Winner)
		v[views.DealField(i, "points")] = strconv.Itoa(d.Points)
		v[views.DealField(i, "reason")] = string(d.Reason)
	}
	v["rows"] = strconv.Itoa(min(maxSheetRows, max(rows, len(deals)+2)))
	return views.NewForm(v)
}

// bummerlScore is a match score as people write it, winner first: "2:1".
var bummerlScore = regexp.MustCompile(`^(\d)\s*[:\-]\s*(\d)$`)

// quickResult saves a result given as the winner and the Bummerl score
// (B-3). A correction is the same request on a decided match.
func (s *server) quickResult(c echo.Context) error {
	ref, version, err := parseMatchChange(c)
	if err != nil {
		return err
	}
	q := readQuick(c, bummerlScore, "form.choice_bad")
	show := func(status int, f views.Form) error { return s.showMatch(c, ref, status, &f, nil, "") }
	if !q.f.OK() {
		return show(http.StatusUnprocessableEntity, q.f)
	}
	if err := s.saveQuick(c, ref, version, q); err != nil {
		return formError(c, q.f, err, show)
	}
	return redirect(c, matchURL(ref)+"?saved=1")
}

// quick is a result typed as the winner's card and the Bummerl score,
// winner first ("2:1"), or k for a walkover; f holds what was typed.
type quick struct {
	f         views.Form
	winner    tournament.CardNo
	won, lost int
	walkover  bool
}

// readQuick reads and checks a quick result from the form: score is the
// spelling of the score the form accepts, winnerBad the message key for a
// winner that is not a card number. A refusal is in q.f.
func readQuick(c echo.Context, score *regexp.Regexp, winnerBad string) quick {
	q := quick{f: views.NewForm(map[string]string{
		"winner":  strings.TrimSpace(c.FormValue("winner")),
		"bummerl": strings.TrimSpace(c.FormValue("bummerl")),
	})}
	winner, err := strconv.Atoi(strings.TrimPrefix(q.f.Value("winner"), "#"))
	switch {
	case q.f.Value("winner") == "":
		q.f.Fail("winner", text(c, "result.winner_missing"))
	case err != nil:
		q.f.Fail("winner", text(c, winnerBad))
	}
	q.winner = tournament.CardNo(winner)
	q.walkover = isWalkover(q.f.Value("bummerl"))
	if q.walkover {
		return q
	}
	m := score.FindStringSubmatch(q.f.Value("bummerl"))
	if m == nil {
		q.f.Fail("bummerl", text(c, "result.bummerl_bad"))
		return q
	}
	q.won, _ = strconv.Atoi(m[1])
	q.lost, _ = strconv.Atoi(m[2])
	// The loser's score first is the common slip; the domain would answer
	// it in seat order, which reads like a different score.
	if q.won < q.lost && q.f.OK() {
		q.f.Fail("bummerl", textf(c, "result.bummerl_order", q.won, q.lost, q.lost, q.won))
	}
	return q
}

// saveQuick saves a checked quick result.
func (s *server) saveQuick(c echo.Context, ref matchRef, version int, q quick) error {
	_, err := s.act.recordResult(c.Request().Context(), ref, actor(c), store.ActionResult, resultInput{version: version,
		result: tournament.Result{Winner: q.winner, Bummerl: [2]int{q.won, q.lost}, Walkover: q.walkover}, winnerFirst: true})
	return err
}

// sheetResult saves a result given as the full score sheet, deal by deal
// (B-4). The engine scores and validates it through SetResult; an error
// about one deal is shown at that row with everything typed kept.
func (s *server) sheetResult(c echo.Context) error {
	ref, version, err := parseMatchChange(c)
	if err != nil {
		return err
	}
	rows, err := strconv.Atoi(c.FormValue("rows"))
	if err != nil || rows < 1 || rows > maxSheetRows {
		return badRequest(c, "rows", "form.number_bad")
	}
	// Parse the rows; rowOf maps a deal of the sheet back to its form row.
	f, sheet, rowOf := parseSheet(c, rows)
	show := func(status int, f views.Form) error { return s.showMatch(c, ref, status, nil, &f, "") }
	if c.FormValue("more") != "" {
		f.Values["rows"] = strconv.Itoa(min(maxSheetRows, rows+moreSheetRows))
		return show(http.StatusOK, f)
	}
	if len(sheet) == 0 {
		f.Fail(views.General, text(c, "result.sheet_empty"))
	}
	if !f.OK() {
		return show(http.StatusUnprocessableEntity, f)
	}
	// The sheet alone gives the winner and the Bummerl (B-4).
	_, err = s.act.recordResult(c.Request().Context(), ref, actor(c), store.ActionResultSheet,
		resultInput{version: version, result: tournament.Result{Sheet: sheet}})
	var te *tournament.Error
	switch {
	case err == nil:
		return redirect(c, matchURL(ref)+"?saved=1")
	case errors.As(err, &te) && te.Deal >= 0 && te.Deal < len(rowOf):
		f.Fail(views.DealField(rowOf[te.Deal], ""), te.Text(lang(c)))
		return show(http.StatusUnprocessableEntity, f)
	}
	return formError(c, f, err, show)
}

// parseSheet reads the sheet rows as typed. Empty rows are skipped; a row
// with only some fields, or values outside the choices, is marked.
func parseSheet(c echo.Context, rows int) (views.Form, []schnapsen.DealResult, []int) {
	v := map[string]string{"rows": strconv.Itoa(rows)}
	var (
		sheet []schnapsen.DealResult
		rowOf []int
	)
	f := views.NewForm(v)
	for i := range rows {
		winner := strings.TrimSpace(c.FormValue(views.DealField(i, "winner")))
		points := strings.TrimSpace(c.FormValue(views.DealField(i, "points")))
		reason := strings.TrimSpace(c.FormValue(views.DealField(i, "reason")))
		v[views.DealField(i, "winner")], v[views.DealField(i, "points")], v[views.DealField(i, "reason")] = winner, points, reason
		if winner == "" && points == "" && reason == "" {
			continue
		}
		seat, errW := strconv.Atoi(winner)
		p, errP := strconv.Atoi(points)
		if errW != nil || errP != nil {
			f.Fail(views.DealField(i, ""), text(c, "result.row_incomplete"))
			continue
		}
		sheet = append(sheet, schnapsen.DealResult{Winner: seat, Points: p, Reason: schnapsen.Reason(reason)})
		rowOf = append(rowOf, i)
	}
	return f, sheet, rowOf
}

// matchURL is the result page of a match.
func matchURL(ref matchRef) string {
	return roundURL(ref.id, ref.round) + "/matches/" + strconv.Itoa(ref.match)
}
