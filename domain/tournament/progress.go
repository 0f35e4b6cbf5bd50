package tournament

import (
	"cmp"
	"slices"
)

// Bye reports whether the match is a bye (Freilos, P-1): A advances unplayed.
func (m Match) Bye() bool { return m.B == 0 }

// Decided reports whether the match has a winner: a bye, a surrender or a result.
func (m Match) Decided() bool { return m.Bye() || m.Result != nil }

// Played reports whether the match has a result that was played out, as
// opposed to a bye or a surrender (P-6).
func (m Match) Played() bool { return m.Result != nil && !m.Surrendered }

// TableNo is the table the match is played at: the one set when it started,
// else its number; 0 for a bye or a surrender, where nobody sits down (P-1, P-6).
func (m Match) TableNo() int {
	if m.Bye() || m.Surrendered {
		return 0
	}
	return cmp.Or(m.Table, m.No)
}

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

// replay is the tournament after the matches decided so far: where every
// card stands follows from the latest decided match it played in.
type replay struct {
	t         *Tournament
	last      cardTable[outcome] // every card's latest decided match
	main      []mainRound        // per round
	openRound int                // the first undecided match of the latest
	openMatch int                // round (round and match number; 0 if none)
}

// outcome is what a decided match made of one of its cards. Kept small and
// apart from the matches: progress runs on every draw step and writes one
// for every card of every round, and the positions read them all.
type outcome struct {
	round   int32 // index in Rounds plus 1, so that the zero value is no match
	lost    bool  // lost or surrendered (P-6)
	bracket Bracket
}

// mainRound is the main bracket of a round: its cards and its losers.
type mainRound struct{ cards, losers int }

// progress replays the rounds.
func (t *Tournament) progress() *replay {
	rp := &replay{t: t, last: newCardTable[outcome](maxCardNo(t.Cards)), main: make([]mainRound, len(t.Rounds))}
	for i, r := range t.Rounds {
		mr := mainRound{cards: 2 * r.bracketMatches(Main)}
		for j := range r.Matches {
			m := &r.Matches[j]
			if m.Bracket == Main && !m.Bye() {
				mr.losers++ // byes have no loser (P-1)
			}
			if !m.Decided() {
				if rp.openMatch == 0 {
					rp.openRound, rp.openMatch = r.No, m.No
				}
				continue
			}
			rp.last.set(m.Winner(), outcome{round: int32(i + 1), bracket: m.Bracket})
			rp.last.set(m.Loser(), outcome{round: int32(i + 1), bracket: m.Bracket, lost: true})
		}
		rp.main[i] = mr
	}
	return rp
}

// position is where card c stands.
func (rp *replay) position(c CardNo) position {
	t := rp.t
	o := rp.last.get(c)
	if o.round == 0 {
		return position{bracket: Main, live: true, cards: t.Settings.Cards}
	}
	no, mr := t.Rounds[o.round-1].No, rp.main[o.round-1]
	switch o.bracket {
	case Main:
		switch {
		case o.lost:
			return t.mainLoser(no, mr.cards, mr.losers)
		case mr.cards == 2:
			return decided(Main, no, 1, 1)
		}
		return position{bracket: Main, live: true, cards: mr.cards / 2}
	case Place5to8: // P-7: its winners play for 5th, its losers for 7th
		if o.lost {
			return position{bracket: Place7, live: true}
		}
		return position{bracket: Place5, live: true}
	}
	from := placementBase[o.bracket].from
	if o.lost {
		from++
	}
	return decided(o.bracket, no, from, from)
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
func (t *Tournament) nextGroups(rp *replay) []DrawGroup {
	first := len(t.Rounds) == 0
	var groups []DrawGroup
	for b, cards := range t.live(rp) {
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
func (t *Tournament) live(rp *replay) (byBracket [Place7 + 1][]Card) {
	for _, c := range t.Cards {
		if b, ok := rp.liveIn(c.No); ok {
			byBracket[b] = append(byBracket[b], c)
		}
	}
	return byBracket
}

// liveIn tells the bracket card c plays in next, unless it is out or the
// bracket is unknown.
func (rp *replay) liveIn(c CardNo) (Bracket, bool) {
	p := rp.position(c)
	return p.bracket, p.live && p.bracket >= Main && p.bracket <= Place7
}

// entrants groups cards by player in purchase order: players by their first
// sale, each player's cards by sale (P-4); with multiFirst the players with
// more than one card come first (P-6), otherwise in the same order.
func entrants(cards []Card, multiFirst bool) []Entrant {
	slices.SortFunc(cards, func(a, b Card) int { return a.Sale - b.Sale })
	var out []Entrant
	index := make(map[PlayerID]int, len(cards))
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
	if t.Settings.swiss() {
		return t.swissFinished()
	}
	if len(t.Rounds) == 0 {
		return false
	}
	rp := t.progress()
	if rp.openMatch != 0 {
		return false
	}
	var n [Place7 + 1]int
	for _, c := range t.Cards {
		if b, ok := rp.liveIn(c.No); ok {
			if n[b]++; n[b] == 2 { // a group for the next round (nextGroups)
				return false
			}
		}
	}
	return true
}
