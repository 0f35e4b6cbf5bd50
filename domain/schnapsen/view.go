package schnapsen

// SeatView is what one seat may see of a deal: its own hand but only the
// number of the opponent's cards, the face-up trump card but not the
// talon order, and no running card points in sharp Schnapsen (S-18).
type SeatView struct {
	Seat      int       `json:"seat"`
	Variant   Variant   `json:"variant"`
	Closing   Closing   `json:"closing"` // S-17
	Hand      []Card    `json:"hand"`
	Opponent  int       `json:"opponent_cards"` // number of cards in the opponent's hand
	TrumpSuit Suit      `json:"trump_suit"`
	TrumpCard *Card     `json:"trump_card"` // nil once the talon is closed or exhausted
	TalonLeft int       `json:"talon_left"` // cards still to draw, the trump card included
	Closer    *int      `json:"closer"`     // seat that closed the talon (S-12), nil if open
	Lead      *Card     `json:"lead"`       // card led to the current trick, nil before the lead
	LastTrick []Card    `json:"last_trick"` // leader's and follower's card of the last trick; in sharp only until the next lead (S-18)
	Tricks    [2]int    `json:"tricks"`
	Points    *int      `json:"points"`    // own counted card points; nil in sharp (S-18)
	Marriages [2][]Suit `json:"marriages"` // announced marriages per seat; they are public (S-9)
	ToMove    int       `json:"to_move"`
	Legal     []Action  `json:"legal"`   // the seat's legal actions when it is to move
	Verdict   *Verdict  `json:"verdict"` // set once the deal is over
}

// View is the deal as seat (0 or 1) may see it.
func (d *Deal) View(seat int) SeatView {
	s := uint8(seat & 1)
	v := SeatView{
		Seat: int(s), Variant: d.Variant(), Closing: d.Closing(), Hand: d.Hand(int(s)), Opponent: d.hands[1-s].count(),
		TrumpSuit: d.trump, TalonLeft: d.talonLeft(), Tricks: d.Tricks(), ToMove: d.ToMove(),
	}
	if d.closer < 0 && d.talonLeft() > 0 {
		c := d.talon[d.size-1]
		v.TrumpCard = &c
	}
	if d.closer >= 0 {
		c := int(d.closer)
		v.Closer = &c
	}
	if d.led {
		c := d.lead
		v.Lead = &c
	}
	// S-18: sharp lets nobody look at a trick once the next card is led.
	if d.tricks[0]+d.tricks[1] > 0 && !(d.sharp && d.led) {
		v.LastTrick = append([]Card(nil), d.lastTrick[:]...)
	}
	if !d.sharp {
		p := d.counted(s)
		v.Points = &p
	}
	for p := range 2 {
		for suit := Hearts; suit <= Clubs; suit++ {
			if d.melded[p]&(1<<suit) != 0 {
				v.Marriages[p] = append(v.Marriages[p], suit)
			}
		}
	}
	if d.over {
		verdict := d.Verdict()
		v.Verdict = &verdict
	} else if d.ToMove() == int(s) {
		var buf [MaxActions]Action
		v.Legal = append([]Action(nil), d.Legal(&buf)...)
	}
	return v
}

// Hand lists a seat's cards, highest suit order first.
func (d *Deal) Hand(seat int) []Card {
	h := d.hands[seat&1]
	out := make([]Card, 0, h.count())
	for c := Card(0); c < NumCards; c++ {
		if h.has(c) {
			out = append(out, c)
		}
	}
	return out
}
