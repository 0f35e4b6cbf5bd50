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

// Pair is one board: White is the higher-ranked player.
type Pair struct{ A, B PlayerID }

// Pairing is the result of pairing one round.
type Pairing struct {
	Pairs     []Pair   // board order: best-ranked pair first
	Bye       PlayerID // 0 when the number of players is even
	Floaters  int      // pairs whose players have different points (SW-5)
	Rematches int      // pairs that met before; 0 whenever avoidable (SW-5)
}

// exactLimit is the largest number of players paired by the exact search
// (minimal floaters, SW-5); above it a maximum matching keeps the no-rematch
// guarantee and the score-group greedy keeps floaters few.
const exactLimit = 16

// PairRound pairs one round (SW-4 … SW-7). Active players are ordered by
// points (descending), then Rank, then lot for the seed; the same input and
// seed always give the same pairing.
func PairRound(players []Player, seed string) (Pairing, error) {
	var act []Player
	seen := map[PlayerID]bool{}
	for _, p := range players {
		if p.ID == 0 || seen[p.ID] {
			return Pairing{}, errorf("player_invalid", p.ID)
		}
		seen[p.ID] = true
		if !p.Withdrawn {
			act = append(act, p)
		}
	}
	if len(act) < 2 {
		return Pairing{}, errorf("too_few_players", len(act))
	}
	slices.SortFunc(act, func(a, b Player) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(a.Rank, b.Rank),
			cmp.Compare(lot(seed, a.ID), lot(seed, b.ID)), cmp.Compare(a.ID, b.ID))
	})
	if len(act)%2 == 0 {
		return pairAll(act), nil
	}
	// SW-7: the lowest-ranked player without a bye gets it, unless that
	// forces a rematch another bye choice avoids (SW-5 comes first); when
	// every choice forces rematches, the one with the fewest wins (SW-6),
	// the lowest-ranked among equals.
	var best *Pairing
	for i := len(act) - 1; i >= 0; i-- {
		if act[i].HadBye {
			continue
		}
		rest := slices.Concat(act[:i:i], act[i+1:])
		pg := pairAll(rest)
		pg.Bye = act[i].ID
		if pg.Rematches == 0 {
			return pg, nil
		}
		if best == nil || pg.Rematches < best.Rematches {
			best = &pg
		}
	}
	if best == nil {
		return Pairing{}, errorf("no_bye_candidate")
	}
	return *best, nil
}

// pairAll pairs an even, ordered list of players.
func pairAll(ps []Player) Pairing {
	n := len(ps)
	met := make([][]bool, n)
	idx := make(map[PlayerID]int, n)
	for i, p := range ps {
		idx[p.ID] = i
	}
	for i, p := range ps {
		met[i] = make([]bool, n)
		for _, o := range p.Opponents {
			if j, ok := idx[o]; ok {
				met[i][j] = true
			}
		}
	}
	for i := range n {
		for j := range n {
			if met[i][j] {
				met[j][i] = true
			}
		}
	}
	var mate []int
	if n <= exactLimit {
		mate = exactPairing(ps, met)
	} else {
		mate = matchingPairing(ps, met)
	}
	var pg Pairing
	for i := range n {
		j := mate[i]
		if j < i {
			continue
		}
		pg.Pairs = append(pg.Pairs, Pair{ps[i].ID, ps[j].ID})
		if ps[i].Points != ps[j].Points {
			pg.Floaters++
		}
		if met[i][j] {
			pg.Rematches++
		}
	}
	return pg
}

// exactPairing finds, by dynamic programming over subsets, the pairing with
// the fewest rematches, then the fewest floaters, then the shortest float
// distance (score groups crossed); ties go to the earliest choice in order.
func exactPairing(ps []Player, met [][]bool) []int {
	n := len(ps)
	group := make([]int, n)
	for i := 1; i < n; i++ {
		group[i] = group[i-1]
		if ps[i].Points != ps[i-1].Points {
			group[i]++
		}
	}
	cost := func(i, j int) int {
		c := group[j] - group[i]
		if c < 0 {
			c = -c
		}
		if c > 0 {
			c += 1000
		}
		if met[i][j] {
			c += 1_000_000
		}
		return c
	}
	full := 1<<n - 1
	best := make([]int, 1<<n)
	choice := make([]int8, 1<<n)
	for m := range best {
		best[m] = -1
	}
	best[0] = 0
	var solve func(m int) int
	solve = func(m int) int {
		if best[m] >= 0 {
			return best[m]
		}
		i := 0
		for m&(1<<i) == 0 {
			i++
		}
		bv, bj := -1, -1
		for j := i + 1; j < n; j++ {
			if m&(1<<j) == 0 {
				continue
			}
			v := cost(i, j) + solve(m&^(1<<i)&^(1<<j))
			if bv < 0 || v < bv {
				bv, bj = v, j
			}
		}
		best[m], choice[m] = bv, int8(bj)
		return bv
	}
	solve(full)
	mate := make([]int, n)
	for m := full; m != 0; {
		i := 0
		for m&(1<<i) == 0 {
			i++
		}
		j := int(choice[m])
		mate[i], mate[j] = j, i
		m &^= 1<<i | 1<<j
	}
	return mate
}

// matchingPairing pairs greedily down the score groups (each player takes
// the first lower-ranked unpaired player not met), then completes the
// pairing with Edmonds' augmenting paths on the graph of pairs not yet met,
// so no rematch remains if a rematch-free pairing exists (SW-5). Players
// still unpaired (only when no such pairing exists) are paired in order.
func matchingPairing(ps []Player, met [][]bool) []int {
	n := len(ps)
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	for i := range n {
		if mate[i] >= 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if mate[j] < 0 && !met[i][j] {
				mate[i], mate[j] = j, i
				break
			}
		}
	}
	adj := make([][]int, n)
	for i := range n {
		for j := range n {
			if i != j && !met[i][j] {
				adj[i] = append(adj[i], j)
			}
		}
	}
	b := newBlossom(adj, mate)
	for i := range n {
		if b.match[i] < 0 {
			b.augment(i)
		}
	}
	mate = b.match
	for i := range n {
		if mate[i] >= 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if mate[j] < 0 {
				mate[i], mate[j] = j, i
				break
			}
		}
	}
	return mate
}

// blossom is Edmonds' maximum-cardinality matching for general graphs.
type blossom struct {
	adj                [][]int
	match, p, base, q  []int
	used, inBlossom, l []bool
}

func newBlossom(adj [][]int, match []int) *blossom {
	n := len(adj)
	return &blossom{adj: adj, match: match, p: make([]int, n), base: make([]int, n),
		used: make([]bool, n), inBlossom: make([]bool, n), l: make([]bool, n)}
}

func (b *blossom) lca(x, y int) int {
	clear(b.l)
	for {
		x = b.base[x]
		b.l[x] = true
		if b.match[x] < 0 {
			break
		}
		x = b.p[b.match[x]]
	}
	for {
		y = b.base[y]
		if b.l[y] {
			return y
		}
		y = b.p[b.match[y]]
	}
}

func (b *blossom) markPath(v, base, child int) {
	for b.base[v] != base {
		b.inBlossom[b.base[v]] = true
		b.inBlossom[b.base[b.match[v]]] = true
		b.p[v] = child
		child = b.match[v]
		v = b.p[b.match[v]]
	}
}

func (b *blossom) findPath(root int) int {
	for i := range b.p {
		b.used[i], b.p[i], b.base[i] = false, -1, i
	}
	b.used[root] = true
	b.q = append(b.q[:0], root)
	for h := 0; h < len(b.q); h++ {
		v := b.q[h]
		for _, to := range b.adj[v] {
			if b.base[v] == b.base[to] || b.match[v] == to {
				continue
			}
			if to == root || b.match[to] >= 0 && b.p[b.match[to]] >= 0 {
				cb := b.lca(v, to)
				clear(b.inBlossom)
				b.markPath(v, cb, to)
				b.markPath(to, cb, v)
				for i := range b.base {
					if b.inBlossom[b.base[i]] {
						b.base[i] = cb
						if !b.used[i] {
							b.used[i] = true
							b.q = append(b.q, i)
						}
					}
				}
			} else if b.p[to] < 0 {
				b.p[to] = v
				if b.match[to] < 0 {
					return to
				}
				b.used[b.match[to]] = true
				b.q = append(b.q, b.match[to])
			}
		}
	}
	return -1
}

func (b *blossom) augment(root int) {
	for v := b.findPath(root); v >= 0; {
		pv := b.p[v]
		ppv := b.match[pv]
		b.match[v], b.match[pv] = pv, v
		v = ppv
	}
}
