package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// historyTime is how the history shows when something happened.
const historyTime = "02.01.2006 15:04:05"

// historyPageSize is the actions one page of the history shows: with the
// details bounded (history_lines.go) a page stays far below 500 KB even
// for the draw of 4096 cards (issue 9).
const historyPageSize = 100

// historyPage shows the audit log of a tournament, newest first, one
// readable line per action with the rows it changed folded, filtered by
// ?round=, ?player= (a part of a name or a card number) and ?user=, a
// page (?page=) at a time. Without a filter only the page is read.
func (s *server) historyPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	f := historyFilter{Player: strings.TrimSpace(c.QueryParam("player")), User: c.QueryParam("user")}
	f.Round, _ = strconv.Atoi(c.QueryParam("round"))
	page, _ := strconv.Atoi(c.QueryParam("page"))
	page = max(page, 1)
	ctx := c.Request().Context()
	ros := newRoster(t)
	m := views.HistoryModel{TournamentID: t.ID, Name: t.Settings.Name, Round: f.Round, Player: f.Player, User: f.User,
		Rounds: len(t.Rounds), Page: page}
	if m.Users, err = s.auditUsers(c, t.ID); err != nil {
		return err
	}
	var lines []views.HistoryLine
	if !f.any() {
		entries, total, err := s.store.AuditPage(ctx, t.ID, (page-1)*historyPageSize, historyPageSize)
		if err != nil {
			return err
		}
		m.Total = total
		for _, e := range entries {
			lines = append(lines, describe(e, ros, lang(c)).HistoryLine)
		}
	} else {
		entries, err := s.store.Audit(ctx, t.ID)
		if err != nil {
			return err
		}
		players := playersMatching(t, f.Player)
		owner := func(card int) int { return int(ros.owner[tournament.CardNo(card)]) }
		for _, e := range entries {
			if f.User != "" && e.User != f.User {
				continue
			}
			h := describe(e, ros, lang(c))
			if !f.keep(h, players, owner) {
				continue
			}
			m.Total++
			if m.Total > (page-1)*historyPageSize && m.Total <= page*historyPageSize {
				lines = append(lines, h.HistoryLine)
			}
		}
	}
	m.Lines = lines
	m.Pages = max(1, (m.Total+historyPageSize-1)/historyPageSize)
	return render(c, http.StatusOK, views.HistoryPage(m))
}

// auditUsers are the names that appear in a tournament's history.
func (s *server) auditUsers(c echo.Context, id int64) ([]string, error) {
	return s.store.AuditUsers(c.Request().Context(), id)
}

// historyEntries are audit entries as the history and the users page show them.
func historyEntries(entries []store.AuditEntry) []views.HistoryEntry {
	out := make([]views.HistoryEntry, len(entries))
	for i, e := range entries {
		out[i] = views.HistoryEntry{At: e.At.Local().Format(historyTime), User: e.User, Action: string(e.Action), Before: e.Before, After: e.After}
	}
	return out
}
