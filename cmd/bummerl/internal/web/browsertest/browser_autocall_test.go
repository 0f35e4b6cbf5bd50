package browsertest

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

// TestBrowserAutoCall drives issue 23 in headless Chromium: automatic
// calling through a whole round entered at the round page, with the
// projector and a player's phone open beside it; and the end screen's
// bracket, read from the back of the hall.
func TestBrowserAutoCall(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("round", inParallel(browser, browserAutoCallRound))
	t.Run("end screen", inParallel(browser, browserEndScreen))
}

// browserAutoCallRound: 16 cards (Spieler 1 holds three, Spieler 2 two,
// so matches wait for them, P-5), 3 tables, automatic calling on. The
// first calls are made on the board; then every result typed on the round
// page (one sent through the API) frees its table and the next callable
// match sits down there at once: the saved row says "→ Tisch n: Partie m",
// the called row shows its table (and takes its result next without
// "changed meanwhile"), the projector and the phone show the call live.
func browserAutoCallRound(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"cards": "16", "auto_call": "on"}, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	if r := f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"3"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("tables: %d", r.Status)
	}
	if r := f.Helper.Post(f.Path+"/tables/call", url.Values{"all": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("call all: %d", r.Status)
	}
	ros := f.Load()
	// The projector's line: each name after its card number (issue 23).
	screenLine := func(m tournament.Match) string {
		return fmt.Sprintf("%d %s – %d %s", m.A, holder(ros, m.A), m.B, holder(ros, m.B))
	}

	desk := newPage(t, browser, f.App)
	desk.login("Hans")
	desk.step("desk", chromedp.EmulateViewport(1920, 1080))
	round := f.Path + "/rounds/1"
	desk.open(round, testid("matches"))
	beamer := newPage(t, browser, f.App)
	beamer.step("beamer", chromedp.EmulateViewport(1920, 1080))
	beamer.open(f.Path+"/screen", testid("screen-tables"))
	// The phone of a player whose match waits for a table.
	b := f.Load().Board()
	phoneCard := b.Waiting[len(b.Waiting)-1].Match.A
	phone := newPage(t, browser, f.App)
	phone.step("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	phone.open(f.Path+"/card/"+strconv.Itoa(int(phoneCard)), testid("next-"+strconv.Itoa(int(phoneCard))))

	results, phoneCalled := 0, false
	for {
		tr := f.Load()
		b := tr.Board()
		if len(b.Busy) == 0 {
			if len(b.Waiting) != 0 {
				t.Fatalf("waiting matches %v and no table busy", b.Waiting)
			}
			break
		}
		// The lowest table finishes first; the domain says what it calls.
		m := b.Busy[0].Match
		r := m.ScoredResult(m.A, 2, 1)
		called, err := tr.RecordResult(1, m.No, m.Version, r)
		if err != nil {
			t.Fatal(err)
		}
		no := strconv.Itoa(m.No)
		results++
		if results == 4 { // through the JSON API; the desk reloads
			rj := f.API.API(http.MethodPut, webtest.APIRoundPath(f.ID, 1)+"/matches/"+no+"/result", f.Anna,
				map[string]any{"version": m.Version, "winner": m.A, "bummerl": r.Bummerl})
			if rj.Status != http.StatusOK {
				t.Fatalf("API result of match %d: %d %s", m.No, rj.Status, rj.Body)
			}
			desk.open(round, testid("status-"+no))
		} else { // the desk's keyboard: winner, Tab, score, Enter
			desk.step("result of match "+no,
				chromedp.Click(chromedp.CSS(testid("inline-winner-"+no))),
				chromedp.SendKeys(chromedp.CSS(testid("inline-winner-"+no)), strconv.Itoa(int(m.A))+"\t2:1\r"))
			desk.until("match "+no+" saved", `document.querySelector('[data-testid="match-`+no+`"][data-saved]')`)
		}
		if got := desk.text(testid("status-" + no)); got != "fertig, 2:1" {
			t.Fatalf("match %d: status %q", m.No, got)
		}
		var want []string
		for _, c := range called {
			want = append(want, fmt.Sprintf("→ Tisch %d: Partie %d", c.Table, c.No))
		}
		then := eval[[]string](desk, `[...document.querySelectorAll('[data-testid="then-`+no+`"]')].map(e => e.textContent)`)
		if !slices.Equal(then, want) {
			t.Fatalf("match %d's row says %q, want %q", m.No, then, want)
		}
		for _, c := range called {
			cn, table := strconv.Itoa(c.No), strconv.Itoa(c.Table)
			if got := desk.text(testid("status-" + cn)); got != "wird gespielt an Tisch "+table {
				t.Errorf("called match %d's row: %q", c.No, got)
			}
			beamer.untilWithin("match "+cn+" at table "+table+" on the projector", 5*time.Second,
				`document.querySelector('[data-testid="screen-call-`+table+`"]')?.textContent.replace(/\s+/g, ' ').includes(`+strconv.Quote(screenLine(c))+`)`)
			if c.A == phoneCard || c.B == phoneCard {
				phone.untilWithin("the call on the phone", 5*time.Second,
					`document.querySelector('[data-testid="called"]')?.textContent.includes("Du bist dran: Tisch `+table+`")`)
				phone.shot("phone-called")
				phoneCalled = true
			}
		}
		// What the domain said happened, in one write: no table stays free
		// while a waiting match could be called.
		after := f.Load().Board()
		for _, w := range after.Waiting {
			if w.BusyAt == 0 && len(after.Free) > 0 {
				t.Fatalf("after match %d: table %v free while match %d can be called", m.No, after.Free, w.Match.No)
			}
		}
		if results == 2 {
			desk.shot("round-1920")
			beamer.shot("projector-1920x1080")
			// The pages of the big screen forgotten first, so the wait
			// below is for the small screen's (the resize pages anew).
			beamer.step("forget the pages", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("[data-pages]").forEach(l => delete l.bummerlPages)`))
			beamer.step("small beamer", chromedp.EmulateViewport(1280, 720))
			beamer.until("lists paged anew", `[...document.querySelectorAll("[data-pages]")].every(l => l.bummerlPages)`)
			screenChecks(t, beamer, "1280x720 calling")
			beamer.shot("projector-1280x720")
			beamer.step("big beamer", chromedp.EmulateViewport(1920, 1080))
		}
	}
	if results != 8 || !phoneCalled {
		t.Fatalf("%d results, phone called %v; want the 8 matches, the phone called", results, phoneCalled)
	}
	desk.open(round, testid("round-complete"))
	desk.shot("round-complete-1920")
	desk.step("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	desk.open(round, testid("matches"))
	desk.fitsScreen(390)
	desk.shot("round-390")
	// The projector's latest results: the winner (card A here) first.
	beamer.step("big beamer", chromedp.EmulateViewport(1920, 1080))
	beamer.open(f.Path+"/screen", testid("screen-results"))
	last := f.Load().Rounds[0].Matches
	first := beamer.text(testid("screen-result"))
	if !slices.ContainsFunc(last, func(m tournament.Match) bool {
		return !m.Bye() && strings.HasPrefix(first, holder(ros, m.A)+" 2:1 "+holder(ros, m.B))
	}) {
		t.Errorf("latest result %q does not name the winner first", first)
	}
	beamer.shot("projector-round-complete")
}

// browserEndScreen: the end of a 16-card evening with 8 prizes on the
// projector at 1920×1080 and 1280×720. The winners and prizes, the main
// bracket and the placement matches take the screen in turn; no text of
// either bracket is drawn under 24 px (its 32 user units times the scale
// the screen gives the picture), and no other text under 32 px.
func browserEndScreen(t *testing.T, browser context.Context) {
	counts := make([]int, 16)
	for i := range counts {
		counts[i] = 1
	}
	f := newFixture(t, map[string]string{"cards": "16", "prizes": "8", "prize_3": "Speck", "prize_4": "Brot",
		"prize_5": "Most", "prize_6": "Kuchen", "prize_7": "Kerzen", "prize_8": "Karten"}, counts...)
	// The room's long names: the bracket shortens them to "H. Schwarzenb…".
	tr := f.Load()
	for i, p := range tr.Players {
		if r := f.Org.Post(f.Path+"/players/"+strconv.Itoa(int(p.ID))+"/edit", url.Values{"name": {roomNames[i+6]}}); r.Status != http.StatusSeeOther {
			t.Fatalf("rename: %d\n%s", r.Status, r.Body)
		}
	}
	for !f.Load().Finished() {
		f.DrawDigital()
		f.FinishRound(len(f.Load().Rounds))
	}
	p := newPage(t, browser, f.App)
	for _, size := range []struct{ w, h int64 }{{1920, 1080}, {1280, 720}} {
		name := fmt.Sprintf("%dx%d", size.w, size.h)
		p.step("viewport "+name, chromedp.EmulateViewport(size.w, size.h))
		p.open(f.Path+"/screen", testid("screen-slides"))
		p.until("paged lists", `[...document.querySelectorAll("[data-pages]")].every(l => l.bummerlPages)`)
		screenChecks(t, p, name+" end")
		if n := eval[int](p, `document.querySelectorAll('[data-testid="screen-slides"] > *').length`); n != 3 {
			t.Fatalf("%s: %d slides, want 3", name, n)
		}
		// Each bracket's letters as drawn: font size times the picture's scale.
		small := eval[[]string](p, `[...document.querySelectorAll('[data-testid="screen-slides"] svg text')].filter(el => {
			return parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a < 24;
		}).map(el => (parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a).toFixed(1) + "px " + el.textContent)`)
		for _, s := range small {
			t.Errorf("%s: bracket text under 24 px: %s", name, s)
		}
		sizes := eval[[]float64](p, `[...document.querySelectorAll('[data-testid="screen-slides"] svg')].map(svg =>
			Math.round(parseFloat(getComputedStyle(svg.querySelector("text")).fontSize) * svg.querySelector("text").getScreenCTM().a * 10) / 10)`)
		t.Logf("%s: bracket letters %v px (main, placement)", name, sizes)
		// The slides turn by CSS: 12 s each; here the clock is moved on.
		for i, at := range []int{0, 13000, 25000} {
			p.step(fmt.Sprintf("slide %d", i+1), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
				`document.getAnimations().forEach(a => { a.pause(); a.currentTime = %d; })`, at)))
			shown := eval[[]int](p, `[...document.querySelectorAll('[data-testid="screen-slides"] > *')].flatMap((s, i) =>
				getComputedStyle(s).visibility === "visible" ? [i] : [])`)
			if !slices.Equal(shown, []int{i}) {
				t.Errorf("%s at %d ms: slides %v shown, want [%d]", name, at, shown, i)
			}
			p.shot(fmt.Sprintf("end-%s-slide-%d", name, i+1))
		}
	}
	p.open(f.Path+"/screen?lang=en", testid("screen-slides"))
	if got := eval[string](p, `document.querySelector('[data-testid="screen-slides"] > :nth-child(3) h2').textContent`); got != "Placement matches" {
		t.Errorf("English placement slide %q", got)
	}
}
