package draw

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"bummerl/domain/tournament"
)

// Pots of 4; player 1 draws three left numbers, player 2 straddles with
// one left and one right, player 3 draws one right.
var physGroup = group(4, cards(1, 2, 3), cards(4, 5), cards(6))

func physValid() []PhysicalEntry {
	return []PhysicalEntry{{Player: 1, Left: []int{1, 2, 3}}, {Player: 2, Left: []int{4}, Right: []int{1}}, {Player: 3, Right: []int{2}}}
}

func ticket(c int, pot tournament.Pot, n int) tournament.Ticket {
	return tournament.Ticket{Card: tournament.CardNo(c), Pot: pot, Number: n}
}

func TestPhysicalAccepts(t *testing.T) {
	L, R := tournament.Left, tournament.Right
	tests := map[string]struct {
		group   tournament.DrawGroup
		entries []PhysicalEntry
		want    []tournament.Ticket
	}{
		"in the suggested order": {physGroup, physValid(),
			[]tournament.Ticket{ticket(1, L, 1), ticket(2, L, 2), ticket(3, L, 3), ticket(4, L, 4), ticket(5, R, 1), ticket(6, R, 2)}},
		"players came in another order": {physGroup,
			[]PhysicalEntry{{Player: 3, Left: []int{4}}, {Player: 1, Left: []int{3, 1, 2}}, {Player: 2, Right: []int{4, 3}}},
			[]tournament.Ticket{ticket(6, L, 4), ticket(1, L, 3), ticket(2, L, 1), ticket(3, L, 2), ticket(4, R, 4), ticket(5, R, 3)}},
		"unavoidable own number": {group(2, cards(1, 2, 3)),
			[]PhysicalEntry{{Player: 1, Left: []int{2, 1}, Right: []int{2}}},
			[]tournament.Ticket{ticket(1, L, 2), ticket(2, L, 1), ticket(3, R, 2)}},
		"one own number unavoidable, the other avoided": {group(4, cards(1, 2), cards(3, 4, 5, 6, 7)),
			[]PhysicalEntry{{Player: 1, Left: []int{1, 2}}, {Player: 2, Left: []int{3, 4}, Right: []int{2, 1, 3}}},
			[]tournament.Ticket{ticket(1, L, 1), ticket(2, L, 2), ticket(3, L, 3), ticket(4, L, 4), ticket(5, R, 2), ticket(6, R, 1), ticket(7, R, 3)}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			d, err := Physical([]tournament.DrawGroup{tc.group}, [][]PhysicalEntry{tc.entries})
			if err != nil {
				t.Fatal(err)
			}
			if d.Method != tournament.Physical || d.Seed != "" || !reflect.DeepEqual(d.Groups[0].Tickets, tc.want) {
				t.Errorf("draw = %+v\nwant tickets %v", d, tc.want)
			}
		})
	}
}

func TestPhysicalRefuses(t *testing.T) {
	tests := map[string]struct {
		group   tournament.DrawGroup
		edit    func(e []PhysicalEntry) [][]PhysicalEntry
		code    Code
		entry   int
		field   string
		mention string // a word of the English message
	}{
		"entries for two groups": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { return [][]PhysicalEntry{e, e} },
			CodeGroups, -1, "", "2"},
		"unknown player": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { e[1].Player = 9; return [][]PhysicalEntry{e} },
			CodeUnknown, 1, "player", "player 9"},
		"player twice": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { e[2].Player = 1; return [][]PhysicalEntry{e} },
			CodePlayerTwice, 2, "player", "entry 1"},
		"player missing": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { return [][]PhysicalEntry{e[:2]} },
			CodeMissing, -1, "player", "player 3"},
		"too few numbers": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { e[0].Left = []int{1, 2}; return [][]PhysicalEntry{e} },
			CodeNumberCount, 0, "numbers", "3 cards"},
		"too many numbers": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { e[2].Right = []int{2, 3}; return [][]PhysicalEntry{e} },
			CodeNumberCount, 2, "numbers", "drew 2"},
		"right before the left pot is empty": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry {
			e[0].Left, e[0].Right = []int{1, 2}, []int{3}
			return [][]PhysicalEntry{e}
		}, CodePotOrder, 0, "left", "still held 4"},
		"left after the left pot is empty": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry {
			e[2].Left, e[2].Right = []int{4}, nil
			return [][]PhysicalEntry{e}
		}, CodePotOrder, 2, "left", "after it was empty"},
		"left number out of range": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { e[0].Left[2] = 5; return [][]PhysicalEntry{e} },
			CodeNumberRange, 0, "left", "number 5"},
		"right number 0": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { e[2].Right[0] = 0; return [][]PhysicalEntry{e} },
			CodeNumberRange, 2, "right", "number 0"},
		"left number twice": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { e[1].Left[0] = 2; return [][]PhysicalEntry{e} },
			CodeNumberTwice, 1, "left", "by entry 1"},
		"right number twice": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry { e[2].Right[0] = 1; return [][]PhysicalEntry{e} },
			CodeNumberTwice, 2, "right", "by entry 2"},
		"straddler kept his own number": {physGroup, func(e []PhysicalEntry) [][]PhysicalEntry {
			e[1].Right[0], e[2].Right[0] = 4, 1
			return [][]PhysicalEntry{e}
		}, CodeOwnNumber, 1, "right", "number 4"},
		"straddler kept more own numbers than unavoidable": {group(4, cards(1, 2), cards(3, 4, 5, 6, 7)), func([]PhysicalEntry) [][]PhysicalEntry {
			return [][]PhysicalEntry{{{Player: 1, Left: []int{1, 2}}, {Player: 2, Left: []int{3, 4}, Right: []int{3, 4, 1}}}}
		}, CodeOwnNumber, 1, "right", "number 3"},
		// P-3: he draws again while other numbers remain, so an own number
		// can only be his last draws, even when one was unavoidable.
		"straddler kept an own number while another remained": {group(4, cards(1, 2), cards(3, 4, 5, 6, 7)), func([]PhysicalEntry) [][]PhysicalEntry {
			return [][]PhysicalEntry{{{Player: 1, Left: []int{1, 2}}, {Player: 2, Left: []int{3, 4}, Right: []int{1, 3, 2}}}}
		}, CodeOwnNumber, 1, "right", "number 3"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Physical([]tournament.DrawGroup{tc.group}, tc.edit(physValid()))
			var de *Error
			if !errors.As(err, &de) {
				t.Fatalf("error = %v, want a *draw.Error", err)
			}
			wantGroup := 0
			if tc.code == CodeGroups {
				wantGroup = -1
			}
			if de.Code != tc.code || de.Group != wantGroup || de.Entry != tc.entry || de.Field != tc.field {
				t.Errorf("error %s/%d/%d/%q %q, want %s/%d/%d/%q", de.Code, de.Group, de.Entry, de.Field, de, tc.code, wantGroup, tc.entry, tc.field)
			}
			if !strings.Contains(de.Error(), tc.mention) {
				t.Errorf("message %q does not mention %q", de.Error(), tc.mention)
			}
			if de.Text("de") == de.Text("en") {
				t.Errorf("German text is the English one: %q", de.Text("de"))
			}
		})
	}
}

// TestPhysicalGroupsChecked: a physical draw validates its groups as the digital one does.
func TestPhysicalGroupsChecked(t *testing.T) {
	_, err := Physical([]tournament.DrawGroup{group(4, cards(1, 2))}, [][]PhysicalEntry{{{Player: 1, Left: []int{1, 2}}}})
	var de *Error
	if !errors.As(err, &de) || de.Code != CodeCardTotal {
		t.Errorf("error = %v, want %s", err, CodeCardTotal)
	}
}

// TestPhysicalRandom: every digital draw, typed in as a physical one, is
// accepted with the same tickets; after a random change to one number the
// result is refused or is still a draw that obeys the pots (never a panic).
func TestPhysicalRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 3000 {
		potSize := 1 + rng.IntN(8)
		g := tournament.DrawGroup{PotSize: potSize}
		card := 1
		for left := potSize + 1 + rng.IntN(potSize); left > 0; {
			k := min(left, 1+rng.IntN(4))
			left -= k
			g.Entrants = append(g.Entrants, tournament.Entrant{Player: tournament.PlayerID(len(g.Entrants) + 1), Cards: cards(seq(card, k)...)})
			card += k
		}
		groups := []tournament.DrawGroup{g}
		d, err := Digital(groups, fmt.Sprint("physical-", i))
		if err != nil {
			t.Fatal(err)
		}
		entries := make([]PhysicalEntry, len(g.Entrants))
		next := 0
		for ei, e := range g.Entrants {
			entries[ei].Player = e.Player
			for range e.Cards {
				tk := d.Groups[0].Tickets[next]
				next++
				if tk.Pot == tournament.Left {
					entries[ei].Left = append(entries[ei].Left, tk.Number)
				} else {
					entries[ei].Right = append(entries[ei].Right, tk.Number)
				}
			}
		}
		got, err := Physical(groups, [][]PhysicalEntry{entries})
		if err != nil || !reflect.DeepEqual(got.Groups, d.Groups) {
			t.Fatalf("case %d: digital draw typed in: %v", i, err)
		}
		e := &entries[rng.IntN(len(entries))]
		nums := &e.Left
		if len(e.Left) == 0 || (len(e.Right) > 0 && rng.IntN(2) == 0) {
			nums = &e.Right
		}
		(*nums)[rng.IntN(len(*nums))] = rng.IntN(potSize+3) - 1
		if got, err := Physical(groups, [][]PhysicalEntry{entries}); err == nil {
			if err := checkPots(g, got.Groups[0].Tickets); err != nil {
				t.Fatalf("case %d: accepted a changed draw that breaks the pots: %v", i, err)
			}
		}
	}
}

// seq is from, from+1, …, k numbers.
func seq(from, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = from + i
	}
	return out
}
