package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// The JSON API of the draw, the rounds, the results and the standings
// (docs/api.md). The writes are the pages' use cases (actions.go).

type resultJSON struct {
	Winner  tournament.CardNo      `json:"winner"`
	Bummerl [2]int                 `json:"bummerl"` // A's and B's
	Sheet   []schnapsen.DealResult `json:"sheet,omitempty"`
	// Walkover: won kampflos, the loser did not turn up; bummerl 0, 0.
	Walkover bool `json:"walkover,omitempty"`
}

type matchJSON struct {
	Match       int               `json:"match"`
	Bracket     string            `json:"bracket"`
	Name        string            `json:"name"`
	A           tournament.CardNo `json:"a"`
	B           tournament.CardNo `json:"b"` // 0 for a bye
	AName       string            `json:"a_name"`
	BName       string            `json:"b_name,omitempty"`
	Bye         bool              `json:"bye"`
	Surrendered bool              `json:"surrendered"`
	Started     bool              `json:"started"`
	Table       int               `json:"table"`
	Version     int               `json:"version"`
	Result      *resultJSON       `json:"result"`
	// Automatic calling (issue 23): the match whose result called this
	// one to its table, and the matches this one's result called.
	CalledAfter int             `json:"called_after,omitempty"`
	Then        []tableCallJSON `json:"then,omitempty"`
}

// tableCallJSON is a match called to a table.
type tableCallJSON struct {
	Match int `json:"match"`
	Table int `json:"table"`
}

type roundJSON struct {
	Round      int         `json:"round"`
	Name       string      `json:"name"`
	Method     string      `json:"method"`
	Commitment string      `json:"commitment,omitempty"`
	Seed       string      `json:"seed,omitempty"`
	Complete   bool        `json:"complete"`
	Matches    []matchJSON `json:"matches"`
}

func roundOut(t *tournament.Tournament, ros roster, r tournament.Round, lang string) roundJSON {
	out := roundJSON{Round: r.No, Name: roundTitle(r, lang), Method: string(r.Draw.Method),
		Commitment: r.Draw.Commitment, Seed: r.Draw.Seed, Complete: true, Matches: []matchJSON{}}
	after := r.CalledAfter()
	for _, m := range r.Matches {
		row := matchRow(ros, r, m, lang)
		mj := matchJSON{Match: m.No, Bracket: m.Bracket.Code(), Name: row.Name, A: m.A, B: m.B,
			AName: row.AName, BName: row.BName, Bye: row.Bye, Surrendered: m.Surrendered,
			Started: m.Started, Table: row.Table, Version: m.Version, CalledAfter: m.CalledAfter}
		for _, c := range after[m.No] {
			mj.Then = append(mj.Then, tableCallJSON{Match: c.No, Table: c.Table})
		}
		if m.Result != nil {
			mj.Result = &resultJSON{Winner: m.Result.Winner, Bummerl: m.Result.Bummerl, Sheet: m.Result.Sheet, Walkover: m.Result.Walkover}
		}
		out.Complete = out.Complete && m.Decided()
		out.Matches = append(out.Matches, mj)
	}
	return out
}

// apiRounds lists every round with its matches.
func (s *server) apiRounds(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	ros := newRoster(t)
	out := make([]roundJSON, len(t.Rounds))
	for i, r := range t.Rounds {
		out[i] = roundOut(t, ros, r, lang(c))
	}
	return c.JSON(http.StatusOK, out)
}

// apiRound is one round with its matches.
func (s *server) apiRound(c echo.Context) error {
	t, r, err := s.loadRound(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, roundOut(t, newRoster(t), *r, lang(c)))
}

// apiProtocol is a round's public draw protocol (bummerl draw verify).
func (s *server) apiProtocol(c echo.Context) error {
	p, err := s.protocol(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

type entrantJSON struct {
	Player tournament.PlayerID `json:"player"`
	Name   string              `json:"name"`
	Cards  []tournament.CardNo `json:"cards"`
}

type groupJSON struct {
	Bracket  string        `json:"bracket"`
	Name     string        `json:"name"`
	PotSize  int           `json:"pot_size"`
	Entrants []entrantJSON `json:"entrants"`
}

// nextDrawJSON is the next round to draw: its groups in the order the
// players come to the pots, the announced commitment, or why there is
// nothing to draw.
type nextDrawJSON struct {
	Groups     []groupJSON `json:"groups"`
	Commitment string      `json:"commitment,omitempty"`
	Blocked    *apiError   `json:"blocked,omitempty"`
}

// apiNextDraw tells what the next draw is (the "next round").
func (s *server) apiNextDraw(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	out := nextDrawJSON{Groups: []groupJSON{}}
	if t.Pending != nil {
		out.Commitment = t.Pending.Commitment
	}
	groups, err := t.NextDraw()
	if err != nil {
		p := explain(c, err)
		out.Blocked = &apiError{Error: p.msg, Field: p.field, Code: p.code}
		return c.JSON(http.StatusOK, out)
	}
	ros := newRoster(t)
	for _, g := range groups {
		gj := groupJSON{Bracket: g.Bracket.Code(), Name: groupName(t, g).Text(lang(c)), PotSize: g.PotSize}
		for _, e := range g.Entrants {
			gj.Entrants = append(gj.Entrants, entrantJSON{e.Player, ros.players[e.Player].Name, e.Cards})
		}
		out.Groups = append(out.Groups, gj)
	}
	return c.JSON(http.StatusOK, out)
}

// apiAnnounce announces the next digital draw: a new secret seed, whose
// commitment is published now (P-4).
func (s *server) apiAnnounce(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	commitment, err := s.act.announceDraw(c.Request().Context(), id, actor(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"commitment": commitment})
}

// apiDrawDigital performs the announced digital draw. The body names the
// commitment the client saw; the new round reveals the seed.
func (s *server) apiDrawDigital(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	var in struct {
		Commitment string `json:"commitment"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := s.act.drawAnnounced(c.Request().Context(), id, actor(c), in.Commitment)
	if err != nil {
		return err
	}
	return s.apiNewRound(c, t)
}

// apiDrawPhysical records a physical draw: per group (in the order of GET
// .../draw), the entries in the order the players came to the pots.
func (s *server) apiDrawPhysical(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	var in struct {
		Groups [][]draw.PhysicalEntry `json:"groups"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := s.act.drawPhysical(c.Request().Context(), id, actor(c), in.Groups)
	if err != nil {
		return err
	}
	return s.apiNewRound(c, t)
}

// apiNewRound answers a draw with the round it created.
func (s *server) apiNewRound(c echo.Context, t *tournament.Tournament) error {
	r := t.Current()
	c.Response().Header().Set(echo.HeaderLocation, apiRoundPath(t.ID, r.No))
	return c.JSON(http.StatusCreated, roundOut(t, newRoster(t), *r, lang(c)))
}

// apiUndoDraw undoes the draw of round :round, which must be the latest
// and have no played match.
func (s *server) apiUndoDraw(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	round, err := pathInt(c, "round")
	if err != nil {
		return err
	}
	if err := s.act.undoDraw(c.Request().Context(), id, actor(c), round); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// apiStart marks a match as being played at a table.
func (s *server) apiStart(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	var in struct {
		Version int `json:"version"`
		Table   int `json:"table"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := s.act.startMatch(c.Request().Context(), ref, actor(c), in.Table, in.Version)
	if err != nil {
		return err
	}
	return s.apiMatch(c, t, ref)
}

// resultInJSON is a result to save: the winner and the Bummerl of A and B
// (quick), or the score sheet (full; winner and Bummerl may then be left
// out, the sheet gives them). version is the match version read before.
type resultInJSON struct {
	Version int                    `json:"version"`
	Winner  tournament.CardNo      `json:"winner"`
	Bummerl *[2]int                `json:"bummerl"`
	Sheet   []schnapsen.DealResult `json:"sheet"`
	// Walkover: the winner wins kampflos; no bummerl, no sheet (issue 9).
	Walkover bool `json:"walkover"`
}

// sheetErrorJSON is a refused score sheet: the API error with the 0-based
// deal at fault.
type sheetErrorJSON struct {
	apiError
	Deal int `json:"deal"`
}

// apiResult saves or corrects a match result.
func (s *server) apiResult(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	var in resultInJSON
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Bummerl == nil && len(in.Sheet) == 0 && !in.Walkover {
		return badRequest(c, "bummerl", "api.result_missing")
	}
	// Without a Bummerl score the domain takes it from the sheet (B-4).
	r := tournament.Result{Winner: in.Winner, Sheet: in.Sheet, Walkover: in.Walkover}
	if in.Bummerl != nil {
		r.Bummerl = *in.Bummerl
	}
	t, err := s.act.recordResult(c.Request().Context(), ref, actor(c), store.ActionResult, resultInput{version: in.Version, result: r})
	var te *tournament.Error
	switch {
	case err == nil:
		return s.apiMatch(c, t, ref)
	case errors.As(err, &te) && te.Deal >= 0:
		return c.JSON(http.StatusUnprocessableEntity, sheetErrorJSON{apiError{Error: te.Text(lang(c)), Field: "sheet", Code: te.Code}, te.Deal})
	}
	return err
}

// apiMatch answers with match ref of t as it is now.
func (s *server) apiMatch(c echo.Context, t *tournament.Tournament, ref matchRef) error {
	r := roundOut(t, newRoster(t), t.Rounds[ref.round-1], lang(c))
	for _, m := range r.Matches {
		if m.Match == ref.match {
			return c.JSON(http.StatusOK, m)
		}
	}
	return notFound(c)
}

type standingJSON struct {
	Card    tournament.CardNo   `json:"card"`
	Player  tournament.PlayerID `json:"player"`
	Name    string              `json:"name"`
	Decided bool                `json:"decided"`
	From    int                 `json:"from"`
	To      int                 `json:"to"`
	Bracket string              `json:"bracket"`
}

type standingsJSON struct {
	Finished bool           `json:"finished"`
	Cards    []standingJSON `json:"cards"`
	Players  []standingJSON `json:"players"`
	// Swiss is the table with every tie-break of a Swiss tournament
	// (SW-10 … SW-14); absent for Preisschnapsen.
	Swiss *swissTableJSON `json:"swiss,omitempty"`
}

// apiStandings lists every card's place (or the places it can still
// reach) and every player's best place (P-7).
func (s *server) apiStandings(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	ros := newRoster(t)
	out := standingsJSON{Finished: t.Finished(), Cards: []standingJSON{}, Players: []standingJSON{}}
	bracket := map[tournament.CardNo]string{}
	for _, st := range t.Standings() {
		bracket[st.Card] = st.Bracket.Code()
		out.Cards = append(out.Cards, standingJSON{st.Card, st.Player, ros.players[st.Player].Name,
			st.Decided, st.From, st.To, bracket[st.Card]})
	}
	for _, pp := range t.PlayerPlaces() {
		out.Players = append(out.Players, standingJSON{pp.Card, pp.Player, ros.players[pp.Player].Name,
			pp.Decided, pp.From, pp.To, bracket[pp.Card]})
	}
	if t.Settings.IsSwiss() {
		out.Swiss = swissTableOut(t)
	}
	return c.JSON(http.StatusOK, out)
}

type prizeJSON struct {
	Prize       int                 `json:"prize"`
	Description string              `json:"description"`
	Decided     bool                `json:"decided"`
	Card        tournament.CardNo   `json:"card,omitempty"`
	Player      tournament.PlayerID `json:"player,omitempty"`
	Name        string              `json:"name,omitempty"`
	From        int                 `json:"from,omitempty"`
	To          int                 `json:"to,omitempty"`
	Lot         []tournament.CardNo `json:"lot,omitempty"`
}

// apiPrizes lists every prize with its winner once decided, or the cards
// that draw lots for it (P-7, P-8).
func (s *server) apiPrizes(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	ros := newRoster(t)
	out := make([]prizeJSON, len(t.Settings.Prizes))
	for i, d := range t.Settings.Prizes {
		out[i] = prizeJSON{Prize: i + 1, Description: d}
	}
	for _, a := range t.Prizes() {
		p := &out[a.Prize-1]
		p.Decided, p.Card, p.Player, p.From, p.To, p.Lot = true, a.Card, a.Player, a.From, a.To, a.Lot
		p.Name = ros.players[a.Player].Name
	}
	return c.JSON(http.StatusOK, out)
}

// apiRoundPath is the API path of a round.
func apiRoundPath(id int64, round int) string {
	return "/api/tournaments/" + strconv.FormatInt(id, 10) + "/rounds/" + strconv.Itoa(round)
}
