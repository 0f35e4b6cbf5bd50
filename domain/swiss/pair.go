package swiss

import (
	"cmp"
	"slices"
)

// Player is what the pairing of one round needs to know about an entry.
type Player struct {
	ID        PlayerID
	Points    int        // match points so far (SW-3; a bye counts 1, SW-7)
	Opponents []PlayerID // everyone met so far (SW-5: never again)
	HadBye    bool       // SW-7: at most one bye
	Withdrawn bool       // SW-16: no longer paired
	Rank      int        // lower is better: standings place, or seed list / drawn order in round 1 (SW-4)
}

// Pair is one board: A is the higher-ranked player (SW-8).
type Pair struct{ A, B PlayerID }

// Pairing is the result of pairing one round; Quality is what the criteria
// of SW-5 measure of it.
type Pairing struct {
	Pairs []Pair   // board order: best-ranked pair first (SW-8)
	Bye   PlayerID // 0 when the number of players is even
	Quality
}

// Options are the organiser's choices that change a pairing.
type Options struct {
	// LateEntryBye lets a late entry (SW-15) have the bye in his first
	// round like anyone else. Without it he has it only when nobody else
	// may (the ruling under SW-7).
	LateEntryBye bool
}

// Quality measures a pairing by the criteria of SW-5, one field each, in
// priority order: a pairing is better than another when, at the first
// field where they differ, its value is smaller — larger for Apart. A
// pair's share of each is its cost (field.cost).
type Quality struct {
	Rematches     int   // 1. pairs that met before (SW-6)
	ByeRank       int   // 2. eligible players ranked below the bye (SW-7); 0 without a bye
	Floaters      int   // 3. pairs of players with different points
	ScoreDiff     int   // 4. the sum of the pairs' point differences
	GroupsCrossed int   // 5. the sum of the score groups between the players of a pair
	FloatRank     int   // 6. per floater pair, the higher player's places above the bottom of his score group plus the lower one's below the top of his
	Apart         int   // 7. the sum of the rank distances of pairs within a score group: larger is better
	Squares       int64 // 8. the sum of the squared rank distances of all pairs
	Lot           int64 // 9. the sum of the pairs' lots
}

// Criteria are the values of q in priority order, each the smaller the
// better (Apart negated).
func (q Quality) Criteria() [9]int64 {
	return [9]int64{int64(q.Rematches), int64(q.ByeRank), int64(q.Floaters), int64(q.ScoreDiff),
		int64(q.GroupsCrossed), int64(q.FloatRank), -int64(q.Apart), q.Squares, q.Lot}
}

// Compare is −1 when q is the better pairing, +1 when o is, 0 when they
// are equal by every criterion.
func (q Quality) Compare(o Quality) int {
	a, b := q.Criteria(), o.Criteria()
	return slices.Compare(a[:], b[:])
}

func (q Quality) plus(o Quality) Quality {
	return Quality{q.Rematches + o.Rematches, q.ByeRank + o.ByeRank, q.Floaters + o.Floaters,
		q.ScoreDiff + o.ScoreDiff, q.GroupsCrossed + o.GroupsCrossed, q.FloatRank + o.FloatRank,
		q.Apart + o.Apart, q.Squares + o.Squares, q.Lot + o.Lot}
}

// PairRound pairs one round (SW-4 … SW-8) with the default options: the
// best pairing by the criteria of SW-5. The same input and seed always
// give the same pairing, whatever the order of players.
func PairRound(players []Player, seed string) (Pairing, error) {
	return PairRoundWith(players, seed, Options{})
}

// PairRoundWith is PairRound with the organiser's options.
func PairRoundWith(players []Player, seed string, opt Options) (Pairing, error) {
	f, err := newField(players, seed, opt)
	if err != nil {
		return Pairing{}, err
	}
	return f.pairing(f.solve().mate), nil
}

// Assess measures a given pairing of players by the criteria, as
// PairRoundWith would see them, so that any pairing can be held against
// the one PairRound gives (draw verify names the criterion it loses on).
// Refused: a pairing that does not pair every active player exactly once,
// or gives the bye to no one, to someone who may not have it, or with an
// even number of players.
func Assess(players []Player, seed string, opt Options, pairs []Pair, bye PlayerID) (Quality, error) {
	f, err := newField(players, seed, opt)
	if err != nil {
		return Quality{}, err
	}
	pos := make(map[PlayerID]int32, len(f.ps))
	for i, p := range f.ps {
		pos[p.ID] = int32(i)
	}
	seen := make([]bool, len(f.ps))
	take := func(id PlayerID) (int32, error) {
		i, ok := pos[id]
		if !ok || seen[i] {
			return 0, errorf("pairing_invalid", id)
		}
		seen[i] = true
		return i, nil
	}
	var q Quality
	for _, pr := range pairs {
		i, err := take(pr.A)
		if err != nil {
			return Quality{}, err
		}
		j, err := take(pr.B)
		if err != nil {
			return Quality{}, err
		}
		i, j = min(i, j), max(i, j)
		q = q.plus(f.cost(i, j, f.met(i, j)))
	}
	if bye != 0 || f.byeV >= 0 {
		i, err := take(bye)
		if err != nil || f.byeV < 0 || f.byeRank[i] < 0 {
			return Quality{}, errorf("bye_invalid", bye)
		}
		q = q.plus(f.cost(i, f.byeV, false))
	}
	if i := slices.Index(seen, false); i >= 0 {
		return Quality{}, errorf("pairing_invalid", f.ps[i].ID)
	}
	return q, nil
}

// field is one round's pairing problem: the active players in the order of
// SW-4, a player's position in it his index, and with an odd number one
// vertex more for the bye, whose partner gets it. The pairing is the
// perfect matching of least cost (field.cost), found as a maximum-weight
// matching (matching.go).
type field struct {
	ps          []Player
	n           int32     // vertices: players, and the bye's
	byeV        int32     // the bye's vertex (len(ps)), −1 with an even number
	opp         [][]int32 // each player's opponents by position, sorted
	group       []int32   // each position's score group, 0 the top one
	first, last []int32   // each score group's first and last position
	byeRank     []int32   // eligible players ranked below each position (SW-7); −1 for one not eligible
	lots        []uint64  // each player's lot for the round's seed (SW-14)
	// Factors that keep the criteria sharing a word of the weight apart
	// (scale).
	kRematch, kBye, kScore, kFloat int64
}

func newField(players []Player, seed string, opt Options) (*field, error) {
	type entry struct {
		p   Player
		lot uint64
	}
	var act []entry
	seen := map[PlayerID]bool{}
	started := false
	for _, p := range players {
		if p.ID == 0 || seen[p.ID] {
			return nil, errorf("player_invalid", p.ID)
		}
		seen[p.ID] = true
		started = started || p.HadBye || len(p.Opponents) > 0
		if !p.Withdrawn {
			act = append(act, entry{p, lot(seed, p.ID)})
		}
	}
	if len(act) < 2 {
		return nil, errorf("too_few_players", len(act))
	}
	slices.SortFunc(act, func(a, b entry) int { // SW-4
		return cmp.Or(cmp.Compare(b.p.Points, a.p.Points), cmp.Compare(a.p.Rank, b.p.Rank),
			cmp.Compare(a.lot, b.lot), cmp.Compare(a.p.ID, b.p.ID))
	})
	n := int32(len(act))
	f := &field{ps: make([]Player, n), n: n, byeV: -1, opp: make([][]int32, n), group: make([]int32, n), lots: make([]uint64, n)}
	pos := make(map[PlayerID]int32, n)
	for i, e := range act {
		f.ps[i], f.lots[i] = e.p, e.lot
		pos[e.p.ID] = int32(i)
	}
	for i, p := range f.ps {
		// Either side's record of a game is enough (SW-5).
		for _, o := range p.Opponents {
			if j, ok := pos[o]; ok && j != int32(i) {
				f.opp[i] = append(f.opp[i], j)
				f.opp[j] = append(f.opp[j], int32(i))
			}
		}
		if i == 0 || p.Points != f.ps[i-1].Points {
			f.first = append(f.first, int32(i))
			f.last = append(f.last, int32(i))
		}
		f.group[i] = int32(len(f.first) - 1)
		f.last[len(f.last)-1] = int32(i)
	}
	for i := range f.opp {
		slices.Sort(f.opp[i])
		f.opp[i] = slices.Compact(f.opp[i])
	}
	if n%2 == 1 {
		f.byeV = n
		f.n++
		if !f.byeCandidates(started && !opt.LateEntryBye) {
			return nil, errorf("no_bye_candidate")
		}
	}
	f.scale()
	return f, nil
}

// byeCandidates ranks who may have the bye, from the bottom (SW-7): nobody
// twice, and with noLate a late entry in his first round (no game and no
// bye yet while others have had some, SW-15) only when nobody else may.
// false: nobody may.
func (f *field) byeCandidates(noLate bool) bool {
	f.byeRank = make([]int32, len(f.ps))
	for _, late := range []bool{!noLate, true} {
		count := int32(0)
		for i := len(f.ps) - 1; i >= 0; i-- {
			p := f.ps[i]
			f.byeRank[i] = -1
			if !p.HadBye && (late || len(p.Opponents) > 0) {
				f.byeRank[i] = count
				count++
			}
		}
		if count > 0 {
			return true
		}
	}
	return false
}

// scale sets the factors that put several criteria into one word of a
// weight: each higher criterion is multiplied past the largest sum the
// lower ones of its word can reach over a pairing, so comparing the word
// compares them in order. Word 0 holds rematches (at most one per pair),
// bye rank (one bye, below the number of players) and floaters (at most
// one per pair); word 1 score difference and groups crossed (below the
// number of groups per pair); word 2 float rank and apart (below the
// number of players per pair); words 3 and 4 squares and lot. For 4,096
// players (and points up to 4,095) a pair's weight stays below 2^39 in
// every word, so sums over a pairing and the duals, bounded by the number
// of players times the largest weight, stay below 2^51: no overflow.
func (f *field) scale() {
	pairs, players := int64(f.n/2), int64(len(f.ps))
	f.kBye = pairs + 1
	f.kRematch = players * f.kBye
	f.kScore = pairs*int64(len(f.first)) + 1
	f.kFloat = pairs*players + 1
}

// cost is what pairing positions i < j adds to each criterion (met: they
// have met); j = byeV gives i the bye.
func (f *field) cost(i, j int32, met bool) Quality {
	if j == f.byeV {
		return Quality{ByeRank: int(f.byeRank[i])}
	}
	d := int64(j - i)
	q := Quality{Squares: d * d, Lot: int64((f.lots[i] ^ f.lots[j]) >> 44)}
	if met {
		q.Rematches = 1
	}
	if gi, gj := f.group[i], f.group[j]; gi == gj {
		q.Apart = int(d)
	} else {
		q.Floaters = 1
		q.ScoreDiff = f.ps[i].Points - f.ps[j].Points
		q.GroupsCrossed = int(gj - gi)
		q.FloatRank = int(f.last[gi]-i) + int(j-f.first[gj])
	}
	return q
}

// weight is the matching's weight of a cost: the more it costs, the less
// it weighs. Multiples of 4, as the matcher needs (wt.half).
func (f *field) weight(q Quality) wt {
	return wt{
		-4 * (int64(q.Rematches)*f.kRematch + int64(q.ByeRank)*f.kBye + int64(q.Floaters)),
		-4 * (int64(q.ScoreDiff)*f.kScore + int64(q.GroupsCrossed)),
		-4 * (int64(q.FloatRank)*f.kFloat - int64(q.Apart)),
		-4 * q.Squares,
		-4 * q.Lot,
	}
}

func (f *field) met(i, j int32) bool {
	_, ok := slices.BinarySearch(f.opp[i], j)
	return ok
}

// window is how far around a player's likely opponents the graph of
// candidates reaches. Pricing makes the pairing optimal whatever it is; a
// wide enough window only spares repeated solving.
const window = 4

// candidates are the pairs the matching starts from: within a score group
// the pairs about half the group apart (top half against bottom half),
// widened by the player's number of opponents, since each may rule one
// out, and every pair of a small group; between groups the bottom of each
// against the tops of all groups below, as far as the most opponents
// anyone has widen it; and complete's pairs.
func (f *field) candidates() [][2]int32 {
	var out [][2]int32
	reach := int32(window) // between groups: widened by the most opponents anyone has
	for _, o := range f.opp {
		reach = max(reach, int32(window+len(o)))
	}
	for g, a := range f.first {
		b := f.last[g]
		s := b - a + 1
		for i := a; i <= b; i++ {
			w := int32(window + len(f.opp[i]))
			lo, hi := max(1, s/2-w), (s+1)/2+w
			if s <= 2*w+2 {
				lo, hi = 1, s
			}
			for d := lo; d <= hi && i+d <= b; d++ {
				out = append(out, [2]int32{i, i + d})
			}
		}
		for h := g + 1; h < len(f.first); h++ {
			for i := max(a, b-reach); i <= b; i++ {
				for j := f.first[h]; j <= min(f.last[h], f.first[h]+reach); j++ {
					out = append(out, [2]int32{i, j})
				}
			}
		}
	}
	out = append(out, f.complete()...)
	slices.SortFunc(out, cmpPair)
	return slices.Compact(out)
}

// complete are the pairs that make the graph complete enough: every
// allowed bye, and a pairing of everyone (the lowest eligible player's
// bye, the rest in order), so that a perfect matching exists.
func (f *field) complete() [][2]int32 {
	var out [][2]int32
	skip := int32(-1)
	if f.byeV >= 0 {
		skip = int32(slices.Index(f.byeRank, 0))
		for i, r := range f.byeRank {
			if r >= 0 {
				out = append(out, [2]int32{int32(i), f.byeV})
			}
		}
	}
	for i, prev := int32(0), int32(-1); i < int32(len(f.ps)); i++ {
		switch {
		case i == skip:
		case prev < 0:
			prev = i
		default:
			out = append(out, [2]int32{prev, i})
			prev = -1
		}
	}
	return out
}

func cmpPair(a, b [2]int32) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }

// solve matches the candidates, then prices the other pairs against the
// matching's duals; pairs that undercut them join the candidates and the
// matching is solved again, until none does. It returns the last
// matcher: its mate is the pairing.
func (f *field) solve() *matcher { return f.solveFrom(f.candidates()) }

// solveFrom is solve from the given candidates, sorted, which must hold
// complete's pairs.
func (f *field) solveFrom(pairs [][2]int32) *matcher {
	dual, start := f.start()
	for {
		edges := make([]edge, len(pairs))
		for k, p := range pairs {
			edges[k] = edge{p[0], p[1], f.weight(f.cost(p[0], p[1], p[1] != f.byeV && f.met(p[0], p[1])))}
		}
		m := newMatcher(int(f.n), edges)
		if !m.solve(dual, start) {
			panic("swiss: the candidates hold no perfect matching") // they hold a complete pairing
		}
		extra := f.price(m, dual, start)
		if len(extra) == 0 {
			return m
		}
		before := len(pairs)
		pairs = append(pairs, extra...)
		slices.SortFunc(pairs, cmpPair)
		if pairs = slices.Compact(pairs); len(pairs) == before {
			panic("swiss: a candidate pair undercuts the duals") // the matcher keeps its own edges feasible
		}
	}
}

// start is where the matching begins: in each score group its top half
// against its bottom half in order — what the criteria give where nothing
// stands in the way — leaving out the lowest player who may have the bye
// (SW-7) and, from a group left odd, its bottom player (he floats). Its
// duals make exactly these pairs tight among the players in them:
//   - words 0 and 1: every dual 0, what a pair within a group weighs there
//     (a pair that met weighs less: the matcher drops it, both stay
//     exposed);
//   - word 2: a top player at position t gets 4c − 4t, a bottom one at b
//     gets 4b − 4c, c the last top's position + ½; a pair across the
//     middle sums to its weight 4(b − t) (Apart), a pair on one side to
//     more;
//   - word 3: −4t² + α_t for the top, −4b² + 8tb − α_t for his bottom; a
//     pair across the middle sums to its weight −4(b − t)² if it is one of
//     the pairs in order and to more otherwise. α is the dual of the sorted
//     assignment, which is optimal for a convex cost like the squares; it
//     steps by 4(t_k − t_(k−1))(b_(k−1) + b_k), at the midpoint of two
//     bottoms, so that no other pair is tight;
//   - word 4: each pair's lot split between its players.
//
// Floaters, the bye and players whose pair met are left to the matcher.
// These duals are feasible for every pair of players in the pairs, not
// just the candidates: within a group as said, and across groups a
// floater's weight is below 0 in word 0 (price relies on this).
func (f *field) start() ([]wt, [][2]int32) {
	dual := make([]wt, f.n)
	var pairs [][2]int32
	bye := int32(-1)
	if f.byeV >= 0 {
		bye = int32(slices.Index(f.byeRank, 0))
	}
	var ms []int32
	for g, a := range f.first {
		ms = ms[:0]
		for i := a; i <= f.last[g]; i++ {
			if i != bye {
				ms = append(ms, i)
			}
		}
		h := len(ms) / 2
		if h == 0 {
			continue
		}
		tops, bots := ms[:h], ms[h:2*h]
		c4 := 4*int64(tops[h-1]) + 2
		alpha := int64(0)
		for k, t := range tops {
			b := bots[k]
			t64, b64 := int64(t), int64(b)
			if k > 0 {
				alpha += 4 * (t64 - int64(tops[k-1])) * int64(bots[k-1]+b)
			}
			lotw := f.weight(f.cost(t, b, false))[4]
			dual[t] = wt{0, 0, c4 - 4*t64, -4*t64*t64 + alpha, lotw / 2}
			dual[b] = wt{0, 0, 4*b64 - c4, -4*b64*b64 + 8*t64*b64 - alpha, lotw / 2}
			pairs = append(pairs, [2]int32{t, b})
		}
	}
	return dual, pairs
}

// price checks the pairs of players against the duals m ends with. If no
// pair has negative slack, the duals are feasible for the graph of all
// pairs, and the matching, tight and optimal on the candidates, is optimal
// on all pairs too (LP duality: its weight equals the dual bound that
// holds for every perfect matching). It returns the pairs that undercut
// the duals. The bye's vertex has all its edges among the candidates. A
// pair of two players of start's pairs whose duals are still the ones
// start gave them needs no check: those duals are feasible for every pair
// among such players (see start), and a slack depends on nothing else.
// So a round the start pairs all but settles costs little to price.
func (f *field) price(m *matcher, dual []wt, start [][2]int32) [][2]int32 {
	n := int32(len(f.ps))
	kept := make([]bool, n)
	for _, p := range start {
		for _, v := range p {
			kept[v] = m.dual[v] == dual[v]
		}
	}
	var moved []int32
	for i, k := range kept {
		if !k {
			moved = append(moved, int32(i))
		}
	}
	var word0 [2][2]int64 // the first word of a pair's weight by rematch and floater
	for r := range 2 {
		for fl := range 2 {
			word0[r][fl] = f.weight(Quality{Rematches: r, Floaters: fl})[0]
		}
	}
	var out [][2]int32
	met := make([]int32, n) // met[j] == i+1: j has met i
	check := func(i, j int32) {
		// Most pairs are decided by the first word alone: a floater or a
		// rematch weighs far less than the duals there.
		rematch, floater := 0, 0
		if met[j] == i+1 {
			rematch = 1
		}
		if f.group[i] != f.group[j] {
			floater = 1
		}
		if m.dual[i][0]+m.dual[j][0] > word0[rematch][floater] {
			return
		}
		s := m.dual[i].plus(m.dual[j]).minus(f.weight(f.cost(min(i, j), max(i, j), rematch == 1)))
		if s.less(wt{}) && s.plus(m.sharedDual(i, j)).less(wt{}) {
			out = append(out, [2]int32{min(i, j), max(i, j)})
		}
	}
	for _, i := range moved {
		for _, o := range f.opp[i] {
			met[o] = i + 1
		}
		for j := range n {
			if j != i && (kept[j] || j > i) { // a pair of two moved players once
				check(i, j)
			}
		}
	}
	return out
}

// pairing reads the boards off a perfect matching: in the order of their
// higher-ranked player, who is named first (SW-8).
func (f *field) pairing(mate []int32) Pairing {
	var pg Pairing
	for i := range int32(len(f.ps)) {
		switch j := mate[i]; {
		case j == f.byeV:
			pg.Bye = f.ps[i].ID
			pg.Quality = pg.Quality.plus(f.cost(i, j, false))
		case j > i:
			pg.Pairs = append(pg.Pairs, Pair{f.ps[i].ID, f.ps[j].ID})
			pg.Quality = pg.Quality.plus(f.cost(i, j, f.met(i, j)))
		}
	}
	return pg
}
