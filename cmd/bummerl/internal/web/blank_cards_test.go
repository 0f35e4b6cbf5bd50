package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// Issue 23: blank numbered cards printed before the evening carry the QR
// code each card has once sold: the same address, the same picture.
func TestBlankCards(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"}, 1, 2) // 1; 2, 3
	before := f.helper.get(f.path + "/card/5/qr.png")
	if before.status != http.StatusOK || before.header.Get("Content-Type") != "image/png" {
		t.Fatalf("QR of card 5 before its sale: %d %s", before.status, before.header.Get("Content-Type"))
	}

	// 1 to N by default: every number once, none with a name, the
	// address of each card's page; on the print index and the cards page.
	page := f.helper.get(f.path + "/entry-cards/blank")
	if page.status != http.StatusOK {
		t.Fatalf("blank cards: %d\n%s", page.status, page.body)
	}
	for no := 1; no <= 16; no++ {
		mustContain(t, page.body, `data-testid="entry-card-`+strconv.Itoa(no)+`"`, "http://bummerl.test/t/1/card/"+strconv.Itoa(no)+"<")
	}
	mustNotContain(t, page.body, `data-testid="entry-card-17"`, "Spieler 1<")
	if n := strings.Count(page.body, `<svg class="qr"`); n != 16 {
		t.Errorf("%d QR codes on 16 blank cards", n)
	}
	if n := strings.Count(page.body, `class="entry-player entry-blank"`); n != 16 {
		t.Errorf("%d blank name lines, want 16", n)
	}
	if n := strings.Count(page.body, `<section class="entry-page"`); n != 2 {
		t.Errorf("16 blank cards: %d pages, want 2", n)
	}
	blankURL := printedURL(t, page.body, 5)
	mustContain(t, f.helper.get(f.path+"/print").body, `href="/t/1/entry-cards/blank" data-testid="print-blank"`)
	mustContain(t, f.helper.get(f.path+"/entry-cards").body, `href="/t/1/entry-cards/blank" data-testid="blank-link"`)

	// A range, and numbers outside 1 to N refused with the form and no card.
	page = f.helper.get(f.path + "/entry-cards/blank?from=3&to=5")
	if n := strings.Count(page.body, `class="entry-card"`); n != 3 {
		t.Errorf("3 to 5: %d cards", n)
	}
	for _, q := range []string{"from=0", "to=17", "from=5&to=4", "from=x"} {
		r := f.helper.get(f.path + "/entry-cards/blank?" + q)
		if r.status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", q, r.status)
		}
		mustContain(t, r.body, "Die Nummern gehen von 1 bis 16", `data-testid="blank-form"`)
		mustNotContain(t, r.body, `class="entry-card"`)
	}
	if r := f.helper.get(f.path + "/card/17/qr.png"); r.status != http.StatusNotFound {
		t.Errorf("QR of card 17 of 16: %d", r.status)
	}
	// A phone that scans a blank card before its sale is recorded is told so.
	r := f.app.client().get(f.path + "/card/5")
	if r.status != http.StatusNotFound {
		t.Errorf("card 5 before its sale: %d", r.status)
	}
	mustContain(t, r.body, "Karte 5 ist noch nicht verkauft")

	// Sold: the card's page, its address and its QR code are the blank's.
	if r := f.helper.post(f.path+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}, "numbers": {"5"}}); r.status != http.StatusSeeOther {
		t.Fatalf("sell card 5: %d\n%s", r.status, r.body)
	}
	sold := f.helper.get(f.path + "/entry-cards?cards=5").body
	mustContain(t, sold, "Maria Berger")
	if got := printedURL(t, sold, 5); got != blankURL || !strings.HasSuffix(got, "/t/1/card/5") {
		t.Errorf("card 5 sold: %q, blank: %q", got, blankURL)
	}
	if after := f.helper.get(f.path + "/card/5/qr.png"); after.body != before.body {
		t.Error("card 5's QR code changed with its sale")
	}
	mustContain(t, f.app.client().get(f.path+"/card/5").body, "Maria Berger")

	// English.
	f.helper.get(f.path + "/entry-cards/blank?lang=en")
	mustContain(t, f.helper.get(f.path+"/entry-cards/blank").body, "Blank cards", "From number")
}

// Issue 23: the desk sells the card whose paper it hands out, and prints a
// buyer's cards or one card again; with and without htmx.
func TestSellPrePrinted(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16", "max_cards": "3"}, 1, 1) // Spieler 1: 1, Spieler 2: 2
	sold := func() int { f.t.Helper(); return f.load().Sold() }

	// Without JavaScript: the numbers typed, the count left at 1.
	r := f.helper.post(f.path+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}, "numbers": {"9, 7"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("sell 7 and 9: %d\n%s", r.status, r.body)
	}
	desk := f.helper.get(r.location()).body
	mustContain(t, desk, `data-testid="sold-cards">7, 9<`,
		`href="/t/1/entry-cards?cards=7%2C9" target="_blank" accesskey="k" class="no-print" data-testid="print-sold">Karten drucken<`)
	if c, _ := f.load().Card(7); c.Player == 0 {
		t.Fatal("card 7 not sold")
	}
	// The next sale without numbers takes the lowest free one.
	r = f.helper.htmx(f.path+"/sale", url.Values{"name": {"Josef Gruber"}, "count": {"1"}})
	mustContain(t, r.body, `data-testid="sold-cards">3<`, `href="/t/1/entry-cards?cards=3"`)

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
		r := f.helper.htmx(f.path+"/sale", form)
		if r.status != tc.status {
			t.Errorf("numbers %q: status %d, want %d", tc.numbers, r.status, tc.status)
		}
		mustContain(t, r.body, `data-testid="error-numbers">`+tc.msg, `value="`+tc.numbers+`"`, `value="Franz Huber"`)
		// Without htmx the whole desk, the same message.
		mustContain(t, f.helper.post(f.path+"/sale", form).body, tc.msg, "<html")
		if sold() != n {
			t.Errorf("numbers %q: sold %d, was %d", tc.numbers, sold(), n)
		}
	}

	// A player found sells one more pre-printed card; his cards each
	// have a link to print them again.
	r = f.helper.htmx(f.path+"/sale", url.Values{"player": {"1"}, "count": {"1"}, "numbers": {"12"}, "q": {"Spieler 1"}})
	mustContain(t, r.body, `data-testid="sold-cards">12<`, `data-testid="sell-more-numbers-1"`,
		`href="/t/1/entry-cards?cards=12" target="_blank" aria-label="Karte 12 drucken" data-testid="reprint-12"`)
	r = f.helper.htmx(f.path+"/sale", url.Values{"player": {"1"}, "count": {"1"}, "numbers": {"12"}})
	if r.status != http.StatusConflict {
		t.Errorf("card 12 again: %d", r.status)
	}
	mustContain(t, r.body, `data-testid="sale-problem">Karte 12 ist schon verkauft, an Spieler 1`)

	// The namesake ask keeps the numbers to its answer.
	r = f.helper.htmx(f.path+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}, "numbers": {"14"}})
	mustContain(t, r.body, `data-testid="sale-ask"`, `name="numbers" value="14"`)
	r = f.helper.htmx(f.path+"/sale", url.Values{"ask": {"1"}, "player": {playerCalled(t, f, "Maria Berger")}, "count": {"1"}, "numbers": {"14"}, "name": {"Maria Berger"}})
	mustContain(t, r.body, `data-testid="sold-cards">14<`)

	// The print page of the cards asked for: those only; unsold or bad
	// numbers refused.
	page := f.helper.get(f.path + "/entry-cards?cards=7,9").body
	mustContain(t, page, `data-testid="entry-card-7"`, `data-testid="entry-card-9"`, "Startkarten 7, 9", `data-testid="all-cards"`, `autofocus data-testid="print-button"`)
	if n := strings.Count(page, `class="entry-card"`); n != 2 {
		t.Errorf("cards 7, 9: %d cards printed", n)
	}
	if r := f.helper.get(f.path + "/entry-cards?cards=8"); r.status != http.StatusNotFound || !strings.Contains(r.body, "Karte 8 ist noch nicht verkauft") {
		t.Errorf("unsold card 8: %d", r.status)
	}
	if r := f.helper.get(f.path + "/entry-cards?cards=x"); r.status != http.StatusBadRequest {
		t.Errorf("cards=x: %d", r.status)
	}

	// The API sells numbers too; the count may be left out.
	r = f.api.api(http.MethodPost, "/api/tournaments/1/sales", f.anna, map[string]any{"name": "Rosa Pichler", "numbers": []int{16}})
	if r.status != http.StatusCreated || !strings.Contains(r.body, `"sold":[16]`) {
		t.Errorf("API sale of 16: %d %s", r.status, r.body)
	}
	r = f.api.api(http.MethodPost, "/api/tournaments/1/sales", f.anna, map[string]any{"name": "Karl Auer", "numbers": []int{16}})
	if r.status != http.StatusConflict || !strings.Contains(r.body, `"code":"card_sold"`) {
		t.Errorf("API sale of 16 again: %d %s", r.status, r.body)
	}

	// English.
	f.helper.get(f.path + "/sale?lang=en")
	r = f.helper.htmx(f.path+"/sale", url.Values{"name": {"Franz Huber"}, "count": {"1"}, "numbers": {"7"}})
	mustContain(t, r.body, "card 7 is sold already, to Maria Berger", "Pre-printed no.")
	mustContain(t, f.helper.get(f.path+"/sale?player=1&sold=1").body, "Print the cards")
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
func playerCalled(t *testing.T, f fixture, name string) string {
	t.Helper()
	for _, p := range f.load().Players {
		if p.Name == name {
			return strconv.Itoa(int(p.ID))
		}
	}
	t.Fatalf("no player %q", name)
	return ""
}
