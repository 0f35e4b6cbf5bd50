package tournament

import (
	"reflect"
	"testing"
)

// Issue 9: the takings add up sales and refunds in total, by payment
// method (an unknown one as other) and by seller; a sale without its own
// price counts the tournament's.
func TestCountTakings(t *testing.T) {
	sales := []Sale{
		{By: "Hans", Cards: 2, PriceCents: 1000},               // cash
		{By: "Anna", Cards: 1, Payment: "card"},                // tournament's price
		{By: "Hans", Cards: 1, PriceCents: 1000, Refund: true}, // cash back
		{By: "Anna", Cards: 1, PriceCents: 800, Payment: "voucher"},
	}
	k := CountTakings(sales, 1200)
	if want := (Tally{Sold: 4, SoldCents: 2000 + 1200 + 800, Refunded: 1, RefundCents: 1000}); k.Total != want {
		t.Errorf("total %+v, want %+v", k.Total, want)
	}
	if k.Total.Net() != 3000 {
		t.Errorf("net %d, want 3000", k.Total.Net())
	}
	wantMethods := []Tally{{Sold: 2, SoldCents: 2000, Refunded: 1, RefundCents: 1000}, {Sold: 1, SoldCents: 1200}, {Sold: 1, SoldCents: 800}}
	if !reflect.DeepEqual(k.ByMethod, wantMethods) {
		t.Errorf("by method %+v, want %+v", k.ByMethod, wantMethods)
	}
	if !reflect.DeepEqual(k.Users, []string{"Anna", "Hans"}) || k.ByUser[0].SoldCents != 2000 || k.ByUser[1].Net() != 1000 {
		t.Errorf("by user %v %+v", k.Users, k.ByUser)
	}
}
