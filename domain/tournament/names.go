package tournament

import (
	"fmt"
	"strings"
)

// Name is a user-facing text in German and English.
type Name struct {
	De string
	En string
}

// Text gives the German ("de") or English (anything else) text.
func (n Name) Text(lang string) string {
	if lang == "de" {
		return n.De
	}
	return n.En
}

// bracketNames are the names of the placement brackets (P-7). The UI calls
// a match a "Partie", but the placement matches keep their customary names
// ("Spiel um Platz 3"), as organisers announce them and the product's
// specification names them.
var bracketNames = map[Bracket]Name{
	Main:      {"Hauptrunde", "Main draw"},
	Place3:    {"Spiel um Platz 3", "Match for 3rd place"},
	Place5to8: {"Platz 5–8", "Places 5–8"},
	Place5:    {"Spiel um Platz 5", "Match for 5th place"},
	Place7:    {"Spiel um Platz 7", "Match for 7th place"},
}

// Name gives the name of the bracket; the main bracket's rounds have their
// own names (RoundName).
func (b Bracket) Name() Name { return bracketNames[b] }

// bracketCodes are the stable names of the brackets in the draw protocol
// and the API; they never change with the language.
var bracketCodes = map[Bracket]string{
	Main:      "main",
	Place3:    "place-3",
	Place5to8: "place-5-8",
	Place5:    "place-5",
	Place7:    "place-7",
}

// Code is the bracket's stable name on the wire ("main", "place-3", …).
func (b Bracket) Code() string { return bracketCodes[b] }

// ParseBracket is the bracket of a code; false for an unknown code.
func ParseBracket(code string) (Bracket, bool) {
	for b, c := range bracketCodes {
		if c == code {
			return b, true
		}
	}
	return 0, false
}

// RoundName names the matches of bracket b in round r. Main rounds are named
// by the number of cards in the main bracket (byes count, so round 1 of 8
// cards is the quarterfinal); placement brackets by what they decide (P-7).
func RoundName(r Round, b Bracket) Name {
	if r.Draw.Method == SwissPairing { // SW-8: every Swiss round is a round
		return Name{fmt.Sprintf("Runde %d", r.No), fmt.Sprintf("Round %d", r.No)}
	}
	if b != Main {
		return b.Name()
	}
	switch 2 * r.bracketMatches(Main) {
	case 2:
		return Name{"Finale", "Final"}
	case 4:
		return Name{"Halbfinale", "Semifinal"}
	case 8:
		return Name{"Viertelfinale", "Quarterfinal"}
	case 16:
		return Name{"Achtelfinale", "Round of 16"}
	}
	return Name{fmt.Sprintf("Runde %d", r.No), fmt.Sprintf("Round %d", r.No)}
}

// bracketMatches counts the matches of bracket b in the round.
func (r Round) bracketMatches(b Bracket) int {
	n := 0
	for _, m := range r.Matches {
		if m.Bracket == b {
			n++
		}
	}
	return n
}

// potName is the pot in the grammatical form the messages need.
func potName(p Pot) Name {
	if p == Left {
		return Name{"linken", "left"}
	}
	return Name{"rechten", "right"}
}

// bracketList names several brackets, for messages.
type bracketList []Bracket

func (l bracketList) Text(lang string) string {
	names := make([]string, len(l))
	for i, b := range l {
		names[i] = b.Name().Text(lang)
	}
	return strings.Join(names, ", ")
}
