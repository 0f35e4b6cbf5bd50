package browsertest

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/testutil"
	"bummerl/cmd/bummerl/internal/web/webtest"

	"github.com/chromedp/chromedp"
)

// TestBrowserLive: live pages in headless Chromium (docs/web.md, "Live
// updates").
func TestBrowserLive(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("round page", func(t *testing.T) { browserLiveRound(t, browser) })
}

// liveWithin is how soon a result must show on an open page.
const liveWithin = 2 * time.Second

// browserLiveRound: a visitor's round page (the notice board) shows a
// result entered through the API within 2 s, without a reload (a mark on
// window survives) and keeping its scroll position; after the connection
// drops (Wi-Fi, server restart) the page reconnects by itself and shows
// the next result as well.
func browserLiveRound(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"cards": "16"}, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	p := newPage(t, browser, f.App)
	p.step("a short window", chromedp.EmulateViewport(1000, 400))
	p.open(f.Path+"/rounds/1", testid("matches"))
	testutil.Eventually(t, "the page holds the stream", func() bool { return f.App.Store.Subscribers(f.ID) == 1 })
	p.step("mark the page and scroll", chromedp.Evaluate[chromedp.Void](`
		window.liveMark = "still here";
		window.liveRevs = [];
		document.addEventListener("bummerl:live", e => window.liveRevs.push(e.detail.revision));
		window.scrollTo(0, 200);`))
	y := eval[int](p, "Math.round(window.scrollY)")
	if y < 100 {
		t.Fatalf("the page did not scroll (scrollY %d): too short to test the scroll position", y)
	}
	p.shot("before")

	result := func(step string) {
		t.Helper()
		m := f.FirstPlayable(1)
		status := testid("status-" + strconv.Itoa(m.No))
		before := p.text(status)
		start := time.Now()
		r := f.API.API(http.MethodPut, webtest.APIRoundPath(f.ID, 1)+"/matches/"+strconv.Itoa(m.No)+"/result", f.Anna,
			map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 1}})
		if r.Status != http.StatusOK {
			t.Fatalf("result: status %d\n%s", r.Status, r.Body)
		}
		p.until("the result on the page", `document.querySelector('`+status+`').textContent.includes("2:1")`)
		if took := time.Since(start); took > liveWithin {
			t.Errorf("%s: the result showed after %v, want within %v", step, took, liveWithin)
		} else {
			t.Logf("%s: the result showed after %v", step, took)
		}
		if after := p.text(status); after == before {
			t.Errorf("status unchanged: %q", after)
		}
		if mark := eval[string](p, `window.liveMark || ""`); mark != "still here" {
			t.Fatal("the page was reloaded")
		}
		if got := eval[int](p, "Math.round(window.scrollY)"); got != y {
			t.Errorf("scroll position %d after the refresh, was %d", got, y)
		}
		rev := f.Revision()
		p.until("bummerl:live with the new revision", `window.liveRevs.includes(`+strconv.FormatInt(rev, 10)+`)`)
		p.shot(step)
	}
	result("first-result")

	// The connection drops: EventSource reconnects by itself (retry 1 s).
	// The browser reports the cut stream; that is expected here.
	p.allow("ERR_INCOMPLETE_CHUNKED_ENCODING " + f.App.Srv.URL + f.Path + "/events")
	f.App.Srv.CloseClientConnections()
	testutil.Eventually(t, "the page reconnected", func() bool { return f.App.Store.Subscribers(f.ID) == 1 })
	result("after-reconnect")
	if revs := eval[[]int](p, "window.liveRevs"); len(revs) < 2 {
		t.Errorf("bummerl:live revisions %v, want one per change at least", revs)
	}
	if body := p.text("body"); strings.Contains(body, "Fehler") {
		t.Errorf("the page shows an error: %s", body)
	}
}
