package bot

import (
	"math"

	"bummerl/domain/schnapsen"
)

// Reference is the benchmark opponent of docs/bot.md: the search of the
// strongest open Schnapsen engine (cpatrasciuc/schnapsen-card-game,
// CythonMctsPlayer with mcts_player_options_v1), written anew. For each
// of up to 667 deals of the unseen cards (all distinct, the known cards
// placed, uniform otherwise) it grows a Monte Carlo tree of 150
// iterations with every card open: select by UCB (exploration 1) among
// the children not yet solved, expand a random untried child and expand
// on at random to the end of the deal, back up the Bummerl-capped game
// points, and solve a node once its children are solved. It plays the
// action whose value averaged over the trees is best. With fewer distinct
// deals each tree gets more iterations (667 × 150 in all).
//
// It is not safe for concurrent use.
type Reference struct {
	perms, iters int
	c            float64
	rng
	tree  []rnode
	marry card // the card of the marriage it announced, led next
}

// rnode is a node of a Monte Carlo tree.
type rnode struct {
	p        pos
	parent   int32
	children [maxMoves]int32 // 0: not expanded (the root is never a child)
	moves    [maxMoves]move
	n        int // moves
	visits   float64
	q        float64
	ucb      float64 // value for player
	explore  float64
	player   uint8
	solved   bool // fully simulated: its value is exact
	terminal bool
	best     [maxMoves]bool
}

// NewReference makes the reference player: perms deals × iters
// iterations per decision (667 and 150 unless given), seeded.
func NewReference(perms, iters int, seed uint64) *Reference {
	if perms <= 0 {
		perms = 667
	}
	if iters <= 0 {
		iters = 150
	}
	r := &Reference{perms: perms, iters: iters, c: 1}
	r.rng.Seed(seed, 0x853c49e6748fea9b)
	return r
}

// Decide returns the reference's action for v.
func (r *Reference) Decide(v View) (schnapsen.Action, error) {
	st, err := v.state()
	if err != nil {
		return schnapsen.Action{}, err
	}
	me := st.me
	if st.forced { // the engine ends the deal at 66
		return schnapsen.Action{Seat: me, Kind: schnapsen.Declare}, nil
	}
	if st.root.marry != 0 && r.marry.Suit() == suit(st.root.marry-1) {
		return schnapsen.Action{Seat: me, Kind: schnapsen.Play, Card: r.marry}, nil
	}
	var ms [maxMoves]move
	n := st.root.gen(&ms)
	if n == 1 {
		return r.action(me, ms[0]), nil
	}
	// It knows the cards shown (marriages, the exchange), nothing else.
	st.forbid, st.clues, st.atClose = 0, nil, nil
	total := binom[popcount(st.pool)][st.hidden]
	for k := 2; k <= popcount(st.pool)-st.hidden && total <= r.perms; k++ {
		total *= k // it counts talon orders also when they no longer matter
	}
	perms := min(total, r.perms)
	iters := r.perms * r.iters / perms
	gen := st.worlds(perms)
	gen.total, gen.all = perms, perms == total
	var sum, cnt [maxMoves]float64
	var w pos
	for gen.next(&r.rng, st, &w) {
		r.grow(&w, iters, v.GamePoints)
		root := &r.tree[0]
		for i := range root.n {
			if c := root.children[i]; c != 0 {
				sum[i] += r.tree[c].value(root.player)
				cnt[i]++
			}
		}
	}
	best, ties := math.Inf(-1), 0
	pick := ms[0]
	for i := range n {
		if cnt[i] == 0 {
			continue
		}
		switch s := sum[i] / cnt[i]; {
		case s > best:
			best, ties, pick = s, 1, ms[i]
		case s == best:
			ties++
			if r.intN(ties) == 0 {
				pick = ms[i]
			}
		}
	}
	return r.action(me, pick), nil
}

// action is the protocol action of move m; a marriage's card is kept for
// the next decision.
func (r *Reference) action(me uint8, m move) schnapsen.Action {
	if m.kind() == mMarry {
		r.marry = m.card()
	}
	return actionOf(me, m)
}

// value is the node's value for player.
func (n *rnode) value(player uint8) float64 {
	if n.player == player {
		return n.ucb
	}
	return -n.ucb
}

// newNode appends a node for p under parent.
func (r *Reference) newNode(p *pos, parent int32, game [2]int) int32 {
	r.tree = append(r.tree, rnode{p: *p, parent: parent})
	i := int32(len(r.tree) - 1)
	n := &r.tree[i]
	n.player = p.toMove()
	if p.result != 0 {
		// Game points per seat, capped at what the Bummerl still needs,
		// in thirds; the value belongs to seat 0.
		var g [2]float64
		w := 0
		if p.result < 0 {
			w = 1
		}
		g[w] = math.Min(float64(abs8(p.result)), float64(BummerlTarget-game[w]))
		n.terminal, n.solved, n.player = true, true, 0
		n.ucb = (g[0] - g[1]) / 3
		n.q, n.visits = n.ucb, 1
		return i
	}
	n.n = p.gen(&n.moves)
	return i
}

func abs8(x int8) int8 {
	if x < 0 {
		return -x
	}
	return x
}

// grow builds the tree of world w.
func (r *Reference) grow(w *pos, iters int, game [2]int) {
	r.tree = r.tree[:0]
	r.newNode(w, -1, game)
	for range iters {
		sel := r.selectNode()
		if sel < 0 {
			return // solved
		}
		end := r.expand(sel, game)
		r.backup(end)
	}
}

// selectNode descends to a node with an untried child: among the unsolved
// children, one with the best UCB score (ties at random); -1 once the
// root is solved.
func (r *Reference) selectNode() int32 {
	i := int32(0)
	for !r.tree[i].terminal {
		n := &r.tree[i]
		var open, best [maxMoves]int32
		no, nb := 0, 0
		for k := range n.n {
			c := n.children[k]
			if c == 0 {
				return i
			}
			if !r.tree[c].solved {
				open[no] = c
				no++
				if n.best[k] {
					best[nb] = c
					nb++
				}
			}
		}
		switch {
		case no == 0:
			return -1
		case nb > 0:
			i = best[r.intN(nb)]
		default:
			i = open[r.intN(no)]
		}
	}
	return i
}

// expand adds a random untried child of i and random descendants down to
// the end of the deal, and returns the terminal node.
func (r *Reference) expand(i int32, game [2]int) int32 {
	for !r.tree[i].terminal {
		n := &r.tree[i]
		var untried [maxMoves]int
		k := 0
		for j := range n.n {
			if n.children[j] == 0 {
				untried[k] = j
				k++
			}
		}
		j := untried[r.intN(k)]
		p := n.p
		p.apply(n.moves[j])
		c := r.newNode(&p, i, game)
		r.tree[i].children[j] = c
		i = c
	}
	return i
}

// backup adds the terminal value to the path and refreshes the children's
// scores of each node on it.
func (r *Reference) backup(end int32) {
	score := r.tree[end].ucb
	for i := end; i >= 0; i = r.tree[i].parent {
		n := &r.tree[i]
		if !n.terminal {
			s := score
			if n.player != 0 {
				s = -s
			}
			n.visits++
			n.q += s
			r.refreshChildren(i)
		}
	}
}

// refreshChildren updates each child's value and exploration score and
// marks the children with the best selection score.
func (r *Reference) refreshChildren(i int32) {
	n := &r.tree[i]
	top := math.Inf(-1)
	logN := math.Log(n.visits)
	for k := range n.n {
		if c := n.children[k]; c != 0 {
			r.refresh(c, logN)
			if ch := &r.tree[c]; !ch.solved {
				top = math.Max(top, ch.value(n.player)+ch.explore)
			}
		}
	}
	for k := range n.n {
		c := n.children[k]
		if c == 0 {
			continue
		}
		ch := &r.tree[c]
		n.best[k] = !ch.solved && ch.value(n.player)+ch.explore == top
	}
}

// refresh updates node c: solved once all its children are (its value the
// best of theirs), else the mean of its results and the UCB exploration.
func (r *Reference) refresh(c int32, logParent float64) {
	n := &r.tree[c]
	if n.terminal || n.solved {
		return
	}
	top, all := math.Inf(-1), true
	for k := range n.n {
		ch := n.children[k]
		if ch == 0 || !r.tree[ch].solved {
			all = false
			break
		}
		top = math.Max(top, r.tree[ch].value(n.player))
	}
	if all {
		n.ucb, n.solved = top, true
		return
	}
	n.ucb = n.q / n.visits
	n.explore = r.c * math.Sqrt(2*logParent/n.visits)
}
