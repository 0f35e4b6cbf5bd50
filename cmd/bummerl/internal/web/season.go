package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// The register and the seasons in the API (issue 24, docs/season.md).

// apiSeason is season :sid's standings, recomputed (public: no phones).
func (s *server) apiSeason(c echo.Context) error {
	id, err := pathInt64(c, "sid")
	if err != nil {
		return err
	}
	st, err := s.store.SeasonTable(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, st)
}

// apiPersons is the register's persons whose name contains q (staff: the
// sale desk's typeahead), at most 20.
func (s *server) apiPersons(c echo.Context) error {
	ps, err := s.store.Persons(c.Request().Context(), c.QueryParam("q"), 20)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, ps)
}
