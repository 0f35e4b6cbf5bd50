package tournament

import (
	"slices"
	"time"

	"bummerl/domain/text"
)

// Payouts (issue 23, docs/till.md): the prizes handed out at the end of
// the evening, each as cash from the till or as goods, to the player of
// the prize's place. The takings less the cash paid out is what must be
// in the till, per payment method. A payout is never changed: a wrong one
// is cancelled (it stays listed, counted no more) and recorded again.

// MaxPayoutCents bounds one cash payout: 100,000.00 €. A Preisschnapsen's
// first prize is a few hundred euros; the bound keeps a typo of three
// zeros too many from looking like a payout.
const MaxPayoutCents = 10_000_000

// Payout is one prize handed out.
type Payout struct {
	No      int       // 1, 2, … in the order recorded; a cancelled one keeps its number
	Prize   int       // 1-based: the prize's position in Settings.Prizes
	To      string    // who received it, as typed (the prize list's winner is offered)
	Cents   int       // cash: the amount in cents; 0 for goods
	Goods   string    // goods: what was handed over; "" for cash
	Payment PayMethod // cash: how it was paid out (cash unless said); "" for goods
	At      time.Time // when it was recorded (the caller's clock)
	By      string    // the user who recorded it
	// Cancelled: a wrong payout taken back, by CancelledBy at CancelledAt.
	Cancelled   bool
	CancelledAt time.Time
	CancelledBy string
}

// IsGoods: the prize was goods, not money.
func (p Payout) IsGoods() bool { return p.Goods != "" }

func init() {
	for code, m := range map[string]message{
		"prize_not_found":   {"there is no prize %d (the tournament has %d)", "Es gibt keinen Preis %d (das Turnier hat %d)"},
		"amount_negative":   {"the amount must not be negative", "Der Betrag darf nicht negativ sein"},
		"amount_too_high":   {"the amount must be at most 100,000.00 €", "Der Betrag darf höchstens 100.000,00 € sein"},
		"payout_empty":      {"enter an amount of money or the goods handed over", "Einen Geldbetrag oder den Sachpreis eintragen"},
		"payout_both":       {"a payout is either money or goods, not both", "Eine Auszahlung ist entweder Geld oder ein Sachpreis, nicht beides"},
		"payment_for_goods": {"goods are not paid out in cash, by card or otherwise: leave the payment empty or cash", "Ein Sachpreis wird nicht bar, mit Karte oder anders ausgezahlt: die Zahlungsart leer oder bar lassen"},
		"prize_paid":        {"prize %d was handed to %s already (payout %d); cancel that payout first", "Preis %d wurde schon an %s ausgegeben (Auszahlung %d); zuerst diese Auszahlung stornieren"},
		"payout_not_found":  {"there is no payout %d", "Es gibt keine Auszahlung %d"},
		"payout_cancelled":  {"payout %d is cancelled already", "Auszahlung %d ist schon storniert"},
	} {
		messages[code] = m
	}
}

// CheckPayout checks payout p of tournament t against the payouts so far
// (paid, as PayoutsOf folds them) and returns it cleaned and numbered: a
// prize of the tournament, a recipient, either a positive amount of at
// most MaxPayoutCents or goods, and no prize handed out twice — a wrong
// payout is cancelled first (CheckCancel). The caller sets At and By.
func (t *Tournament) CheckPayout(paid []Payout, p Payout) (Payout, error) {
	n := len(t.Settings.Prizes)
	if p.Prize < 1 || p.Prize > n {
		return p, notFound("prize_not_found", "prize", p.Prize, n)
	}
	var err error
	if p.To, err = requiredText(text.PayoutTo, p.To); err != nil {
		return p, err
	}
	if p.Goods, err = cleanText(text.Goods, p.Goods); err != nil {
		return p, err
	}
	switch {
	case p.Cents < 0:
		return p, invalid("amount_negative", "amount")
	case p.Cents > MaxPayoutCents:
		return p, invalid("amount_too_high", "amount")
	case p.Cents > 0 && p.IsGoods():
		return p, invalid("payout_both", "amount")
	case p.Cents == 0 && !p.IsGoods():
		return p, invalid("payout_empty", "amount")
	case p.IsGoods() && p.Payment.Method() != Cash:
		return p, invalid("payment_for_goods", "payment")
	case p.IsGoods():
		p.Payment = ""
	default:
		if p.Payment, err = ParsePayMethod(string(p.Payment)); err != nil {
			return p, err
		}
	}
	p.No = 1
	for _, q := range paid {
		if q.Prize == p.Prize && !q.Cancelled {
			return p, conflict("prize_paid", "prize", p.Prize, q.To, q.No)
		}
		p.No = max(p.No, q.No+1)
	}
	p.Cancelled, p.CancelledAt, p.CancelledBy = false, time.Time{}, ""
	return p, nil
}

// CheckCancel checks that payout no of paid can be cancelled: it exists
// and is not cancelled yet. It returns the payout.
func CheckCancel(paid []Payout, no int) (Payout, error) {
	i := slices.IndexFunc(paid, func(p Payout) bool { return p.No == no })
	switch {
	case i < 0:
		return Payout{}, notFound("payout_not_found", "payout", no)
	case paid[i].Cancelled:
		return Payout{}, conflict("payout_cancelled", "payout", no)
	}
	return paid[i], nil
}

// Till is the money of the evening: the takings, the cash paid out per
// payment method and the goods handed out.
type Till struct {
	Takings Takings
	PaidOut []int    // cash payouts in cents, parallel to PayMethods
	Goods   []Payout // the goods handed out, in order
}

// PaidTotal is the money paid out in all.
func (k Till) PaidTotal() int {
	sum := 0
	for _, c := range k.PaidOut {
		sum += c
	}
	return sum
}

// Balance is what should be left of payment method i (PayMethods[i]):
// its takings less its payouts. For cash, the money in the box.
func (k Till) Balance(i int) int { return k.Takings.ByMethod[i].Net() - k.PaidOut[i] }

// BalanceTotal is the takings less every payout.
func (k Till) BalanceTotal() int { return k.Takings.Total.Net() - k.PaidTotal() }

// CountTill adds up the sales (CountTakings, price as there) and the
// payouts that stand (not cancelled).
func CountTill(sales []Sale, price int, payouts []Payout) Till {
	k := Till{Takings: CountTakings(sales, price), PaidOut: make([]int, len(PayMethods))}
	for _, p := range payouts {
		switch {
		case p.Cancelled:
		case p.IsGoods():
			k.Goods = append(k.Goods, p)
		default:
			mi := slices.Index(PayMethods, p.Payment.Method())
			if mi < 0 {
				mi = slices.Index(PayMethods, OtherPay)
			}
			k.PaidOut[mi] += p.Cents
		}
	}
	return k
}
