package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"bummerl/views"
)

// gamePoints is where each side's count starts on the paper sheet: a
// Bummerl is won by the first to count down from 7 to 0 (B-1).
const gamePoints = 7

// sheetRunning works the sheet out as typed (issue 9): per row both
// sides' count down from 7 after the deal, where a Bummerl ends, and a
// problem at the deal it is about — a row half filled in, or a deal after
// the match is decided, with the score at that point. The engine still
// checks the whole sheet when it is saved (B-4).
func sheetRunning(lang string, f views.Form, rows, toWin int) []views.SheetLine {
	out := make([]views.SheetLine, rows)
	need := [2]int{gamePoints, gamePoints}
	var bummerl [2]int
	for i := range rows {
		ws, ps := f.Value(views.DealField(i, "winner")), f.Value(views.DealField(i, "points"))
		if ws == "" && ps == "" {
			continue
		}
		w, errW := strconv.Atoi(ws)
		p, errP := strconv.Atoi(ps)
		if errW != nil || errP != nil || w < 0 || w > 1 || p < 1 || p > 3 {
			out[i].Problem = views.Textf(lang, "sheet.incomplete", i+1)
			continue
		}
		if bummerl[0] >= toWin || bummerl[1] >= toWin {
			out[i].Problem = views.Textf(lang, "sheet.decided", i+1, max(bummerl[0], bummerl[1]), min(bummerl[0], bummerl[1]))
			continue
		}
		need[w] = max(0, need[w]-p)
		out[i].Used, out[i].Scorer, out[i].Need = true, w, need
		if need[w] == 0 {
			bummerl[w]++
			out[i].End = true
			need = [2]int{gamePoints, gamePoints}
		}
		out[i].Bummerl = bummerl
	}
	return out
}

// sheetPreview answers a change of the score sheet (htmx) with the sheet
// worked out; nothing is saved.
func (s *server) sheetPreview(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	rows, err := strconv.Atoi(c.FormValue("rows"))
	if err != nil || rows < 1 || rows > maxSheetRows {
		return badRequest(c, "rows", "form.number_bad")
	}
	f, _, _ := parseSheet(c, rows)
	t, _, m, err := s.loadMatch(c, ref)
	if err != nil {
		return err
	}
	f.Errors = map[string]string{} // only the running problems while typing
	m.Sheet, m.SheetRows = f, rows
	m.Running = sheetRunning(lang(c), f, rows, t.Settings.BummerlToWin)
	return render(c, http.StatusOK, views.SheetTable(m))
}
