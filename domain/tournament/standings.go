package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Standing is where a sold card stands (P-7).
type Standing struct {
	Card    CardNo
	Player  PlayerID
	Decided bool
	// From … To: the final place once Decided (shared by all cards out in the
	// same main round, e.g. 9–16); while still in, the places it can reach.
	From, To int
	Bracket  Bracket // where it plays now, or where its place was decided
	Round    int     // the round that decided it; 0 while still in
}

// Standings lists every sold card, best first: by place, then card number.
func (t *Tournament) Standings() []Standing {
	if t.Settings.swiss() {
		return t.swissStandings()
	}
	rp := t.progress()
	out := make([]Standing, 0, len(t.Cards))
	for _, c := range t.Cards {
		p := rp.position(c.No)
		from, to := p.reach(len(t.Cards))
		out = append(out, Standing{Card: c.No, Player: c.Player, Decided: !p.live,
			From: from, To: to, Bracket: p.bracket, Round: p.round})
	}
	slices.SortFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To), cmp.Compare(a.Card, b.Card))
	})
	return out
}

// PlayerPlace is a player's best standing over his cards.
type PlayerPlace struct {
	Player   PlayerID
	Card     CardNo // the card of that standing
	Decided  bool
	From, To int
}

// PlayerPlaces gives the best standing of every player holding a card, best first.
func (t *Tournament) PlayerPlaces() []PlayerPlace {
	var out []PlayerPlace
	seen := map[PlayerID]bool{}
	for _, s := range t.Standings() {
		if !seen[s.Player] {
			seen[s.Player] = true
			out = append(out, PlayerPlace{Player: s.Player, Card: s.Card, Decided: s.Decided, From: s.From, To: s.To})
		}
	}
	return out
}

// Award is a prize handed to a card, or drawn by lot among cards that
// share a place (P-7, P-8).
type Award struct {
	Prize       int // 1-based: the prize's position in Settings.Prizes
	Description string
	Card        CardNo   // 0 while it goes by lot
	Player      PlayerID // 0 while it goes by lot
	From, To    int      // the place of the card, or the shared place of the lot
	Lot         []CardNo // to be decided by lot among these cards (one per player when P-8 forbids more prizes)
}

// LotText is the note for a prize that goes by lot, or "".
func (a Award) LotText(lang string) string {
	if len(a.Lot) == 0 {
		return ""
	}
	nos := make([]string, len(a.Lot))
	for i, c := range a.Lot {
		nos[i] = fmt.Sprint(int(c))
	}
	if lang == "de" {
		return "Los entscheidet unter den Karten " + strings.Join(nos, ", ")
	}
	return "to be decided by lot among cards " + strings.Join(nos, ", ")
}

// tier is a group of cards sharing one decided place range.
type tier struct {
	from, to int
	cards    []Standing
}

// complete: every place of the range has its card, so nobody can still
// join the tier.
func (tr tier) complete() bool { return len(tr.cards) == tr.to-tr.from+1 }

// Prizes hands out the prizes whose winners are decided (P-7, P-8). Prize i
// goes to place i. When multiple prizes are forbidden, a player keeps only
// his best one and the prizes below pass down in order to the next placed
// cards of players without a prize; that needs every place above decided.
// Where a prize reaches a shared place with more candidates than it can
// serve one each, it goes by lot among them.
func (t *Tournament) Prizes() []Award {
	if t.Settings.swiss() {
		return t.swissPrizes()
	}
	prizes := t.Settings.Prizes
	var awards []Award
	won := map[PlayerID]bool{}
	next, place := 0, 1 // the next prize to hand out; the first place not yet looked at
	for _, tr := range t.tiers() {
		if t.Settings.MultiplePrizes {
			next = tr.from - 1
		} else if tr.from != place {
			break // P-8: a place above is still open, passing down must wait
		}
		place = tr.to + 1
		if next >= len(prizes) {
			break
		}
		var cands []Standing
		for _, s := range tr.cards {
			if t.Settings.MultiplePrizes || !won[s.Player] {
				cands = append(cands, s)
				// One candidacy per player and tier (P-8). Either every
				// candidate gets a prize or the prizes run out here.
				won[s.Player] = true
			}
		}
		n := min(len(cands), len(prizes)-next)
		for range n {
			a := Award{Prize: next + 1, Description: prizes[next], From: tr.from, To: tr.to}
			if len(cands) == 1 {
				a.Card, a.Player, a.From, a.To = cands[0].Card, cands[0].Player, cands[0].From, cands[0].To
			} else {
				for _, c := range cands {
					a.Lot = append(a.Lot, c.Card)
				}
			}
			awards = append(awards, a)
			next++
		}
	}
	return awards
}

// tiers groups the decided standings by place range, best first; only
// complete tiers count.
func (t *Tournament) tiers() []tier {
	var out []tier
	for _, s := range t.Standings() {
		if !s.Decided {
			continue
		}
		if n := len(out); n > 0 && out[n-1].from == s.From && out[n-1].to == s.To {
			out[n-1].cards = append(out[n-1].cards, s)
			continue
		}
		out = append(out, tier{from: s.From, to: s.To, cards: []Standing{s}})
	}
	return slices.DeleteFunc(out, func(tr tier) bool { return !tr.complete() })
}

// NextMatch is what a player sees for one of his cards in the latest round.
type NextMatch struct {
	Card           CardNo
	Round          int
	Name           Name // RoundName of the match's round and bracket
	Match          int
	Table          int      // the table it is played at, the match number until it starts; 0 for a bye or a surrender: nobody sits down
	Opponent       CardNo   // 0 for a bye
	OpponentPlayer PlayerID // 0 for a bye
	Surrendered    bool     // he holds both cards (P-6)
	Started        bool
	Decided        bool
	Won            bool
	Walkover       bool // decided kampflos: the loser did not turn up
}

// Next tells player p where each of his cards plays in the latest round,
// and how it went once decided. Cards already out before it are left out.
func (t *Tournament) Next(p PlayerID) []NextMatch {
	r := t.Current()
	if r == nil {
		return nil
	}
	owner := t.owners()
	var out []NextMatch
	for _, m := range r.Matches {
		for _, side := range [2][2]CardNo{{m.A, m.B}, {m.B, m.A}} {
			if card := side[0]; card != 0 && owner.get(card) == p {
				out = append(out, t.seen(owner, *r, m, card))
			}
		}
	}
	return out
}

// seen is match m of round r as the holder of card sees it.
func (t *Tournament) seen(owner cardTable[PlayerID], r Round, m Match, card CardNo) NextMatch {
	opp := m.A
	if card == m.A {
		opp = m.B
	}
	n := NextMatch{Card: card, Round: r.No, Name: RoundName(r, m.Bracket), Match: m.No,
		Opponent: opp, Surrendered: m.Surrendered,
		Started: m.Started, Decided: m.Decided(), Won: m.Winner() == card, Table: t.TableOf(m), Walkover: m.Walkover()}
	if opp != 0 {
		n.OpponentPlayer = owner.get(opp)
	}
	return n
}

// CardMatch is one match of a card as its holder sees it.
type CardMatch struct {
	NextMatch
	// Score is the Bummerl of a played match, the card's own first: a
	// loser reads 1:2 where the round list says 2:1. 0:0 otherwise.
	Score [2]int
}

// CardMatches lists every match card c was drawn into, round by round,
// the latest round's too.
func (t *Tournament) CardMatches(c CardNo) []CardMatch {
	owner := t.owners()
	var out []CardMatch
	for _, r := range t.Rounds {
		for _, m := range r.Matches {
			if c == 0 || (m.A != c && m.B != c) {
				continue
			}
			cm := CardMatch{NextMatch: t.seen(owner, r, m, c)}
			if m.Played() {
				seat := 0
				if c == m.B {
					seat = 1
				}
				cm.Score = [2]int{m.Result.Bummerl[seat], m.Result.Bummerl[1-seat]}
			}
			out = append(out, cm)
		}
	}
	return out
}
