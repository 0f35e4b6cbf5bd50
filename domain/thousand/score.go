package thousand

// Penalty is a penalty of a deal (deal verdict "penalties"); Points is
// negative and already doubled in a golden deal. Action is the
// index of the action that incurred it, -1 for a header-only record.
type Penalty struct {
	Seat   int    `json:"seat"`
	Points int    `json:"points"`
	Reason string `json:"reason"`
	Action int    `json:"action"`
}

// Gift is a card the declarer gave.
type Gift struct {
	Card Card `json:"card"`
	To   int  `json:"to"`
}

// MarriageInfo is an announced marriage; Trick counts from 1.
type MarriageInfo struct {
	Seat   int  `json:"seat"`
	Suit   Suit `json:"suit"`
	Points int  `json:"points"`
	Trick  int  `json:"trick"`
}

// Outcome is the result of an ended deal, whatever ended it: what a deal
// verdict shows and what the game's end-of-deal procedure needs.
// Arrays are indexed by seat; entries past Players are 0.
type Outcome struct {
	Players    int
	Result     Result
	Dealer     int
	FirstHand  int
	Golden     bool
	Seat       int    // bid-limit: offender; redeal: claimant
	Value      int    // bid-limit: the bid or contract
	Reason     string // redeal: four-nines, stock-nines; misdeal: its reason
	Declarer   int    // played: the declarer, else -1
	Bid        int
	Contract   int
	Made       bool
	Blind      bool
	Stock      []Card
	Given      []Gift
	Trump      *Suit
	Marriages  []MarriageInfo
	Tricks     [4]int
	CardPoints [4]int
	Points     [4]int
	Scores     [4]int // R-41 … R-43, doubled for golden or blind
	Bolts      [4]int // marks earned: 1, 2 in a golden deal
	Penalties  []Penalty
	NextDealer int // R-7 (a misdeal's depends on the penalty option)
	AtAction   int
}

// multiplier of deal scores: golden or blind doubles.
func multiplier(golden, blind bool) int {
	if golden || blind {
		return 2
	}
	return 1
}

// penaltyFactor: a golden deal doubles its penalties; blind does not.
func penaltyFactor(golden bool) int {
	if golden {
		return 2
	}
	return 1
}

// scorePlayed fills Scores and Bolts of a played deal from Points and
// Tricks (R-41 … R-45).
func (o *Outcome) scorePlayed(stockPoints int) {
	mult := multiplier(o.Golden, o.Blind)
	o.Made = o.Points[o.Declarer] >= o.Contract // R-41, judged undoubled
	for s := 0; s < o.Players; s++ {
		switch {
		case s == o.Declarer:
			if o.Made {
				o.Scores[s] = o.Contract * mult
			} else {
				o.Scores[s] = -o.Contract * mult
			}
		case o.Players == 4 && s == o.Dealer: // R-43, RL-16, RL-32
			o.Points[s] = stockPoints
			o.Scores[s] = Round5(stockPoints) * mult
		default:
			o.Scores[s] = Round5(o.Points[s]) * mult
			if o.Tricks[s] == 0 {
				o.Bolts[s] = penaltyFactor(o.Golden)
			}
		}
	}
}

// Outcome reports how the deal ended; ok is false while it runs.
func (d *Deal) Outcome() (o Outcome, ok bool) {
	if d.result == Unfinished {
		return o, false
	}
	o = Outcome{Players: int(d.n), Result: d.result, Dealer: int(d.dealer), FirstHand: d.FirstHand(),
		Golden: d.golden, Seat: -1, Declarer: -1, AtAction: int(d.atAction)}
	o.NextDealer = (o.Dealer + 1) % o.Players
	pf := penaltyFactor(d.golden)
	switch d.result {
	case BidLimit:
		o.Seat, o.Value = int(d.resSeat), int(d.resValue)
		o.Penalties = []Penalty{{Seat: o.Seat, Points: -o.Value * pf, Reason: "bid-limit", Action: o.AtAction}}
	case Redealt:
		o.Seat, o.Reason = int(d.resSeat), d.reason.String()
		o.NextDealer = o.Dealer
	case Played:
		o.Declarer, o.Bid, o.Contract, o.Blind = int(d.declarer), int(d.bid), int(d.contract), d.blind
		o.Stock = d.stock[:]
		o.Given = []Gift{{d.given[0].card, int(d.given[0].to)}, {d.given[1].card, int(d.given[1].to)}}
		if d.trump != 0 {
			t := Suit(d.trump - 1)
			o.Trump = &t
		}
		o.Marriages = make([]MarriageInfo, d.nmar)
		for i, m := range d.mars[:d.nmar] {
			o.Marriages[i] = MarriageInfo{int(m.seat), Suit(m.suit), Suit(m.suit).MarriageValue(), int(m.trick)}
		}
		for s := 0; s < o.Players; s++ {
			o.Tricks[s], o.CardPoints[s] = int(d.tricks[s]), int(d.points[s])
			o.Points[s] = o.CardPoints[s] + int(d.melds[s])
		}
		st := d.stockSet()
		o.scorePlayed(st.Points() + marriagePoints(st))
		o.Penalties = make([]Penalty, d.npen)
		for i, p := range d.pens[:d.npen] {
			o.Penalties[i] = Penalty{Seat: int(p.seat), Points: -120 * pf, Reason: "renonce", Action: int(p.action)}
		}
	}
	if o.Penalties == nil {
		o.Penalties = []Penalty{}
	}
	return o, true
}

// headerOutcome is the outcome of a deal that was not dealt or not played.
func headerOutcome(players, dealer int, golden bool, r Result) Outcome {
	return Outcome{Players: players, Result: r, Dealer: dealer, FirstHand: (dealer + 1) % players, Golden: golden,
		Seat: -1, Declarer: -1, AtAction: -1, NextDealer: (dealer + 1) % players, Penalties: []Penalty{}}
}

// MisdealOutcome: R-14; with penalty 0 the same dealer deals again.
func MisdealOutcome(players, dealer int, golden bool, reason string, penalty int) Outcome {
	o := headerOutcome(players, dealer, golden, Misdealt)
	o.Reason = reason
	if penalty == 0 {
		o.NextDealer = dealer
	} else {
		o.Penalties = []Penalty{{Seat: dealer, Points: -penalty * penaltyFactor(golden), Reason: "misdeal", Action: -1}}
	}
	return o
}

// CutNinesOutcome: R-9, the cutter (dealer's right) scores -120.
func CutNinesOutcome(players, dealer int, golden bool) Outcome {
	o := headerOutcome(players, dealer, golden, CutNines)
	o.Penalties = []Penalty{{Seat: (dealer + players - 1) % players, Points: -120 * penaltyFactor(golden), Reason: "cut-nines", Action: -1}}
	return o
}

// RedealOutcome: R-16, a redeal given as a header-only line.
func RedealOutcome(players, dealer int, golden bool, seat int, reason string) Outcome {
	o := headerOutcome(players, dealer, golden, Redealt)
	o.Seat, o.Reason, o.NextDealer = seat, reason, dealer
	return o
}

// BidLimitOutcome: given as a header-only line.
func BidLimitOutcome(players, dealer int, golden bool, seat, value int) Outcome {
	o := headerOutcome(players, dealer, golden, BidLimit)
	o.Seat, o.Value = seat, value
	o.Penalties = []Penalty{{Seat: seat, Points: -value * penaltyFactor(golden), Reason: "bid-limit", Action: -1}}
	return o
}
