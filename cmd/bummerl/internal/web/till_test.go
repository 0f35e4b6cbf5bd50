package web

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/views"
)

// Issue 23: the Kassa offers each prize prefilled from the prize list
// (winner, amount or goods, cash); organisers hand them out through plain
// forms, refusals come back at the prize's form with the input and change
// nothing, a payout is cancelled after asking, and the balance per
// payment method is the takings less the cash paid out.
func TestTillPages(t *testing.T) {
	f := webtest.TillFixture(t, newTestApp(t))
	first, third := f.WinnerOf(1), f.WinnerOf(3)

	// Organisers only.
	if r := f.Helper.Get(f.Path + "/takings"); r.Status != http.StatusForbidden {
		t.Errorf("helper reads the till: %d", r.Status)
	}
	if r := f.Helper.Post(f.Path+"/payouts", url.Values{"prize": {"1"}, "to": {"X"}, "amount": {"1"}}); r.Status != http.StatusForbidden {
		t.Errorf("helper pays out: %d", r.Status)
	}
	if r := f.App.Client().Get(f.Path + "/takings/report"); r.Status == http.StatusOK {
		t.Errorf("a visitor reads the report")
	}

	r := f.Org.Get(f.Path + "/takings")
	webtest.MustContain(t, r.Body, "Preise ausgeben", `id="f-to-1" value="`+first+`"`, `id="f-amount-1" value="100,00"`,
		`id="f-amount-2" value="50,00"`, `id="f-goods-3" value="Geschenkkorb"`, `id="f-amount-3" value=""`,
		`data-testid="balance-cash"`, "Kassabericht drucken")

	// The prefilled form of prize 1, as it is.
	form := func(prize int, amount, goods string) url.Values {
		return url.Values{"prize": {strconv.Itoa(prize)}, "to": {f.WinnerOf(prize)}, "amount": {amount}, "goods": {goods}, "payment": {"cash"}}
	}
	if r := f.Org.Post(f.Path+"/payouts", form(1, "100,00", "")); r.Status != http.StatusSeeOther || r.Location() != f.Path+"/takings#prize-1" {
		t.Fatalf("pay out prize 1: %d %s\n%s", r.Status, r.Location(), r.Body)
	}
	if r := f.Org.Post(f.Path+"/payouts", form(3, "", "Geschenkkorb")); r.Status != http.StatusSeeOther {
		t.Fatalf("hand out prize 3: %d\n%s", r.Status, r.Body)
	}

	// Refused, nothing written, the input back at its form.
	for _, tc := range []struct {
		name   string
		form   url.Values
		status int
		msg    string
	}{
		{"negative", form(2, "-5", ""), http.StatusUnprocessableEntity, "Der Betrag darf nicht negativ sein"},
		{"not an amount", form(2, "fünf", ""), http.StatusUnprocessableEntity, "Einen Betrag wie 100 oder 12,50 eintragen"},
		{"both", form(2, "50", "Wein"), http.StatusUnprocessableEntity, "entweder Geld oder ein Sachpreis"},
		{"nobody", url.Values{"prize": {"2"}, "to": {" "}, "amount": {"50"}}, http.StatusUnprocessableEntity, "Der Name fehlt"},
		{"prize 1 again", form(1, "100", ""), http.StatusConflict, "Preis 1 wurde schon an " + first + " ausgegeben (Auszahlung 1)"},
		{"no prize 9", url.Values{"prize": {"9"}, "to": {"X"}, "amount": {"5"}}, http.StatusNotFound, "Es gibt keinen Preis 9 (das Turnier hat 4)"},
	} {
		r := f.Org.Post(f.Path+"/payouts", tc.form)
		if r.Status != tc.status || !strings.Contains(r.Body, tc.msg) {
			t.Errorf("%s: %d, want %d with %q", tc.name, r.Status, tc.status, tc.msg)
		}
		if tc.name == "prize 1 again" { // the payout there stays in sight, with its cancel
			webtest.MustContain(t, r.Body, `data-testid="paid-1"`, `data-testid="cancel-payout-1"`)
		}
		if tc.name == "not an amount" {
			webtest.MustContain(t, r.Body, `id="f-amount-2" value="fünf" aria-invalid="true"`)
		}
	}
	if n := f.PayoutCount(); n != 2 {
		t.Errorf("%d payouts after the refusals, want 2", n)
	}

	// Cash takings 20 €, 100 € paid out in cash: -80 € in the box.
	r = f.Org.Get(f.Path + "/takings")
	webtest.MustContain(t, r.Body, "Ausgegeben an "+first, "100,00 € bar", `data-testid="payout-row-2"`, third)
	webtest.MustContain(t, tableRow(t, r.Body, "balance-cash"), "20,00 €", "− 100,00 €", "-80,00 €")

	// A wrong payout is cancelled, after asking, and recorded again.
	r = f.Org.Get(f.Path + "/payouts/1/cancel")
	webtest.MustContain(t, r.Body, "Auszahlung 1 stornieren?", "100,00 € bar", `data-testid="cancel-payout-confirm"`)
	if r := f.Org.Post(f.Path+"/payouts/1/cancel", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("cancel: %d\n%s", r.Status, r.Body)
	}
	if r := f.Org.Get(f.Path + "/payouts/1/cancel"); r.Status != http.StatusSeeOther { // nothing to ask any more
		t.Errorf("confirm a cancelled payout: %d", r.Status)
	}
	if r := f.Org.Post(f.Path+"/payouts/1/cancel", nil); r.Status != http.StatusConflict || !strings.Contains(r.Body, "Auszahlung 1 ist schon storniert") {
		t.Errorf("cancel twice: %d", r.Status)
	}
	card := form(1, "80", "")
	card.Set("payment", "card")
	if r := f.Org.Post(f.Path+"/payouts", card); r.Status != http.StatusSeeOther {
		t.Fatalf("again by card: %d\n%s", r.Status, r.Body)
	}
	r = f.Org.Get(f.Path + "/takings")
	webtest.MustContain(t, r.Body, `class="cancelled" data-testid="payout-row-1"`, "storniert von Anna")
	webtest.MustContain(t, tableRow(t, r.Body, "balance-cash"), "20,00 €", "− 0,00 €")
	webtest.MustContain(t, tableRow(t, r.Body, "balance-card"), "10,00 €", "− 80,00 €", "-70,00 €")

	// The history: each payout and the cancellation, by whom.
	webtest.MustContain(t, f.Org.Get(f.Path+"/history").Body, "Preis ausgegeben", "Auszahlung 1: 1. Preis an "+first+", 100,00 € bar",
		"Auszahlung storniert", "Auszahlung 1 storniert (1. Preis an "+first+", 100,00 € bar)",
		"Auszahlung 3: 1. Preis an "+first+", 80,00 € Karte (Bankomat)", "Auszahlung 2: 3. Preis an "+third+", Geschenkkorb")

	// The close-out.
	r = f.Org.Get(f.Path + "/takings/report")
	webtest.MustContain(t, r.Body, "Kassabericht", "Preisschnapsen Zur Post", "14.03.2026", "Gasthaus Zur Post, Kirchberg",
		"Einnahmen nach Verkäufer", `data-testid="cash-expected">20,00 €<`, "Gezählt (Ist-Bestand)", "Differenz (Ist − Soll)",
		"Kassier/in", "Kassaprüfer/in", "Stornierte Auszahlungen (im Verlauf): 1")
	webtest.MustNotContain(t, r.Body, `data-testid="payout-row-1"`) // the cancelled payout is not listed

	// English.
	f.Org.Get(f.Path + "/takings?lang=en")
	webtest.MustContain(t, f.Org.Get(f.Path+"/takings").Body, "Hand out the prizes", "Handed to "+first, "€80.00 card", "Print the cash report")
	webtest.MustContain(t, f.Org.Get(f.Path+"/takings/report").Body, "Cash report", "Cash expected", "Treasurer", "Auditor")
}

// Issue 23: the cash book lists every sale, payout and cancellation with
// a signed amount; its amounts add up to the takings less the payouts.
func TestTillCSV(t *testing.T) {
	f := webtest.TillFixture(t, newTestApp(t))
	for _, body := range []map[string]any{
		{"prize": 1, "to": "A", "cents": 10000},
		{"prize": 2, "to": "B", "cents": 5000, "payment": "card"},
		{"prize": 3, "to": "C", "goods": "Geschenkkorb"},
	} {
		if r := f.API.API(http.MethodPost, "/api/tournaments/"+itoa64(f.ID)+"/payouts", f.Anna, body); r.Status != http.StatusCreated {
			t.Fatalf("payout: %d %s", r.Status, r.Body)
		}
	}
	if r := f.API.API(http.MethodDelete, "/api/tournaments/"+itoa64(f.ID)+"/payouts/2", f.Anna, nil); r.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	r := f.Org.Get(f.Path + "/export/till.csv")
	if r.Status != http.StatusOK || !strings.Contains(r.Header.Get("Content-Disposition"), "kassabuch.csv") {
		t.Fatalf("export: %d %v", r.Status, r.Header)
	}
	cr := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.Body, "\ufeff")))
	cr.Comma = ';'
	rows, err := cr.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Zeit", "Vorgang", "Zahlungsart", "Betrag", "Benutzer", "Details"}; strings.Join(rows[0], "|") != strings.Join(want, "|") {
		t.Errorf("header %v", rows[0])
	}
	sum, kinds := 0, map[string]int{}
	for _, row := range rows[1:] {
		kinds[row[1]]++
		if row[3] != "" {
			sum += webtest.EuroCents(t, row[3])
		}
	}
	// 4 sales of 10 €, 100 € paid out; 50 € paid and cancelled.
	if sum != 4000-10000 || kinds["Verkauf"] != 4 || kinds["Auszahlung"] != 2 || kinds["Sachpreis"] != 1 || kinds["Storno Auszahlung"] != 1 {
		t.Errorf("sum %d, kinds %v\n%s", sum, kinds, r.Body)
	}
	webtest.MustContain(t, r.Body, "Auszahlung 3: 3. Preis an C: Geschenkkorb", "'-100,00 €") // a minus is no formula
}

// tableRow is the HTML of the table row with data-testid id.
func tableRow(t *testing.T, body, id string) string {
	t.Helper()
	i := strings.Index(body, `data-testid="`+id+`"`)
	if i < 0 {
		t.Fatalf("no row %q", id)
	}
	return body[i : i+strings.Index(body[i:], "</tr>")]
}

// Issue 23: the API reads the till, records and cancels payouts, and
// refuses bad input with its code, changing nothing; helpers get none.
func TestTillAPI(t *testing.T) {
	f := webtest.TillFixture(t, newTestApp(t))
	path := "/api/tournaments/" + itoa64(f.ID) + "/payouts"
	r := f.API.API(http.MethodPost, path, f.Anna, map[string]any{"prize": 1, "to": "Spieler 1", "cents": 10000})
	got := webtest.Decode[payoutJSON](t, r)
	if r.Status != http.StatusCreated || got.No != 1 || got.Payment != "cash" || got.By != "Anna" || got.Cancelled {
		t.Fatalf("record: %d %s", r.Status, r.Body)
	}
	for _, tc := range []struct {
		body   map[string]any
		status int
		code   string
	}{
		{map[string]any{"prize": 2, "to": "X", "cents": -1}, http.StatusUnprocessableEntity, "amount_negative"},
		{map[string]any{"prize": 2, "to": "X", "cents": tournament.MaxPayoutCents + 1}, http.StatusUnprocessableEntity, "amount_too_high"},
		{map[string]any{"prize": 2, "to": "X"}, http.StatusUnprocessableEntity, "payout_empty"},
		{map[string]any{"prize": 2, "to": "X", "goods": "Wein", "payment": "card"}, http.StatusUnprocessableEntity, "payment_for_goods"},
		{map[string]any{"prize": 2, "to": "X", "cents": 1, "payment": "gold"}, http.StatusUnprocessableEntity, "payment_invalid"},
		{map[string]any{"prize": 5, "to": "X", "cents": 1}, http.StatusNotFound, "prize_not_found"},
		{map[string]any{"prize": 1, "to": "X", "cents": 1}, http.StatusConflict, "prize_paid"},
		{map[string]any{"prize": 2, "to": "X", "cents": "5"}, http.StatusBadRequest, "bad_request"},
	} {
		r := f.API.API(http.MethodPost, path, f.Anna, tc.body)
		if e := webtest.Decode[apiError](t, r); r.Status != tc.status || e.Code != tc.code {
			t.Errorf("%v: %d %s, want %d %s", tc.body, r.Status, r.Body, tc.status, tc.code)
		}
	}
	if n := f.PayoutCount(); n != 1 {
		t.Errorf("%d payouts after the refusals", n)
	}
	if r := f.API.API(http.MethodPost, path, webtest.Basic("Hans", "Hans-password"), map[string]any{"prize": 2, "to": "X", "cents": 1}); r.Status != http.StatusForbidden {
		t.Errorf("helper records: %d", r.Status)
	}
	if r := f.API.API(http.MethodGet, path, "", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("anonymous reads: %d", r.Status)
	}

	r = f.API.API(http.MethodDelete, path+"/1", f.Anna, nil)
	if c := webtest.Decode[payoutJSON](t, r); r.Status != http.StatusOK || !c.Cancelled || c.CancelledBy != "Anna" || c.CancelledAt == nil {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	for no, want := range map[string]string{"1": "payout_cancelled", "9": "payout_not_found"} {
		if e := webtest.Decode[apiError](t, f.API.API(http.MethodDelete, path+"/"+no, f.Anna, nil)); e.Code != want {
			t.Errorf("cancel %s: %s, want %s", no, e.Code, want)
		}
	}
	f.API.API(http.MethodPost, path, f.Anna, map[string]any{"prize": 1, "to": "Spieler 1", "cents": 3000})
	f.API.API(http.MethodPost, path, f.Anna, map[string]any{"prize": 4, "to": "Spieler 4", "goods": "Speck"})

	r = f.API.API(http.MethodGet, path, f.Anna, nil)
	till := webtest.Decode[tillJSON](t, r)
	if len(till.Payouts) != 3 || !till.Payouts[0].Cancelled || till.Payouts[2].Goods != "Speck" || till.CashInBox != 2000-3000 {
		t.Errorf("till %s", r.Body)
	}
	want := map[string][3]int{"cash": {2000, 3000, -1000}, "card": {1000, 0, 1000}, "other": {1000, 0, 1000}}
	for _, b := range till.ByMethod {
		if w := want[b.Key]; [3]int{b.TakingsCents, b.PaidCents, b.BalanceCents} != w {
			t.Errorf("%s: %+v, want %v", b.Key, b, w)
		}
	}
	if till.Total != (balanceRowJSON{TakingsCents: 4000, PaidCents: 3000, BalanceCents: 1000}) {
		t.Errorf("total %+v", till.Total)
	}
	// The view's words for a payout, the history's too.
	if got := views.PayoutWhat("en", tournament.Payout{Cents: 3000, Payment: tournament.Cash}); got != "€30.00 cash" {
		t.Errorf("PayoutWhat %q", got)
	}
}
