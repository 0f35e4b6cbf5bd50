package browsertest

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/views"
)

// TestBrowserBotSeat (issue 25 point 3): on a 390 px phone a helper
// seats the computer against the player whose opponent did not come;
// the player opens the link shown, reads that the game does not count,
// taps a card and the bot answers through the table's stream.
func TestBrowserBotSeat(t *testing.T) {
	t.Parallel() // waits on Chromium mostly
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	app := newTestAppConfig(t, quickBot)
	f := webtest.NewFixture(t, app, map[string]string{"variant": "soft"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)

	staff, phone := newPage(t, browser, app), newPage(t, browser, app) // each clears the test's old screenshots
	staff.step("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	staff.login("Hans")
	staff.open(views.PlayAdminPath(f.ID, 1, m.No), testid("bot-form"))
	staff.step("card B is there", chromedp.SetValue(chromedp.CSS(testid("bot-side")), "1"))
	staff.navigate("seat the computer", chromedp.Click(chromedp.CSS(testid("start-bot"))))
	staff.shot("staff-phone")
	if w := eval[int](staff, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the staff page is %d px wide on a 390 px phone", w)
	}
	if !strings.Contains(staff.text(testid("bot-never-counts")), "zählt nicht für das Turnier") {
		t.Error("the staff page does not say that the game does not count")
	}
	link := eval[string](staff, `document.querySelector('`+testid("bot-link")+`').href`)
	u, err := url.Parse(link)
	if err != nil || !strings.HasPrefix(u.Path, "/practice/") {
		t.Fatalf("the player's link %q", link)
	}

	phone.step("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	phone.open(u.Path, testid("table"))
	phone.until("htmx ready", `window.htmx !== undefined && document.readyState === "complete"`)
	if banner := phone.text(testid("bot-seat-banner")); banner != "Übungspartie gegen den Computer — zählt nicht für das Turnier." {
		t.Errorf("the player's screen says %q", banner)
	}
	status := testid("status")
	seq := `+document.querySelector('` + status + `').dataset.seq`
	myTurn := `document.querySelector('` + status + `').dataset.toMove === document.querySelector('` + status + `').dataset.seat`
	// Tap until the bot has answered a tap (a won trick leads again).
	for tap := 0; ; tap++ {
		if tap == 8 {
			t.Fatal("the bot never answers")
		}
		phone.until("the player's turn", myTurn)
		before := eval[int](phone, seq)
		phone.step("tap a card", chromedp.Click(chromedp.CSS(testid("hand-card")+`[data-legal="true"]`)))
		phone.until("the tap counted, the player's turn again", myTurn+` && `+seq+` > `+strconv.Itoa(before))
		if eval[int](phone, seq) > before+1 {
			break
		}
	}
	phone.shot("phone")
	if w := eval[int](phone, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the player's screen is %d px wide on a 390 px phone", w)
	}
	// The staff page on the laptop follows the game's standing.
	staff.step("laptop size", chromedp.EmulateViewport(1920, 1080))
	staff.open(views.PlayAdminPath(f.ID, 1, m.No), testid("bot-standing"))
	staff.shot("staff-wide")
	if s := staff.text(testid("bot-standing")); !strings.Contains(s, "läuft") {
		t.Errorf("the staff page's standing: %q", s)
	}
}
