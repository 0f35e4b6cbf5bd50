package tournament

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"bummerl/domain/text"
)

// A buyer whose name is already a player's is asked about first (P-1: the
// per-player maximum holds only if one person is one player). Names are
// compared by NameKey: case, accents, surrounding and repeated spaces do not
// count, so "franz  HUBER " and "Fränz Huber" are Franz Huber.

var folder = cases.Fold()

// ErasedName is what an erased person's players are called (issue 24,
// docs/season.md): their results stay, their name, club and phone go. The
// namesake comparison leaves them out: two erased players of one
// tournament both read ErasedName and are not one player, and a buyer is
// never one of them.
const ErasedName = "gelöscht"

// Erased tells whether p is an erased person's player.
func (p Player) Erased() bool { return p.Name == ErasedName }

// NameKey is the form of a name two buyers are compared by: spaces trimmed
// and collapsed, accents and other combining marks dropped, case folded
// (ß is ss).
func NameKey(name string) string {
	if isASCII(name) {
		// Most names, and a sale compares the buyer with every player:
		// ASCII has no marks to drop, and folding it is lowercasing.
		return strings.ToLower(strings.Join(strings.Fields(name), " "))
	}
	return unicodeNameKey(name)
}

// unicodeNameKey is NameKey for any name.
func unicodeNameKey(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.Join(strings.Fields(name), " ")) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return folder.String(norm.NFC.String(b.String()))
}

// isASCII tells whether s has only ASCII bytes.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Namesake finds the player whose name has the same NameKey as name.
func (t *Tournament) Namesake(name string) (Player, bool) {
	key := NameKey(name)
	if key == "" {
		return Player{}, false
	}
	for _, p := range t.Players {
		if !p.Erased() && NameKey(p.Name) == key {
			return p, true
		}
	}
	return Player{}, false
}

// CardsOf is the numbers player p holds, in card order.
func (t *Tournament) CardsOf(p PlayerID) []CardNo { return t.CardsByPlayer()[p] }

// namesakeAsk is the player_exists message: "Franz Huber hat schon Karten
// 1, 2 — ihm verkaufen?", in the reader's language.
type namesakeAsk struct {
	name  string
	cards []CardNo
}

func (a namesakeAsk) Text(lang string) string {
	nos := make([]string, len(a.cards))
	for i, no := range a.cards {
		nos[i] = strconv.Itoa(int(no))
	}
	list := strings.Join(nos, ", ")
	de := lang == "de"
	switch {
	case len(a.cards) == 0 && de:
		return a.name + " ist schon angelegt (ohne Karten) — ihm verkaufen?"
	case len(a.cards) == 0:
		return a.name + " is registered already (no cards) — sell to him?"
	case len(a.cards) == 1 && de:
		return a.name + " hat schon Karte " + list + " — ihm verkaufen?"
	case len(a.cards) == 1:
		return a.name + " already holds card " + list + " — sell to him?"
	case de:
		return a.name + " hat schon Karten " + list + " — ihm verkaufen?"
	}
	return a.name + " already holds cards " + list + " — sell to him?"
}

// PlayerExists refuses a new player named like p: the caller asks whether
// the buyer is p (sell to p.ID) or a different person (SellToNamesake).
func (t *Tournament) PlayerExists(p Player) *Error {
	// The message is the ask itself, built by namesakeAsk (not the catalogue).
	e := newError(Conflict, "player_exists", "name", namesakeAsk{p.Name, t.CardsOf(p.ID)})
	e.Player = p.ID
	return e
}

// NoteField is the note that tells a namesake apart.
var NoteField = text.Field{Name: "note", De: "Zusatz", En: "Note", Max: 40}

// noteField is NoteField for a namesake called name: the note becomes part
// of his name, "Name (note)", so it may be no longer than leaves that
// within a name's limit, and a note too long is refused at the note, not
// at the name the desk did not let the seller change.
func noteField(name string) text.Field {
	f := NoteField
	f.Max = max(0, min(f.Max, text.PlayerName.Max-utf8.RuneCountInString(name)-len(" ()")))
	return f
}

// SellToNamesake sells k cards to a new player who shares his name with a
// player already there, told apart by note: he is named "Name (note)", so
// every page, print, screen and export that shows his name shows the note
// (docs/tournament.md, "Namesakes"). The note is required; the combined
// name must itself be new. numbers are as for SellTo.
func (t *Tournament) SellToNamesake(p Player, note string, k int, numbers ...CardNo) (PlayerID, []CardNo, error) {
	p.ID = 0
	name, err := requiredText(text.PlayerName, p.Name)
	if err != nil {
		return 0, nil, err
	}
	note, err = cleanText(noteField(name), note)
	if err != nil {
		return 0, nil, err
	}
	if note == "" {
		return 0, nil, invalid("note_required", "note")
	}
	p.Name = name + " (" + note + ")"
	return t.SellTo(p, k, numbers...)
}
