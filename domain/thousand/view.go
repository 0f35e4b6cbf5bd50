package thousand

// SeatView is what one seat may see of a deal: its own hand and only the
// number of the others' cards; the stock only once the bidding has ended
// (R-12, RL-6) — the 4p dealer, who holds it, always; the cards
// the declarer gave only to the declarer; the trick on the table, the
// trump, the announced marriages and the tricks won, which are public.
type SeatView struct {
	Seat      int            `json:"seat"`
	Players   int            `json:"players"`
	Dealer    int            `json:"dealer"`
	Golden    bool           `json:"golden"`
	Phase     string         `json:"phase"`
	Hand      []Card         `json:"hand"`
	Cards     []int          `json:"cards"` // number of cards per seat
	Stock     []Card         `json:"stock"` // nil while hidden
	Bid       int            `json:"bid"`
	Bidder    int            `json:"bidder"`
	Passed    []int          `json:"passed"`
	Declarer  *int           `json:"declarer"`
	Given     []Gift         `json:"given"` // the declarer's own view only
	Contract  int            `json:"contract"`
	Trump     *Suit          `json:"trump"`
	Table     []Card         `json:"table"` // cards of the current trick, leader first
	Leader    int            `json:"leader"`
	Marriages []MarriageInfo `json:"marriages"`
	Tricks    []int          `json:"tricks"`
	Points    int            `json:"points"` // own trick points plus marriages
	ToMove    int            `json:"to_move"`
	Legal     []Action       `json:"legal"` // the seat's actions when it is to move, its redeal claim included
	Verdict   *DealVerdict   `json:"verdict"`
}

// View is the deal as seat may see it.
func (d *Deal) View(seat int) SeatView {
	s := uint8(seat) % d.n
	v := SeatView{Seat: int(s), Players: int(d.n), Dealer: int(d.dealer), Golden: d.golden, Phase: d.phase.String(),
		Hand: d.hands[s].Cards(), Bid: int(d.bid), Bidder: int(d.high), Contract: int(d.contract),
		Leader: int(d.leader), ToMove: int(d.turn), Points: int(d.points[s]) + int(d.melds[s])}
	for p := uint8(0); p < d.n; p++ {
		v.Cards = append(v.Cards, d.hands[p].Count())
		v.Tricks = append(v.Tricks, int(d.tricks[p]))
		if d.passed&(1<<p) != 0 {
			v.Passed = append(v.Passed, int(p))
		}
	}
	if d.phase > Bidding || (d.n == 4 && s == d.dealer) {
		v.Stock = append([]Card{}, d.stock[:]...)
	}
	if decl := d.Declarer(); decl >= 0 {
		v.Declarer = &decl
		if int(s) == decl {
			for _, g := range d.given[:d.gives] {
				v.Given = append(v.Given, Gift{g.card, int(g.to)})
			}
		}
	}
	if t, ok := d.Trump(); ok {
		v.Trump = &t
	}
	if d.phase == Playing {
		v.Table = append([]Card{}, d.table[:d.played]...)
	}
	for _, m := range d.mars[:d.nmar] {
		v.Marriages = append(v.Marriages, MarriageInfo{int(m.seat), Suit(m.suit), Suit(m.suit).MarriageValue(), int(m.trick)})
	}
	if o, ok := d.Outcome(); ok {
		dv := DealVerdict(o)
		v.Verdict = &dv
		return v
	}
	var buf [MaxActions]Action
	for _, a := range d.Legal(&buf) {
		if a.Seat == s {
			v.Legal = append(v.Legal, a)
		}
	}
	var cbuf [4]Action
	for _, a := range d.Claims(&cbuf) {
		if a.Seat == s {
			v.Legal = append(v.Legal, a)
		}
	}
	return v
}
