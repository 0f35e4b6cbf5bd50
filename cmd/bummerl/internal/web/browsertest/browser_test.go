package browsertest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// TestBrowser drives the web app in headless Chromium the way staff and
// players use it; one browser serves all subtests, each in its own browser
// context. Screenshots (BUMMERL_SHOTS=1) go to $BUMMERL_ARTIFACTS or
// testdata/artifacts.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("sale desk", func(t *testing.T) { browserSaleDesk(t, browser) })
	t.Run("draw", func(t *testing.T) { browserDraw(t, browser) })
	t.Run("result entry", func(t *testing.T) { browserResults(t, browser) })
	t.Run("xss", func(t *testing.T) { browserXSS(t, browser) })
	t.Run("phone and print", func(t *testing.T) { browserPhoneAndPrint(t, browser) })
}

// browserSaleDesk: log in and create a tournament through the forms, then
// sell at the desk with the keyboard only; htmx swaps the desk in place.
func browserSaleDesk(t *testing.T, browser context.Context) {
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	p := newPage(t, browser, app)
	p.login("Anna")
	p.shot("tournaments")

	p.navigate("open the settings form", chromedp.Click(chromedp.CSS(testid("new-tournament"))))
	p.step("fill the settings form",
		chromedp.SendKeys(chromedp.ID("f-name"), "Preisschnapsen Hinterbrühl"),
		chromedp.SetValue(chromedp.ID("f-cards"), "8"),
		chromedp.SetValue(chromedp.ID("f-price"), "12,50"),
		chromedp.SetValue(chromedp.ID("f-prizes"), "2"),
		chromedp.SendKeys(chromedp.ID("f-prize_1"), "Schinken"),
		chromedp.SendKeys(chromedp.ID("f-prize_2"), "Wein"),
	)
	p.shot("settings")
	p.navigate("create the tournament", chromedp.Click(chromedp.CSS(testid("save-settings"))))
	p.until("the sale desk", `location.pathname.endsWith("/sale")`)

	// The name field has the focus; a mark on window survives only if the
	// page is not reloaded.
	p.until("focus on the name", `document.activeElement.id === "f-name"`)
	p.step("mark the page", chromedp.Evaluate[chromedp.Void](`window.deskMark = "still here"`))

	sell := func(keys string, sold int) {
		t.Helper()
		p.step("sell: "+keys, chromedp.KeyEvent(keys))
		p.until(strconv.Itoa(sold)+" cards sold", `document.querySelector('[data-testid="sold"]').textContent === "`+strconv.Itoa(sold)+`"`)
		// The new form takes the focus when htmx settles the swap; keys
		// typed before would go to the replaced form.
		p.until("an empty, focused form", `document.activeElement.id === "f-name" && document.activeElement.value === ""`)
	}
	// Name, Tab, number of cards, Enter, as README.md tells the sale desk.
	sell("Maria Huber"+kb.Tab+"2"+kb.Enter, 2)
	if got := p.text(testid("last-sale")); !strings.Contains(got, "Maria Huber") {
		t.Errorf("last sale %q does not name Maria Huber", got)
	}
	if cards := strings.Split(p.text(testid("sold-cards")), ", "); len(cards) != 2 {
		t.Errorf("sold cards %q, want two numbers", cards)
	}
	if mark := eval[string](p, `window.deskMark || ""`); mark != "still here" {
		t.Fatal("the sale reloaded the whole page")
	}
	p.shot("first-sale")

	sell("Josef Gruber"+kb.Tab+kb.Tab+kb.Tab+"ASK Mödling"+kb.Enter, 3) // one card: the default
	sell("Anna Berger"+kb.Tab+"3"+kb.Enter, 6)

	// Search an existing player and sell him one more card.
	p.step("search", chromedp.SendKeys(chromedp.CSS(testid("search")), "huber"))
	p.until("search result", `document.querySelectorAll('#search-results li').length === 1`)
	p.shot("search")
	p.step("sell more", chromedp.Click(chromedp.CSS(`#search-results li button[data-testid^="sell-more-"]`)))
	p.until("7 cards sold", `document.querySelector('[data-testid="sold"]').textContent === "7"`)
	chips := eval[int](p, `document.querySelectorAll('#search-results li .card-chip').length`)
	if chips != 3 {
		t.Errorf("Maria Huber shows %d cards after buying more, want 3", chips)
	}
	// Cancel one of her cards, after the question naming card and buyer.
	cancel := `#search-results li button[data-testid^="cancel-"]`
	no := eval[string](p, `document.querySelector('`+cancel+`').dataset.testid.slice("cancel-".length)`)
	p.confirmStep("cancel a sale", "Den Verkauf von Karte "+no+" an Maria Huber stornieren?", chromedp.Click(chromedp.CSS(cancel)))
	p.until("6 cards sold", `document.querySelector('[data-testid="sold"]').textContent === "6"`)
	p.shot("cancelled")

	if got := p.text(testid("left")); got != "2" {
		t.Errorf("cards left %q, want 2", got)
	}
	if got := p.text(testid("takings")); got != "75,00 €" {
		t.Errorf("takings %q, want 75,00 €", got)
	}
	if mark := eval[string](p, `window.deskMark || ""`); mark != "still here" {
		t.Error("search, sell more or cancel reloaded the whole page")
	}

	// English is one click away and stays chosen.
	p.navigate("switch to English", chromedp.Click(chromedp.CSS(testid("lang-switch")+` a[href$="lang=en"]`)))
	if got := p.text(testid("takings")); got != "€75.00" {
		t.Errorf("English takings %q, want €75.00", got)
	}
	p.open("/tournaments", testid("tournaments"))
	if got := eval[string](p, `document.documentElement.lang`); got != "en" {
		t.Errorf("language after switching: %q, want en", got)
	}
}

// browserDraw: the organiser announces a digital draw, the commitment is
// public, the draw reveals a seed whose SHA-256 is that commitment (P-4),
// and the round page lists the matches and the byes of the unsold cards.
func browserDraw(t *testing.T, browser context.Context) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1) // 6 of 8 cards: 2 byes (P-1)
	p := newPage(t, browser, f.App)
	p.login("Anna")
	p.open(f.Path+"/draw", testid("announce"))
	p.shot("draw-page")
	p.navigate("announce", chromedp.Click(chromedp.CSS(testid("announce"))))
	commitment := p.text(testid("commitment"))
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(commitment) {
		t.Fatalf("commitment %q is no SHA-256 in hex", commitment)
	}
	p.shot("announced")
	// Anybody sees the commitment before the draw.
	p.open(f.Path+"/rounds", testid("announced"))
	if public := p.text(testid("announced") + " " + testid("commitment")); public != commitment {
		t.Errorf("public commitment %q, organiser saw %q", public, commitment)
	}

	p.open(f.Path+"/draw", testid("perform"))
	p.navigate("perform the draw", chromedp.Click(chromedp.CSS(testid("perform"))))
	p.until("the round page", `location.pathname.endsWith("/rounds/1")`)
	// The draw's facts come folded, below the matches.
	if after := eval[bool](p, `!!(document.querySelector('[data-testid="matches"]').compareDocumentPosition(
		document.querySelector('[data-testid="draw-details"]')) & Node.DOCUMENT_POSITION_FOLLOWING)`); !after {
		t.Error("the draw's commitment and seed come before the matches")
	}
	p.step("unfold the draw", chromedp.Click(chromedp.CSS(testid("draw-details")+" summary")))
	seed := p.text(testid("seed"))
	if sum := sha256.Sum256([]byte(seed)); hex.EncodeToString(sum[:]) != commitment {
		t.Errorf("SHA-256 of the revealed seed %q is not the commitment %s", seed, commitment)
	}
	if shown := p.text(testid("draw-info") + " " + testid("commitment")); shown != commitment {
		t.Errorf("round page shows commitment %q, announced was %q", shown, commitment)
	}
	p.shot("round")

	// 8 cards: 4 pairings, 2 of them byes.
	statuses := eval[[]string](p, `[...document.querySelectorAll('#matches [data-testid^="status-"]')].map(e => e.textContent.trim())`)
	byes := 0
	for _, s := range statuses {
		if s == "Freilos" {
			byes++
		} else if s != "offen" {
			t.Errorf("new match has status %q, want offen", s)
		}
	}
	if len(statuses) != 4 || byes != 2 {
		t.Errorf("round 1 lists %q, want 2 matches and 2 byes", statuses)
	}
}

// browserResults: a helper enters a quick result and a full score sheet
// (B-4) through the match pages; a sheet that goes on after the match was
// decided is refused at that deal.
func browserResults(t *testing.T, browser context.Context) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	p := newPage(t, browser, f.App)
	p.login("Hans")
	round := f.Path + "/rounds/1"

	// Quick result: B wins 2:1.
	p.open(round, testid("enter-1"))
	p.navigate("open match 1", chromedp.Click(chromedp.CSS(testid("enter-1"))))
	m1 := f.MatchOf(1, 1)
	p.step("quick result",
		chromedp.SetValue(chromedp.ID("f-winner"), strconv.Itoa(int(m1.B))),
		chromedp.SendKeys(chromedp.ID("f-bummerl"), "2:1"),
	)
	p.navigate("save the quick result", chromedp.Click(chromedp.CSS(testid("save-quick"))))
	if p.text(testid("saved")) == "" {
		t.Error("no confirmation after the quick result")
	}
	p.shot("quick-saved")

	// Score sheet: seat 1 (B) wins 2:1 Bummerl in nine deals; a tenth deal
	// after the end is refused at row 10.
	deals := [][3]string{{"1", "3", "declared"}, {"1", "3", "declared"}, {"1", "1", "last_trick"},
		{"0", "3", "closing_failed"}, {"0", "2", ""}, {"0", "2", "declared"},
		{"1", "3", "declared"}, {"1", "2", "renonce"}, {"1", "2", "declared"}, {"0", "1", ""}}
	p.open(round, testid("enter-2"))
	p.navigate("open match 2", chromedp.Click(chromedp.CSS(testid("enter-2"))))
	var fill []chromedp.Action[chromedp.Void]
	for i, d := range deals {
		for j, part := range []string{"winner", "points", "reason"} {
			fill = append(fill, chromedp.SetValue(chromedp.ID("f-"+views.DealField(i, part)), d[j]))
		}
	}
	p.step("fill the sheet", fill...)
	if status := p.navigateStatus("save the sheet", chromedp.Click(chromedp.CSS(testid("save-sheet")))); status != http.StatusUnprocessableEntity {
		t.Errorf("sheet with a deal after the end: status %d, want 422", status)
	}
	msg := p.text(testid("deal9") + " " + testid("error-deal9"))
	if !strings.Contains(msg, "Die Partie war schon entschieden") {
		t.Errorf("message at deal 10: %q", msg)
	}
	if n := eval[int](p, `document.querySelectorAll('tr.invalid').length`); n != 1 {
		t.Errorf("%d rows marked invalid, want 1", n)
	}
	p.step("show the message", chromedp.ScrollIntoView(chromedp.CSS(testid("deal9"))))
	p.shot("sheet-refused")
	if f.MatchOf(1, 2).Result != nil {
		t.Fatal("refused sheet was saved")
	}

	// Clear the tenth deal and save again.
	p.step("clear deal 10",
		chromedp.SetValue(chromedp.ID("f-"+views.DealField(9, "winner")), ""),
		chromedp.SetValue(chromedp.ID("f-"+views.DealField(9, "points")), ""),
	)
	p.navigate("save the sheet again", chromedp.Click(chromedp.CSS(testid("save-sheet"))))
	if p.text(testid("saved")) == "" {
		t.Error("no confirmation after the sheet")
	}
	p.shot("sheet-saved")

	p.open(round, testid("matches"))
	for no, want := range map[int]string{1: "fertig, 2:1", 2: "fertig, 2:1"} {
		if got := p.text(testid("status-" + strconv.Itoa(no))); got != want {
			t.Errorf("match %d: status %q, want %q", no, got, want)
		}
	}
	p.shot("round")
}

// hostileNames are player names that would run script or break out of an
// attribute if a page put them into HTML unescaped.
var hostileNames = []string{`<script>alert(1)</script>`, `"><img src=x onerror=alert(2)>`}

// browserXSS: hostile names are sold at the desk and then shown, as text
// only, on every page that names players; no dialog opens, nothing is
// injected.
func browserXSS(t *testing.T, browser context.Context) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1) // and two hostile players: no byes
	p := newPage(t, browser, f.App)
	p.login("Anna")
	p.open(f.Path+"/sale", testid("sale-form"))
	for i, name := range hostileNames {
		p.until("an empty, focused form", `document.activeElement.id === "f-name" && document.activeElement.value === ""`)
		p.step("sell to "+name, chromedp.KeyEvent(name+kb.Enter))
		p.until("the sale", `document.querySelector('[data-testid="sold"]').textContent === "`+strconv.Itoa(7+i)+`"`)
		mustShowAsText(t, p, "sale desk", name)
	}
	p.step("search", chromedp.SendKeys(chromedp.CSS(testid("search")), "alert"))
	p.until("both found", `document.querySelectorAll('#search-results li').length === 2`)
	mustShowAsText(t, p, "search results", hostileNames...)
	p.shot("sale-desk")

	// The draw page offers the players for a physical draw.
	p.open(f.Path+"/draw", testid("physical-form"))
	mustShowAsText(t, p, "draw", hostileNames...)

	f.DrawDigital()
	card := cardOf(t, f, hostileNames[1])
	match := strconv.Itoa(matchOfCard(t, f, card))
	pages := []struct {
		name, path, ready string
		names             []string // the hostile names this page shows
	}{
		{"overview", f.Path, testid("players"), hostileNames},
		{"round", f.Path + "/rounds/1", testid("matches"), hostileNames},
		{"player", f.Path + "/card/" + strconv.Itoa(int(card)), testid("player-name"), hostileNames[1:]},
		{"match", f.Path + "/rounds/1/matches/" + match, testid("pairing"), hostileNames[1:]},
		{"standings", f.Path + "/standings", "main h1", hostileNames},
		{"entry cards", f.Path + "/entry-cards", testid("entry-cards"), hostileNames},
		{"round print", f.Path + "/print/rounds/1", testid("print-round"), hostileNames},
		{"sheets print", f.Path + "/print/rounds/1/sheets", testid("sheet-" + match), hostileNames[1:]},
	}
	for _, pg := range pages {
		p.open(pg.path, pg.ready)
		mustShowAsText(t, p, pg.name, pg.names...)
		p.shot(pg.name)
	}
}

// matchOfCard is the number of the round 1 match that card plays.
func matchOfCard(t *testing.T, f webtest.Fixture, card tournament.CardNo) int {
	t.Helper()
	for _, m := range f.Load().Rounds[0].Matches {
		if m.A == card || m.B == card {
			return m.No
		}
	}
	t.Fatalf("card %d plays no match in round 1", card)
	return 0
}

// mustShowAsText checks that the page shows each name as text and that no
// element or script came out of it.
func mustShowAsText(t *testing.T, p *browserPage, page string, names ...string) {
	t.Helper()
	text := eval[string](p, `document.body.innerText`)
	for _, n := range names {
		if !strings.Contains(text, n) {
			t.Errorf("%s: %q not shown as text", page, n)
		}
	}
	injected := eval[int](p, `document.querySelectorAll('img[src="x"], [onerror]').length +
		[...document.scripts].filter(s => s.textContent.includes("alert")).length`)
	if injected > 0 {
		t.Errorf("%s: %d injected elements", page, injected)
	}
	if n := p.dialogCount(); n > 0 {
		t.Errorf("%s: %d JavaScript dialogs opened", page, n)
	}
}

// cardOf is the first card of the player with this name.
func cardOf(t *testing.T, f webtest.Fixture, name string) tournament.CardNo {
	t.Helper()
	tr := f.Load()
	for _, c := range tr.Cards {
		if pl, ok := tr.Player(c.Player); ok && pl.Name == name {
			return c.No
		}
	}
	t.Fatalf("no card of %q", name)
	return 0
}

// browserPhoneAndPrint: the public pages fit a phone without sideways
// scrolling; entry cards and the round list print to A4 PDFs without the
// navigation.
func browserPhoneAndPrint(t *testing.T, browser context.Context) {
	f := newFixture(t, map[string]string{"name": "Preisschnapsen des Sportvereins Hinterbrühl-Weissenbach"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	p := newPage(t, browser, f.App)
	const phoneWidth = 390
	p.step("phone viewport", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	phone := []struct{ name, path, ready string }{
		{"player", f.Path + "/card/1", testid("player-name")},
		{"overview", f.Path, testid("players")},
		{"round", f.Path + "/rounds/1", testid("matches")},
		{"standings", f.Path + "/standings", "main"},
	}
	fits := func(name string) {
		t.Helper()
		// A phone browser zooms out to show a page that is too wide, and
		// innerWidth grows with it: compare with the screen.
		if w := eval[int](p, `Math.max(document.scrollingElement.scrollWidth, innerWidth)`); w > phoneWidth {
			t.Errorf("%s on a phone: page is %d px wide, screen %d px", name, w, phoneWidth)
		}
	}
	for _, pg := range phone {
		p.open(pg.path, pg.ready)
		fits(pg.name)
		p.shot("phone-" + pg.name)
	}
	p.login("Anna") // staff pages too: the desk is used on tablets
	for _, pg := range []struct{ name, path, ready string }{
		{"sale", f.Path + "/sale", testid("desk")},
		{"round-staff", f.Path + "/rounds/1", testid("matches")},
		{"match", f.Path + "/rounds/1/matches/1", testid("sheet-form")},
	} {
		p.open(pg.path, pg.ready)
		fits(pg.name)
		p.shot("phone-" + pg.name)
	}
	p.step("desktop viewport", chromedp.ResetViewport())

	for _, pg := range []struct {
		name, path, ready string
		pages             int
	}{
		{"entry-cards", f.Path + "/entry-cards", testid("entry-cards"), 1}, // 8 cards, 8 a page
		{"round-list", f.Path + "/print/rounds/1", testid("print-round"), 1},
	} {
		p.open(pg.path, pg.ready)
		pdf := runStep(p, "print "+pg.name, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) || len(pdf) < 1000 {
			t.Errorf("%s: no PDF (%d bytes)", pg.name, len(pdf))
		}
		if n := pdfPages(pdf); n != pg.pages {
			t.Errorf("%s: %d pages printed, want %d", pg.name, n, pg.pages)
		}
		p.save(pg.name+".pdf", pdf)
		p.step("print media", emulateMedia("print"))
		hidden := eval[bool](p, `[...document.querySelectorAll('.site-header, nav')].every(e => getComputedStyle(e).display === "none")`)
		if !hidden {
			t.Errorf("%s: navigation printed", pg.name)
		}
		p.shot("print-" + pg.name)
		p.step("screen media", emulateMedia(""))
	}
}
