package bot

import (
	"math/bits"

	"bummerl/domain/schnapsen"
)

// pos is one deal with every card placed (a "world"): both hands and the
// talon order. It is the search's state: a plain value of about 40 bytes,
// copied rather than undone. Cards are schnapsen.Card indices (suit*6+rank,
// the higher card the lower bit), sets are 24-bit masks.
//
// It plays RULES.md S and X as domain/schnapsen does, with the arena rule
// of BOT-PROTOCOL.md that a seat on lead with 66 declares at once: playing
// on never scores more, so the search never needs the choice.
type pos struct {
	hand   [2]uint32
	talon  [12]card // draw order; talon[size-1] is the face-up trump card
	next   uint8    // index of the next card to draw
	size   uint8    // 10, or 12 in sixty-six
	trump  suit
	rules  uint8 // sharp, sixty, later
	leader uint8
	led    bool
	lead   card
	marry  uint8 // suit+1 of a marriage just announced, whose K or Q must be led (root only)
	pts    [2]uint8
	melds  [2]uint8 // announced marriage points; they count once the seat has a trick (S-9)
	tricks [2]uint8
	closer int8 // -1 while the talon is open (S-12)
	// the closer's opponent's counted points and tricks when closing (S-17)
	closePts, closeTricks uint8
	// result is the deal's outcome once over: the game points of the
	// winner, positive when seat 0 won, negative when seat 1 did.
	result int8
}

const (
	sharp uint8 = 1 << iota // S-18
	sixty                   // X
	later                   // S-17 count-later
)

// move is one search step: a card with a kind. mMarry announces the
// marriage of the card's suit and leads that card in one step (the K or
// Q, S-9); if the announcement brings the seat to 66 it declares instead.
type move uint8

const (
	mPlay     move = 0
	mMarry    move = 1 << 5
	mExchange move = 2 << 5
	mClose    move = 3 << 5
	kindMask  move = 3 << 5
	cardMask  move = 31
)

func (m move) kind() move    { return m & kindMask }
func (m move) card() card    { return card(m & cardMask) }
func playOf(c card) move     { return mPlay | move(c) }
func marryOf(c card) move    { return mMarry | move(c) }
func suitMask(s suit) uint32 { return 0x3F << (6 * uint(s)) }

// cardPoints are the Augen of each card index (S-1, X-1).
var cardPoints = func() (t [schnapsen.NumCards]uint8) {
	for c := card(0); c < schnapsen.NumCards; c++ {
		t[c] = uint8(c.Points())
	}
	return
}()

const kingBits uint32 = 1<<2 | 1<<8 | 1<<14 | 1<<20

// pairs has the king bit of each suit in which hand holds K and Q.
func pairs(hand uint32) uint32 { return hand & (hand >> 1) & kingBits }

// beats reports whether follow wins against lead (S-4).
func beats(lead, follow card, trump suit) bool {
	if follow.Suit() == lead.Suit() {
		return follow < lead
	}
	return follow.Suit() == trump
}

// follows is what S-7 lets hand play to lead: a higher card of the suit,
// else a lower one, else a trump, else anything.
func follows(hand uint32, lead card, trump suit) uint32 {
	if same := hand & suitMask(lead.Suit()); same != 0 {
		if higher := same & (uint32(1)<<lead - uint32(1)<<(6*uint(lead.Suit()))); higher != 0 {
			return higher
		}
		return same
	}
	if t := hand & suitMask(trump); t != 0 {
		return t
	}
	return hand
}

func (p *pos) has(r uint8) bool { return p.rules&r != 0 }

// facedown counts the face-down talon cards above the trump card.
func (p *pos) facedown() int { return max(int(p.size)-int(p.next)-1, 0) }

// strict: S-7 applies once the talon is closed or exhausted.
func (p *pos) strict() bool { return p.closer >= 0 || p.next >= p.size }

func (p *pos) counted(s uint8) int {
	n := int(p.pts[s])
	if p.tricks[s] > 0 {
		n += int(p.melds[s])
	}
	return n
}

func (p *pos) exchangeCard() card {
	if p.has(sixty) {
		return schnapsen.NewCard(schnapsen.Nine, p.trump)
	}
	return schnapsen.NewCard(schnapsen.Jack, p.trump)
}

// canExchange: S-11, S-18, X-3.
func (p *pos) canExchange() bool {
	f := p.facedown()
	if p.closer >= 0 || f < 1 || p.hand[p.leader]&(1<<p.exchangeCard()) == 0 {
		return false
	}
	return !p.has(sharp) || (f > 1 && p.tricks[0]+p.tricks[1] > 0)
}

// canClose: more than one face-down card above the trump (S-12).
func (p *pos) canClose() bool { return p.closer < 0 && p.facedown() > 1 }

// canMarry: not before the first trick in sharp (S-18).
func (p *pos) canMarry() bool { return !p.has(sharp) || p.tricks[0]+p.tricks[1] > 0 }

// toMove is the seat whose step is awaited.
func (p *pos) toMove() uint8 {
	if p.led {
		return 1 - p.leader
	}
	return p.leader
}

// maxMoves bounds gen's output: five cards (six with sixty-six's extra
// card never in hand at once) plus both cards of up to three marriages,
// exchange and close.
const maxMoves = 16

// gen writes the moves of the seat to move and returns how many.
func (p *pos) gen(out *[maxMoves]move) int {
	n := 0
	s := p.toMove()
	hand := p.hand[s]
	if p.led {
		set := hand
		if p.strict() {
			set = follows(hand, p.lead, p.trump)
		}
		for ; set != 0; set &= set - 1 {
			out[n] = playOf(card(bits.TrailingZeros32(set)))
			n++
		}
		return n
	}
	if p.marry != 0 { // the K or Q of the marriage just announced (S-9, S-18)
		k := schnapsen.NewCard(schnapsen.King, suit(p.marry-1))
		out[n] = playOf(k)
		n++
		if !p.has(sharp) {
			out[n] = playOf(k + 1)
			n++
		}
		return n
	}
	for set := hand; set != 0; set &= set - 1 {
		out[n] = playOf(card(bits.TrailingZeros32(set)))
		n++
	}
	if p.canMarry() {
		for m := pairs(hand); m != 0; m &= m - 1 {
			k := card(bits.TrailingZeros32(m))
			out[n] = marryOf(k)
			n++
			if !p.has(sharp) {
				out[n] = marryOf(k + 1)
				n++
			}
		}
	}
	if p.canExchange() {
		out[n] = mExchange
		n++
	}
	if p.canClose() {
		out[n] = mClose
		n++
	}
	return n
}

// apply performs a legal move m.
func (p *pos) apply(m move) {
	s := p.toMove()
	switch m.kind() {
	case mExchange:
		x := p.exchangeCard()
		top := &p.talon[p.size-1]
		p.hand[s] = p.hand[s]&^(1<<x) | 1<<*top
		*top = x
		return
	case mClose:
		p.closer = int8(s)
		p.closeTricks = p.tricks[1-s]
		p.closePts = uint8(p.counted(1 - s))
		return
	case mMarry:
		suit := m.card().Suit()
		if suit == p.trump { // S-9: 40 in trumps, 20 otherwise
			p.melds[s] += 40
		} else {
			p.melds[s] += 20
		}
		if p.counted(s) >= 66 { // S-13: the announcer declares instead of leading
			p.declare(s)
			return
		}
	}
	c := m.card()
	p.hand[s] &^= 1 << c
	if !p.led {
		p.lead, p.led, p.marry = c, true, 0
		return
	}
	w := p.leader
	if beats(p.lead, c, p.trump) {
		w = s
	}
	p.pts[w] += cardPoints[c] + cardPoints[p.lead]
	p.tricks[w]++
	p.leader, p.led = w, false
	if p.closer < 0 && p.next < p.size { // S-6: the winner draws first
		p.hand[w] |= 1 << p.talon[p.next]
		p.hand[1-w] |= 1 << p.talon[p.next+1]
		p.next += 2
	}
	switch {
	case p.hand[0]|p.hand[1] == 0:
		p.lastTrick(w)
	case p.counted(w) >= 66:
		p.declare(w)
	}
}

// end records the outcome: seat w scores g game points.
func (p *pos) end(w uint8, g int) {
	if w == 0 {
		p.result = int8(g)
	} else {
		p.result = -int8(g)
	}
}

// declare ends the deal on seat s's declaration (S-13 … S-15, S-17), as
// domain/schnapsen does: with 66 the seat scores S-14 (a closer against
// the points when closing), with fewer the opponent scores it.
func (p *pos) declare(s uint8) {
	if p.closer >= 0 {
		if uint8(p.closer) == s {
			p.closedEnd(true)
			return
		}
		if p.counted(s) >= 66 { // the closer's opponent declared out first
			p.closedEnd(false)
			return
		}
	}
	o := 1 - s
	g := schnapsen.GamePoints(p.tricks[o], p.counted(o))
	if p.counted(s) >= 66 {
		p.end(s, g)
	} else {
		p.end(o, g)
	}
}

// closedEnd decides a closed deal: the closer succeeded with 66, or the
// closing failed (S-17).
func (p *pos) closedEnd(success bool) {
	c := uint8(p.closer)
	if !success || p.counted(c) < 66 {
		g := 2
		if p.closeTricks == 0 {
			g = 3
		}
		p.end(1-c, g)
		return
	}
	t, pts := p.closeTricks, int(p.closePts)
	if p.has(later) {
		t, pts = p.tricks[1-c], p.counted(1-c)
	}
	p.end(c, schnapsen.GamePoints(t, pts))
}

// lastTrick decides a deal whose cards are all played; w won the last
// trick (S-16, S-17, X-4).
func (p *pos) lastTrick(w uint8) {
	if p.closer >= 0 {
		p.closedEnd(uint8(p.closer) == w)
		return
	}
	if p.has(sixty) {
		p.pts[w] += 10
	}
	g := 1
	if p.counted(w) >= 66 {
		g = schnapsen.GamePoints(p.tricks[1-w], p.counted(1-w))
	}
	p.end(w, g)
}

// card and suit are schnapsen's, named short for the search code.
type (
	card = schnapsen.Card
	suit = schnapsen.Suit
)
