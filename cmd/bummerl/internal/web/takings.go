package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// takingsModel adds up the sales and refunds of a tournament (issue 9):
// every sale from the audit of the sale desk, every cancelled sale as a
// refund at its price in the way it was paid (store.Sales), by payment
// method and by the user who sold or cancelled.
func (s *server) takingsModel(c echo.Context, t *tournament.Tournament) (views.TakingsModel, error) {
	sales, err := s.store.Sales(c.Request().Context(), t.ID)
	if err != nil {
		return views.TakingsModel{}, err
	}
	m := views.TakingsModel{TournamentID: t.ID, Name: t.Settings.Name, PriceCents: t.Settings.PriceCents,
		Date: s.store.Now().Local().Format("02.01.2006 15:04")}
	k := tournament.CountTakings(sales, t.Settings.PriceCents)
	m.Total = views.TakingsRow{Label: text(c, "takings.net"), Tally: k.Total}
	for i, pm := range tournament.PayMethods {
		m.ByMethod = append(m.ByMethod, views.TakingsRow{Label: views.PayName(lang(c), pm), Tally: k.ByMethod[i]})
	}
	for i, u := range k.Users {
		m.ByUser = append(m.ByUser, views.TakingsRow{Label: u, Tally: k.ByUser[i]})
	}
	return m, nil
}

// takingsPage is the end-of-evening takings, one A4 page printed.
func (s *server) takingsPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m, err := s.takingsModel(c, t)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.TakingsPage(m))
}

// takingsJSON is the takings in the API: cents.
type takingsJSON struct {
	PriceCents int              `json:"price_cents"`
	Total      takingsRowJSON   `json:"total"`
	ByMethod   []takingsRowJSON `json:"by_payment"`
	ByUser     []takingsRowJSON `json:"by_user"`
	At         time.Time        `json:"at"`
}

type takingsRowJSON struct {
	Key         string `json:"key,omitempty"` // the payment method or the user
	Sold        int    `json:"sold"`
	SoldCents   int    `json:"sold_cents"`
	Refunded    int    `json:"refunded"`
	RefundCents int    `json:"refund_cents"`
	NetCents    int    `json:"net_cents"`
}

func rowJSON(key string, r views.TakingsRow) takingsRowJSON {
	return takingsRowJSON{Key: key, Sold: r.Sold, SoldCents: r.SoldCents, Refunded: r.Refunded, RefundCents: r.RefundCents, NetCents: r.Net()}
}

// apiTakings is the takings (organisers).
func (s *server) apiTakings(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m, err := s.takingsModel(c, t)
	if err != nil {
		return err
	}
	out := takingsJSON{PriceCents: m.PriceCents, Total: rowJSON("", m.Total), At: s.store.Now().UTC()}
	for i, pm := range tournament.PayMethods {
		out.ByMethod = append(out.ByMethod, rowJSON(string(pm), m.ByMethod[i]))
	}
	for _, r := range m.ByUser {
		out.ByUser = append(out.ByUser, rowJSON(r.Label, r))
	}
	return c.JSON(http.StatusOK, out)
}
