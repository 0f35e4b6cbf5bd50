package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// standingsPage shows the placement stage as a bracket, the final
// standings of every card and player, and the prize list (P-7, P-8).
func (s *server) standingsPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m := standingsModel(t, lang(c))
	if isHTMX(c) { // the page refreshing itself
		return render(c, http.StatusOK, views.StandingsContent(m))
	}
	return render(c, http.StatusOK, views.StandingsPage(m))
}

// bracketCards is where the bracket starts: the quarterfinal, the round
// of eight cards that decides places 1–8 (P-7).
const bracketCards = 8

// standingsModel is the view of the placement stage, standings and prizes.
func standingsModel(t *tournament.Tournament, lang string) views.StandingsModel {
	ros := newRoster(t)
	m := views.StandingsModel{TournamentID: t.ID, Name: t.Settings.Name, Finished: t.Finished(),
		BracketTitle: views.BracketTitle(lang, len(t.Settings.Prizes)),
		Date:         eventDay(lang, t.Settings.Event), Venue: t.Settings.Event.Venue}
	m.Prizes = prizeRows(t, ros, lang)
	if t.Settings.IsSwiss() {
		m.Swiss = swissTableView(t) // instead of the bracket (issue 14)
		return m
	}
	for _, r := range t.Rounds {
		byBracket := map[tournament.Bracket][]views.BracketMatch{}
		for _, mt := range r.Matches {
			bm := bracketMatch(ros, mt)
			if !mt.Decided() {
				bm.Table = t.TableOf(mt) // 0 while it waits for a table
			}
			byBracket[mt.Bracket] = append(byBracket[mt.Bracket], bm)
		}
		if main := byBracket[tournament.Main]; len(main) > 0 && 2*len(main) <= bracketCards {
			m.Bracket = append(m.Bracket, views.BracketColumn{Name: tournament.RoundName(r, tournament.Main).Text(lang), Kind: tournament.Main.Code(), Matches: main})
		}
		for b := tournament.Place3; b <= tournament.Place7; b++ {
			if ms := byBracket[b]; len(ms) > 0 {
				m.Placement = append(m.Placement, views.BracketColumn{Name: b.Name().Text(lang), Kind: b.Code(), Matches: ms})
			}
		}
	}
	where := map[tournament.CardNo]string{} // the bracket a live card plays in
	for _, st := range t.Standings() {
		p := ros.holder(st.Card)
		where[st.Card] = st.Bracket.Name().Text(lang)
		m.Cards = append(m.Cards, views.StandingRow{Card: st.Card, Player: p.Name, Club: p.Club,
			Decided: st.Decided, From: st.From, To: st.To, Where: where[st.Card]})
	}
	for _, pp := range t.PlayerPlaces() {
		p := ros.players[pp.Player]
		m.Players = append(m.Players, views.StandingRow{Card: pp.Card, Player: p.Name, Club: p.Club,
			Decided: pp.Decided, From: pp.From, To: pp.To, Where: where[pp.Card]})
	}
	return m
}

// prizeRows is the prize list with the winners decided so far (P-7, SW-17).
func prizeRows(t *tournament.Tournament, ros roster, lang string) []views.PrizeRow {
	awards := map[int]tournament.Award{}
	for _, a := range t.Prizes() {
		awards[a.Prize] = a
	}
	var out []views.PrizeRow
	for i, desc := range t.Settings.Prizes {
		row := views.PrizeRow{Prize: i + 1, Description: desc}
		if a, ok := awards[i+1]; ok {
			row.Card, row.From, row.To, row.Lot = a.Card, a.From, a.To, a.LotText(lang)
			row.Player = ros.players[a.Player].Name
		}
		out = append(out, row)
	}
	return out
}

// bracketMatch is a match as the bracket shows it.
func bracketMatch(r roster, m tournament.Match) views.BracketMatch {
	bm := views.BracketMatch{No: m.No, A: m.A, B: m.B, AName: r.holder(m.A).Name, BName: r.holder(m.B).Name,
		Winner: m.Winner(), Bye: m.Bye(), Surrendered: m.Surrendered || m.Walkover(), Walkover: m.Walkover()} // a walkover: ✔ and –, no score
	if m.Played() && !m.Walkover() {
		won, lost := m.Score()
		bm.Score = fmt.Sprintf("%d:%d", won, lost)
	}
	return bm
}
