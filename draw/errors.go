package draw

import "fmt"

// Code identifies the kind of an Error; codes are stable so the web app and
// scripts can react to them.
type Code string

const (
	CodeSeed         Code = "seed"           // no seed for a digital draw
	CodeGroups       Code = "group_count"    // entries for a different number of groups
	CodePotSize      Code = "pot_size"       // a group's pot size is not 1 or more
	CodeCardTotal    Code = "card_total"     // a group's cards do not fit its pots
	CodeNoCards      Code = "no_cards"       // an entrant without cards
	CodeCardNumber   Code = "card_number"    // a card number below 1
	CodeCardTwice    Code = "card_twice"     // a card in two places of one draw
	CodePlayerTwice  Code = "player_twice"   // a player twice in one group
	CodeUnknown      Code = "unknown_player" // an entry for a player not in the group
	CodeMissing      Code = "player_missing" // a player of the group without an entry
	CodeNumberCount  Code = "number_count"   // an entry with more or fewer numbers than cards
	CodePotOrder     Code = "pot_order"      // the left pot was not emptied first (P-3)
	CodeNumberRange  Code = "number_range"   // a number outside 1 … pot size
	CodeNumberTwice  Code = "number_twice"   // a number drawn twice from one pot
	CodeOwnNumber    Code = "own_number"     // the straddler kept a number he holds on the left (P-3)
	CodeCommitment   Code = "commitment"     // SHA-256 of the seed is not the commitment
	CodeTicket       Code = "ticket"         // a protocol ticket differs from the draw
	CodeProtocol     Code = "protocol"       // a protocol document is malformed
	CodeNoSuchRound  Code = "round"          // a protocol for a round that was not drawn
	CodeTicketOwners Code = "ticket_owner"   // stored tickets do not match the card owners
)

// Error says what is wrong with a draw, naming the group and the entry.
// Group and Entry are 0-based indexes (-1 when the problem is not about one
// group or entry); the messages count from 1, as the organiser does.
type Error struct {
	Code  Code
	Group int
	Entry int
	Field string // "player", "left", "right", "numbers", "cards", "seed", "commitment" or ""
	en    string
	de    string
}

// newError builds an Error; en and de are the messages without the location.
func newError(code Code, group, entry int, field, en, de string) *Error {
	return &Error{Code: code, Group: group, Entry: entry, Field: field, en: en, de: de}
}

func (e *Error) Error() string { return e.Text("en") }

// Text gives the message in the language "de" or "en" (anything else is English).
func (e *Error) Text(lang string) string {
	msg, group, entry := e.en, "group %d: ", "entry %d: "
	if lang == "de" {
		msg, group, entry = e.de, "Gruppe %d: ", "Eintrag %d: "
	}
	prefix := ""
	if e.Group >= 0 {
		prefix += fmt.Sprintf(group, e.Group+1)
	}
	if e.Entry >= 0 {
		prefix += fmt.Sprintf(entry, e.Entry+1)
	}
	return prefix + msg
}
