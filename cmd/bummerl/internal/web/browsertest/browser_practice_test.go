package browsertest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"bummerl/cmd/bummerl/internal/testutil"
	"bummerl/cmd/bummerl/internal/web"
	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/bot"
)

// TestBrowserPractice (issue 25 points 3 and 4): on a 390 px phone a
// player opens "Üben gegen den Computer" from his card's page, starts a
// game and plays a whole Bummerl against the bot by tapping, the bot's
// moves arriving through the table's event stream; after deal 1 he opens
// its replay and asks "Warum?" at a move, then goes back to the game.
// quickBot is a weak, quick bot for tests, as web's tests have it; the
// users' default is bot.Options{} (issue 25).
func quickBot(cfg *web.Config) { cfg.Bot = bot.Options{Worlds: 12, Nodes: 20_000} }

func TestBrowserPractice(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	app := newTestAppConfig(t, quickBot)
	f := webtest.NewFixture(t, app, map[string]string{"variant": "soft"}, 1, 1)
	p := newPage(t, browser, app)
	p.step("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	p.open(f.Path+"/card/1", testid("practice-link"))
	p.navigate("open the practice page", chromedp.Click(chromedp.CSS(testid("practice-link"))))
	p.shot("start")
	if !strings.Contains(p.text(testid("practice-note")), "zählt nie für das Turnier") {
		t.Error("the start page does not say that practice never counts")
	}
	p.navigate("start", chromedp.Click(chromedp.CSS(testid("practice-start"))))
	p.until("htmx ready", `window.htmx !== undefined && document.readyState === "complete"`)
	game := eval[string](p, `location.pathname`)
	if !strings.HasPrefix(game, "/practice/") {
		t.Fatalf("the game is at %q", game)
	}
	if !strings.Contains(p.text(testid("practice-banner")), "zählt nie für das Turnier") {
		t.Error("the table does not say that practice never counts")
	}
	// The game's is the app's one seat stream (no tournament table plays).
	testutil.Eventually(t, "the phone holds the game's stream", func() bool { return openStreams(f).Seats == 1 })
	status := testid("status")
	myTurnOrEnd := `document.querySelector('` + testid("final") + `') !== null || document.querySelector('` + status + `').dataset.toMove === document.querySelector('` + status + `').dataset.seat`
	reviewed := false
	for tap := 0; ; tap++ {
		if tap > 300 {
			t.Fatal("the Bummerl does not end")
		}
		p.until("the bot has moved", myTurnOrEnd)
		if eval[bool](p, `document.querySelector('`+testid("final")+`') !== null`) {
			break
		}
		if tap == 2 {
			p.shot("table")
		}
		if w := eval[int](p, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("the table is %d px wide on a 390 px phone", w)
		}
		if !reviewed && eval[bool](p, `document.querySelector('`+testid("practice-review")+`') !== null`) {
			// Deal 1 is over: its replay and the bot's "why" of a move.
			reviewed = true
			p.shot("deal-2")
			p.navigate("the replay", chromedp.Click(chromedp.CSS(testid("practice-review"))))
			p.navigate("why at a move", chromedp.Click(chromedp.CSS(testid("why-step"))))
			if n := eval[int](p, `document.querySelectorAll('[data-testid="why-row"]').length`); n == 0 {
				t.Fatal("the bot explains nothing")
			}
			if w := eval[int](p, `document.documentElement.scrollWidth`); w > 390 {
				t.Errorf("the explanation is %d px wide on a 390 px phone", w)
			}
			p.shot("why")
			p.navigate("back to the game", chromedp.Navigate(app.Srv.URL+game))
			p.until("htmx ready", `window.htmx !== undefined && document.readyState === "complete"`)
			continue
		}
		p.until("the table's forms wired up", formsReady)
		before := eval[int](p, `Number(document.querySelector('`+status+`').dataset.seq)`)
		tapOn := `[data-testid="hand-card"][data-legal="true"]`
		if !eval[bool](p, `document.querySelector('`+tapOn+`') !== null`) {
			tapOn = `[data-testid="actions"] button`
		}
		p.step("tap", chromedp.Click(chromedp.CSS(tapOn)))
		p.until("the move shows", `Number(document.querySelector('`+status+`').dataset.seq) > `+strconv.Itoa(before))
	}
	p.shot("final")
	if !reviewed {
		t.Error("no deal was over before the Bummerl: nothing reviewed")
	}
	p.navigate("the replay at the end", chromedp.Click(chromedp.CSS(testid("replay-link"))))
	p.step("wait", chromedp.WaitVisible(chromedp.CSS(testid("practice-note"))))
}
