package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4/middleware"

	"bummerl/store"
)

func TestSaleDeskFlow(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "8", "max_cards": "3", "price": "12,50"}))
	id := tournamentOf(t, tour)
	helper := app.loggedIn("Hans", store.Helper)

	// htmx: a new player with two cards. Only the counters and the new
	// numbers come back; the form the seller may already be typing the next
	// buyer into is not part of the answer.
	r := helper.htmx(tour+"/sale", url.Values{"name": {"Franz Huber"}, "club": {"SV Mödling"}, "phone": {"0664 1234567"}, "count": {"2"}})
	if r.status != http.StatusOK {
		t.Fatalf("sell: status %d\n%s", r.status, r.body)
	}
	mustNotContain(t, r.body, "<html", `data-testid="sale-form"`, `name="name"`)
	mustContain(t, r.body, `data-testid="sold-cards">1, 2<`, `data-testid="sold">2<`, `data-testid="left">6<`,
		`data-testid="takings">25,00 €<`, `id="search-results" hx-swap-oob="true"`)

	// Without JavaScript: plain POST, 303, and the page shows the sale.
	r = helper.post(tour+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("plain sell: status %d", r.status)
	}
	r = helper.get(r.location())
	mustContain(t, r.body, `data-testid="sold-cards">3<`, "Verkauft an Maria Berger", `data-testid="takings">37,50 €<`,
		`data-testid="sale-form"`, `name="name" id="f-name" value=""`)

	// Search by name part and by card number, then sell one more: the
	// results come back out of band with the new card.
	for _, q := range []string{"hub", "2", "mödling"} {
		r = helper.get(tour + "/sale/search?q=" + url.QueryEscape(q))
		mustContain(t, r.body, "Franz Huber", `data-testid="cancel-1"`)
		mustNotContain(t, r.body, "Maria Berger", "<html")
	}
	// Cancelling asks first, naming card and buyer (htmx, the browser's own
	// dialog); only the sale of more cards goes at once.
	mustContain(t, r.body, `hx-confirm="Den Verkauf von Karte 1 an Franz Huber stornieren?"`)
	if n := strings.Count(r.body, "hx-confirm="); n != 2 {
		t.Errorf("%d forms ask first, want the 2 cancel forms", n)
	}
	r = helper.htmx(tour+"/sale", url.Values{"player": {"1"}, "count": {"1"}, "q": {"hub"}})
	mustContain(t, r.body, `data-testid="sold-cards">4<`, "Franz Huber", `data-testid="cancel-4"`)
	mustNotContain(t, r.body, `data-testid="sale-form"`)

	// A fourth card is over the maximum: refused above the counters, the
	// form left alone, nothing written.
	r = helper.htmx(tour+"/sale", url.Values{"player": {"1"}, "count": {"1"}})
	if r.status != http.StatusUnprocessableEntity {
		t.Fatalf("over max: status %d", r.status)
	}
	mustContain(t, r.body, `data-testid="sale-problem"`, "erlaubt sind höchstens 3")
	mustNotContain(t, r.body, `data-testid="sale-form"`)
	if h := r.header.Get("HX-Retarget"); h != "" {
		t.Errorf("sell more refused: HX-Retarget %q, want none", h)
	}
	// A new player asking for more than the maximum: the form comes back in
	// place of itself, input kept, message and focus at the count.
	r = helper.htmx(tour+"/sale", url.Values{"name": {"Gierig"}, "club": {"ASK"}, "count": {"4"}})
	if r.status != http.StatusUnprocessableEntity {
		t.Fatalf("new player over max: status %d", r.status)
	}
	if got := r.header.Get("HX-Retarget") + " " + r.header.Get("HX-Reswap"); got != "#sale-form outerHTML" {
		t.Errorf("new player refused: retarget/reswap %q, want the form replaced", got)
	}
	mustContain(t, r.body, `id="sale-form"`, `data-testid="error-count"`, `value="Gierig"`, `value="ASK"`)
	mustNotContain(t, r.body, "<html", `data-testid="sold"`)
	if !regexp.MustCompile(`name="count"[^>]*autofocus`).MatchString(r.body) {
		t.Error("refused form: the count field, which has the message, does not take the focus")
	}
	// The same without JavaScript: the whole desk with the form as typed.
	r = helper.post(tour+"/sale", url.Values{"name": {"Gierig"}, "club": {"ASK"}, "count": {"4"}})
	if r.status != http.StatusUnprocessableEntity {
		t.Fatalf("plain new player over max: status %d", r.status)
	}
	mustContain(t, r.body, "<html", `data-testid="error-count"`, `value="Gierig"`, `data-testid="sold">4<`)
	got, _ := app.store.Load(t.Context(), id)
	if got.Sold() != 4 || len(got.Players) != 2 {
		t.Fatalf("after refused sales: %d sold, %d players; want 4, 2", got.Sold(), len(got.Players))
	}

	// Cancel card 2 before the draw.
	r = helper.htmx(tour+"/sale/cancel", url.Values{"card": {"2"}, "q": {"hub"}})
	if r.status != http.StatusOK {
		t.Fatalf("cancel: status %d\n%s", r.status, r.body)
	}
	mustContain(t, r.body, `data-testid="sold">3<`, `data-testid="cancel-1"`, "Verkauf von Karte 2 storniert")
	mustNotContain(t, r.body, `data-testid="cancel-2"`, `data-testid="sale-form"`)
	if got, _ := app.store.Load(t.Context(), id); got.Sold() != 3 {
		t.Errorf("sold after cancel = %d", got.Sold())
	}
	// Cancelling an unsold card is a clear 404 on the desk.
	r = helper.htmx(tour+"/sale/cancel", url.Values{"card": {"7"}})
	if r.status != http.StatusNotFound {
		t.Errorf("cancel unsold: status %d", r.status)
	}
}

// The "just sold" box after a sale without JavaScript is rebuilt from the
// redirect's query: it shows only numbers that are sold to that player,
// each once, never what a forged link says.
func TestSaleDeskLastSaleFromQuery(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "8", "max_cards": "3"}))
	org.post(tour+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"2"}})  // cards 1, 2
	org.post(tour+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}}) // card 3
	tests := map[string]struct {
		query string
		want  string // the numbers shown; "" for no box
	}{
		"real sale":           {"player=1&sold=1,2", "1, 2"},
		"forged numbers":      {"player=1&sold=5,6,7,4096,-3", ""},
		"someone else's card": {"player=1&sold=3", ""},
		"mixed":               {"player=1&sold=2,3,4096,2,-1", "2"},
		"unknown player":      {"player=9&sold=1", ""},
		"no player":           {"sold=1,2", ""},
		"huge number":         {"player=1&sold=99999999999999999999", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := org.get(tour + "/sale?" + tc.query)
			if r.status != http.StatusOK {
				t.Fatalf("status %d", r.status)
			}
			if tc.want == "" {
				mustNotContain(t, r.body, `data-testid="last-sale"`)
				return
			}
			mustContain(t, r.body, `data-testid="sold-cards">`+tc.want+`<`)
		})
	}
}

func TestSaleShortfall(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "16", "max_cards": "1"}))
	for _, name := range []string{"A", "B", "C"} {
		org.post(tour+"/sale", url.Values{"name": {name}, "count": {"1"}})
	}
	// 3 of 16 sold: P-2 offers N = 4 (more than 2 sold); only organisers may accept.
	r := org.get(tour + "/sale")
	mustContain(t, r.body, `data-testid="shortfall"`, "Erst 3 von 16 Karten verkauft", "mit 4 Karten spielen", `data-testid="accept-resize"`)
	helper := app.loggedIn("Hans", store.Helper)
	r = helper.get(tour + "/sale")
	mustContain(t, r.body, `data-testid="shortfall"`)
	mustNotContain(t, r.body, `data-testid="accept-resize"`)
	if r := helper.post(tour+"/resize", url.Values{"cards": {"4"}}); r.status != http.StatusForbidden {
		t.Errorf("helper resize: status %d", r.status)
	}

	if r := org.post(tour+"/resize", url.Values{"cards": {"4"}}); r.status != http.StatusSeeOther {
		t.Fatalf("resize: status %d\n%s", r.status, r.body)
	}
	got, _ := app.store.Load(t.Context(), tournamentOf(t, tour))
	if got.Settings.Cards != 4 {
		t.Errorf("N after resize = %d", got.Settings.Cards)
	}
	mustNotContain(t, org.get(tour+"/sale").body, `data-testid="shortfall"`)
}

// P-2, P-7: 4 cards decide only 4 places, so the offer to shrink an
// 8-prize tournament to 4 cards says that prizes 5–8 are dropped.
func TestSaleShortfallDropsPrizes(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "16", "max_cards": "1", "prizes": "8",
		"prize_3": "Speck", "prize_4": "Brot", "prize_5": "Wein", "prize_6": "Most", "prize_7": "Kren", "prize_8": "Salz"}))
	for _, name := range []string{"A", "B", "C"} {
		org.post(tour+"/sale", url.Values{"name": {name}, "count": {"1"}})
	}
	mustContain(t, org.get(tour+"/sale").body, "mit 4 Karten spielen", "Preise 5–8 entfallen")
	if r := org.post(tour+"/resize", url.Values{"cards": {"4"}}); r.status != http.StatusSeeOther {
		t.Fatalf("resize: status %d\n%s", r.status, r.body)
	}
	got, _ := app.store.Load(t.Context(), tournamentOf(t, tour))
	if got.Settings.Cards != 4 || len(got.Settings.Prizes) != 4 || got.Settings.Prizes[3] != "Brot" {
		t.Errorf("settings after resize: %+v", got.Settings)
	}
}

func TestSaleClosedAfterDraw(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "4", "max_cards": "1"}))
	for _, name := range []string{"A", "B", "C"} {
		org.post(tour+"/sale", url.Values{"name": {name}, "count": {"1"}})
	}
	app.drawRound1(tournamentOf(t, tour))
	r := org.get(tour + "/sale?q=a")
	mustContain(t, r.body, `data-testid="sales-closed"`)
	mustNotContain(t, r.body, `data-testid="sale-form"`, `data-testid="cancel-1"`)
	if r := org.htmx(tour+"/sale/cancel", url.Values{"card": {"1"}}); r.status != http.StatusConflict {
		t.Errorf("cancel after draw: status %d, want 409", r.status)
	}
}

func TestPlayerNamesEscaped(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(nil))
	const evil = `<script>alert(1)</script>`
	org.post(tour+"/sale", url.Values{"name": {evil}, "club": {evil}, "count": {"1"}})
	for _, path := range []string{tour + "/sale?q=script", tour, tour + "/card/1", tour + "/entry-cards", tour + "/sale?player=1&sold=1"} {
		r := org.get(path)
		if r.status != http.StatusOK {
			t.Fatalf("%s: status %d", path, r.status)
		}
		mustNotContain(t, r.body, evil)
		mustContain(t, r.body, "&lt;script&gt;alert(1)&lt;/script&gt;")
	}
	if strings.Contains(org.get(tour+"/sale/search?q=script").body, evil) {
		t.Error("search fragment not escaped")
	}
}

// TestLanguageSwitchKeepsAddress: the DE/EN links keep the page and its
// search or filter, replacing only lang.
func TestLanguageSwitchKeepsAddress(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(nil))
	for name, tc := range map[string]struct{ path, de, en string }{
		"no query":      {"/tournaments", "/tournaments?lang=de", "/tournaments?lang=en"},
		"search":        {tour + "/sale?q=huber", tour + "/sale?q=huber&amp;lang=de", tour + "/sale?q=huber&amp;lang=en"},
		"lang replaced": {tour + "/sale?lang=en&q=m%C3%B6dling", tour + "/sale?q=m%C3%B6dling&amp;lang=de", tour + "/sale?q=m%C3%B6dling&amp;lang=en"},
		"several":       {tour + "/sale?q=a+b&player=1&sold=2", tour + "/sale?player=1&amp;q=a+b&amp;sold=2&amp;lang=de", tour + "/sale?player=1&amp;q=a+b&amp;sold=2&amp;lang=en"},
	} {
		t.Run(name, func(t *testing.T) {
			r := org.get(tc.path)
			if r.status != http.StatusOK {
				t.Fatalf("%s: status %d", tc.path, r.status)
			}
			mustContain(t, r.body, `href="`+tc.de+`"`, `href="`+tc.en+`"`)
		})
	}
}

// TestCSRFFetchMetadata: Echo's CSRF check trusts the browser's
// Sec-Fetch-Site header where it is sent and falls back to the token
// otherwise; a cross-site post is refused even with a valid token.
func TestCSRFFetchMetadata(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(nil))
	id := tournamentOf(t, tour)
	token := org.csrf()
	sold := 0
	for name, tc := range map[string]struct {
		header map[string]string
		status int
	}{
		"cross-site with token":   {map[string]string{"Sec-Fetch-Site": "cross-site", "X-CSRF-Token": token}, http.StatusForbidden},
		"cross-site without":      {map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		"same-site without token": {map[string]string{"Sec-Fetch-Site": "same-site"}, http.StatusForbidden},
		"same-site with token":    {map[string]string{"Sec-Fetch-Site": "same-site", "X-CSRF-Token": token}, http.StatusSeeOther},
		"old client without":      {nil, http.StatusForbidden},
		"old client wrong token":  {map[string]string{"X-CSRF-Token": "not-the-token"}, http.StatusForbidden},
		"same-origin":             {map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusSeeOther},
	} {
		t.Run(name, func(t *testing.T) {
			// A name of its own each: the same name again is asked about (issue 9).
			r := org.postRaw(tour+"/sale", url.Values{"name": {"Franz Huber " + name}, "count": {"1"}}, tc.header)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d", r.status, tc.status)
			}
			if tc.status == http.StatusSeeOther {
				sold++
			}
			if got, _ := app.store.Load(t.Context(), id); got.Sold() != sold {
				t.Errorf("%d cards sold, want %d: a refused post wrote", got.Sold(), sold)
			}
		})
	}
	// A browser that sends Sec-Fetch-Site gets Echo's placeholder in its
	// forms; one that does not gets the real token.
	r := org.request(http.MethodGet, tour+"/sale", nil, map[string]string{"Sec-Fetch-Site": "same-origin"})
	mustContain(t, r.body, `name="_csrf" value="`+middleware.CSRFUsingSecFetchSite+`"`)
	r = org.get(tour + "/sale")
	mustContain(t, r.body, `name="_csrf" value="`+token+`"`)
}

// Every text a player's form or the API carries is checked by
// domain/text: a refusal is a 422 naming the field (at the field on the
// desk), nothing is sold, and no public page ever shows the text.
func TestSaleTextChecks(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "8", "max_cards": "3"}))
	id := tournamentOf(t, tour)
	tests := map[string]struct {
		name, club, phone string
		field, message    string
	}{
		"RLO in club":      {"Franz", "SV \u202eMödling", "", "club", "Verein enthält ein unsichtbares Zeichen (U+202E)"},
		"ESC in name":      {"Franz\x1b[2J", "", "", "name", "Name enthält ein Steuerzeichen (U+001B)"},
		"NUL in phone":     {"Franz", "", "0664\x00", "phone", "Telefon enthält ein Steuerzeichen (U+0000)"},
		"zero-width name":  {"Franz\u200b", "", "", "name", "Name enthält ein unsichtbares Zeichen (U+200B)"},
		"club too long":    {"Franz", strings.Repeat("x", 81), "", "club", "Verein: höchstens 80 Zeichen, nicht 81"},
		"invalid UTF-8":    {"Fr\xe4nz", "", "", "name", "Name ist kein gültiger UTF-8-Text"},
		"phone too long":   {"Franz", "", strings.Repeat("0", 41), "phone", "Telefon: höchstens 40 Zeichen, nicht 41"},
		"name 81 too long": {strings.Repeat("n", 81), "", "", "name", "Name: höchstens 80 Zeichen, nicht 81"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := org.post(tour+"/sale", url.Values{"name": {tc.name}, "club": {tc.club}, "phone": {tc.phone}, "count": {"1"}})
			if r.status != http.StatusUnprocessableEntity {
				t.Fatalf("form: status %d, want 422", r.status)
			}
			i := strings.Index(r.body, `data-testid="error-`+tc.field+`"`)
			if i < 0 {
				t.Fatalf("no message at %s:\n%s", tc.field, r.body)
			}
			mustContain(t, r.body[i:min(i+300, len(r.body))], tc.message)
			if strings.Contains(name, "UTF-8") {
				return // invalid UTF-8 in JSON is a 400 of the decoder (TestAPIStrictJSON)
			}
			// The API says the same, in English by default.
			r = app.client().api(http.MethodPost, "/api/tournaments/"+strconv.FormatInt(id, 10)+"/sales", basic("Anna", "Anna-password"),
				map[string]any{"name": tc.name, "club": tc.club, "phone": tc.phone, "count": 1})
			if e := decode[apiError](t, r); r.status != http.StatusUnprocessableEntity || e.Field != tc.field || !strings.HasPrefix(e.Code, "text_") {
				t.Errorf("API: %d %+v", r.status, e)
			}
		})
	}
	// The 950,000-character club of the issue is refused by the API too.
	r := app.client().api(http.MethodPost, "/api/tournaments/"+strconv.FormatInt(id, 10)+"/sales", basic("Anna", "Anna-password"),
		map[string]any{"name": "Franz", "club": strings.Repeat("x", 950_000), "count": 1})
	if e := decode[apiError](t, r); r.status != http.StatusUnprocessableEntity || e.Code != "text_too_long" || e.Field != "club" {
		t.Errorf("950,000 characters: %d %+v", r.status, e)
	}
	tr, _ := app.store.Load(t.Context(), id)
	if tr.Sold() != 0 || len(tr.Players) != 0 {
		t.Fatalf("refused sales wrote: %+v", tr.Players)
	}
	// Accepted text is stored in NFC, and a correction is checked alike.
	org.post(tour+"/sale", url.Values{"name": {"Mu\u0308ller"}, "club": {"SV Mo\u0308dling"}, "count": {"1"}})
	if tr, _ = app.store.Load(t.Context(), id); len(tr.Players) != 1 || tr.Players[0].Name != "Müller" || tr.Players[0].Club != "SV Mödling" {
		t.Fatalf("players %+v", tr.Players)
	}
	r = org.post(tour+"/players/1/edit", url.Values{"name": {"Müller"}, "club": {"\u202eSV"}})
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "U+202E") {
		t.Errorf("edit: %d", r.status)
	}
	mustNotContain(t, org.get(tour).body, "\u202e", "\x1b", "\u200b")
}
