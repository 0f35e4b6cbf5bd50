package main

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"bummerl/store"
	"bummerl/views"
)

// historyTime is how the history shows when something happened.
const historyTime = "02.01.2006 15:04:05"

// historyPage shows the audit log of a tournament: who did what when,
// with the rows before and after (store.Audit).
func (s *server) historyPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	entries, err := s.store.Audit(c.Request().Context(), t.ID)
	if err != nil {
		return err
	}
	m := views.HistoryModel{TournamentID: t.ID, Name: t.Settings.Name, Entries: historyEntries(entries)}
	return render(c, http.StatusOK, views.HistoryPage(m))
}

// historyEntries are audit entries as the history and the users page show them.
func historyEntries(entries []store.AuditEntry) []views.HistoryEntry {
	out := make([]views.HistoryEntry, len(entries))
	for i, e := range entries {
		out[i] = views.HistoryEntry{At: e.At.Local().Format(historyTime), User: e.User, Action: e.Action, Before: e.Before, After: e.After}
	}
	return out
}
