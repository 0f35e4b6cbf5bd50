package web

import (
	"net/http"
	"net/url"
	"slices"
	"testing"

	"bummerl/store"
)

// The smaller frictions of the second evening (issue 23, point 7), over
// HTTP; browser_frictions_test.go has the ones about layout and script.

// TestPrizeDescriptionsOptional: a prize without a description is no
// refusal (it used to be one, shown under "Anzahl Preise"): it is called
// "Preis n", "Prize n" in English, on the form and through the API (P-9).
func TestPrizeDescriptionsOptional(t *testing.T) {
	app := newTestApp(t)
	de := app.loggedIn("Anna", store.Organiser)
	form := de.get("/tournaments/new").body
	mustContain(t, form, `placeholder="Preis 1"`, `placeholder="Preis 8"`, "Ohne Beschreibung heißt ein Preis „Preis 1“")
	en := app.loggedIn("Emma", store.Organiser)
	mustContain(t, en.get("/tournaments/new?lang=en").body, `placeholder="Prize 2"`)

	prizes := func(path string) []string {
		t.Helper()
		tr, err := app.store.Load(t.Context(), tournamentOf(t, path))
		if err != nil {
			t.Fatal(err)
		}
		return tr.Settings.Prizes
	}
	four := map[string]string{"prizes": "4", "prize_1": "Schinken", "prize_2": " ", "prize_3": "", "prize_4": "Wein"}
	if got, want := prizes(de.createTournament(settingsForm(four))), []string{"Schinken", "Preis 2", "Preis 3", "Wein"}; !slices.Equal(got, want) {
		t.Errorf("German form: prizes %q, want %q", got, want)
	}
	enPath := en.createTournament(settingsForm(map[string]string{"prize_1": ""}))
	if got, want := prizes(enPath), []string{"Prize 1", "Wein"}; !slices.Equal(got, want) {
		t.Errorf("English form: prizes %q, want %q", got, want)
	}
	// Changed later, an emptied description becomes the default again.
	if r := en.post(enPath+"/settings", settingsForm(map[string]string{"prize_2": ""})); r.status != http.StatusSeeOther {
		t.Fatalf("settings: %d\n%s", r.status, r.body)
	}
	if got, want := prizes(enPath), []string{"Schinken", "Prize 2"}; !slices.Equal(got, want) {
		t.Errorf("changed settings: prizes %q, want %q", got, want)
	}

	// The API: English unless the client asks for German.
	body := map[string]any{"name": "API", "cards": 8, "max_cards": 1, "prizes": []string{"", "Wein"}}
	r := app.client().api(http.MethodPost, "/api/tournaments", basic("Anna", "Anna-password"), body)
	if r.status != http.StatusCreated {
		t.Fatalf("API: %d %s", r.status, r.body)
	}
	mustContain(t, r.body, `"prizes":["Prize 1","Wein"]`)
}

// TestSoldOutNoNamesakeAsk: with every card sold the desk does not ask
// "Franz Huber hat schon Karten 1, 2 — ihm verkaufen?" (P-1): it says that
// all cards are sold, with and without JavaScript, in German and English.
func TestSoldOutNoNamesakeAsk(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "4", "max_cards": "2"}))
	for _, name := range []string{"Franz Huber", "Maria Gruber"} {
		if r := org.post(tour+"/sale", url.Values{"name": {name}, "count": {"2"}}); r.status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d\n%s", name, r.status, r.body)
		}
	}
	helper := app.loggedIn("Hans", store.Helper)
	again := url.Values{"name": {"franz huber"}, "count": {"1"}}
	for name, r := range map[string]response{"htmx": helper.htmx(tour+"/sale", again), "plain form": helper.post(tour+"/sale", again)} {
		if r.status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: status %d\n%s", name, r.status, r.body)
		}
		mustContain(t, r.body, `data-testid="error-count"`, "Alle 4 Karten sind verkauft")
		mustNotContain(t, r.body, "verkaufen?", `data-testid="sale-ask"`)
	}
	helper.get(tour + "/sale?lang=en")
	r := helper.htmx(tour+"/sale", again)
	mustContain(t, r.body, "all 4 cards are sold")
	mustNotContain(t, r.body, "sell to him?")
	if tr, _ := app.store.Load(t.Context(), tournamentOf(t, tour)); len(tr.Players) != 2 || tr.Sold() != 4 {
		t.Errorf("after the refusals: %d players, %d sold", len(tr.Players), tr.Sold())
	}
}
