package browsertest

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// TestBrowserRound drives the round page and the refusals of htmx actions
// in headless Chromium.
func TestBrowserRound(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("staff round on a phone", func(t *testing.T) { browserRoundPhone(t, browser) })
	t.Run("physical draw on a phone", func(t *testing.T) { browserPhysicalDrawPhone(t, browser) })
	t.Run("refusals are shown", func(t *testing.T) { browserRefusals(t, browser) })
	t.Run("htmx error message", func(t *testing.T) { browserHTMXError(t, browser) })
}

// browserRoundPhone: on a 390 px phone the staff's round page has nothing
// wider than the screen (no match table scrolling in its box), and every
// match's Start and result controls are on the screen; wider screens keep
// the table.
func browserRoundPhone(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"name": "Preisschnapsen des Sportvereins Hinterbrühl-Weissenbach"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	p := newPage(t, browser, f.App)
	p.login("Anna")
	const phoneWidth = 390
	p.step("phone viewport", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.open(f.Path+"/rounds/1", testid("matches"))
	p.shot("phone-round-staff")
	p.fitsScreen(phoneWidth)
	controls := eval[[]string](p, `[...document.querySelectorAll('[data-testid^="start-"], [data-testid^="enter-"], #matches input[name="table"]')].map(e => {
		const r = e.getBoundingClientRect();
		return e.dataset.testid + " " + e.name + " " + Math.round(r.left) + ".." + Math.round(r.right);
	})`)
	visible := eval[int](p, `[...document.querySelectorAll('[data-testid^="start-"], [data-testid^="enter-"]')].filter(e => {
		const r = e.getBoundingClientRect();
		return r.width > 0 && r.left >= 0 && r.right <= innerWidth;
	}).length`)
	// 8 cards, 4 matches, none a bye: a Start and an Ergebnis each.
	if visible != 8 {
		t.Errorf("%d of 8 Start and Ergebnis controls within the screen: %q", visible, controls)
	}

	p.step("desktop viewport", chromedp.EmulateViewport(1280, 900))
	p.open(f.Path+"/rounds/1", testid("matches"))
	if d := eval[string](p, `getComputedStyle(document.querySelector('[data-testid="matches"]')).display`); d != "table" {
		t.Errorf("match list on a desktop (%d px) displays as %q, want the table", eval[int](p, "innerWidth"), d)
	}
	p.step("print media", emulateMedia("print"))
	if d := eval[string](p, `getComputedStyle(document.querySelector('[data-testid="matches"] tr')).display`); d != "table-row" {
		t.Errorf("printed match row displays as %q, want a table row", d)
	}
	p.step("screen media", emulateMedia(""))
}

// fitsScreen fails the test when the page or any element on it is wider
// than the screen of width px.
func (p *browserPage) fitsScreen(width int) {
	p.t.Helper()
	if w := eval[int](p, `Math.max(document.scrollingElement.scrollWidth, innerWidth)`); w > width {
		p.t.Errorf("page is %d px wide, screen %d px", w, width)
	}
	// An element inside a scrolling box keeps its full width: its right
	// edge past the screen is what the user would have to scroll to.
	wide := eval[[]string](p, `[...document.querySelectorAll("body *")].filter(e => {
		const r = e.getBoundingClientRect();
		return r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5);
	}).map(e => e.tagName + "." + e.className + "[" + (e.dataset.testid || "") + "]")`)
	if len(wide) > 0 {
		p.t.Errorf("elements beyond the %d px screen: %q", width, wide)
	}
}

// browserPhysicalDrawPhone: the form for a draw with real pots fits a
// 390 px phone, one block per player with fields wide enough to read a
// name; a desktop keeps the table.
func browserPhysicalDrawPhone(t *testing.T, browser context.Context) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	p := newPage(t, browser, f.App)
	p.login("Anna")
	const phoneWidth = 390
	p.step("phone viewport", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.open(f.Path+"/draw", testid("physical-form"))
	p.shot("phone-physical-draw")
	p.fitsScreen(phoneWidth)
	// Every name, left and right field at least half the screen wide.
	narrow := eval[[]string](p, `[...document.querySelectorAll('[data-testid="physical-form"] select, [data-testid="physical-form"] input:not([type="hidden"])')].filter(e => e.getBoundingClientRect().width < innerWidth / 2).map(e => e.name + " " + Math.round(e.getBoundingClientRect().width))`)
	if len(narrow) > 0 {
		t.Errorf("fields narrower than half the screen: %q", narrow)
	}
	p.step("desktop viewport", chromedp.EmulateViewport(1280, 900))
	p.open(f.Path+"/draw", testid("physical-form"))
	if d := eval[string](p, `getComputedStyle(document.querySelector('[data-testid="physical-form"] table')).display`); d != "table" {
		t.Errorf("physical draw on a desktop displays as %q, want the table", d)
	}
}

// browserRefusals: refusals of htmx actions and of plain forms reach the
// screen. The sale desk cancels a card somebody else cancelled meanwhile
// (404 through htmx); a match started meanwhile by somebody else cannot
// be started from the stale round page (409).
func browserRefusals(t *testing.T, browser context.Context) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1)
	p := newPage(t, browser, f.App)
	p.login("Anna")
	p.open(f.Path+"/sale?q="+url.QueryEscape("Spieler 1"), testid("cancel-1"))
	p.step("mark the page", chromedp.Evaluate[chromedp.Void](`window.deskMark = "still here"`))
	if r := f.Helper.Post(f.Path+"/sale/cancel", url.Values{"card": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("cancel by the helper: status %d\n%s", r.Status, r.Body)
	}
	p.confirmStep("cancel the cancelled card", "Karte 1 an Spieler 1", chromedp.Click(chromedp.CSS(testid("cancel-1"))))
	p.until("the refusal", `document.querySelector('[data-testid="sale-problem"]') !== null`)
	p.shot("sale-cancel-refused")
	if got := p.text(testid("sale-problem")); got == "" {
		t.Error("empty refusal on the sale desk")
	}
	if mark := eval[string](p, `window.deskMark || ""`); mark != "still here" {
		t.Error("the refusal reloaded the whole page")
	}

	// Sell the cards back up to all 8, so that no match is a bye and match 1
	// has a Start button whatever the draw.
	for _, name := range []string{"Spieler 8", "Spieler 9"} {
		if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {name}, "count": {"1"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: status %d\n%s", name, r.Status, r.Body)
		}
	}
	f.DrawDigital()
	p.open(f.Path+"/rounds/1", testid("start-1"))
	m := f.MatchOf(1, 1)
	r := f.Helper.Post(webtest.MatchPath(f.ID, 1, 1)+"/start", url.Values{"table": {"7"}, "version": {strconv.Itoa(m.Version)}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("start by the helper: status %d\n%s", r.Status, r.Body)
	}
	if status := p.navigateStatus("start the stale match", chromedp.Click(chromedp.CSS(testid("start-1")))); status != http.StatusConflict {
		t.Errorf("stale start: status %d, want 409", status)
	}
	p.shot("round-start-refused")
	if got := p.text(testid("form-error")); got == "" {
		t.Error("empty refusal on the round page")
	}
}

// browserHTMXError: an htmx request refused by the central handler shows
// its message at the top of the page, once, however often it fails.
func browserHTMXError(t *testing.T, browser context.Context) {
	f := newFixture(t, nil, 1)
	p := newPage(t, browser, f.App)
	f.App.AddUser("Berta", store.Helper)
	p.login("Berta")
	p.open(f.Path+"/sale?q="+url.QueryEscape("Spieler 1"), testid("cancel-1"))
	// The card number is broken on its way: the handler refuses with 400.
	p.step("break the card number", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('form[id^="cancel-"] input[name="card"]').forEach(i => i.value = "x")`))
	for i := range 2 {
		p.confirmStep("cancel "+strconv.Itoa(i+1), "Karte 1 an Spieler 1", chromedp.Click(chromedp.CSS(testid("cancel-1"))))
		p.until("the message", `document.querySelectorAll("main > [data-htmx-error]").length === 1 && document.querySelector("main").firstElementChild.matches("[data-htmx-error]")`)
	}
	p.shot("htmx-error")
}
