package web

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// The namesake ask (P-1, docs/tournament.md "Namesakes"): a new buyer
// typed with the name of a player already there is not sold to at once.
// The desk asks "Franz Huber hat schon Karten 1, 2 — ihm verkaufen?" in
// place of the form: Enter sells to him (form field player), or a note
// makes the buyer a different person (new_player, note).

// saleAnswer is an answer to the ask as the form sends it back.
type saleAnswer struct {
	views.SaleAsk
	newPlayer bool
}

// askFromForm reads an answer to the ask (form field ask), nil for any
// other sale.
func askFromForm(c echo.Context, player tournament.PlayerID) *saleAnswer {
	if c.FormValue("ask") == "" {
		return nil
	}
	a := &saleAnswer{newPlayer: player == 0 && c.FormValue("new_player") != ""}
	a.Name = strings.TrimSpace(c.FormValue("name"))
	a.Club = strings.TrimSpace(c.FormValue("club"))
	a.Phone = strings.TrimSpace(c.FormValue("phone"))
	a.Count = strings.TrimSpace(c.FormValue("count"))
	a.Numbers = strings.TrimSpace(c.FormValue("numbers"))
	a.Note = strings.TrimSpace(c.FormValue("note"))
	a.Payment = c.FormValue("payment")
	return a
}

// askAgain answers a refused sale with the ask when there is something to
// ask: the name is a player's (player_exists), or an answer to the ask was
// refused (a note missing, too many cards for him). done is false for any
// other refusal, which the form shows as before.
func (s *server) askAgain(c echo.Context, id int64, q string, f views.Form, player tournament.PlayerID, ans *saleAnswer, err error) (done bool, _ error) {
	code := tournament.ErrorCode(err)
	if ans == nil && code != "player_exists" {
		return false, nil
	}
	p := explain(c, err)
	if p.status >= 500 || p.status == http.StatusUnauthorized {
		return false, nil
	}
	t, lerr := s.store.Load(c.Request().Context(), id)
	if lerr != nil {
		return true, lerr
	}
	a := views.SaleAsk{Name: f.Value("name"), Club: f.Value("club"), Phone: f.Value("phone"), Count: f.Value("count"), Numbers: f.Value("numbers"), Payment: f.Value("payment")}
	if ans != nil {
		a = ans.SaleAsk
	}
	// Whom to ask about: the player the refusal names, else the one the
	// typed name belongs to.
	var (
		holder tournament.Player
		ok     bool
	)
	switch pid := refusedPlayer(err); {
	case pid != 0:
		holder, ok = t.Player(tournament.PlayerID(pid))
	case player != 0:
		holder, ok = t.Player(player)
	default:
		holder, ok = t.Namesake(a.Name)
	}
	if !ok { // renamed meanwhile: nothing to ask, the form shows the refusal
		return false, nil
	}
	a.Player, a.Holder = holder.ID, holder.Name
	a.Question = t.PlayerExists(holder).Text(lang(c))
	switch {
	case code == "player_exists": // the question says it all
	case p.field == "note":
		a.NoteError = p.msg
	default:
		a.Problem = p.msg
	}
	m := saleModel(t, q, views.NewForm(map[string]string{"count": "1"}))
	m.Ask = &a
	if !isHTMX(c) {
		return true, render(c, p.status, views.SalePage(m))
	}
	h := c.Response().Header()
	h.Set("HX-Retarget", "#sale-form")
	h.Set("HX-Reswap", "outerHTML")
	return true, render(c, p.status, views.SaleAskForm(m))
}
