package tournament

import (
	"reflect"
	"testing"
)

// Issue 23: a payout is a prize of the tournament handed to someone as
// money (a positive amount, cash unless said) or goods, never both; a
// prize is handed out once until that payout is cancelled.
func TestCheckPayout(t *testing.T) {
	tr := mustNew(t, settings(8, 4, false))
	paid := []Payout{
		{No: 1, Prize: 1, To: "Franz Huber", Cents: 10000, Payment: Cash},
		{No: 2, Prize: 2, To: "Rosi Gruber", Cents: 5000, Payment: Cash, Cancelled: true},
	}
	for _, tc := range []struct {
		name string
		in   Payout
		code string
		want Payout
	}{
		{"cash, payment defaults to cash", Payout{Prize: 2, To: "  Rosi Gruber ", Cents: 4000},
			"", Payout{No: 3, Prize: 2, To: "Rosi Gruber", Cents: 4000, Payment: Cash}},
		{"goods have no payment", Payout{Prize: 3, To: "Sepp", Goods: " Geschenkkorb ", Payment: Cash},
			"", Payout{No: 3, Prize: 3, To: "Sepp", Goods: "Geschenkkorb"}},
		{"by card", Payout{Prize: 4, To: "Sepp", Cents: 1, Payment: CardPay}, "", Payout{No: 3, Prize: 4, To: "Sepp", Cents: 1, Payment: CardPay}},
		{"prize 0", Payout{Prize: 0, To: "Sepp", Cents: 100}, "prize_not_found", Payout{}},
		{"prize 5 of 4", Payout{Prize: 5, To: "Sepp", Cents: 100}, "prize_not_found", Payout{}},
		{"nobody", Payout{Prize: 3, To: " ", Cents: 100}, "name_required", Payout{}},
		{"negative", Payout{Prize: 3, To: "Sepp", Cents: -100}, "amount_negative", Payout{}},
		{"too much", Payout{Prize: 3, To: "Sepp", Cents: MaxPayoutCents + 1}, "amount_too_high", Payout{}},
		{"nothing", Payout{Prize: 3, To: "Sepp"}, "payout_empty", Payout{}},
		{"both", Payout{Prize: 3, To: "Sepp", Cents: 100, Goods: "Speck"}, "payout_both", Payout{}},
		{"goods by card", Payout{Prize: 3, To: "Sepp", Goods: "Speck", Payment: CardPay}, "payment_for_goods", Payout{}},
		{"unknown payment", Payout{Prize: 3, To: "Sepp", Cents: 100, Payment: "gold"}, "payment_invalid", Payout{}},
		{"a control character", Payout{Prize: 3, To: "Sepp", Goods: "Speck\nWein"}, "text_control_character", Payout{}},
		{"prize 1 twice", Payout{Prize: 1, To: "Franz Huber", Cents: 10000}, "prize_paid", Payout{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tr.CheckPayout(paid, tc.in)
			if code := ErrorCode(err); code != tc.code {
				t.Fatalf("code %q (%v), want %q", code, err, tc.code)
			}
			if tc.code == "" && !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
	_, err := tr.CheckPayout(paid, Payout{Prize: 1, To: "X", Cents: 1})
	if e := err.(*Error); e.Kind != Conflict || e.Text("de") != "Preis 1 wurde schon an Franz Huber ausgegeben (Auszahlung 1); zuerst diese Auszahlung stornieren" {
		t.Errorf("double payout: %v %q", e.Kind, e.Text("de"))
	}
}

// Issue 23: a payout is cancelled once; the numbers stay.
func TestCheckCancel(t *testing.T) {
	paid := []Payout{{No: 1, Prize: 1, Cents: 100}, {No: 2, Prize: 2, Cents: 100, Cancelled: true}}
	if p, err := CheckCancel(paid, 1); err != nil || p.No != 1 {
		t.Errorf("cancel 1: %+v %v", p, err)
	}
	for no, code := range map[int]string{2: "payout_cancelled", 3: "payout_not_found", 0: "payout_not_found"} {
		if _, err := CheckCancel(paid, no); ErrorCode(err) != code {
			t.Errorf("cancel %d: %v, want %s", no, err, code)
		}
	}
}

// Issue 23: the till per payment method is the takings less the cash
// payouts that stand; goods are listed, not counted; a cancelled payout
// counts no more.
func TestCountTill(t *testing.T) {
	sales := []Sale{{Cards: 10, PriceCents: 1000}, {Cards: 3, PriceCents: 1000, Payment: "card"}, {Cards: 1, PriceCents: 1000, Refund: true}}
	payouts := []Payout{
		{No: 1, Prize: 1, Cents: 5000, Payment: Cash},
		{No: 2, Prize: 2, Cents: 2000, Payment: CardPay},
		{No: 3, Prize: 3, Cents: 9900, Payment: Cash, Cancelled: true},
		{No: 4, Prize: 3, Goods: "Speck"},
		{No: 5, Prize: 4, Cents: 700, Payment: "voucher"}, // unknown: other
	}
	k := CountTill(sales, 1000, payouts)
	if !reflect.DeepEqual(k.PaidOut, []int{5000, 2000, 700}) || k.PaidTotal() != 7700 {
		t.Errorf("paid out %v", k.PaidOut)
	}
	if k.Balance(0) != 9000-5000 || k.Balance(1) != 3000-2000 || k.Balance(2) != -700 || k.BalanceTotal() != 12000-7700 {
		t.Errorf("balances %d %d %d %d", k.Balance(0), k.Balance(1), k.Balance(2), k.BalanceTotal())
	}
	if len(k.Goods) != 1 || k.Goods[0].Goods != "Speck" {
		t.Errorf("goods %+v", k.Goods)
	}
}
