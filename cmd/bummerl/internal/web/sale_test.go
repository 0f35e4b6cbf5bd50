package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4/middleware"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

func TestSaleDeskFlow(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "8", "max_cards": "3", "price": "12,50"}))
	id := webtest.TournamentOf(t, tour)
	helper := app.LoggedIn("Hans", store.Helper)

	// htmx: a new player with two cards. Only the counters and the new
	// numbers come back; the form the seller may already be typing the next
	// buyer into is not part of the answer.
	r := helper.Htmx(tour+"/sale", url.Values{"name": {"Franz Huber"}, "club": {"SV Mödling"}, "phone": {"0664 1234567"}, "count": {"2"}})
	if r.Status != http.StatusOK {
		t.Fatalf("sell: status %d\n%s", r.Status, r.Body)
	}
	webtest.MustNotContain(t, r.Body, "<html", `data-testid="sale-form"`, `name="name"`)
	webtest.MustContain(t, r.Body, `data-testid="sold-cards">1, 2<`, `data-testid="sold">2<`, `data-testid="left">6<`,
		`data-testid="takings">25,00 €<`, `id="search-results" hx-swap-oob="true"`)

	// Without JavaScript: plain POST, 303, and the page shows the sale.
	r = helper.Post(tour+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("plain sell: status %d", r.Status)
	}
	r = helper.Get(r.Location())
	webtest.MustContain(t, r.Body, `data-testid="sold-cards">3<`, "Verkauft an Maria Berger", `data-testid="takings">37,50 €<`,
		`data-testid="sale-form"`, `name="name" id="f-name" value=""`)

	// Search by name part and by card number, then sell one more: the
	// results come back out of band with the new card.
	for _, q := range []string{"hub", "2", "mödling"} {
		r = helper.Get(tour + "/sale/search?q=" + url.QueryEscape(q))
		webtest.MustContain(t, r.Body, "Franz Huber", `data-testid="cancel-1"`)
		webtest.MustNotContain(t, r.Body, "Maria Berger", "<html")
	}
	// Cancelling asks first, naming card and buyer (htmx, the browser's own
	// dialog); only the sale of more cards goes at once.
	webtest.MustContain(t, r.Body, `hx-confirm="Den Verkauf von Karte 1 an Franz Huber stornieren?"`)
	if n := strings.Count(r.Body, "hx-confirm="); n != 2 {
		t.Errorf("%d forms ask first, want the 2 cancel forms", n)
	}
	r = helper.Htmx(tour+"/sale", url.Values{"player": {"1"}, "count": {"1"}, "q": {"hub"}})
	webtest.MustContain(t, r.Body, `data-testid="sold-cards">4<`, "Franz Huber", `data-testid="cancel-4"`)
	webtest.MustNotContain(t, r.Body, `data-testid="sale-form"`)

	// A fourth card is over the maximum: refused above the counters, the
	// form left alone, nothing written.
	r = helper.Htmx(tour+"/sale", url.Values{"player": {"1"}, "count": {"1"}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("over max: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="sale-problem"`, "erlaubt sind höchstens 3")
	webtest.MustNotContain(t, r.Body, `data-testid="sale-form"`)
	if h := r.Header.Get("HX-Retarget"); h != "" {
		t.Errorf("sell more refused: HX-Retarget %q, want none", h)
	}
	// A new player asking for more than the maximum: the form comes back in
	// place of itself, input kept, message and focus at the count.
	r = helper.Htmx(tour+"/sale", url.Values{"name": {"Gierig"}, "club": {"ASK"}, "count": {"4"}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("new player over max: status %d", r.Status)
	}
	if got := r.Header.Get("HX-Retarget") + " " + r.Header.Get("HX-Reswap"); got != "#sale-form outerHTML" {
		t.Errorf("new player refused: retarget/reswap %q, want the form replaced", got)
	}
	webtest.MustContain(t, r.Body, `id="sale-form"`, `data-testid="error-count"`, `value="Gierig"`, `value="ASK"`)
	webtest.MustNotContain(t, r.Body, "<html", `data-testid="sold"`)
	if !regexp.MustCompile(`name="count"[^>]*autofocus`).MatchString(r.Body) {
		t.Error("refused form: the count field, which has the message, does not take the focus")
	}
	// The same without JavaScript: the whole desk with the form as typed.
	r = helper.Post(tour+"/sale", url.Values{"name": {"Gierig"}, "club": {"ASK"}, "count": {"4"}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("plain new player over max: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "<html", `data-testid="error-count"`, `value="Gierig"`, `data-testid="sold">4<`)
	got, _ := app.Store.Load(t.Context(), id)
	if got.Sold() != 4 || len(got.Players) != 2 {
		t.Fatalf("after refused sales: %d sold, %d players; want 4, 2", got.Sold(), len(got.Players))
	}

	// Cancel card 2 before the draw.
	r = helper.Htmx(tour+"/sale/cancel", url.Values{"card": {"2"}, "q": {"hub"}})
	if r.Status != http.StatusOK {
		t.Fatalf("cancel: status %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `data-testid="sold">3<`, `data-testid="cancel-1"`, "Verkauf von Karte 2 storniert")
	webtest.MustNotContain(t, r.Body, `data-testid="cancel-2"`, `data-testid="sale-form"`)
	if got, _ := app.Store.Load(t.Context(), id); got.Sold() != 3 {
		t.Errorf("sold after cancel = %d", got.Sold())
	}
	// Cancelling an unsold card is a clear 404 on the desk.
	r = helper.Htmx(tour+"/sale/cancel", url.Values{"card": {"7"}})
	if r.Status != http.StatusNotFound {
		t.Errorf("cancel unsold: status %d", r.Status)
	}
}

// The "just sold" box after a sale without JavaScript is rebuilt from the
// redirect's query: it shows only numbers that are sold to that player,
// each once, never what a forged link says.
func TestSaleDeskLastSaleFromQuery(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "8", "max_cards": "3"}))
	org.Post(tour+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"2"}})  // cards 1, 2
	org.Post(tour+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}}) // card 3
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
			r := org.Get(tour + "/sale?" + tc.query)
			if r.Status != http.StatusOK {
				t.Fatalf("status %d", r.Status)
			}
			if tc.want == "" {
				webtest.MustNotContain(t, r.Body, `data-testid="last-sale"`)
				return
			}
			webtest.MustContain(t, r.Body, `data-testid="sold-cards">`+tc.want+`<`)
		})
	}
}

func TestSaleShortfall(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "16", "max_cards": "1"}))
	for _, name := range []string{"A", "B", "C"} {
		org.Post(tour+"/sale", url.Values{"name": {name}, "count": {"1"}})
	}
	// 3 of 16 sold: P-2 offers N = 4 (more than 2 sold); only organisers may accept.
	r := org.Get(tour + "/sale")
	webtest.MustContain(t, r.Body, `data-testid="shortfall"`, "Erst 3 von 16 Karten verkauft", "mit 4 Karten spielen", `data-testid="accept-resize"`)
	helper := app.LoggedIn("Hans", store.Helper)
	r = helper.Get(tour + "/sale")
	webtest.MustContain(t, r.Body, `data-testid="shortfall"`)
	webtest.MustNotContain(t, r.Body, `data-testid="accept-resize"`)
	if r := helper.Post(tour+"/resize", url.Values{"cards": {"4"}}); r.Status != http.StatusForbidden {
		t.Errorf("helper resize: status %d", r.Status)
	}

	if r := org.Post(tour+"/resize", url.Values{"cards": {"4"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("resize: status %d\n%s", r.Status, r.Body)
	}
	got, _ := app.Store.Load(t.Context(), webtest.TournamentOf(t, tour))
	if got.Settings.Cards != 4 {
		t.Errorf("N after resize = %d", got.Settings.Cards)
	}
	webtest.MustNotContain(t, org.Get(tour+"/sale").Body, `data-testid="shortfall"`)
}

// P-2, P-7: 4 cards decide only 4 places, so the offer to shrink an
// 8-prize tournament to 4 cards says that prizes 5–8 are dropped.
func TestSaleShortfallDropsPrizes(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "16", "max_cards": "1", "prizes": "8",
		"prize_3": "Speck", "prize_4": "Brot", "prize_5": "Wein", "prize_6": "Most", "prize_7": "Kren", "prize_8": "Salz"}))
	for _, name := range []string{"A", "B", "C"} {
		org.Post(tour+"/sale", url.Values{"name": {name}, "count": {"1"}})
	}
	webtest.MustContain(t, org.Get(tour+"/sale").Body, "mit 4 Karten spielen", "Preise 5–8 entfallen")
	if r := org.Post(tour+"/resize", url.Values{"cards": {"4"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("resize: status %d\n%s", r.Status, r.Body)
	}
	got, _ := app.Store.Load(t.Context(), webtest.TournamentOf(t, tour))
	if got.Settings.Cards != 4 || len(got.Settings.Prizes) != 4 || got.Settings.Prizes[3] != "Brot" {
		t.Errorf("settings after resize: %+v", got.Settings)
	}
}

func TestSaleClosedAfterDraw(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "4", "max_cards": "1"}))
	for _, name := range []string{"A", "B", "C"} {
		org.Post(tour+"/sale", url.Values{"name": {name}, "count": {"1"}})
	}
	app.DrawRound1(webtest.TournamentOf(t, tour))
	r := org.Get(tour + "/sale?q=a")
	webtest.MustContain(t, r.Body, `data-testid="sales-closed"`)
	webtest.MustNotContain(t, r.Body, `data-testid="sale-form"`, `data-testid="cancel-1"`)
	if r := org.Htmx(tour+"/sale/cancel", url.Values{"card": {"1"}}); r.Status != http.StatusConflict {
		t.Errorf("cancel after draw: status %d, want 409", r.Status)
	}
}

func TestPlayerNamesEscaped(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(nil))
	const evil = `<script>alert(1)</script>`
	org.Post(tour+"/sale", url.Values{"name": {evil}, "club": {evil}, "count": {"1"}})
	for _, path := range []string{tour + "/sale?q=script", tour, tour + "/card/1", tour + "/entry-cards", tour + "/sale?player=1&sold=1"} {
		r := org.Get(path)
		if r.Status != http.StatusOK {
			t.Fatalf("%s: status %d", path, r.Status)
		}
		webtest.MustNotContain(t, r.Body, evil)
		webtest.MustContain(t, r.Body, "&lt;script&gt;alert(1)&lt;/script&gt;")
	}
	if strings.Contains(org.Get(tour+"/sale/search?q=script").Body, evil) {
		t.Error("search fragment not escaped")
	}
}

// TestLanguageSwitchKeepsAddress: the DE/EN links keep the page and its
// search or filter, replacing only lang.
func TestLanguageSwitchKeepsAddress(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(nil))
	for name, tc := range map[string]struct{ path, de, en string }{
		"no query":      {"/tournaments", "/tournaments?lang=de", "/tournaments?lang=en"},
		"search":        {tour + "/sale?q=huber", tour + "/sale?q=huber&amp;lang=de", tour + "/sale?q=huber&amp;lang=en"},
		"lang replaced": {tour + "/sale?lang=en&q=m%C3%B6dling", tour + "/sale?q=m%C3%B6dling&amp;lang=de", tour + "/sale?q=m%C3%B6dling&amp;lang=en"},
		"several":       {tour + "/sale?q=a+b&player=1&sold=2", tour + "/sale?player=1&amp;q=a+b&amp;sold=2&amp;lang=de", tour + "/sale?player=1&amp;q=a+b&amp;sold=2&amp;lang=en"},
	} {
		t.Run(name, func(t *testing.T) {
			r := org.Get(tc.path)
			if r.Status != http.StatusOK {
				t.Fatalf("%s: status %d", tc.path, r.Status)
			}
			webtest.MustContain(t, r.Body, `href="`+tc.de+`"`, `href="`+tc.en+`"`)
		})
	}
}

// TestCSRFFetchMetadata: Echo's CSRF check trusts the browser's
// Sec-Fetch-Site header where it is sent and falls back to the token
// otherwise; a cross-site post is refused even with a valid token.
func TestCSRFFetchMetadata(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(nil))
	id := webtest.TournamentOf(t, tour)
	token := org.CSRF()
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
			r := org.PostRaw(tour+"/sale", url.Values{"name": {"Franz Huber " + name}, "count": {"1"}}, tc.header)
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d", r.Status, tc.status)
			}
			if tc.status == http.StatusSeeOther {
				sold++
			}
			if got, _ := app.Store.Load(t.Context(), id); got.Sold() != sold {
				t.Errorf("%d cards sold, want %d: a refused post wrote", got.Sold(), sold)
			}
		})
	}
	// A browser that sends Sec-Fetch-Site gets Echo's placeholder in its
	// forms; one that does not gets the real token.
	r := org.Request(http.MethodGet, tour+"/sale", nil, map[string]string{"Sec-Fetch-Site": "same-origin"})
	webtest.MustContain(t, r.Body, `name="_csrf" value="`+middleware.CSRFUsingSecFetchSite+`"`)
	r = org.Get(tour + "/sale")
	webtest.MustContain(t, r.Body, `name="_csrf" value="`+token+`"`)
}

// Every text a player's form or the API carries is checked by
// domain/text: a refusal is a 422 naming the field (at the field on the
// desk), nothing is sold, and no public page ever shows the text.
func TestSaleTextChecks(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "8", "max_cards": "3"}))
	id := webtest.TournamentOf(t, tour)
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
			r := org.Post(tour+"/sale", url.Values{"name": {tc.name}, "club": {tc.club}, "phone": {tc.phone}, "count": {"1"}})
			if r.Status != http.StatusUnprocessableEntity {
				t.Fatalf("form: status %d, want 422", r.Status)
			}
			i := strings.Index(r.Body, `data-testid="error-`+tc.field+`"`)
			if i < 0 {
				t.Fatalf("no message at %s:\n%s", tc.field, r.Body)
			}
			webtest.MustContain(t, r.Body[i:min(i+300, len(r.Body))], tc.message)
			if strings.Contains(name, "UTF-8") {
				return // invalid UTF-8 in JSON is a 400 of the decoder (TestAPIStrictJSON)
			}
			// The API says the same, in English by default.
			r = app.Client().API(http.MethodPost, "/api/tournaments/"+strconv.FormatInt(id, 10)+"/sales", webtest.Basic("Anna", "Anna-password"),
				map[string]any{"name": tc.name, "club": tc.club, "phone": tc.phone, "count": 1})
			if e := webtest.Decode[apiError](t, r); r.Status != http.StatusUnprocessableEntity || e.Field != tc.field || !strings.HasPrefix(e.Code, "text_") {
				t.Errorf("API: %d %+v", r.Status, e)
			}
		})
	}
	// The 950,000-character club of the issue is refused by the API too.
	r := app.Client().API(http.MethodPost, "/api/tournaments/"+strconv.FormatInt(id, 10)+"/sales", webtest.Basic("Anna", "Anna-password"),
		map[string]any{"name": "Franz", "club": strings.Repeat("x", 950_000), "count": 1})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusUnprocessableEntity || e.Code != "text_too_long" || e.Field != "club" {
		t.Errorf("950,000 characters: %d %+v", r.Status, e)
	}
	tr, _ := app.Store.Load(t.Context(), id)
	if tr.Sold() != 0 || len(tr.Players) != 0 {
		t.Fatalf("refused sales wrote: %+v", tr.Players)
	}
	// Accepted text is stored in NFC, and a correction is checked alike.
	org.Post(tour+"/sale", url.Values{"name": {"Mu\u0308ller"}, "club": {"SV Mo\u0308dling"}, "count": {"1"}})
	if tr, _ = app.Store.Load(t.Context(), id); len(tr.Players) != 1 || tr.Players[0].Name != "Müller" || tr.Players[0].Club != "SV Mödling" {
		t.Fatalf("players %+v", tr.Players)
	}
	r = org.Post(tour+"/players/1/edit", url.Values{"name": {"Müller"}, "club": {"\u202eSV"}})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(r.Body, "U+202E") {
		t.Errorf("edit: %d", r.Status)
	}
	webtest.MustNotContain(t, org.Get(tour).Body, "\u202e", "\x1b", "\u200b")
}
