package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/season"
	"bummerl/store"
)

// TestAPISeason: sales through the API add persons to the register; the
// staff's typeahead finds them accent- and case-insensitively; the public
// season standings carry names and no phone (issue 24).
func TestAPISeason(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	app.AddUser("Hans", store.Helper)
	anna, hans := webtest.Basic("Anna", "Anna-password"), webtest.Basic("Hans", "Hans-password")
	c := app.Client()
	r := c.API(http.MethodPost, "/api/tournaments", anna, map[string]any{"name": "Abend 1", "cards": 4, "max_cards": 2,
		"prizes": []string{"Gans", "Wein"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	id := webtest.Decode[tournamentJSON](t, r).ID
	for _, name := range []string{"Fränz Huber", "Maria Groß"} {
		if r := c.API(http.MethodPost, "/api/tournaments/"+strconv.FormatInt(id, 10)+"/sales", hans,
			map[string]any{"name": name, "phone": "0664 1234567", "count": 1}); r.Status != http.StatusCreated {
			t.Fatalf("sell %s: %d %s", name, r.Status, r.Body)
		}
	}
	if r := c.API(http.MethodGet, "/api/persons?q=gross", "", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("anonymous register: %d", r.Status)
	}
	r = c.API(http.MethodGet, "/api/persons?q="+url.QueryEscape("franz HÜBER"), hans, nil)
	found := webtest.Decode[[]store.Person](t, r)
	if r.Status != http.StatusOK || len(found) != 1 || found[0].Name != "Fränz Huber" {
		t.Fatalf("typeahead: %d %s", r.Status, r.Body)
	}
	if r := c.API(http.MethodGet, "/api/persons?q=gross", hans, nil); !strings.Contains(r.Body, "Maria Groß") {
		t.Errorf("ß/ss: %s", r.Body)
	}
	se, err := app.Store.CreateSeason(t.Context(), store.User{Name: "Anna"}, "Cup", season.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Store.SetSeasonEvening(t.Context(), store.User{Name: "Anna"}, se.ID, id, true); err != nil {
		t.Fatal(err)
	}
	r = c.API(http.MethodGet, "/api/seasons/"+strconv.FormatInt(se.ID, 10), "", nil)
	st := webtest.Decode[store.SeasonTable](t, r)
	if r.Status != http.StatusOK || len(st.Evenings) != 1 || st.Played != 0 || len(st.Rows) != 0 {
		t.Errorf("season before the evening is played: %d %s", r.Status, r.Body)
	}
	if strings.Contains(r.Body, "0664") {
		t.Errorf("a phone on the public season: %s", r.Body)
	}
	if r := c.API(http.MethodGet, "/api/seasons/99", "", nil); r.Status != http.StatusNotFound {
		t.Errorf("unknown season: %d", r.Status)
	}
}
