package tournament

import (
	"slices"
	"time"
)

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

// Sale is a sale or a refund of cards at the desk (issue 9); a cancelled
// sale is refunded at its price, in the way it was paid.
type Sale struct {
	At         time.Time
	By         string // the user who sold or cancelled
	Refund     bool
	Cards      int
	Payment    string // "" is cash
	PriceCents int    // per card; 0 is the tournament's price
	Sequence   int    // the card's sale sequence (refunds)
}

// Tally is cards sold and refunded, and their money in cents.
type Tally struct {
	Sold, SoldCents, Refunded, RefundCents int
}

// Net is what stays in the till.
func (t Tally) Net() int { return t.SoldCents - t.RefundCents }

func (t *Tally) add(s Sale, price int) {
	if s.Refund {
		t.Refunded += s.Cards
		t.RefundCents += s.Cards * price
		return
	}
	t.Sold += s.Cards
	t.SoldCents += s.Cards * price
}

// Takings adds up the sales and refunds of an evening: in total, by
// payment method (in the order of PayMethods; an unknown one counts as
// other) and by the user who sold or cancelled (sorted by name).
type Takings struct {
	Total    Tally
	ByMethod []Tally // parallel to PayMethods
	Users    []string
	ByUser   []Tally // parallel to Users
}

// CountTakings adds up sales; price is the tournament's price per card, for
// sales made before cards kept their own.
func CountTakings(sales []Sale, price int) Takings {
	k := Takings{ByMethod: make([]Tally, len(PayMethods))}
	byUser := map[string]*Tally{}
	for _, s := range sales {
		p := s.PriceCents
		if p == 0 {
			p = price
		}
		mi := slices.Index(PayMethods, PayMethod(s.Payment).Method())
		if mi < 0 {
			mi = slices.Index(PayMethods, OtherPay)
		}
		u := byUser[s.By]
		if u == nil {
			u = &Tally{}
			byUser[s.By] = u
			k.Users = append(k.Users, s.By)
		}
		k.Total.add(s, p)
		k.ByMethod[mi].add(s, p)
		u.add(s, p)
	}
	slices.Sort(k.Users)
	for _, name := range k.Users {
		k.ByUser = append(k.ByUser, *byUser[name])
	}
	return k
}
