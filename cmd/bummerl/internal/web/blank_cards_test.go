package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// Issue 23: blank numbered cards printed before the evening carry the QR
// code each card has once sold: the same address, the same picture.
func TestBlankCards(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"}, 1, 2) // 1; 2, 3
	before := f.Helper.Get(f.Path + "/card/5/qr.png")
	if before.Status != http.StatusOK || before.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("QR of card 5 before its sale: %d %s", before.Status, before.Header.Get("Content-Type"))
	}

	// 1 to N by default: every number once, none with a name, the
	// address of each card's page; on the print index and the cards page.
	page := f.Helper.Get(f.Path + "/entry-cards/blank")
	if page.Status != http.StatusOK {
		t.Fatalf("blank cards: %d\n%s", page.Status, page.Body)
	}
	for no := 1; no <= 16; no++ {
		webtest.MustContain(t, page.Body, `data-testid="entry-card-`+strconv.Itoa(no)+`"`, "http://bummerl.test/t/1/card/"+strconv.Itoa(no)+"<")
	}
	webtest.MustNotContain(t, page.Body, `data-testid="entry-card-17"`, "Spieler 1<")
	if n := strings.Count(page.Body, `<svg class="qr"`); n != 16 {
		t.Errorf("%d QR codes on 16 blank cards", n)
	}
	if n := strings.Count(page.Body, `class="entry-player entry-blank"`); n != 16 {
		t.Errorf("%d blank name lines, want 16", n)
	}
	if n := strings.Count(page.Body, `<section class="entry-page"`); n != 2 {
		t.Errorf("16 blank cards: %d pages, want 2", n)
	}
	blankURL := printedURL(t, page.Body, 5)
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print").Body, `href="/t/1/entry-cards/blank" data-testid="print-blank"`)
	webtest.MustContain(t, f.Helper.Get(f.Path+"/entry-cards").Body, `href="/t/1/entry-cards/blank" data-testid="blank-link"`)

	// A range, and numbers outside 1 to N refused with the form and no card.
	page = f.Helper.Get(f.Path + "/entry-cards/blank?from=3&to=5")
	if n := strings.Count(page.Body, `class="entry-card"`); n != 3 {
		t.Errorf("3 to 5: %d cards", n)
	}
	for _, q := range []string{"from=0", "to=17", "from=5&to=4", "from=x"} {
		r := f.Helper.Get(f.Path + "/entry-cards/blank?" + q)
		if r.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", q, r.Status)
		}
		webtest.MustContain(t, r.Body, "Die Nummern gehen von 1 bis 16", `data-testid="blank-form"`)
		webtest.MustNotContain(t, r.Body, `class="entry-card"`)
	}
	if r := f.Helper.Get(f.Path + "/card/17/qr.png"); r.Status != http.StatusNotFound {
		t.Errorf("QR of card 17 of 16: %d", r.Status)
	}
	// A phone that scans a blank card before its sale is recorded is told so.
	r := f.App.Client().Get(f.Path + "/card/5")
	if r.Status != http.StatusNotFound {
		t.Errorf("card 5 before its sale: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Karte 5 ist noch nicht verkauft")

	// Sold: the card's page, its address and its QR code are the blank's.
	if r := f.Helper.Post(f.Path+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}, "numbers": {"5"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sell card 5: %d\n%s", r.Status, r.Body)
	}
	sold := f.Helper.Get(f.Path + "/entry-cards?cards=5").Body
	webtest.MustContain(t, sold, "Maria Berger")
	if got := printedURL(t, sold, 5); got != blankURL || !strings.HasSuffix(got, "/t/1/card/5") {
		t.Errorf("card 5 sold: %q, blank: %q", got, blankURL)
	}
	if after := f.Helper.Get(f.Path + "/card/5/qr.png"); after.Body != before.Body {
		t.Error("card 5's QR code changed with its sale")
	}
	webtest.MustContain(t, f.App.Client().Get(f.Path+"/card/5").Body, "Maria Berger")

	// English.
	f.Helper.Get(f.Path + "/entry-cards/blank?lang=en")
	webtest.MustContain(t, f.Helper.Get(f.Path+"/entry-cards/blank").Body, "Blank cards", "From number")
}

// Issue 23: the desk sells the card whose paper it hands out, and prints a
// buyer's cards or one card again; with and without htmx.
func TestSellPrePrinted(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16", "max_cards": "3"}, 1, 1) // Spieler 1: 1, Spieler 2: 2
	sold := func() int { f.T.Helper(); return f.Load().Sold() }

	// Without JavaScript: the numbers typed, the count left at 1.
	r := f.Helper.Post(f.Path+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}, "numbers": {"9, 7"}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("sell 7 and 9: %d\n%s", r.Status, r.Body)
	}
	desk := f.Helper.Get(r.Location()).Body
	webtest.MustContain(t, desk, `data-testid="sold-cards">7, 9<`,
		`href="/t/1/entry-cards?cards=7%2C9" target="_blank" accesskey="k" class="no-print" data-testid="print-sold">Karten drucken<`)
	if c, _ := f.Load().Card(7); c.Player == 0 {
		t.Fatal("card 7 not sold")
	}
	// The next sale without numbers takes the lowest free one.
	r = f.Helper.Htmx(f.Path+"/sale", url.Values{"name": {"Josef Gruber"}, "count": {"1"}})
	webtest.MustContain(t, r.Body, `data-testid="sold-cards">3<`, `href="/t/1/entry-cards?cards=3"`)

	// Refusals: at the numbers field, the input kept, nothing written.
	for _, tc := range []struct {
		name, count, numbers string
		status               int
		msg                  string
	}{
		{"Franz Huber", "1", "7", http.StatusConflict, "Karte 7 ist schon verkauft, an Maria Berger"},
		{"Franz Huber", "1", "17", http.StatusUnprocessableEntity, "Karte 17 gibt es nicht: die Nummern gehen von 1 bis 16"},
		{"Franz Huber", "2", "10", http.StatusUnprocessableEntity, "Die Anzahl der Karten (2) und der Kartennummern (1) weichen voneinander ab"},
		{"Franz Huber", "1", "10 10", http.StatusUnprocessableEntity, "Karte 10 ist zweimal angegeben"},
		{"Franz Huber", "1", "zehn", http.StatusUnprocessableEntity, "Kartennummern wie 17 oder 17, 18"},
	} {
		n := sold()
		form := url.Values{"name": {tc.name}, "count": {tc.count}, "numbers": {tc.numbers}}
		r := f.Helper.Htmx(f.Path+"/sale", form)
		if r.Status != tc.status {
			t.Errorf("numbers %q: status %d, want %d", tc.numbers, r.Status, tc.status)
		}
		webtest.MustContain(t, r.Body, `data-testid="error-numbers">`+tc.msg, `value="`+tc.numbers+`"`, `value="Franz Huber"`)
		// Without htmx the whole desk, the same message.
		webtest.MustContain(t, f.Helper.Post(f.Path+"/sale", form).Body, tc.msg, "<html")
		if sold() != n {
			t.Errorf("numbers %q: sold %d, was %d", tc.numbers, sold(), n)
		}
	}

	// A player found sells one more pre-printed card; his cards each
	// have a link to print them again.
	r = f.Helper.Htmx(f.Path+"/sale", url.Values{"player": {"1"}, "count": {"1"}, "numbers": {"12"}, "q": {"Spieler 1"}})
	webtest.MustContain(t, r.Body, `data-testid="sold-cards">12<`, `data-testid="sell-more-numbers-1"`,
		`href="/t/1/entry-cards?cards=12" target="_blank" aria-label="Karte 12 drucken" data-testid="reprint-12"`)
	r = f.Helper.Htmx(f.Path+"/sale", url.Values{"player": {"1"}, "count": {"1"}, "numbers": {"12"}})
	if r.Status != http.StatusConflict {
		t.Errorf("card 12 again: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="sale-problem">Karte 12 ist schon verkauft, an Spieler 1`)

	// The namesake ask keeps the numbers to its answer.
	r = f.Helper.Htmx(f.Path+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}, "numbers": {"14"}})
	webtest.MustContain(t, r.Body, `data-testid="sale-ask"`, `name="numbers" value="14"`)
	r = f.Helper.Htmx(f.Path+"/sale", url.Values{"ask": {"1"}, "player": {playerCalled(t, f, "Maria Berger")}, "count": {"1"}, "numbers": {"14"}, "name": {"Maria Berger"}})
	webtest.MustContain(t, r.Body, `data-testid="sold-cards">14<`)

	// The print page of the cards asked for: those only; unsold or bad
	// numbers refused.
	page := f.Helper.Get(f.Path + "/entry-cards?cards=7,9").Body
	webtest.MustContain(t, page, `data-testid="entry-card-7"`, `data-testid="entry-card-9"`, "Startkarten 7, 9", `data-testid="all-cards"`, `autofocus data-testid="print-button"`)
	if n := strings.Count(page, `class="entry-card"`); n != 2 {
		t.Errorf("cards 7, 9: %d cards printed", n)
	}
	if r := f.Helper.Get(f.Path + "/entry-cards?cards=8"); r.Status != http.StatusNotFound || !strings.Contains(r.Body, "Karte 8 ist noch nicht verkauft") {
		t.Errorf("unsold card 8: %d", r.Status)
	}
	if r := f.Helper.Get(f.Path + "/entry-cards?cards=x"); r.Status != http.StatusBadRequest {
		t.Errorf("cards=x: %d", r.Status)
	}

	// The API sells numbers too; the count may be left out.
	r = f.API.API(http.MethodPost, "/api/tournaments/1/sales", f.Anna, map[string]any{"name": "Rosa Pichler", "numbers": []int{16}})
	if r.Status != http.StatusCreated || !strings.Contains(r.Body, `"sold":[16]`) {
		t.Errorf("API sale of 16: %d %s", r.Status, r.Body)
	}
	r = f.API.API(http.MethodPost, "/api/tournaments/1/sales", f.Anna, map[string]any{"name": "Karl Auer", "numbers": []int{16}})
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, `"code":"card_sold"`) {
		t.Errorf("API sale of 16 again: %d %s", r.Status, r.Body)
	}

	// English.
	f.Helper.Get(f.Path + "/sale?lang=en")
	r = f.Helper.Htmx(f.Path+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"1"}, "numbers": {"7"}})
	webtest.MustContain(t, r.Body, "card 7 is sold already, to Maria Berger", "Pre-printed no.")
	webtest.MustContain(t, f.Helper.Get(f.Path+"/sale?player=1&sold=1").Body, "Print the cards")
}

// printedURL is the address printed on entry card no of a print page.
func printedURL(t *testing.T, body string, no int) string {
	t.Helper()
	i := strings.Index(body, `data-testid="entry-card-`+strconv.Itoa(no)+`"`)
	j := strings.Index(body[max(i, 0):], `card-url">`)
	if i < 0 || j < 0 {
		t.Fatalf("no address on card %d", no)
	}
	rest := body[i+j+len(`card-url">`):]
	return rest[:strings.Index(rest, "<")]
}

// playerCalled is the id of the player called name.
func playerCalled(t *testing.T, f webtest.Fixture, name string) string {
	t.Helper()
	for _, p := range f.Load().Players {
		if p.Name == name {
			return strconv.Itoa(int(p.ID))
		}
	}
	t.Fatalf("no player %q", name)
	return ""
}
