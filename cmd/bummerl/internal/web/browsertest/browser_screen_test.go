package browsertest

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"

	"github.com/chromedp/chromedp"
)

// TestBrowserScreen drives the room's screens in headless Chromium: the
// projector at beamer sizes, its live move to the next round, and a
// player's phone when his match is called.
func TestBrowserScreen(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("projector", inParallel(browser, browserProjector))
	t.Run("projector live", inParallel(browser, browserProjectorLive))
	t.Run("phone call", inParallel(browser, browserPhoneCall))
	t.Run("board", inParallel(browser, browserBoard))
}

// roomNames are the players of an evening at the Gasthaus: long names
// too, they wrap on the projector.
var roomNames = []string{
	"Maria Huber", "Josef Gruber", "Anna Berger", "Franz Hinterberger", "Theresia Oberleitner",
	"Johann Wimmer", "Elisabeth Moser", "Karl Steinbauer", "Rosa Pichler", "Leopold Auer",
	"Hermine Schwarzenberger-Zöchling", "Ferdinand Eder", "Gertrude Holzer", "Alois Leitner", "Juliane Brandstätter",
	"Rudolf Maierhofer", "Stefanie Lechner", "Engelbert Wallner", "Katharina Fuchs", "Wolfgang Reiter",
	"Aloisia Wagner", "Michael Kogler", "Brigitte Haider", "Georg Schmid", "Margarete Winkler",
	"Herbert Lang", "Monika Baumgartner", "Walter Koller", "Ingrid Ebner", "Friedrich Hofer",
	"Christine Strasser", "Peter Mayrhofer", "Helga Aigner", "Otto Riegler", "Sieglinde Fasching",
	"Manfred Köck", "Renate Posch", "Erwin Zauner", "Waltraud Kern", "Gottfried Zöhrer",
}

// roomFixture is a 64-card evening: the players of roomNames, some with
// two or three cards, round 1 drawn digitally, 12 tables, every table
// called and some results in.
func roomFixture(t *testing.T) webtest.Fixture {
	t.Helper()
	app := newTestApp(t)
	f := webtest.Staff(t, app)
	f.Path = f.Org.CreateTournament(webtest.SettingsForm(map[string]string{"name": "Preisschnapsen Gasthaus Zur Post", "cards": "64",
		"prizes": "8", "prize_3": "Speck", "prize_4": "Brot", "prize_5": "Most", "prize_6": "Kuchen", "prize_7": "Kerzen", "prize_8": "Karten"}))
	f.ID = webtest.TournamentOf(t, f.Path)
	sold := 0
	for i, name := range roomNames {
		k := 1 + i%3%2 + i%7/6 // 1, 2 or 3 cards
		k = min(k, 64-sold)
		if k == 0 {
			break
		}
		if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {name}, "count": {strconv.Itoa(k)}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d\n%s", name, r.Status, r.Body)
		}
		sold += k
	}
	f.DrawDigital()
	if r := f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"12"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("tables: %d", r.Status)
	}
	if r := f.Helper.Post(f.Path+"/tables/call", url.Values{"all": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("call all: %d\n%s", r.Status, r.Body)
	}
	// Results at three tables, then their tables called again.
	for _, m := range f.Load().Rounds[0].Matches {
		if m.AtTable() && m.Table%4 == 1 {
			if r := f.Quick(f.Helper, 1, m, m.B, "2:1"); r.Status != http.StatusSeeOther {
				t.Fatalf("result: %d", r.Status)
			}
		}
	}
	f.Helper.Post(f.Path+"/tables/call", url.Values{"all": {"1"}})
	return f
}

// screenChecks measures the projector in the browser: no text smaller
// than 32 px (every text, also on list pages not shown now), nothing
// wider than the screen, nothing shown below its bottom edge.
func screenChecks(t *testing.T, p *browserPage, size string) {
	t.Helper()
	small := eval[[]string](p, `(() => {
		const out = [];
		const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		while (w.nextNode()) {
			const n = w.currentNode;
			if (!n.textContent.trim()) continue;
			const fs = parseFloat(getComputedStyle(n.parentElement).fontSize);
			if (fs < 32) out.push(fs + "px " + n.textContent.trim().slice(0, 40));
		}
		return out;
	})()`)
	for _, s := range small {
		t.Errorf("%s: text smaller than 32 px: %s", size, s)
	}
	over := eval[[]string](p, `(() => {
		const out = [];
		if (document.scrollingElement.scrollWidth > innerWidth) out.push("page " + document.scrollingElement.scrollWidth + " px wide");
		for (const el of document.body.querySelectorAll("*")) {
			const r = el.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) continue;
			if (r.right > innerWidth + 1 || r.left < -1) out.push("wider: " + el.tagName + " " + el.textContent.trim().slice(0, 40) + " " + Math.round(r.left) + "–" + Math.round(r.right));
			if (el.closest(".screen-list") && r.bottom > innerHeight + 1) out.push("below: " + el.textContent.trim().slice(0, 40) + " at " + Math.round(r.bottom));
		}
		return out;
	})()`)
	for _, o := range over {
		t.Errorf("%s: %s", size, o)
	}
}

// browserProjector: the projector of a 64-card evening at 1920×1080 and
// 1280×720; its long lists page by themselves.
func browserProjector(t *testing.T, browser context.Context) {
	f := roomFixture(t)
	p := newPage(t, browser, f.App)
	for _, size := range []struct{ w, h int64 }{{1920, 1080}, {1280, 720}} {
		name := fmt.Sprintf("%dx%d", size.w, size.h)
		p.step("viewport "+name, chromedp.EmulateViewport(size.w, size.h))
		p.open(f.Path+"/screen", testid("screen-tables"))
		p.until("paged lists", `[...document.querySelectorAll("[data-pages]")].every(l => l.bummerlPages)`)
		screenChecks(t, p, name)
		if !strings.Contains(p.text(testid("screen-tables")), "Tisch 1:") {
			t.Errorf("%s: no table 1 on the screen", name)
		}
		// 52 players still in do not fit: the list pages, and turns.
		info := p.text(testid("screen-players") + " [data-page-info]")
		if !strings.HasPrefix(info, "Seite 1/") {
			t.Errorf("%s: players' page info %q, want Seite 1/…", name, info)
		}
		p.shot("projector-" + name)
		first := eval[string](p, `document.querySelector('[data-pages="players"] > li:not([hidden])').textContent`)
		p.untilWithin("the players' next page", 12*time.Second,
			`document.querySelector('[data-pages="players"] > li:not([hidden])').textContent !== `+strconv.Quote(first))
		if info := p.text(testid("screen-players") + " [data-page-info]"); !strings.HasPrefix(info, "Seite 2/") {
			t.Errorf("%s: players' page info %q after turning, want Seite 2/…", name, info)
		}
		screenChecks(t, p, name+" page 2")
		p.shot("projector-" + name + "-page-2")
	}
	// English, and the end of the evening.
	p.open(f.Path+"/screen?lang=en", testid("screen-tables"))
	p.shot("projector-en")
	if got := p.text("h2"); !strings.HasPrefix(got, "At the tables") {
		t.Errorf("English heading %q", got)
	}
}

// browserProjectorLive: the projector shows round 1 complete; round 2 is
// drawn through the API; the screen shows it without a reload.
func browserProjectorLive(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"cards": "16"}, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	f.FinishRound(1)
	p := newPage(t, browser, f.App)
	p.step("beamer", chromedp.EmulateViewport(1920, 1080))
	p.open(f.Path+"/screen", testid("screen-state"))
	if got := p.text(testid("screen-state")); !strings.Contains(got, "Runde 1 ist fertig") {
		t.Fatalf("screen state %q", got)
	}
	p.step("mark the page", chromedp.Evaluate[chromedp.Void](`window.screenMark = "no reload"`))
	r := f.API.API(http.MethodPost, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/draw/announce", f.Anna, nil)
	if r.Status != http.StatusCreated {
		t.Fatalf("announce: %d %s", r.Status, r.Body)
	}
	commitment := webtest.Decode[map[string]string](t, r)["commitment"]
	p.untilWithin("the announcement on the screen", 5*time.Second, `document.querySelector('[data-testid="screen-state"]')?.textContent.includes("Auslosung angekündigt")`)
	p.shot("projector-announced")
	r = f.API.API(http.MethodPost, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/draw/digital", f.Anna, map[string]string{"commitment": commitment})
	if r.Status != http.StatusCreated && r.Status != http.StatusOK {
		t.Fatalf("draw: %d %s", r.Status, r.Body)
	}
	p.untilWithin("round 2 on the screen", 5*time.Second, `document.querySelector('[data-testid="screen-round"]')?.textContent.startsWith("Runde 2")`)
	if mark := eval[string](p, `window.screenMark || ""`); mark != "no reload" {
		t.Error("the screen reloaded to show round 2")
	}
	screenChecks(t, p, "1920x1080 round 2")
	p.shot("projector-round-2")

	// To the end of the evening: the winners and the prizes, live too.
	for !f.Load().Finished() {
		f.FinishRound(len(f.Load().Rounds))
		if !f.Load().Finished() {
			f.DrawDigital()
		}
	}
	p.untilWithin("the end on the screen", 5*time.Second, `document.querySelector('[data-testid="screen-state"]')?.textContent.includes("beendet")`)
	p.until("paged lists", `[...document.querySelectorAll("[data-pages]")].every(l => l.bummerlPages)`)
	screenChecks(t, p, "1920x1080 finished")
	p.shot("projector-finished")
	p.step("forget the pages", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("[data-pages]").forEach(l => delete l.bummerlPages)`))
	p.step("small beamer", chromedp.EmulateViewport(1280, 720))
	p.until("lists paged anew", `[...document.querySelectorAll("[data-pages]")].every(l => l.bummerlPages)`)
	screenChecks(t, p, "1280x720 finished")
	p.shot("projector-finished-1280x720")
}

// browserPhoneCall: a player's page on a 390 px phone shows "Du bist dran:
// Tisch N" within 2 s of the call at the board, and the tab's title says so.
func browserPhoneCall(t *testing.T, browser context.Context) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 4)
	p := newPage(t, browser, f.App)
	const phoneWidth = 390
	p.step("phone viewport", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.open(f.Path+"/card/1", testid("next-1"))
	p.shot("phone-waiting")
	p.step("mark the page", chromedp.Evaluate[chromedp.Void](`window.phoneMark = "no reload"`))
	if r := f.Helper.Post(f.Path+"/tables/call", nil); r.Location() != f.Path+"/tables?called=1" {
		t.Fatalf("call: %d %q", r.Status, r.Location())
	}
	p.untilWithin("the call on the phone", 2*time.Second, `document.querySelector('[data-testid="called"]')?.textContent.includes("Du bist dran: Tisch 1")`)
	if title := eval[string](p, `document.title`); !strings.HasPrefix(title, "▶ Tisch 1 – Spieler 1") {
		t.Errorf("title %q, want ▶ Tisch 1 – …", title)
	}
	if mark := eval[string](p, `window.phoneMark || ""`); mark != "no reload" {
		t.Error("the phone reloaded to show the call")
	}
	// Readable at arm's length: the call and the table large, the page no
	// wider than the phone.
	if fs := eval[float64](p, `parseFloat(getComputedStyle(document.querySelector(".call-table")).fontSize)`); fs < 32 {
		t.Errorf("the call is %v px, want at least 32", fs)
	}
	if fs := eval[float64](p, `parseFloat(getComputedStyle(document.querySelector(".opponent strong")).fontSize)`); fs < 20 {
		t.Errorf("the opponent's name is %v px, want at least 20", fs)
	}
	if w := eval[int](p, `Math.max(document.scrollingElement.scrollWidth, innerWidth)`); w > phoneWidth {
		t.Errorf("page is %d px wide on a %d px phone", w, phoneWidth)
	}
	p.shot("phone-called")
	// His other card waits for this match (P-5).
	p.open(f.Path+"/card/2", testid("state-2"))
	if got := p.text(testid("state-2")); !strings.Contains(got, "Erst nach deiner Partie an Tisch 1") {
		t.Errorf("card 2: %q", got)
	}
	// A result: the call goes, the title too, and the loser reads 1:2.
	f.Quick(f.Helper, 1, f.MatchOf(1, 1), 3, "2:1")
	p.open(f.Path+"/card/1", testid("state-1"))
	if got := p.text(testid("state-1")); got != "verloren, 1:2" {
		t.Errorf("loser's state %q, want verloren, 1:2", got)
	}
	p.shot("phone-lost")
}

// browserBoard: the board a helper calls from, on a laptop and a phone.
func browserBoard(t *testing.T, browser context.Context) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 4)
	f.Helper.Post(f.Path+"/tables/call", nil)
	staff := newPage(t, browser, f.App)
	const phoneWidth = 390
	staff.login("Hans")
	staff.open(f.Path+"/tables", testid("tables"))
	staff.shot("board")
	staff.step("phone viewport", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	staff.open(f.Path+"/tables", testid("tables"))
	if w := eval[int](staff, `Math.max(document.scrollingElement.scrollWidth, innerWidth)`); w > phoneWidth {
		t.Errorf("board is %d px wide on a %d px phone", w, phoneWidth)
	}
	staff.shot("board-phone")
}

// untilWithin waits at most d for the JavaScript expression to be true,
// as a user would wait for a change to show up without touching the page.
func (p *browserPage) untilWithin(what string, d time.Duration, expr string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d+time.Second)
	defer cancel()
	start := time.Now()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		p.shot("failed")
		p.t.Fatalf("%s: not within %v: %v", what, d, err)
	}
	p.t.Logf("%s after %v", what, time.Since(start).Round(10*time.Millisecond))
}
