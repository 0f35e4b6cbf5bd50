package thousand

import (
	"fmt"
	"math/bits"
)

// MaxActions bounds the legal actions of one seat: 10 cards to give to two
// opponents plus a redeal claim; a leader has at most 8 cards and 4
// marriages; bids and contracts are ranges.
const MaxActions = 24

// MaxBid caps bids and contracts (R-24, RL-10).
const MaxBid = 400

// Phase is the stage of a deal.
type Phase uint8

const (
	Bidding   Phase = iota // R-17 … R-24
	Giving
	Declaring              // the declarer announces the contract
	Playing                // R-29 … R-39
	Over
)

var phaseNames = [...]string{"bidding", "giving", "contract", "play", "over"}

func (p Phase) String() string {
	if p > Over {
		return "?"
	}
	return phaseNames[p]
}

// Result says how a deal ended (deal verdict "result").
type Result uint8

const (
	Unfinished Result = iota
	Played            // all 8 tricks
	BidLimit
	Redealt
	Misdealt
	CutNines
)

var resultNames = [...]string{"", "played", "bid-limit", "redeal", "misdeal", "cut-nines"}

func (r Result) String() string {
	if r > CutNines {
		return "?"
	}
	return resultNames[r]
}

// RedealReason is why a redeal was claimed.
type RedealReason uint8

const (
	FourNines  RedealReason = iota + 1 // R-15 (a), (c)
	StockNines                         // R-15 (b)
)

func (r RedealReason) String() string {
	switch r {
	case FourNines:
		return "four-nines"
	case StockNines:
		return "stock-nines"
	}
	return "?"
}

// Options are the options of a deal (RULES-1000.md "Options"); the game's
// options golden_round, misdeal_penalty and barrel_timeout_penalty live in
// GameOptions.
type Options struct {
	Players int  // 3 or 4
	Golden  bool // this deal is golden (R-63 … R-65)
	Blind   bool // option blind_bids
	StockAt int  // the middle stock position, 2 … 23
}

type gift struct {
	card Card
	to   uint8
}

type marriageRec struct {
	seat, suit, trick uint8
}

type renonce struct {
	seat   uint8
	action int16
}

// Deal is one deal as a state machine. It is a plain value (no pointers or
// slices), so copying it snapshots the deal; the zero Deal is not valid,
// use NewDeal or DealHands.
type Deal struct {
	hands   [4]CardSet
	dealt   [4]CardSet // the 7 cards dealt, for R-22
	won     [4]CardSet
	stock   [3]Card  // positions 1, s, 24 (R-10, RL-33)
	n       uint8    // players, 3 or 4
	next    [4]uint8 // next active seat clockwise
	dealer  uint8
	golden  bool
	blindOK bool
	// stockNines: the stock holds two nines or more (R-15 b)
	stockNines bool
	phase      Phase
	turn       uint8
	bid        uint16
	high       uint8 // seat of the highest bid
	passed     uint8 // seats that passed
	seen       uint8 // seats that made a non-blind call
	blind      bool  // the highest bid is blind
	declarer   uint8
	gives      uint8
	given      [2]gift
	contract   uint16
	trump      uint8 // suit+1, 0 while there is none
	leader     uint8
	table      [3]Card
	played     uint8 // cards on the table
	pending    uint8 // suit+1 of a marriage just announced
	nmar       uint8
	mars       [8]marriageRec
	melds      [4]uint16
	points     [4]uint8 // trick card points
	tricks     [4]uint8
	trickNo    uint8 // tricks completed
	npen       uint8
	pens       [16]renonce // at most two followers per trick
	result     Result
	resSeat    uint8
	resValue   uint16
	reason     RedealReason
	actions    uint16
	atAction   int16
}

// checkOptions validates the form and stock position.
func checkOptions(o *Options) error {
	switch o.Players {
	case 0:
		o.Players = 3
	case 3, 4:
	case 2:
		return newError(CodeUnsupported, "players: 2 is not supported: the text gives no hand size, stock or bidding for two (R-1, R-68)")
	default:
		return newError(CodeBadRecord, "players must be 3 or 4, not %d (R-1)", o.Players)
	}
	switch {
	case o.StockAt == 0:
		o.StockAt = 2
	case o.StockAt < 2 || o.StockAt > 23:
		return newError(CodeBadRecord, "stock_at must be 2 … 23, not %d (R-10)", o.StockAt)
	}
	return nil
}

// NewDeal deals deck (all 24 cards, top first, after the last cut) as R-10
// prescribes: positions 1, stock_at and 24 form the stock, the other 21
// go one at a time to the active players clockwise from first hand.
func NewDeal(o Options, dealer int, deck []Card) (Deal, error) {
	var d Deal
	if err := checkOptions(&o); err != nil {
		return d, err
	}
	if dealer < 0 || dealer >= o.Players {
		return d, newError(CodeBadRecord, "dealer must be a seat 0 … %d, not %d", o.Players-1, dealer)
	}
	if len(deck) != NumCards {
		return d, newError(CodeBadDeck, "the deck has %d cards, 1000 needs 24 (R-4)", len(deck))
	}
	var seats [3]uint8 // the active seats clockwise from first hand
	for i := range seats {
		seats[i] = uint8((dealer + 1 + i) % o.Players)
	}
	var seen CardSet
	var hands [4]CardSet
	s := o.StockAt - 1
	k := 0
	for i, c := range deck {
		switch {
		case c >= NumCards:
			return d, newError(CodeBadDeck, "card %d is not a card", i+1)
		case seen.Has(c):
			return d, newError(CodeBadDeck, "card %d (%s) appears twice in the deck", i+1, c)
		}
		seen |= 1 << c
		if i == 0 || i == s || i == NumCards-1 { // the stock
			continue
		}
		hands[seats[k]] |= 1 << c
		if k++; k == 3 {
			k = 0
		}
	}
	d.init(o, dealer, hands, [3]Card{deck[0], deck[s], deck[NumCards-1]})
	return d, nil
}

// DealHands starts a deal from the hands and stock of a physical deal
// (RULES-1000.md "hands"/"stock"): 7 cards per active seat, none for the
// 4p dealer, 3 in the stock, all 24 cards once.
func DealHands(o Options, dealer int, hands [][]Card, stock []Card) (Deal, error) {
	var d Deal
	if err := checkOptions(&o); err != nil {
		return d, err
	}
	if dealer < 0 || dealer >= o.Players {
		return d, newError(CodeBadRecord, "dealer must be a seat 0 … %d, not %d", o.Players-1, dealer)
	}
	if len(hands) != o.Players {
		return d, newError(CodeBadDeck, "hands lists %d seats, the game has %d", len(hands), o.Players)
	}
	if len(stock) != 3 {
		return d, newError(CodeBadDeck, "the stock has %d cards, not 3 (R-10)", len(stock))
	}
	var seen CardSet
	var hs [4]CardSet
	add := func(c Card, where string) error {
		switch {
		case c >= NumCards:
			return newError(CodeBadDeck, "%s holds a card that is not a card", where)
		case seen.Has(c):
			return newError(CodeBadDeck, "%s appears twice", c)
		}
		seen |= 1 << c
		return nil
	}
	for seat, h := range hands {
		want := 7
		if o.Players == 4 && seat == dealer {
			want = 0
		}
		if len(h) != want {
			return d, newError(CodeBadDeck, "seat %d holds %d cards, not %d (R-10, R-11)", seat, len(h), want)
		}
		for _, c := range h {
			if err := add(c, fmt.Sprintf("seat %d", seat)); err != nil {
				return d, err
			}
			hs[seat] |= 1 << c
		}
	}
	for _, c := range stock {
		if err := add(c, "the stock"); err != nil {
			return d, err
		}
	}
	d.init(o, dealer, hs, [3]Card{stock[0], stock[1], stock[2]})
	return d, nil
}

func (d *Deal) init(o Options, dealer int, hands [4]CardSet, stock [3]Card) {
	d.hands, d.dealt, d.stock = hands, hands, stock
	d.stockNines = (d.stockSet() & nineMask).Count() >= 2
	d.n, d.dealer, d.golden, d.blindOK = uint8(o.Players), uint8(dealer), o.Golden, o.Blind && !o.Golden
	d.atAction = -1
	d.setSeats()
	first := d.FirstHand()
	d.bid, d.high = 100, uint8(first) // first hand opens with 100
	if d.golden {                     // no bidding, first hand at 120
		d.bid = 120
		d.endBidding()
		return
	}
	d.turn = d.nextActive(uint8(first))
}

// setSeats fills the clockwise order of the active seats.
func (d *Deal) setSeats() {
	for s := range d.n {
		t := (s + 1) % d.n
		if d.n == 4 && t == d.dealer {
			t = (t + 1) % d.n
		}
		d.next[s] = t
	}
}

// Players is 3 or 4.
func (d *Deal) Players() int { return int(d.n) }

// Dealer is the dealer's seat.
func (d *Deal) Dealer() int { return int(d.dealer) }

// FirstHand is the seat left of the dealer.
func (d *Deal) FirstHand() int { return (int(d.dealer) + 1) % int(d.n) }

// Golden reports whether the deal is golden.
func (d *Deal) Golden() bool { return d.golden }

// Phase is the deal's stage.
func (d *Deal) Phase() Phase { return d.phase }

// Over reports whether the deal has ended.
func (d *Deal) Over() bool { return d.result != Unfinished }

// ToMove is the seat whose action is awaited.
func (d *Deal) ToMove() int { return int(d.turn) }

// Declarer is the bid winner, -1 during the bidding.
func (d *Deal) Declarer() int {
	if d.phase == Bidding || d.result == Misdealt || d.result == CutNines {
		return -1
	}
	return int(d.declarer)
}

// Trump is the trump suit and whether one exists.
func (d *Deal) Trump() (Suit, bool) { return Suit(d.trump - 1), d.trump != 0 }

// Hand is a seat's cards.
func (d *Deal) Hand(seat int) CardSet { return d.hands[seat&3] }

// Stock is the three stock cards (positions 1, stock_at, 24).
func (d *Deal) Stock() [3]Card { return d.stock }

// active reports whether seat gets cards and plays.
func (d *Deal) active(seat uint8) bool { return seat < d.n && !(d.n == 4 && seat == d.dealer) }

// nextActive is the next active seat clockwise.
func (d *Deal) nextActive(s uint8) uint8 { return d.next[s&3] }

func (d *Deal) stockSet() CardSet { return 1<<d.stock[0] | 1<<d.stock[1] | 1<<d.stock[2] }

// maxBid is the highest bid or contract a hand allows without breaking
// 400 with a marriage, else 120.
func maxBid(hand CardSet) uint16 {
	if marriages(hand) != 0 {
		return MaxBid
	}
	return 120
}

// redealReason says whether seat may claim a redeal now (R-15, RL-8, RL-30).
func (d *Deal) redealReason(seat uint8) RedealReason {
	r := RedealReason(0)
	switch {
	case d.hands[seat&3]&nineMask == nineMask:
		r = FourNines
	case d.stockNines && d.phase > Bidding && seat == d.declarer:
		r = StockNines
	default:
		return 0
	}
	if d.result != Unfinished || d.phase > Playing || d.trickNo > 0 || d.played > 0 || !d.active(seat) {
		return 0
	}
	return r
}

// Claims writes the redeal claims open to seats other than the one to
// move into buf (RULES-1000.md "claims", RL-30).
func (d *Deal) Claims(buf *[4]Action) []Action {
	n := 0
	for s := uint8(0); s < d.n; s++ {
		if s != d.turn && d.redealReason(s) != 0 {
			buf[n] = Action{Seat: s, Kind: Redeal}
			n++
		}
	}
	return buf[:n]
}

// followSet is what R-31 lets a hand play to lead: the suit led, else a
// trump, else anything.
func followSet(hand CardSet, lead Suit, trump uint8) CardSet {
	if same := hand & suitSet(lead); same != 0 {
		return same
	}
	if trump != 0 {
		if t := hand & suitSet(Suit(trump-1)); t != 0 {
			return t
		}
	}
	return hand
}

// Legal writes the actions the seat to move may take into buf and returns
// them; bids and contracts come as one range entry each (Max > 0). A
// redeal claim of the seat to move comes last. It never allocates.
func (d *Deal) Legal(buf *[MaxActions]Action) []Action {
	if d.result != Unfinished {
		return buf[:0]
	}
	seat := d.turn
	hand := d.hands[seat]
	n := 0
	switch d.phase {
	case Bidding:
		buf[0] = Action{Seat: seat, Kind: Pass}
		n = 1
		if lo, hi := d.bid+5, maxBid(d.dealt[seat]); lo <= hi {
			buf[1] = Action{Seat: seat, Kind: Bid, Value: lo, Max: hi}
			n = 2
			if d.blindOK && d.seen&(1<<seat) == 0 {
				buf[2] = Action{Seat: seat, Kind: Bid, Value: lo, Max: hi, Blind: true}
				n = 3
			}
		}
	case Giving:
		for to := uint8(0); to < d.n; to++ {
			if to == seat || !d.active(to) || (d.gives == 1 && d.given[0].to == to) {
				continue
			}
			for m := uint32(hand); m != 0; m &= m - 1 {
				buf[n] = Action{Seat: seat, Kind: Give, Card: Card(bits.TrailingZeros32(m)), To: to}
				n++
			}
		}
	case Declaring:
		hi := max(maxBid(hand), d.bid)
		buf[0] = Action{Seat: seat, Kind: Contract, Value: d.bid, Max: hi}
		n = 1
	case Playing:
		plays := hand
		switch {
		case d.pending != 0:
			k := NewCard(King, Suit(d.pending-1))
			plays &= 1<<k | 1<<(k+1)
		case d.played > 0:
			plays = followSet(hand, d.table[0].Suit(), d.trump)
		}
		for m := uint32(plays); m != 0; m &= m - 1 {
			buf[n] = Action{Seat: seat, Kind: Play, Card: Card(bits.TrailingZeros32(m))}
			n++
		}
		if d.played == 0 && d.pending == 0 && d.tricks[seat] > 0 {
			for m := uint32(marriages(hand)); m != 0; m &= m - 1 {
				buf[n] = Action{Seat: seat, Kind: Marriage, Suit: Suit(bits.TrailingZeros32(m) / 6)}
				n++
			}
		}
	}
	if d.phase < Playing || d.trickNo == 0 && d.played == 0 {
		if d.redealReason(seat) != 0 {
			buf[n] = Action{Seat: seat, Kind: Redeal}
			n++
		}
	}
	return buf[:n]
}

// phaseKinds are the action kinds of each phase (a redeal aside).
var phaseKinds = [...][2]Kind{Bidding: {Bid, Pass}, Giving: {Give, Give}, Declaring: {Contract, Contract}, Playing: {Play, Marriage}, Over: {}}

// Apply performs a in live play: anything not legal is refused with an
// *Error and leaves the deal unchanged — a wrong follow and a bid
// or contract over 120 without a marriage included.
func (d *Deal) Apply(a Action) error { return d.apply(&a, false) }

// Judge performs a recorded action as a referee: an R-31 violation is a
// renonce penalty and the card stands; a bid or contract breaking
// ends the deal as bid-limit. Anything else impossible is
// refused like Apply.
func (d *Deal) Judge(a Action) error { return d.apply(&a, true) }

func (d *Deal) apply(a *Action, referee bool) error {
	if d.result != Unfinished {
		return actionError(CodeDealOver, *a, "the deal has already ended")
	}
	if a.Seat >= d.n || a.Kind < Bid || a.Kind > Redeal {
		return actionError(CodeBadAction, *a, "unknown seat or action")
	}
	if a.Kind == Redeal { // out of turn allowed
		r := d.redealReason(a.Seat)
		if r == 0 {
			if d.trickNo > 0 || d.played > 0 {
				return actionError(CodeRedeal, *a, "only before the first card is played (R-15)")
			}
			return actionError(CodeRedeal, *a, "seat %d holds no four nines and is not a declarer with two nines in the stock (R-15)", a.Seat)
		}
		d.reason = r
		d.end(Redealt, a.Seat, 0)
		return nil
	}
	if a.Seat != d.turn {
		return actionError(CodeOutOfTurn, *a, "seat %d is to move", d.turn)
	}
	if a.Kind != phaseKinds[d.phase][0] && a.Kind != phaseKinds[d.phase][1] {
		return actionError(CodeBadAction, *a, "the deal is in the %s phase", d.phase)
	}
	switch a.Kind {
	case Bid:
		return d.doBid(a, referee)
	case Pass:
		d.passed |= 1 << a.Seat
		d.seen |= 1 << a.Seat
		d.afterCall()
	case Give:
		return d.doGive(a)
	case Contract:
		return d.doContract(a, referee)
	case Marriage:
		return d.doMarriage(a)
	case Play:
		return d.doPlay(a, referee)
	}
	d.actions++
	return nil
}

func (d *Deal) doBid(a *Action, referee bool) error {
	v := a.Value
	switch {
	case v%5 != 0:
		return actionError(CodeBid, *a, "a bid is a multiple of 5 (R-19)")
	case v <= d.bid:
		return actionError(CodeBid, *a, "a bid must be higher than %d (R-19)", d.bid)
	case v > MaxBid:
		return actionError(CodeBid, *a, "bids are capped at %d (R-24, RL-10)", MaxBid)
	case a.Blind && !d.blindOK:
		return actionError(CodeBid, *a, "blind bids need option blind_bids (R-66)")
	case a.Blind && d.seen&(1<<a.Seat) != 0:
		return actionError(CodeBid, *a, "seat %d has made a non-blind call and can no longer bid blind (R-66)", a.Seat)
	}
	if v > maxBid(d.dealt[a.Seat]) {
		if !referee {
			return actionError(CodeBidLimit, *a, "a bid above 120 needs a marriage in hand (R-22)")
		}
		d.end(BidLimit, a.Seat, v)
		return nil
	}
	d.bid, d.high, d.blind = v, a.Seat, a.Blind
	if !a.Blind {
		d.seen |= 1 << a.Seat
	}
	d.afterCall()
	d.actions++
	return nil
}

// afterCall passes the turn on, or ends the bidding when all but one
// active player have passed.
func (d *Deal) afterCall() {
	if bits.OnesCount8(d.passed) == 2 {
		d.endBidding()
		return
	}
	s := d.nextActive(d.turn)
	for d.passed&(1<<s) != 0 {
		s = d.nextActive(s)
	}
	d.turn = s
}

// endBidding: the declarer takes the stock.
func (d *Deal) endBidding() {
	d.declarer = d.high
	d.hands[d.declarer] |= d.stockSet()
	d.phase, d.turn = Giving, d.declarer
}

func (d *Deal) doGive(a *Action) error {
	switch {
	case a.Card >= NumCards:
		return actionError(CodeBadAction, *a, "unknown card")
	case !d.hands[a.Seat].Has(a.Card):
		return actionError(CodeNotInHand, *a, "%s is not in hand", a.Card)
	case a.To == a.Seat || !d.active(a.To):
		return actionError(CodeGive, *a, "the declarer gives one card to each opponent (R-26)")
	case d.gives == 1 && d.given[0].to == a.To:
		return actionError(CodeGive, *a, "seat %d already got a card; one card to each opponent (R-26)", a.To)
	}
	d.hands[a.Seat] &^= 1 << a.Card
	d.hands[a.To] |= 1 << a.Card
	d.given[d.gives] = gift{a.Card, a.To}
	d.gives++
	if d.gives == 2 {
		d.phase = Declaring
	}
	d.actions++
	return nil
}

func (d *Deal) doContract(a *Action, referee bool) error {
	v := a.Value
	switch {
	case v%5 != 0:
		return actionError(CodeContract, *a, "a contract is a multiple of 5 (R-27)")
	case v < d.bid:
		return actionError(CodeContract, *a, "the contract must be at least the bid %d (R-27)", d.bid)
	case v > MaxBid:
		return actionError(CodeContract, *a, "contracts are capped at %d (R-24, RL-10)", MaxBid)
	}
	if v > 120 && v > d.bid && marriages(d.hands[a.Seat]) == 0 { // R-28, RL-11
		if !referee {
			return actionError(CodeBidLimit, *a, "raising above 120 needs a marriage among the 8 cards (R-28)")
		}
		d.end(BidLimit, a.Seat, v)
		return nil
	}
	d.contract = v
	d.phase, d.leader, d.turn = Playing, d.declarer, d.declarer
	d.actions++
	return nil
}

func (d *Deal) doMarriage(a *Action) error {
	hand := d.hands[a.Seat]
	switch {
	case d.played > 0:
		return actionError(CodeMarriage, *a, "only the leader announces, before leading (R-35, R-37)")
	case d.pending != 0:
		return actionError(CodeMarriage, *a, "a marriage was just announced: lead its King or Queen (R-35)")
	case a.Suit > Spades:
		return actionError(CodeBadAction, *a, "unknown suit")
	case d.tricks[a.Seat] == 0:
		return actionError(CodeMarriage, *a, "only after winning a trick; never at the first trick (R-35, R-37, RL-13)")
	case marriages(hand)&(1<<NewCard(King, a.Suit)) == 0:
		return actionError(CodeMarriage, *a, "King and Queen of %s are not both in hand (R-35, R-38)", a.Suit)
	}
	d.pending = uint8(a.Suit) + 1
	d.trump = d.pending
	d.melds[a.Seat] += uint16(a.Suit.MarriageValue())
	d.mars[d.nmar] = marriageRec{a.Seat, uint8(a.Suit), d.trickNo + 1}
	d.nmar++
	d.actions++
	return nil
}

func (d *Deal) doPlay(a *Action, referee bool) error {
	c, seat := a.Card, a.Seat
	hand := d.hands[seat]
	switch {
	case c >= NumCards:
		return actionError(CodeBadAction, *a, "unknown card")
	case !hand.Has(c):
		return actionError(CodeNotInHand, *a, "%s is not in hand", c)
	}
	if d.played == 0 {
		if d.pending != 0 {
			k := NewCard(King, Suit(d.pending-1))
			if c != k && c != k+1 {
				return actionError(CodeMarriage, *a, "after announcing the marriage lead its King or Queen (R-35)")
			}
			d.pending = 0
		}
	} else if followSet(hand, d.table[0].Suit(), d.trump)&(1<<c) == 0 {
		if !referee {
			return actionError(CodeMustFollow, *a, "follow suit, else trump (R-31)")
		}
		d.pens[d.npen] = renonce{seat, int16(d.actions)} // the card stands
		d.npen++
	}
	d.hands[seat] = hand &^ (1 << c)
	d.table[d.played] = c
	d.played++
	if d.played < 3 {
		d.turn = d.nextActive(seat)
		d.actions++
		return nil
	}
	// the highest trump, else the highest card of the suit led.
	best, w := d.table[0], d.leader
	s := d.leader
	for i := 1; i < 3; i++ {
		s = d.next[s]
		x := d.table[i]
		if x/6 == best/6 {
			if x < best {
				best, w = x, s
			}
		} else if d.trump != 0 && uint8(x/6)+1 == d.trump {
			best, w = x, s // the first trump on a non-trump best
		}
	}
	set := CardSet(1)<<d.table[0] | 1<<d.table[1] | 1<<d.table[2]
	d.won[w] |= set
	d.points[w] += uint8(d.table[0].Points() + d.table[1].Points() + d.table[2].Points())
	d.tricks[w]++
	d.trickNo++
	d.played = 0
	d.leader, d.turn = w, w
	if d.trickNo == 8 {
		d.end(Played, 0, 0)
		return nil
	}
	d.actions++
	return nil
}

// end closes the deal at the current action.
func (d *Deal) end(r Result, seat uint8, value uint16) {
	d.result, d.resSeat, d.resValue = r, seat, value
	d.phase = Over
	d.atAction = int16(d.actions)
	d.actions++
}

// Actions is the number of actions applied.
func (d *Deal) Actions() int { return int(d.actions) }
