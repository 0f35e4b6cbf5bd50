package browsertest

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserSwissEnd looks at a Swiss evening's last round and its end in
// headless Chromium (issue 14): the projector at 1920×1080 in the middle
// of round 4 (a few boards open) and once finished, with winners, prizes
// and the table, no text under 32 px and nothing outside the screen; the
// round page and the standings on a 390 px phone.
func TestBrowserSwissEnd(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	f := newFixture(t, map[string]string{"name": "Schweizer Schnapsen Zur Post", "form": "swiss", "cards": "32",
		"swiss_rounds": "4"})
	for _, name := range roomNames[:13] {
		if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {name}, "count": {"1"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d", name, r.Status)
		}
	}
	for k := 1; k <= 3; k++ {
		f.DrawDigital()
		f.FinishRound(k)
	}
	f.DrawDigital()
	for _, m := range f.Load().Rounds[3].Matches[:4] { // 4 of 6 boards decided
		if r := f.Quick(f.Helper, 4, m, m.A, "2:1"); r.Status != http.StatusSeeOther {
			t.Fatalf("result: %d", r.Status)
		}
	}

	p := newPage(t, browser, f.App)
	p.step("beamer", chromedp.EmulateViewport(1920, 1080))
	p.open(f.Path+"/screen", testid("screen-swiss"))
	p.until("paged lists", `[...document.querySelectorAll("[data-pages]")].every(l => l.bummerlPages)`)
	screenChecks(t, p, "1920x1080 swiss round 4")
	if got := p.text(testid("screen-swiss") + " h2"); !strings.HasPrefix(got, "Tabelle – Runde 4 läuft") {
		t.Errorf("standings heading %q", got)
	}
	// Two boards open: the table fills the left column under them.
	if !eval[bool](p, `!!document.querySelector('.screen-col:first-child [data-testid="screen-swiss"]')`) {
		t.Error("the table is not under the two open boards")
	}
	p.shot("swiss-projector-round-4")

	p.step("phone", chromedp.EmulateViewport(390, 844))
	p.open(f.Path+"/rounds/4", testid("matches"))
	wide := `document.scrollingElement.scrollWidth > innerWidth`
	if eval[bool](p, wide) {
		t.Error("the round page is wider than the phone")
	}
	if got := p.text(testid("match-1")); strings.Contains(got, "Runde 4") {
		t.Errorf("board 1 on the phone repeats the round: %q", got)
	}
	if got := eval[string](p, `document.querySelector('[data-testid="match-1"] td').dataset.label`); got != "Brett" {
		t.Errorf("board 1 on the phone is labelled %q", got)
	}
	p.shot("swiss-round-phone")

	f.FinishRound(4)
	p.step("beamer again", chromedp.EmulateViewport(1920, 1080))
	p.open(f.Path+"/screen", testid("screen-winners"))
	p.until("paged lists", `[...document.querySelectorAll("[data-pages]")].every(l => l.bummerlPages)`)
	screenChecks(t, p, "1920x1080 swiss finished")
	top := f.Load().SwissTable().Rows[0]
	winner, _ := f.Load().Player(top.Player)
	if got := p.text(testid("screen-winners")); !strings.Contains(got, winner.Name) {
		t.Errorf("winners %q, want %s first", got, winner.Name)
	}
	if got := p.text(testid("screen-prizes")); !strings.Contains(got, "Schinken") || !strings.Contains(got, winner.Name) {
		t.Errorf("prizes %q", got)
	}
	if got := p.text(testid("screen-swiss") + " h2"); !strings.HasPrefix(got, "Tabelle nach Runde 4") {
		t.Errorf("standings heading %q", got)
	}
	if got := p.text(testid("screen-swiss-" + strconv.Itoa(int(top.Card)))); !strings.HasPrefix(got, "1.") {
		t.Errorf("first line %q", got)
	}
	p.shot("swiss-projector-finished")

	p.step("phone standings", chromedp.EmulateViewport(390, 844))
	p.open(f.Path+"/standings", testid("swiss-standings"))
	// Every column within the phone's width: the table does not scroll
	// sideways inside its wrapper.
	if over := eval[float64](p, `(w => w.scrollWidth - w.clientWidth)(document.querySelector('[data-testid="swiss-standings"]').parentElement)`); over > 0 {
		t.Errorf("the standings table is %v px too wide for a 390 px phone", over)
	}
	p.shot("swiss-standings-phone")
}

// TestBrowserSwissSeeds: the organiser types a seed list on a 390 px
// phone before round 1 (SW-4): a word that is no card number comes back
// at the field with the text as typed; a good list shows with its names,
// best first. Nothing runs off the phone.
func TestBrowserSwissSeeds(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	f := newFixture(t, map[string]string{"name": "Schweizer Schnapsen Zur Post", "form": "swiss", "cards": "32"})
	for _, name := range roomNames[:13] {
		if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {name}, "count": {"1"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d", name, r.Status)
		}
	}
	p := newPage(t, browser, f.App)
	p.step("phone", chromedp.EmulateViewport(390, 844))
	p.login("Anna")
	p.open(f.Path+"/draw", testid("swiss-seeds"))
	if got := p.navigateStatus("refused list", chromedp.SendKeys(chromedp.CSS(testid("seeds")), "11, 4\nzwölf"),
		chromedp.Click(chromedp.CSS(testid("save-seeds")))); got != http.StatusUnprocessableEntity {
		t.Fatalf("refused list: status %d", got)
	}
	if got := p.text(testid("error-seeds")); got != "„zwölf“ ist keine Kartennummer." {
		t.Errorf("message %q", got)
	}
	if got := eval[string](p, `document.querySelector('[data-testid="seeds"]').value`); got != "11, 4\nzwölf" {
		t.Errorf("the list as typed is lost: %q", got)
	}
	p.shot("swiss-seeds-refused-phone")
	p.navigate("good list", chromedp.SetValue(chromedp.CSS(testid("seeds")), "11, 4\n9"),
		chromedp.Click(chromedp.CSS(testid("save-seeds"))))
	if got := p.text(testid("swiss-seed-list")); !strings.HasPrefix(got, "Karte 11 · "+roomNames[10]) || !strings.Contains(got, "Karte 9") {
		t.Errorf("seed list %q", got)
	}
	if eval[bool](p, `document.scrollingElement.scrollWidth > innerWidth`) {
		t.Error("the draw page is wider than the phone")
	}
	p.shot("swiss-seeds-phone")
}
