package bot

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"bummerl/domain/schnapsen"
)

// View is what one seat may know of a deal when it is to act: its own
// hand, the trump, the face-up trump card, every action of the deal so
// far (so every card played and won, the marriages, the exchange, the
// closing) and the Bummerl score. It holds no hidden card: the
// opponent's hand and the face-down talon are not in it. The bot
// remembers every card played, also in sharp Schnapsen, where the
// tricks may not be looked at but a player may remember them (S-18).
type View struct {
	Variant schnapsen.Variant
	Closing schnapsen.Closing
	Seat    int // deal seat: 0 forehand, 1 dealer
	Hand    []schnapsen.Card
	Trump   schnapsen.Suit
	// TrumpCard is the face-up trump card (after an exchange the trump
	// jack, in sixty-six the nine), also once the talon is closed (it was
	// seen); nil once it has been drawn.
	TrumpCard  *schnapsen.Card
	History    []Step
	GamePoints [2]int // game points of the running Bummerl by deal seat (B-1)
}

// Step is one action of the deal. Took is the face-up trump card an
// exchange took into hand (S-11); the other kinds leave it zero.
type Step struct {
	schnapsen.Action
	Took schnapsen.Card
}

// BummerlTarget is the game points that win a Bummerl (B-1).
const BummerlTarget = 7

// ViewOf is seat's view after the actions of rec, with the Bummerl score
// gamePoints (by deal seat): what a table shows the seat, with the
// history it has seen. err is rec's *schnapsen.RecordError if an action
// is impossible.
func ViewOf(rec schnapsen.GameRecord, seat int, gamePoints [2]int) (View, error) {
	d, err := schnapsen.NewDeal(rec.Variant, rec.Closing, rec.Deck)
	if err != nil {
		return View{}, &schnapsen.RecordError{Action: -1, Err: err}
	}
	up := rec.Deck[6]
	if rec.Variant == schnapsen.SixtySix {
		up = rec.Deck[12]
	}
	v := View{Variant: rec.Variant, Closing: rec.Closing, Seat: seat & 1, Trump: up.Suit(), GamePoints: gamePoints}
	for i, a := range rec.Actions {
		st := Step{Action: a}
		if a.Kind == schnapsen.Exchange {
			st.Took = up
		}
		if err := d.Judge(a); err != nil {
			return View{}, &schnapsen.RecordError{Action: i, Err: err}
		}
		if a.Kind == schnapsen.Exchange {
			up = schnapsen.NewCard(schnapsen.Jack, v.Trump)
			if rec.Variant == schnapsen.SixtySix {
				up = schnapsen.NewCard(schnapsen.Nine, v.Trump)
			}
		}
		v.History = append(v.History, st)
	}
	v.Hand = d.Hand(v.Seat)
	if d.View(v.Seat).TalonLeft > 0 {
		v.TrumpCard = &up
	}
	return v, nil
}

// state is the deal as the seat knows it, worked out from a view: the
// public position with the seat's own hand (the opponent's hand holds
// only the cards known to be in it), the cards it cannot see, and what
// the opponent's actions tell about them.
type state struct {
	root   pos
	me     uint8
	pool   uint32 // unseen cards: in the opponent's hand or face down in the talon
	hidden int    // cards of the opponent's hand that are in pool
	// forbid has the pool cards the opponent cannot hold: he did not
	// follow suit, head the trick or trump when S-7 made him (hard).
	forbid uint32
	clues  []clue
	// atClose is the position when the opponent closed the talon, with
	// the cards played since, so a world can be weighed by whether the
	// closing made sense in it.
	atClose  *pos
	sinceMe  uint32 // cards the seat played since the opponent closed
	sinceOpp uint32 // cards the opponent played since he closed
	draws    int    // cards the opponent has drawn from the talon
	forced   bool   // the seat is on lead with 66: it declares (BOT-PROTOCOL.md)
}

// clue is a soft sign from an opponent's action: when he had drawn draws
// cards he did not hold all of cards (a marriage he did not announce, a
// trump jack he did not exchange). It weighs the worlds in which he holds
// them now; he may have drawn them since.
type clue struct {
	cards uint32
	draws int
	sure  float64 // how surely a player holding them would have acted
}

var errView = errors.New("bot: the view is not a deal in progress")

func viewError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errView, fmt.Sprintf(format, args...))
}

// state replays the view's history with public knowledge only.
func (v *View) state() (*state, error) {
	st := &state{me: uint8(v.Seat & 1)}
	p := &st.root
	p.closer = -1
	p.trump = v.Trump
	p.size = 10
	var deck uint32
	switch v.Variant {
	case schnapsen.Soft, schnapsen.Sharp:
		for s := range 4 {
			deck |= 0x1F << (6 * s)
		}
		if v.Variant == schnapsen.Sharp {
			p.rules |= sharp
		}
	case schnapsen.SixtySix:
		deck = 1<<24 - 1
		p.rules |= sixty
		p.size = 12
	default:
		return nil, viewError("unknown variant %q", v.Variant)
	}
	switch v.Closing {
	case schnapsen.AtClose:
	case schnapsen.CountLater:
		p.rules |= later
	default:
		return nil, viewError("unknown closing %q", v.Closing)
	}
	if v.Trump > schnapsen.Clubs {
		return nil, viewError("unknown trump suit")
	}
	me, opp := st.me, 1-st.me
	var mine uint32
	for _, c := range v.Hand {
		if c >= schnapsen.NumCards || deck&(1<<c) == 0 || mine&(1<<c) != 0 {
			return nil, viewError("bad card %v in hand", c)
		}
		mine |= 1 << c
	}
	var played, known uint32 // cards played; cards known in the opponent's hand
	exchanged := false
	plays, dealt := 0, 10 // cards played; cards dealt into the hands, the draws aside
	if p.has(sixty) {
		dealt = 12
	}
	for i, h := range v.History {
		a := h.Action
		if a.Seat != p.toMove() {
			return nil, viewError("action %d: seat %d is not to move", i, a.Seat)
		}
		s := a.Seat
		switch a.Kind {
		case schnapsen.Play:
			c := a.Card
			if c >= schnapsen.NumCards || deck&(1<<c) == 0 || played&(1<<c) != 0 {
				return nil, viewError("action %d: card %v", i, c)
			}
			if p.marry != 0 && c.Suit() != suit(p.marry-1) || p.marry != 0 && c.Rank() != schnapsen.King && c.Rank() != schnapsen.Queen {
				return nil, viewError("action %d: after the marriage its K or Q is led", i)
			}
			if s == opp && !p.led && p.marry == 0 {
				st.leadClues(p, c, known)
			}
			if s == opp && p.led && p.strict() {
				st.forbid |= followForbids(p.lead, c, p.trump)
			}
			if s == opp && p.led && !p.strict() {
				st.followClues(p, c, played)
			}
			if s == opp && p.closer == int8(opp) {
				st.sinceOpp |= 1 << c
			}
			if s == me && p.closer == int8(opp) {
				st.sinceMe |= 1 << c
			}
			played |= 1 << c
			known &^= 1 << c
			plays++
			if !p.led {
				p.lead, p.led, p.marry = c, true, 0
				break
			}
			w := p.leader
			if beats(p.lead, c, p.trump) {
				w = s
			}
			p.pts[w] += cardPoints[c] + cardPoints[p.lead]
			p.tricks[w]++
			p.leader, p.led = w, false
			if p.closer < 0 && p.next < p.size { // S-6
				p.next += 2
				st.draws++
			}
			if plays == dealt+int(p.next) {
				return nil, viewError("action %d: the last trick decided the deal", i)
			}
		case schnapsen.Marriage:
			if p.led || p.marry != 0 || a.Suit > schnapsen.Clubs || !p.canMarry() {
				return nil, viewError("action %d: marriage", i)
			}
			k := schnapsen.NewCard(schnapsen.King, a.Suit)
			if played&(3<<k) != 0 {
				return nil, viewError("action %d: marriage of played cards", i)
			}
			if s == opp {
				known |= 3 << k
			}
			if a.Suit == p.trump {
				p.melds[s] += 40
			} else {
				p.melds[s] += 20
			}
			p.marry = uint8(a.Suit) + 1
		case schnapsen.Exchange:
			if p.led || p.marry != 0 || exchanged || p.closer >= 0 || p.facedown() < 1 || h.Took.Suit() != p.trump || h.Took >= schnapsen.NumCards {
				return nil, viewError("action %d: exchange", i)
			}
			exchanged = true
			if s == opp {
				known |= 1 << h.Took
			}
		case schnapsen.Close:
			if p.led || p.marry != 0 || !p.canClose() {
				return nil, viewError("action %d: close", i)
			}
			p.closer = int8(s)
			p.closeTricks = p.tricks[1-s]
			p.closePts = uint8(p.counted(1 - s))
			if s == opp {
				c := *p
				st.atClose = &c
			}
		default:
			return nil, viewError("action %d: %v ends or is not an action of a deal in progress", i, a.Kind)
		}
	}
	if p.toMove() != me {
		return nil, viewError("seat %d is not to move", me)
	}
	if !p.led && p.counted(me) >= 66 {
		st.forced = true
	}
	p.hand[me] = mine
	p.hand[opp] = known
	if mine&(played|known) != 0 {
		return nil, viewError("the hand holds a card already played or shown by the opponent")
	}
	seen := mine | played | known
	talon := int(p.size) - int(p.next)
	if talon > 0 {
		if v.TrumpCard == nil {
			return nil, viewError("no trump card while the talon holds %d cards", talon)
		}
		up := *v.TrumpCard
		if up >= schnapsen.NumCards || up.Suit() != p.trump || seen&(1<<up) != 0 || deck&(1<<up) == 0 {
			return nil, viewError("trump card %v", up)
		}
		if exchanged && up != p.exchangeCard() {
			return nil, viewError("after the exchange the trump card is %v", p.exchangeCard())
		}
		p.talon[p.size-1] = up
		seen |= 1 << up
	}
	st.pool = deck &^ seen
	mineN := bits.OnesCount32(mine)
	oppN := mineN
	if p.led {
		oppN--
	}
	st.hidden = oppN - bits.OnesCount32(known)
	if st.hidden < 0 || bits.OnesCount32(st.pool) != st.hidden+p.facedown() {
		return nil, viewError("the hand has %d cards, which does not fit the history", mineN)
	}
	if st.atClose != nil { // the hands when the opponent closed: no card was drawn since
		st.atClose.hand[me] = mine | st.sinceMe
	}
	st.forbid &= st.pool
	if bits.OnesCount32(st.pool&^st.forbid) < st.hidden {
		st.forbid = 0 // the evidence contradicts itself; do not trust it
	}
	return st, nil
}

// followForbids is what a strict follow of c to lead shows (S-7): no
// higher card of the suit if c is lower, no card of the suit if c is of
// another, and no trump either if c is not a trump.
func followForbids(lead, c card, trump suit) uint32 {
	ls := suitMask(lead.Suit())
	switch {
	case c.Suit() == lead.Suit():
		if c > lead { // lower: he had no card heading it
			return ls & (uint32(1)<<lead - 1)
		}
		return 0
	case c.Suit() == trump:
		return ls
	}
	return ls | suitMask(trump)
}

// leadClues notes what the opponent's lead of c shows: a K or Q led
// without announcing means no partner in hand; a lead without any
// announcement makes a held marriage less likely; a lead without
// exchanging when he could means no trump jack.
func (st *state) leadClues(p *pos, c card, known uint32) {
	if p.canMarry() && (c.Rank() == schnapsen.King || c.Rank() == schnapsen.Queen) {
		partner := c ^ 1 // K and Q differ in the last bit (ranks 2 and 3)
		st.clues = append(st.clues, clue{cards: 1 << partner, draws: st.draws, sure: 0.9})
	}
	if p.canMarry() {
		for s := range 4 {
			k := schnapsen.NewCard(schnapsen.King, suit(s))
			st.clues = append(st.clues, clue{cards: 3 << k, draws: st.draws, sure: 0.4})
		}
	}
	// The card just led is his; so is what the view already shows.
	x := p.exchangeCard()
	if p.closer < 0 && p.facedown() >= 1 && (!p.has(sharp) || (p.facedown() > 1 && p.tricks[0]+p.tricks[1] > 0)) && known&(1<<x) == 0 && c != x {
		st.clues = append(st.clues, clue{cards: 1 << x, draws: st.draws, sure: 0.9})
	}
}

// followClues notes what the opponent's open-talon follow c to the
// seat's lead shows. A player lets an ace or ten go only without a card
// that takes it, a small card only without the ace or ten of its suit
// above it, and he trumps only without a card of the suit that takes
// it (the reference broke these rules in 2–5 % of the cases: docs/bot.md);
// a K or Q given whose partner is unseen makes the partner less likely
// (he broke a marriage).
func (st *state) followClues(p *pos, c card, played uint32) {
	if c.Rank() == schnapsen.King || c.Rank() == schnapsen.Queen {
		if partner := c ^ 1; played&(1<<partner) == 0 {
			st.clues = append(st.clues, clue{cards: 1 << partner, draws: st.draws, sure: 0.5})
		}
	}
	lead := p.lead
	var takers uint32
	switch {
	case beats(lead, c, p.trump):
		if c.Suit() == p.trump && lead.Suit() != p.trump {
			takers = higher[lead] // he would have taken it in suit
		}
	case cardPoints[lead] >= 10:
		takers = higher[lead]
		if lead.Suit() != p.trump {
			takers |= suitMask(p.trump)
		}
	case lead.Suit() != p.trump:
		takers = higher[lead] & tensAndAces
	}
	for set := takers &^ played; set != 0; set &= set - 1 {
		st.clues = append(st.clues, clue{cards: 1 << lowestCard(set), draws: st.draws, sure: takeSure})
	}
}

// takeSure is how surely a player with a card that takes the seat's
// lead (as followClues reads it) would have taken.
const takeSure = 0.9

// tensAndAces are the cards worth 10 or 11.
var tensAndAces = func() (set uint32) {
	for c := card(0); c < schnapsen.NumCards; c++ {
		if cardPoints[c] >= 10 {
			set |= 1 << c
		}
	}
	return
}()

// Legal lists the seat's legal actions in v as BOT-PROTOCOL.md offers
// them: only the declaration with 66 on lead; else plays by card,
// marriages, exchange, close, and declare when the seat has a trick or
// has just announced a marriage (S-13).
func (v View) Legal() ([]schnapsen.Action, error) {
	st, err := v.state()
	if err != nil {
		return nil, err
	}
	declare := schnapsen.Action{Seat: st.me, Kind: schnapsen.Declare}
	if st.forced {
		return []schnapsen.Action{declare}, nil
	}
	var ms [maxMoves]move
	var out []schnapsen.Action
	for _, m := range ms[:st.root.gen(&ms)] {
		a := actionOf(st.me, m)
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	if st.canDeclare() {
		out = append(out, declare)
	}
	return out, nil
}

// canDeclare: on lead before leading, with a trick or right after a
// marriage (S-13).
func (st *state) canDeclare() bool {
	return !st.root.led && (st.root.tricks[st.me] > 0 || st.root.marry != 0)
}

// actionOf is the first protocol action of search move m by seat s: a
// marriage is announced first, its card led in the next step.
func actionOf(s uint8, m move) schnapsen.Action {
	switch m.kind() {
	case mMarry:
		return schnapsen.Action{Seat: s, Kind: schnapsen.Marriage, Suit: m.card().Suit()}
	case mExchange:
		return schnapsen.Action{Seat: s, Kind: schnapsen.Exchange}
	case mClose:
		return schnapsen.Action{Seat: s, Kind: schnapsen.Close}
	}
	return schnapsen.Action{Seat: s, Kind: schnapsen.Play, Card: m.card()}
}
