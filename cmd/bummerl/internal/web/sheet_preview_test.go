package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"bummerl/views"
)

// sheetValues9 is a sheet form of deals "seat/points".
func sheetValues9(rows int, deals ...string) url.Values {
	v := url.Values{"rows": {strconv.Itoa(rows)}}
	for i, d := range deals {
		seat, points, _ := strings.Cut(d, "/")
		v.Set(views.DealField(i, "winner"), seat)
		v.Set(views.DealField(i, "points"), points)
	}
	return v
}

// Issue 9: the score sheet as on paper — each side counts down from 7,
// a line where a Bummerl ends with the score, and a deal after the end
// named with the score at that point, while typing (htmx preview).
func TestSheetPreview(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	path := matchURL(matchRef{f.id, 1, m.No}) + "/sheet/preview"
	// B wins a Bummerl (3+3+1), A one (3+2+2), B the next (3+2+2), then a
	// deal too many.
	deals := []string{"1/3", "1/3", "1/1", "0/3", "0/2", "0/2", "1/3", "1/2", "1/2", "0/1"}
	r := f.helper.htmx(path, sheetValues9(16, deals...))
	if r.status != http.StatusOK {
		t.Fatalf("preview: %d\n%s", r.status, r.body)
	}
	mustNotContain(t, r.body, "<html")
	a, b := strconv.Itoa(int(m.A)), strconv.Itoa(int(m.B))
	mustContain(t, r.body, `id="sheet-table"`,
		`data-testid="count-1-1"><strong>4</strong>`, `data-testid="count-1-0">7<`,
		`data-testid="count-3-1"><strong>0</strong>`, `data-testid="bummerl-after-3"`, "Bummerl für Karte "+b+" – Stand 0:1",
		"Bummerl für Karte "+a+" – Stand 1:1", "Bummerl für Karte "+b+" – Stand 1:2",
		`data-testid="sheet-problem-10"`, "Spiel 10: die Partie ist bei 2:1 schon entschieden")
	if f.matchOf(1, m.No).Result != nil {
		t.Fatal("the preview saved")
	}
	// A half row.
	v := sheetValues9(16, "1/3")
	v.Set(views.DealField(1, "winner"), "0")
	mustContain(t, f.helper.htmx(path, v).body, "Spiel 2: Sieger und Punkte angeben")
	// English; visitors may not.
	f.helper.get(f.path + "?lang=en")
	mustContain(t, f.helper.htmx(path, sheetValues9(16, deals...)).body, "Game 10: already decided at 2:1", "Bummerl to card "+b)
	if r := f.app.client().htmx(path, sheetValues9(16, deals...)); r.status != http.StatusForbidden && r.status != http.StatusSeeOther && r.status != http.StatusUnauthorized {
		t.Errorf("visitor: %d", r.status)
	}
}

// browserSheet: the helper picks deal by deal; the counts and the Bummerl
// line appear without saving.
func browserSheet(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	p := newPage(t, browser, f.app)
	p.login("Hans")
	p.open(matchURL(matchRef{f.id, 1, m.No}), testid("sheet-form"))
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
