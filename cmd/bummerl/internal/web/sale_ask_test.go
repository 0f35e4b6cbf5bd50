package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// P-1 (issue 9): a returning buyer typed into the new-buyer form is asked
// about, not made a second player; Enter sells to him, a note makes a
// different person whose name carries it everywhere.
func TestSaleNamesakeAsk(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "16", "max_cards": "3"}))
	id := webtest.TournamentOf(t, tour)
	helper := app.LoggedIn("Hans", store.Helper)
	r := helper.Htmx(tour+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"2"}})
	webtest.MustContain(t, r.Body, `data-testid="sold-cards">1, 2<`)

	// The same name, other case, accents and spaces: the ask, in place of
	// the form, nothing sold.
	r = helper.Htmx(tour+"/sale", url.Values{"name": {" franz  HÜBER"}, "club": {"ASK"}, "count": {"2"}})
	if r.Status != http.StatusConflict {
		t.Fatalf("namesake: status %d\n%s", r.Status, r.Body)
	}
	if got := r.Header.Get("HX-Retarget") + " " + r.Header.Get("HX-Reswap"); got != "#sale-form outerHTML" {
		t.Errorf("ask: retarget/reswap %q", got)
	}
	webtest.MustContain(t, r.Body, `id="sale-form"`, `data-testid="sale-ask"`, "Franz Huber hat schon Karten 1, 2 — ihm verkaufen?",
		`name="player" value="1"`, `autofocus data-testid="ask-same"`, "Ja, Franz Huber verkaufen", `name="note"`)
	tr, _ := app.Store.Load(t.Context(), id)
	if len(tr.Players) != 1 || tr.Sold() != 2 {
		t.Fatalf("after the ask: %d players, %d sold", len(tr.Players), tr.Sold())
	}

	// "Yes" with 2 more is over the maximum of 3 (P-1): asked again with
	// the reason; 1 more is sold to him and a fresh form comes back.
	yes := url.Values{"ask": {"1"}, "player": {"1"}, "name": {" franz  HÜBER"}, "club": {"ASK"}, "count": {"2"}}
	r = helper.Htmx(tour+"/sale", yes)
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("yes, over max: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="sale-ask"`, `data-testid="ask-problem"`, "höchstens 3")
	yes.Set("count", "1")
	r = helper.Htmx(tour+"/sale", yes)
	if r.Status != http.StatusOK {
		t.Fatalf("yes: status %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `id="sale-form"`, `data-testid="sale-form"`, `id="sale-status" hx-swap-oob="true"`,
		`data-testid="sold-cards">3<`, "Verkauft an Franz Huber")
	webtest.MustNotContain(t, r.Body, `data-testid="sale-ask"`)

	// A different person: the note is required, then becomes part of his name.
	other := url.Values{"ask": {"1"}, "new_player": {"1"}, "name": {"Franz Huber"}, "club": {"ASK"}, "count": {"1"}}
	r = helper.Htmx(tour+"/sale", other)
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("no note: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="error-note">Eine andere Person gleichen Namens braucht einen Zusatz`)
	other.Set("note", "Graz")
	r = helper.Htmx(tour+"/sale", other)
	if r.Status != http.StatusOK {
		t.Fatalf("different person: status %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, "Verkauft an Franz Huber (Graz)", `data-testid="sold-cards">4<`)
	tr, _ = app.Store.Load(t.Context(), id)
	if len(tr.Players) != 2 || tr.Players[1].Name != "Franz Huber (Graz)" || tr.Players[1].Club != "ASK" {
		t.Fatalf("players %+v", tr.Players)
	}
	// The note shows on the public players' list, not only at the desk.
	r = app.Client().Get(tour + "/players")
	if r.Status == http.StatusOK {
		webtest.MustContain(t, r.Body, "Franz Huber (Graz)")
	}

	// Without JavaScript: the whole desk with the ask, then a redirect.
	r = helper.Post(tour+"/sale", url.Values{"name": {"FRANZ HUBER (graz)"}, "count": {"1"}})
	if r.Status != http.StatusConflict {
		t.Fatalf("plain namesake: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "<html", "Franz Huber (Graz) hat schon Karte 4 — ihm verkaufen?", `name="player" value="2"`)
	webtest.MustNotContain(t, r.Body, `data-testid="sale-form"`)
	r = helper.Post(tour+"/sale", url.Values{"ask": {"1"}, "player": {"2"}, "name": {"FRANZ HUBER (graz)"}, "count": {"1"}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("plain yes: status %d", r.Status)
	}

	// The search compares as the ask does: accents and case do not count.
	webtest.MustContain(t, helper.Get(tour+"/sale/search?q="+url.QueryEscape("HÜBER (gräz)")).Body, "Franz Huber (Graz)")

	// English.
	helper.Get(tour + "/sale?lang=en")
	r = helper.Htmx(tour+"/sale", url.Values{"name": {"franz huber"}, "count": {"1"}})
	webtest.MustContain(t, r.Body, "Franz Huber already holds cards 1, 2, 3 — sell to him?", "Yes, sell to Franz Huber", "Add as a different person")
}

// The API refuses a namesake with 409 player_exists and his id, unless
// new_player says it is a different person (with a note).
func TestAPISaleNamesake(t *testing.T) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	anna := webtest.Basic("Anna", "Anna-password")
	c := app.Client()
	r := c.API(http.MethodPost, "/api/tournaments", anna, map[string]any{"name": "T", "cards": 8, "max_cards": 3, "price_cents": 1000, "prizes": []string{"Gans", "Wein"}})
	base := "/api/tournaments/" + strings.TrimPrefix(r.Header.Get("Location"), "/api/tournaments/")
	if r = c.API(http.MethodPost, base+"/sales", anna, map[string]any{"name": "Franz Huber", "count": 2}); r.Status != http.StatusCreated {
		t.Fatalf("sell: %d %s", r.Status, r.Body)
	}
	r = c.API(http.MethodPost, base+"/sales", anna, map[string]any{"name": "franz hubér", "count": 2})
	e := webtest.Decode[apiError](t, r)
	if r.Status != http.StatusConflict || e.Code != "player_exists" || e.Player != 1 || e.Field != "name" ||
		e.Error != "Franz Huber already holds cards 1, 2 — sell to him?" {
		t.Fatalf("namesake: %d %s", r.Status, r.Body)
	}
	r = c.API(http.MethodPost, base+"/sales", anna, map[string]any{"name": "Franz Huber", "count": 1, "new_player": true})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusUnprocessableEntity || e.Code != "note_required" || e.Field != "note" {
		t.Fatalf("no note: %d %s", r.Status, r.Body)
	}
	r = c.API(http.MethodPost, base+"/sales", anna, map[string]any{"name": "Franz Huber", "count": 1, "new_player": true, "note": "Graz"})
	if s := webtest.Decode[soldJSON](t, r); r.Status != http.StatusCreated || s.Player.Name != "Franz Huber (Graz)" || s.Player.ID != 2 {
		t.Fatalf("different person: %d %s", r.Status, r.Body)
	}
}

// Renaming a player to another's name is refused with the other named.
func TestEditPlayerToNamesake(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1)
	r := f.Org.Post(f.Path+"/players/2/edit", url.Values{"name": {"spieler  1"}, "club": {""}, "phone": {""}})
	if r.Status != http.StatusConflict {
		t.Fatalf("edit to a namesake: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Spieler 1 ist schon ein anderer Spieler (Nr. 1)")
	if p, _ := f.Load().Player(2); p.Name != "Spieler 2" {
		t.Errorf("renamed to %q", p.Name)
	}
}

// P-1, issue 20: a namesake's note is checked like every typed text
// (domain/text): at most 40 characters, and no more than fit with his name
// into a name's 80; no control and no invisible characters. A refused note
// is shown at the note field, and nothing is sold.
func TestSaleNamesakeNoteChecked(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"})
	long := strings.Repeat("Ä", 70)
	for _, name := range []string{"Franz Huber", long} {
		if r := f.Helper.Post(f.Path+"/sale", url.Values{"name": {name}, "count": {"1"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: status %d", name, r.Status)
		}
	}
	for _, tc := range []struct{ name, note, msg string }{
		{"Franz Huber", strings.Repeat("x", 41), "Zusatz: höchstens 40 Zeichen, nicht 41"},
		{"Franz Huber", "Graz\x07", "Zusatz enthält ein Steuerzeichen (U+0007)"},
		{"Franz Huber", "Graz\u202e", "Zusatz enthält ein unsichtbares Zeichen (U+202E)"},
		// 70 + " (" + 8 + ")" is 81 characters, one more than a name may have.
		{long, "Mödling!", "Zusatz: höchstens 7 Zeichen, nicht 8"},
	} {
		for _, htmx := range []bool{true, false} {
			form := url.Values{"ask": {"1"}, "new_player": {"1"}, "name": {tc.name}, "note": {tc.note}, "count": {"1"}}
			r := f.Helper.Post(f.Path+"/sale", form)
			if htmx {
				r = f.Helper.Htmx(f.Path+"/sale", form)
			}
			if r.Status != http.StatusUnprocessableEntity {
				t.Fatalf("note %q (htmx %v): status %d\n%s", tc.note, htmx, r.Status, r.Body)
			}
			if got := webtest.TestidText(t, r.Body, "error-note"); !strings.HasPrefix(got, tc.msg) {
				t.Errorf("note %q (htmx %v): at the note %q, want %q", tc.note, htmx, got, tc.msg)
			}
			webtest.MustContain(t, r.Body, `data-testid="ask-note" aria-invalid="true"`)
			webtest.MustNotContain(t, r.Body, `data-testid="ask-problem"`)
			if tr := f.Load(); len(tr.Players) != 2 || tr.Sold() != 2 {
				t.Fatalf("note %q: %d players, %d cards sold", tc.note, len(tr.Players), tr.Sold())
			}
		}
	}
}
