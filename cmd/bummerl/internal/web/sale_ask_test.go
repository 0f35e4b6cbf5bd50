package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bummerl/store"
)

// P-1 (issue 9): a returning buyer typed into the new-buyer form is asked
// about, not made a second player; Enter sells to him, a note makes a
// different person whose name carries it everywhere.
func TestSaleNamesakeAsk(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "16", "max_cards": "3"}))
	id := tournamentOf(t, tour)
	helper := app.loggedIn("Hans", store.Helper)
	r := helper.htmx(tour+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"2"}})
	mustContain(t, r.body, `data-testid="sold-cards">1, 2<`)

	// The same name, other case, accents and spaces: the ask, in place of
	// the form, nothing sold.
	r = helper.htmx(tour+"/sale", url.Values{"name": {" franz  HÜBER"}, "club": {"ASK"}, "count": {"2"}})
	if r.status != http.StatusConflict {
		t.Fatalf("namesake: status %d\n%s", r.status, r.body)
	}
	if got := r.header.Get("HX-Retarget") + " " + r.header.Get("HX-Reswap"); got != "#sale-form outerHTML" {
		t.Errorf("ask: retarget/reswap %q", got)
	}
	mustContain(t, r.body, `id="sale-form"`, `data-testid="sale-ask"`, "Franz Huber hat schon Karten 1, 2 — ihm verkaufen?",
		`name="player" value="1"`, `autofocus data-testid="ask-same"`, "Ja, Franz Huber verkaufen", `name="note"`)
	tr, _ := app.store.Load(t.Context(), id)
	if len(tr.Players) != 1 || tr.Sold() != 2 {
		t.Fatalf("after the ask: %d players, %d sold", len(tr.Players), tr.Sold())
	}

	// "Yes" with 2 more is over the maximum of 3 (P-1): asked again with
	// the reason; 1 more is sold to him and a fresh form comes back.
	yes := url.Values{"ask": {"1"}, "player": {"1"}, "name": {" franz  HÜBER"}, "club": {"ASK"}, "count": {"2"}}
	r = helper.htmx(tour+"/sale", yes)
	if r.status != http.StatusUnprocessableEntity {
		t.Fatalf("yes, over max: status %d", r.status)
	}
	mustContain(t, r.body, `data-testid="sale-ask"`, `data-testid="ask-problem"`, "höchstens 3")
	yes.Set("count", "1")
	r = helper.htmx(tour+"/sale", yes)
	if r.status != http.StatusOK {
		t.Fatalf("yes: status %d\n%s", r.status, r.body)
	}
	mustContain(t, r.body, `id="sale-form"`, `data-testid="sale-form"`, `id="sale-status" hx-swap-oob="true"`,
		`data-testid="sold-cards">3<`, "Verkauft an Franz Huber")
	mustNotContain(t, r.body, `data-testid="sale-ask"`)

	// A different person: the note is required, then becomes part of his name.
	other := url.Values{"ask": {"1"}, "new_player": {"1"}, "name": {"Franz Huber"}, "club": {"ASK"}, "count": {"1"}}
	r = helper.htmx(tour+"/sale", other)
	if r.status != http.StatusUnprocessableEntity {
		t.Fatalf("no note: status %d", r.status)
	}
	mustContain(t, r.body, `data-testid="error-note">Eine andere Person gleichen Namens braucht einen Zusatz`)
	other.Set("note", "Graz")
	r = helper.htmx(tour+"/sale", other)
	if r.status != http.StatusOK {
		t.Fatalf("different person: status %d\n%s", r.status, r.body)
	}
	mustContain(t, r.body, "Verkauft an Franz Huber (Graz)", `data-testid="sold-cards">4<`)
	tr, _ = app.store.Load(t.Context(), id)
	if len(tr.Players) != 2 || tr.Players[1].Name != "Franz Huber (Graz)" || tr.Players[1].Club != "ASK" {
		t.Fatalf("players %+v", tr.Players)
	}
	// The note shows on the public players' list, not only at the desk.
	r = app.client().get(tour + "/players")
	if r.status == http.StatusOK {
		mustContain(t, r.body, "Franz Huber (Graz)")
	}

	// Without JavaScript: the whole desk with the ask, then a redirect.
	r = helper.post(tour+"/sale", url.Values{"name": {"FRANZ HUBER (graz)"}, "count": {"1"}})
	if r.status != http.StatusConflict {
		t.Fatalf("plain namesake: status %d", r.status)
	}
	mustContain(t, r.body, "<html", "Franz Huber (Graz) hat schon Karte 4 — ihm verkaufen?", `name="player" value="2"`)
	mustNotContain(t, r.body, `data-testid="sale-form"`)
	r = helper.post(tour+"/sale", url.Values{"ask": {"1"}, "player": {"2"}, "name": {"FRANZ HUBER (graz)"}, "count": {"1"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("plain yes: status %d", r.status)
	}

	// The search compares as the ask does: accents and case do not count.
	mustContain(t, helper.get(tour+"/sale/search?q="+url.QueryEscape("HÜBER (gräz)")).body, "Franz Huber (Graz)")

	// English.
	helper.get(tour + "/sale?lang=en")
	r = helper.htmx(tour+"/sale", url.Values{"name": {"franz huber"}, "count": {"1"}})
	mustContain(t, r.body, "Franz Huber already holds cards 1, 2, 3 — sell to him?", "Yes, sell to Franz Huber", "Add as a different person")
}

// The API refuses a namesake with 409 player_exists and his id, unless
// new_player says it is a different person (with a note).
func TestAPISaleNamesake(t *testing.T) {
	app := newTestApp(t)
	app.addUser("Anna", store.Organiser)
	anna := basic("Anna", "Anna-password")
	c := app.client()
	r := c.api(http.MethodPost, "/api/tournaments", anna, map[string]any{"name": "T", "cards": 8, "max_cards": 3, "price_cents": 1000, "prizes": []string{"Gans", "Wein"}})
	base := "/api/tournaments/" + strings.TrimPrefix(r.header.Get("Location"), "/api/tournaments/")
	if r = c.api(http.MethodPost, base+"/sales", anna, map[string]any{"name": "Franz Huber", "count": 2}); r.status != http.StatusCreated {
		t.Fatalf("sell: %d %s", r.status, r.body)
	}
	r = c.api(http.MethodPost, base+"/sales", anna, map[string]any{"name": "franz hubér", "count": 2})
	e := decode[apiError](t, r)
	if r.status != http.StatusConflict || e.Code != "player_exists" || e.Player != 1 || e.Field != "name" ||
		e.Error != "Franz Huber already holds cards 1, 2 — sell to him?" {
		t.Fatalf("namesake: %d %s", r.status, r.body)
	}
	r = c.api(http.MethodPost, base+"/sales", anna, map[string]any{"name": "Franz Huber", "count": 1, "new_player": true})
	if e := decode[apiError](t, r); r.status != http.StatusUnprocessableEntity || e.Code != "note_required" || e.Field != "note" {
		t.Fatalf("no note: %d %s", r.status, r.body)
	}
	r = c.api(http.MethodPost, base+"/sales", anna, map[string]any{"name": "Franz Huber", "count": 1, "new_player": true, "note": "Graz"})
	if s := decode[soldJSON](t, r); r.status != http.StatusCreated || s.Player.Name != "Franz Huber (Graz)" || s.Player.ID != 2 {
		t.Fatalf("different person: %d %s", r.status, r.body)
	}
}

// Renaming a player to another's name is refused with the other named.
func TestEditPlayerToNamesake(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1)
	r := f.org.post(f.path+"/players/2/edit", url.Values{"name": {"spieler  1"}, "club": {""}, "phone": {""}})
	if r.status != http.StatusConflict {
		t.Fatalf("edit to a namesake: %d", r.status)
	}
	mustContain(t, r.body, "Spieler 1 ist schon ein anderer Spieler (Nr. 1)")
	if p, _ := f.load().Player(2); p.Name != "Spieler 2" {
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
		if r := f.helper.post(f.path+"/sale", url.Values{"name": {name}, "count": {"1"}}); r.status != http.StatusSeeOther {
			t.Fatalf("sell to %s: status %d", name, r.status)
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
			r := f.helper.post(f.path+"/sale", form)
			if htmx {
				r = f.helper.htmx(f.path+"/sale", form)
			}
			if r.status != http.StatusUnprocessableEntity {
				t.Fatalf("note %q (htmx %v): status %d\n%s", tc.note, htmx, r.status, r.body)
			}
			if got := testidText(t, r.body, "error-note"); !strings.HasPrefix(got, tc.msg) {
				t.Errorf("note %q (htmx %v): at the note %q, want %q", tc.note, htmx, got, tc.msg)
			}
			mustContain(t, r.body, `data-testid="ask-note" aria-invalid="true"`)
			mustNotContain(t, r.body, `data-testid="ask-problem"`)
			if tr := f.load(); len(tr.Players) != 2 || tr.Sold() != 2 {
				t.Fatalf("note %q: %d players, %d cards sold", tc.note, len(tr.Players), tr.Sold())
			}
		}
	}
}
