package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// Issue 9: how each sale was paid (cash by default), refunds of cancelled
// sales, and the takings by method and by seller, on the page and in the API.
func TestTakings(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "16", "max_cards": "3", "price": "10,00"}))
	id := webtest.TournamentOf(t, tour)
	hans := app.LoggedIn("Hans", store.Helper)
	webtest.MustContain(t, hans.Get(tour+"/sale").Body, `<select name="payment" id="f-payment"`, `<option value="cash"`, "Karte (Bankomat)")
	hans.Post(tour+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"2"}})                       // cash: 1, 2
	hans.Post(tour+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"3"}, "payment": {"card"}}) // card: 3–5
	org.Post(tour+"/sale", url.Values{"name": {"Josef Gruber"}, "count": {"1"}, "payment": {"other"}}) // other: 6
	hans.Htmx(tour+"/sale", url.Values{"player": {"1"}, "count": {"1"}, "payment": {"card"}})          // card: 7
	if r := hans.Post(tour+"/sale", url.Values{"name": {"X"}, "count": {"1"}, "payment": {"gold"}}); r.Status != http.StatusBadRequest {
		t.Errorf("unknown payment: %d", r.Status)
	}
	org.Post(tour+"/sale/cancel", url.Values{"card": {"4"}}) // a card refund by Anna
	org.Post(tour+"/sale/cancel", url.Values{"card": {"2"}}) // a cash refund by Anna
	tr, _ := app.Store.Load(t.Context(), id)
	if c, _ := tr.Card(3); c.Payment != "card" || c.PriceCents != 1000 {
		t.Errorf("card 3: %+v", c)
	}
	if r := hans.Get(tour + "/takings"); r.Status != http.StatusForbidden {
		t.Errorf("helper reads the takings: %d", r.Status)
	}
	r := org.Get(tour + "/takings")
	webtest.MustContain(t, r.Body, "7 Karten verkauft", "70,00 €", "2 Karten storniert und zurückgezahlt", "20,00 €",
		`data-testid="takings-net">50,00 €<`, "Nach Zahlungsart", "Nach Verkäufer", ">Hans<", ">Anna<", `data-testid="till-report-link"`)
	// The API, in cents.
	r = app.Client().API(http.MethodGet, "/api/tournaments/"+itoa64(id)+"/takings", webtest.Basic("Anna", "Anna-password"), nil)
	var got takingsJSON
	if err := json.Unmarshal([]byte(r.Body), &got); err != nil || r.Status != http.StatusOK {
		t.Fatalf("API: %d %s", r.Status, r.Body)
	}
	want := map[string][2]int{"cash": {2, 1}, "card": {4, 1}, "other": {1, 0}}
	for _, m := range got.ByMethod {
		if w := want[m.Key]; m.Sold != w[0] || m.Refunded != w[1] || m.NetCents != (w[0]-w[1])*1000 {
			t.Errorf("by method %s: %+v, want sold %d refunded %d", m.Key, m, w[0], w[1])
		}
	}
	if got.Total.NetCents != 5000 || len(got.ByUser) != 2 || got.ByUser[0].Key != "Anna" || got.ByUser[0].Sold != 1 ||
		got.ByUser[0].Refunded != 2 || got.ByUser[1].Sold != 6 {
		t.Errorf("takings %+v", got)
	}
	// The API sells with a payment method too.
	r = app.Client().API(http.MethodPost, "/api/tournaments/"+itoa64(id)+"/sales", webtest.Basic("Anna", "Anna-password"),
		map[string]any{"name": "Karl Maier", "count": 1, "payment": "card"})
	if r.Status != http.StatusCreated {
		t.Fatalf("API sale: %d %s", r.Status, r.Body)
	}
	r = app.Client().API(http.MethodPost, "/api/tournaments/"+itoa64(id)+"/sales", webtest.Basic("Anna", "Anna-password"),
		map[string]any{"name": "Karl Gold", "count": 1, "payment": "gold"})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusUnprocessableEntity || e.Code != "payment_invalid" {
		t.Errorf("API unknown payment: %d %s", r.Status, r.Body)
	}
	// English.
	org.Get(tour + "/takings?lang=en")
	webtest.MustContain(t, org.Get(tour+"/takings").Body, "8 cards sold", "By payment method", "By seller")
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
