package tournament

import "slices"

// PayMethod is how a card was paid (issue 9): cash unless the desk says
// otherwise. The zero value is cash.
type PayMethod string

const (
	Cash      PayMethod = "cash"
	CardPay   PayMethod = "card" // a bank card
	OtherPay  PayMethod = "other"
	payMethod           = "payment"
)

// PayMethods are the methods in the order the desk offers them.
var PayMethods = []PayMethod{Cash, CardPay, OtherPay}

// Method is m with the zero value read as cash.
func (m PayMethod) Method() PayMethod {
	if m == "" {
		return Cash
	}
	return m
}

// ParsePayMethod reads a method; "" is cash.
func ParsePayMethod(s string) (PayMethod, error) {
	m := PayMethod(s).Method()
	if !slices.Contains(PayMethods, m) {
		return "", invalid("payment_invalid", payMethod, s)
	}
	return m, nil
}

// PayWith records how the cards just sold were paid; the desk calls it in
// the action that sold them.
func (t *Tournament) PayWith(cards []CardNo, m PayMethod) error {
	m = m.Method()
	if !slices.Contains(PayMethods, m) {
		return invalid("payment_invalid", payMethod, string(m))
	}
	for _, no := range cards {
		i, ok := t.cardIndex(no)
		if !ok {
			return notFound("card_not_found", "card", int(no))
		}
		t.Cards[i].Payment = m
	}
	t.Version++
	return nil
}

// Price is what card c was sold for: its own price, or for a card sold
// before prices were kept with the cards, the tournament's.
func (t *Tournament) Price(c Card) int {
	if c.PriceCents > 0 {
		return c.PriceCents
	}
	return t.Settings.PriceCents
}
