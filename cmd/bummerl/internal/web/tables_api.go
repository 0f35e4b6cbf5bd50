package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
)

// The JSON API of the tables and the call board (docs/api.md): the same
// use cases (actions.go) as the board page.

type boardJSON struct {
	Round   int           `json:"round"`  // 0 before the draw
	Tables  int           `json:"tables"` // 0: not set, every match at the table of its number
	Free    []int         `json:"free"`
	Busy    []seatJSON    `json:"busy"`
	Waiting []waitingJSON `json:"waiting"`
}

type seatJSON struct {
	Table  int        `json:"table"`
	Called *time.Time `json:"called,omitempty"` // when it was called, if known
	Match  matchJSON  `json:"match"`
}

type waitingJSON struct {
	BusyAt int       `json:"busy_at"` // a player of it plays at this table now (P-5); 0: it can be called
	Match  matchJSON `json:"match"`
}

// boardOut is t's board as JSON.
func boardOut(t *tournament.Tournament, lang string) boardJSON {
	b := t.Board()
	out := boardJSON{Round: b.Round, Tables: b.Tables, Free: b.Free, Busy: []seatJSON{}, Waiting: []waitingJSON{}}
	if out.Free == nil {
		out.Free = []int{}
	}
	if b.Round == 0 {
		return out
	}
	matches := map[int]matchJSON{}
	for _, m := range roundOut(t, newRoster(t), *t.Current(), lang).Matches {
		matches[m.Match] = m
	}
	for _, s := range b.Busy {
		sj := seatJSON{Table: s.Table, Match: matches[s.Match.No]}
		if !s.Match.Called.IsZero() {
			at := s.Match.Called.UTC()
			sj.Called = &at
		}
		out.Busy = append(out.Busy, sj)
	}
	for _, w := range b.Waiting {
		out.Waiting = append(out.Waiting, waitingJSON{BusyAt: w.BusyAt, Match: matches[w.Match.No]})
	}
	return out
}

// apiTables is the board of the latest round.
func (s *server) apiTables(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, boardOut(t, lang(c)))
}

// apiCall calls matches: the next one that can play ({}), a given one to a
// free table ({"match": 7, "version": 12}) or one per free table
// ({"all": true}). The answer lists the matches called.
func (s *server) apiCall(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	var in struct {
		Match   int  `json:"match"`
		Version int  `json:"version"`
		All     bool `json:"all"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, called, err := s.act.callMatches(c.Request().Context(), id, actor(c), callInput{in.Match, in.Version, in.All})
	if err != nil {
		return err
	}
	var out struct {
		Called []matchJSON `json:"called"`
	}
	out.Called = []matchJSON{}
	for _, m := range roundOut(t, newRoster(t), *t.Current(), lang(c)).Matches {
		for _, cm := range called {
			if m.Match == cm.No {
				out.Called = append(out.Called, m)
			}
		}
	}
	return c.JSON(http.StatusOK, out)
}

// apiRelease sends a called match back to the waiting ones.
func (s *server) apiRelease(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	var in struct {
		Version int `json:"version"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := s.act.releaseMatch(c.Request().Context(), ref, actor(c), in.Version)
	if err != nil {
		return err
	}
	return s.apiMatch(c, t, ref)
}

// apiSetTables sets the number of tables ({"tables": 12}; 0 unsets it) and
// answers with the board.
func (s *server) apiSetTables(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	var in struct {
		Tables *int `json:"tables"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Tables == nil {
		return badRequest(c, "tables", "api.tables_missing")
	}
	t, err := s.act.setTables(c.Request().Context(), id, actor(c), *in.Tables)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, boardOut(t, lang(c)))
}
