package browsertest

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"

	"github.com/chromedp/chromedp"
)

// TestBrowserSwiss drives a Swiss tournament's room screens in headless
// Chromium (issue 14): the projector at 1920×1080 with the round's boards
// and the standings, live into the next round; a player's phone at
// 390 px with his table, opponent, points and place; the standings table
// within a phone's width.
func TestBrowserSwiss(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	f := newFixture(t, map[string]string{"name": "Schweizer Schnapsen Zur Post", "form": "swiss", "cards": "32", "swiss_rounds": "4"})
	for _, name := range roomNames[:13] {
		if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {name}, "count": {"1"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d", name, r.Status)
		}
	}
	f.DrawDigital()
	f.FinishRound(1)
	f.DrawDigital()

	p := newPage(t, browser, f.App)
	p.step("beamer", chromedp.EmulateViewport(1920, 1080))
	p.open(f.Path+"/screen", testid("screen-swiss"))
	p.until("paged lists", `[...document.querySelectorAll("[data-pages]")].every(l => l.bummerlPages)`)
	screenChecks(t, p, "1920x1080 swiss")
	// 13 players: round 2's bye counts already, so round 2 is under way.
	if got := p.text(testid("screen-swiss") + " h2"); !strings.HasPrefix(got, "Tabelle – Runde 2 läuft") {
		t.Errorf("standings heading %q", got)
	}
	if got := p.text(testid("screen-swiss") + " li"); !strings.HasPrefix(got, "1.") || !strings.Contains(got, "1 P") {
		t.Errorf("first line of the standings %q", got)
	}
	p.shot("swiss-projector")

	// Round 2 decided and round 3 paired through the API: the screen
	// follows without a reload.
	p.step("mark the page", chromedp.Evaluate[chromedp.Void](`window.screenMark = "no reload"`))
	f.FinishRound(2)
	base := "/api/tournaments/" + strconv.FormatInt(f.ID, 10)
	r := f.API.API(http.MethodPost, base+"/draw/announce", f.Anna, nil)
	commitment := webtest.Decode[map[string]string](t, r)["commitment"]
	if r := f.API.API(http.MethodPost, base+"/draw/digital", f.Anna, map[string]string{"commitment": commitment}); r.Status != http.StatusCreated {
		t.Fatalf("pair round 3: %d %s", r.Status, r.Body)
	}
	p.untilWithin("round 3 on the screen", 5*time.Second, `document.querySelector('[data-testid="screen-round"]')?.textContent.startsWith("Runde 3")`)
	if mark := eval[string](p, `window.screenMark || ""`); mark != "no reload" {
		t.Error("the screen reloaded to show round 3")
	}
	screenChecks(t, p, "1920x1080 swiss round 3")
	p.shot("swiss-projector-round-3")

	// The phone of the first board's first player.
	m := f.Load().Rounds[2].Matches[0]
	p.step("phone", chromedp.EmulateViewport(390, 844))
	p.open(f.Path+"/card/"+strconv.Itoa(int(m.A)), testid("swiss-score"))
	if got := p.text(testid("swiss-score")); !strings.Contains(got, "Platz") || !strings.Contains(got, "Runde 3 von 4") {
		t.Errorf("phone score %q", got)
	}
	if got := p.text(testid("next-" + strconv.Itoa(int(m.A)))); !strings.Contains(got, "Tisch 1") {
		t.Errorf("phone next %q", got)
	}
	wide := `document.scrollingElement.scrollWidth > innerWidth`
	if eval[bool](p, wide) {
		t.Error("the phone page is wider than the phone")
	}
	p.shot("swiss-phone")
	p.open(f.Path+"/standings", testid("swiss-standings"))
	if right := eval[float64](p, `document.querySelector('[data-testid="swiss-standings"]').getBoundingClientRect().right`); right > 390 {
		t.Errorf("the standings table ends at %v px on a 390 px phone", right)
	}
	p.shot("swiss-standings-phone")

	// The organiser pairs, enters late and withdraws on a phone too.
	p.login("Anna")
	p.open(f.Path+"/draw", testid("swiss-players"))
	if eval[bool](p, wide) {
		t.Error("the draw page is wider than the phone")
	}
	p.shot("swiss-draw-phone")
	for _, pg := range []struct{ path, sel, name string }{
		{f.Path + "/sale", "desk", "swiss-sale-phone"},
		{"/tournaments/new", "swiss-fields", "swiss-settings-phone"},
	} {
		p.open(pg.path, testid(pg.sel))
		if eval[bool](p, wide) {
			t.Errorf("%s is wider than the phone", pg.path)
		}
		p.shot(pg.name)
	}
}
