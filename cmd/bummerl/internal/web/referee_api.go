package web

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"

	"github.com/labstack/echo/v4"
)

// maxAPIRefereeInput is the most POST /api/referee reads: 1 MB, the body
// limit of every request (middleware.go); the command line reads 10 MB.
const maxAPIRefereeInput = 1 << 20

// withoutCSRF is the group's access check without the CSRF check, for a
// POST that changes nothing and shows nothing private (the referee): a
// cross-site post can do no harm there, and scripts need no token.
func (g routeGroup) withoutCSRF() routeGroup {
	return routeGroup{s: g.s, e: g.e, level: g.level, mw: []echo.MiddlewareFunc{g.s.require(g.level)}}
}

// apiReferee judges a posted Schnapsen game or match record or a 1000 deal
// or game record (docs/api.md): 200 with the verdict, 422 with the
// referee's {"error", …} for an impossible record — the same JSON as
// bummerl referee prints.
func (s *server) apiReferee(c echo.Context) error {
	if mt, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType)); mt != echo.MIMEApplicationJSON {
		return &webError{http.StatusUnsupportedMediaType, "json_required", "", text(c, "api.json_required")}
	}
	leave, err := s.judges.admit(c)
	if err != nil {
		return err
	}
	defer leave()
	data, err := io.ReadAll(io.LimitReader(c.Request().Body, maxAPIRefereeInput+1))
	if err != nil {
		return err // over the 1 MB body limit: 413
	}
	if len(data) > maxAPIRefereeInput {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	done, err := s.judges.place(c)
	if err != nil {
		return err
	}
	defer done()
	verdict, err := s.judges.judge(data)
	status := http.StatusOK
	if err != nil {
		if _, ok := err.(json.Marshaler); !ok {
			return err
		}
		verdict, status = err, http.StatusUnprocessableEntity
	}
	return c.JSON(status, verdict)
}
