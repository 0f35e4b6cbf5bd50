package table

import (
	"slices"

	"bummerl/domain/schnapsen"
)

// SeatView is what one seat's phone may see: its own hand, the number of
// the opponent's cards, the face-up trump card and the talon's size but
// not its order, the trick in play, the last trick (in sharp only until
// the next lead), tricks taken, its own running card points only in soft
// Schnapsen and Sechsundsechzig (S-18), the game points and Bummerl of
// both, and its legal actions. Seats are match seats.
type SeatView struct {
	Seat         int               `json:"seat"`
	Variant      schnapsen.Variant `json:"variant"`
	Closing      schnapsen.Closing `json:"closing"`
	BummerlToWin int               `json:"bummerl_to_win"`
	Seq          int               `json:"seq"`  // moves so far; changes with every move
	Deal         int               `json:"deal"` // number of the deal in play (1, 2, …); the last one once the match is over
	Dealer       int               `json:"dealer"`

	Hand          []schnapsen.Card    `json:"hand"`
	OpponentCards int                 `json:"opponent_cards"`
	TrumpSuit     schnapsen.Suit      `json:"trump_suit"`
	TrumpCard     *schnapsen.Card     `json:"trump_card"`
	TalonLeft     int                 `json:"talon_left"`
	ClosedBy      *int                `json:"closed_by"`
	Lead          *schnapsen.Card     `json:"lead"`
	LeadBy        *int                `json:"lead_by"`
	LastTrick     []schnapsen.Card    `json:"last_trick"` // leader's card first
	LastLeader    *int                `json:"last_leader"`
	LastWinner    *int                `json:"last_winner"`
	Tricks        [2]int              `json:"tricks"`
	Points        *int                `json:"points"` // own counted card points; nil in sharp (S-18)
	Marriages     [2][]schnapsen.Suit `json:"marriages"`
	ToMove        int                 `json:"to_move"` // -1 once the match is over
	Legal         []Move              `json:"legal"`   // engine actions only; resigning is always possible on the own turn or not

	Running  [2]int `json:"running"` // game points in this Bummerl (B-1)
	Bummerl  [2]int `json:"bummerl"`
	Finished bool   `json:"finished"`
	Winner   *int   `json:"winner"`
	// ResignedBy is the seat that resigned the match, nil if none.
	ResignedBy *int `json:"resigned_by"`
	// Previous is the outcome of the deal before the one in play (or the
	// last deal once the match is over).
	Previous *Outcome `json:"previous"`
}

// Outcome is a decided deal as both players may see it afterwards.
type Outcome struct {
	Deal       int              `json:"deal"` // 1-based
	Winner     int              `json:"winner"`
	Points     int              `json:"points"`
	Reason     schnapsen.Reason `json:"reason"`
	ResignedBy *int             `json:"resigned_by"`
	CardPoints *[2]int          `json:"card_points"` // nil for a resigned deal
	Tricks     *[2]int          `json:"tricks"`
}

// View is the match as seat (0 or 1) may see it.
func (m *Match) View(seat int) SeatView {
	seat &= 1
	v := SeatView{
		Seat: seat, Variant: m.cfg.Variant, Closing: m.cfg.Closing, BummerlToWin: m.cfg.BummerlToWin,
		Seq: len(m.moves), Running: m.verdict.Running, Bummerl: m.verdict.Bummerl, Finished: m.verdict.Finished,
		ToMove: -1,
	}
	if m.verdict.Winner != nil {
		w := *m.verdict.Winner
		v.Winner = &w
	}
	if m.resigned >= 0 {
		r := m.resigned
		v.ResignedBy = &r
	}
	// The deal shown: the one in play, else the last one dealt.
	shown := -1
	for i := len(m.deals) - 1; i >= 0; i-- {
		if m.deals[i].Dealt {
			shown = i
			break
		}
	}
	if cur := m.current(); cur != nil {
		shown = len(m.deals) - 1
		if len(m.deals) > 1 {
			v.Previous = m.outcome(len(m.deals) - 2)
		}
	} else if n := len(m.deals); n > 0 {
		v.Previous = m.outcome(n - 1)
	}
	if shown < 0 {
		return v
	}
	d := &m.deals[shown]
	v.Deal, v.Dealer = shown+1, 1-d.Forehand
	gs := seat ^ d.Forehand // engine seat
	sv := d.state.View(gs)
	v.Hand, v.OpponentCards = sv.Hand, sv.Opponent
	v.TrumpSuit, v.TrumpCard, v.TalonLeft = sv.TrumpSuit, sv.TrumpCard, sv.TalonLeft
	if sv.Closer != nil {
		c := *sv.Closer ^ d.Forehand
		v.ClosedBy = &c
	}
	if sv.Lead != nil && !d.Over() {
		v.Lead = sv.Lead
		by := sv.ToMove ^ d.Forehand ^ 1
		v.LeadBy = &by
	}
	if sv.LastTrick != nil {
		v.LastTrick = sv.LastTrick
		l, w := d.lastLeader, d.lastWinner
		v.LastLeader, v.LastWinner = &l, &w
	}
	for g := range 2 {
		v.Tricks[g^d.Forehand] = sv.Tricks[g]
		v.Marriages[g^d.Forehand] = slices.Clone(sv.Marriages[g])
	}
	v.Points = sv.Points
	if !d.Over() {
		v.ToMove = sv.ToMove ^ d.Forehand
		for _, a := range sv.Legal {
			v.Legal = append(v.Legal, Move{Seat: seat, Kind: a.Kind, Card: a.Card, Suit: a.Suit})
		}
	}
	return v
}

// outcome is deal i's result as both may see it.
func (m *Match) outcome(i int) *Outcome {
	d := &m.deals[i]
	if d.Result == nil {
		return nil
	}
	o := &Outcome{Deal: i + 1, Winner: d.Result.Winner, Points: d.Result.Points, Reason: d.Result.Reason}
	if d.ResignedBy >= 0 {
		r := d.ResignedBy
		o.ResignedBy = &r
	}
	if d.Verdict != nil {
		var cp, tr [2]int
		for g := range 2 {
			cp[g^d.Forehand] = d.Verdict.CardPoints[g]
			tr[g^d.Forehand] = d.Verdict.Tricks[g]
		}
		o.CardPoints, o.Tricks = &cp, &tr
	}
	return o
}
