package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
)

// The Swiss system in the JSON API (issue 14, docs/api.md).

// swissRowJSON is one line of a Swiss tournament's standings.
type swissRowJSON struct {
	Place         int                 `json:"place"`
	Card          tournament.CardNo   `json:"card"`
	Player        tournament.PlayerID `json:"player"`
	Name          string              `json:"name"`
	Points        int                 `json:"points"`
	Played        int                 `json:"played"`
	Buchholz      int                 `json:"buchholz"`
	BummerlDiff   int                 `json:"bummerl_diff"`
	GamePointDiff *int                `json:"game_point_diff"` // null while SW-12 skips it
	Direct        int                 `json:"direct"`
	Withdrawn     bool                `json:"withdrawn"`
	From          int                 `json:"from,omitempty"` // late entry's first round (SW-15)
}

// swissTableJSON is the standings table of a Swiss tournament.
type swissTableJSON struct {
	Round        int            `json:"round"`  // rounds paired
	Rounds       int            `json:"rounds"` // rounds to play (SW-2)
	GamePoints   bool           `json:"game_points"`
	BuchholzCut1 bool           `json:"buchholz_cut1"`
	Rows         []swissRowJSON `json:"rows"`
}

func swissTableOut(t *tournament.Tournament) *swissTableJSON {
	v := swissTableView(t)
	out := &swissTableJSON{Round: v.Round, Rounds: v.Rounds, GamePoints: v.GamePoints, BuchholzCut1: v.Cut1, Rows: []swissRowJSON{}}
	owner := newRoster(t).owner
	for _, r := range v.Rows {
		row := swissRowJSON{Place: r.Place, Card: r.Card, Player: owner[r.Card], Name: r.Name, Points: r.Points,
			Played: r.Played, Buchholz: r.Buchholz, BummerlDiff: r.BummerlDiff, Direct: r.Direct, Withdrawn: r.Withdrawn, From: r.From}
		if v.GamePoints {
			row.GamePointDiff = &r.GamePointDiff
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// lateEntryJSON is a player entering a Swiss tournament late (SW-15).
type lateEntryJSON struct {
	Name  string `json:"name"`
	Club  string `json:"club"`
	Phone string `json:"phone"`
}

// apiLateEntry enters a new player with one card, paired from the next
// round (SW-15); 201 with the player and his card.
func (s *server) apiLateEntry(c echo.Context) error {
	id, in, err := tournamentInput[lateEntryJSON](c)
	if err != nil {
		return err
	}
	t, player, card, err := s.act.enterLate(c.Request().Context(), id, actor(c), tournament.Player{Name: in.Name, Club: in.Club, Phone: in.Phone})
	if err != nil {
		return err
	}
	p, _ := t.Player(player)
	return c.JSON(http.StatusCreated, soldJSON{Player: playerOut(p, []tournament.CardNo{card}), Sold: []tournament.CardNo{card}})
}

// apiCardAction is a Swiss card change (withdraw, reinstate; SW-16) of
// card :no; answer 200, the tournament.
func (s *server) apiCardAction(change cardChange) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := tournamentID(c)
		if err != nil {
			return err
		}
		no, err := strconv.Atoi(c.Param("no"))
		if err != nil {
			return notFound(c)
		}
		t, err := change(c.Request().Context(), id, actor(c), tournament.CardNo(no))
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, tournamentOut(t))
	}
}

// apiEndSwiss ends a Swiss tournament after its complete latest round,
// {"round": n} (SW-2, SW-7); answer 200, the tournament.
func (s *server) apiEndSwiss(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	var in struct {
		Round int `json:"round"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := s.act.endSwiss(c.Request().Context(), id, actor(c), in.Round)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, tournamentOut(t))
}

// apiSetSeeds sets the seed list for round 1, {"seeds": [5, 2, 7]} best
// first; [] removes it (SW-4). Answer 200, the tournament.
func (s *server) apiSetSeeds(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	var in struct {
		Seeds []tournament.CardNo `json:"seeds"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := s.act.setSeeds(c.Request().Context(), id, actor(c), in.Seeds)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, tournamentOut(t))
}
