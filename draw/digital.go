package draw

import (
	"slices"

	"bummerl/domain/tournament"
)

// Digital draws every group of a round from the seed (P-4). The same groups
// and seed always give the same draw; docs/draw.md specifies the algorithm.
// Tickets are listed in the order they were drawn.
func Digital(groups []tournament.DrawGroup, seed string) (tournament.Draw, error) {
	if seed == "" {
		return tournament.Draw{}, newError(CodeSeed, -1, -1, "seed",
			"a digital draw needs a seed", "Eine digitale Auslosung braucht einen Startwert (Seed)")
	}
	if err := checkGroups(groups); err != nil {
		return tournament.Draw{}, err
	}
	d := tournament.Draw{Method: tournament.Digital, Seed: seed, Commitment: Commit(seed),
		Groups: make([]tournament.GroupTickets, len(groups))}
	s := newStream(seed) // one stream for all groups, in group order
	for gi, g := range groups {
		d.Groups[gi] = tournament.GroupTickets{Bracket: g.Bracket, Tickets: drawGroup(g, s)}
	}
	return d, nil
}

// drawGroup runs the two pots of one group (P-3). Each pot is the list of
// its remaining numbers in ascending order; a draw picks an index into it.
func drawGroup(g tournament.DrawGroup, s *stream) []tournament.Ticket {
	left, right := numbers(g.PotSize), numbers(g.PotSize)
	tickets := make([]tournament.Ticket, 0, 2*g.PotSize)
	var candidates []int // indexes into right that the straddler may keep
	for _, e := range g.Entrants {
		var held []int // this entrant's left numbers; only the straddler has any when he reaches the right pot
		for _, c := range e.Cards {
			if len(left) > 0 {
				i := s.below(len(left))
				held = append(held, left[i])
				tickets = append(tickets, tournament.Ticket{Card: c, Pot: tournament.Left, Number: left[i]})
				left = slices.Delete(left, i, i+1)
				continue
			}
			// P-3: a number he holds on the left is put back and drawn again,
			// which is the same as drawing among the others; when only his own
			// remain he must take one (P-6 surrender).
			candidates = candidates[:0]
			if len(held) > 0 {
				for i, n := range right {
					if !slices.Contains(held, n) {
						candidates = append(candidates, i)
					}
				}
			}
			var i int
			if len(candidates) > 0 {
				i = candidates[s.below(len(candidates))]
			} else {
				i = s.below(len(right))
			}
			tickets = append(tickets, tournament.Ticket{Card: c, Pot: tournament.Right, Number: right[i]})
			right = slices.Delete(right, i, i+1)
		}
	}
	return tickets
}

// numbers returns 1 … n, the contents of a full pot.
func numbers(n int) []int {
	pot := make([]int, n)
	for i := range pot {
		pot[i] = i + 1
	}
	return pot
}
