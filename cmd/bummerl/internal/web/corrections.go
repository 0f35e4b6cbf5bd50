package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// Corrections that ask first (issue 9): GET shows what goes, the page's
// form posts the change (the draw page and the sale desk link here). Both
// are plain pages, no script needed. A link to a change that is not
// possible (any more) leads back to the page that offers it: the draw
// page, the sale desk, which then shows what can be done.

// undoConfirm shows the pairings the undo of round ?round= removes.
func (s *server) undoConfirm(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	round := len(t.Rounds)
	if q := c.QueryParam("round"); q != "" {
		if round, err = strconv.Atoi(q); err != nil {
			return badRequest(c, "round", "form.number_bad")
		}
	}
	r := t.Current()
	if round == 0 || round != len(t.Rounds) || anyPlayed(r) {
		return redirect(c, tournamentURL(t.ID, "/draw"))
	}
	ros := newRoster(t)
	m := views.UndoConfirmModel{TournamentID: t.ID, Name: t.Settings.Name, Round: r.No, Title: roundTitle(*r, lang(c)),
		Digital: r.Draw.Method.Seeded(), Seed: r.Draw.Seed}
	for _, mt := range r.Matches {
		m.Pairings = append(m.Pairings, pairing(ros, mt.A, mt.B))
	}
	return render(c, http.StatusOK, views.UndoConfirmPage(m))
}

// resizeConfirm shows what making the tournament ?cards= small does (P-2):
// the numbers that go, the sold cards above it with their new numbers,
// the prizes dropped. The change is worked out on a copy.
func (s *server) resizeConfirm(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.QueryParam("cards"))
	if err != nil {
		return badRequest(c, "cards", "form.number_bad")
	}
	after, err := s.store.Load(c.Request().Context(), t.ID) // a copy of its own
	if err != nil {
		return err
	}
	if short, _ := t.Shortfall(); !short || after.Resize(n) != nil {
		return redirect(c, tournamentURL(t.ID, "/sale"))
	}
	m := views.ResizeConfirmModel{TournamentID: t.ID, Name: t.Settings.Name, From: t.Settings.Cards, To: n}
	newNo := map[int]tournament.CardNo{} // by sale sequence, which a renumbering keeps
	for _, cd := range after.Cards {
		newNo[cd.Sale] = cd.No
	}
	ros := newRoster(t)
	for _, cd := range t.Cards {
		if no := newNo[cd.Sale]; no != cd.No {
			m.Renumbered = append(m.Renumbered, views.Renumbered{Old: cd.No, New: no, Player: ros.holder(cd.No).Name})
		}
	}
	if k := len(after.Settings.Prizes); k < len(t.Settings.Prizes) {
		m.Dropped = t.Settings.Prizes[k:]
	}
	return render(c, http.StatusOK, views.ResizeConfirmPage(m))
}

// pairing is a match's two cards with their holders' names.
func pairing(ros roster, a, b tournament.CardNo) views.UndonePairing {
	p := views.UndonePairing{A: a, B: b, AName: ros.holder(a).Name}
	if b != 0 {
		p.BName = ros.holder(b).Name
	}
	return p
}

// undoneDraws are the tournament's undone draws of round (all rounds for
// 0), as the public pages show them; the names are of the cards' holders
// now (docs/tournament.md, "Undone draws").
func (s *server) undoneViews(c echo.Context, t *tournament.Tournament, round int) ([]views.UndoneDraw, error) {
	list, err := s.undoneDraws(c, t.ID, round)
	if err != nil {
		return nil, err
	}
	ros := newRoster(t)
	out := make([]views.UndoneDraw, 0, len(list))
	for _, u := range list {
		v := views.UndoneDraw{Round: u.Round, At: u.At.Local().Format(historyTime), By: u.By,
			Digital: tournament.DrawMethod(u.Method).Seeded(), Commitment: u.Commitment, Seed: u.Seed}
		for _, p := range u.Pairings {
			v.Pairings = append(v.Pairings, pairing(ros, tournament.CardNo(p[0]), tournament.CardNo(p[1])))
		}
		out = append(out, v)
	}
	return out, nil
}

// undoneDraws reads the undone draws of round (0: every round) from the store.
func (s *server) undoneDraws(c echo.Context, id int64, round int) ([]store.UndoneDraw, error) {
	all, err := s.store.UndoneDraws(c.Request().Context(), id)
	if err != nil || round == 0 {
		return all, err
	}
	var out []store.UndoneDraw
	for _, u := range all {
		if u.Round == round {
			out = append(out, u)
		}
	}
	return out, nil
}
