package web

import (
	"cmp"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// screenPage is the projector: always the tournament as it stands now,
// the current round whichever it is. The live script fetches the content
// again on every change (HX-Request: true gets it alone).
func (s *server) screenPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m := screenModel(t, lang(c))
	if st := s.seasonOfEvening(c.Request().Context(), derived(c, t)); st != nil {
		m.Season = &st.line
	}
	if isHTMX(c) {
		return render(c, http.StatusOK, views.ScreenContent(m))
	}
	return render(c, http.StatusOK, views.ScreenPage(m))
}

// screenResults is how many of the latest results the screen keeps; it
// pages through them.
const screenResults = 32

// screenModel is what the projector shows of t: the state of the evening,
// the matches at the tables and waiting, the latest results, the players
// still in, from the quarterfinal the bracket of places 1–8, at the end
// the winners and the prizes.
func screenModel(t *tournament.Tournament, lang string) views.ScreenModel {
	m := views.ScreenModel{TournamentID: t.ID, Name: t.Settings.Name, Tables: t.Tables > 0,
		Announced: t.Pending != nil, Finished: t.Finished()}
	ros := newRoster(t)
	r := t.Current()
	if r != nil {
		m.Round, m.RoundTitle = r.No, roundTitle(*r, lang)
		m.Complete = !slices.ContainsFunc(r.Matches, func(mt tournament.Match) bool { return !mt.Decided() })
		b := t.Board()
		for _, st := range b.Busy {
			m.AtTables = append(m.AtTables, screenMatch(t, ros, *r, st.Match, lang))
		}
		for _, w := range b.Waiting {
			m.Waiting = append(m.Waiting, screenMatch(t, ros, *r, w.Match, lang))
		}
		for _, mt := range r.Matches {
			if mt.Bye() {
				m.Byes = append(m.Byes, screenMatch(t, ros, *r, mt, lang))
			}
		}
		m.Results = latestResults(t, ros, lang)
		if t.Settings.IsSwiss() { // the standings table, never a bracket (issue 14)
			m.Swiss = swissTableView(t)
			for i := range m.Swiss.Rows {
				m.Swiss.Rows[i].Name = shortName(m.Swiss.Rows[i].Name)
			}
		} else if m.Bracket = screenBracket(t, ros, lang); len(m.Bracket) > 0 {
			m.Standings = screenStandings(t, lang)
		}
	}
	m.Players = playersIn(t, lang, r == nil)
	if m.Finished {
		sm := standingsModel(t, lang)
		m.Prizes = sm.Prizes
		// Per card: a player holding both finalists' cards is 1st and 2nd.
		for _, st := range t.Standings() {
			if st.Decided && st.From <= 3 {
				m.Winners = append(m.Winners, views.ScreenWinner{From: st.From, To: st.To, Name: ros.holder(st.Card).Name})
			}
		}
	}
	return m
}

// screenMatch is a match as the screen names it.
func screenMatch(t *tournament.Tournament, ros roster, r tournament.Round, m tournament.Match, lang string) views.ScreenMatch {
	sm := views.ScreenMatch{No: m.No, Table: t.TableOf(m), Name: tournament.RoundName(r, m.Bracket).Text(lang),
		A: m.A, B: m.B, AName: ros.holder(m.A).Name, BName: ros.holder(m.B).Name, Called: m.AtTable(),
		Winner: m.Winner(), Bye: m.Bye(), Surrendered: m.Surrendered || m.Walkover()} // both read "kampflos"
	if m.Played() {
		sm.Won, sm.Lost = m.Score()
	}
	return sm
}

// latestResults are the played matches of the latest two rounds, the
// latest first: by the time the result was entered, else by round and
// match, newest first.
func latestResults(t *tournament.Tournament, ros roster, lang string) []views.ScreenMatch {
	type played struct {
		r tournament.Round
		m tournament.Match
	}
	var all []played
	for i := max(0, len(t.Rounds)-2); i < len(t.Rounds); i++ {
		for _, m := range t.Rounds[i].Matches {
			if m.Played() {
				all = append(all, played{t.Rounds[i], m})
			}
		}
	}
	slices.SortFunc(all, func(a, b played) int {
		return cmp.Or(b.m.Result.At.Compare(a.m.Result.At), cmp.Compare(b.r.No, a.r.No), cmp.Compare(b.m.No, a.m.No))
	})
	var out []views.ScreenMatch
	for _, p := range all[:min(len(all), screenResults)] {
		out = append(out, screenMatch(t, ros, p.r, p.m, lang))
	}
	return out
}

// screenBracket is the knock-out from the quarterfinal on (P-7): each
// round of the main bracket with 8 cards or fewer, with the placement
// matches of that round after it.
func screenBracket(t *tournament.Tournament, ros roster, lang string) []views.ScreenRound {
	var out []views.ScreenRound
	for _, r := range t.Rounds {
		byBracket := map[tournament.Bracket][]views.ScreenMatch{}
		for _, m := range r.Matches {
			byBracket[m.Bracket] = append(byBracket[m.Bracket], screenMatch(t, ros, r, m, lang))
		}
		main := byBracket[tournament.Main]
		if len(main) == 0 || 2*len(main) > bracketCards {
			continue
		}
		out = append(out, views.ScreenRound{Name: tournament.RoundName(r, tournament.Main).Text(lang), Matches: main})
		for b := tournament.Place3; b <= tournament.Place7; b++ {
			if ms := byBracket[b]; len(ms) > 0 {
				out = append(out, views.ScreenRound{Name: b.Name().Text(lang), Matches: ms})
			}
		}
	}
	return out
}

// playersIn lists the players with a card still in, alphabetically, each
// with those cards; before the draw every player holding a card.
func playersIn(t *tournament.Tournament, lang string, all bool) []views.ScreenPlayer {
	cards := map[tournament.PlayerID][]tournament.CardNo{}
	for _, st := range t.Standings() {
		if all || !st.Decided {
			cards[st.Player] = append(cards[st.Player], st.Card)
		}
	}
	var out []views.ScreenPlayer
	for _, p := range t.Players {
		if cs := cards[p.ID]; len(cs) > 0 {
			slices.Sort(cs)
			out = append(out, views.ScreenPlayer{Name: p.Name, Cards: cs})
		}
	}
	col := nameCollator(lang)
	slices.SortStableFunc(out, func(a, b views.ScreenPlayer) int { return col.CompareString(a.Name, b.Name) })
	return out
}

// screenStandings is the bracket's model for the projector: names as
// "M. Huber", so that four columns fit a beamer at 32 px.
func screenStandings(t *tournament.Tournament, lang string) views.StandingsModel {
	sm := standingsModel(t, lang)
	for _, cols := range [][]views.BracketColumn{sm.Bracket, sm.Placement} {
		for i := range cols {
			for j := range cols[i].Matches {
				bm := &cols[i].Matches[j]
				bm.AName, bm.BName = shortName(bm.AName), shortName(bm.BName)
			}
		}
	}
	return sm
}

// shortName is "Maria Huber" as "M. Huber": the first name's initial and
// the rest; a single name stays.
func shortName(name string) string {
	first, rest, ok := strings.Cut(strings.TrimSpace(name), " ")
	if !ok || first == "" || strings.TrimSpace(rest) == "" {
		return name
	}
	r, _ := utf8.DecodeRuneInString(first)
	return string(r) + ". " + strings.TrimSpace(rest)
}
