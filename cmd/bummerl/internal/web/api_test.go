package web

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

func TestAPI(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	app.AddUser("Hans", store.Helper)
	org, _ := app.Store.CheckPassword(t.Context(), "Anna", "Anna-password")
	token, err := app.Store.NewAPIToken(t.Context(), org.ID, "script")
	if err != nil {
		t.Fatal(err)
	}
	anna, hans, bearer := webtest.Basic("Anna", "Anna-password"), webtest.Basic("Hans", "Hans-password"), "Bearer "+token
	c := app.Client()
	settings := map[string]any{"name": "API-Turnier", "cards": 8, "max_cards": 2, "price_cents": 1000,
		"prizes": []string{"Gans", "Wein"}}

	// Create: organisers only; anonymous and helpers are refused.
	if r := c.API(http.MethodPost, "/api/tournaments", "", settings); r.Status != http.StatusUnauthorized {
		t.Errorf("anonymous create: %d", r.Status)
	}
	if r := c.API(http.MethodPost, "/api/tournaments", hans, settings); r.Status != http.StatusForbidden {
		t.Errorf("helper create: %d", r.Status)
	}
	if r := c.API(http.MethodPost, "/api/tournaments", webtest.Basic("Anna", "falsch-falsch"), settings); r.Status != http.StatusUnauthorized {
		t.Errorf("wrong password: %d", r.Status)
	}
	if r := c.API(http.MethodPost, "/api/tournaments", "Bearer nope", settings); r.Status != http.StatusUnauthorized {
		t.Errorf("wrong token: %d", r.Status)
	}
	r := c.API(http.MethodPost, "/api/tournaments", bearer, settings)
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	created := webtest.Decode[tournamentJSON](t, r)
	if created.Settings.Variant != "soft" || created.Settings.Closing != "at-close" || created.Settings.BummerlToWin != 2 ||
		r.Header.Get("Location") != "/api/tournaments/"+strconv.FormatInt(created.ID, 10) {
		t.Errorf("created %+v, Location %q", created, r.Header.Get("Location"))
	}
	base := "/api/tournaments/" + strconv.FormatInt(created.ID, 10)

	// Sell: helpers may; one new player with two cards, then one more is too many.
	r = c.API(http.MethodPost, base+"/sales", hans, map[string]any{"name": "Franz", "phone": "0664 1", "count": 2})
	if r.Status != http.StatusCreated {
		t.Fatalf("sell: %d %s", r.Status, r.Body)
	}
	sold := webtest.Decode[soldJSON](t, r)
	if sold.Player.ID != 1 || len(sold.Sold) != 2 || sold.Sold[0] != 1 {
		t.Errorf("sold %+v", sold)
	}
	r = c.API(http.MethodPost, base+"/sales", hans, map[string]any{"player": 1, "count": 1})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("over max: %d", r.Status)
	}
	if e := webtest.Decode[apiError](t, r); e.Code != "max_cards_exceeded" || e.Field != "count" || !strings.Contains(e.Error, "at most 2") {
		t.Errorf("error %+v", e)
	}

	// Read: tournament and next matches are public; players (with phones) are staff only.
	if r := c.API(http.MethodGet, base, "", nil); r.Status != http.StatusOK || webtest.Decode[tournamentJSON](t, r).Sold != 2 {
		t.Errorf("get: %d %s", r.Status, r.Body)
	}
	if r := c.API(http.MethodGet, base+"/players", "", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("anonymous players: %d", r.Status)
	}
	r = c.API(http.MethodGet, base+"/players", anna, nil)
	if players := webtest.Decode[[]playerJSON](t, r); len(players) != 1 || players[0].Phone != "0664 1" {
		t.Errorf("players %s", r.Body)
	}
	r = c.API(http.MethodGet, base+"/cards/2/next", "", nil)
	if next := webtest.Decode[nextJSON](t, r); next.Player.Name != "Franz" || len(next.Next) != 0 || strings.Contains(r.Body, "0664") {
		t.Errorf("next %s", r.Body)
	}

	// Cancel.
	if r := c.API(http.MethodDelete, base+"/sales/2", hans, nil); r.Status != http.StatusNoContent {
		t.Errorf("cancel: %d %s", r.Status, r.Body)
	}
	if r := c.API(http.MethodDelete, base+"/sales/2", hans, nil); r.Status != http.StatusNotFound || webtest.Decode[apiError](t, r).Code != "card_not_found" {
		t.Errorf("cancel again: %d %s", r.Status, r.Body)
	}
}

func TestAPIErrors(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	anna := webtest.Basic("Anna", "Anna-password")
	c := app.Client()
	tests := map[string]struct {
		body   string
		ctype  string
		status int
		code   string
		field  string
	}{
		"form body":         {"name=x", "application/x-www-form-urlencoded", http.StatusUnsupportedMediaType, "json_required", ""},
		"broken json":       {`{"name":`, "application/json", http.StatusBadRequest, "bad_request", ""},
		"empty":             {``, "application/json", http.StatusBadRequest, "bad_request", ""},
		"wrong type":        {`{"cards":"viele"}`, "application/json", http.StatusBadRequest, "bad_request", "cards"},
		"unknown field":     {`{"nme":"x"}`, "application/json", http.StatusBadRequest, "bad_request", "nme"},
		"invalid N":         {`{"name":"x","cards":12,"max_cards":1,"prizes":["a","b"]}`, "application/json", http.StatusUnprocessableEntity, "cards_not_power_of_two", "cards"},
		"no name":           {`{"cards":8,"max_cards":1,"prizes":["a","b"]}`, "application/json; charset=utf-8", http.StatusUnprocessableEntity, "name_required", "name"},
		"price 2^63-1":      {`{"name":"x","cards":8,"max_cards":1,"price_cents":9223372036854775807,"prizes":["a","b"]}`, "application/json", http.StatusUnprocessableEntity, "price_too_high", "price"},
		"8 prizes, 4 cards": {`{"name":"x","cards":4,"max_cards":1,"prizes":["a","b","c","d","e","f","g","h"]}`, "application/json", http.StatusUnprocessableEntity, "prizes_exceed_cards", "prizes"},
		"price 10001 €":     {`{"name":"x","cards":8,"max_cards":1,"price_cents":1000001,"prizes":["a","b"]}`, "application/json", http.StatusUnprocessableEntity, "price_too_high", "price"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := c.Request(http.MethodPost, "/api/tournaments", strings.NewReader(tc.body),
				map[string]string{"Authorization": anna, "Content-Type": tc.ctype})
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d: %s", r.Status, tc.status, r.Body)
			}
			e := webtest.Decode[apiError](t, r)
			if e.Code != tc.code || e.Field != tc.field || e.Error == "" {
				t.Errorf("error %+v, want code %q field %q", e, tc.code, tc.field)
			}
		})
	}
	if r := c.API(http.MethodGet, "/api/tournaments/77", "", nil); r.Status != http.StatusNotFound || webtest.Decode[apiError](t, r).Code != "not_found" {
		t.Errorf("missing tournament: %d %s", r.Status, r.Body)
	}
}

// A browser session on the API still needs the CSRF token; credentials
// without a session cookie do not.
func TestAPICSRFWithSession(t *testing.T) {
	app := newTestApp(t)
	c := app.LoggedIn("Anna", store.Organiser)
	body := map[string]any{"name": "X", "cards": 8, "max_cards": 1, "prizes": []string{"a", "b"}}
	if r := c.API(http.MethodPost, "/api/tournaments", "", body); r.Status != http.StatusForbidden {
		t.Errorf("session without token: %d, want 403", r.Status)
	}
	if r := c.API(http.MethodPost, "/api/tournaments", webtest.Basic("Anna", "Anna-password"), body); r.Status != http.StatusForbidden {
		t.Errorf("session cookie plus Basic without token: %d, want 403", r.Status)
	}
	fresh := app.Client()
	if r := fresh.API(http.MethodPost, "/api/tournaments", webtest.Basic("Anna", "Anna-password"), body); r.Status != http.StatusCreated {
		t.Errorf("Basic without session: %d %s", r.Status, r.Body)
	}
}
