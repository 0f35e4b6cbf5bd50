package web

import (
	"cmp"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// The print sheets are ordinary pages whose print style (static/style.css,
// @media print) gives black on white A4 without navigation or forms.

// printIndex lists the sheets to print.
func (s *server) printIndex(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PrintIndexPage(views.PrintIndexModel{TournamentID: t.ID, Name: t.Settings.Name,
		Rounds: len(t.Rounds), Swiss: t.Settings.IsSwiss()}))
}

// printRound is a round's list for the notice board.
func (s *server) printRound(c echo.Context) error {
	t, r, err := s.loadRound(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PrintRoundPage(printRoundModel(t, r, lang(c))))
}

// printRoundModel is the round list: the matches, and every card of the
// round under its holder's name, alphabetically (collated as the
// projector's list of players), a player's cards by number.
func printRoundModel(t *tournament.Tournament, r *tournament.Round, lang string) views.PrintRoundModel {
	m := views.PrintRoundModel{RoundModel: roundModel(t, r, lang, false, "")}
	for _, row := range m.Rows {
		m.Players = append(m.Players, views.PrintPlayerLine{Name: row.AName, Card: row.A, Row: row})
		if !row.Bye {
			m.Players = append(m.Players, views.PrintPlayerLine{Name: row.BName, Card: row.B, Row: row})
		}
	}
	col := nameCollator(lang)
	slices.SortStableFunc(m.Players, func(a, b views.PrintPlayerLine) int {
		return cmp.Or(col.CompareString(a.Name, b.Name), cmp.Compare(a.Card, b.Card))
	})
	return m
}

// printSheets is a blank Bummerl score sheet for every match of a round
// still to be played, with both names and card numbers, 4 to an A4 page
// (2 for a match to 3 Bummerl) or as ?per=2 or ?per=4 asks.
func (s *server) printSheets(c echo.Context) error {
	t, r, err := s.loadRound(c)
	if err != nil {
		return err
	}
	m := views.SheetsModel{TournamentID: t.ID, Name: t.Settings.Name, Day: eventDay(lang(c), t.Settings.Event), Round: r.No, RoundTitle: roundTitle(*r, lang(c)),
		BummerlToWin: t.Settings.BummerlToWin, PerPage: 4}
	// A match to 3 Bummerl has five blocks of columns: two to a page by
	// default, where they are wide enough for three-digit card numbers.
	if t.Settings.BummerlToWin >= 3 {
		m.PerPage = 2
	}
	switch c.QueryParam("per") {
	case "2":
		m.PerPage = 2
	case "4":
		m.PerPage = 4
	}
	for _, row := range roundModel(t, r, lang(c), true, "").Rows {
		if !row.Surrendered {
			m.Rows = append(m.Rows, row)
		}
	}
	return render(c, http.StatusOK, views.PrintSheetsPage(m))
}

// printBracket is the bracket of the final rounds as a picture, on A4
// or (?paper=a3) A3, landscape.
func (s *server) printBracket(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	if t.Settings.IsSwiss() { // the standings table instead (issue 14)
		return render(c, http.StatusOK, views.PrintSwissPage(standingsModel(t, lang(c))))
	}
	paper := "a4"
	if c.QueryParam("paper") == "a3" {
		paper = "a3"
	}
	return render(c, http.StatusOK, views.PrintBracketPage(standingsModel(t, lang(c)), paper))
}

// printPrizes is the prize list with the players' final places.
func (s *server) printPrizes(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PrintPrizesPage(standingsModel(t, lang(c))))
}
