package tournament

import (
	"errors"
	"slices"

	"bummerl/domain/swiss"
)

// The Swiss system (docs/swiss.md, SW-1 … SW-17) is the second tournament
// form. It shares the players, the cards (one per player, SW-1), the
// rounds and matches, results, tables and the commitment of the digital
// draw with Preisschnapsen; the few places where the forms differ ask
// Settings.swiss() and call into this file, so a Preisschnapsen tournament
// never runs Swiss code.

// Form is the tournament form. The zero value "" is Preisschnapsen, so
// every tournament made before the Swiss system reads as one.
type Form string

const (
	FormPreis Form = ""      // Preisschnapsen (RULES.md P)
	FormSwiss Form = "swiss" // Schweizer System (docs/swiss.md)
)

// Code is the form's stable name on the wire: "preis" or "swiss".
func (f Form) Code() string {
	if f == FormSwiss {
		return "swiss"
	}
	return "preis"
}

// ParseForm reads a form code; "" and "preis" are Preisschnapsen.
func ParseForm(code string) (Form, bool) {
	switch code {
	case "", "preis":
		return FormPreis, true
	case "swiss":
		return FormSwiss, true
	}
	return "", false
}

// SwissSettings are the settings of the Swiss system; zero for Preisschnapsen.
type SwissSettings struct {
	Rounds       int  // SW-2: 0 is the default, ⌈log2(players)⌉ + 1 at round 1
	BuchholzCut1 bool // SW-11: drop the lowest opponent score
}

// SwissPairing is the method of a Swiss round: paired by swiss.PairRound
// from the announced seed (SW-4), which the round reveals like a digital draw.
const SwissPairing DrawMethod = "swiss"

// Seeded reports whether rounds of the method come from a committed seed
// that the round reveals: a digital draw (P-4) or a Swiss pairing (SW-4).
func (m DrawMethod) Seeded() bool { return m == Digital || m == SwissPairing }

// IsSwiss reports whether the settings are of a Swiss tournament.
func (s Settings) IsSwiss() bool { return s.Form == FormSwiss }

func (s Settings) swiss() bool { return s.Form == FormSwiss }

// validSwiss checks what the Swiss system asks of the entries: the cards
// are a capacity of at least 2 (SW-1, no power of two), and the rounds
// fit the capacity (SW-2; checked against the players at round 1).
func (s Settings) validSwiss() error {
	if s.Cards < 2 || s.Cards > MaxCards {
		return invalid("swiss_cards_invalid", "cards", s.Cards)
	}
	if s.Swiss.Rounds < 0 || s.Swiss.Rounds > s.Cards-1 {
		return invalid("swiss_rounds_invalid", "rounds", s.Swiss.Rounds, s.Cards-1)
	}
	return nil
}

// normalForm fixes what the form decides: a Swiss tournament sells one
// card per player (SW-1) and never hands a player two prizes (P-8 does not
// apply, SW-17); a Preisschnapsen tournament has no Swiss settings.
func (s Settings) normalForm() Settings {
	if s.swiss() {
		s.MaxCards, s.MultiplePrizes = 1, false
	} else {
		s.Swiss = SwissSettings{}
	}
	return s
}

// SwissRounds is the number of rounds (SW-2): the setting, or the default
// for the players entered before round 1 (late entries do not change it).
func (t *Tournament) SwissRounds() int {
	if r := t.Settings.Swiss.Rounds; r > 0 {
		return r
	}
	n := 0
	for _, c := range t.Cards {
		if c.From <= 1 {
			n++
		}
	}
	return swiss.DefaultRounds(n)
}

// active reports whether card c is paired in round k (SW-15, SW-16).
func (c Card) active(k int) bool {
	return max(c.From, 1) <= k && (c.Out == 0 || c.Out > k)
}

// Withdrawn reports whether the card's player has withdrawn (SW-16).
func (c Card) Withdrawn() bool { return c.Out != 0 }

// swissNext is NextDraw for a Swiss tournament: one group of the players
// paired in the next round, in card order. The pots of Preisschnapsen do
// not apply; ApplyDraw with SwissPairing pairs them.
func (t *Tournament) swissNext() ([]DrawGroup, error) {
	if r := t.Current(); r != nil {
		if i := slices.IndexFunc(r.Matches, func(m Match) bool { return !m.Decided() }); i >= 0 {
			return nil, conflict("round_unfinished", "", r.Matches[i].No, r.No)
		}
	}
	k := len(t.Rounds) + 1
	if k > 1 && k > t.SwissRounds() {
		return nil, conflict("tournament_finished", "")
	}
	var cards []Card
	for _, c := range t.Cards {
		if c.active(k) {
			cards = append(cards, c)
		}
	}
	if k == 1 {
		if err := swiss.ValidateRounds(t.SwissRounds(), len(cards)); err != nil {
			return nil, conflict("swiss_too_few_players", "", len(cards), t.SwissRounds())
		}
	}
	if len(cards) < 2 {
		return nil, conflict("swiss_too_few_players", "", len(cards), t.SwissRounds())
	}
	return []DrawGroup{{Bracket: Main, PotSize: (len(cards) + 1) / 2, Entrants: entrants(cards, false)}}, nil
}

// pairSwiss pairs the next round from the announced seed (SW-4 … SW-8):
// round 1 in the order swiss.DrawOrder draws from the seed, later rounds
// by the standings. Boards are numbered from the best pair down; the bye,
// if any, is the last match, B = 0, won by A (1 point, SW-7).
func (t *Tournament) pairSwiss(d Draw) error {
	if d.Method != SwissPairing { // no pots, no tickets (SW-4)
		return invalid("swiss_pairing_only", "method")
	}
	if _, err := t.swissNext(); err != nil {
		return err
	}
	if t.Pending == nil {
		return conflict("draw_not_announced", "seed")
	}
	if d.Seed != t.Pending.Seed || d.Commitment != t.Pending.Commitment {
		return invalid("draw_seed_mismatch", "seed")
	}
	k := len(t.Rounds) + 1
	players := t.swissPlayers(k, d.Seed)
	p, err := swiss.PairRound(players, d.Seed)
	if err != nil { // SW-7: everyone left has had the bye, or too few left
		if se := (*swiss.Error)(nil); errors.As(err, &se) && se.Code == "no_bye_candidate" {
			return conflict("swiss_no_bye", "", k)
		}
		return conflict("swiss_too_few_players", "", len(players), t.SwissRounds())
	}
	version := t.Version + 1
	var matches []Match
	for _, pr := range p.Pairs {
		matches = append(matches, Match{No: len(matches) + 1, A: CardNo(pr.A), B: CardNo(pr.B), Version: version})
	}
	if p.Bye != 0 {
		matches = append(matches, Match{No: len(matches) + 1, A: CardNo(p.Bye), Version: version})
	}
	t.Rounds = append(t.Rounds, Round{No: k, Draw: Draw{Method: SwissPairing, Seed: d.Seed, Commitment: d.Commitment}, Matches: matches})
	t.Pending = nil
	t.Version = version
	return nil
}

// SwissPairingInput is what swiss.PairRound was given to pair round k
// (k paired already): every card entered by then with its points,
// opponents and bye from the rounds before k and its rank (SW-4). The
// draw protocol publishes it so anyone can pair the round again.
func (t *Tournament) SwissPairingInput(k int) ([]swiss.Player, error) {
	if !t.Settings.swiss() || k < 1 || k > len(t.Rounds) || t.Rounds[k-1].Draw.Method != SwissPairing {
		return nil, notFound("round_not_found", "round", k)
	}
	return t.before(k).swissPlayers(k, t.Rounds[k-1].Draw.Seed), nil
}

// before is the tournament as round k found it: the rounds before k only.
func (t *Tournament) before(k int) *Tournament {
	b := *t
	b.Rounds = t.Rounds[:k-1]
	return &b
}

// SwissPointsBefore is every card's match points before round k, those
// its pairing was made from (SW-3, SW-7: a win or a bye is a point), from
// the standings of the rounds before k; nil for Preisschnapsen and for a
// round that is neither paired nor paired next.
func (t *Tournament) SwissPointsBefore(k int) map[CardNo]int {
	if !t.Settings.swiss() || k < 1 || k > len(t.Rounds)+1 {
		return nil
	}
	pts := map[CardNo]int{}
	for _, r := range t.before(k).SwissTable().Rows {
		pts[r.Card] = r.Points
	}
	return pts
}

// swissPlayers is what the pairing of round k knows of every card: points,
// opponents and bye from the rounds so far, and the rank — in round 1 the
// seed list's place, then the drawn position; the standings place later
// (SW-4).
func (t *Tournament) swissPlayers(k int, seed string) []swiss.Player {
	rank := map[CardNo]int{}
	if k == 1 {
		var ids []swiss.PlayerID
		for _, c := range t.Cards {
			if c.active(1) {
				ids = append(ids, swiss.PlayerID(c.No))
			}
		}
		for i, id := range swiss.SeededOrder(ids, t.swissSeedIDs(), seed) {
			rank[CardNo(id)] = i + 1
		}
	}
	table := t.SwissTable()
	points := map[CardNo]int{}
	for _, r := range table.Rows {
		points[r.Card] = r.Points
		if k > 1 {
			rank[r.Card] = r.Place
		}
	}
	opps := map[CardNo][]swiss.PlayerID{}
	bye := map[CardNo]bool{}
	for _, r := range t.Rounds {
		for _, m := range r.Matches {
			if m.Bye() {
				bye[m.A] = true
				continue
			}
			opps[m.A] = append(opps[m.A], swiss.PlayerID(m.B))
			opps[m.B] = append(opps[m.B], swiss.PlayerID(m.A))
		}
	}
	var out []swiss.Player
	for _, c := range t.Cards {
		if max(c.From, 1) > k {
			continue
		}
		out = append(out, swiss.Player{ID: swiss.PlayerID(c.No), Points: points[c.No], Opponents: opps[c.No],
			HadBye: bye[c.No], Withdrawn: !c.active(k), Rank: rank[c.No]})
	}
	return out
}

// SetSwissSeeds sets the seed list (Setzliste) for round 1, best first
// (SW-4); an empty list removes it. Refused with a card no player holds, a
// card twice, or once round 1 is paired (undo it first). A changed list
// changes what round 1 is paired from, so an announced commitment is
// dropped as after a sale (P-4).
func (t *Tournament) SetSwissSeeds(list []CardNo) error {
	switch {
	case !t.Settings.swiss():
		return conflict("swiss_only", "")
	case t.drawn():
		return conflict("seeds_after_draw", "seeds")
	}
	seen := map[CardNo]bool{}
	for _, c := range list {
		if _, ok := t.cardIndex(c); !ok {
			return invalid("seeds_unknown_card", "seeds", int(c))
		}
		if seen[c] {
			return invalid("seeds_twice", "seeds", int(c))
		}
		seen[c] = true
	}
	if slices.Equal(list, t.SwissSeeds) {
		return nil
	}
	t.SwissSeeds = nil
	if len(list) > 0 {
		t.SwissSeeds = slices.Clone(list)
	}
	t.drawChanged()
	t.Version++
	return nil
}

// renumberSeeds keeps the seed list with its players when new settings
// renumbered the cards (before: the cards as they were); a tournament
// that is no longer Swiss has none (SW-4).
func (t *Tournament) renumberSeeds(before []Card) {
	if !t.Settings.swiss() {
		t.SwissSeeds = nil
		return
	}
	owner := map[CardNo]PlayerID{}
	for _, c := range before {
		owner[c.No] = c.Player
	}
	now := map[PlayerID]CardNo{}
	for _, c := range t.Cards { // one card per player (SW-1)
		now[c.Player] = c.No
	}
	seeds := make([]CardNo, len(t.SwissSeeds))
	for i, c := range t.SwissSeeds {
		seeds[i] = now[owner[c]]
	}
	if len(seeds) > 0 {
		t.SwissSeeds = seeds
	}
}

// swissSeedIDs is the seed list as the pairing names players.
func (t *Tournament) swissSeedIDs() []swiss.PlayerID {
	var out []swiss.PlayerID
	for _, c := range t.SwissSeeds {
		out = append(out, swiss.PlayerID(c))
	}
	return out
}

// SwissRow is one line of a Swiss tournament's standings, every tie-break
// column (SW-10 … SW-14).
type SwissRow struct {
	Place         int
	Card          CardNo
	Player        PlayerID
	Withdrawn     bool // SW-16: keeps the line, no longer paired
	From          int  // SW-15: the round a late entry joined, 0 from the start
	Points        int
	Played        int // matches decided, the bye included
	Buchholz      int
	BummerlDiff   int
	GamePointDiff int // only when SwissTableView.GamePoints
	Direct        int
}

// SwissStandings is the standings table of a Swiss tournament.
type SwissStandings struct {
	Rows       []SwissRow
	GamePoints bool // SW-12: every played match has its score sheet
	Cut1       bool // SW-11: the Buchholz drops the lowest opponent score
}

// SwissTable ranks the cards by the decided matches so far (SW-10 … SW-14);
// the lot is drawn from the seed of round 1. Empty before round 1.
func (t *Tournament) SwissTable() SwissStandings {
	out := SwissStandings{Cut1: t.Settings.Swiss.BuchholzCut1}
	if len(t.Rounds) == 0 {
		return out
	}
	var players []swiss.Player
	owner := map[CardNo]Card{}
	for _, c := range t.Cards {
		players = append(players, swiss.Player{ID: swiss.PlayerID(c.No), Withdrawn: c.Withdrawn()})
		owner[c.No] = c
	}
	var games []swiss.Game
	var byes []swiss.Bye
	played := map[CardNo]int{}
	for _, r := range t.Rounds {
		for _, m := range r.Matches {
			if !m.Decided() {
				continue
			}
			played[m.A]++
			if m.Bye() {
				byes = append(byes, swiss.Bye{Round: r.No, Player: swiss.PlayerID(m.A)})
				continue
			}
			played[m.B]++
			games = append(games, swissGame(r.No, m))
		}
	}
	tb, err := swiss.Standings(players, games, byes, swiss.TieBreaks{BuchholzCut1: t.Settings.Swiss.BuchholzCut1}, t.Rounds[0].Draw.Seed)
	if err != nil {
		return out // only a corrupt aggregate: matches naming unsold cards
	}
	out.GamePoints = tb.GamePoints
	for _, r := range tb.Rows {
		c := owner[CardNo(r.Player)]
		out.Rows = append(out.Rows, SwissRow{Place: r.Place, Card: c.No, Player: c.Player, Withdrawn: r.Withdrawn,
			From: c.From, Points: r.Points, Played: played[c.No], Buchholz: r.Buchholz, BummerlDiff: r.BummerlDiff,
			GamePointDiff: r.GamePointDiff, Direct: r.Direct})
	}
	return out
}

// swissGame is a decided match as the standings count it (SW-3, SW-12): a
// walkover is a win without Bummerl or sheet.
func swissGame(round int, m Match) swiss.Game {
	g := swiss.Game{Round: round, A: swiss.PlayerID(m.A), B: swiss.PlayerID(m.B), Winner: swiss.PlayerID(m.Winner()),
		BummerlA: m.Result.Bummerl[0], BummerlB: m.Result.Bummerl[1], HasGamePoints: len(m.Result.Sheet) > 0}
	for _, d := range m.Result.Sheet {
		if d.Winner == 0 {
			g.GamePointsA += d.Points
		} else {
			g.GamePointsB += d.Points
		}
	}
	return g
}

// swissFinished: the set number of rounds is paired and decided (SW-2).
func (t *Tournament) swissFinished() bool {
	r := t.Current()
	return r != nil && len(t.Rounds) >= t.SwissRounds() && !slices.ContainsFunc(r.Matches, func(m Match) bool { return !m.Decided() })
}

// swissStandings is Standings for a Swiss tournament: one line per card
// at its place in the table, decided once the tournament is finished.
func (t *Tournament) swissStandings() []Standing {
	done := t.swissFinished()
	var out []Standing
	for _, r := range t.SwissTable().Rows {
		out = append(out, Standing{Card: r.Card, Player: r.Player, Decided: done, From: r.Place, To: r.Place, Bracket: Main})
	}
	return out
}

// swissPrizes hands prize i to place i once the last round is decided
// (SW-17); the tie-breaks leave no shared place, so no lot.
func (t *Tournament) swissPrizes() []Award {
	if !t.swissFinished() {
		return nil
	}
	var out []Award
	for i, r := range t.SwissTable().Rows {
		if i >= len(t.Settings.Prizes) {
			break
		}
		out = append(out, Award{Prize: i + 1, Description: t.Settings.Prizes[i], Card: r.Card, Player: r.Player, From: r.Place, To: r.Place})
	}
	return out
}

// EnterLate enters a player after round 1 is paired (SW-15): one card,
// paired from the next round on with 0 points. p.ID 0 is a new player (a
// namesake is asked about as at the sale desk). Refused in Preisschnapsen,
// before the draw (the sale desk sells then) and once the last round is
// paired.
func (t *Tournament) EnterLate(p Player) (PlayerID, CardNo, error) {
	switch k := len(t.Rounds) + 1; {
	case !t.Settings.swiss():
		return 0, nil0, conflict("swiss_only", "")
	case !t.drawn():
		return 0, nil0, conflict("late_entry_before_draw", "")
	case k > t.SwissRounds():
		return 0, nil0, conflict("late_entry_too_late", "", t.SwissRounds())
	}
	id, cards, err := t.sellTo(p, 1, nil, true)
	if err != nil {
		return 0, nil0, err
	}
	i, _ := t.cardIndex(cards[0])
	t.Cards[i].From = len(t.Rounds) + 1
	return id, cards[0], nil
}

const nil0 CardNo = 0

// Withdraw withdraws card c's player (SW-16): from the next round on he is
// no longer paired; his results stand. Before round 1 the sale is
// cancelled instead; a match of his still open is decided as usual (a
// walkover if he has left). Reinstate takes it back until the next round
// is paired.
func (t *Tournament) Withdraw(c CardNo) error {
	return t.setOut(c, func(card Card) error {
		switch {
		case !t.drawn():
			return conflict("withdraw_before_draw", "")
		case card.Withdrawn():
			return conflict("withdrawn_already", "card", int(c))
		case t.Finished():
			return conflict("tournament_finished", "")
		}
		return nil
	}, len(t.Rounds)+1)
}

// Reinstate takes card c's withdrawal back (SW-16) while the round it
// applies to is not paired yet: an exact undo, he is paired again from that
// round. Once a round is paired without him it is refused, since a card
// is paired from From until Out and cannot leave a gap.
func (t *Tournament) Reinstate(c CardNo) error {
	return t.setOut(c, func(card Card) error {
		switch {
		case !card.Withdrawn():
			return conflict("not_withdrawn", "card", int(c))
		case t.Finished():
			return conflict("tournament_finished", "")
		case card.Out <= len(t.Rounds):
			return conflict("reinstate_too_late", "card", int(c), card.Out)
		}
		return nil
	}, 0)
}

// setOut sets the round from which card c is no longer paired (0: paired
// to the end) once it is a card of a Swiss tournament and check passes.
// Who is paired changes, so an announced pairing is dropped (its
// commitment bound the old field).
func (t *Tournament) setOut(c CardNo, check func(Card) error, out int) error {
	i, ok := t.cardIndex(c)
	switch {
	case !t.Settings.swiss():
		return conflict("swiss_only", "")
	case !ok:
		return notFound("card_not_found", "card", int(c))
	}
	if err := check(t.Cards[i]); err != nil {
		return err
	}
	t.Cards[i].Out = out
	t.drawChanged()
	t.Version++
	return nil
}

// EndSwiss ends a Swiss tournament after its current round, before the
// set number (SW-2, SW-7: when no round can be paired any more, or the
// evening is over): the rounds become those played, so the standings are
// final and the prizes go out (SW-17). round is the round the organiser
// saw; it must be the latest and decided.
func (t *Tournament) EndSwiss(round int) error {
	r := t.Current()
	switch {
	case !t.Settings.swiss():
		return conflict("swiss_only", "")
	case r == nil:
		return conflict("no_round", "")
	case t.Finished():
		return conflict("tournament_finished", "")
	case round != r.No:
		return conflict("swiss_end_not_latest", "round", round, r.No)
	}
	if i := slices.IndexFunc(r.Matches, func(m Match) bool { return !m.Decided() }); i >= 0 {
		return conflict("round_unfinished", "", r.Matches[i].No, r.No)
	}
	t.Settings.Swiss.Rounds = r.No
	t.drawChanged()
	t.Version++
	return nil
}

// undoSwissEntries keeps late entries and withdrawals at the round now
// paired next after an undone pairing (SW-15, SW-16): a player entered or
// withdrawn before the undone round is in it, or out of it, when it is
// paired again.
func (t *Tournament) undoSwissEntries() {
	next := len(t.Rounds) + 1
	for i := range t.Cards {
		c := &t.Cards[i]
		c.From = min(c.From, next)
		if c.Out != 0 {
			c.Out = min(c.Out, next)
		}
	}
}
