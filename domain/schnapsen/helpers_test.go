package schnapsen

import (
	"strings"
	"testing"
)

// cards parses space-separated card notation.
func cards(t testing.TB, s string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// buildDeck lays out a deck (top first) that deals fore and dealer the given
// hands and turns trump (S-3, X-2); talon lies on top of the talon, the
// unused cards follow in NewDeck order.
func buildDeck(t testing.TB, v Variant, fore, dealer, trump, talon string) []Card {
	t.Helper()
	f, d, tr := cards(t, fore), cards(t, dealer), cards(t, trump)
	rest := cards(t, talon)
	used := setOf(f) | setOf(d) | setOf(tr) | setOf(rest)
	for _, c := range NewDeck(v) {
		if !used.has(c) {
			rest = append(rest, c)
		}
	}
	var deck []Card
	if v == SixtySix {
		deck = append(deck, f[0:3]...)
		deck = append(deck, d[0:3]...)
		deck = append(deck, f[3:6]...)
		deck = append(deck, d[3:6]...)
	} else {
		deck = append(deck, f[0:3]...)
		deck = append(deck, d[0:3]...)
		deck = append(deck, tr[0])
		deck = append(deck, f[3:5]...)
		deck = append(deck, d[3:5]...)
	}
	if v == SixtySix {
		deck = append(deck, tr[0])
	}
	return append(deck, rest...)
}

// acts parses a comma-separated action script: "0 AH" plays AH for seat 0,
// "1 marry H" announces a marriage, "0 exchange", "0 close", "1 declare".
func acts(t testing.TB, s string) []Action {
	t.Helper()
	var out []Action
	for _, step := range strings.Split(s, ",") {
		f := strings.Fields(step)
		if len(f) == 0 {
			continue
		}
		a := Action{Seat: f[0][0] - '0'}
		var err error
		switch {
		case f[1] == "marry":
			a.Kind = Marriage
			a.Suit, err = ParseSuit(f[2])
		case len(f[1]) == 2:
			a.Kind = Play
			a.Card, err = ParseCard(f[1])
		default:
			a.Kind, err = ParseKind(f[1])
		}
		if err != nil {
			t.Fatalf("script %q: %v", step, err)
		}
		out = append(out, a)
	}
	return out
}
