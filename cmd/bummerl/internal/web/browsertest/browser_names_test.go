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
	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

// TestBrowserNames drives the board "Wo spiele ich?" (issue 23) with 128
// players in headless Chromium: on the projector at beamer sizes (32 px,
// paged, every player once, live), on a phone, and printed on A4.
func TestBrowserNames(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("projector", inParallel(browser, browserNamesProjector))
	t.Run("phone and print", inParallel(browser, browserNamesPrint))
}

// crowdNames are the 128 players of a crowded evening: the print tests'
// names and some that test the order (Ä with A, lower case, "von").
func crowdNames() []string {
	return append(printNames(124), "Ägidius Auer", "anton Zach", "Maria von Trapp", "Ödön Horváth")
}

// crowdFixture is a 256-card evening of 128 players, every fourth with two
// cards (160 sold, the rest byes), round 1 drawn digitally, 12 tables all
// called.
func crowdFixture(t *testing.T) (webtest.Fixture, []string) {
	t.Helper()
	app := newTestApp(t)
	f := webtest.Staff(t, app)
	f.Path = f.Org.CreateTournament(webtest.SettingsForm(map[string]string{"name": "Preisschnapsen Gasthaus Zur Post", "cards": "256"}))
	f.ID = webtest.TournamentOf(t, f.Path)
	names := crowdNames()
	for i, name := range names {
		k := 1 + min(1, i%4/3)
		if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {name}, "count": {strconv.Itoa(k)}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d\n%s", name, r.Status, r.Body)
		}
	}
	f.DrawDigital()
	if r := f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"12"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("tables: %d", r.Status)
	}
	if r := f.Helper.Post(f.Path+"/tables/call", url.Values{"all": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("call all: %d", r.Status)
	}
	return f, names
}

// namesPaging is what the projector's script made of the board's list:
// each page shown in turn (as the script does every 10 s), the names on
// it in order and the lines that reach out of the list's box (below it,
// or right of its last column) or off the screen.
type namesPaging struct {
	Names [][]string
	Below []string
}

const readNamesPaging = `(() => {
	const list = document.querySelector('[data-pages="names"]');
	const items = [...list.children];
	const out = {Names: [], Below: []};
	list.bummerlPages.forEach((page, i) => {
		items.forEach(li => { li.hidden = !page.includes(li); });
		out.Names.push(page.map(li => li.querySelector(".names-name").textContent));
		const box = list.getBoundingClientRect();
		for (const li of page) {
			const r = li.getBoundingClientRect();
			if (r.bottom > Math.min(box.bottom, innerHeight) + 1 || r.right > Math.min(box.right, innerWidth) + 1) {
				out.Below.push((i + 1) + ": " + li.textContent.trim().slice(0, 40) + " at " + Math.round(r.right) + "," + Math.round(r.bottom));
			}
		}
	});
	window.dispatchEvent(new Event("resize")); // the script lays the pages out again, from its page
	return out;
})()`

// browserNamesProjector: the board on the projector at 1920×1080 and
// 1280×720: no text under 32 px, the pages together hold every player
// exactly once, in German order; a call shows within seconds without a
// reload.
func browserNamesProjector(t *testing.T, browser context.Context) {
	f, names := crowdFixture(t)
	want := slices.Clone(names)
	col := collate.New(language.German, collate.IgnoreCase) // the German order of the app's lists
	slices.SortStableFunc(want, col.CompareString)
	p := newPage(t, browser, f.App)
	for _, size := range []struct{ w, h int64 }{{1920, 1080}, {1280, 720}} {
		name := fmt.Sprintf("%dx%d", size.w, size.h)
		p.step("viewport "+name, chromedp.EmulateViewport(size.w, size.h))
		p.open(f.Path+"/screen/names", testid("names-board"))
		p.until("paged", `document.querySelector('[data-pages="names"]').bummerlPages !== undefined`)
		screenChecks(t, p, name)
		info := p.text(testid("names-page-info"))
		if !strings.HasPrefix(info, "Seite 1/") || !strings.Contains(info, " · A") {
			t.Errorf("%s: page info %q, want Seite 1/… · A…", name, info)
		}
		p.shot("names-" + name)
		pg := eval[namesPaging](p, readNamesPaging)
		t.Logf("%s: %d players on %d pages", name, len(slices.Concat(pg.Names...)), len(pg.Names))
		if got := slices.Concat(pg.Names...); !slices.Equal(got, want) {
			t.Errorf("%s: the pages hold %d names, want each of the %d once, in order:\n%q", name, len(got), len(want), got)
		}
		for _, b := range pg.Below {
			t.Errorf("%s: page %s", name, b)
		}
		if len(pg.Names) < 2 {
			t.Errorf("%s: 128 players on %d page", name, len(pg.Names))
		}
	}
	if i, j := slices.Index(want, "Ägidius Auer"), slices.Index(want, "Anna Berger"); i < 0 || j < 0 || i > j {
		t.Errorf("Ägidius Auer (%d) not with the A before Anna Berger (%d)", i, j)
	}

	// Live: a result at table 1 and the call of the next match there show
	// on the board without a reload: the loser's card goes, the winner's
	// plays in round 2, the called match's cards at table 1.
	p.step("mark the page", chromedp.Evaluate[chromedp.Void](`window.namesMark = "no reload"`))
	at1 := tableMatch(t, f, 1)
	if r := f.Quick(f.Helper, 1, at1, at1.A, "2:0"); r.Status != http.StatusSeeOther {
		t.Fatalf("result: %d", r.Status)
	}
	p.untilWithin("the result on the board", 5*time.Second, fmt.Sprintf(
		`!document.querySelector('[data-testid="names-card-%d"]') && document.querySelector('[data-testid="names-card-%d"] b')?.textContent === "Runde 2"`, at1.B, at1.A))
	// The next match whose players are free (P-5: one with a player at
	// another table waits).
	callable := slices.IndexFunc(f.Load().Board().Waiting, func(w tournament.Waiting) bool { return w.BusyAt == 0 })
	if callable < 0 {
		t.Fatal("no waiting match can be called")
	}
	if r := f.Helper.Post(f.Path+"/tables/call", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("call: %d\n%s", r.Status, r.Body)
	}
	next := tableMatch(t, f, 1)
	for _, c := range []tournament.CardNo{next.A, next.B} {
		p.untilWithin(fmt.Sprintf("card %d at table 1 on the board", c), 5*time.Second,
			fmt.Sprintf(`document.querySelector('[data-testid="names-card-%d"] b')?.textContent === "1"`, c))
	}
	if mark := eval[string](p, `window.namesMark || ""`); mark != "no reload" {
		t.Error("the board reloaded to show the call")
	}
	p.until("paged again", `document.querySelector('[data-pages="names"]').bummerlPages !== undefined`)
	screenChecks(t, p, "1280x720 after the call")

	p.step("beamer", chromedp.EmulateViewport(1920, 1080))
	p.open(f.Path+"/screen/names?lang=en", testid("names-board"))
	if got := p.text(testid("names-title")); got != "Where do I play?" {
		t.Errorf("English title %q", got)
	}
	p.shot("names-en")
}

// tableMatch is the match at table no.
func tableMatch(t *testing.T, f webtest.Fixture, no int) tournament.Match {
	t.Helper()
	for _, s := range f.Load().Board().Busy {
		if s.Table == no {
			return s.Match
		}
	}
	t.Fatalf("no match at table %d", no)
	return tournament.Match{}
}

// browserNamesPrint: the board on a 390 px phone, and printed on A4 as one
// dense list: every name, few pages, the heading on every page.
func browserNamesPrint(t *testing.T, browser context.Context) {
	requirePoppler(t)
	f, names := crowdFixture(t)
	p := newPage(t, browser, f.App)
	const phoneWidth = 390
	p.step("phone viewport", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.open(f.Path+"/names", testid("names-table"))
	if w := eval[int](p, `Math.max(document.scrollingElement.scrollWidth, innerWidth)`); w > phoneWidth {
		t.Errorf("the board is %d px wide on a %d px phone", w, phoneWidth)
	}
	p.viewShot("names-phone")

	p.step("desktop", chromedp.EmulateViewport(1280, 900))
	p.login("Hans")
	p.open(f.Path+"/names", testid("print-button"))
	p.viewShot("names-page")
	doc := printPDF(t, p, "names")
	t.Logf("the board of %d players: %d A4 pages", len(names), doc.pages)
	if doc.pages > 4 {
		t.Errorf("the board of %d players takes %d pages, want at most 4", len(names), doc.pages)
	}
	mustHaveNames(t, "board", doc, names)
	for i, pg := range strings.Split(strings.TrimSuffix(doc.text, "\f"), "\f") {
		if !strings.Contains(pg, "Wo spiele ich? · Runde 1 · 128 Spieler noch im Spiel") || !strings.Contains(pg, "Gegner") {
			t.Errorf("page %d: no heading rows", i+1)
		}
	}
}
