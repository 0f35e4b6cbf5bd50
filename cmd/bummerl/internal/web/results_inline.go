package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/views"
)

// inlineScore is the Bummerl score typed on the round page, winner first:
// "2:1", and, quicker on a German keyboard, "21", "2-1", "2.1" or "2 1".
var inlineScore = regexp.MustCompile(`^(\d)\s*[:\-./ ]?\s*(\d)$`)

// walkoverInput is what the score field of a walkover (kampflos) shows;
// isWalkover also takes the words in full and in English.
const walkoverInput = "k"

func isWalkover(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "k", "kampflos", "w", "wo", "walkover":
		return true
	}
	return false
}

// inlineResult saves a result typed on the round page (views/round_inline.templ):
// the winner's card number and the Bummerl score. htmx gets the match's
// row back (refused: with the input and the message); without JavaScript
// the round page comes back, or after a refusal is shown again.
func (s *server) inlineResult(c echo.Context) error {
	ref, version, err := parseMatchChange(c)
	if err != nil {
		return err
	}
	q := readQuick(c, inlineScore, "form.number_bad")
	show := func(status int, f views.Form) error { return s.showInline(c, ref, status, f, false) }
	if !q.f.OK() {
		return show(http.StatusUnprocessableEntity, q.f)
	}
	if err := s.saveQuick(c, ref, version, q); err != nil {
		return formError(c, q.f, err, show)
	}
	if !isHTMX(c) {
		back, page := c.FormValue("back"), roundURL(ref.id, ref.round)
		if back != page && !strings.HasPrefix(back, page+"?") {
			back = page
		}
		return redirect(c, back)
	}
	return s.showInline(c, ref, http.StatusOK, views.NewForm(nil), true)
}

// showInline answers an inline result: for htmx the match's row (saved:
// with the round's status out of band), otherwise the whole round page.
func (s *server) showInline(c echo.Context, ref matchRef, status int, f views.Form, saved bool) error {
	t, err := s.store.Load(c.Request().Context(), ref.id)
	if err != nil {
		return err
	}
	if ref.round < 1 || ref.round > len(t.Rounds) {
		return notFound(c)
	}
	m, err := s.roundView(c, t, &t.Rounds[ref.round-1], false, "")
	if err != nil {
		return err
	}
	if !f.OK() {
		m.Inline = map[int]views.Form{ref.match: f}
	}
	if !isHTMX(c) {
		return render(c, status, views.RoundPage(m))
	}
	for _, r := range m.Rows {
		if r.No != ref.match {
			continue
		}
		if saved {
			// No autofocus in the rows swapped in: app.js moves the focus on.
			m.Saved, m.Inline = r.No, map[int]views.Form{}
			return render(c, status, views.InlineSaved(m, r, calledRows(c, m, r)))
		}
		return render(c, status, views.RoundMatchRow(m, r))
	}
	return notFound(c)
}

// calledRows are the rows of the matches r's result called to a table
// (issue 23) that the page shows: those its filter (the form's back
// address) lets through; an open match passes "open only".
func calledRows(c echo.Context, m views.RoundModel, r views.MatchRow) []views.MatchRow {
	var q string
	if u, err := url.Parse(c.FormValue("back")); err == nil {
		q = u.Query().Get("q")
	}
	var out []views.MatchRow
	for _, call := range r.Then {
		for _, row := range m.Rows {
			if row.No == call.Match && matchesQuery(row, strings.TrimSpace(q)) {
				out = append(out, row)
			}
		}
	}
	return out
}
