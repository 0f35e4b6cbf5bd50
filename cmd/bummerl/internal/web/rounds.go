package web

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// roster finds the holder of a card for the views, without a linear
// search per card.
type roster struct {
	owner   map[tournament.CardNo]tournament.PlayerID
	players map[tournament.PlayerID]tournament.Player
	t       *tournament.Tournament // for the tables of its matches
}

func newRoster(t *tournament.Tournament) roster {
	r := roster{
		owner:   make(map[tournament.CardNo]tournament.PlayerID, len(t.Cards)),
		players: make(map[tournament.PlayerID]tournament.Player, len(t.Players)),
		t:       t,
	}
	for _, c := range t.Cards {
		r.owner[c.No] = c.Player
	}
	for _, p := range t.Players {
		r.players[p.ID] = p
	}
	return r
}

// holder is the player holding card no (the zero Player for a bye).
func (r roster) holder(no tournament.CardNo) tournament.Player { return r.players[r.owner[no]] }

// matchRow is a match as the views show it.
func matchRow(r roster, round tournament.Round, m tournament.Match, lang string) views.MatchRow {
	return views.MatchRow{
		Round: round.No, No: m.No, Name: tournament.RoundName(round, m.Bracket).Text(lang),
		A: m.A, B: m.B, AName: r.holder(m.A).Name, BName: r.holder(m.B).Name,
		Bye: m.Bye(), Surrendered: m.Surrendered, Started: m.Started,
		Table: r.t.TableOf(m), Result: m.Result, Version: m.Version, Swiss: r.t.Settings.IsSwiss(),
	}
}

// tableCalls are matches called to a table, as a row names them: what a
// result called at once (Round.CalledAfter, issue 23).
func tableCalls(called []tournament.Match) []views.TableCall {
	var out []views.TableCall
	for _, m := range called {
		out = append(out, views.TableCall{Match: m.No, Table: m.Table})
	}
	return out
}

// roundTitle names a round by its brackets: "Halbfinale, Platz 5–8".
func roundTitle(r tournament.Round, lang string) string {
	var names []string
	for _, m := range r.Matches {
		if n := tournament.RoundName(r, m.Bracket).Text(lang); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// pathInt64 reads a positive whole number from the path; anything else
// is a page that does not exist.
func pathInt64(c echo.Context, name string) (int64, error) {
	n, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || n < 1 {
		return 0, notFound(c)
	}
	return n, nil
}

// pathInt is pathInt64 for small numbers: rounds, matches.
func pathInt(c echo.Context, name string) (int, error) {
	n, err := pathInt64(c, name)
	return int(n), err
}

// loadRound loads the tournament of :id and its round :round.
func (s *server) loadRound(c echo.Context) (*tournament.Tournament, *tournament.Round, error) {
	t, err := s.loadTournament(c)
	if err != nil {
		return nil, nil, err
	}
	no, err := pathInt(c, "round")
	if err != nil {
		return nil, nil, err
	}
	if no > len(t.Rounds) {
		return nil, nil, notFound(c)
	}
	return t, &t.Rounds[no-1], nil
}

// roundsPage lists the rounds and shows the commitment of an announced
// digital draw before it is performed (P-4).
func (s *server) roundsPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m := views.RoundsModel{TournamentID: t.ID, Name: t.Settings.Name, Finished: t.Finished()}
	if m.Undone, err = s.undoneViews(c, t, 0); err != nil {
		return err
	}
	if t.Pending != nil {
		m.Commitment = t.Pending.Commitment
	}
	for _, r := range t.Rounds {
		sum := views.RoundSummary{No: r.No, Name: roundTitle(r, lang(c)), Matches: len(r.Matches)}
		for _, mt := range r.Matches {
			if mt.Decided() {
				sum.Decided++
			}
		}
		m.Rounds = append(m.Rounds, sum)
	}
	if isHTMX(c) {
		return render(c, http.StatusOK, views.RoundsContent(m))
	}
	return render(c, http.StatusOK, views.RoundsPage(m))
}

// roundPage shows a round's matches, filtered by ?open=1 and ?q= (a part
// of a player's name or a card number); htmx gets only the match list.
func (s *server) roundPage(c echo.Context) error {
	t, r, err := s.loadRound(c)
	if err != nil {
		return err
	}
	m, err := s.roundView(c, t, r, c.QueryParam("open") != "", c.QueryParam("q"))
	if err != nil {
		return err
	}
	if isHTMX(c) {
		return render(c, http.StatusOK, views.RoundMatches(m))
	}
	if m.Undone, err = s.undoneViews(c, t, r.No); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.RoundPage(m))
}

// roundModel is the view of round r, with the matches the filter lets through.
func roundModel(t *tournament.Tournament, r *tournament.Round, lang string, openOnly bool, q string) views.RoundModel {
	m := views.RoundModel{
		TournamentID: t.ID, Name: t.Settings.Name, No: r.No, Rounds: len(t.Rounds),
		Title: roundTitle(*r, lang), Method: r.Draw.Method, Commitment: r.Draw.Commitment, Seed: r.Draw.Seed,
		OpenOnly: openOnly, Query: strings.TrimSpace(q), Complete: true, Finished: t.Finished(),
		Form: views.NewForm(nil),
	}
	ros := newRoster(t)
	points := t.SwissPointsBefore(r.No)
	after := r.CalledAfter()
	for _, mt := range r.Matches {
		if !mt.Decided() {
			m.Complete = false
		}
		row := matchRow(ros, *r, mt, lang)
		row.Then = tableCalls(after[mt.No])
		if points != nil {
			row.APoints, row.BPoints = views.Countf(lang, "swiss.pts", points[mt.A]), views.Countf(lang, "swiss.pts", points[mt.B])
		}
		if (openOnly && !row.Open()) || !matchesQuery(row, m.Query) {
			continue
		}
		m.Rows = append(m.Rows, row)
	}
	return m
}

// roundView is roundModel for the round page, with the matches played at
// a digital table now marked (issue 23).
func (s *server) roundView(c echo.Context, t *tournament.Tournament, r *tournament.Round, openOnly bool, q string) (views.RoundModel, error) {
	m := roundModel(t, r, lang(c), openOnly, q)
	digital, err := s.digitalMatches(c.Request().Context(), t.ID, r.No)
	for i := range m.Rows {
		m.Rows[i].Digital = digital[m.Rows[i].No]
	}
	return m, err
}

// digitalMatches are the numbers of the matches of round played at a
// digital table now. The tables' starts and ends give the tournament a
// new revision, so pages kept per revision show them (docs/play.md).
func (s *server) digitalMatches(ctx context.Context, id int64, round int) (map[int]bool, error) {
	tables, err := s.store.PlayingTables(ctx, id)
	if err != nil {
		return nil, err
	}
	out := map[int]bool{}
	for _, dt := range tables {
		if dt.Round == round {
			out[dt.Match] = true
		}
	}
	return out, nil
}

// matchesQuery reports whether a match concerns the player or card q.
func matchesQuery(r views.MatchRow, q string) bool {
	if q == "" {
		return true
	}
	if no, err := strconv.Atoi(q); err == nil {
		return int(r.A) == no || (!r.Bye && int(r.B) == no)
	}
	q = strings.ToLower(q)
	return strings.Contains(strings.ToLower(r.AName), q) || (!r.Bye && strings.Contains(strings.ToLower(r.BName), q))
}

// startMatch marks a match as being played at a table; the form carries
// the match version, so a second helper starting it meanwhile is told.
func (s *server) startMatch(c echo.Context) error {
	ref, version, err := parseMatchChange(c)
	if err != nil {
		return err
	}
	table, err := strconv.Atoi(strings.TrimSpace(c.FormValue("table")))
	if err != nil {
		return badRequest(c, "table", "form.number_bad")
	}
	_, err = s.act.startMatch(c.Request().Context(), ref, actor(c), table, version)
	// Back to the round page with its filter, never anywhere else.
	back, page := c.FormValue("back"), roundURL(ref.id, ref.round)
	if back != page && !strings.HasPrefix(back, page+"?") {
		back = page
	}
	if err != nil {
		return formError(c, views.NewForm(nil), err, func(status int, f views.Form) error {
			t, r, err := s.loadRound(c)
			if err != nil {
				return err
			}
			m, err := s.roundView(c, t, r, false, "")
			if err != nil {
				return err
			}
			m.Form = f
			return render(c, status, views.RoundPage(m))
		})
	}
	return redirect(c, back)
}

// roundURL is the page of round no of tournament id.
func roundURL(id int64, no int) string { return tournamentURL(id, "/rounds/"+strconv.Itoa(no)) }
