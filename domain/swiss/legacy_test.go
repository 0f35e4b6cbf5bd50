package swiss

import (
	"cmp"
	"slices"
)

// The pairing method before issue 22, above 16 players, kept as the
// yardstick the property tests hold the optimal pairing against ("never
// worse than today's"): each player in order takes the first lower-ranked
// unpaired player not met, Edmonds' cardinality blossom completes the
// pairing on the graph of pairs not met, and with an odd number the bye
// goes to the lowest-ranked player without a bye whose rest pairs without
// a rematch. It gave the bye to a late entry like anyone else.

// legacyPairRound is the old PairRound for more than 16 active players.
func legacyPairRound(players []Player, seed string) (pairs []Pair, bye PlayerID) {
	var act []Player
	for _, p := range players {
		if !p.Withdrawn {
			act = append(act, p)
		}
	}
	slices.SortFunc(act, func(a, b Player) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(a.Rank, b.Rank),
			cmp.Compare(lot(seed, a.ID), lot(seed, b.ID)), cmp.Compare(a.ID, b.ID))
	})
	if len(act)%2 == 0 {
		pairs, _ = legacyPairAll(act)
		return pairs, 0
	}
	best := -1
	for i := len(act) - 1; i >= 0; i-- {
		if act[i].HadBye {
			continue
		}
		ps, rematches := legacyPairAll(slices.Concat(act[:i:i], act[i+1:]))
		if rematches == 0 {
			return ps, act[i].ID
		}
		if best < 0 || rematches < best {
			best, pairs, bye = rematches, ps, act[i].ID
		}
	}
	return pairs, bye
}

func legacyPairAll(ps []Player) (pairs []Pair, rematches int) {
	n := len(ps)
	idx := make(map[PlayerID]int, n)
	for i, p := range ps {
		idx[p.ID] = i
	}
	met := make([][]bool, n)
	for i := range met {
		met[i] = make([]bool, n)
	}
	for i, p := range ps {
		for _, o := range p.Opponents {
			if j, ok := idx[o]; ok {
				met[i][j], met[j][i] = true, true
			}
		}
	}
	mate := matchingPairing(ps, met)
	for i, j := range mate {
		if j > i {
			pairs = append(pairs, Pair{ps[i].ID, ps[j].ID})
			if met[i][j] {
				rematches++
			}
		}
	}
	return pairs, rematches
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
