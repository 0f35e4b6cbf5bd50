package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/season"
	"bummerl/store"
)

// TestAPISeason: sales through the API add persons to the register; the
// staff's typeahead finds them accent- and case-insensitively; the public
// season standings carry names and no phone (issue 24).
func TestAPISeason(t *testing.T) {
	app := newTestApp(t)
	app.addUser("Anna", store.Organiser)
	app.addUser("Hans", store.Helper)
	anna, hans := basic("Anna", "Anna-password"), basic("Hans", "Hans-password")
	c := app.client()
	r := c.api(http.MethodPost, "/api/tournaments", anna, map[string]any{"name": "Abend 1", "cards": 4, "max_cards": 2,
		"prizes": []string{"Gans", "Wein"}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	id := decode[tournamentJSON](t, r).ID
	for _, name := range []string{"Fränz Huber", "Maria Groß"} {
		if r := c.api(http.MethodPost, "/api/tournaments/"+strconv.FormatInt(id, 10)+"/sales", hans,
			map[string]any{"name": name, "phone": "0664 1234567", "count": 1}); r.status != http.StatusCreated {
			t.Fatalf("sell %s: %d %s", name, r.status, r.body)
		}
	}
	if r := c.api(http.MethodGet, "/api/persons?q=gross", "", nil); r.status != http.StatusUnauthorized {
		t.Errorf("anonymous register: %d", r.status)
	}
	r = c.api(http.MethodGet, "/api/persons?q="+url.QueryEscape("franz HÜBER"), hans, nil)
	found := decode[[]store.Person](t, r)
	if r.status != http.StatusOK || len(found) != 1 || found[0].Name != "Fränz Huber" {
		t.Fatalf("typeahead: %d %s", r.status, r.body)
	}
	if r := c.api(http.MethodGet, "/api/persons?q=gross", hans, nil); !strings.Contains(r.body, "Maria Groß") {
		t.Errorf("ß/ss: %s", r.body)
	}
	se, err := app.store.CreateSeason(t.Context(), store.User{Name: "Anna"}, "Cup", season.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	if err := app.store.SetSeasonEvening(t.Context(), store.User{Name: "Anna"}, se.ID, id, true); err != nil {
		t.Fatal(err)
	}
	r = c.api(http.MethodGet, "/api/seasons/"+strconv.FormatInt(se.ID, 10), "", nil)
	st := decode[store.SeasonTable](t, r)
	if r.status != http.StatusOK || len(st.Evenings) != 1 || st.Played != 0 || len(st.Rows) != 0 {
		t.Errorf("season before the evening is played: %d %s", r.status, r.body)
	}
	if strings.Contains(r.body, "0664") {
		t.Errorf("a phone on the public season: %s", r.body)
	}
	if r := c.api(http.MethodGet, "/api/seasons/99", "", nil); r.status != http.StatusNotFound {
		t.Errorf("unknown season: %d", r.status)
	}
}
