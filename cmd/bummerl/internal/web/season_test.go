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

// finishAll draws and finishes every round of f's tournament.
func finishAll(f webtest.Fixture) {
	f.T.Helper()
	for round := 1; !f.Load().Finished(); round++ {
		f.DrawDigital()
		f.FinishRound(round)
	}
}

// TestSeasonPages (issue 24): an organiser creates a season (bad rules
// refused at their field, nothing created), adds a tournament (an unknown
// one refused), the public page, its A4 sheet and CSV show the standings
// once the evening is played — no phone anywhere — and follow a change
// of the rules and of the evenings.
func TestSeasonPages(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "4"})
	for i, name := range []string{"Anna Berger", "Franz Huber", "Maria Groß", "Josef Wagner"} {
		if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {name}, "phone": {"0664 99" + strconv.Itoa(i)}, "count": {"1"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sale: %d", r.Status)
		}
	}
	seasons := func() int {
		ses, err := f.App.Store.Seasons(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		return len(ses)
	}
	form := func(over map[string]string) url.Values {
		v := url.Values{"name": {"Cup 2026"}, "points": {"20, 16, 13, 11"}, "taking": {"2"}, "count": {"best"}, "best": {"0"}}
		for k, x := range over {
			v.Set(k, x)
		}
		return v
	}
	webtest.MustContain(t, f.Org.Get("/seasons/new").Body, `value="20, 16, 13, 11, 9, 8, 7, 6"`)
	for name, tc := range map[string]struct {
		over  map[string]string
		field string
		want  string
	}{
		"points":   {map[string]string{"points": "20, x"}, "points", "Punkte als Zahlen"},
		"negative": {map[string]string{"taking": "-1"}, "taking", "Punkte für die Teilnahme von 0 bis 10000"},
		"high":     {map[string]string{"points": "20, 10001"}, "points", "Punkte für einen Platz von 0 bis 10000"},
		"empty":    {map[string]string{"points": " "}, "points", "Die Punktetabelle braucht mindestens einen Platz"},
		"form":     {map[string]string{"count": "some"}, "count", "Bei mehreren Karten zählt die beste oder jede"},
		"many":     {map[string]string{"best": "1001"}, "best", "Beste n Abende: 0 (alle) bis 1000"},
		"name":     {map[string]string{"name": " "}, "name", "Der Name der Wertung fehlt"},
		"best":     {map[string]string{"best": "drei"}, "best", "Zahl"},
	} {
		r := f.Org.Post("/seasons", form(tc.over))
		if r.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s: %d", name, r.Status)
		}
		webtest.MustContain(t, r.Body, tc.want, `data-testid="error-`+tc.field+`"`)
	}
	if n := seasons(); n != 0 {
		t.Fatalf("%d seasons after refusals", n)
	}
	r := f.Org.Post("/seasons", form(nil))
	if r.Status != http.StatusSeeOther || r.Location() != "/seasons/1/edit" {
		t.Fatalf("create: %d %s", r.Status, r.Location())
	}
	id := strconv.FormatInt(f.ID, 10)
	webtest.MustContain(t, f.Org.Get("/seasons/1/edit").Body, `data-testid="evening-in-`+id+`"`)
	if r := f.Org.Post("/seasons/1/evenings", url.Values{"tournament": {"999"}, "in": {"1"}}); r.Status != http.StatusNotFound {
		t.Errorf("unknown tournament: %d", r.Status)
	} else {
		webtest.MustContain(t, r.Body, `data-testid="evening-problem"`)
	}
	if r := f.Org.Post("/seasons/1/evenings", url.Values{"tournament": {"x"}, "in": {"1"}}); r.Status != http.StatusBadRequest {
		t.Errorf("bad tournament: %d", r.Status)
	}
	if r := f.Org.Post("/seasons/1/evenings", url.Values{"tournament": {id}, "in": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("add the evening: %d %s", r.Status, r.Body)
	}
	anon := f.App.Client()
	r = anon.Get("/seasons/1")
	webtest.MustContain(t, r.Body, "Jahreswertung nach 0 von 1 Abenden", `data-testid="season-empty"`, "Preisschnapsen Hinterbrühl")

	finishAll(f)
	for _, path := range []string{"/seasons", "/seasons/1", "/seasons/1/print", "/seasons/1/standings.csv"} {
		r := anon.Get(path)
		if r.Status != http.StatusOK {
			t.Errorf("%s: %d", path, r.Status)
		}
		webtest.MustNotContain(t, r.Body, "0664")
	}
	r = anon.Get("/seasons/1")
	webtest.MustContain(t, r.Body, "Jahreswertung nach 1 von 1 Abenden", `data-testid="season-row-4"`,
		"Punkte für Platz 1–4: 20, 16, 13, 11; für die Teilnahme 2")
	winner := f.Load().Standings()[0]
	wp, _ := f.Load().Player(winner.Player)
	webtest.MustContain(t, testidRow(t, r.Body, "season-row-1"), wp.Name, "<strong>20</strong>")
	webtest.MustContain(t, anon.Get("/seasons/1/print").Body, `data-testid="print-button"`)
	rows := readCSV(t, anon.Get("/seasons/1/standings.csv"))
	if len(rows) != 5 || rows[1][1] != wp.Name || rows[1][3] != "20" || rows[0][8] != "Preisschnapsen Hinterbrühl" {
		t.Errorf("csv: %q", rows)
	}

	// The winner's phone names his place; the projector at the end the
	// season's progress and top places.
	webtest.MustContain(t, anon.Get(f.Path+"/card/"+strconv.Itoa(int(winner.Card))).Body, `data-testid="season-place"`,
		"Platz 1 in der Jahreswertung Cup 2026")
	webtest.MustContain(t, anon.Get(f.Path+"/screen").Body, `data-testid="screen-season"`, "Cup 2026: Jahreswertung nach 1 von 1 Abenden", wp.Name)

	// New rules: the standings follow at once (never stored).
	if r := f.Org.Post("/seasons/1/edit", form(map[string]string{"points": "30"})); r.Status != http.StatusSeeOther {
		t.Fatalf("rules: %d %s", r.Status, r.Body)
	}
	webtest.MustContain(t, testidRow(t, anon.Get("/seasons/1").Body, "season-row-1"), "<strong>30</strong>")
	if r := f.Org.Post("/seasons/1/edit", form(map[string]string{"best": "-1"})); r.Status != http.StatusUnprocessableEntity {
		t.Errorf("best -1: %d", r.Status)
	}
	if r := f.Org.Post("/seasons/1/evenings", url.Values{"tournament": {id}, "in": {"0"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("remove the evening: %d", r.Status)
	}
	webtest.MustContain(t, anon.Get("/seasons/1").Body, "Jahreswertung nach 0 von 0 Abenden")
	if r := anon.Get("/seasons/2"); r.Status != http.StatusNotFound {
		t.Errorf("unknown season: %d", r.Status)
	}
}

// testidRow is the table row with data-testid id.
func testidRow(t *testing.T, body, id string) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, `data-testid="`+id+`"`)
	if !ok {
		t.Fatalf("no row %q in:\n%s", id, body)
	}
	row, _, _ := strings.Cut(rest, "</tr>")
	return row
}
