package schnapsen

import "fmt"

// Variant selects the rule set of a deal (RULES.md S-18, X).
type Variant string

const (
	Soft     Variant = "soft"      // default Schnapsen
	Sharp    Variant = "sharp"     // S-18
	SixtySix Variant = "sixty-six" // X-1 … X-5
)

// ParseVariant accepts the names of FORMATS.md; "" means the default (soft).
func ParseVariant(s string) (Variant, error) {
	switch Variant(s) {
	case "", Soft:
		return Soft, nil
	case Sharp, SixtySix:
		return Variant(s), nil
	}
	return "", fmt.Errorf("unknown variant %q (want soft, sharp or sixty-six)", s)
}

// Closing selects how a successful closer's game points are counted (S-17).
type Closing string

const (
	AtClose    Closing = "at-close"    // opponent's points as they stood when the talon was closed
	CountLater Closing = "count-later" // opponent's points at the end of the deal
)

// ParseClosing accepts the names of FORMATS.md; "" means the default (at-close).
func ParseClosing(s string) (Closing, error) {
	switch Closing(s) {
	case "", AtClose:
		return AtClose, nil
	case CountLater:
		return CountLater, nil
	}
	return "", fmt.Errorf("unknown closing %q (want at-close or count-later)", s)
}

// Reason says how a deal ended (FORMATS.md verdict "reason", B-4).
type Reason string

const (
	Declared         Reason = "declared"          // S-13, S-14, successful closer S-17
	WrongDeclaration Reason = "wrong_declaration" // S-15
	LastTrick        Reason = "last_trick"        // S-16, X-4
	ClosingFailed    Reason = "closing_failed"    // S-17
	Renonce          Reason = "renonce"           // S-8
)

// Valid reports whether r is one of the reasons of FORMATS.md.
func (r Reason) Valid() bool {
	switch r {
	case Declared, WrongDeclaration, LastTrick, ClosingFailed, Renonce:
		return true
	}
	return false
}
