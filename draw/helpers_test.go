package draw

import (
	"fmt"

	"bummerl/domain/tournament"
)

// group builds a draw group; each argument is one entrant's cards, and the
// entrants are players 1, 2, … in that order.
func group(potSize int, cards ...[]tournament.CardNo) tournament.DrawGroup {
	g := tournament.DrawGroup{PotSize: potSize}
	for i, c := range cards {
		g.Entrants = append(g.Entrants, tournament.Entrant{Player: tournament.PlayerID(i + 1), Cards: c})
	}
	return g
}

// cards is shorthand for a card list.
func cards(nos ...int) []tournament.CardNo {
	out := make([]tournament.CardNo, len(nos))
	for i, n := range nos {
		out[i] = tournament.CardNo(n)
	}
	return out
}

// checkPots reports the first way tickets break the two-pot rules for g
// (P-3, P-6): every card drew once, in the entrants' order and card order;
// the first PotSize tickets empty the left pot; right numbers are distinct;
// and a player meets himself exactly as often as the pigeonhole principle
// forces, max(0, his cards − pot size), which is what the redraw rule gives.
func checkPots(g tournament.DrawGroup, tickets []tournament.Ticket) error {
	var order []tournament.CardNo
	owner := map[tournament.CardNo]tournament.PlayerID{}
	for _, e := range g.Entrants {
		order = append(order, e.Cards...)
		for _, c := range e.Cards {
			owner[c] = e.Player
		}
	}
	if len(tickets) != len(order) {
		return fmt.Errorf("%d tickets for %d cards", len(tickets), len(order))
	}
	seen := [2]map[int]bool{{}, {}}
	leftHolder := map[int]tournament.PlayerID{}
	self := map[tournament.PlayerID]int{}
	for i, tk := range tickets {
		if tk.Card != order[i] {
			return fmt.Errorf("ticket %d is card %d, want card %d", i, tk.Card, order[i])
		}
		if wantLeft := i < g.PotSize; (tk.Pot == tournament.Left) != wantLeft {
			return fmt.Errorf("ticket %d (card %d) is from pot %d", i, tk.Card, tk.Pot)
		}
		if tk.Number < 1 || tk.Number > g.PotSize || seen[tk.Pot][tk.Number] {
			return fmt.Errorf("ticket %d: number %d is out of range or repeated", i, tk.Number)
		}
		seen[tk.Pot][tk.Number] = true
		if tk.Pot == tournament.Left {
			leftHolder[tk.Number] = owner[tk.Card]
		} else if leftHolder[tk.Number] == owner[tk.Card] {
			self[owner[tk.Card]]++
		}
	}
	for _, e := range g.Entrants {
		if want := max(0, len(e.Cards)-g.PotSize); self[e.Player] != want {
			return fmt.Errorf("player %d meets himself %d times, want %d", e.Player, self[e.Player], want)
		}
	}
	return nil
}
