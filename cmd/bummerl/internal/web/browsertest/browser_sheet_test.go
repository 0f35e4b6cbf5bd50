package browsertest

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/views"
)

// browserSheet: the helper picks deal by deal; the counts and the Bummerl
// line appear without saving.
func browserSheet(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	p := newPage(t, browser, f.App)
	p.login("Hans")
	p.open(webtest.MatchPath(f.ID, 1, m.No), testid("sheet-form"))
	for i, d := range []string{"1/3", "1/3", "1/1", "0/3"} {
		seat, points, _ := strings.Cut(d, "/")
		p.step("deal "+strconv.Itoa(i+1), chromedp.Evaluate[chromedp.Void](`(() => {
			const w = document.getElementById("f-`+views.DealField(i, "winner")+`"), pt = document.getElementById("f-`+views.DealField(i, "points")+`");
			w.value = "`+seat+`"; pt.value = "`+points+`";
			pt.dispatchEvent(new Event("change", {bubbles: true}));
		})()`))
		p.until("count of deal "+strconv.Itoa(i+1), `document.querySelector('[data-testid="count-`+strconv.Itoa(i+1)+`-`+seat+`"] strong') !== null`)
	}
	if got := p.text(testid("bummerl-after-3")); !strings.Contains(got, "Stand 0:1") {
		t.Errorf("Bummerl line %q", got)
	}
	p.step("show", chromedp.ScrollIntoView(chromedp.CSS(testid("sheet-form"))))
	p.shot("sheet-running")
	p.step("phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.shot("sheet-running-phone")
}
