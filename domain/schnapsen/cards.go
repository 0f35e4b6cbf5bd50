package schnapsen

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Suit is one of the four suits, in the order H D S C of RULES.md.
type Suit uint8

const (
	Hearts Suit = iota
	Diamonds
	Spades
	Clubs
)

const suitLetters = "HDSC"

func (s Suit) String() string {
	if s > Clubs {
		return "?"
	}
	return suitLetters[s : s+1]
}

// ParseSuit reads a suit letter (H, D, S, C).
func ParseSuit(s string) (Suit, error) {
	if len(s) == 1 {
		if i := strings.IndexByte(suitLetters, s[0]); i >= 0 {
			return Suit(i), nil
		}
	}
	return 0, fmt.Errorf("unknown suit %q (want H, D, S or C)", s)
}

// Rank is a card rank; a lower value is the higher card (S-1, X-1).
type Rank uint8

const (
	Ace Rank = iota
	Ten
	King
	Queen
	Jack
	Nine // only in Sechsundsechzig
)

const rankLetters = "ATKQJ9"

// Card is a card as the index suit*6+rank, so a set of cards fits a
// 24-bit mask and the higher cards of a suit are the lower bits.
type Card uint8

// NumCards is the size of the largest deck.
const NumCards = 24

// NewCard builds a card from rank and suit.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)*6 + uint8(r)) }

func (c Card) Suit() Suit { return Suit(c / 6) }
func (c Card) Rank() Rank { return Rank(c % 6) }

// Points are the card points (Augen) of S-1 and X-1.
func (c Card) Points() int { return int(rankPoints[c.Rank()]) }

var rankPoints = [6]uint8{11, 10, 4, 3, 2, 0}

// String gives the notation of RULES.md: rank then suit, e.g. "AH".
func (c Card) String() string {
	if c >= NumCards {
		return "??"
	}
	return string([]byte{rankLetters[c.Rank()], suitLetters[c.Suit()]})
}

// ParseCard reads the notation of RULES.md ("AH", "TS", "9C").
func ParseCard(s string) (Card, error) {
	if len(s) == 2 {
		r, suit := strings.IndexByte(rankLetters, s[0]), strings.IndexByte(suitLetters, s[1])
		if r >= 0 && suit >= 0 {
			return NewCard(Rank(r), Suit(suit)), nil
		}
	}
	return 0, fmt.Errorf("unknown card %q (want rank A T K Q J 9 and suit H D S C, e.g. \"AH\")", s)
}

// cardSet is a set of cards as a bit mask over Card indices.
type cardSet uint32

func (s cardSet) has(c Card) bool { return s&(1<<c) != 0 }
func (s cardSet) count() int      { return bits.OnesCount32(uint32(s)) }

// suitSet holds every card of suit s (the nine included).
func suitSet(s Suit) cardSet { return 0x3F << (6 * uint(s)) }

// higherSet holds the cards of c's suit that beat c.
func higherSet(c Card) cardSet { return cardSet(1)<<c - cardSet(1)<<(6*uint(c/6)) }

// deckSize is 20 for Schnapsen (S-1) and 24 for Sechsundsechzig.
func deckSize(v Variant) int {
	if v == SixtySix {
		return 24
	}
	return 20
}

// NewDeck lists the cards of the variant's deck in a fixed order (by suit,
// high to low), top first.
func NewDeck(v Variant) []Card {
	var buf [NumCards]Card
	return append([]Card(nil), fillDeck(&buf, v)...)
}

// fillDeck writes the variant's deck into buf and returns it, so playouts
// can build a deck without allocating.
func fillDeck(buf *[NumCards]Card, v Variant) []Card {
	n := 0
	last := Jack
	if v == SixtySix {
		last = Nine
	}
	for s := Hearts; s <= Clubs; s++ {
		for r := Ace; r <= last; r++ {
			buf[n] = NewCard(r, s)
			n++
		}
	}
	return buf[:n]
}

// ShuffledDeck is the variant's deck shuffled by a PCG generator seeded
// with seed, so a deal can be reproduced from its seed.
func ShuffledDeck(v Variant, seed uint64) []Card {
	deck := NewDeck(v)
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

// MarshalText writes the notation of RULES.md, so JSON shows "AH".
func (c Card) MarshalText() ([]byte, error) {
	if c >= NumCards {
		return nil, fmt.Errorf("no such card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads the notation of RULES.md.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	*c = v
	return err
}

// MarshalText writes the suit letter.
func (s Suit) MarshalText() ([]byte, error) {
	if s > Clubs {
		return nil, fmt.Errorf("no such suit %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a suit letter.
func (s *Suit) UnmarshalText(b []byte) error {
	v, err := ParseSuit(string(b))
	*s = v
	return err
}
