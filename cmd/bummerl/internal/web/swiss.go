package web

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// The Swiss system's pages and actions (issue 14, docs/swiss.md). The
// round flow is the draw page's (announce, then pair; undo before
// results); results, tables, phones and paper work on its rounds as they
// are. What is its own: late entry (SW-15), withdrawal (SW-16) and the
// standings table (SW-10 … SW-14).

// swissDrawView is the draw page's Swiss part, with the late entry form f.
func swissDrawView(t *tournament.Tournament, f views.Form) *views.SwissDrawView {
	v := &views.SwissDrawView{Next: len(t.Rounds) + 1, Rounds: t.SwissRounds(), Form: f,
		CanEnter: len(t.Rounds) > 0 && len(t.Rounds) < t.SwissRounds(), CanWithdraw: len(t.Rounds) > 0 && !t.Finished()}
	if r := t.Current(); r != nil && !t.Finished() && !slices.ContainsFunc(r.Matches, func(m tournament.Match) bool { return !m.Decided() }) {
		v.CanEnd = r.No
	}
	ros := newRoster(t)
	for _, c := range t.Cards {
		v.Players = append(v.Players, views.SwissEntry{Card: c.No, Name: ros.holder(c.No).Name, Withdrawn: c.Withdrawn(), From: c.From,
			CanReinstate: canReinstate(t, c)})
	}
	v.CanSeed = len(t.Rounds) == 0
	var typed []string
	for _, c := range t.SwissSeeds {
		v.Seeds = append(v.Seeds, views.SwissEntry{Card: c, Name: ros.holder(c).Name})
		typed = append(typed, strconv.Itoa(int(c)))
	}
	v.Seeding = views.NewForm(map[string]string{"seeds": strings.Join(typed, " ")})
	return v
}

// parseSeeds reads a seed list as typed: card numbers separated by
// spaces, commas, semicolons or new lines (SW-4). bad is the first word
// that is no card number.
func parseSeeds(s string) (list []tournament.CardNo, bad string) {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || unicode.IsSpace(r) }) {
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 {
			return nil, w
		}
		list = append(list, tournament.CardNo(n))
	}
	return list, ""
}

// setSeeds sets the seed list for round 1 (SW-4); a refusal shows the
// list as typed with the message at it.
func (s *server) setSeeds(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	f := views.NewForm(map[string]string{"seeds": c.FormValue("seeds")})
	show := func(status int, f views.Form) error {
		t, err := s.store.Load(c.Request().Context(), id)
		if err != nil {
			return err
		}
		m := drawModel(t, lang(c), views.NewForm(nil))
		if m.Swiss == nil {
			return notFound(c)
		}
		if m.Swiss.CanSeed {
			m.Swiss.Seeding = f
		} else { // round 1 is paired: the list is gone from the page
			m.Form.Fail(views.General, f.Error("seeds"))
		}
		return render(c, status, views.DrawPage(m))
	}
	list, bad := parseSeeds(f.Value("seeds"))
	if bad != "" {
		f.Fail("seeds", views.Textf(lang(c), "swiss.seeds_bad", bad))
		return show(http.StatusUnprocessableEntity, f)
	}
	if _, err := s.act.setSeeds(c.Request().Context(), id, actor(c), list); err != nil {
		return formError(c, f, err, show)
	}
	return redirect(c, tournamentURL(id, "/draw"))
}

// swissTableView is the standings table of a Swiss tournament.
func swissTableView(t *tournament.Tournament) *views.SwissTableView {
	st := t.SwissTable()
	v := &views.SwissTableView{Round: len(t.Rounds), Rounds: t.SwissRounds(), GamePoints: st.GamePoints, Cut1: st.Cut1}
	for _, r := range t.Rounds {
		if !slices.ContainsFunc(r.Matches, func(m tournament.Match) bool { return !m.Decided() }) {
			v.Done = r.No
		} else if slices.ContainsFunc(r.Matches, tournament.Match.Decided) {
			v.Live = r.No // the table counts some of it
		}
	}
	ros := newRoster(t)
	for _, r := range st.Rows {
		p := ros.players[r.Player]
		v.Rows = append(v.Rows, views.SwissRowView{Place: r.Place, Card: r.Card, Name: p.Name, Club: p.Club,
			Points: r.Points, Played: r.Played, Buchholz: r.Buchholz, BummerlDiff: r.BummerlDiff,
			GamePointDiff: r.GamePointDiff, Direct: r.Direct, Withdrawn: r.Withdrawn, From: r.From})
	}
	return v
}

// swissScore is the phone's line of card's player: points, place, round.
func swissScore(t *tournament.Tournament, card tournament.Card) *views.SwissScore {
	s := &views.SwissScore{Round: len(t.Rounds), Rounds: t.SwissRounds(), Withdrawn: card.Withdrawn(), From: card.From}
	rows := t.SwissTable().Rows
	s.Of = len(rows)
	for _, r := range rows {
		if r.Card == card.No {
			s.Points, s.Place = r.Points, r.Place
		}
	}
	return s
}

// lateEntry enters a player after round 1 (SW-15) from the draw page's
// form; a refusal shows the form as typed with the message.
func (s *server) lateEntry(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	f := views.NewForm(map[string]string{"name": strings.TrimSpace(c.FormValue("name")), "club": strings.TrimSpace(c.FormValue("club"))})
	_, _, _, err = s.act.enterLate(c.Request().Context(), id, actor(c), tournament.Player{Name: f.Value("name"), Club: f.Value("club")})
	if err == nil {
		return redirect(c, tournamentURL(id, "/draw"))
	}
	return formError(c, f, err, func(status int, f views.Form) error {
		t, lerr := s.store.Load(c.Request().Context(), id)
		if lerr != nil {
			return lerr
		}
		m := drawModel(t, lang(c), views.NewForm(nil))
		if m.Swiss == nil { // Preisschnapsen has no late entry form: the refusal (swiss_only) alone
			return err
		}
		m.Swiss.Form = f
		return render(c, status, views.DrawPage(m))
	})
}

// withdrawConfirm asks before card ?card='s player is withdrawn (SW-16);
// a withdrawal not possible leads back to the draw page.
func (s *server) withdrawConfirm(c echo.Context) error {
	return s.cardConfirm(c, "withdraw", func(t *tournament.Tournament, card tournament.Card) bool {
		return len(t.Rounds) > 0 && !card.Withdrawn()
	})
}

// reinstateConfirm asks before card ?card='s withdrawal is taken back
// (SW-16); one no longer possible leads back to the draw page.
func (s *server) reinstateConfirm(c echo.Context) error {
	return s.cardConfirm(c, "reinstate", func(t *tournament.Tournament, card tournament.Card) bool {
		return canReinstate(t, card)
	})
}

// canReinstate: the round his withdrawal applies to is not paired yet.
func canReinstate(t *tournament.Tournament, c tournament.Card) bool {
	return c.Withdrawn() && c.Out > len(t.Rounds) && !t.Finished()
}

// cardConfirm is the confirm page of a Swiss card action ("withdraw",
// "reinstate"); when ok says it is not possible, back to the draw page.
func (s *server) cardConfirm(c echo.Context, action string, ok func(*tournament.Tournament, tournament.Card) bool) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	no, err := strconv.Atoi(c.QueryParam("card"))
	if err != nil {
		return badRequest(c, "card", "form.number_bad")
	}
	card, found := t.Card(tournament.CardNo(no))
	if !found || !t.Settings.IsSwiss() || t.Finished() || !ok(t, card) {
		return redirect(c, tournamentURL(t.ID, "/draw"))
	}
	ros := newRoster(t)
	m := views.CardConfirmModel{Action: action, TournamentID: t.ID, Name: t.Settings.Name, Card: card.No,
		Player: ros.holder(card.No).Name, From: len(t.Rounds) + 1}
	for _, n := range t.Next(card.Player) {
		if !n.Decided && action == "withdraw" {
			m.Open = n.Name.Text(lang(c)) + ", " + views.Textf(lang(c), "swiss.board", n.Match)
		}
	}
	return render(c, http.StatusOK, views.CardConfirmPage(m))
}

// cardAction is the draw page's form of a Swiss card change (withdraw,
// reinstate; SW-16) on the form's card; a refusal shows the draw page
// with the message.
func (s *server) cardAction(change cardChange) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := tournamentID(c)
		if err != nil {
			return err
		}
		no, err := strconv.Atoi(c.FormValue("card"))
		if err != nil {
			return badRequest(c, "card", "form.number_bad")
		}
		if _, err := change(c.Request().Context(), id, actor(c), tournament.CardNo(no)); err != nil {
			return s.drawFailed(c, id, views.NewForm(nil), err)
		}
		return redirect(c, tournamentURL(id, "/draw"))
	}
}

// endConfirm asks before the tournament ends after round ?round= (SW-2,
// SW-7); an end not possible leads back to the draw page.
func (s *server) endConfirm(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	round, err := strconv.Atoi(c.QueryParam("round"))
	if err != nil {
		return badRequest(c, "round", "form.number_bad")
	}
	if !t.Settings.IsSwiss() || swissDrawView(t, views.NewForm(nil)).CanEnd != round || round == 0 {
		return redirect(c, tournamentURL(t.ID, "/draw"))
	}
	return render(c, http.StatusOK, views.EndConfirmPage(views.EndConfirmModel{TournamentID: t.ID, Name: t.Settings.Name,
		Round: round, Rounds: t.SwissRounds()}))
}

// endSwiss ends the tournament after the round the organiser saw.
func (s *server) endSwiss(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	round, err := strconv.Atoi(c.FormValue("round"))
	if err != nil {
		return badRequest(c, "round", "form.number_bad")
	}
	if _, err := s.act.endSwiss(c.Request().Context(), id, actor(c), round); err != nil {
		return s.drawFailed(c, id, views.NewForm(nil), err)
	}
	return redirect(c, tournamentURL(id, "/standings"))
}

// pairSwiss pairs the next Swiss round from the announced seed (SW-4);
// without an announcement the domain says so.
func pairSwiss(t *tournament.Tournament) error {
	d := tournament.Draw{Method: tournament.SwissPairing}
	if t.Pending != nil {
		d.Seed, d.Commitment = t.Pending.Seed, t.Pending.Commitment
	}
	return t.ApplyDraw(d)
}
