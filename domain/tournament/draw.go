package tournament

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
)

// Announce records a digital draw for the next round before it happens
// (P-4): the commitment (hex SHA-256 of the seed) is public, the seed stays
// secret until ApplyDraw reveals it. A new announcement replaces the old one.
func (t *Tournament) Announce(c Commitment) error {
	if t.Finished() {
		return conflict("tournament_finished", "")
	}
	if !commits(c.Commitment, c.Seed) {
		return invalid("commitment_invalid", "commitment")
	}
	t.Pending = &Commitment{Seed: c.Seed, Commitment: c.Commitment}
	t.Version++
	return nil
}

// commits reports whether commitment is the hex SHA-256 of a non-empty seed.
func commits(commitment, seed string) bool {
	sum := sha256.Sum256([]byte(seed))
	return seed != "" && commitment == hex.EncodeToString(sum[:])
}

// NextDraw tells who draws next, per bracket, in the order they come to the
// pots, with the pot size (P-3, P-4, P-6). It fails while the settings are
// invalid, too few cards are sold (P-2), a match of the current round is
// undecided, or the tournament is finished.
func (t *Tournament) NextDraw() ([]DrawGroup, error) {
	if err := t.Settings.Validate(); err != nil {
		return nil, err
	}
	if t.Settings.swiss() {
		return t.swissNext()
	}
	rp := t.progress()
	if rp.openMatch != 0 {
		return nil, conflict("round_unfinished", "", rp.openMatch, rp.openRound)
	}
	if len(t.Rounds) == 0 {
		if short, _ := t.Shortfall(); short { // P-2
			return nil, conflict("too_few_cards_sold", "cards", t.Sold(), t.Settings.Cards/2)
		}
	}
	groups := t.nextGroups(rp)
	if len(groups) == 0 {
		return nil, conflict("tournament_finished", "")
	}
	return groups, nil
}

// ApplyDraw checks a draw against NextDraw and creates the round: in every
// group each card holds one ticket, each number is drawn at most once per
// pot, the left pot is emptied and right numbers lie within the pot; right
// numbers nobody drew are byes, possible in round 1 only (P-1, P-3). A digital draw
// must reveal the announced seed. Matches are numbered in bracket order,
// then by number; a card meeting another card of its own player is
// surrendered (P-6). New matches start above every version seen so far
// (see UndoDraw), so a form from before a re-draw is stale.
func (t *Tournament) ApplyDraw(d Draw) error {
	if t.Settings.swiss() {
		return t.pairSwiss(d)
	}
	if d.Method == SwissPairing {
		return invalid("draw_method_invalid", "method", string(d.Method))
	}
	groups, err := t.NextDraw()
	if err != nil {
		return err
	}
	switch d.Method {
	case Digital:
		if t.Pending == nil {
			return conflict("draw_not_announced", "seed")
		}
		if d.Seed != t.Pending.Seed || d.Commitment != t.Pending.Commitment {
			return invalid("draw_seed_mismatch", "seed")
		}
	case Physical:
	default:
		return invalid("draw_method_invalid", "method", string(d.Method))
	}
	tickets, err := matchGroups(groups, d.Groups)
	if err != nil {
		return err
	}
	owner := t.owners()
	no := len(t.Rounds) + 1
	version := t.Version + 1
	size := 0
	for _, g := range groups {
		size += g.PotSize
	}
	matches := make([]Match, 0, size)
	for i, g := range groups {
		left, right, err := checkTickets(g, tickets[i])
		if err != nil {
			return err
		}
		for n := 1; n <= g.PotSize; n++ {
			m := Match{No: len(matches) + 1, Bracket: g.Bracket, A: left[n], B: right[n], Version: version}
			if m.B != 0 && owner.get(m.A) == owner.get(m.B) { // P-6
				m.Surrendered = true
				m.Result = &Result{Winner: m.A}
			}
			matches = append(matches, m)
		}
	}
	t.Rounds = append(t.Rounds, Round{No: no, Draw: cloneDraw(d), Matches: matches})
	t.Pending = nil
	t.Version = version
	return nil
}

// matchGroups pairs the drawn groups with the expected ones: the same
// brackets, each once. It returns the tickets in the order of groups.
func matchGroups(groups []DrawGroup, drawn []GroupTickets) ([][]Ticket, error) {
	want := make(bracketList, len(groups))
	for i, g := range groups {
		want[i] = g.Bracket
	}
	out := make([][]Ticket, len(groups))
	seen := map[Bracket]bool{}
	for _, gt := range drawn {
		i := slices.Index(want, gt.Bracket)
		if i < 0 || seen[gt.Bracket] {
			return nil, invalid("draw_groups_mismatch", "groups", want)
		}
		seen[gt.Bracket] = true
		out[i] = gt.Tickets
	}
	if len(seen) != len(want) {
		return nil, invalid("draw_groups_mismatch", "groups", want)
	}
	return out, nil
}

// checkTickets validates the tickets of one group and returns the card on
// each number of the left and the right pot (0 where nobody drew it).
//
// After round 1 a group holds exactly 2·PotSize cards, so with every card
// once and every number at most once per pot both pots are drawn empty:
// there are byes only in round 1 (P-1).
func checkTickets(g DrawGroup, tickets []Ticket) (left, right []CardNo, err error) {
	name := g.Bracket.Name()
	const (
		inGroup = 1 + iota // the card draws in this group
		drawn              // and has its ticket
	)
	maxNo := CardNo(0)
	for _, e := range g.Entrants {
		for _, c := range e.Cards {
			maxNo = max(maxNo, c)
		}
	}
	state := newCardTable[uint8](maxNo)
	for _, e := range g.Entrants {
		for _, c := range e.Cards {
			state.set(c, inGroup)
		}
	}
	left = make([]CardNo, g.PotSize+1)
	right = make([]CardNo, g.PotSize+1)
	for _, tk := range tickets {
		switch state.get(tk.Card) {
		case 0:
			return nil, nil, invalid("ticket_unknown_card", "tickets", name, int(tk.Card))
		case drawn:
			return nil, nil, invalid("ticket_duplicate_card", "tickets", name, int(tk.Card))
		}
		switch {
		case tk.Pot != Left && tk.Pot != Right:
			return nil, nil, invalid("ticket_pot_invalid", "tickets", name, int(tk.Card))
		case tk.Number < 1 || tk.Number > g.PotSize:
			return nil, nil, invalid("ticket_number_range", "tickets", name, int(tk.Card), tk.Number, g.PotSize)
		}
		state.set(tk.Card, drawn)
		pot := left
		if tk.Pot == Right {
			pot = right
		}
		if pot[tk.Number] != 0 {
			return nil, nil, invalid("ticket_number_twice", "tickets", name, tk.Number, potName(tk.Pot))
		}
		pot[tk.Number] = tk.Card
	}
	for _, e := range g.Entrants {
		for _, c := range e.Cards {
			if state.get(c) != drawn {
				return nil, nil, invalid("ticket_missing_card", "tickets", name, int(c))
			}
		}
	}
	for n := 1; n <= g.PotSize; n++ {
		if left[n] == 0 { // P-3: the left pot is drawn empty first
			return nil, nil, invalid("left_pot_not_empty", "tickets", name, n)
		}
	}
	return left, right, nil
}

func cloneDraw(d Draw) Draw {
	d.Groups = slices.Clone(d.Groups)
	for i := range d.Groups {
		d.Groups[i].Tickets = slices.Clone(d.Groups[i].Tickets)
	}
	return d
}

// UndoDraw removes the latest round while none of its matches has been
// played; surrenders and byes go with it. An announced draw is dropped too,
// since it was meant for the round after.
//
// The tournament version rises above every version of the removed
// matches: the next draw numbers its matches from there, so a form still
// open for a removed match never fits the pairing that takes its number.
func (t *Tournament) UndoDraw() error {
	r := t.Current()
	if r == nil {
		return conflict("no_round", "")
	}
	if slices.ContainsFunc(r.Matches, Match.Played) {
		return conflict("undo_has_results", "", r.No)
	}
	highest := t.Version
	for _, m := range r.Matches {
		highest = max(highest, m.Version)
	}
	t.Rounds = t.Rounds[:len(t.Rounds)-1]
	if t.Settings.swiss() {
		t.undoSwissEntries()
	}
	t.drawChanged()
	t.Version = highest + 1
	return nil
}

// drawChanged is called by every change of who draws next (NextDraw):
// sales, settings, results. An announced digital draw committed to a seed
// for the old groups; kept, it would no longer bind who draws, so it is
// dropped and the organiser announces again (P-4).
func (t *Tournament) drawChanged() { t.Pending = nil }
