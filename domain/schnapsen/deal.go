package schnapsen

import (
	"fmt"
	"math/bits"
)

// MaxActions bounds the legal actions of one seat: six cards, three
// marriages, exchange, close and declare.
const MaxActions = 12

// winTarget is the card points needed to declare out (S-13).
const winTarget = 66

// Deal is one deal as a state machine. It is a plain value (no pointers or
// slices), so copying it snapshots the game; the zero Deal is not a valid
// deal, use NewDeal.
type Deal struct {
	hands  [2]cardSet
	won    [2]cardSet // cards in each seat's tricks
	talon  [12]Card   // face-down talon top first, the trump card last (S-3, X-2)
	next   uint8      // index of the next card to draw
	size   uint8      // talon size: 10 or 12
	trump  Suit
	sharp  bool // S-18
	sixty  bool // X
	later  bool // S-17 closing=count-later
	leader uint8
	led    bool // the leader has played to the current trick
	lead   Card
	// marriage is the suit just announced by the leader plus one, 0 if none:
	// the leader must now lead its K or Q, or declare (S-9, S-13).
	marriage uint8
	closer   int8 // seat that closed the talon, -1 if open (S-12)
	points   [2]uint8
	melds    [2]uint8 // announced marriage points, pending until a trick (S-9)
	melded   [2]uint8 // suits announced, one bit per suit
	tricks   [2]uint8
	// The closer's opponent's tricks and counted points when closing (S-17).
	closeTricks uint8
	closePoints uint8
	lastTrick   [2]Card // leader's card, follower's card
	actions     uint16
	over        bool
	winner      uint8
	game        uint8
	reason      Reason
	atAction    int16
}

// NewDeal deals deck (top first) as S-3 (X-2 for sixty-six) prescribes.
func NewDeal(v Variant, c Closing, deck []Card) (Deal, error) {
	var d Deal
	switch v {
	case Soft, Sharp, SixtySix:
	default:
		return d, newError(CodeBadDeck, fmt.Sprintf("unknown variant %q", v), fmt.Sprintf("unbekannte Spielart %q", v))
	}
	switch c {
	case AtClose, CountLater:
	default:
		return d, newError(CodeBadDeck, fmt.Sprintf("unknown closing %q", c), fmt.Sprintf("unbekannte Zudreh-Regel %q", c))
	}
	n := deckSize(v)
	if len(deck) != n {
		return d, newError(CodeBadDeck,
			fmt.Sprintf("the deck has %d cards, %s needs %d", len(deck), v, n),
			fmt.Sprintf("das Kartenspiel hat %d Karten, %s braucht %d", len(deck), v, n))
	}
	var seen cardSet
	for i, c := range deck {
		switch {
		case c >= NumCards || (c.Rank() == Nine && v != SixtySix):
			return d, newError(CodeBadDeck,
				fmt.Sprintf("card %d (%s) is not in the %s deck", i+1, c, v),
				fmt.Sprintf("Karte %d (%s) gehört nicht zum Spiel %s", i+1, c, v))
		case seen.has(c):
			return d, newError(CodeBadDeck,
				fmt.Sprintf("card %d (%s) appears twice in the deck", i+1, c),
				fmt.Sprintf("Karte %d (%s) kommt zweimal vor", i+1, c))
		}
		seen |= 1 << c
	}
	d.sharp, d.sixty, d.later = v == Sharp, v == SixtySix, c == CountLater
	d.closer = -1
	d.atAction = -1
	var trump Card
	if d.sixty { // 3+3+3+3, the 13th card is trump, 11 face down above it
		d.hands[0] = setOf(deck[0:3]) | setOf(deck[6:9])
		d.hands[1] = setOf(deck[3:6]) | setOf(deck[9:12])
		trump = deck[12]
		copy(d.talon[:], deck[13:24])
		d.size = 12
	} else { // S-3: 3 forehand, 3 dealer, trump, 2 forehand, 2 dealer, 9 face down
		d.hands[0] = setOf(deck[0:3]) | setOf(deck[7:9])
		d.hands[1] = setOf(deck[3:6]) | setOf(deck[9:11])
		trump = deck[6]
		copy(d.talon[:], deck[11:20])
		d.size = 10
	}
	d.talon[d.size-1] = trump
	d.trump = trump.Suit()
	return d, nil
}

func setOf(cards []Card) cardSet {
	var s cardSet
	for _, c := range cards {
		s |= 1 << c
	}
	return s
}

// Variant reports the rule set of the deal.
func (d *Deal) Variant() Variant {
	switch {
	case d.sharp:
		return Sharp
	case d.sixty:
		return SixtySix
	}
	return Soft
}

// Closing reports the closing option of the deal (S-17).
func (d *Deal) Closing() Closing {
	if d.later {
		return CountLater
	}
	return AtClose
}

// ToMove is the seat whose action is awaited.
func (d *Deal) ToMove() int {
	if d.led {
		return int(1 - d.leader)
	}
	return int(d.leader)
}

// Over reports whether the deal is decided.
func (d *Deal) Over() bool { return d.over }

// talonLeft counts the cards still to draw, the trump card included.
func (d *Deal) talonLeft() int { return int(d.size) - int(d.next) }

// strict reports whether S-7 applies: the talon is closed or exhausted.
func (d *Deal) strict() bool { return d.closer >= 0 || d.next == d.size }

// counted is a seat's card points: tricks plus marriages, which count only
// once the seat has won a trick (S-9).
func (d *Deal) counted(seat uint8) int {
	p := int(d.points[seat])
	if d.tricks[seat] > 0 {
		p += int(d.melds[seat])
	}
	return p
}

// exchangeCard is the trump J, or the trump 9 in sixty-six (S-11, X-3).
func (d *Deal) exchangeCard() Card {
	if d.sixty {
		return NewCard(Nine, d.trump)
	}
	return NewCard(Jack, d.trump)
}

// kingMask has the king bit of every suit; a marriage is a K with its Q one bit higher.
const kingMask cardSet = 1<<2 | 1<<8 | 1<<14 | 1<<20

// marriages has the king bit of every suit in which hand holds K and Q.
func marriages(hand cardSet) cardSet { return hand & (hand >> 1) & kingMask }

// followSet is what S-7 lets a hand play to lead: a higher card of the suit
// led, else a lower one, else a trump, else anything.
func followSet(hand cardSet, lead Card, trump Suit) cardSet {
	if same := hand & suitSet(lead.Suit()); same != 0 {
		if higher := same & higherSet(lead); higher != 0 {
			return higher
		}
		return same
	}
	if trumps := hand & suitSet(trump); trumps != 0 {
		return trumps
	}
	return hand
}

// marriageLeads are the cards that may be led after announcing the
// marriage in s: K or Q, only the K in sharp (S-9, S-18).
func (d *Deal) marriageLeads(s Suit) cardSet {
	k := NewCard(King, s)
	if d.sharp {
		return 1 << k
	}
	return 1<<k | 1<<(k+1)
}

// canExchange: S-11, S-18, X-3.
func (d *Deal) canExchange(hand cardSet) bool {
	face := d.talonLeft() - 1 // face-down cards above the trump
	if d.closer >= 0 || face < 1 || !hand.has(d.exchangeCard()) {
		return false
	}
	return !d.sharp || (face > 1 && d.tricks[0]+d.tricks[1] > 0)
}

// canClose: more than one face-down card above the trump (S-12).
func (d *Deal) canClose() bool { return d.closer < 0 && d.talonLeft()-1 > 1 }

// canMarry: after the first trick in sharp (S-18).
func (d *Deal) canMarry() bool { return !d.sharp || d.tricks[0]+d.tricks[1] > 0 }

// Legal writes the actions the seat to move may take into buf and returns
// them: plays by card, then marriages, exchange, close and declare. It is
// empty once the deal is over and never allocates.
func (d *Deal) Legal(buf *[MaxActions]Action) []Action {
	if d.over {
		return buf[:0]
	}
	seat := uint8(d.ToMove())
	hand := d.hands[seat]
	plays := hand
	var kq cardSet
	var extra [3]bool // exchange, close, declare
	switch {
	case d.led:
		if d.strict() {
			plays = followSet(hand, d.lead, d.trump)
		}
	case d.marriage != 0:
		plays = hand & d.marriageLeads(Suit(d.marriage-1))
		extra[2] = true
	default:
		if d.canMarry() {
			kq = marriages(hand)
		}
		extra = [3]bool{d.canExchange(hand), d.canClose(), d.tricks[seat] > 0}
	}
	n := 0
	for p := uint32(plays); p != 0; p &= p - 1 {
		buf[n] = Action{Seat: seat, Kind: Play, Card: Card(bits.TrailingZeros32(p))}
		n++
	}
	for m := uint32(kq); m != 0; m &= m - 1 {
		buf[n] = Action{Seat: seat, Kind: Marriage, Suit: Suit(bits.TrailingZeros32(m) / 6)}
		n++
	}
	for i, ok := range extra {
		if ok {
			buf[n] = Action{Seat: seat, Kind: Exchange + Kind(i)}
			n++
		}
	}
	return buf[:n]
}

// Apply performs a in live play: anything not legal, a wrong follow under
// S-7 included, is refused with an *Error and leaves the deal unchanged.
func (d *Deal) Apply(a Action) error { return d.apply(a, false) }

// Judge performs a recorded action as a referee: a follow/head violation
// under S-7 ends the deal as a renonce (S-8); anything else impossible is
// refused like Apply.
func (d *Deal) Judge(a Action) error { return d.apply(a, true) }

func (d *Deal) apply(a Action, referee bool) error {
	if d.over {
		return actionError(CodeDealOver, a, "the deal is already decided", "das Spiel ist schon entschieden")
	}
	seat := uint8(d.ToMove())
	if a.Seat != seat {
		return actionError(CodeOutOfTurn, a, fmt.Sprintf("seat %d is to move", seat), fmt.Sprintf("Sitz %d ist am Zug", seat))
	}
	hand := d.hands[seat]
	switch {
	case a.Kind < Play || a.Kind > Declare:
		return actionError(CodeBadAction, a, "unknown action", "unbekannte Aktion")
	case a.Kind == Play || a.Kind == Declare:
	case d.led:
		return actionError(codeOf(a.Kind), a, "only on lead before leading", "nur am Ausspiel vor dem Ausspielen")
	case d.marriage != 0: // S-9: the announcer leads a marriage card or declares
		return actionError(codeOf(a.Kind), a, "after a marriage, lead its card or declare", "nach einer Ansage: Ansagekarte ausspielen oder ausmelden")
	}
	switch a.Kind {
	case Play:
		return d.play(a, hand, referee)
	case Marriage:
		switch {
		case a.Suit > Clubs:
			return actionError(CodeBadAction, a, "unknown suit", "unbekannte Farbe")
		case !d.canMarry(): // S-18
			return actionError(CodeMarriage, a, "no marriage before the first trick in sharp Schnapsen", "kein Ansagen vor dem ersten Stich beim scharfen Schnapsen")
		case marriages(hand)&(1<<NewCard(King, a.Suit)) == 0:
			return actionError(CodeMarriage, a, "King and Queen of that suit are not both in hand", "König und Dame dieser Farbe sind nicht beide auf der Hand")
		}
		d.marriage = uint8(a.Suit) + 1
		d.melded[seat] |= 1 << a.Suit
		if a.Suit == d.trump { // S-9: 40 in trumps, 20 otherwise
			d.melds[seat] += 40
		} else {
			d.melds[seat] += 20
		}
	case Exchange:
		if !d.canExchange(hand) {
			en, de := d.exchangeWhyNot(hand)
			return actionError(CodeExchange, a, en, de)
		}
		x := d.exchangeCard()
		top := &d.talon[d.size-1]
		d.hands[seat] = hand&^(1<<x) | 1<<*top
		*top = x
	case Close:
		if !d.canClose() {
			if d.closer >= 0 {
				return actionError(CodeClose, a, "the talon is already closed", "der Talon ist schon zugedreht")
			}
			return actionError(CodeClose, a, "only while more than one face-down card lies above the trump", "nur solange mehr als eine verdeckte Karte über dem Atout liegt")
		}
		d.closer = int8(seat)
		d.closeTricks = d.tricks[1-seat]
		d.closePoints = uint8(d.counted(1 - seat))
	case Declare:
		if d.led || (d.tricks[seat] == 0 && d.marriage == 0) {
			return actionError(CodeDeclare, a, "only on lead before leading, after winning a trick or announcing a marriage",
				"nur am Ausspiel vor dem Ausspielen, nach einem Stich oder einer Ansage")
		}
		d.declare(seat)
	}
	d.actions++
	return nil
}

// codeOf is the error code for a refused action of kind k.
func codeOf(k Kind) string {
	switch k {
	case Marriage:
		return CodeMarriage
	case Exchange:
		return CodeExchange
	}
	return CodeClose
}

func (d *Deal) exchangeWhyNot(hand cardSet) (string, string) {
	x := d.exchangeCard()
	switch face := d.talonLeft() - 1; {
	case !hand.has(x):
		return fmt.Sprintf("%s is not in hand", x), fmt.Sprintf("%s ist nicht auf der Hand", x)
	case d.closer >= 0:
		return "the talon is closed", "der Talon ist zugedreht"
	case face < 1:
		return "the talon is exhausted", "der Talon ist aufgebraucht"
	case face == 1:
		return "only one face-down card is left in sharp Schnapsen", "beim scharfen Schnapsen liegt nur noch eine verdeckte Karte"
	}
	return "no exchange before the first trick in sharp Schnapsen", "kein Austauschen vor dem ersten Stich beim scharfen Schnapsen"
}

// play puts a card on the table and settles the trick once both have played.
func (d *Deal) play(a Action, hand cardSet, referee bool) error {
	c := a.Card
	switch {
	case c >= NumCards:
		return actionError(CodeBadAction, a, "unknown card", "unbekannte Karte")
	case !hand.has(c):
		return actionError(CodeNotInHand, a, fmt.Sprintf("%s is not in hand", c), fmt.Sprintf("%s ist nicht auf der Hand", c))
	}
	if !d.led {
		if d.marriage != 0 && d.marriageLeads(Suit(d.marriage-1))&(1<<c) == 0 { // S-9, S-18
			if d.sharp {
				return actionError(CodeMarriage, a, "after a marriage its King must be led", "nach einer Ansage muss der König ausgespielt werden")
			}
			return actionError(CodeMarriage, a, "after a marriage its King or Queen must be led", "nach einer Ansage muss König oder Dame ausgespielt werden")
		}
		d.hands[d.leader] = hand &^ (1 << c)
		d.lead, d.led, d.marriage = c, true, 0
		d.actions++
		return nil
	}
	if d.strict() && followSet(hand, d.lead, d.trump)&(1<<c) == 0 { // S-7
		if !referee {
			return actionError(CodeMustFollow, a, "the talon is closed or exhausted: follow suit and head the trick, else trump",
				"der Talon ist zu oder aufgebraucht: Farbe bekennen und stechen, sonst trumpfen")
		}
		d.end(d.leader, 3, Renonce) // S-8; the card stays in hand, the trick is void
		d.actions++
		return nil
	}
	follower := 1 - d.leader
	d.hands[follower] = hand &^ (1 << c)
	w := d.leader // S-4
	if c.Suit() == d.lead.Suit() {
		if c < d.lead {
			w = follower
		}
	} else if c.Suit() == d.trump {
		w = follower
	}
	d.won[w] |= 1<<c | 1<<d.lead
	d.points[w] += uint8(c.Points() + d.lead.Points())
	d.tricks[w]++
	d.lastTrick = [2]Card{d.lead, c}
	d.leader, d.led = w, false
	if d.closer < 0 && d.next < d.size { // S-6: winner draws first
		d.hands[w] |= 1 << d.talon[d.next]
		d.hands[1-w] |= 1 << d.talon[d.next+1]
		d.next += 2
	}
	if d.hands[0]|d.hands[1] == 0 {
		d.lastTrickPlayed(w)
	}
	d.actions++
	return nil
}

// lastTrickPlayed decides a deal whose cards are all played; w won the last trick.
func (d *Deal) lastTrickPlayed(w uint8) {
	if d.closer >= 0 {
		// S-17: the closer scores as declared if he wins the last trick
		// with 66 (he may declare right after it, S-13); otherwise the
		// closing failed.
		d.declareClosed(uint8(d.closer), w == uint8(d.closer))
		return
	}
	if d.sixty {
		d.points[w] += 10
	}
	p := 1 // S-16, X-4
	if d.counted(w) >= winTarget {
		p = GamePoints(d.tricks[1-w], d.counted(1-w))
	}
	d.end(w, p, LastTrick)
}

// GamePoints is the game points a won deal scores against an opponent
// with tricks and points (S-14: 3 without a trick, 2 under 33 points, else
// 1). The bot's search (domain/bot) scores its positions with it too.
func GamePoints(tricks uint8, points int) int {
	switch {
	case tricks == 0:
		return 3
	case points <= 32:
		return 2
	}
	return 1
}

// declare decides the deal on seat's declaration (S-13 … S-15, S-17).
func (d *Deal) declare(seat uint8) {
	if d.closer >= 0 {
		if int8(seat) == d.closer {
			d.declareClosed(seat, true)
			return
		}
		if d.counted(seat) >= winTarget { // S-17: the opponent declared out first
			d.closingFailed()
			return
		}
	}
	opp := 1 - seat
	p := GamePoints(d.tricks[opp], d.counted(opp))
	if d.counted(seat) >= winTarget {
		d.end(seat, p, Declared) // S-14
	} else {
		d.end(opp, p, WrongDeclaration) // S-15
	}
}

// declareClosed decides a closed deal on the closer's own declaration, or
// at its end when declared is false (S-17).
func (d *Deal) declareClosed(closer uint8, declared bool) {
	if !declared || d.counted(closer) < winTarget {
		d.closingFailed()
		return
	}
	tricks, points := d.closeTricks, int(d.closePoints)
	if d.later {
		tricks, points = d.tricks[1-closer], d.counted(1-closer)
	}
	d.end(closer, GamePoints(tricks, points), Declared)
}

// closingFailed: the closer's opponent scores 3 if he had no trick when
// the talon was closed, else 2 (S-17).
func (d *Deal) closingFailed() {
	p := 2
	if d.closeTricks == 0 {
		p = 3
	}
	d.end(1-uint8(d.closer), p, ClosingFailed)
}

func (d *Deal) end(winner uint8, points int, r Reason) {
	d.over, d.winner, d.game, d.reason = true, winner, uint8(points), r
	d.atAction = int16(d.actions)
}
