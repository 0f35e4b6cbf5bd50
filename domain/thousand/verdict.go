package thousand

import "encoding/json"

// UnfinishedVerdict is the referee's answer for a deal still running.
type UnfinishedVerdict struct {
	Finished bool     `json:"finished"`
	Phase    string   `json:"phase"`
	ToMove   int      `json:"to_move"`
	Legal    []Action `json:"legal"`
	Claims   []Action `json:"claims"` // other seats' open redeal claims (RL-30)
}

// Unfinished is the verdict of a running deal: phase, seat to move, its
// legal actions and the other seats' open redeal claims.
func (d *Deal) Unfinished() UnfinishedVerdict {
	var buf [MaxActions]Action
	var cbuf [4]Action
	return UnfinishedVerdict{Phase: d.phase.String(), ToMove: d.ToMove(),
		Legal: append([]Action{}, d.Legal(&buf)...), Claims: append([]Action{}, d.Claims(&cbuf)...)}
}

// DealVerdict is the verdict of an ended deal (RULES-1000.md "Deal verdict").
type DealVerdict Outcome

func seats(a [4]int, n int) []int { return append([]int{}, a[:n]...) }

type playedJSON struct {
	Finished   bool           `json:"finished"`
	Result     string         `json:"result"`
	Dealer     int            `json:"dealer"`
	FirstHand  int            `json:"first_hand"`
	Golden     bool           `json:"golden"`
	Declarer   int            `json:"declarer"`
	Bid        int            `json:"bid"`
	Contract   int            `json:"contract"`
	Made       bool           `json:"made"`
	Blind      bool           `json:"blind"`
	Stock      []Card         `json:"stock"`
	Given      []Gift         `json:"given"`
	Trump      *Suit          `json:"trump"`
	Marriages  []MarriageInfo `json:"marriages"`
	Tricks     []int          `json:"tricks"`
	CardPoints []int          `json:"card_points"`
	Points     []int          `json:"points"`
	Scores     []int          `json:"scores"`
	Bolts      []int          `json:"bolts"`
	Penalties  []Penalty      `json:"penalties"`
	NextDealer int            `json:"next_dealer"`
	AtAction   int            `json:"at_action"`
}

// endedJSON is a deal that was not played: only seat/value (bid-limit),
// seat/reason (redeal) or reason (misdeal) besides the common fields (RL-33).
type endedJSON struct {
	Finished   bool      `json:"finished"`
	Result     string    `json:"result"`
	Dealer     int       `json:"dealer"`
	FirstHand  int       `json:"first_hand"`
	Golden     bool      `json:"golden"`
	Seat       *int      `json:"seat,omitempty"`
	Value      *int      `json:"value,omitempty"`
	Reason     string    `json:"reason,omitempty"`
	Scores     []int     `json:"scores"`
	Bolts      []int     `json:"bolts"`
	Penalties  []Penalty `json:"penalties"`
	NextDealer int       `json:"next_dealer"`
	AtAction   int       `json:"at_action"`
}

// MarshalJSON writes the deal verdict.
func (v DealVerdict) MarshalJSON() ([]byte, error) {
	n := v.Players
	if v.Result == Played {
		marriages := v.Marriages
		if marriages == nil {
			marriages = []MarriageInfo{}
		}
		return json.Marshal(playedJSON{true, v.Result.String(), v.Dealer, v.FirstHand, v.Golden,
			v.Declarer, v.Bid, v.Contract, v.Made, v.Blind, v.Stock, v.Given, v.Trump, marriages,
			seats(v.Tricks, n), seats(v.CardPoints, n), seats(v.Points, n), seats(v.Scores, n), seats(v.Bolts, n),
			v.Penalties, v.NextDealer, v.AtAction})
	}
	e := endedJSON{Finished: true, Result: v.Result.String(), Dealer: v.Dealer, FirstHand: v.FirstHand, Golden: v.Golden,
		Scores: seats(v.Scores, n), Bolts: seats(v.Bolts, n), Penalties: v.Penalties, NextDealer: v.NextDealer, AtAction: v.AtAction}
	switch v.Result {
	case BidLimit:
		seat, value := v.Seat, v.Value
		e.Seat, e.Value = &seat, &value
	case Redealt:
		if v.Seat >= 0 {
			seat := v.Seat
			e.Seat = &seat
		}
		e.Reason = v.Reason
	case Misdealt:
		e.Reason = v.Reason
	}
	return json.Marshal(e)
}

// gamePenalty is a penalty in a game verdict: no action (RL-33).
type gamePenalty struct {
	Seat   int    `json:"seat"`
	Points int    `json:"points"`
	Reason string `json:"reason"`
}

// DealStanding is one deal of a game verdict and the state after it.
type DealStanding struct {
	Deal        int           `json:"deal"`
	Dealer      int           `json:"dealer"`
	Golden      bool          `json:"golden"`
	Result      string        `json:"result"`
	Declarer    *int          `json:"declarer,omitempty"`
	Contract    *int          `json:"contract,omitempty"`
	Made        *bool         `json:"made,omitempty"`
	Scores      []int         `json:"scores"`
	BoltsAdded  []int         `json:"bolts_added"`
	Penalties   []gamePenalty `json:"penalties"`
	Events      []Event       `json:"events"`
	Totals      []int         `json:"totals"`
	Bolts       []int         `json:"bolts"`
	Barrel      []int         `json:"barrel"`
	BarrelDeals []int         `json:"barrel_deals"`
	Descents    []int         `json:"descents"`
}

func standing(i int, g *Game, o Outcome, events []Event) DealStanding {
	n := g.opt.Players
	s := DealStanding{Deal: i, Dealer: o.Dealer, Golden: o.Golden, Result: o.Result.String(),
		Scores: seats(o.Scores, n), BoltsAdded: seats(o.Bolts, n), Penalties: []gamePenalty{}, Events: events,
		Totals: seats(g.Totals, n), Bolts: seats(g.Bolts, n), Barrel: g.OnBarrel(),
		BarrelDeals: seats(g.BarrelDeals, n), Descents: seats(g.Descents, n)}
	if o.Result == Played {
		decl, contract, made := o.Declarer, o.Contract, o.Made
		s.Declarer, s.Contract, s.Made = &decl, &contract, &made
	}
	for _, p := range o.Penalties {
		s.Penalties = append(s.Penalties, gamePenalty{p.Seat, p.Points, p.Reason})
	}
	return s
}

// GameVerdict is the verdict of a game record (RULES-1000.md "Game verdict").
type GameVerdict struct {
	Finished    bool           `json:"finished"`
	Winner      *int           `json:"winner"`
	Totals      []int          `json:"totals"`
	Bolts       []int          `json:"bolts"`
	Descents    []int          `json:"descents"`
	Barrel      []int          `json:"barrel"`
	BarrelDeals []int          `json:"barrel_deals"`
	NextDealer  *int           `json:"next_dealer"`
	NextGolden  *bool          `json:"next_golden"`
	Deals       []DealStanding `json:"deals"`
}

func (v *GameVerdict) fill(g *Game) {
	n := g.opt.Players
	v.Totals, v.Bolts, v.Descents = seats(g.Totals, n), seats(g.Bolts, n), seats(g.Descents, n)
	v.Barrel, v.BarrelDeals = g.OnBarrel(), seats(g.BarrelDeals, n)
	if g.Finished() {
		w := g.Winner
		v.Finished, v.Winner = true, &w
		return
	}
	d, golden := g.NextDealer(), g.NextGolden()
	v.NextDealer, v.NextGolden = &d, &golden
}
