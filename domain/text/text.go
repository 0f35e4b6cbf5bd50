// Package text is the one check of the free text people type into Bummerl:
// names of players, users and tournaments, clubs, phone numbers, prize
// descriptions, API token labels. Every such field is one line shown on
// lists, phones, print sheets and public pages, so Clean bounds its length,
// normalises it to NFC and refuses what has no business in it: invalid
// UTF-8, control characters (NUL, ESC, line breaks, tabs) and invisible
// formatting characters (bidi overrides and isolates such as U+202E,
// zero-width spaces and joiners, Hangul fillers) that make a name look like
// another or turn the text around it. The domain and the store call it for
// their fields; nothing else checks text.
package text

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Limits in characters (Unicode code points after NFC): enough for any
// real name or prize, short enough for a line on a phone or a print sheet.
const (
	MaxName       = 80  // a player's or a user's name
	MaxClub       = 80  // a player's club
	MaxPhone      = 40  // a player's phone number
	MaxTournament = 120 // a tournament's name
	MaxPrize      = 200 // a prize description
	MaxLabel      = 60  // an API token's label
)

// Field is one kind of text input: the name of its form and JSON field, its
// label in messages (German and English) and its limit.
type Field struct {
	Name   string
	De, En string
	Max    int
}

// The fields people type.
var (
	PlayerName     = Field{"name", "Name", "Name", MaxName}
	Club           = Field{"club", "Verein", "Club", MaxClub}
	Phone          = Field{"phone", "Telefon", "Phone", MaxPhone}
	TournamentName = Field{"name", "Turniername", "Tournament name", MaxTournament}
	UserName       = Field{"name", "Benutzername", "User name", MaxName}
	TokenLabel     = Field{"label", "Bezeichnung", "Label", MaxLabel}
	// A prize handed out (issue 23): to whom, and the goods if not cash.
	PayoutTo = Field{"to", "Empfänger", "Recipient", MaxName}
	Goods    = Field{"goods", "Sachpreis", "Goods", MaxPrize}
)

// Prize is the description of prize i (1-based); its field is the list
// "prizes", as in the settings.
func Prize(i int) Field {
	return Field{"prizes", fmt.Sprintf("Preis %d", i), fmt.Sprintf("Prize %d", i), MaxPrize}
}

// Codes of the refusals, stable for programs.
const (
	CodeTooLong     = "text_too_long"
	CodeControl     = "text_control_character"
	CodeInvisible   = "text_invisible_character"
	CodeInvalidUTF8 = "text_invalid_utf8"
)

// Error is a refused text: which field, why, and the character at fault.
type Error struct {
	Code  string
	Field Field
	Rune  rune // the refused character (control, invisible)
	Len   int  // the length in characters (too long)
}

func (e *Error) Error() string { return e.Text("en") }

// Text gives the message in German ("de") or English (anything else),
// naming the field.
func (e *Error) Text(lang string) string {
	de := lang == "de"
	label := e.Field.En
	if de {
		label = e.Field.De
	}
	switch e.Code {
	case CodeTooLong:
		if de {
			return fmt.Sprintf("%s: höchstens %d Zeichen, nicht %d", label, e.Field.Max, e.Len)
		}
		return fmt.Sprintf("%s: at most %d characters, not %d", label, e.Field.Max, e.Len)
	case CodeControl:
		if de {
			return fmt.Sprintf("%s enthält ein Steuerzeichen (%U); bitte nur eine Zeile Text", label, e.Rune)
		}
		return fmt.Sprintf("%s contains a control character (%U); please enter one line of text", label, e.Rune)
	case CodeInvisible:
		if de {
			return fmt.Sprintf("%s enthält ein unsichtbares Zeichen (%U), etwa eine Schreibrichtungsumkehr oder ein Leerzeichen ohne Breite", label, e.Rune)
		}
		return fmt.Sprintf("%s contains an invisible character (%U), such as a right-to-left override or a zero-width space", label, e.Rune)
	}
	if de {
		return fmt.Sprintf("%s ist kein gültiger UTF-8-Text", label)
	}
	return fmt.Sprintf("%s is not valid UTF-8 text", label)
}

// Clean trims the surrounding white space of s, normalises it to NFC and
// checks it for field f: valid UTF-8, at most f.Max characters, no control
// and no invisible characters. It returns the cleaned text or an *Error.
// An empty result is fine; whether the field is required is the caller's
// rule.
func Clean(f Field, s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", &Error{Code: CodeInvalidUTF8, Field: f}
	}
	s = norm.NFC.String(strings.TrimSpace(s))
	if n := utf8.RuneCountInString(s); n > f.Max {
		return "", &Error{Code: CodeTooLong, Field: f, Len: n}
	}
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Cc, r), r == '\u2028', r == '\u2029': // line and paragraph separators break lines too
			return "", &Error{Code: CodeControl, Field: f, Rune: r}
		case invisible(r):
			return "", &Error{Code: CodeInvisible, Field: f, Rune: r}
		}
	}
	return s, nil
}

// invisible: formatting characters (Cf: bidi marks, overrides and
// isolates, zero-width space and joiners, soft hyphen, BOM, tags) and the
// other default-ignorable code points (Hangul fillers, the combining
// grapheme joiner), which render as nothing.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}

// Key is the form under which two names count as the same: compatibility
// normalised (NFKC: "ﬃ" is "ffi", a full-width "Ａ" is "A"), case-folded
// ("ANNA", "Anna" and "anna" are one; so are "STRASSE" and "straße"),
// without invisible characters ("anna\u200b" is "anna") and with inner
// white space collapsed to one space. User names are unique by it and
// logins find the name by it.
func Key(s string) string {
	s = norm.NFKC.String(s)
	s = strings.Map(func(r rune) rune {
		if invisible(r) {
			return -1
		}
		return r
	}, s)
	s = norm.NFKC.String(cases.Fold().String(s))
	return strings.Join(strings.Fields(s), " ")
}
