package schnapsen

import "fmt"

// Error codes of the engine; they are stable, so callers may switch on them.
const (
	CodeBadRecord  = "bad_record"           // a record that does not decode (FORMATS.md)
	CodeBadDeck    = "bad_deck"             // S-3, X-2: the deck is not the variant's deck
	CodeDealOver   = "deal_over"            // an action after the deal was decided
	CodeOutOfTurn  = "out_of_turn"          // the seat is not the one to move
	CodeBadAction  = "bad_action"           // unknown action kind, seat, card or suit
	CodeNotInHand  = "card_not_in_hand"     // the card is not in the seat's hand
	CodeMustFollow = "must_follow"          // S-7: live play refuses an illegal follow
	CodeMarriage   = "marriage_not_allowed" // S-9, S-10, S-18
	CodeExchange   = "exchange_not_allowed" // S-11, S-18, X-3
	CodeClose      = "close_not_allowed"    // S-12
	CodeDeclare    = "declare_not_allowed"  // S-13
)

// Error is a domain error: a stable code and a message in German and English.
type Error struct {
	Code string
	en   string
	de   string
}

func newError(code, en, de string) *Error { return &Error{Code: code, en: en, de: de} }

// Error gives the English message.
func (e *Error) Error() string { return e.en }

// Text gives the message in the language "de" or "en".
func (e *Error) Text(lang string) string {
	if lang == "de" {
		return e.de
	}
	return e.en
}

// actionError explains why action a is impossible; what/was are the
// English and German reasons.
func actionError(code string, a Action, what, was string) *Error {
	return newError(code,
		fmt.Sprintf("%s is not possible: %s", a, what),
		fmt.Sprintf("%s ist nicht möglich: %s", a.german(), was))
}
