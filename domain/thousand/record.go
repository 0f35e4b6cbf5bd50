package thousand

import (
	"bytes"
	"encoding/json"
	"fmt"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// RecordError makes a deal record impossible; Action is the 0-based index
// of the offending action, -1 for the header (RULES-1000.md "Deal verdict").
type RecordError struct {
	Action int
	Err    error
}

func (e *RecordError) Error() string {
	if e.Action < 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("action %d: %v", e.Action, e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

// Text gives the message (English in both languages).
func (e *RecordError) Text(string) string { return e.Error() }

// MarshalJSON writes {"error", "action"}.
func (e *RecordError) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Error  string `json:"error"`
		Action int    `json:"action"`
	}{e.Err.Error(), e.Action})
}

// GameError makes a game record impossible: Deal is the 0-based deal (-1
// for the header), Action the action inside a full deal record or -1.
type GameError struct {
	Deal   int
	Action int
	Full   bool // the deal is a full deal record, so Action is written
	Err    error
}

func (e *GameError) Error() string {
	if e.Full && e.Action >= 0 {
		return fmt.Sprintf("deal %d, action %d: %v", e.Deal, e.Action, e.Err)
	}
	return fmt.Sprintf("deal %d: %v", e.Deal, e.Err)
}

func (e *GameError) Unwrap() error { return e.Err }

// Text gives the message (English in both languages).
func (e *GameError) Text(string) string { return e.Error() }

// MarshalJSON writes {"error", "deal", "action"}; action only for a full
// deal record (RL-33).
func (e *GameError) MarshalJSON() ([]byte, error) {
	if e.Full {
		return json.Marshal(struct {
			Error  string `json:"error"`
			Deal   int    `json:"deal"`
			Action int    `json:"action"`
		}{e.Err.Error(), e.Deal, e.Action})
	}
	return json.Marshal(struct {
		Error string `json:"error"`
		Deal  int    `json:"deal"`
	}{e.Err.Error(), e.Deal})
}

func badRecord(format string, args ...any) *Error { return newError(CodeBadRecord, format, args...) }

// UnmarshalText reads the card notation.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	*c = v
	return err
}

// UnmarshalText reads a suit letter.
func (s *Suit) UnmarshalText(b []byte) error {
	v, err := ParseSuit(string(b))
	*s = v
	return err
}

type actionJSON struct {
	Seat  *int    `json:"seat"`
	Do    *string `json:"do"`
	Value *int    `json:"value"`
	Card  *Card   `json:"card"`
	Suit  *Suit   `json:"suit"`
	To    *int    `json:"to"`
	Blind *bool   `json:"blind"`
}

// MarshalJSON writes the action form; a range of bids or contracts as
// {"min", "max"}.
func (a Action) MarshalJSON() ([]byte, error) {
	if a.Kind < Bid || a.Kind > Redeal {
		return nil, fmt.Errorf("cannot write %v", a)
	}
	b := fmt.Appendf(nil, `{"seat":%d,"do":"%s"`, a.Seat, a.Kind)
	switch a.Kind {
	case Bid, Contract:
		if a.Max > 0 {
			b = fmt.Appendf(b, `,"min":%d,"max":%d`, a.Value, a.Max)
		} else {
			b = fmt.Appendf(b, `,"value":%d`, a.Value)
		}
		if a.Blind {
			b = append(b, `,"blind":true`...)
		}
	case Give:
		b = fmt.Appendf(b, `,"card":"%s","to":%d`, a.Card, a.To)
	case Marriage:
		b = fmt.Appendf(b, `,"suit":"%s"`, a.Suit)
	case Play:
		b = fmt.Appendf(b, `,"card":"%s"`, a.Card)
	}
	return append(b, '}'), nil
}

// parseAction decodes one recorded action for a game of n seats.
func parseAction(raw jsontext.Value, n int) (Action, error) {
	var j actionJSON
	if err := jsonv2.Unmarshal(raw, &j); err != nil {
		return Action{}, badRecord("not an action: %v", err)
	}
	if j.Seat == nil {
		return Action{}, badRecord("the action has no seat")
	}
	if *j.Seat < 0 || *j.Seat >= n {
		return Action{}, badRecord("seat must be 0 … %d, not %d", n-1, *j.Seat)
	}
	if j.Do == nil {
		return Action{}, badRecord("the action has no \"do\"")
	}
	k, err := ParseKind(*j.Do)
	if err != nil {
		return Action{}, badRecord("%v", err)
	}
	a := Action{Seat: uint8(*j.Seat), Kind: k}
	need := func(ok bool, what string) error {
		if !ok {
			return badRecord("%s needs %s", k, what)
		}
		return nil
	}
	switch k {
	case Bid, Contract:
		if err := need(j.Value != nil, "a value"); err != nil {
			return a, err
		}
		if *j.Value < 0 || *j.Value > 10000 {
			return a, badRecord("%s value %d is out of range (bids and contracts are capped at %d, R-24)", k, *j.Value, MaxBid)
		}
		a.Value = uint16(*j.Value)
	case Give:
		if err := need(j.Card != nil && j.To != nil, "a card and \"to\""); err != nil {
			return a, err
		}
		if *j.To < 0 || *j.To >= n {
			return a, badRecord("to must be a seat 0 … %d, not %d", n-1, *j.To)
		}
		a.Card, a.To = *j.Card, uint8(*j.To)
	case Marriage:
		if err := need(j.Suit != nil, "a suit"); err != nil {
			return a, err
		}
		a.Suit = *j.Suit
	case Play:
		if err := need(j.Card != nil, "a card"); err != nil {
			return a, err
		}
		a.Card = *j.Card
	}
	if j.Blind != nil && *j.Blind {
		if k != Bid {
			return a, badRecord("only a bid can be blind (R-66)")
		}
		a.Blind = true
	}
	return a, nil
}

// bidLimitJSON is a header-only bid-limit line.
type bidLimitJSON struct {
	Seat  *int `json:"seat"`
	Value *int `json:"value"`
}

type sheetPenaltyJSON struct {
	Seat   *int   `json:"seat"`
	Reason string `json:"reason"`
}

// dealJSON is a deal record, a header-only line or a score-sheet line.
type dealJSON struct {
	Game     *string                   `json:"game"`
	Players  *int                      `json:"players"`
	Options  map[string]jsontext.Value `json:"options"`
	Dealer   *int                      `json:"dealer"`
	Golden   *bool                     `json:"golden"`
	CutNines *int                      `json:"cut_nines"`
	StockAt  *int                      `json:"stock_at"`
	Deck     *[]Card                   `json:"deck"`
	Hands    *[][]Card                 `json:"hands"`
	Stock    *[]Card                   `json:"stock"`
	Misdeal  *string                   `json:"misdeal"`
	Redeal   *string                   `json:"redeal"`
	BidLimit *bidLimitJSON             `json:"bid_limit"`
	Actions  *[]jsontext.Value         `json:"actions"`
	// score-sheet line
	Declarer   *int                `json:"declarer"`
	Bid        *int                `json:"bid"`
	Contract   *int                `json:"contract"`
	Blind      *bool               `json:"blind"`
	CardPoints *[]int              `json:"card_points"`
	Tricks     *[]int              `json:"tricks"`
	Marriages  *[][]Suit           `json:"marriages"`
	Penalties  *[]sheetPenaltyJSON `json:"penalties"`
	// game record
	FirstDealer *int              `json:"first_dealer"`
	Deals       *[]jsontext.Value `json:"deals"`
}

// IsRecord reports whether data is a 1000 record: a JSON object with
// "game": "1000". Anything else goes to the Schnapsen referee.
func IsRecord(data []byte) bool {
	var probe struct {
		Game *string `json:"game"`
	}
	return json.Unmarshal(data, &probe) == nil && probe.Game != nil && *probe.Game == "1000"
}

// Referee judges a 1000 deal record or game record (told apart by its
// "deals") and returns the verdict to encode as JSON, or the *RecordError
// or *GameError that makes the record impossible.
func Referee(data []byte) (any, error) {
	var j dealJSON
	if err := jsonv2.Unmarshal(data, &j); err != nil {
		if isGame(data) {
			return nil, &GameError{Deal: -1, Err: badRecord("not a game record: %v", err)}
		}
		return nil, &RecordError{Action: -1, Err: badRecord("not a record: %v", err)}
	}
	if j.Game == nil || *j.Game != "1000" {
		return nil, &RecordError{Action: -1, Err: badRecord("a 1000 record needs \"game\": \"1000\"")}
	}
	if j.Deals != nil {
		v, err := judgeGame(&j)
		if err != nil {
			return nil, err
		}
		return v, nil
	}
	v, err := judgeDealRecord(&j)
	if err != nil {
		return nil, err
	}
	return v, nil
}

func isGame(data []byte) bool {
	var probe struct {
		Deals json.RawMessage `json:"deals"`
	}
	return json.Unmarshal(data, &probe) == nil && probe.Deals != nil && !bytes.Equal(probe.Deals, []byte("null"))
}

// parseOptions reads "options" (unknown keys are errors, RL-30) over opt.
func parseOptions(raw map[string]jsontext.Value, opt *GameOptions) error {
	for key, v := range raw {
		var err error
		switch key {
		case "players":
			err = jsonv2.Unmarshal(v, &opt.Players)
		case "golden_round":
			err = jsonv2.Unmarshal(v, &opt.GoldenRound)
		case "misdeal_penalty":
			if err = jsonv2.Unmarshal(v, &opt.MisdealPenalty); err == nil && opt.MisdealPenalty != 0 && opt.MisdealPenalty != 120 {
				err = fmt.Errorf("must be 120 or 0 (R-14)")
			}
		case "cut_nine":
			err = jsonv2.Unmarshal(v, &opt.CutNine)
		case "blind_bids":
			err = jsonv2.Unmarshal(v, &opt.BlindBids)
		case "barrel_timeout_penalty":
			if err = jsonv2.Unmarshal(v, &opt.BarrelTimeout); err == nil && opt.BarrelTimeout != 120 && opt.BarrelTimeout != 125 {
				err = fmt.Errorf("must be 120 or 125 (R-55)")
			}
		default:
			return badRecord("unknown option %q (RL-30)", key)
		}
		if err != nil {
			return badRecord("option %s: %v", key, err)
		}
	}
	return nil
}

// header reads players and options of a top-level record.
func header(j *dealJSON) (GameOptions, error) {
	opt := DefaultGameOptions()
	if err := parseOptions(j.Options, &opt); err != nil {
		return opt, err
	}
	if j.Players != nil {
		if _, ok := j.Options["players"]; ok && opt.Players != *j.Players {
			return opt, badRecord("players %d and option players %d differ", *j.Players, opt.Players)
		}
		opt.Players = *j.Players
	}
	o := Options{Players: opt.Players}
	if err := checkOptions(&o); err != nil {
		return opt, err
	}
	return opt, nil
}

// dealCtx is what a deal needs from its surroundings.
type dealCtx struct {
	opt    GameOptions
	dealer int
	golden bool
}

// isSheetLine reports a score-sheet line (RULES-1000.md "Game record").
func (j *dealJSON) isSheetLine() bool {
	return j.Declarer != nil || j.Contract != nil || j.CardPoints != nil
}

// isHeaderOnly reports a deal that was not dealt or not played.
func (j *dealJSON) isHeaderOnly() bool {
	return j.Misdeal != nil || j.Redeal != nil || j.BidLimit != nil || (j.CutNines != nil && *j.CutNines == 3)
}

// outcome judges a full deal record or a header-only line. err is a
// *RecordError; ok false means the deal is unfinished (v then holds the
// unfinished verdict).
func (j *dealJSON) judge(c dealCtx) (o Outcome, v any, err error) {
	n := c.opt.Players
	hdr := func(format string, args ...any) error {
		return &RecordError{Action: -1, Err: badRecord(format, args...)}
	}
	if j.CutNines != nil {
		switch {
		case *j.CutNines < 0 || *j.CutNines > 3:
			return o, nil, hdr("cut_nines must be 0 … 3, not %d (R-9)", *j.CutNines)
		case *j.CutNines > 0 && !c.opt.CutNine:
			return o, nil, hdr("cut_nines %d with option cut_nine off (RL-30)", *j.CutNines)
		}
	}
	if j.isHeaderOnly() {
		kinds := 0
		for _, b := range []bool{j.Misdeal != nil, j.Redeal != nil, j.BidLimit != nil, j.CutNines != nil && *j.CutNines == 3} {
			if b {
				kinds++
			}
		}
		switch {
		case kinds > 1:
			return o, nil, hdr("a deal is one of misdeal, redeal, bid_limit or cut_nines 3")
		case j.Deck != nil || j.Hands != nil || j.Stock != nil:
			return o, nil, hdr("a header-only deal has no deck or hands (RL-33)")
		case j.Actions != nil && len(*j.Actions) > 0:
			return o, nil, &RecordError{Action: 0, Err: badRecord("a header-only deal has no actions (RL-33)")}
		}
		switch {
		case j.Misdeal != nil:
			switch *j.Misdeal {
			case "exposed-card", "wrong-count", "not-cut":
			case "stock-revealed":
				if n != 4 {
					return o, nil, hdr("stock-revealed is a 4-player misdeal (R-13)")
				}
			default:
				return o, nil, hdr("unknown misdeal %q (exposed-card, wrong-count, not-cut, stock-revealed)", *j.Misdeal)
			}
			o = MisdealOutcome(n, c.dealer, c.golden, *j.Misdeal, c.opt.MisdealPenalty)
		case j.Redeal != nil:
			if *j.Redeal != "four-nines" && *j.Redeal != "stock-nines" {
				return o, nil, hdr("unknown redeal %q (four-nines, stock-nines)", *j.Redeal)
			}
			o = RedealOutcome(n, c.dealer, c.golden, -1, *j.Redeal)
		case j.BidLimit != nil:
			bl := j.BidLimit
			if bl.Seat == nil || bl.Value == nil {
				return o, nil, hdr("bid_limit needs seat and value")
			}
			if *bl.Seat < 0 || *bl.Seat >= n || (n == 4 && *bl.Seat == c.dealer) {
				return o, nil, hdr("bid_limit seat %d is not an active seat", *bl.Seat)
			}
			if *bl.Value <= 120 || *bl.Value > MaxBid || *bl.Value%5 != 0 {
				return o, nil, hdr("bid_limit value must be a multiple of 5 from 125 to %d, not %d (R-22, R-24)", MaxBid, *bl.Value)
			}
			o = BidLimitOutcome(n, c.dealer, c.golden, *bl.Seat, *bl.Value)
		default:
			o = CutNinesOutcome(n, c.dealer, c.golden)
		}
		return o, nil, nil
	}
	opts := Options{Players: n, Golden: c.golden, Blind: c.opt.BlindBids}
	if j.StockAt != nil {
		if *j.StockAt < 2 || *j.StockAt > 23 {
			return o, nil, hdr("stock_at must be 2 … 23, not %d (R-10)", *j.StockAt)
		}
		opts.StockAt = *j.StockAt
	}
	var d Deal
	var derr error
	switch {
	case j.Deck != nil && (j.Hands != nil || j.Stock != nil):
		return o, nil, hdr("give either deck or hands and stock")
	case j.Deck != nil:
		deck := *j.Deck
		if c.opt.CutNine && len(deck) == NumCards && deck[NumCards-1].Rank() == Nine { // R-8, RL-5
			return o, nil, hdr("the deck's bottom card %s is a nine: with cut_nines below 3 it must have been cut again (R-8)", deck[NumCards-1])
		}
		d, derr = NewDeal(opts, c.dealer, deck)
	case j.Hands != nil && j.Stock != nil:
		d, derr = DealHands(opts, c.dealer, *j.Hands, *j.Stock)
	default:
		return o, nil, hdr("the record has no deck (or hands and stock)")
	}
	if derr != nil {
		return o, nil, &RecordError{Action: -1, Err: derr}
	}
	var actions []jsontext.Value
	if j.Actions != nil {
		actions = *j.Actions
	}
	for i, raw := range actions {
		a, err := parseAction(raw, n)
		if err == nil {
			err = d.Judge(a)
		}
		if err != nil {
			return o, nil, &RecordError{Action: i, Err: err}
		}
	}
	o, ok := d.Outcome()
	if !ok {
		return o, d.Unfinished(), nil
	}
	return o, nil, nil
}

// judgeDealRecord judges a stand-alone deal record.
func judgeDealRecord(j *dealJSON) (any, error) {
	opt, err := header(j)
	if err != nil {
		return nil, &RecordError{Action: -1, Err: err}
	}
	if j.Dealer == nil {
		return nil, &RecordError{Action: -1, Err: badRecord("the record has no dealer")}
	}
	if *j.Dealer < 0 || *j.Dealer >= opt.Players {
		return nil, &RecordError{Action: -1, Err: badRecord("dealer must be a seat 0 … %d, not %d", opt.Players-1, *j.Dealer)}
	}
	if j.isSheetLine() {
		return nil, &RecordError{Action: -1, Err: badRecord("a score-sheet line belongs in a game record's deals")}
	}
	golden := j.Golden != nil && *j.Golden
	o, unfinished, err := j.judge(dealCtx{opt: opt, dealer: *j.Dealer, golden: golden})
	if err != nil {
		return nil, err
	}
	if unfinished != nil {
		return unfinished, nil
	}
	return DealVerdict(o), nil
}

// judgeGame judges a game record (RULES-1000.md "Game record").
func judgeGame(j *dealJSON) (GameVerdict, error) {
	opt, err := header(j)
	head := func(err error) error { return &GameError{Deal: -1, Action: -1, Err: err} }
	if err != nil {
		return GameVerdict{}, head(err)
	}
	if j.FirstDealer == nil {
		return GameVerdict{}, head(badRecord("a game record needs first_dealer (RL-30)"))
	}
	if *j.FirstDealer < 0 || *j.FirstDealer >= opt.Players {
		return GameVerdict{}, head(badRecord("first_dealer must be a seat 0 … %d, not %d", opt.Players-1, *j.FirstDealer))
	}
	if j.Dealer != nil || j.Deck != nil || j.Actions != nil {
		return GameVerdict{}, head(badRecord("a game record holds its deals in \"deals\""))
	}
	g := NewGame(opt, *j.FirstDealer)
	gv := GameVerdict{Deals: []DealStanding{}}
	for i, raw := range *j.Deals {
		var dj dealJSON
		if err := jsonv2.Unmarshal(raw, &dj); err != nil {
			return GameVerdict{}, &GameError{Deal: i, Action: -1, Err: badRecord("not a deal: %v", err)}
		}
		// An error in a full deal record names its action, -1 for the
		// record's header (RL-33).
		full := !dj.isSheetLine() && !dj.isHeaderOnly()
		gerr := func(err error) error { return &GameError{Deal: i, Action: -1, Full: full, Err: err} }
		dealer, golden := g.NextDealer(), g.NextGolden()
		switch {
		case g.Finished():
			return GameVerdict{}, gerr(badRecord("the game was already won by seat %d (R-61)", g.Winner))
		case dj.Game != nil && *dj.Game != "1000":
			return GameVerdict{}, gerr(badRecord("a deal of a 1000 game is a 1000 deal"))
		case dj.Options != nil:
			return GameVerdict{}, gerr(badRecord("a deal inside a game record carries no options (RL-30)"))
		case dj.Players != nil && *dj.Players != opt.Players:
			return GameVerdict{}, gerr(badRecord("players %d differs from the game's %d (RL-30)", *dj.Players, opt.Players))
		case dj.Dealer != nil && *dj.Dealer != dealer:
			return GameVerdict{}, gerr(badRecord("the dealer is seat %d by rotation, not %d (R-7)", dealer, *dj.Dealer))
		case dj.Golden != nil && *dj.Golden != golden:
			return GameVerdict{}, gerr(badRecord("golden is %v by the rotation, not %v (R-63)", golden, *dj.Golden))
		case dj.Deals != nil:
			return GameVerdict{}, gerr(badRecord("a deal cannot hold deals"))
		}
		var o Outcome
		if dj.isSheetLine() {
			o, err = dj.sheetOutcome(dealCtx{opt, dealer, golden})
			if err != nil {
				return GameVerdict{}, gerr(err)
			}
		} else {
			var unfinished any
			o, unfinished, err = dj.judge(dealCtx{opt, dealer, golden})
			if err != nil {
				re := err.(*RecordError)
				return GameVerdict{}, &GameError{Deal: i, Action: re.Action, Full: full, Err: re.Err}
			}
			if unfinished != nil {
				return GameVerdict{}, gerr(badRecord("the deal record is unfinished"))
			}
		}
		events, err := g.Add(o)
		if err != nil {
			return GameVerdict{}, gerr(badRecord("%v", err))
		}
		gv.Deals = append(gv.Deals, standing(i, &g, o, events))
	}
	gv.fill(&g)
	return gv, nil
}

// stockHolds reports whether three cards of the deck, with K and Q of the
// listed marriage among them, hold cp card points. The 4p
// dealer's stock points are checked this exactly because a score sheet
// gives them by hand: three aces make the maximum 33, and sums such as 28
// or a marriage with 0 points cannot occur.
func stockHolds(cp int, mars []Suit) bool {
	var need CardSet
	for _, m := range mars {
		need |= 1<<NewCard(King, m) | 1<<NewCard(Queen, m)
	}
	for a := range Card(NumCards) {
		for b := a + 1; b < NumCards; b++ {
			for c := b + 1; c < NumCards; c++ {
				stock := CardSet(1<<a | 1<<b | 1<<c)
				if stock&need == need && stock.Points() == cp {
					return true
				}
			}
		}
	}
	return false
}

// withMarriage names the stock marriage in a message, if there is one.
func withMarriage(mars []Suit) string {
	if len(mars) == 0 {
		return ""
	}
	return fmt.Sprintf(" with the marriage %s", mars[0])
}

// sheetOutcome checks and scores a score-sheet line (R-40, RL-31).
func (j *dealJSON) sheetOutcome(c dealCtx) (Outcome, error) {
	n := c.opt.Players
	o := headerOutcome(n, c.dealer, c.golden, Played)
	active := func(s int) bool { return s >= 0 && s < n && !(n == 4 && s == c.dealer) }
	switch {
	case j.Deck != nil || j.Hands != nil || j.Actions != nil || j.isHeaderOnly():
		return o, badRecord("a score-sheet line has no deck, actions, misdeal, redeal or bid_limit")
	case j.Declarer == nil || j.Contract == nil || j.CardPoints == nil || j.Tricks == nil:
		return o, badRecord("a score-sheet line needs declarer, contract, card_points and tricks")
	case !active(*j.Declarer):
		return o, badRecord("the declarer %d is not an active seat (RL-31)", *j.Declarer)
	case *j.Contract%5 != 0 || *j.Contract < 100 || *j.Contract > MaxBid:
		return o, badRecord("the contract must be a multiple of 5 from 100 to %d, not %d (R-27, RL-31)", MaxBid, *j.Contract)
	case len(*j.CardPoints) != n || len(*j.Tricks) != n:
		return o, badRecord("card_points and tricks need one entry per seat (%d)", n)
	case j.Marriages != nil && len(*j.Marriages) != n:
		return o, badRecord("marriages needs one list per seat (%d)", n)
	}
	o.Declarer, o.Contract = *j.Declarer, *j.Contract
	o.Bid = o.Contract
	if c.golden {
		o.Bid = 120
	}
	if j.Bid != nil {
		if *j.Bid%5 != 0 || *j.Bid < 100 || *j.Bid > o.Contract {
			return o, badRecord("the bid must be a multiple of 5 from 100 to the contract %d, not %d (RL-31)", o.Contract, *j.Bid)
		}
		o.Bid = *j.Bid
	}
	if c.golden && (o.Declarer != o.FirstHand || o.Bid != 120) {
		return o, badRecord("in a golden deal first hand %d is declarer at 120 (R-64, RL-31)", o.FirstHand)
	}
	if j.Blind != nil && *j.Blind {
		if !c.opt.BlindBids || c.golden {
			return o, badRecord("blind needs option blind_bids and a deal with bidding (R-66)")
		}
		o.Blind = true
	}
	sumCP, sumT := 0, 0
	var seenSuits [4]bool
	dealerPoints := 0
	for s := range n {
		cp, t := (*j.CardPoints)[s], (*j.Tricks)[s]
		var mars []Suit
		if j.Marriages != nil {
			mars = (*j.Marriages)[s]
		}
		if cp < 0 || t < 0 {
			return o, badRecord("seat %d: negative card points or tricks", s)
		}
		mp := 0
		for _, m := range mars {
			if m > Spades {
				return o, badRecord("seat %d: unknown marriage suit", s)
			}
			mp += m.MarriageValue()
		}
		if n == 4 && s == c.dealer {
			if t != 0 || len(mars) > 1 {
				return o, badRecord("the 4-player dealer %d has no tricks and at most one stock marriage (R-43, RL-31)", s)
			}
			if !stockHolds(cp, mars) {
				return o, badRecord("the 4-player dealer %d: no three stock cards hold %d card points%s (R-5, R-43)", s, cp, withMarriage(mars))
			}
			dealerPoints = cp + mp
			o.CardPoints[s] = cp
			continue
		}
		for _, m := range mars {
			if seenSuits[m] {
				return o, badRecord("the marriage %s is listed twice (RL-31)", m)
			}
			seenSuits[m] = true
		}
		if t == 0 && (cp != 0 || len(mars) > 0) {
			return o, badRecord("seat %d has no trick but points or a marriage (R-40, R-35)", s)
		}
		sumCP += cp
		sumT += t
		o.Tricks[s], o.CardPoints[s], o.Points[s] = t, cp, cp+mp
	}
	if sumCP != 120 {
		return o, badRecord("the card points of the tricks sum to %d, not 120 (R-40)", sumCP)
	}
	if sumT != 8 {
		return o, badRecord("the tricks sum to %d, not 8 (R-29)", sumT)
	}
	o.scorePlayed(dealerPoints)
	pf := penaltyFactor(c.golden)
	if j.Penalties != nil {
		for _, p := range *j.Penalties {
			if p.Seat == nil || !active(*p.Seat) || p.Reason != "renonce" {
				return o, badRecord("a score-sheet penalty is {\"seat\": active seat, \"reason\": \"renonce\"} (RL-31)")
			}
			o.Penalties = append(o.Penalties, Penalty{Seat: *p.Seat, Points: -120 * pf, Reason: "renonce", Action: -1})
		}
	}
	return o, nil
}
