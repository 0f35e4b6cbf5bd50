package web

import (
	"net/http"
	"strconv"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// Issue 9: the settings change and the smaller size (P-2) through the API.
func TestAPISettingsAndResize(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	app.AddUser("Hans", store.Helper)
	anna, hans := webtest.Basic("Anna", "Anna-password"), webtest.Basic("Hans", "Hans-password")
	c := app.Client()
	settings := map[string]any{"name": "API-Turnier", "cards": 16, "max_cards": 2, "price_cents": 1000, "prizes": []string{"Gans", "Wein", "Speck", "Brot"}}
	r := c.API(http.MethodPost, "/api/tournaments", anna, settings)
	base := r.Header.Get("Location")
	settings["price_cents"] = 1250
	settings["venue"] = "Gasthaus Zur Post"
	settings["date"] = "2026-03-14"
	if r := c.API(http.MethodPut, base+"/settings", hans, settings); r.Status != http.StatusForbidden {
		t.Errorf("helper: %d", r.Status)
	}
	r = c.API(http.MethodPut, base+"/settings", anna, settings)
	got := webtest.Decode[tournamentJSON](t, r)
	if r.Status != http.StatusOK || got.Settings.PriceCents != 1250 || got.Settings.Venue != "Gasthaus Zur Post" {
		t.Fatalf("settings: %d %s", r.Status, r.Body)
	}
	settings["cards"] = 12
	if e := webtest.Decode[apiError](t, c.API(http.MethodPut, base+"/settings", anna, settings)); e.Code != "cards_not_power_of_two" {
		t.Errorf("bad settings: %+v", e)
	}
	// P-2: 5 of 16 sold, too few; 8 fits.
	for i := range 5 {
		c.API(http.MethodPost, base+"/sales", anna, map[string]any{"name": "Spieler " + strconv.Itoa(i), "count": 1})
	}
	if e := webtest.Decode[apiError](t, c.API(http.MethodPost, base+"/resize", anna, map[string]any{"cards": 4})); e.Code == "" {
		t.Errorf("resize below the sold: %+v", e)
	}
	r = c.API(http.MethodPost, base+"/resize", anna, map[string]any{"cards": 8})
	if got := webtest.Decode[tournamentJSON](t, r); r.Status != http.StatusOK || got.Settings.Cards != 8 {
		t.Fatalf("resize: %d %s", r.Status, r.Body)
	}
}

// docs/api.md: a card that has just lost stays in cards/:no/next with
// decided true and won false until the next round is drawn; a walkover
// says so.
func TestAPINextKeepsTheLoser(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	f.Quick(f.Helper, 1, m, m.A, "k")
	r := f.API.Get("/api/tournaments/" + strconv.FormatInt(f.ID, 10) + "/cards/" + strconv.Itoa(int(m.B)) + "/next")
	got := webtest.Decode[nextJSON](t, r)
	if len(got.Next) != 1 || !got.Next[0].Decided || got.Next[0].Won || !got.Next[0].Walkover {
		t.Fatalf("the loser's next: %s", r.Body)
	}
}
