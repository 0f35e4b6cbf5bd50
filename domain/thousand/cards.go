// Package thousand is the rules engine of Russian Schnapsen "1000"
// (Тысяча) as RULES-1000.md defines it: three players, or four with the
// dealer sitting out, bidding, a three-card stock, marriages that set
// the trump, and the barrel at 880. It is pure: no I/O, no clock, no
// global random source. Rule ids R-…, rulings RL-… and tests T-… refer to
// RULES-1000.md.
package thousand

import (
	"fmt"
	"math/bits"
	"strings"
)

// Suit is one of the four suits in the order of their marriage values
// H 100, D 80, C 60, S 40 (R-6, RL-2).
type Suit uint8

const (
	Hearts Suit = iota
	Diamonds
	Clubs
	Spades
)

const suitLetters = "HDCS"

func (s Suit) String() string {
	if s > Spades {
		return "?"
	}
	return suitLetters[s : s+1]
}

// MarriageValue is the value of the marriage in s.
func (s Suit) MarriageValue() int { return int(marriageValues[s&3]) }

var marriageValues = [4]uint8{100, 80, 60, 40}

// ParseSuit reads a suit letter (H, D, C, S).
func ParseSuit(s string) (Suit, error) {
	if len(s) == 1 {
		if i := strings.IndexByte(suitLetters, s[0]); i >= 0 {
			return Suit(i), nil
		}
	}
	return 0, fmt.Errorf("unknown suit %q (want H, D, C or S)", s)
}

// Rank is a card rank; a lower value is the higher card.
type Rank uint8

const (
	Ace Rank = iota
	Ten
	King
	Queen
	Jack
	Nine
)

const rankLetters = "ATKQJ9"

// Card is suit*6+rank, so a set of cards is a 24-bit mask and the higher
// cards of a suit are the lower bits.
type Card uint8

// NumCards is the size of the deck.
const NumCards = 24

// NewCard builds a card from rank and suit.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)*6 + uint8(r)) }

func (c Card) Suit() Suit { return Suit(c / 6) }
func (c Card) Rank() Rank { return Rank(c % 6) }

// Points are the card points of R-5.
func (c Card) Points() int { return int(rankPoints[c%6]) }

var rankPoints = [6]uint8{11, 10, 4, 3, 2, 0}

// String gives the notation of RULES.md: rank then suit, e.g. "AH".
func (c Card) String() string {
	if c >= NumCards {
		return "??"
	}
	return string([]byte{rankLetters[c.Rank()], suitLetters[c.Suit()]})
}

// ParseCard reads "AH", "TS", "9C".
func ParseCard(s string) (Card, error) {
	if len(s) == 2 {
		r, suit := strings.IndexByte(rankLetters, s[0]), strings.IndexByte(suitLetters, s[1])
		if r >= 0 && suit >= 0 {
			return NewCard(Rank(r), Suit(suit)), nil
		}
	}
	return 0, fmt.Errorf("unknown card %q (want rank A T K Q J 9 and suit H D C S, e.g. \"AH\")", s)
}

// MarshalText writes the card notation, so JSON shows "AH".
func (c Card) MarshalText() ([]byte, error) {
	if c >= NumCards {
		return nil, fmt.Errorf("no such card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// MarshalText writes the suit letter.
func (s Suit) MarshalText() ([]byte, error) {
	if s > Spades {
		return nil, fmt.Errorf("no such suit %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// CardSet is a set of cards as a bit mask over Card indices.
type CardSet uint32

// FullDeck holds all 24 cards.
const FullDeck CardSet = 1<<NumCards - 1

func (s CardSet) Has(c Card) bool { return s&(1<<c) != 0 }
func (s CardSet) Count() int      { return bits.OnesCount32(uint32(s)) }

// Cards lists the set, highest suit order first.
func (s CardSet) Cards() []Card {
	out := make([]Card, 0, s.Count())
	for m := uint32(s); m != 0; m &= m - 1 {
		out = append(out, Card(bits.TrailingZeros32(m)))
	}
	return out
}

// Points sums the card points of the set.
func (s CardSet) Points() int {
	p := 0
	for m := uint32(s); m != 0; m &= m - 1 {
		p += int(rankPoints[bits.TrailingZeros32(m)%6])
	}
	return p
}

func setOf(cards []Card) CardSet {
	var s CardSet
	for _, c := range cards {
		s |= 1 << c
	}
	return s
}

// suitSet holds every card of suit s.
func suitSet(s Suit) CardSet { return 0x3F << (6 * uint(s)) }

// kingMask has the king bit of every suit; a marriage is a K with its Q
// one bit higher.
const kingMask CardSet = 1<<2 | 1<<8 | 1<<14 | 1<<20

// nineMask holds the four nines.
const nineMask CardSet = 1<<5 | 1<<11 | 1<<17 | 1<<23

// marriages has the king bit of every suit in which hand holds K and Q.
func marriages(hand CardSet) CardSet { return hand & (hand >> 1) & kingMask }

// marriagePoints is the value of every marriage in set (the 4p dealer's
// stock, R-43).
func marriagePoints(set CardSet) int {
	p := 0
	for m := uint32(marriages(set)); m != 0; m &= m - 1 {
		p += int(marriageValues[bits.TrailingZeros32(m)/6])
	}
	return p
}

// NewDeck lists the 24 cards by suit, high to low.
func NewDeck() []Card {
	deck := make([]Card, NumCards)
	for i := range deck {
		deck[i] = Card(i)
	}
	return deck
}

// Round5 rounds card points to the nearest multiple of 5: remainder
// 1–2 down, 3–4 up; there are no ties (RL-15).
func Round5(p int) int {
	if p < 0 {
		return -Round5(-p)
	}
	return (p + 2) / 5 * 5
}
