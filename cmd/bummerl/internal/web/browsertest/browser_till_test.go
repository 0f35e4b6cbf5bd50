package browsertest

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"

	"github.com/chromedp/chromedp"
)

// TestBrowserTill: the till (issue 23) in headless Chromium — prizes
// handed out with the prefilled forms, the Kassa on a projector-sized
// screen and a phone, and the Kassabericht printed to an A4 PDF whose
// numbers, read back, add up.
func TestBrowserTill(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	requirePoppler(t)
	t.Run("kassa", inParallel(browser, browserTill))
}

func browserTill(t *testing.T, browser context.Context) {
	f := webtest.TillFixture(t, newTestApp(t))
	first := f.WinnerOf(1)
	p := newPage(t, browser, f.App)
	p.login("Anna")
	p.open(f.Path+"/takings", testid("till-prizes"))
	if got := eval[string](p, `document.getElementById("f-to-1").value + "|" + document.getElementById("f-amount-1").value`); got != first+"|100,00" {
		t.Errorf("prize 1 offered as %q", got)
	}
	// Prize 1 as offered, prize 2 a little less and by card, prize 3 the goods.
	p.navigate("hand out prize 1", chromedp.Click(chromedp.CSS(testid("payout-1"))))
	p.step("prize 2: 45 € by card", chromedp.SetValue(chromedp.CSS("#f-amount-2"), "45"),
		chromedp.SetValue(chromedp.CSS("#f-payment-2"), "card"))
	p.navigate("hand out prize 2", chromedp.Click(chromedp.CSS(testid("payout-2"))))
	p.navigate("hand out prize 3", chromedp.Click(chromedp.CSS(testid("payout-3"))))
	// A wrong one refused at its form: prize 4 with a negative amount.
	p.step("prize 4: -5", chromedp.Evaluate[chromedp.Void](`document.getElementById("f-goods-4").value = "";
		document.getElementById("f-amount-4").value = "-5"`))
	if status := p.navigateStatus("refused", chromedp.Click(chromedp.CSS(testid("payout-4")))); status != 422 {
		t.Errorf("negative amount: status %d", status)
	}
	if got := p.text(testid("error-amount")); got != "Der Betrag darf nicht negativ sein" {
		t.Errorf("message %q", got)
	}
	p.open(f.Path+"/takings", testid("paid-3"))
	p.step("viewport 1920x1080", chromedp.EmulateViewport(1920, 1080))
	p.shot("kassa-1920")
	p.step("phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.shot("kassa-390")
	// The balance and the payouts fit the phone: nothing to scroll sideways.
	for _, id := range []string{"till-balance", "payouts-money", "payouts-goods", "till-prizes"} {
		if over := eval[int](p, `(e => e.scrollWidth - e.parentElement.clientWidth)(document.querySelector('[data-testid="`+id+`"]'))`); over > 0 {
			t.Errorf("%s is %d px too wide for a 390 px phone", id, over)
		}
	}
	p.step("desktop viewport", chromedp.ResetViewport())

	p.open(f.Path+"/takings/report", testid("till-report"))
	p.step("print media", emulateMedia("print"))
	doc := printPDF(t, p, "kassabericht")
	if doc.pages != 1 {
		t.Errorf("the Kassabericht prints on %d pages, want 1", doc.pages)
	}
	if dir := os.Getenv("BUMMERL_TILL_TEXT"); dir != "" {
		os.WriteFile(dir, []byte(doc.text), 0o644)
	}
	text := doc.text
	for _, want := range []string{"Kassabericht", "Preisschnapsen Zur Post", "14.03.2026", "Gasthaus Zur Post, Kirchberg",
		first, "Geschenkkorb", "Gezählt (Ist-Bestand)", "Differenz (Ist − Soll)", "Kassier/in", "Kassaprüfer/in", "Ort, Datum"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	// Read back: the payouts line by line add up to the column paid out;
	// per payment method sold less refunded is the takings, and the
	// takings less the payouts what is left.
	paid := 0
	for _, m := range regexp.MustCompile(`(?m)^\d+ \d+\. Preis .* (bar|Karte \(Bankomat\)|anders) ([\d.]+,\d\d €)`).FindAllStringSubmatch(text, -1) {
		paid += webtest.EuroCents(t, m[2])
	}
	const money = `(-?[\d.]+,\d\d €)`
	row := regexp.MustCompile(`(?m)^(bar|Karte \(Bankomat\)|anders|Gesamt)(?: \(in der Kassa\))? \d+ ` + money + ` \d+ ` + money + ` ` +
		money + ` − ` + money + ` ` + money + `$`)
	rows := map[string][5]int{}
	for _, m := range row.FindAllStringSubmatch(text, -1) {
		var r [5]int
		for i := range r {
			r[i] = webtest.EuroCents(t, m[i+2])
		}
		rows[m[1]] = r
	}
	if len(rows) != 4 || paid != 14500 || rows["Gesamt"][3] != paid {
		t.Fatalf("paid %d, rows %v in:\n%s", paid, rows, text)
	}
	for method, r := range rows {
		if r[0]-r[1] != r[2] || r[2]-r[3] != r[4] {
			t.Errorf("%s does not add up: %v", method, r)
		}
	}
	if rows["bar"] != [5]int{2000, 0, 2000, 10000, -8000} || rows["Karte (Bankomat)"] != [5]int{1000, 0, 1000, 4500, -3500} {
		t.Errorf("by payment method %v", rows)
	}
	if !regexp.MustCompile(`Soll-Bestand bar \(Einnahmen bar − Auszahlungen bar\) -80,00 €`).MatchString(text) {
		t.Errorf("the cash expected is not -80,00 € in:\n%s", text)
	}
}
