package browsertest

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/labstack/echo/v4"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// TestBrowserSaleQueue serves a queue at the sale desk in headless Chromium:
// the seller types each buyer straight after pressing Enter, without
// waiting for the server, and nothing typed may be lost.
func TestBrowserSaleQueue(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("queue", func(t *testing.T) { browserSaleQueue(t, browser) })
	t.Run("language keeps the search", func(t *testing.T) { browserLanguageKeepsSearch(t, browser) })
}

func browserSaleQueue(t *testing.T, browser context.Context) {
	app := newTestApp(t)
	tour := app.LoggedIn("Anna", store.Organiser).CreateTournament(webtest.SettingsForm(map[string]string{"cards": "8", "max_cards": "3"}))
	app.AddUser("Hans", store.Helper)
	p := newPage(t, browser, app)
	p.login("Hans")
	p.open(tour+"/sale", testid("sale-form"))
	p.until("focus on the name", `document.activeElement.id === "f-name"`)
	p.step("mark the page", chromedp.Evaluate[chromedp.Void](`window.deskMark = "still here"`))

	// Three buyers in one go: each Enter is followed at once by the next
	// name. The server holds the first sale until all is typed, so the
	// later sales are submitted while the first is still on its way.
	release := make(chan struct{})
	// A step that fails before the release must still let the held sale
	// go, or closing the test server waits for it until go test's deadline
	// (cleanups run last first: this one before the server's).
	free := sync.OnceFunc(func() { close(release) })
	t.Cleanup(free)
	app.Handler.(*echo.Echo).Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if c.Request().Method == http.MethodPost && c.Request().URL.Path == tour+"/sale" {
				<-release
			}
			return next(c)
		}
	})
	// Fifty keys, each one round trip to Chromium: on a loaded 2-core
	// machine that took longer than a step's 10 s (keyStepTimeout).
	p.stepWithin("serve the queue", keyStepTimeout, chromedp.KeyEvent(
		"Franz Huber"+kb.Tab+"2"+kb.Enter+
			"Anna Berger"+kb.Tab+"3"+kb.Tab+kb.Tab+"ASK Mödling"+kb.Enter+
			"Josef Gruber"+kb.Enter))
	if got := p.text(testid("sold")); got != "0" {
		t.Fatalf("sold %q before the server answered", got)
	}
	if got := eval[string](p, `document.getElementById("f-name").value`); got != "" {
		t.Errorf("name field %q after the third Enter, want it empty for the next buyer", got)
	}
	free()
	p.until("6 cards sold", `document.querySelector('[data-testid="sold"]').textContent === "6"`)
	p.until("an empty, focused form", `document.activeElement.id === "f-name" && document.activeElement.value === ""`)
	p.shot("queue-served")

	got, err := app.Store.Load(t.Context(), webtest.TournamentOf(t, tour))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, club string
		cards      int
	}{{"Franz Huber", "", 2}, {"Anna Berger", "ASK Mödling", 3}, {"Josef Gruber", "", 1}}
	if len(got.Players) != len(want) {
		t.Fatalf("players %+v, want %+v", got.Players, want)
	}
	held := got.CardsByPlayer()
	for i, w := range want {
		pl := got.Players[i]
		if pl.Name != w.name || pl.Club != w.club || len(held[pl.ID]) != w.cards {
			t.Errorf("player %d: %q (%q) with %d cards, want %q (%q) with %d", i+1, pl.Name, pl.Club, len(held[pl.ID]), w.name, w.club, w.cards)
		}
	}
	if got := p.text(testid("last-sale")); !strings.Contains(got, "Josef Gruber") {
		t.Errorf("last sale %q does not name Josef Gruber", got)
	}
	if got := p.text(testid("sold-cards")); got != "6" {
		t.Errorf("Josef Gruber's card %q, want 6", got)
	}

	// Three more would pass 8: the server refuses, and the form comes back
	// with what was typed and the message at the number of cards.
	p.step("ask for too many", chromedp.KeyEvent("Gierig"+kb.Tab+"3"+kb.Tab+kb.Tab+"SV Test"+kb.Enter))
	p.until("the refusal", `document.querySelector('#sale-form [data-testid="error-count"]') !== null`)
	p.shot("refused")
	for id, want := range map[string]string{"f-name": "Gierig", "f-club": "SV Test", "f-count": "3"} {
		if got := eval[string](p, `document.getElementById("`+id+`").value`); got != want {
			t.Errorf("refused form: %s = %q, want %q", id, got, want)
		}
	}
	if got := eval[string](p, `document.activeElement.id`); got != "f-count" {
		t.Errorf("focus after the refusal on %q, want f-count", got)
	}
	// Two fit: typing replaces the refused count, and the corrected sale
	// goes through from the returned form.
	p.step("correct the count", chromedp.KeyEvent("2"+kb.Enter))
	p.until("8 cards sold", `document.querySelector('[data-testid="sold"]').textContent === "8"`)
	p.until("an empty form without messages", `document.getElementById("f-name").value === "" && document.querySelector("#sale-form .field-error") === null`)
	if got := p.text(testid("sold-cards")); got != "7, 8" {
		t.Errorf("Gierig's cards %q, want 7, 8", got)
	}
	if mark := eval[string](p, `window.deskMark || ""`); mark != "still here" {
		t.Error("selling reloaded the whole page")
	}
	got, _ = app.Store.Load(t.Context(), webtest.TournamentOf(t, tour))
	names := make([]string, 0, len(got.Players))
	for _, pl := range got.Players {
		names = append(names, pl.Name)
	}
	if !slices.Equal(names, []string{"Franz Huber", "Anna Berger", "Josef Gruber", "Gierig"}) || got.Sold() != 8 {
		t.Errorf("after the correction: players %q, %d sold; want Gierig added and 8 sold", names, got.Sold())
	}
	if _, ok := got.Card(tournament.CardNo(8)); !ok {
		t.Error("card 8 not sold")
	}
}

// browserLanguageKeepsSearch: switching the language keeps the search.
func browserLanguageKeepsSearch(t *testing.T, browser context.Context) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(nil))
	org.Post(tour+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"1"}})
	p := newPage(t, browser, app)
	p.login("Anna")
	p.open(tour+"/sale?q=huber", testid("results"))
	p.navigate("switch to English", chromedp.Click(chromedp.CSS(testid("lang-switch")+` a[href$="lang=en"]`)))
	if got := eval[string](p, `location.pathname + location.search`); got != tour+"/sale?q=huber&lang=en" {
		t.Errorf("address after switching: %q", got)
	}
	if got := eval[string](p, `document.querySelector('[data-testid="search"]').value`); got != "huber" {
		t.Errorf("search after switching: %q, want huber", got)
	}
	if got := p.text(testid("results")); !strings.Contains(got, "Franz Huber") || !strings.Contains(got, "Card 1") {
		t.Errorf("results after switching to English: %q", got)
	}
}
