package table

import (
	"fmt"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/schnapsen"
)

// TestReDealExample pins the worked example of docs/play.md "Re-dealing a
// deck" and checks that the page shows exactly these numbers, so the
// page cannot drift from the code.
func TestReDealExample(t *testing.T) {
	const seed = "5f1c0e8a9d2b4c7e3a6f1d0b8e2c4a97"
	want := []struct {
		seed       uint64
		soft, sixt string
	}{
		{12221794351805653039,
			"QS AS TD QC AC QH AD KH KC JC QD KS TH TC AH JD JS TS KD JH",
			"9S QH JC 9C JD JS 9H TC KD QC KS TD KH QS 9D AD KC AH TH AS AC TS QD JH"},
		{11873478394741772958,
			"KD AH QD TD JH JS QH QS KC AS QC TS AC KH TH JC TC AD JD KS",
			"JS AC QH AH JD JH JC TS KD 9S 9H QD QC KS KC AD 9C KH TH AS TC TD 9D QS"},
	}
	doc, err := os.ReadFile("../../docs/play.md")
	if err != nil {
		t.Fatal(err)
	}
	page := strings.Join(strings.Fields(string(doc)), " ") // lines wrap anywhere
	shows := func(s string) {
		t.Helper()
		if !strings.Contains(page, s) {
			t.Errorf("docs/play.md does not show %q", s)
		}
	}
	shows("table seed `" + seed + "`; the first dealer drawn from it is seat " + strconv.Itoa(FirstDealerOf(seed)))
	for i, w := range want {
		s := DealSeed(seed, i)
		soft, sixt := cardText(schnapsen.ShuffledDeck(schnapsen.Soft, s)), cardText(schnapsen.ShuffledDeck(schnapsen.SixtySix, s))
		if s != w.seed || soft != w.soft || sixt != w.sixt {
			t.Errorf("deal %d: seed %d, decks\n%s\n%s", i+1, s, soft, sixt)
		}
		shows(fmt.Sprintf("| %d | %d | %016x | %s |", i+1, s, s, soft))
		shows(fmt.Sprintf("deal %d `%s`", i+1, sixt))
	}
}

func cardText(deck []schnapsen.Card) string {
	s := make([]string, len(deck))
	for i, c := range deck {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}

// TestReDealSteps: the steps of docs/play.md, written out here apart from
// the code, deal the decks the tables deal, for many seeds. The shuffle
// is Go's math/rand/v2: should a Go release change it, the recorded seeds
// would no longer give the recorded decks, and this test says so.
func TestReDealSteps(t *testing.T) {
	for i := range 2000 {
		s := DealSeed(fmt.Sprint("steps-", i), i%5)
		for _, v := range []schnapsen.Variant{schnapsen.Soft, schnapsen.SixtySix} {
			if got, want := schnapsen.ShuffledDeck(v, s), docDeck(v, s); !slices.Equal(got, want) {
				t.Fatalf("seed %d, %s: the code deals %v, the steps %v", s, v, got, want)
			}
		}
	}
}

// docDeck is steps 2 to 5 of docs/play.md "Re-dealing a deck".
func docDeck(v schnapsen.Variant, s uint64) []schnapsen.Card {
	last := schnapsen.Jack
	if v == schnapsen.SixtySix {
		last = schnapsen.Nine
	}
	var deck []schnapsen.Card
	for suit := schnapsen.Hearts; suit <= schnapsen.Clubs; suit++ {
		for r := schnapsen.Ace; r <= last; r++ {
			deck = append(deck, schnapsen.NewCard(r, suit))
		}
	}
	hi, lo := s, s^0x9e3779b97f4a7c15
	next := func() uint64 {
		const mulHi, mulLo, incHi, incLo = 2549297995355413924, 4865540595714422341, 6364136223846793005, 1442695040888963407
		// state = state × M + C mod 2^128, in 64-bit halves
		h, l := bits.Mul64(lo, mulLo)
		h += hi*mulLo + lo*mulHi
		var carry uint64
		lo, carry = bits.Add64(l, incLo, 0)
		hi, _ = bits.Add64(h, incHi, carry)
		x := hi
		x ^= x >> 32
		x *= 0xda942042e4dd58b5
		x ^= x >> 48
		return x * (lo | 1)
	}
	below := func(k uint64) uint64 {
		x := next()
		if k&(k-1) == 0 {
			return x & (k - 1)
		}
		h, l := bits.Mul64(x, k)
		for l < -k%k { // 2^64 mod k
			h, l = bits.Mul64(next(), k)
		}
		return h
	}
	for i := len(deck) - 1; i > 0; i-- {
		j := below(uint64(i + 1))
		deck[i], deck[j] = deck[j], deck[i]
	}
	return deck
}
