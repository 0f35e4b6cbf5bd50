package draw

import (
	"fmt"
	"slices"

	"bummerl/domain/tournament"
)

// PhysicalEntry is what one player drew by hand: the numbers from the left
// and from the right pot, each in the order he drew them (P-4).
type PhysicalEntry struct {
	Player tournament.PlayerID `json:"player"`
	Left   []int               `json:"left"`
	Right  []int               `json:"right"`
}

// Physical checks a recorded physical draw and turns it into tickets.
// entries[g] lists the players of groups[g] in the order they came to the
// pots (which may differ from the suggested order); every player of the
// group appears once. A player's numbers go to his cards in card order, left
// numbers first. The first inconsistency is returned as an *Error naming the
// group, the entry and the field.
func Physical(groups []tournament.DrawGroup, entries [][]PhysicalEntry) (tournament.Draw, error) {
	if err := checkGroups(groups); err != nil {
		return tournament.Draw{}, err
	}
	if len(entries) != len(groups) {
		return tournament.Draw{}, newError(CodeGroups, -1, -1, "",
			fmt.Sprintf("the draw has %s, but the entries have %d", count(len(groups), "group", "groups"), len(entries)),
			fmt.Sprintf("Die Auslosung hat %s, die Einträge aber %d", count(len(groups), "Gruppe", "Gruppen"), len(entries)))
	}
	d := tournament.Draw{Method: tournament.Physical, Groups: make([]tournament.GroupTickets, len(groups))}
	for gi, g := range groups {
		tickets, err := checkEntries(gi, g, entries[gi])
		if err != nil {
			return tournament.Draw{}, err
		}
		d.Groups[gi] = tournament.GroupTickets{Bracket: g.Bracket, Tickets: tickets}
	}
	return d, nil
}

// checkEntries checks the entries of one group against the pots and
// returns the tickets in the order drawn.
func checkEntries(gi int, g tournament.DrawGroup, entries []PhysicalEntry) ([]tournament.Ticket, error) {
	cards := make(map[tournament.PlayerID][]tournament.CardNo, len(g.Entrants))
	for _, e := range g.Entrants {
		cards[e.Player] = e.Cards
	}
	came := map[tournament.PlayerID]int{} // player → entry index
	// drawnBy[pot][n] is 1 + the entry that drew n from that pot, 0 if nobody.
	drawnBy := [2][]int{make([]int, g.PotSize+1), make([]int, g.PotSize+1)}
	leftRemaining := g.PotSize
	tickets := make([]tournament.Ticket, 0, 2*g.PotSize)
	for ei, e := range entries {
		own, ok := cards[e.Player]
		if !ok {
			return nil, newError(CodeUnknown, gi, ei, "player",
				fmt.Sprintf("player %d does not draw in this group", e.Player),
				fmt.Sprintf("Spieler %d lost nicht in dieser Gruppe", e.Player))
		}
		if first, dup := came[e.Player]; dup {
			return nil, newError(CodePlayerTwice, gi, ei, "player",
				fmt.Sprintf("player %d already drew as entry %d", e.Player, first+1),
				fmt.Sprintf("Spieler %d hat schon als Eintrag %d gezogen", e.Player, first+1))
		}
		came[e.Player] = ei
		if n := len(e.Left) + len(e.Right); n != len(own) {
			return nil, newError(CodeNumberCount, gi, ei, "numbers",
				fmt.Sprintf("player %d drew %s but has %s in this group", e.Player,
					count(n, "number", "numbers"), count(len(own), "card", "cards")),
				fmt.Sprintf("Spieler %d hat %s gezogen, hat aber %s in dieser Gruppe", e.Player,
					count(n, "Nummer", "Nummern"), count(len(own), "Karte", "Karten")))
		}
		// P-3: the left pot is emptied before anyone draws from the right.
		if want := min(len(own), leftRemaining); len(e.Left) != want {
			return nil, potOrderError(gi, ei, e, leftRemaining, want)
		}
		leftRemaining -= len(e.Left)
		for pot, nums := range [2][]int{e.Left, e.Right} {
			field, de := potNames(tournament.Pot(pot))
			for _, n := range nums {
				if n < 1 || n > g.PotSize {
					return nil, newError(CodeNumberRange, gi, ei, field,
						fmt.Sprintf("number %d is not in the %s pot (1 to %d)", n, field, g.PotSize),
						fmt.Sprintf("Nummer %d ist nicht im %s Topf (1 bis %d)", n, de, g.PotSize))
				}
				if by := drawnBy[pot][n]; by != 0 {
					return nil, newError(CodeNumberTwice, gi, ei, field,
						fmt.Sprintf("number %d was already drawn from the %s pot by entry %d", n, field, by),
						fmt.Sprintf("Nummer %d wurde aus dem %s Topf schon von Eintrag %d gezogen", n, de, by))
				}
				drawnBy[pot][n] = ei + 1
			}
		}
		if err := checkStraddler(gi, ei, g.PotSize, e); err != nil {
			return nil, err
		}
		for i, n := range e.Left {
			tickets = append(tickets, tournament.Ticket{Card: own[i], Pot: tournament.Left, Number: n})
		}
		for i, n := range e.Right {
			tickets = append(tickets, tournament.Ticket{Card: own[len(e.Left)+i], Pot: tournament.Right, Number: n})
		}
	}
	for _, e := range g.Entrants {
		if _, ok := came[e.Player]; !ok {
			return nil, newError(CodeMissing, gi, -1, "player",
				fmt.Sprintf("player %d has not drawn", e.Player),
				fmt.Sprintf("Spieler %d hat nicht gezogen", e.Player))
		}
	}
	return tickets, nil
}

// potOrderError explains why an entry drew the wrong count from the left pot.
func potOrderError(gi, ei int, e PhysicalEntry, leftRemaining, want int) *Error {
	if leftRemaining == 0 {
		return newError(CodePotOrder, gi, ei, "left",
			fmt.Sprintf("player %d drew from the left pot after it was empty", e.Player),
			fmt.Sprintf("Spieler %d hat aus dem linken Topf gezogen, als er schon leer war", e.Player))
	}
	return newError(CodePotOrder, gi, ei, "left",
		fmt.Sprintf("player %d drew %s from the left pot, but must draw %d: the left pot still held %d and is emptied before the right (P-3)",
			e.Player, count(len(e.Left), "number", "numbers"), want, leftRemaining),
		fmt.Sprintf("Spieler %d hat %s aus dem linken Topf gezogen, muss aber %d ziehen: der linke Topf hatte noch %d und wird vor dem rechten geleert (P-3)",
			e.Player, count(len(e.Left), "Nummer", "Nummern"), want, leftRemaining))
}

// checkStraddler refuses a right number the straddler already holds on the
// left while other numbers were still in the right pot: he draws again
// then (P-3), so own numbers can only be his last draws, when nothing else
// is left (P-6). He is the first to draw from the right, so the right pot
// was full and held potSize-len(Left) numbers that are not his.
func checkStraddler(gi, ei, potSize int, e PhysicalEntry) error {
	if len(e.Left) == 0 {
		return nil
	}
	others := potSize - len(e.Left)
	for _, n := range e.Right {
		if !slices.Contains(e.Left, n) {
			others--
			continue
		}
		if others > 0 {
			return newError(CodeOwnNumber, gi, ei, "right",
				fmt.Sprintf("player %d kept right number %d, which he holds on the left; he must draw again (P-3)", e.Player, n),
				fmt.Sprintf("Spieler %d hat die rechte Nummer %d behalten, die er links schon hat; er muss neu ziehen (P-3)", e.Player, n))
		}
	}
	return nil
}

// potNames gives the English and German adjective of a pot for messages.
func potNames(p tournament.Pot) (en, de string) {
	if p == tournament.Left {
		return "left", "linken"
	}
	return "right", "rechten"
}

// count writes n with the singular or plural noun: "1 card", "2 cards".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
