package schnapsen

import (
	"errors"
	"slices"
	"testing"
)

// S-1, X-1: the decks, card points and rank order.
func TestDecks(t *testing.T) {
	tests := map[string]struct {
		variant      Variant
		size, points int
	}{
		"S-1 Schnapsen deck of 20 with 120 points":      {Soft, 20, 120},
		"S-18 sharp uses the same deck":                 {Sharp, 20, 120},
		"X-1 Sechsundsechzig deck of 24, nines worth 0": {SixtySix, 24, 120},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			deck := NewDeck(tc.variant)
			sum := 0
			for _, c := range deck {
				sum += c.Points()
			}
			if len(deck) != tc.size || sum != tc.points || setOf(deck).count() != tc.size {
				t.Errorf("%d cards, %d points; want %d, %d", len(deck), sum, tc.size, tc.points)
			}
			shuffled := ShuffledDeck(tc.variant, 42)
			if !slices.Equal(shuffled, ShuffledDeck(tc.variant, 42)) || setOf(shuffled) != setOf(deck) {
				t.Errorf("ShuffledDeck is not a reproducible permutation of the deck")
			}
		})
	}
}

// S-1, X-1: points A 11, T 10, K 4, Q 3, J 2, 9 0 and rank A T K Q J 9.
func TestCardNotation(t *testing.T) {
	tests := map[string]struct {
		card   string
		points int
		beats  string // a card of the same suit it beats
	}{
		"ace":   {"AH", 11, "TH"},
		"ten":   {"TD", 10, "KD"},
		"king":  {"KS", 4, "QS"},
		"queen": {"QC", 3, "JC"},
		"jack":  {"JH", 2, "9H"},
		"nine":  {"9D", 0, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c, err := ParseCard(tc.card)
			if err != nil || c.String() != tc.card || c.Points() != tc.points {
				t.Fatalf("ParseCard(%q) = %v (%d points), %v", tc.card, c, c.Points(), err)
			}
			if tc.beats != "" {
				lower, _ := ParseCard(tc.beats)
				if !higherSet(lower).has(c) || higherSet(c).has(lower) {
					t.Errorf("%s does not beat %s", c, lower)
				}
			}
		})
	}
	for _, bad := range []string{"", "A", "AHH", "ah", "1H", "AX", "10H"} {
		if _, err := ParseCard(bad); err == nil {
			t.Errorf("ParseCard(%q) accepted", bad)
		}
	}
}

// S-3, X-2: who gets which card of the deck.
func TestDealing(t *testing.T) {
	tests := map[string]struct {
		variant      Variant
		deck         string
		fore, dealer string
		trump        string
		talonLeft    int
	}{
		"S-3 3 forehand, 3 dealer, trump, 2 forehand, 2 dealer": {Soft,
			"AH TH KH QH JH AD TD KD QD JD AS TS KS QS JS AC TC KC QC JC",
			"AH TH KH KD QD", "QH JH AD JD AS", "TD", 10},
		"X-2 3 forehand, 3 dealer, 3 forehand, 3 dealer, trump": {SixtySix,
			"AH TH KH QH JH 9H AD TD KD QD JD 9D AS TS KS QS JS 9S AC TC KC QC JC 9C",
			"AH TH KH AD TD KD", "QH JH 9H QD JD 9D", "AS", 12},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			d, err := NewDeal(tc.variant, AtClose, cards(t, tc.deck))
			if err != nil {
				t.Fatal(err)
			}
			for seat, want := range []string{tc.fore, tc.dealer} {
				if got := d.Hand(seat); setOf(got) != setOf(cards(t, want)) {
					t.Errorf("seat %d holds %v, want %s", seat, got, want)
				}
			}
			v := d.View(0)
			if v.TrumpCard == nil || v.TrumpCard.String() != tc.trump || v.TalonLeft != tc.talonLeft || v.ToMove != 0 {
				t.Errorf("view %+v: want trump %s, %d talon cards, forehand to move", v, tc.trump, tc.talonLeft)
			}
		})
	}
}

// NewDeal refuses anything but the variant's full deck (S-3, X-2).
func TestNewDealErrors(t *testing.T) {
	soft := NewDeck(Soft)
	tests := map[string]struct {
		variant Variant
		closing Closing
		deck    []Card
	}{
		"too few cards":             {Soft, AtClose, soft[:19]},
		"a nine in Schnapsen":       {Soft, AtClose, append(soft[:19:19], NewCard(Nine, Hearts))},
		"a card twice":              {Soft, AtClose, append(soft[:19:19], soft[0])},
		"twenty cards in sixty-six": {SixtySix, AtClose, soft},
		"unknown variant":           {"fast", AtClose, soft},
		"unknown closing":           {Soft, "never", soft},
		"no such card":              {Soft, AtClose, append(soft[:19:19], Card(30))},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := NewDeal(tc.variant, tc.closing, tc.deck)
			var de *Error
			if !errors.As(err, &de) || de.Code != CodeBadDeck || de.Text("de") == de.Text("en") {
				t.Errorf("NewDeal = %v, want a %s error in German and English", err, CodeBadDeck)
			}
		})
	}
}
