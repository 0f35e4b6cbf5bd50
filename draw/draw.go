// Package draw implements the two-pot draw of a Preisschnapsen round
// (RULES.md P-3, P-4, P-6): a digital draw that a committed seed fully
// determines, the check of a physical draw the organiser types in, the
// public protocol that lets anyone verify a round, and a simulation of
// whole tournaments.
//
// A group's entrants come to the pots in order. Each draws one number per
// card, in card order, from the left pot until it is empty, then from the
// right pot. The straddler, who draws the last left number and goes on in
// the right pot, draws again when he gets a number he holds on the left,
// unless every number left in the right pot is one of his (then he meets
// himself and the tournament turns it into a surrender, P-6).
package draw

import (
	"fmt"

	"bummerl/domain/tournament"
)

// checkGroups validates the groups of one round before anything is drawn.
func checkGroups(groups []tournament.DrawGroup) error {
	where := map[tournament.CardNo]int{} // card → group, to catch a card drawn twice
	for gi, g := range groups {
		if g.PotSize < 1 {
			return newError(CodePotSize, gi, -1, "",
				fmt.Sprintf("pot size must be at least 1, not %d", g.PotSize),
				fmt.Sprintf("Die Topfgröße muss mindestens 1 sein, nicht %d", g.PotSize))
		}
		players := map[tournament.PlayerID]bool{}
		total := 0
		for ei, e := range g.Entrants {
			if players[e.Player] {
				return newError(CodePlayerTwice, gi, ei, "player",
					fmt.Sprintf("player %d comes to the pots twice", e.Player),
					fmt.Sprintf("Spieler %d kommt zweimal zu den Töpfen", e.Player))
			}
			players[e.Player] = true
			if len(e.Cards) == 0 {
				return newError(CodeNoCards, gi, ei, "cards",
					fmt.Sprintf("player %d has no cards to draw for", e.Player),
					fmt.Sprintf("Spieler %d hat keine Karten zum Ziehen", e.Player))
			}
			for _, c := range e.Cards {
				if c < 1 {
					return newError(CodeCardNumber, gi, ei, "cards",
						fmt.Sprintf("card number %d is not 1 or more", c),
						fmt.Sprintf("Kartennummer %d ist nicht 1 oder größer", c))
				}
				if other, dup := where[c]; dup {
					return newError(CodeCardTwice, gi, ei, "cards",
						fmt.Sprintf("card %d is also in group %d", c, other+1),
						fmt.Sprintf("Karte %d ist auch in Gruppe %d", c, other+1))
				}
				where[c] = gi
			}
			total += len(e.Cards)
		}
		// P-2, P-3: the left pot must be emptied and the right pot cannot run out.
		if total <= g.PotSize || total > 2*g.PotSize {
			return newError(CodeCardTotal, gi, -1, "cards",
				fmt.Sprintf("%d cards do not fit two pots of %d: more than %d and at most %d are needed",
					total, g.PotSize, g.PotSize, 2*g.PotSize),
				fmt.Sprintf("%d Karten passen nicht zu zwei Töpfen mit je %d: nötig sind mehr als %d und höchstens %d",
					total, g.PotSize, g.PotSize, 2*g.PotSize))
		}
	}
	return nil
}
