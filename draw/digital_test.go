package draw

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"bummerl/domain/tournament"
)

func TestCommit(t *testing.T) {
	// SHA-256("abc") from FIPS 180-2.
	if got, want := Commit("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; got != want {
		t.Errorf("Commit(abc) = %s, want %s", got, want)
	}
}

func TestNewSeed(t *testing.T) {
	seed, err := NewSeed(strings.NewReader("0123456789abcdefXYZ"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "30313233343536373839616263646566"; seed != want {
		t.Errorf("NewSeed = %s, want %s", seed, want)
	}
	if _, err := NewSeed(strings.NewReader("short")); err == nil {
		t.Error("NewSeed from 5 bytes: no error")
	}
}

// TestDigitalGolden pins the algorithm of docs/draw.md: an independent
// re-implementation from that text gave these tickets.
func TestDigitalGolden(t *testing.T) {
	g := group(8, cards(1, 2, 3), cards(4), cards(5, 6), cards(7, 8, 9), cards(10), cards(11))
	d, err := Digital([]tournament.DrawGroup{g}, "bummerl")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tk := range d.Groups[0].Tickets {
		got = append(got, fmt.Sprintf("%d%s%d", tk.Card, map[tournament.Pot]string{tournament.Left: "L", tournament.Right: "R"}[tk.Pot], tk.Number))
	}
	want := "1L5 2L7 3L6 4L4 5L3 6L1 7L2 8L8 9R1 10R4 11R6"
	if strings.Join(got, " ") != want {
		t.Errorf("tickets = %s\nwant      %s", strings.Join(got, " "), want)
	}
	if d.Method != tournament.Digital || d.Seed != "bummerl" ||
		d.Commitment != "ba5e5689cda670f6e21721151c31571e629ad09198dea424c6a79e09fc784c02" {
		t.Errorf("draw header = %q %q %q", d.Method, d.Seed, d.Commitment)
	}
}

// TestDigitalPots runs each pot situation over many seeds; checkPots holds
// the common rules, check the situation's own.
func TestDigitalPots(t *testing.T) {
	tests := map[string]struct {
		group tournament.DrawGroup
		byes  int
		check func(tk map[tournament.CardNo]tournament.Ticket) error
	}{
		"round 1: unsold cards are byes": {
			group: group(4, cards(1, 2), cards(3), cards(4, 5), cards(6)),
			byes:  2,
		},
		"straddler redraws his own number": {
			// Player 2 draws 4 left, then 5 and 6 right: never 4's number.
			group: group(4, cards(1, 2, 3), cards(4, 5, 6), cards(7)),
			byes:  1,
		},
		"straddler forced onto the only other number": {
			// Player 2 holds three of the four left numbers; his right card must take player 1's.
			group: group(4, cards(1), cards(2, 3, 4, 5)),
			byes:  3,
			check: func(tk map[tournament.CardNo]tournament.Ticket) error {
				if tk[5].Number != tk[1].Number {
					return fmt.Errorf("card 5 drew %d, want card 1's number %d", tk[5].Number, tk[1].Number)
				}
				return nil
			},
		},
		"unavoidable self-meeting in round 1": {
			group: group(2, cards(1, 2, 3)),
			byes:  1,
		},
		"final between two cards of one player": {
			group: group(1, cards(7, 8)),
		},
		"later round: multi-card players first, no byes": {
			group: group(4, cards(1, 2), cards(3, 4), cards(5), cards(6), cards(7), cards(8)),
		},
		"left pot empties at a player boundary": {
			group: group(2, cards(1, 2), cards(3, 4)),
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			for i := range 300 {
				seed := fmt.Sprintf("%s-%d", name, i)
				d, err := Digital([]tournament.DrawGroup{tc.group}, seed)
				if err != nil {
					t.Fatal(err)
				}
				tickets := d.Groups[0].Tickets
				if err := checkPots(tc.group, tickets); err != nil {
					t.Fatalf("seed %q: %v", seed, err)
				}
				byes := tc.group.PotSize
				byCard := map[tournament.CardNo]tournament.Ticket{}
				for _, tk := range tickets {
					byCard[tk.Card] = tk
					if tk.Pot == tournament.Right {
						byes--
					}
				}
				if byes != tc.byes {
					t.Fatalf("seed %q: %d byes, want %d", seed, byes, tc.byes)
				}
				if tc.check != nil {
					if err := tc.check(byCard); err != nil {
						t.Fatalf("seed %q: %v", seed, err)
					}
				}
			}
		})
	}
}

func TestDigitalReproducible(t *testing.T) {
	g := []tournament.DrawGroup{group(64, cards(1, 2, 3), cards(4, 5), cards(6)), group(32)}
	for i := 7; i <= 128; i++ {
		g[0].Entrants = append(g[0].Entrants, tournament.Entrant{Player: tournament.PlayerID(i), Cards: cards(i)})
	}
	for i := 129; i <= 192; i++ {
		g[1].Entrants = append(g[1].Entrants, tournament.Entrant{Player: tournament.PlayerID(i), Cards: cards(i)})
	}
	seen := map[string]string{}
	for i := range 200 {
		seed := fmt.Sprintf("seed-%d", i)
		a, err := Digital(g, seed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Digital(g, seed)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %q gave two different draws", seed)
		}
		key := fmt.Sprint(a.Groups)
		if other, dup := seen[key]; dup {
			t.Fatalf("seeds %q and %q gave the same draw", other, seed)
		}
		seen[key] = seed
	}
}

func TestDigitalErrors(t *testing.T) {
	tests := map[string]struct {
		groups []tournament.DrawGroup
		seed   string
		code   Code
		group  int
		entry  int
	}{
		"no seed":              {[]tournament.DrawGroup{group(1, cards(1, 2))}, "", CodeSeed, -1, -1},
		"pot size 0":           {[]tournament.DrawGroup{group(0, cards(1))}, "s", CodePotSize, 0, -1},
		"entrant without card": {[]tournament.DrawGroup{group(2, cards(1, 2), nil, cards(3))}, "s", CodeNoCards, 0, 1},
		"card number 0":        {[]tournament.DrawGroup{group(2, cards(1, 0, 3))}, "s", CodeCardNumber, 0, 0},
		"card twice in group":  {[]tournament.DrawGroup{group(2, cards(1, 2), cards(2))}, "s", CodeCardTwice, 0, 1},
		"card in two groups": {[]tournament.DrawGroup{group(1, cards(1, 2)), group(1, cards(3), cards(1))},
			"s", CodeCardTwice, 1, 1},
		"player twice": {[]tournament.DrawGroup{{PotSize: 2, Entrants: []tournament.Entrant{
			{Player: 4, Cards: cards(1, 2)}, {Player: 4, Cards: cards(3)}}}}, "s", CodePlayerTwice, 0, 1},
		"left pot not emptied": {[]tournament.DrawGroup{group(1, cards(1, 2)), group(4, cards(3, 4), cards(5, 6))},
			"s", CodeCardTotal, 1, -1},
		"right pot too small": {[]tournament.DrawGroup{group(2, cards(1, 2, 3), cards(4, 5))}, "s", CodeCardTotal, 0, -1},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Digital(tc.groups, tc.seed)
			var de *Error
			if !errors.As(err, &de) {
				t.Fatalf("error = %v, want a *draw.Error", err)
			}
			if de.Code != tc.code || de.Group != tc.group || de.Entry != tc.entry {
				t.Errorf("error = %s/%d/%d %q, want %s/%d/%d", de.Code, de.Group, de.Entry, de, tc.code, tc.group, tc.entry)
			}
			if en, ger := de.Text("en"), de.Text("de"); en == ger || en != de.Error() || ger == "" {
				t.Errorf("texts: en %q, de %q", en, ger)
			}
		})
	}
}

// chiSquareLimit are upper critical values of the chi-square distribution
// for a false-failure rate of 1e-7 per statistic, keyed by degrees of
// freedom; with about 15 statistics the test wrongly fails with
// probability near 1e-6, while a biased draw exceeds them by far.
var chiSquareLimit = map[int]float64{7: 45.70, 55: 127.80}

// chiSquare is Pearson's statistic of counts against a uniform expectation.
func chiSquare(counts []int, total int) float64 {
	expected := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		x += (float64(c) - expected) * (float64(c) - expected) / expected
	}
	return x
}

// TestDigitalUniform checks, over a fixed set of 8000 seeds, that every
// card of a fixed entrant list lands on each number 1 … 8 equally often
// (the straddler's redraw included), and that two left cards land on each
// ordered pair of distinct numbers equally often (no correlation).
func TestDigitalUniform(t *testing.T) {
	g := group(8, cards(1, 2, 3), cards(4), cards(5, 6), cards(7, 8, 9), cards(10), cards(11), cards(12, 13))
	const samples = 8000
	perCard := map[tournament.CardNo][]int{}
	pairs := make([]int, 64)
	for i := range samples {
		d, err := Digital([]tournament.DrawGroup{g}, fmt.Sprintf("uniform-%d", i))
		if err != nil {
			t.Fatal(err)
		}
		num := map[tournament.CardNo]int{}
		for _, tk := range d.Groups[0].Tickets {
			if perCard[tk.Card] == nil {
				perCard[tk.Card] = make([]int, g.PotSize)
			}
			perCard[tk.Card][tk.Number-1]++
			num[tk.Card] = tk.Number
		}
		pairs[(num[2]-1)*8+num[5]-1]++
	}
	for c, counts := range perCard {
		if x := chiSquare(counts, samples); x > chiSquareLimit[7] || math.IsNaN(x) {
			t.Errorf("card %d: chi-square %.1f > %.1f, counts %v", c, x, chiSquareLimit[7], counts)
		}
	}
	var offDiagonal []int
	for i, c := range pairs {
		if i/8 != i%8 {
			offDiagonal = append(offDiagonal, c)
		} else if c != 0 {
			t.Fatalf("two left cards drew the same number %d", i%8+1)
		}
	}
	if x := chiSquare(offDiagonal, samples); x > chiSquareLimit[55] {
		t.Errorf("pairs of cards 2 and 5: chi-square %.1f > %.1f", x, chiSquareLimit[55])
	}
}

func TestStreamBelowUniform(t *testing.T) {
	s := newStream("below")
	for _, n := range []int{1, 2, 3, 8, 1000, 1 << 40} {
		for range 100 {
			if v := s.below(n); v < 0 || v >= n {
				t.Fatalf("below(%d) = %d", n, v)
			}
		}
	}
	counts := make([]int, 8)
	for range 80000 {
		counts[s.below(8)]++
	}
	if x := chiSquare(counts, 80000); x > chiSquareLimit[7] {
		t.Errorf("below(8): chi-square %.1f, counts %v", x, counts)
	}
}
