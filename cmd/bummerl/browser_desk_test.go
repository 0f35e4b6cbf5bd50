package main

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"bummerl/store"
)

// TestBrowserDesk: the organiser's desk (issue 9) in headless Chromium.
func TestBrowserDesk(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("namesake ask", func(t *testing.T) { browserNamesakeAsk(t, browser) })
}

// browserNamesakeAsk: a returning buyer typed as a new one is asked about;
// Enter sells to him, and a different person is told apart by a note,
// all with the keyboard alone.
func browserNamesakeAsk(t *testing.T, browser context.Context) {
	app := newTestApp(t)
	tour := app.loggedIn("Anna", store.Organiser).createTournament(settingsForm(map[string]string{"cards": "16", "max_cards": "3"}))
	app.addUser("Hans", store.Helper)
	p := newPage(t, browser, app)
	p.login("Hans")
	p.open(tour+"/sale", testid("sale-form"))
	p.until("focus on the name", `document.activeElement.id === "f-name"`)

	p.step("first sale", chromedp.KeyEvent("Franz Huber"+kb.Tab+"2"+kb.Enter))
	p.until("2 cards sold", `document.querySelector('[data-testid="sold"]').textContent === "2"`)
	p.step("the same man again", chromedp.KeyEvent("franz hüber"+kb.Tab+"1"+kb.Enter))
	p.until("the ask, focus on yes", `document.activeElement && document.activeElement.dataset.testid === "ask-same"`)
	if got := p.text(testid("ask-question")); got != "Franz Huber hat schon Karten 1, 2 — ihm verkaufen?" {
		t.Errorf("question %q", got)
	}
	p.shot("ask")
	p.step("phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.shot("ask-phone")
	p.step("desktop viewport", chromedp.EmulateViewport(1280, 900))
	p.step("yes: one key", chromedp.KeyEvent(kb.Enter))
	p.until("3 cards sold", `document.querySelector('[data-testid="sold"]').textContent === "3"`)
	p.until("a fresh, focused form", `document.activeElement.id === "f-name" && document.activeElement.value === "" && document.querySelector('[data-testid="sale-ask"]') === null`)
	if got := p.text(testid("last-sale")); !strings.Contains(got, "Franz Huber") || p.text(testid("sold-cards")) != "3" {
		t.Errorf("last sale %q", got)
	}

	// A different Franz Huber: Tab past the count to the note, type, Enter.
	p.step("a namesake", chromedp.KeyEvent("Franz Huber"+kb.Tab+"1"+kb.Enter))
	p.until("the ask", `document.activeElement && document.activeElement.dataset.testid === "ask-same"`)
	if got := p.text(testid("ask-question")); got != "Franz Huber hat schon Karten 1, 2, 3 — ihm verkaufen?" {
		t.Errorf("question %q", got)
	}
	p.step("to the note", chromedp.KeyEvent(kb.Tab+kb.Tab))
	if got := eval[string](p, `document.activeElement.name`); got != "note" {
		t.Fatalf("focus on %q after two Tabs, want the note", got)
	}
	p.step("a different person", chromedp.KeyEvent("Graz"+kb.Enter))
	p.until("4 cards sold", `document.querySelector('[data-testid="sold"]').textContent === "4"`)
	if got := p.text(testid("last-sale")); !strings.Contains(got, "Franz Huber (Graz)") {
		t.Errorf("last sale %q, want the namesake with his note", got)
	}
	p.shot("namesake-sold")
	got, _ := app.store.Load(t.Context(), tournamentOf(t, tour))
	if len(got.Players) != 2 || got.Players[1].Name != "Franz Huber (Graz)" || len(cardsByPlayer(got)[1]) != 3 {
		t.Errorf("players %+v", got.Players)
	}
}
