package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/store"
	"bummerl/views"
)

// API tokens on the users page and in the API (organisers only): listed
// with owner, creation, expiry and last use, revoked one by one after a
// confirmation. A password reset or a change of role revokes a user's
// tokens in the store.

// tokenLifetimes are the expiries offered for a new token, by form value:
// none, a day, a week, a month.
var tokenLifetimes = map[string]time.Duration{"": 0, "1": 24 * time.Hour, "7": 7 * 24 * time.Hour, "30": 30 * 24 * time.Hour}

// tokenTime is how the users page shows a token's times.
const tokenTime = "02.01.2006 15:04"

// tokenRows lists every API token for the users page.
func (s *server) tokenRows(c echo.Context) ([]views.TokenRow, error) {
	tokens, err := s.store.APITokens(c.Request().Context())
	if err != nil {
		return nil, err
	}
	rows := make([]views.TokenRow, len(tokens))
	for i, tok := range tokens {
		rows[i] = tokenRow(tok)
	}
	return rows, nil
}

func tokenRow(tok store.APIToken) views.TokenRow {
	show := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.Local().Format(tokenTime)
	}
	return views.TokenRow{ID: tok.ID, Label: tok.Label, User: tok.User, Created: show(tok.Created),
		Expires: show(tok.Expires), LastUsed: show(tok.LastUsed), Expired: tok.Expired}
}

// confirmRevokeToken asks before a token is revoked (no JavaScript
// needed): the confirmation page posts the revocation.
func (s *server) confirmRevokeToken(c echo.Context) error {
	id, err := pathInt64(c, "tid")
	if err != nil {
		return err
	}
	tokens, err := s.store.APITokens(c.Request().Context())
	if err != nil {
		return err
	}
	for _, tok := range tokens {
		if tok.ID == id {
			return render(c, http.StatusOK, views.RevokeTokenPage(tokenRow(tok)))
		}
	}
	return notFound(c)
}

// revokeToken deletes an API token; programs using it get 401 from now on.
func (s *server) revokeToken(c echo.Context) error {
	if err := s.revokePathToken(c); err != nil {
		return err
	}
	return redirect(c, "/users?done=token")
}

// revokePathToken revokes the API token :tid in the name of the user asking.
func (s *server) revokePathToken(c echo.Context) error {
	id, err := pathInt64(c, "tid")
	if err != nil {
		return err
	}
	return s.store.RevokeAPIToken(c.Request().Context(), actor(c), id)
}

// tokenJSON is an API token in the API: never the token itself.
type tokenJSON struct {
	ID        int64      `json:"id"`
	Label     string     `json:"label"`
	User      string     `json:"user"`
	UserID    int64      `json:"user_id"`
	CreatedAt time.Time  `json:"created_at"`
	ExpiresAt *time.Time `json:"expires_at"`   // null: never
	LastUsed  *time.Time `json:"last_used_at"` // null: never used
	Expired   bool       `json:"expired"`
}

// apiTokens lists every API token (organisers).
func (s *server) apiTokens(c echo.Context) error {
	tokens, err := s.store.APITokens(c.Request().Context())
	if err != nil {
		return err
	}
	opt := func(t time.Time) *time.Time {
		if t.IsZero() {
			return nil
		}
		return &t
	}
	out := make([]tokenJSON, len(tokens))
	for i, tok := range tokens {
		out[i] = tokenJSON{ID: tok.ID, Label: tok.Label, User: tok.User, UserID: tok.UserID, CreatedAt: tok.Created,
			ExpiresAt: opt(tok.Expires), LastUsed: opt(tok.LastUsed), Expired: tok.Expired}
	}
	return c.JSON(http.StatusOK, out)
}

// apiRevokeToken revokes API token :tid (organisers); 204.
func (s *server) apiRevokeToken(c echo.Context) error {
	if err := s.revokePathToken(c); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
