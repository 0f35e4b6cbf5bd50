package web

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// tillFixture is a finished evening of 4 cards at 10 € (two paid in cash,
// one by card, one otherwise) with 4 prizes: two in money, two goods.
func tillFixture(t *testing.T) fixture {
	t.Helper()
	app := newTestApp(t)
	f := fixture{t: t, app: app, org: app.loggedIn("Anna", store.Organiser), helper: app.loggedIn("Hans", store.Helper),
		api: app.client(), anna: basic("Anna", "Anna-password")}
	f.path = f.org.createTournament(settingsForm(map[string]string{"name": "Preisschnapsen Zur Post", "cards": "4", "price": "10,00",
		"date": "2026-03-14", "venue": "Gasthaus Zur Post, Kirchberg",
		"prizes": "4", "prize_1": "100 €", "prize_2": "50,- Euro", "prize_3": "Geschenkkorb", "prize_4": "Speck"}))
	f.id = tournamentOf(t, f.path)
	for i, pay := range []string{"cash", "card", "cash", "other"} {
		r := f.helper.post(f.path+"/sale", url.Values{"name": {"Spieler " + strconv.Itoa(i+1)}, "count": {"1"}, "payment": {pay}})
		if r.status != http.StatusSeeOther {
			t.Fatalf("sale: %d\n%s", r.status, r.body)
		}
	}
	for round := 1; !f.load().Finished(); round++ {
		if round > 3 {
			t.Fatal("not finished after 3 rounds")
		}
		f.drawDigital()
		f.finishRound(round)
	}
	return f
}

// winnerOf is the name of the player the prize list gives prize i.
func (f fixture) winnerOf(i int) string {
	f.t.Helper()
	tr := f.load()
	for _, a := range tr.Prizes() {
		if a.Prize == i {
			p, _ := tr.Player(a.Player)
			return p.Name
		}
	}
	f.t.Fatalf("prize %d not decided", i)
	return ""
}

// payoutCount is the number of payouts stored, cancelled ones too.
func (f fixture) payoutCount() int {
	f.t.Helper()
	ps, err := f.app.store.Payouts(f.t.Context(), f.id)
	if err != nil {
		f.t.Fatal(err)
	}
	return len(ps)
}

// Issue 23: the Kassa offers each prize prefilled from the prize list
// (winner, amount or goods, cash); organisers hand them out through plain
// forms, refusals come back at the prize's form with the input and change
// nothing, a payout is cancelled after asking, and the balance per
// payment method is the takings less the cash paid out.
func TestTillPages(t *testing.T) {
	f := tillFixture(t)
	first, third := f.winnerOf(1), f.winnerOf(3)

	// Organisers only.
	if r := f.helper.get(f.path + "/takings"); r.status != http.StatusForbidden {
		t.Errorf("helper reads the till: %d", r.status)
	}
	if r := f.helper.post(f.path+"/payouts", url.Values{"prize": {"1"}, "to": {"X"}, "amount": {"1"}}); r.status != http.StatusForbidden {
		t.Errorf("helper pays out: %d", r.status)
	}
	if r := f.app.client().get(f.path + "/takings/report"); r.status == http.StatusOK {
		t.Errorf("a visitor reads the report")
	}

	r := f.org.get(f.path + "/takings")
	mustContain(t, r.body, "Preise ausgeben", `id="f-to-1" value="`+first+`"`, `id="f-amount-1" value="100,00"`,
		`id="f-amount-2" value="50,00"`, `id="f-goods-3" value="Geschenkkorb"`, `id="f-amount-3" value=""`,
		`data-testid="balance-cash"`, "Kassabericht drucken")

	// The prefilled form of prize 1, as it is.
	form := func(prize int, amount, goods string) url.Values {
		return url.Values{"prize": {strconv.Itoa(prize)}, "to": {f.winnerOf(prize)}, "amount": {amount}, "goods": {goods}, "payment": {"cash"}}
	}
	if r := f.org.post(f.path+"/payouts", form(1, "100,00", "")); r.status != http.StatusSeeOther || r.location() != f.path+"/takings#prize-1" {
		t.Fatalf("pay out prize 1: %d %s\n%s", r.status, r.location(), r.body)
	}
	if r := f.org.post(f.path+"/payouts", form(3, "", "Geschenkkorb")); r.status != http.StatusSeeOther {
		t.Fatalf("hand out prize 3: %d\n%s", r.status, r.body)
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
		r := f.org.post(f.path+"/payouts", tc.form)
		if r.status != tc.status || !strings.Contains(r.body, tc.msg) {
			t.Errorf("%s: %d, want %d with %q", tc.name, r.status, tc.status, tc.msg)
		}
		if tc.name == "prize 1 again" { // the payout there stays in sight, with its cancel
			mustContain(t, r.body, `data-testid="paid-1"`, `data-testid="cancel-payout-1"`)
		}
		if tc.name == "not an amount" {
			mustContain(t, r.body, `id="f-amount-2" value="fünf" aria-invalid="true"`)
		}
	}
	if n := f.payoutCount(); n != 2 {
		t.Errorf("%d payouts after the refusals, want 2", n)
	}

	// Cash takings 20 €, 100 € paid out in cash: -80 € in the box.
	r = f.org.get(f.path + "/takings")
	mustContain(t, r.body, "Ausgegeben an "+first, "100,00 € bar", `data-testid="payout-row-2"`, third)
	mustContain(t, tableRow(t, r.body, "balance-cash"), "20,00 €", "− 100,00 €", "-80,00 €")

	// A wrong payout is cancelled, after asking, and recorded again.
	r = f.org.get(f.path + "/payouts/1/cancel")
	mustContain(t, r.body, "Auszahlung 1 stornieren?", "100,00 € bar", `data-testid="cancel-payout-confirm"`)
	if r := f.org.post(f.path+"/payouts/1/cancel", nil); r.status != http.StatusSeeOther {
		t.Fatalf("cancel: %d\n%s", r.status, r.body)
	}
	if r := f.org.get(f.path + "/payouts/1/cancel"); r.status != http.StatusSeeOther { // nothing to ask any more
		t.Errorf("confirm a cancelled payout: %d", r.status)
	}
	if r := f.org.post(f.path+"/payouts/1/cancel", nil); r.status != http.StatusConflict || !strings.Contains(r.body, "Auszahlung 1 ist schon storniert") {
		t.Errorf("cancel twice: %d", r.status)
	}
	card := form(1, "80", "")
	card.Set("payment", "card")
	if r := f.org.post(f.path+"/payouts", card); r.status != http.StatusSeeOther {
		t.Fatalf("again by card: %d\n%s", r.status, r.body)
	}
	r = f.org.get(f.path + "/takings")
	mustContain(t, r.body, `class="cancelled" data-testid="payout-row-1"`, "storniert von Anna")
	mustContain(t, tableRow(t, r.body, "balance-cash"), "20,00 €", "− 0,00 €")
	mustContain(t, tableRow(t, r.body, "balance-card"), "10,00 €", "− 80,00 €", "-70,00 €")

	// The history: each payout and the cancellation, by whom.
	mustContain(t, f.org.get(f.path+"/history").body, "Preis ausgegeben", "Auszahlung 1: 1. Preis an "+first+", 100,00 € bar",
		"Auszahlung storniert", "Auszahlung 1 storniert (1. Preis an "+first+", 100,00 € bar)",
		"Auszahlung 3: 1. Preis an "+first+", 80,00 € Karte (Bankomat)", "Auszahlung 2: 3. Preis an "+third+", Geschenkkorb")

	// The close-out.
	r = f.org.get(f.path + "/takings/report")
	mustContain(t, r.body, "Kassabericht", "Preisschnapsen Zur Post", "14.03.2026", "Gasthaus Zur Post, Kirchberg",
		"Einnahmen nach Verkäufer", `data-testid="cash-expected">20,00 €<`, "Gezählt (Ist-Bestand)", "Differenz (Ist − Soll)",
		"Kassier/in", "Kassaprüfer/in", "Stornierte Auszahlungen (im Verlauf): 1")
	mustNotContain(t, r.body, `data-testid="payout-row-1"`) // the cancelled payout is not listed

	// English.
	f.org.get(f.path + "/takings?lang=en")
	mustContain(t, f.org.get(f.path+"/takings").body, "Hand out the prizes", "Handed to "+first, "€80.00 card", "Print the cash report")
	mustContain(t, f.org.get(f.path+"/takings/report").body, "Cash report", "Cash expected", "Treasurer", "Auditor")
}

// Issue 23: the cash book lists every sale, payout and cancellation with
// a signed amount; its amounts add up to the takings less the payouts.
func TestTillCSV(t *testing.T) {
	f := tillFixture(t)
	for _, body := range []map[string]any{
		{"prize": 1, "to": "A", "cents": 10000},
		{"prize": 2, "to": "B", "cents": 5000, "payment": "card"},
		{"prize": 3, "to": "C", "goods": "Geschenkkorb"},
	} {
		if r := f.api.api(http.MethodPost, "/api/tournaments/"+itoa64(f.id)+"/payouts", f.anna, body); r.status != http.StatusCreated {
			t.Fatalf("payout: %d %s", r.status, r.body)
		}
	}
	if r := f.api.api(http.MethodDelete, "/api/tournaments/"+itoa64(f.id)+"/payouts/2", f.anna, nil); r.status != http.StatusOK {
		t.Fatalf("cancel: %d %s", r.status, r.body)
	}
	r := f.org.get(f.path + "/export/till.csv")
	if r.status != http.StatusOK || !strings.Contains(r.header.Get("Content-Disposition"), "kassabuch.csv") {
		t.Fatalf("export: %d %v", r.status, r.header)
	}
	cr := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.body, "\ufeff")))
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
			sum += euroCents(t, row[3])
		}
	}
	// 4 sales of 10 €, 100 € paid out; 50 € paid and cancelled.
	if sum != 4000-10000 || kinds["Verkauf"] != 4 || kinds["Auszahlung"] != 2 || kinds["Sachpreis"] != 1 || kinds["Storno Auszahlung"] != 1 {
		t.Errorf("sum %d, kinds %v\n%s", sum, kinds, r.body)
	}
	mustContain(t, r.body, "Auszahlung 3: 3. Preis an C: Geschenkkorb", "'-100,00 €") // a minus is no formula
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

// euroCents reads "1.234,50 €" or "'-100,00 €" back into cents.
func euroCents(t *testing.T, s string) int {
	t.Helper()
	s = strings.NewReplacer("'", "", ".", "", " €", "").Replace(s)
	cents, ok := formCents(s)
	if !ok {
		t.Fatalf("amount %q", s)
	}
	return cents
}

// Issue 23: the API reads the till, records and cancels payouts, and
// refuses bad input with its code, changing nothing; helpers get none.
func TestTillAPI(t *testing.T) {
	f := tillFixture(t)
	path := "/api/tournaments/" + itoa64(f.id) + "/payouts"
	r := f.api.api(http.MethodPost, path, f.anna, map[string]any{"prize": 1, "to": "Spieler 1", "cents": 10000})
	got := decode[payoutJSON](t, r)
	if r.status != http.StatusCreated || got.No != 1 || got.Payment != "cash" || got.By != "Anna" || got.Cancelled {
		t.Fatalf("record: %d %s", r.status, r.body)
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
		r := f.api.api(http.MethodPost, path, f.anna, tc.body)
		if e := decode[apiError](t, r); r.status != tc.status || e.Code != tc.code {
			t.Errorf("%v: %d %s, want %d %s", tc.body, r.status, r.body, tc.status, tc.code)
		}
	}
	if n := f.payoutCount(); n != 1 {
		t.Errorf("%d payouts after the refusals", n)
	}
	if r := f.api.api(http.MethodPost, path, basic("Hans", "Hans-password"), map[string]any{"prize": 2, "to": "X", "cents": 1}); r.status != http.StatusForbidden {
		t.Errorf("helper records: %d", r.status)
	}
	if r := f.api.api(http.MethodGet, path, "", nil); r.status != http.StatusUnauthorized {
		t.Errorf("anonymous reads: %d", r.status)
	}

	r = f.api.api(http.MethodDelete, path+"/1", f.anna, nil)
	if c := decode[payoutJSON](t, r); r.status != http.StatusOK || !c.Cancelled || c.CancelledBy != "Anna" || c.CancelledAt == nil {
		t.Fatalf("cancel: %d %s", r.status, r.body)
	}
	for no, want := range map[string]string{"1": "payout_cancelled", "9": "payout_not_found"} {
		if e := decode[apiError](t, f.api.api(http.MethodDelete, path+"/"+no, f.anna, nil)); e.Code != want {
			t.Errorf("cancel %s: %s, want %s", no, e.Code, want)
		}
	}
	f.api.api(http.MethodPost, path, f.anna, map[string]any{"prize": 1, "to": "Spieler 1", "cents": 3000})
	f.api.api(http.MethodPost, path, f.anna, map[string]any{"prize": 4, "to": "Spieler 4", "goods": "Speck"})

	r = f.api.api(http.MethodGet, path, f.anna, nil)
	till := decode[tillJSON](t, r)
	if len(till.Payouts) != 3 || !till.Payouts[0].Cancelled || till.Payouts[2].Goods != "Speck" || till.CashInBox != 2000-3000 {
		t.Errorf("till %s", r.body)
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
