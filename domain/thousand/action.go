package thousand

import "fmt"

// Kind is what an action does (RULES-1000.md deal record "do").
type Kind uint8

const (
	Bid      Kind = iota + 1 // bid Value, Blind with option blind_bids
	Pass
	Give                     // give Card To an opponent
	Contract                 // announce the contract Value
	Marriage                 // announce the marriage in Suit
	Play                     // play Card
	Redeal                   // claim a redeal
)

var kindNames = [...]string{Bid: "bid", Pass: "pass", Give: "give", Contract: "contract", Marriage: "marriage", Play: "play", Redeal: "redeal"}

func (k Kind) String() string {
	if k < Bid || k > Redeal {
		return fmt.Sprintf("kind(%d)", uint8(k))
	}
	return kindNames[k]
}

// ParseKind reads the "do" names.
func ParseKind(s string) (Kind, error) {
	for k := Bid; k <= Redeal; k++ {
		if kindNames[k] == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown action %q (want bid, pass, give, contract, marriage, play or redeal)", s)
}

// Action is one step of a deal by one seat (absolute seat number, R-2).
// Value is used by Bid and Contract, Card by Give and Play, To by Give,
// Suit by Marriage. In a list of legal actions a Bid or Contract with Max
// > 0 stands for every multiple of 5 from Value to Max.
type Action struct {
	Seat  uint8
	Kind  Kind
	Card  Card
	Suit  Suit
	To    uint8
	Blind bool
	Value uint16
	Max   uint16
}

// String describes the action in English, e.g. "seat 0 play KH".
func (a Action) String() string {
	switch a.Kind {
	case Bid, Contract:
		blind := ""
		if a.Blind {
			blind = " blind"
		}
		if a.Max > 0 {
			return fmt.Sprintf("seat %d %s%s %d…%d", a.Seat, a.Kind, blind, a.Value, a.Max)
		}
		return fmt.Sprintf("seat %d %s%s %d", a.Seat, a.Kind, blind, a.Value)
	case Give:
		return fmt.Sprintf("seat %d give %s to seat %d", a.Seat, a.Card, a.To)
	case Play:
		return fmt.Sprintf("seat %d play %s", a.Seat, a.Card)
	case Marriage:
		return fmt.Sprintf("seat %d marriage %s", a.Seat, a.Suit)
	}
	return fmt.Sprintf("seat %d %s", a.Seat, a.Kind)
}
