package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"bummerl/store"
)

// Issue 9: how each sale was paid (cash by default), refunds of cancelled
// sales, and the takings by method and by seller, on the page and in the API.
func TestTakings(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "16", "max_cards": "3", "price": "10,00"}))
	id := tournamentOf(t, tour)
	hans := app.loggedIn("Hans", store.Helper)
	mustContain(t, hans.get(tour+"/sale").body, `<select name="payment" id="f-payment"`, `<option value="cash"`, "Karte (Bankomat)")
	hans.post(tour+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"2"}})                       // cash: 1, 2
	hans.post(tour+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"3"}, "payment": {"card"}}) // card: 3–5
	org.post(tour+"/sale", url.Values{"name": {"Josef Gruber"}, "count": {"1"}, "payment": {"other"}}) // other: 6
	hans.htmx(tour+"/sale", url.Values{"player": {"1"}, "count": {"1"}, "payment": {"card"}})          // card: 7
	if r := hans.post(tour+"/sale", url.Values{"name": {"X"}, "count": {"1"}, "payment": {"gold"}}); r.status != http.StatusBadRequest {
		t.Errorf("unknown payment: %d", r.status)
	}
	org.post(tour+"/sale/cancel", url.Values{"card": {"4"}}) // a card refund by Anna
	org.post(tour+"/sale/cancel", url.Values{"card": {"2"}}) // a cash refund by Anna
	tr, _ := app.store.Load(t.Context(), id)
	if c, _ := tr.Card(3); c.Payment != "card" || c.PriceCents != 1000 {
		t.Errorf("card 3: %+v", c)
	}
	if r := hans.get(tour + "/takings"); r.status != http.StatusForbidden {
		t.Errorf("helper reads the takings: %d", r.status)
	}
	r := org.get(tour + "/takings")
	mustContain(t, r.body, "7 Karten verkauft", "70,00 €", "2 Karten storniert und zurückgezahlt", "20,00 €",
		`data-testid="takings-net">50,00 €<`, "Nach Zahlungsart", "Nach Verkäufer", ">Hans<", ">Anna<", `data-testid="till-report-link"`)
	// The API, in cents.
	r = app.client().api(http.MethodGet, "/api/tournaments/"+itoa64(id)+"/takings", basic("Anna", "Anna-password"), nil)
	var got takingsJSON
	if err := json.Unmarshal([]byte(r.body), &got); err != nil || r.status != http.StatusOK {
		t.Fatalf("API: %d %s", r.status, r.body)
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
	r = app.client().api(http.MethodPost, "/api/tournaments/"+itoa64(id)+"/sales", basic("Anna", "Anna-password"),
		map[string]any{"name": "Karl Maier", "count": 1, "payment": "card"})
	if r.status != http.StatusCreated {
		t.Fatalf("API sale: %d %s", r.status, r.body)
	}
	r = app.client().api(http.MethodPost, "/api/tournaments/"+itoa64(id)+"/sales", basic("Anna", "Anna-password"),
		map[string]any{"name": "Karl Gold", "count": 1, "payment": "gold"})
	if e := decode[apiError](t, r); r.status != http.StatusUnprocessableEntity || e.Code != "payment_invalid" {
		t.Errorf("API unknown payment: %d %s", r.status, r.body)
	}
	// English.
	org.get(tour + "/takings?lang=en")
	mustContain(t, org.get(tour+"/takings").body, "8 cards sold", "By payment method", "By seller")
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
