package thousand

import "fmt"

// Error codes of the engine; they are stable, so callers may switch on them.
const (
	CodeBadRecord   = "bad_record"           // a record that does not decode or breaks RULES-1000.md "Records"
	CodeBadDeck     = "bad_deck"             // not the 24-card deck, or a bottom nine
	CodeUnsupported = "unsupported"          // two players
	CodeDealOver    = "deal_over"            // an action after the deal ended
	CodeOutOfTurn   = "out_of_turn"          // the seat is not the one to move
	CodeBadAction   = "bad_action"           // an action the phase does not allow, unknown seat, card or suit
	CodeNotInHand   = "card_not_in_hand"     // the card is not in the seat's hand
	CodeBid         = "bad_bid"              // R-18 …
	CodeBidLimit    = "bid_limit"            // live play refuses the bid or contract
	CodeGive        = "bad_give"
	CodeContract    = "bad_contract"
	CodeMarriage    = "marriage_not_allowed"
	CodeMustFollow  = "must_follow"          // live play refuses the card
	CodeRedeal      = "redeal_not_allowed"
)

// Error is a domain error: a stable code and an English message (the 1000
// referee speaks English only; docs/thousand.md).
type Error struct {
	Code string
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Text gives the message; both languages get the English text.
func (e *Error) Text(string) string { return e.Msg }

func newError(code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// actionError explains why action a is impossible.
func actionError(code string, a Action, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf("%s is not possible: %s", a, fmt.Sprintf(format, args...))}
}
