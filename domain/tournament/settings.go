package tournament

import (
	"errors"
	"slices"

	"bummerl/domain/schnapsen"
	"bummerl/domain/text"
)

// Limits of N (P-1).
const (
	MinCards = 4
	MaxCards = 4096
)

// MaxPriceCents bounds the price of a card: 10,000.00 €. Nobody charges
// more, and the takings (price × cards sold) stay far from overflowing.
const MaxPriceCents = 1_000_000

// Validate checks the settings of P-9 and reports the first problem.
func (s Settings) Validate() error {
	_, err := s.normalized()
	return err
}

// normalized checks the settings and returns them with their texts cleaned
// (domain/text: trimmed, NFC) and the prizes copied, so the caller's slice
// is not shared.
func (s Settings) normalized() (Settings, error) {
	s = s.normalForm()
	name, err := requiredText(text.TournamentName, s.Name)
	if err != nil {
		return s, err
	}
	if err := s.validNumbers(); err != nil {
		return s, err
	}
	prizes := make([]string, len(s.Prizes))
	for i, p := range s.Prizes {
		if prizes[i], err = cleanText(text.Prize(i+1), p); err != nil {
			return s, err
		}
		if prizes[i] == "" {
			return s, invalid("prize_description_required", "prizes", i+1)
		}
	}
	s.Name, s.Prizes = name, prizes
	if s.Event, err = s.Event.normalized(); err != nil {
		return s, err
	}
	return s, nil
}

// validNumbers checks every setting but the texts.
func (s Settings) validNumbers() error {
	switch {
	case s.Form != FormPreis && s.Form != FormSwiss:
		return invalid("form_invalid", "form", string(s.Form))
	case s.swiss():
		if err := s.validSwiss(); err != nil {
			return err
		}
	case !validN(s.Cards): // P-1
		return invalid("cards_not_power_of_two", "cards", s.Cards)
	case s.MaxCards < 1: // P-1
		return invalid("max_cards_invalid", "max_cards", s.MaxCards)
	}
	if s.PriceCents < 0 {
		return invalid("price_negative", "price")
	}
	if s.PriceCents > MaxPriceCents {
		return invalid("price_too_high", "price")
	}
	switch s.Variant {
	case schnapsen.Soft, schnapsen.Sharp, schnapsen.SixtySix:
	default:
		return invalid("variant_invalid", "variant", string(s.Variant))
	}
	switch s.Closing {
	case schnapsen.AtClose, schnapsen.CountLater:
	default:
		return invalid("closing_invalid", "closing", string(s.Closing))
	}
	if s.BummerlToWin < 1 || s.BummerlToWin > 3 { // B-3
		return invalid("bummerl_invalid", "bummerl_to_win", s.BummerlToWin)
	}
	switch len(s.Prizes) { // P-7
	case 2, 4, 8:
	default:
		return invalid("prizes_count", "prizes", len(s.Prizes))
	}
	if len(s.Prizes) > s.Cards { // P-7: N cards decide only N places
		return invalid("prizes_exceed_cards", "prizes", len(s.Prizes), s.Cards)
	}
	return nil
}

// cleanText checks and normalises one text field with domain/text, the one
// text check of the project, and reports a refusal as the package's error
// (its message names the field in both languages).
func cleanText(f text.Field, s string) (string, error) {
	out, err := text.Clean(f, s)
	if te := (*text.Error)(nil); errors.As(err, &te) {
		return "", newError(Invalid, te.Code, f.Name, te) // codes and texts are domain/text's
	}
	return out, err
}

// requiredText is cleanText for a field that must not be empty.
func requiredText(f text.Field, s string) (string, error) {
	out, err := cleanText(f, s)
	if err == nil && out == "" {
		return "", invalid("name_required", f.Name)
	}
	return out, err
}

// validN: a power of two from 4 to 4096 (P-1).
func validN(n int) bool {
	return n >= MinCards && n <= MaxCards && n&(n-1) == 0
}

// New starts a tournament with valid settings and nothing sold.
func New(s Settings) (*Tournament, error) {
	s, err := s.normalized()
	if err != nil {
		return nil, err
	}
	return &Tournament{Settings: s, Version: 1}, nil
}

// drawn reports whether round 1 has been drawn: from then on settings and
// sales are fixed (P-9).
func (t *Tournament) drawn() bool { return len(t.Rounds) > 0 }

// ChangeSettings replaces the settings before the draw of round 1 (P-9).
// It refuses what would invalidate sales: fewer cards than sold, or fewer
// cards per player than someone holds. When N shrinks, sold numbers above
// the new N are moved down into free numbers (see renumber).
func (t *Tournament) ChangeSettings(s Settings) error {
	if t.drawn() {
		// Date, venue and start time are no rules: they may be corrected
		// after the draw too, alone (issue 9); so may automatic calling,
		// which only decides who presses the call button (issue 23).
		e, err := s.Event.normalized()
		if !sameRules(s, t.Settings) || (err == nil && e == t.Settings.Event && s.AutoCall == t.Settings.AutoCall) {
			return conflict("settings_locked", "")
		}
		if err != nil {
			return err
		}
		t.Settings.Event, t.Settings.AutoCall = e, s.AutoCall
		t.Version++
		return nil
	}
	s, err := s.normalized()
	if err != nil {
		return err
	}
	if sold := t.Sold(); sold > s.Cards {
		return invalid("cards_below_sold", "cards", sold)
	}
	for _, p := range t.Players {
		if held := t.held(p.ID); held > s.MaxCards {
			return invalid("max_cards_below_held", "max_cards", p.Name, held)
		}
	}
	t.Settings = s
	before := t.Cards
	t.Cards = renumber(t.Cards, s.Cards)
	t.renumberSeeds(before)
	t.drawChanged()
	t.Version++
	return nil
}

// renumber moves every card whose number is above n to the lowest free
// number, taking the cards in ascending order of their old number. Cards at
// or below n keep their numbers. The caller guarantees len(cards) <= n.
func renumber(cards []Card, n int) []Card {
	out := slices.Clone(cards)
	sortCards(out)
	used := make(map[CardNo]bool, len(out))
	for _, c := range out {
		used[c.No] = true
	}
	free := CardNo(1)
	for i := range out {
		if int(out[i].No) <= n {
			continue
		}
		for used[free] {
			free++
		}
		used[free] = true
		out[i].No = free
	}
	sortCards(out)
	return out
}

// Shortfall checks P-2: more than N/2 cards must be sold. When too few are
// sold it suggests the largest smaller N' (at least 4) with more than N'/2
// sold, or 0 when even N' = 4 does not fit.
func (t *Tournament) Shortfall() (short bool, suggest int) {
	if t.Settings.swiss() {
		return false, 0 // P-2 is of the knock-out; SW-2 needs two players
	}
	sold := t.Sold()
	if sold > t.Settings.Cards/2 {
		return false, 0
	}
	for n := t.Settings.Cards / 2; n >= MinCards; n /= 2 {
		if sold > n/2 { // sold <= n holds, since sold <= 2n/2 failed before
			return true, n
		}
	}
	return true, 0
}

// Resize sets N to n before the draw, typically the suggestion of Shortfall
// (P-2). n must be a valid N not below the cards sold; numbers above n are
// moved down as ChangeSettings does. n cards decide only n places (P-7), so
// prizes beyond the n-th are dropped (8 prizes become 4 at N' = 4): the
// organiser accepts the offer of P-2 rather than retyping the prizes, and
// the audit keeps the old list. ChangeSettings refuses that instead.
func (t *Tournament) Resize(n int) error {
	s := t.Settings
	s.Cards = n
	if validN(n) && len(s.Prizes) > n {
		s.Prizes = s.Prizes[:n] // normalized copies it
	}
	return t.ChangeSettings(s)
}
