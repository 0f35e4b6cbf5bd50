package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// apiChangeSettings replaces the settings before the draw (P-9), as the
// settings page does: every field, the same defaults as creating. After
// the draw only date, start and venue may change (docs/tournament.md).
func (s *server) apiChangeSettings(c echo.Context) error {
	id, in, err := tournamentInput[settingsJSON](c)
	if err != nil {
		return err
	}
	t, err := s.act.changeSettings(c.Request().Context(), id, actor(c), in.settings(lang(c)), false)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, tournamentOut(t))
}

// resizeJSON accepts the smaller tournament size (P-2).
type resizeJSON struct {
	Cards int `json:"cards"`
}

// apiResize makes the tournament smaller when too few cards are sold
// (P-2), as the sale desk's offer does: cards above the new N get the
// lowest free numbers, prizes beyond it are dropped.
func (s *server) apiResize(c echo.Context) error {
	id, in, err := tournamentInput[resizeJSON](c)
	if err != nil {
		return err
	}
	t, err := s.act.resize(c.Request().Context(), id, actor(c), in.Cards)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, tournamentOut(t))
}
