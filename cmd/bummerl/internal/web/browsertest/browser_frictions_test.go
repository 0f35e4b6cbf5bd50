package browsertest

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserFrictions: the smaller frictions of the second evening that
// are about layout and script (issue 23, point 7), in headless Chromium;
// frictions_test.go has the rest.
func TestBrowserFrictions(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("dense round page", inParallel(browser, browserDenseRound))
	t.Run("history on a phone", inParallel(browser, browserHistoryPhone))
	t.Run("declare asks once", inParallel(browser, browserDeclareAsks))
}

// browserDenseRound: the staff's round page of 32 matches at 1920 × 1080
// gives each match one line of at most 50 px (it was about 130, a 4,800
// px page), its fields and buttons still of a size to hit and type in;
// a result goes in with the keyboard as before, a refusal shows in its
// row. A match at a digital table says so. On a 390 px phone nothing is
// wider than the screen.
func browserDenseRound(t *testing.T, browser context.Context) {
	counts := make([]int, 64)
	for i := range counts {
		counts[i] = 1
	}
	f := newFixture(t, map[string]string{"cards": "64"}, counts...)
	f.DrawDigital()
	ms := f.Load().Rounds[0].Matches
	f.StartTable(f.Helper, ms[1], "0")
	p := newPage(t, browser, f.App)
	p.login("Hans")
	p.step("projector size", chromedp.EmulateViewport(1920, 1080))
	p.open(f.Path+"/rounds/1", testid("matches"))
	p.shot("round-1920")
	rows := eval[[]int](p, `[...document.querySelectorAll('[data-match-row]')].map(r => Math.round(r.getBoundingClientRect().height))`)
	height := eval[int](p, `document.documentElement.scrollHeight`)
	t.Logf("32 matches at 1920 px: rows %d px, page %d px", rows[0], height)
	if len(rows) != 32 {
		t.Fatalf("%d rows, want 32", len(rows))
	}
	for i, h := range rows {
		if h > 50 {
			t.Errorf("match %d: row %d px high, want at most 50", i+1, h)
		}
	}
	if height > 2200 {
		t.Errorf("page %d px high, want at most 2,200", height)
	}
	small := eval[[]string](p, `[...document.querySelectorAll('#matches input:not([type="hidden"]), #matches button')].filter(e => {
		const r = e.getBoundingClientRect();
		return r.height < 28 || r.width < 40;
	}).map(e => e.name || e.textContent)`)
	if len(small) > 0 {
		t.Errorf("fields and buttons too small to use: %q", small)
	}
	if got := p.text(testid("status-" + strconv.Itoa(ms[1].No))); got != "läuft am Digitaltisch" {
		t.Errorf("match at the digital table: %q", got)
	}

	// The keyboard as before: a slip is refused in its row, the next
	// keystrokes correct it, and the focus moves on.
	no := strconv.Itoa(ms[0].No)
	p.until("focus on match "+no, `document.activeElement && document.activeElement.dataset.testid === "inline-winner-`+no+`"`)
	p.step("slip in match "+no, chromedp.KeyEvent(strconv.Itoa(int(ms[0].A))+kb.Tab+"12"+kb.Enter))
	p.until("the refusal in match "+no, `document.querySelector('[data-testid="inline-error-`+no+`"]') !== null`)
	p.shot("refused-1920")
	// The message wraps within its row; the other rows keep their line.
	if tall := eval[[]string](p, `[...document.querySelectorAll('[data-match-row]:not(#match-row-`+no+`)')].filter(r => r.getBoundingClientRect().height > 50).map(r => r.id)`); len(tall) > 0 {
		t.Errorf("a refusal in match %s made %d other rows taller than 50 px: %q", no, len(tall), tall)
	}
	p.step("correct the score", chromedp.KeyEvent("2:0"+kb.Enter))
	p.until("match "+no+" saved", `document.querySelector('[data-testid="inline-`+no+`"]') === null`)
	next := strconv.Itoa(ms[1].No) // at the digital table, open all the same
	p.until("focus moved on", `document.activeElement && document.activeElement.dataset.testid === "inline-winner-`+next+`"`)

	const phoneWidth = 390
	p.step("phone viewport", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.open(f.Path+"/rounds/1", testid("matches"))
	p.shot("round-390")
	p.viewShot("round-390-top")
	p.fitsScreen(phoneWidth)
}

// browserHistoryPhone: on a 390 px phone the history's long lines (a
// draw with its 64-digit seed, a digital table) wrap within the screen;
// they were cut at its right edge.
func browserHistoryPhone(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"name": "Preisschnapsen des Sportvereins Hinterbrühl-Weissenbach"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	f.StartTable(f.Helper, f.FirstPlayable(1), "0")
	p := newPage(t, browser, f.App)
	p.login("Anna")
	const phoneWidth = 390
	p.step("phone viewport", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.open(f.Path+"/history", testid("history"))
	p.shot("history-390")
	p.fitsScreen(phoneWidth)
	p.step("open the rows of the draw", chromedp.Click(chromedp.CSS(`[data-action="draw"] + td summary`)))
	p.fitsScreen(phoneWidth)
	p.open("/tournaments/new", testid("settings-form"))
	p.shot("settings-form-390")
	p.fitsScreen(phoneWidth)
}

// browserDeclareAsks: "Genug!" on a 390 px phone with fewer than 66 card
// points asks once, with the browser's confirm, and then declares (a
// wrong declaration: the opponent scores, S-15); with 66 or more it
// declares without asking. Any other dialog fails the test (newPage).
func browserDeclareAsks(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"variant": "soft"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	p := newPage(t, browser, f.App)
	p.step("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	for _, doubt := range []bool{true, false} {
		seat := webtest.ToDeclare(t, f, doubt)
		p.open(seat.Path(""), testid("act-declare"))
		p.until("the table's forms wired up", formsReady)
		p.fitsScreen(390)
		declare := chromedp.Click(chromedp.CSS(testid("act-declare")))
		want := "ausgemeldet"
		if doubt {
			p.shot("phone-before-doubtful-declare")
			p.confirmStep("Genug! with too few points", "Du hast erst ", declare)
			want = "falsch ausgemeldet"
		} else {
			p.shot("phone-before-declare")
			p.step("Genug!", declare)
		}
		p.until("the deal is over", `document.querySelector('[data-testid="previous"]') !== null`)
		if got := p.text(testid("previous")); !strings.Contains(got, "("+want+")") {
			t.Errorf("after Genug! (doubt %v): %q, want %q", doubt, got, want)
		}
		p.shot("phone-after-declare")
	}
}
