package web

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// takingsModel is the money of a tournament: the sales and refunds (issue
// 9) — every sale from the audit of the sale desk, every cancelled sale as
// a refund at its price in the way it was paid (store.Sales), by payment
// method and by the user who sold or cancelled — and the till (issue 23,
// docs/till.md): the prizes with their payouts or forms, the payouts, and
// the takings less the cash paid out per payment method.
func (s *server) takingsModel(c echo.Context, t *tournament.Tournament) (views.TakingsModel, error) {
	ctx := c.Request().Context()
	sales, err := s.store.Sales(ctx, t.ID)
	if err != nil {
		return views.TakingsModel{}, err
	}
	payouts, err := s.store.Payouts(ctx, t.ID)
	if err != nil {
		return views.TakingsModel{}, err
	}
	l := lang(c)
	m := views.TakingsModel{TournamentID: t.ID, Name: t.Settings.Name, PriceCents: t.Settings.PriceCents,
		Date: s.store.Now().Local().Format("02.01.2006 15:04"), Day: eventDay(l, t.Settings.Event), Venue: t.Settings.Event.Venue}
	k := tournament.CountTill(sales, t.Settings.PriceCents, payouts)
	m.Total = views.TakingsRow{Label: text(c, "takings.net"), Tally: k.Takings.Total}
	for i, pm := range tournament.PayMethods {
		label := views.PayName(l, pm)
		m.ByMethod = append(m.ByMethod, views.TakingsRow{Label: label, Tally: k.Takings.ByMethod[i]})
		m.Balance = append(m.Balance, views.TillRow{Key: string(pm), Label: label, Cash: pm == tournament.Cash,
			TakingsCents: k.Takings.ByMethod[i].Net(), PaidCents: k.PaidOut[i], Cents: k.Balance(i)})
		if pm == tournament.Cash {
			m.CashInBox = k.Balance(i)
		}
	}
	m.BalanceTotal = views.TillRow{Label: text(c, "till.total"), TakingsCents: k.Takings.Total.Net(), PaidCents: k.PaidTotal(), Cents: k.BalanceTotal()}
	for i, u := range k.Takings.Users {
		m.ByUser = append(m.ByUser, views.TakingsRow{Label: u, Tally: k.Takings.ByUser[i]})
	}
	standing := map[int]*views.PayoutView{} // by prize
	for _, p := range payouts {
		v := payoutView(t, p, l)
		if p.Cancelled {
			m.CancelledCount++
		} else {
			standing[p.Prize] = &v
		}
		if p.IsGoods() {
			m.Goods = append(m.Goods, v)
		} else {
			m.Money = append(m.Money, v)
		}
	}
	for _, r := range prizeRows(t, newRoster(t), l) {
		p := views.TillPrize{Prize: r.Prize, Description: r.Description, Winner: cmp.Or(r.Player, r.Lot), Paid: standing[r.Prize],
			Form: payoutForm(r.Description, r.Player, l)}
		if r.Card != 0 || r.Lot != "" {
			p.Place = views.PlaceText(r.From, r.To)
		}
		m.Prizes = append(m.Prizes, p)
	}
	return m, nil
}

// payoutView is a payout as the pages show it.
func payoutView(t *tournament.Tournament, p tournament.Payout, lang string) views.PayoutView {
	v := views.PayoutView{No: p.No, Prize: p.Prize, To: p.To, Cents: p.Cents, Goods: p.Goods, What: views.PayoutWhat(lang, p),
		At: p.At.Local().Format("15:04"), By: p.By, Cancelled: p.Cancelled, CancelledBy: p.CancelledBy}
	if p.Prize >= 1 && p.Prize <= len(t.Settings.Prizes) {
		v.PrizeText = t.Settings.Prizes[p.Prize-1]
	}
	if !p.IsGoods() {
		v.Payment = views.PayName(lang, p.Payment)
	}
	if p.Cancelled {
		v.CancelledAt = p.CancelledAt.Local().Format("15:04")
	}
	return v
}

// payoutForm is a prize's form as offered: to its winner when decided,
// the amount when its description reads as money ("100 €", "50,- Euro"),
// else the description as the goods; cash.
func payoutForm(desc, winner, lang string) views.Form {
	v := map[string]string{"to": winner, "amount": "", "goods": desc, "payment": string(tournament.Cash)}
	if cents, ok := parseCents(moneyWords.Replace(desc)); ok && cents > 0 {
		v["amount"], v["goods"] = views.PriceInput(lang, cents), ""
	}
	return views.NewForm(v)
}

// moneyWords are what a prize description may say around an amount.
var moneyWords = strings.NewReplacer("Euro", "", "EUR", "", ",-", "", ".-", "")

// takingsPage is the Kassa: the takings, the prizes to hand out and the
// payouts, the balance; it prints on A4.
func (s *server) takingsPage(c echo.Context) error {
	return s.renderTakings(c, http.StatusOK, nil)
}

// renderTakings renders the Kassa page with status; change, if given,
// puts a refusal into the model.
func (s *server) renderTakings(c echo.Context, status int, change func(*views.TakingsModel)) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m, err := s.takingsModel(c, t)
	if err != nil {
		return err
	}
	if change != nil {
		change(&m)
	}
	return render(c, status, views.TakingsPage(m))
}

// tillReport is the close-out (Kassabericht), one A4 page to file.
func (s *server) tillReport(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m, err := s.takingsModel(c, t)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.TillReportPage(m))
}

// recordPayout hands out a prize from the Kassa page's form: back to the
// Kassa (303) when recorded; refused, the page again with the input and
// the message at the prize's form.
func (s *server) recordPayout(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	v := map[string]string{}
	for _, k := range []string{"prize", "to", "amount", "goods", "payment"} {
		v[k] = strings.TrimSpace(c.FormValue(k))
	}
	f := views.NewForm(v)
	prize, err := strconv.Atoi(v["prize"])
	if err != nil {
		return badRequest(c, "prize", "form.number_bad")
	}
	p := tournament.Payout{Prize: prize, To: v["to"], Goods: v["goods"], Payment: tournament.PayMethod(v["payment"])}
	if v["amount"] != "" {
		var ok bool
		if p.Cents, ok = formCents(v["amount"]); !ok {
			f.Fail("amount", text(c, "till.amount_bad"))
			return s.refusePayout(c, http.StatusUnprocessableEntity, prize, f)
		}
	}
	if _, err := s.store.RecordPayout(c.Request().Context(), id, actor(c), p); err != nil {
		return formError(c, f, err, func(status int, f views.Form) error { return s.refusePayout(c, status, prize, f) })
	}
	return redirect(c, tournamentURL(id, "/takings#prize-"+strconv.Itoa(prize)))
}

// formCents reads an amount typed into a form; a minus sign is kept, so
// the domain refuses a negative amount with its own message.
func formCents(s string) (int, bool) {
	neg := strings.HasPrefix(s, "-") || strings.HasPrefix(s, "−")
	cents, ok := parseCents(strings.TrimLeft(s, "-−"))
	if neg {
		cents = -cents
	}
	return cents, ok
}

// refusePayout shows the Kassa with the refused form at its prize (a paid
// prize keeps its payout, the message above it), or the message at the
// top when the prize is not on the list.
func (s *server) refusePayout(c echo.Context, status, prize int, f views.Form) error {
	return s.renderTakings(c, status, func(m *views.TakingsModel) {
		for i := range m.Prizes {
			if m.Prizes[i].Prize == prize {
				m.Prizes[i].Form = f
				return
			}
		}
		m.Problem = cmp.Or(f.Error("prize"), f.Error(views.General))
	})
}

// cancelPayoutConfirm asks before payout :no is cancelled; a payout that
// cannot be cancelled (any more) leads back to the Kassa.
func (s *server) cancelPayoutConfirm(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	no, _ := strconv.Atoi(c.Param("no"))
	payouts, err := s.store.Payouts(c.Request().Context(), t.ID)
	if err != nil {
		return err
	}
	p, err := tournament.CheckCancel(payouts, no)
	if err != nil {
		return redirect(c, tournamentURL(t.ID, "/takings"))
	}
	return render(c, http.StatusOK, views.CancelPayoutPage(views.CancelPayoutModel{TournamentID: t.ID, Name: t.Settings.Name,
		Payout: payoutView(t, p, lang(c))}))
}

// cancelPayout cancels payout :no; refused, the Kassa shows why.
func (s *server) cancelPayout(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	no, err := strconv.Atoi(c.Param("no"))
	if err != nil {
		return notFound(c)
	}
	p, err := s.store.CancelPayout(c.Request().Context(), id, actor(c), no)
	if err != nil {
		pr := explain(c, err)
		if pr.status >= 500 {
			return err
		}
		return s.renderTakings(c, pr.status, func(m *views.TakingsModel) { m.Problem = pr.msg })
	}
	return redirect(c, tournamentURL(id, "/takings#prize-"+strconv.Itoa(p.Prize)))
}

// takingsJSON is the takings in the API: cents.
type takingsJSON struct {
	PriceCents int              `json:"price_cents"`
	Total      takingsRowJSON   `json:"total"`
	ByMethod   []takingsRowJSON `json:"by_payment"`
	ByUser     []takingsRowJSON `json:"by_user"`
	At         time.Time        `json:"at"`
}

type takingsRowJSON struct {
	Key         string `json:"key,omitempty"` // the payment method or the user
	Sold        int    `json:"sold"`
	SoldCents   int    `json:"sold_cents"`
	Refunded    int    `json:"refunded"`
	RefundCents int    `json:"refund_cents"`
	NetCents    int    `json:"net_cents"`
}

func rowJSON(key string, r views.TakingsRow) takingsRowJSON {
	return takingsRowJSON{Key: key, Sold: r.Sold, SoldCents: r.SoldCents, Refunded: r.Refunded, RefundCents: r.RefundCents, NetCents: r.Net()}
}

// apiTakings is the takings (organisers).
func (s *server) apiTakings(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m, err := s.takingsModel(c, t)
	if err != nil {
		return err
	}
	out := takingsJSON{PriceCents: m.PriceCents, Total: rowJSON("", m.Total), At: s.store.Now().UTC()}
	for i, pm := range tournament.PayMethods {
		out.ByMethod = append(out.ByMethod, rowJSON(string(pm), m.ByMethod[i]))
	}
	for _, r := range m.ByUser {
		out.ByUser = append(out.ByUser, rowJSON(r.Label, r))
	}
	return c.JSON(http.StatusOK, out)
}

// payoutJSON is a payout in the API.
type payoutJSON struct {
	No          int        `json:"no"`
	Prize       int        `json:"prize"`
	To          string     `json:"to"`
	Cents       int        `json:"cents,omitempty"`
	Goods       string     `json:"goods,omitempty"`
	Payment     string     `json:"payment,omitempty"`
	At          time.Time  `json:"at"`
	By          string     `json:"by"`
	Cancelled   bool       `json:"cancelled"`
	CancelledAt *time.Time `json:"cancelled_at,omitempty"`
	CancelledBy string     `json:"cancelled_by,omitempty"`
}

func payoutOut(p tournament.Payout) payoutJSON {
	out := payoutJSON{No: p.No, Prize: p.Prize, To: p.To, Cents: p.Cents, Goods: p.Goods, Payment: string(p.Payment),
		At: p.At.UTC(), By: p.By, Cancelled: p.Cancelled, CancelledBy: p.CancelledBy}
	if p.Cancelled {
		at := p.CancelledAt.UTC()
		out.CancelledAt = &at
	}
	return out
}

// tillJSON is the till: every payout and the balance per payment method.
type tillJSON struct {
	Payouts   []payoutJSON     `json:"payouts"`
	ByMethod  []balanceRowJSON `json:"by_payment"`
	Total     balanceRowJSON   `json:"total"`
	CashInBox int              `json:"cash_in_box_cents"`
	At        time.Time        `json:"at"`
}

type balanceRowJSON struct {
	Key          string `json:"key,omitempty"` // the payment method
	TakingsCents int    `json:"takings_cents"`
	PaidCents    int    `json:"paid_cents"`
	BalanceCents int    `json:"balance_cents"`
}

func balanceJSON(key string, r views.TillRow) balanceRowJSON {
	return balanceRowJSON{Key: key, TakingsCents: r.TakingsCents, PaidCents: r.PaidCents, BalanceCents: r.Cents}
}

// apiPayouts is the till (organisers): the payouts in the order recorded,
// the cancelled ones marked, and the balance.
func (s *server) apiPayouts(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m, err := s.takingsModel(c, t)
	if err != nil {
		return err
	}
	payouts, err := s.store.Payouts(c.Request().Context(), t.ID)
	if err != nil {
		return err
	}
	out := tillJSON{Payouts: []payoutJSON{}, Total: balanceJSON("", m.BalanceTotal), CashInBox: m.CashInBox, At: s.store.Now().UTC()}
	for _, p := range payouts {
		out.Payouts = append(out.Payouts, payoutOut(p))
	}
	for i, pm := range tournament.PayMethods {
		out.ByMethod = append(out.ByMethod, balanceJSON(string(pm), m.Balance[i]))
	}
	return c.JSON(http.StatusOK, out)
}

// payoutInJSON is a payout to record: cents or goods.
type payoutInJSON struct {
	Prize   int    `json:"prize"`
	To      string `json:"to"`
	Cents   int    `json:"cents"`
	Goods   string `json:"goods"`
	Payment string `json:"payment"`
}

// apiRecordPayout hands out a prize: 201 with the payout.
func (s *server) apiRecordPayout(c echo.Context) error {
	id, in, err := tournamentInput[payoutInJSON](c)
	if err != nil {
		return err
	}
	p, err := s.store.RecordPayout(c.Request().Context(), id, actor(c),
		tournament.Payout{Prize: in.Prize, To: in.To, Cents: in.Cents, Goods: in.Goods, Payment: tournament.PayMethod(in.Payment)})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, payoutOut(p))
}

// apiCancelPayout cancels payout :no: 200 with the payout as cancelled.
func (s *server) apiCancelPayout(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	no, err := strconv.Atoi(c.Param("no"))
	if err != nil {
		return notFound(c)
	}
	p, err := s.store.CancelPayout(c.Request().Context(), id, actor(c), no)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, payoutOut(p))
}

// exportTill is the cash book (Kassabuch) as CSV: every sale, refund,
// payout and cancelled payout with its time, payment method, signed
// amount and user, oldest first; goods have no amount.
func exportTill(s *server, c echo.Context, t *tournament.Tournament) ([][]string, error) {
	ctx := c.Request().Context()
	sales, err := s.store.Sales(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	payouts, err := s.store.Payouts(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	l := lang(c)
	type entry struct {
		at   time.Time
		cols []string
	}
	var entries []entry
	// add is one line; payment "" (goods) has no amount.
	add := func(at time.Time, kind, by, detail string, payment tournament.PayMethod, cents int) {
		amount, method := "", ""
		if payment != "" {
			amount, method = views.Euro(l, cents), views.PayName(l, payment)
		}
		entries = append(entries, entry{at, []string{at.Local().Format(historyTime), views.Text(l, kind), method, amount, by, detail}})
	}
	for _, sl := range sales {
		price := cmp.Or(sl.PriceCents, t.Settings.PriceCents) * sl.Cards
		kind := "export.sale"
		if sl.Refund {
			kind, price = "export.refund", -price
		}
		add(sl.At, kind, sl.By, views.Textf(l, "export.sale_no", sl.Sequence), tournament.PayMethod(sl.Payment).Method(), price)
	}
	for _, p := range payouts {
		detail, kind := views.Textf(l, "export.payout_detail", p.No, p.Prize, p.To), "export.payout"
		if p.IsGoods() {
			detail, kind = detail+": "+p.Goods, "export.payout_goods"
		}
		add(p.At, kind, p.By, detail, p.Payment, -p.Cents)
		if p.Cancelled {
			add(p.CancelledAt, "export.payout_cancel", p.CancelledBy, detail, p.Payment, p.Cents)
		}
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return a.at.Compare(b.at) })
	out := [][]string{{text(c, "export.at"), text(c, "export.entry"), text(c, "export.payment"), text(c, "export.amount"),
		text(c, "export.user"), text(c, "export.detail")}}
	for _, e := range entries {
		out = append(out, e.cols)
	}
	return out, nil
}
