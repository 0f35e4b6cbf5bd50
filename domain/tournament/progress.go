package tournament

import "slices"

// Bye reports whether the match is a bye (Freilos, P-1): A advances unplayed.
func (m Match) Bye() bool { return m.B == 0 }

// Decided reports whether the match has a winner: a bye, a surrender or a result.
func (m Match) Decided() bool { return m.Bye() || m.Result != nil }

// Played reports whether the match has a result that was played out, as
// opposed to a bye or a surrender (P-6).
func (m Match) Played() bool { return m.Result != nil && !m.Surrendered }

// Winner is the card that advances, or 0 while undecided.
func (m Match) Winner() CardNo {
	switch {
	case m.Bye():
		return m.A
	case m.Result != nil:
		return m.Result.Winner
	}
	return 0
}

// Loser is the card that lost or was surrendered, or 0 for a bye or while undecided.
func (m Match) Loser() CardNo {
	switch w := m.Winner(); {
	case m.Bye() || w == 0:
		return 0
	case w == m.A:
		return m.B
	default:
		return m.A
	}
}

// position is where a card stands after the matches decided so far.
type position struct {
	bracket Bracket // where it plays next, or where its place was decided
	live    bool
	cards   int // live in Main: cards of the main round it is in
	from    int // decided: final place, shared from … to
	to      int
	round   int // decided: the round that decided it
}

// placement brackets: the first place they decide and how many cards they hold (P-7).
var placementBase = map[Bracket]struct{ from, cards int }{
	Place3:    {3, 2},
	Place5to8: {5, 4},
	Place5:    {5, 2},
	Place7:    {7, 2},
}

// reach is the place range of a position: final once decided, still
// reachable while live.
func (p position) reach(sold int) (from, to int) {
	switch {
	case !p.live:
		return p.from, p.to
	case p.bracket == Main:
		return 1, min(p.cards, sold)
	}
	b := placementBase[p.bracket]
	return b.from, b.from + b.cards - 1
}

func decided(b Bracket, round, from, to int) position {
	return position{bracket: b, from: from, to: to, round: round}
}

// progress replays the rounds: where every sold card stands, and the first
// undecided match of the latest round (round and match number; 0 if none).
func (t *Tournament) progress() (pos cardTable[position], openRound, openMatch int) {
	pos = newCardTable[position](maxCardNo(t.Cards))
	for _, c := range t.Cards {
		pos.set(c.No, position{bracket: Main, live: true, cards: t.Settings.Cards})
	}
	for _, r := range t.Rounds {
		mainCards := 2 * r.bracketMatches(Main)
		mainLosers := 0 // byes have no loser (P-1)
		for _, m := range r.Matches {
			if m.Bracket == Main && !m.Bye() {
				mainLosers++
			}
		}
		for _, m := range r.Matches {
			if !m.Decided() {
				if openMatch == 0 {
					openRound, openMatch = r.No, m.No
				}
				continue
			}
			w, l := m.Winner(), m.Loser()
			switch m.Bracket {
			case Main:
				if mainCards == 2 {
					pos.set(w, decided(Main, r.No, 1, 1))
				} else {
					pos.set(w, position{bracket: Main, live: true, cards: mainCards / 2})
				}
				if l != 0 {
					pos.set(l, t.mainLoser(r.No, mainCards, mainLosers))
				}
			case Place5to8: // P-7: its winners play for 5th, its losers for 7th
				pos.set(w, position{bracket: Place5, live: true})
				pos.set(l, position{bracket: Place7, live: true})
			default:
				from := placementBase[m.Bracket].from
				pos.set(w, decided(m.Bracket, r.No, from, from))
				pos.set(l, decided(m.Bracket, r.No, from+1, from+1))
			}
		}
	}
	return pos, openRound, openMatch
}

// mainLoser places a card that lost (or was surrendered, P-6) in a main round
// of mainCards cards with mainLosers losers. P-7: with 8 prizes the four
// quarterfinal losers play for places 5–8, with 4 or more prizes the two
// semifinal losers for 3rd; everyone else shares the places of his round,
// from mainCards/2+1 down by the number of losers (fewer than mainCards/2
// only when round 1 had byes).
func (t *Tournament) mainLoser(round, mainCards, mainLosers int) position {
	prizes := len(t.Settings.Prizes)
	switch {
	case mainCards == 8 && prizes == 8 && mainLosers == 4:
		return position{bracket: Place5to8, live: true}
	case mainCards == 4 && prizes >= 4 && mainLosers == 2:
		return position{bracket: Place3, live: true}
	}
	return decided(Main, round, mainCards/2+1, mainCards/2+mainLosers)
}

// nextGroups are the draw groups of the next round, in bracket order,
// assuming the latest round is decided. Round 1 is one main group of all
// sold cards in pots of N/2 (P-3), entrants in purchase order (P-4). Later
// every bracket with live cards is a group in pots of half its cards, and
// players with more than one card in the group come first (P-6).
func (t *Tournament) nextGroups(pos cardTable[position]) []DrawGroup {
	first := len(t.Rounds) == 0
	var groups []DrawGroup
	for b, cards := range t.live(pos) {
		if len(cards) < 2 {
			continue
		}
		potSize := len(cards) / 2
		if first {
			potSize = t.Settings.Cards / 2
		}
		groups = append(groups, DrawGroup{Bracket: Bracket(b), PotSize: potSize, Entrants: entrants(cards, !first)})
	}
	return groups
}

// live are the cards still in play, by the bracket they play in next.
func (t *Tournament) live(pos cardTable[position]) (byBracket [Place7 + 1][]Card) {
	for _, c := range t.Cards {
		if p := pos.get(c.No); p.live {
			byBracket[p.bracket] = append(byBracket[p.bracket], c)
		}
	}
	return byBracket
}

// entrants groups cards by player in purchase order: players by their first
// sale, each player's cards by sale (P-4); with multiFirst the players with
// more than one card come first (P-6), otherwise in the same order.
func entrants(cards []Card, multiFirst bool) []Entrant {
	slices.SortFunc(cards, func(a, b Card) int { return a.Sale - b.Sale })
	var out []Entrant
	index := map[PlayerID]int{}
	for _, c := range cards {
		i, ok := index[c.Player]
		if !ok {
			i = len(out)
			index[c.Player] = i
			out = append(out, Entrant{Player: c.Player})
		}
		out[i].Cards = append(out[i].Cards, c.No)
	}
	if multiFirst {
		slices.SortStableFunc(out, func(a, b Entrant) int {
			return boolRank(len(a.Cards) == 1) - boolRank(len(b.Cards) == 1)
		})
	}
	return out
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Current is the latest round, or nil before the first draw.
func (t *Tournament) Current() *Round {
	if len(t.Rounds) == 0 {
		return nil
	}
	return &t.Rounds[len(t.Rounds)-1]
}

// Finished reports whether every place is decided: the final and the
// placement matches beside it are over.
func (t *Tournament) Finished() bool {
	if len(t.Rounds) == 0 {
		return false
	}
	pos, open, _ := t.progress()
	if open != 0 {
		return false
	}
	for _, cards := range t.live(pos) {
		if len(cards) >= 2 { // a group for the next round (nextGroups)
			return false
		}
	}
	return true
}
