package swiss

import "slices"

// A maximum-weight perfect matching by Edmonds' blossom algorithm in its
// primal-dual form (as described by Galil, "Efficient algorithms for
// finding maximum matching in graphs", 1986): the pairing of a round is the
// perfect matching of greatest weight on a graph of candidate pairs
// (pair.go), and the dual solution the algorithm ends with proves it
// optimal — on all pairs, once pair.go has priced the pairs left out of
// the graph against it.
//
// Weights are vectors compared word by word (wt), so that the criteria of
// SW-5 keep their order and no criterion can outweigh a higher one,
// whatever the size of the field.
//
// Duals: y(v) for each vertex, z(B) ≥ 0 for each blossom (an odd set of
// vertices); the slack of an edge uv is y(u) + y(v) + Σ z(B) over the
// blossoms holding both ends, minus its weight. The algorithm keeps every
// slack ≥ 0, matched edges and the edges of blossoms at slack 0, and every
// blossom full (all but its base matched inside). Then the matching's
// weight is Σ y + Σ z(B)·(|B|−1)/2, a bound no perfect matching can
// exceed (LP duality), so it is a heaviest one.

// words is the number of words of a weight (pair.go: one per group of
// criteria that fits an int64 together).
const words = 5

// wt is a weight or a dual value: words compared in order (lexicographic).
type wt [words]int64

func (a wt) plus(b wt) wt {
	for i := range a {
		a[i] += b[i]
	}
	return a
}

func (a wt) minus(b wt) wt {
	for i := range a {
		a[i] -= b[i]
	}
	return a
}

func (a wt) less(b wt) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func (a wt) isZero() bool { return a == wt{} }

// half halves every word. It is exact: weights are multiples of 4 and the
// initial duals even (start), so every vertex of the search forest has
// duals of one parity, the slack between two S-blossoms is even, and a
// blossom's z, changed by 2δ only, stays even.
func (a wt) half() wt {
	for i := range a {
		a[i] >>= 1
	}
	return a
}

type edge struct {
	u, v int32
	w    wt
}

// Labels of the alternating forest.
const (
	free int8 = iota
	sLabel
	tLabel
)

// matcher holds one run of the algorithm. Vertices are 0 … n−1; blossom ids
// n … 2n−1 are taken and given back as blossoms form and dissolve, and a
// vertex is its own trivial blossom.
type matcher struct {
	n     int32
	edges []edge
	adj   [][]int32 // edge ids at each vertex

	mate []int32 // the vertex matched to each vertex, −1 while exposed
	dual []wt    // y of vertices 0 … n−1, z of blossoms n … 2n−1

	inBlossom []int32      // each vertex's top-level blossom
	parent    []int32      // each blossom's enclosing blossom, −1 at top level
	childs    [][]int32    // a blossom's sub-blossoms around its cycle, the base's first
	links     [][][2]int32 // links[b][i]: the edge (x in childs[i], y in childs[i+1]) closing the cycle
	base      []int32      // a blossom's base vertex; −1 for an unused id
	unused    []int32

	// One stage's alternating forest. label, from and to are kept for
	// vertices as well as for top-level blossoms: a vertex inside a
	// T-blossom is marked tLabel once a tight edge from an S-vertex reaches
	// it, so that expanding the blossom knows which parts are reached.
	label    []int8
	from, to []int32   // the labelling edge: from on the parent's side (−1 at a root), to inside
	best     []int32   // least-slack edge: from an S-blossom to another, from any other vertex to an S-blossom
	bestList [][]int32 // a non-trivial S-blossom's least-slack edge to each neighbouring S-blossom
	tight    []bool    // an edge found at slack 0 in this stage
	queue    []int32   // S-vertices whose edges are still to scan

	mark   []bool  // scratch of scanBlossom and sharedDual
	bestTo []int32 // scratch of addBlossom
	buf    []int32 // scratch list of leaves
}

func newMatcher(n int, edges []edge) *matcher {
	m := &matcher{n: int32(n), edges: edges}
	deg := make([]int32, n)
	for _, e := range edges {
		deg[e.u]++
		deg[e.v]++
	}
	back := make([]int32, 2*len(edges))
	m.adj = make([][]int32, n)
	for v := range m.adj {
		m.adj[v], back = back[:0:deg[v]], back[deg[v]:]
	}
	for k, e := range edges {
		m.adj[e.u] = append(m.adj[e.u], int32(k))
		m.adj[e.v] = append(m.adj[e.v], int32(k))
	}
	m.mate = make([]int32, n)
	m.dual = make([]wt, 2*n)
	m.inBlossom = make([]int32, n)
	m.parent = make([]int32, 2*n)
	m.childs = make([][]int32, 2*n)
	m.links = make([][][2]int32, 2*n)
	m.base = make([]int32, 2*n)
	m.label = make([]int8, 2*n)
	m.from = make([]int32, 2*n)
	m.to = make([]int32, 2*n)
	m.best = make([]int32, 2*n)
	m.bestList = make([][]int32, 2*n)
	m.tight = make([]bool, len(edges))
	m.mark = make([]bool, 2*n)
	m.bestTo = make([]int32, 2*n)
	for v := range m.mate {
		m.mate[v] = -1
		m.inBlossom[v] = int32(v)
	}
	for b := range m.parent {
		m.parent[b] = -1
		m.base[b] = -1
		m.bestTo[b] = -1
		if b < n {
			m.base[b] = int32(b)
		}
	}
	for b := 2*n - 1; b >= n; b-- {
		m.unused = append(m.unused, int32(b))
	}
	return m
}

func (m *matcher) other(k, v int32) int32 {
	if e := &m.edges[k]; e.u != v {
		return e.u
	}
	return m.edges[k].v
}

// slack of an edge between two different top-level blossoms (no z counts).
func (m *matcher) slack(k int32) wt {
	e := &m.edges[k]
	return m.dual[e.u].plus(m.dual[e.v]).minus(e.w)
}

// leaves appends the vertices of blossom b to out.
func (m *matcher) leaves(b int32, out []int32) []int32 {
	if b < m.n {
		return append(out, b)
	}
	for _, c := range m.childs[b] {
		out = m.leaves(c, out)
	}
	return out
}

// solve finds a maximum-weight perfect matching, starting from the given
// duals and pairs (start); false when the graph has no perfect matching.
func (m *matcher) solve(dual []wt, pairs [][2]int32) bool {
	for exposed := m.start(dual, pairs); exposed > 0; exposed -= 2 {
		if !m.stage() {
			return false
		}
	}
	return true
}

// start matches what it can at once, so that the stages, each a search
// over the graph, are only needed for the contested rest. The duals must
// be feasible on the edges between the vertices of pairs and even in every
// word (see half); a pair on an edge at slack 0 is matched. Every vertex
// left exposed then gets the least dual its edges allow — feasible with
// every neighbour as it is at that moment, and later neighbours see it —
// which makes its best edge tight, matched if the other end is still
// exposed. It returns the number of vertices still exposed.
func (m *matcher) start(dual []wt, pairs [][2]int32) int {
	copy(m.dual, dual)
	for _, p := range pairs {
		for _, k := range m.adj[p[0]] {
			if m.other(k, p[0]) == p[1] && m.slack(k).isZero() {
				m.mate[p[0]], m.mate[p[1]] = p[1], p[0]
			}
		}
	}
	for v, ks := range m.adj {
		if m.mate[v] >= 0 {
			continue
		}
		for i, k := range ks {
			if d := m.edges[k].w.minus(m.dual[m.other(k, int32(v))]); i == 0 || m.dual[v].less(d) {
				m.dual[v] = d
			}
		}
	}
	return m.matchTight()
}

// matchTight matches, in order, each exposed vertex to the first exposed
// neighbour on a tight edge; it returns the number still exposed.
func (m *matcher) matchTight() int {
	exposed := 0
	for v, ks := range m.adj {
		for _, k := range ks {
			if m.mate[v] >= 0 {
				break
			}
			if u := m.other(k, int32(v)); m.mate[u] < 0 && m.slack(k).isZero() {
				m.mate[v], m.mate[u] = u, int32(v)
			}
		}
		if m.mate[v] < 0 {
			exposed++
		}
	}
	return exposed
}

// stage grows an alternating forest from every exposed vertex, changing
// duals until a tight augmenting path appears, and augments along it.
// false: no augmenting path exists, so there is no perfect matching.
func (m *matcher) stage() bool {
	clear(m.label)
	clear(m.tight)
	for b := range m.best {
		m.best[b] = -1
		m.bestList[b] = nil
	}
	m.queue = m.queue[:0]
	for v := range m.n {
		if m.mate[v] < 0 && m.label[m.inBlossom[v]] == free {
			m.assignLabel(v, sLabel, -1)
		}
	}
	for !m.scan() {
		kind, delta, k, b := m.delta()
		switch kind {
		case 0:
			return false
		case 2, 3: // the edge is tight now: scan it from its S end
			m.moveDuals(delta)
			m.tight[k] = true
			v := m.edges[k].u
			if m.label[m.inBlossom[v]] != sLabel {
				v = m.edges[k].v
			}
			m.queue = append(m.queue, v)
		case 4:
			m.moveDuals(delta)
			m.expand(b)
		}
	}
	return true
}

// scan takes S-vertices from the queue and follows their tight edges:
// to a free blossom (it becomes T, its mate S), to another S-blossom of
// the same tree (a new blossom) or of another tree (an augmenting path: it
// augments and reports true). Edges not tight are remembered as the least
// slack into each blossom, for delta.
func (m *matcher) scan() bool {
	for len(m.queue) > 0 {
		v := m.queue[len(m.queue)-1]
		m.queue = m.queue[:len(m.queue)-1]
		for _, k := range m.adj[v] {
			w := m.other(k, v)
			bv, bw := m.inBlossom[v], m.inBlossom[w]
			if bv == bw {
				continue
			}
			var s wt
			if !m.tight[k] {
				s = m.slack(k)
				m.tight[k] = s.isZero()
			}
			switch {
			case m.tight[k] && m.label[bw] == free:
				m.assignLabel(w, tLabel, v)
			case m.tight[k] && m.label[bw] == sLabel:
				if base := m.scanBlossom(v, w); base >= 0 {
					m.addBlossom(base, k)
				} else {
					m.augment(k)
					return true
				}
			case m.tight[k] && m.label[w] == free: // w inside a T-blossom, reached now
				m.label[w], m.from[w] = tLabel, v
			case m.tight[k]:
			case m.label[bw] == sLabel:
				if m.best[bv] < 0 || s.less(m.slack(m.best[bv])) {
					m.best[bv] = k
				}
			case m.label[w] == free:
				if m.best[w] < 0 || s.less(m.slack(m.best[w])) {
					m.best[w] = k
				}
			}
		}
	}
	return false
}

// delta is the largest dual change that keeps every slack ≥ 0 and every z
// ≥ 0: kind 2 makes an edge from an S-vertex to a free vertex tight, 3 an
// edge between two S-blossoms, 4 brings a T-blossom's z to 0 (it is then
// expanded). Kind 0: none exists.
func (m *matcher) delta() (kind int, d wt, k, b int32) {
	for v := range m.n {
		if m.label[m.inBlossom[v]] == free && m.best[v] >= 0 {
			if s := m.slack(m.best[v]); kind == 0 || s.less(d) {
				kind, d, k = 2, s, m.best[v]
			}
		}
	}
	for c := range 2 * m.n {
		if m.base[c] >= 0 && m.parent[c] < 0 && m.label[c] == sLabel && m.best[c] >= 0 {
			if s := m.slack(m.best[c]).half(); kind == 0 || s.less(d) {
				kind, d, k = 3, s, m.best[c]
			}
		}
	}
	for c := m.n; c < 2*m.n; c++ {
		if m.base[c] >= 0 && m.parent[c] < 0 && m.label[c] == tLabel {
			if s := m.dual[c].half(); kind == 0 || s.less(d) {
				kind, d, b = 4, s, c
			}
		}
	}
	return kind, d, k, b
}

// moveDuals lowers y of S-vertices and raises y of T-vertices by d, and
// changes z of top-level blossoms by 2d the other way, so that edges inside
// a blossom and edges of the forest keep their slack.
func (m *matcher) moveDuals(d wt) {
	for v := range m.n {
		switch m.label[m.inBlossom[v]] {
		case sLabel:
			m.dual[v] = m.dual[v].minus(d)
		case tLabel:
			m.dual[v] = m.dual[v].plus(d)
		}
	}
	d2 := d.plus(d)
	for b := m.n; b < 2*m.n; b++ {
		if m.base[b] < 0 || m.parent[b] >= 0 {
			continue
		}
		switch m.label[b] {
		case sLabel:
			m.dual[b] = m.dual[b].plus(d2)
		case tLabel:
			m.dual[b] = m.dual[b].minus(d2)
		}
	}
}

// assignLabel labels w's top-level blossom, reached over the edge from p
// (−1 for a root). A T-blossom's base is matched, and its mate becomes S.
func (m *matcher) assignLabel(w int32, t int8, p int32) {
	b := m.inBlossom[w]
	m.label[w], m.label[b] = t, t
	m.from[w], m.from[b] = p, p
	m.to[w], m.to[b] = w, w
	m.best[w], m.best[b] = -1, -1
	if t == sLabel {
		m.queue = m.leaves(b, m.queue)
		return
	}
	base := m.base[b]
	m.assignLabel(m.mate[base], sLabel, base)
}

// scanBlossom walks up the forest from the S-vertices v and w by turns. It
// returns the base of the first blossom both paths meet (the tight edge vw
// closes an odd cycle there), or −1 when they reach two different roots
// (vw completes an augmenting path).
func (m *matcher) scanBlossom(v, w int32) int32 {
	path := m.buf[:0]
	base := int32(-1)
	for v >= 0 {
		b := m.inBlossom[v]
		if m.mark[b] {
			base = m.base[b]
			break
		}
		m.mark[b] = true
		path = append(path, b)
		if m.from[b] < 0 {
			v = -1
		} else {
			v = m.from[m.inBlossom[m.from[b]]]
		}
		if w >= 0 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.mark[b] = false
	}
	m.buf = path
	return base
}

// addBlossom makes the odd cycle closed by edge k, through base, an
// S-blossom: T-vertices on it become S and are scanned, and its least-slack
// edges to other S-blossoms are collected from its parts.
func (m *matcher) addBlossom(base, k int32) {
	v, w := m.edges[k].u, m.edges[k].v
	bb, bv, bw := m.inBlossom[base], m.inBlossom[v], m.inBlossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.base[b], m.parent[b], m.parent[bb] = base, -1, b
	childs, links := m.childs[b][:0], m.links[b][:0]
	for bv != bb { // from v's side up to the base, reversed below
		m.parent[bv] = b
		childs = append(childs, bv)
		links = append(links, [2]int32{m.from[bv], m.to[bv]})
		bv = m.inBlossom[m.from[bv]]
	}
	childs = append(childs, bb)
	slices.Reverse(childs)
	slices.Reverse(links)
	links = append(links, [2]int32{v, w})
	for bw != bb { // and down w's side back to the base
		m.parent[bw] = b
		childs = append(childs, bw)
		links = append(links, [2]int32{m.to[bw], m.from[bw]})
		bw = m.inBlossom[m.from[bw]]
	}
	m.childs[b], m.links[b] = childs, links
	m.label[b], m.from[b], m.to[b], m.dual[b] = sLabel, m.from[bb], m.to[bb], wt{}
	m.buf = m.leaves(b, m.buf[:0])
	for _, x := range m.buf {
		if m.label[m.inBlossom[x]] == tLabel {
			m.queue = append(m.queue, x)
		}
		m.inBlossom[x] = b
	}
	var touched []int32
	for _, c := range childs {
		ks := m.bestList[c]
		if ks == nil { // a vertex, or a blossom that was T: all its edges
			m.buf = m.leaves(c, m.buf[:0])
			for _, x := range m.buf {
				ks = append(ks, m.adj[x]...)
			}
		}
		for _, e := range ks {
			j := m.edges[e].v
			if m.inBlossom[j] == b {
				j = m.edges[e].u
			}
			bj := m.inBlossom[j]
			if bj == b || m.label[bj] != sLabel {
				continue
			}
			if m.bestTo[bj] < 0 {
				touched = append(touched, bj)
				m.bestTo[bj] = e
			} else if m.slack(e).less(m.slack(m.bestTo[bj])) {
				m.bestTo[bj] = e
			}
		}
		m.bestList[c], m.best[c] = nil, -1
	}
	list := make([]int32, 0, len(touched))
	m.best[b] = -1
	for _, bj := range touched {
		e := m.bestTo[bj]
		m.bestTo[bj] = -1
		list = append(list, e)
		if m.best[b] < 0 || m.slack(e).less(m.slack(m.best[b])) {
			m.best[b] = e
		}
	}
	m.bestList[b] = list
}

// link is the edge leaving child j of blossom b towards child j+step
// (step ±1): x in child j, y in the next.
func (m *matcher) link(b int32, j, step int) (x, y int32) {
	l := len(m.links[b])
	if step > 0 {
		e := m.links[b][j]
		return e[0], e[1]
	}
	e := m.links[b][(j-1+l)%l]
	return e[1], e[0]
}

// expand dissolves the T-blossom b, whose z reached 0, into its
// sub-blossoms: the even path from the child its label came in by to its
// base child joins the forest (T, S, …, T), and children of the other path
// that a tight edge from an S-vertex had reached become T. (Blossoms whose
// z is 0 otherwise stay: they do no harm, and a later stage expands them
// when they are in the way. Galil's statement of the algorithm dissolves
// S-blossoms with z = 0 at the end of each stage as well; here that
// changed neither a pairing nor the time taken, so it is left out.)
func (m *matcher) expand(b int32) {
	for _, s := range m.childs[b] {
		m.parent[s] = -1
		if s < m.n {
			m.inBlossom[s] = s
			continue
		}
		m.buf = m.leaves(s, m.buf[:0])
		for _, x := range m.buf {
			m.inBlossom[x] = s
		}
	}
	m.relabelExpanded(b)
	m.label[b], m.from[b], m.to[b], m.base[b], m.best[b] = free, -1, -1, -1, -1
	m.childs[b], m.links[b], m.bestList[b] = m.childs[b][:0], m.links[b][:0], nil
	m.unused = append(m.unused, b)
}

// relabelExpanded labels the parts of the expanded T-blossom b.
func (m *matcher) relabelExpanded(b int32) {
	cs := m.childs[b]
	l := len(cs)
	entry := m.inBlossom[m.to[b]]
	j := index(cs, entry)
	step := -1 // an even number of steps to the base child
	if j%2 == 1 {
		step = 1
	}
	p, q := m.from[b], m.to[b]
	for j != 0 {
		_, y := m.link(b, j, step)
		m.label[q], m.label[y] = free, free
		m.assignLabel(q, tLabel, p) // child j T, the next (its mate's) S
		j = (j + step + l) % l
		p, q = m.link(b, j, step)
		j = (j + step + l) % l
	}
	// The base child is T; its mate is outside b and already S.
	c := cs[0]
	m.label[q], m.label[c] = tLabel, tLabel
	m.from[q], m.from[c] = p, p
	m.to[q], m.to[c] = q, q
	m.best[c] = -1
	for j = (step + l) % l; cs[j] != entry; j = (j + step + l) % l {
		c := cs[j]
		if m.label[c] == sLabel {
			continue
		}
		m.buf = m.leaves(c, m.buf[:0])
		for _, x := range m.buf {
			if m.label[x] != free {
				m.label[x], m.label[m.mate[m.base[c]]] = free, free
				m.assignLabel(x, tLabel, m.from[x])
				break
			}
		}
	}
}

// augment flips the matching along the augmenting path through edge k:
// from each end up to its root, re-basing every blossom on the way.
func (m *matcher) augment(k int32) {
	e := m.edges[k]
	for _, st := range [2][2]int32{{e.u, e.v}, {e.v, e.u}} {
		s, j := st[0], st[1]
		for {
			bs := m.inBlossom[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = j
			if m.from[bs] < 0 {
				break
			}
			bt := m.inBlossom[m.from[bs]]
			s, j = m.from[bt], m.to[bt]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = s
		}
	}
}

// augmentBlossom re-matches blossom b so that its vertex v becomes the
// base: the even path from v's child to the old base child flips.
func (m *matcher) augmentBlossom(b, v int32) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	cs := m.childs[b]
	l := len(cs)
	i := index(cs, t)
	step := -1
	if i%2 == 1 {
		step = 1
	}
	for j := i; j != 0; {
		j1 := (j + step + l) % l
		x, y := m.link(b, j1, step)
		j2 := (j1 + step + l) % l
		if cs[j1] >= m.n {
			m.augmentBlossom(cs[j1], x)
		}
		if cs[j2] >= m.n {
			m.augmentBlossom(cs[j2], y)
		}
		m.mate[x], m.mate[y] = y, x
		j = j2
	}
	rotate(cs, i)
	rotate(m.links[b], i)
	m.base[b] = v
}

// sharedDual is Σ z over the blossoms that hold both u and v.
func (m *matcher) sharedDual(u, v int32) wt {
	for b := m.parent[u]; b >= 0; b = m.parent[b] {
		m.mark[b] = true
	}
	c := m.parent[v]
	for c >= 0 && !m.mark[c] {
		c = m.parent[c]
	}
	var sum wt
	for ; c >= 0; c = m.parent[c] {
		sum = sum.plus(m.dual[c])
	}
	for b := m.parent[u]; b >= 0; b = m.parent[b] {
		m.mark[b] = false
	}
	return sum
}

func index(s []int32, x int32) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	panic("swiss: blossom child missing")
}

// rotate turns s left by i in place.
func rotate[T any](s []T, i int) {
	slices.Reverse(s[:i])
	slices.Reverse(s[i:])
	slices.Reverse(s)
}
