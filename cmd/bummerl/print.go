package main

import (
	"net/http"

	"github.com/labstack/echo/v4"

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
	return render(c, http.StatusOK, views.PrintIndexPage(views.PrintIndexModel{TournamentID: t.ID, Name: t.Settings.Name, Rounds: len(t.Rounds)}))
}

// printRound is a round's list for the notice board.
func (s *server) printRound(c echo.Context) error {
	t, r, err := s.loadRound(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PrintRoundPage(roundModel(t, r, lang(c), false, "")))
}

// printSheets is a blank Bummerl score sheet for every match of a round
// still to be played, with both names and card numbers.
func (s *server) printSheets(c echo.Context) error {
	t, r, err := s.loadRound(c)
	if err != nil {
		return err
	}
	m := views.SheetsModel{TournamentID: t.ID, Name: t.Settings.Name, Round: r.No, BummerlToWin: t.Settings.BummerlToWin}
	for _, row := range roundModel(t, r, lang(c), true, "").Rows {
		if !row.Surrendered {
			m.Rows = append(m.Rows, row)
		}
	}
	return render(c, http.StatusOK, views.PrintSheetsPage(m))
}

// printBracket is the bracket for places 1–8.
func (s *server) printBracket(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PrintBracketPage(standingsModel(t, lang(c))))
}

// printPrizes is the prize list with the players' final places.
func (s *server) printPrizes(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PrintPrizesPage(standingsModel(t, lang(c))))
}
