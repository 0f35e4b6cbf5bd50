package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/views"
)

// drawPage is the organiser's draw page: what is drawn next, the digital
// draw (announce, then perform) and the form for a physical draw (P-2 … P-4).
func (s *server) drawPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.DrawPage(drawModel(t, lang(c), physicalValues(t))))
}

// drawModel is the draw page's view of t with the physical form f.
func drawModel(t *tournament.Tournament, lang string, f views.Form) views.DrawModel {
	m := views.DrawModel{TournamentID: t.ID, Name: t.Settings.Name, Sold: t.Sold(), Cards: t.Settings.Cards, Form: f}
	if len(t.Rounds) == 0 {
		m.Short, m.Suggest = t.Shortfall() // P-2
	}
	if t.Pending != nil {
		m.Commitment = t.Pending.Commitment
	}
	if r := t.Current(); r != nil && !anyPlayed(r) {
		m.UndoRound = r.No
	}
	if t.Settings.IsSwiss() {
		m.Swiss = swissDrawView(t, views.NewForm(nil))
	}
	groups, err := t.NextDraw()
	if err != nil {
		m.Blocked = ErrorText(err, lang)
		return m
	}
	ros := newRoster(t)
	var names []string
	for _, g := range groups {
		gv := views.DrawGroupView{Name: groupName(t, g).Text(lang), PotSize: g.PotSize}
		for _, e := range g.Entrants {
			gv.Entrants = append(gv.Entrants, views.DrawEntrant{Player: e.Player, Name: ros.players[e.Player].Name, Cards: e.Cards})
			gv.Cards += len(e.Cards)
		}
		m.Groups = append(m.Groups, gv)
		names = append(names, gv.Name)
	}
	m.Next = strings.Join(names, ", ")
	return m
}

// groupName is the name the group's matches will have: the round to be
// drawn has PotSize matches in its bracket.
func groupName(t *tournament.Tournament, g tournament.DrawGroup) tournament.Name {
	r := tournament.Round{No: len(t.Rounds) + 1, Matches: make([]tournament.Match, g.PotSize)}
	if t.Settings.IsSwiss() {
		r.Draw.Method = tournament.SwissPairing
	}
	for i := range r.Matches {
		r.Matches[i].Bracket = g.Bracket
	}
	return tournament.RoundName(r, g.Bracket)
}

func anyPlayed(r *tournament.Round) bool {
	for _, m := range r.Matches {
		if m.Played() {
			return true
		}
	}
	return false
}

// physicalValues preselects the suggested order in the physical form.
func physicalValues(t *tournament.Tournament) views.Form {
	v := map[string]string{}
	groups, _ := t.NextDraw()
	for gi, g := range groups {
		for ei, e := range g.Entrants {
			v[views.PhysicalField("p", gi, ei)] = strconv.Itoa(int(e.Player))
		}
	}
	return views.NewForm(v)
}

// announceDraw makes a secret seed for the next digital draw and publishes
// its commitment (P-4). Announcing again replaces the seed.
func (s *server) announceDraw(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	if _, err := s.act.announceDraw(c.Request().Context(), id, actor(c)); err != nil {
		return s.drawFailed(c, id, views.NewForm(nil), err)
	}
	return redirect(c, tournamentURL(id, "/draw"))
}

// performDraw runs the announced digital draw and reveals its seed. The
// form names the commitment the organiser saw, so a draw announced anew
// meanwhile is not performed unseen.
func (s *server) performDraw(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	t, err := s.act.drawAnnounced(c.Request().Context(), id, actor(c), c.FormValue("commitment"))
	if err != nil {
		return s.drawFailed(c, id, views.NewForm(nil), err)
	}
	return redirect(c, roundURL(id, len(t.Rounds)))
}

// drawDigital draws the next round from the announced seed (P-4).
func drawDigital(t *tournament.Tournament) error {
	if t.Settings.IsSwiss() {
		return pairSwiss(t) // SW-4: paired, not drawn from pots
	}
	if t.Pending == nil {
		// ApplyDraw names what is missing: the round, or the announcement.
		return t.ApplyDraw(tournament.Draw{Method: tournament.Digital})
	}
	groups, err := t.NextDraw()
	if err != nil {
		return err
	}
	d, err := draw.Digital(groups, t.Pending.Seed)
	if err != nil {
		return err
	}
	return t.ApplyDraw(d)
}

// physicalDraw records a draw made with real pots: per entry (in the
// order the players came), the player and his left and right numbers.
// draw.Physical checks them; a problem is shown at its entry.
func (s *server) physicalDraw(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	// Read and check the whole form before the write starts: the store has
	// one writer, so a body still arriving inside the transaction would hold
	// up every sale, result and login until it came. The form's shape
	// follows the groups of the tournament as it is now; should they change
	// before the write, draw.Physical refuses the entries.
	f := views.NewForm(map[string]string{})
	before, err := s.store.Load(c.Request().Context(), id)
	if err != nil {
		return err
	}
	groups, err := before.NextDraw()
	if err != nil {
		return s.drawFailed(c, id, f, err)
	}
	entries := parsePhysical(c, groups, &f)
	if !f.OK() {
		return s.drawFailed(c, id, f, nil) // the form carries the messages
	}
	t, err := s.act.drawPhysical(c.Request().Context(), id, actor(c), entries)
	if err != nil {
		return s.drawFailed(c, id, f, err)
	}
	return redirect(c, roundURL(id, len(t.Rounds)))
}

// parsePhysical reads the physical form into entries, marking fields that
// are not numbers in f.
func parsePhysical(c echo.Context, groups []tournament.DrawGroup, f *views.Form) [][]draw.PhysicalEntry {
	entries := make([][]draw.PhysicalEntry, len(groups))
	for gi, g := range groups {
		for ei := range g.Entrants {
			var e draw.PhysicalEntry
			pf, lf, rf := views.PhysicalField("p", gi, ei), views.PhysicalField("l", gi, ei), views.PhysicalField("r", gi, ei)
			for _, k := range []string{pf, lf, rf} {
				f.Values[k] = strings.TrimSpace(c.FormValue(k))
			}
			p, err := strconv.Atoi(f.Value(pf))
			if err != nil {
				f.Fail(pf, text(c, "draw.player_bad"))
			}
			e.Player = tournament.PlayerID(p)
			var ok bool
			if e.Left, ok = numberList(f.Value(lf)); !ok {
				f.Fail(lf, text(c, "draw.numbers_bad"))
			}
			if e.Right, ok = numberList(f.Value(rf)); !ok {
				f.Fail(rf, text(c, "draw.numbers_bad"))
			}
			entries[gi] = append(entries[gi], e)
		}
	}
	return entries
}

// numberList reads "3, 17 5" as numbers in the order written.
func numberList(s string) ([]int, bool) {
	var out []int
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		n, err := strconv.Atoi(part)
		if err != nil {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// drawFailed shows the draw page again with the refusal and the physical
// form as typed (an empty form gets the suggested order); a nil err means
// the form itself carries the messages.
func (s *server) drawFailed(c echo.Context, id int64, f views.Form, err error) error {
	show := func(status int, f views.Form) error {
		t, err := s.store.Load(c.Request().Context(), id)
		if err != nil {
			return err
		}
		if len(f.Values) == 0 {
			f.Values = physicalValues(t).Values
		}
		return render(c, status, views.DrawPage(drawModel(t, lang(c), f)))
	}
	if err == nil {
		return show(http.StatusUnprocessableEntity, f)
	}
	return formError(c, f, err, show)
}

// undoDraw removes the latest round while none of its matches is played.
// The form names the round the organiser saw, so a round drawn meanwhile
// by somebody else is not undone by mistake.
func (s *server) undoDraw(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	round, err := strconv.Atoi(c.FormValue("round"))
	if err != nil {
		return badRequest(c, "round", "form.number_bad")
	}
	if err := s.act.undoDraw(c.Request().Context(), id, actor(c), round); err != nil {
		return s.drawFailed(c, id, views.NewForm(nil), err)
	}
	return redirect(c, tournamentURL(id, "/draw"))
}

// roundProtocol downloads the public draw protocol of a round, the file
// `bummerl draw verify` checks (P-4).
func (s *server) roundProtocol(c echo.Context) error {
	p, err := s.protocol(c)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+views.ProtocolFile(p.Round)+`"`)
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, append(b, '\n'))
}

// protocol is the public draw protocol of the round in the path.
func (s *server) protocol(c echo.Context) (draw.Protocol, error) {
	t, r, err := s.loadRound(c)
	if err != nil {
		return draw.Protocol{}, err
	}
	p, err := draw.ProtocolOf(t, r.No)
	if err != nil {
		return p, err
	}
	undone, err := s.undoneDraws(c, t.ID, r.No)
	if err != nil {
		return p, err
	}
	for _, u := range undone {
		pu := draw.ProtocolUndone{UndoneAt: u.At, UndoneBy: u.By, Method: u.Method, Commitment: u.Commitment, Seed: u.Seed,
			Pairings: [][2]tournament.CardNo{}}
		for _, pr := range u.Pairings {
			pu.Pairings = append(pu.Pairings, [2]tournament.CardNo{tournament.CardNo(pr[0]), tournament.CardNo(pr[1])})
		}
		p.Undone = append(p.Undone, pu)
	}
	return p, nil
}
