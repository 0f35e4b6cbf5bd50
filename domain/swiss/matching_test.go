package swiss

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching is the greatest weight of a perfect matching on n vertices
// with edges w (by exhaustive search: the lowest free vertex takes each
// neighbour in turn); ok false when there is none.
func bruteMatching(n int, w map[[2]int32]wt) (best wt, ok bool) {
	used := make([]bool, n)
	var rec func(sum wt)
	rec = func(sum wt) {
		i := 0
		for i < n && used[i] {
			i++
		}
		if i == n {
			if !ok || best.less(sum) {
				best, ok = sum, true
			}
			return
		}
		used[i] = true
		for j := i + 1; j < n; j++ {
			if e, has := w[[2]int32{int32(i), int32(j)}]; has && !used[j] {
				used[j] = true
				rec(sum.plus(e))
				used[j] = false
			}
		}
		used[i] = false
	}
	rec(wt{})
	return best, ok
}

// halfBest are feasible duals for any graph: half the best weight at each
// vertex (weights are multiples of 4, so they are even).
func halfBest(n int, edges []edge) []wt {
	dual := make([]wt, n)
	seen := make([]bool, n)
	for _, e := range edges {
		for _, v := range []int32{e.u, e.v} {
			if h := e.w.half(); !seen[v] || dual[v].less(h) {
				dual[v], seen[v] = h, true
			}
		}
	}
	return dual
}

// certify checks the dual solution m ends with: every edge has slack ≥ 0
// counting the blossoms that hold both ends, matched edges have slack 0,
// every blossom's z is ≥ 0 and it is an odd set, full (all its vertices
// but the base matched inside it). Together these prove the perfect
// matching optimal.
func certify(t *testing.T, m *matcher) {
	t.Helper()
	for v, u := range m.mate {
		if u < 0 || m.mate[u] != int32(v) {
			t.Fatalf("%d is matched to %d, who is matched to %d", v, u, m.mate[max(u, 0)])
		}
	}
	for _, e := range m.edges {
		certifyEdge(t, m, e)
	}
	certifyBlossoms(t, m)
}

func certifyEdge(t *testing.T, m *matcher, e edge) {
	t.Helper()
	s := m.dual[e.u].plus(m.dual[e.v]).minus(e.w).plus(m.sharedDual(e.u, e.v))
	if s.less(wt{}) {
		t.Fatalf("edge %d–%d has slack %v", e.u, e.v, s)
	}
	if m.mate[e.u] == e.v && !s.isZero() {
		t.Fatalf("matched edge %d–%d has slack %v", e.u, e.v, s)
	}
}

func certifyBlossoms(t *testing.T, m *matcher) {
	t.Helper()
	for b := m.n; b < 2*m.n; b++ {
		if m.base[b] < 0 {
			continue
		}
		if m.dual[b].less(wt{}) {
			t.Fatalf("blossom %d has z %v", b, m.dual[b])
		}
		in := map[int32]bool{}
		leaves := m.leaves(b, nil)
		for _, v := range leaves {
			in[v] = true
		}
		if len(in)%2 == 0 || len(in) != len(leaves) {
			t.Fatalf("blossom %d holds %d vertices (%d distinct)", b, len(leaves), len(in))
		}
		for _, v := range leaves {
			if v != m.base[b] && !in[m.mate[v]] {
				t.Fatalf("blossom %d: %d is matched outside, base %d", b, v, m.base[b])
			}
		}
	}
}

// TestMatcherBruteForce: on random graphs of up to 12 vertices, with
// weights of few distinct values in every word (many ties, many
// blossoms), the matcher finds a perfect matching of the greatest weight
// exhaustive search finds, or none when there is none, and its duals
// certify it.
func TestMatcherBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	count := 20000
	if *long {
		count = 200000
	}
	for c := range count {
		n := 2 * (1 + r.IntN(6))
		density := 0.2 + 0.8*r.Float64()
		spread := int64(1 + r.IntN(6))
		w := map[[2]int32]wt{}
		var edges []edge
		for i := range int32(n) {
			for j := i + 1; j < int32(n); j++ {
				if r.Float64() > density {
					continue
				}
				var x wt
				for k := range x {
					if k < 1+r.IntN(words) {
						x[k] = 4 * (r.Int64N(2*spread+1) - spread)
					}
				}
				w[[2]int32{i, j}] = x
				edges = append(edges, edge{i, j, x})
			}
		}
		want, ok := bruteMatching(n, w)
		m := newMatcher(n, edges)
		if got := m.solve(halfBest(n, edges), nil); got != ok {
			t.Fatalf("graph %d: perfect %v, brute force %v", c, got, ok)
		}
		if !ok {
			continue
		}
		var sum wt
		for v, u := range m.mate {
			if u < 0 || m.mate[u] != int32(v) {
				t.Fatalf("graph %d: mate %v", c, m.mate)
			}
			if int32(v) < u {
				sum = sum.plus(w[[2]int32{int32(v), u}])
			}
		}
		if sum != want {
			t.Fatalf("graph %d (%d vertices): weight %v, brute force %v", c, n, sum, want)
		}
		certify(t, m)
	}
}

// TestMatcherBlossoms: graphs of heavy odd cycles (triangles, pentagons)
// joined by lighter random edges, 16 … 40 vertices, with a perfect
// matching planted. Blossoms form on the cycles, are labelled T in later
// stages and expanded, which random graphs seldom do; the duals must
// certify each matching (too many vertices for exhaustive search).
func TestMatcherBlossoms(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	count := 3000
	if *long {
		count = 30000
	}
	for c := range count {
		n := 16 + 2*r.IntN(13)
		cycle := 3 + 2*r.IntN(2)
		density := 0.05 + 0.2*r.Float64()
		heavy, light := int64(4+r.IntN(5)), int64(4+r.IntN(5))
		perm := r.Perm(n)
		seen := map[[2]int32]bool{}
		var edges []edge
		add := func(i, j int32, w int64) {
			i, j = min(i, j), max(i, j)
			if i != j && !seen[[2]int32{i, j}] {
				seen[[2]int32{i, j}] = true
				edges = append(edges, edge{i, j, wt{4 * w, 4 * r.Int64N(2)}})
			}
		}
		for k := 0; k+cycle <= n; k += cycle {
			for i := range cycle {
				add(int32(perm[k+i]), int32(perm[k+(i+1)%cycle]), heavy+r.Int64N(2))
			}
		}
		for k := 0; k < n; k += 2 {
			add(int32(perm[k]), int32(perm[k+1]), r.Int64N(light))
		}
		for i := range int32(n) {
			for j := i + 1; j < int32(n); j++ {
				if r.Float64() < density {
					add(i, j, r.Int64N(light))
				}
			}
		}
		m := newMatcher(n, edges)
		if !m.solve(halfBest(n, edges), nil) {
			t.Fatalf("graph %d: no perfect matching found, but one is planted", c)
		}
		certify(t, m)
	}
}
