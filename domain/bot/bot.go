// Package bot is a Schnapsen player (RULES.md S, X, B) for practice games
// and the bot protocol (BOT-PROTOCOL.md). It decides from a seat's View
// only: it samples deals of the cards it cannot see that agree with what
// the opponent's actions showed, weighs them by how well they explain his
// actions, solves each deal by alpha-beta search with every card open (once
// the talon is closed, with its own decisions made once for all the deals
// it cannot tell apart; its leads into the open talon answered half by a
// policy that does not see its hand), and plays the action with the best
// chance to win the Bummerl over all of them (docs/bot.md).
//
// A Bot is deterministic: the same options and view give the same action.
// It is not safe for concurrent use; separate Bots are independent.
package bot

import (
	"cmp"
	"hash/fnv"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"bummerl/domain/schnapsen"
)

// Options configure a Bot; zero fields take the defaults.
type Options struct {
	// Seed varies the sampled deals; the same seed and view give the same
	// decision.
	Seed uint64
	// Worlds bounds the deals of the unseen cards sampled per decision
	// (default 400).
	Worlds int
	// Nodes bounds the search nodes per decision (default 3,000,000):
	// the search stops sampling once it has spent them, after at least
	// minWorlds deals.
	Nodes int
	// Horizon is how many tricks the search looks ahead exactly while
	// the talon is open, before it plays a deal on by a quick policy
	// (playout) and solves the rest; 0 chooses by the talon's size (3 in
	// the first two tricks, then to the end).
	Horizon int
	// Yield, unless nil, is called before each sampled deal: a server
	// may block in it to give way to other work (the web app's practice
	// pool does). It does not change the decision.
	Yield func()
}

const (
	defaultWorlds = 400
	defaultNodes  = 3_000_000
	minWorlds     = 8
)

// Bot is a Schnapsen player; make one with New.
type Bot struct {
	opts Options
	s    *solver
	kept []iworld // the worlds of the information-set search
	// isetBuf[level] are the information-set search's buffers: two a
	// level of the seat's decisions (level 0: the line's worlds).
	isetBuf [][2][]iworld
	// blind is the weight of the opponent's blind move: blindReply
	// (TestBlindReply compares it with 0).
	blind float64
	rng
}

// New makes a Bot.
func New(o Options) *Bot {
	if o.Worlds <= 0 {
		o.Worlds = defaultWorlds
	}
	if o.Nodes <= 0 {
		o.Nodes = defaultNodes
	}
	return &Bot{opts: o, s: newSolver(), blind: blindReply}
}

// Estimate is the bot's judgement of one legal action: what the seat can
// expect from it, averaged over the deals of the unseen cards it deems
// possible, each played on perfectly.
type Estimate struct {
	Action  schnapsen.Action
	Points  float64 // expected game points, won minus lost (−3 … 3)
	Win     float64 // chance to win the deal
	Bummerl float64 // chance to win the Bummerl (B-1)
}

// Decide returns the bot's action: one of the seat's legal actions. err
// says why the view is not a decision of a deal in progress.
func (b *Bot) Decide(v View) (schnapsen.Action, error) {
	es, err := b.estimate(v, false)
	if err != nil {
		return schnapsen.Action{}, err
	}
	return es[0].Action, nil
}

// line is a sequence of the seat's own steps up to its card (an exchange,
// a closing, then the lead), or a declaration: the search values a line,
// so the choice after an exchange or a closing is made on the average
// over the deals, like the first, not in each deal apart.
type line struct {
	moves  [3]move
	n      int
	closes bool // the seat closes the talon in it
	iset   bool // it reaches a closed or exhausted talon (Bot.iset)
	action int  // index of its first action in the estimates
	sum    tally
}

// tally adds up a line's outcomes over weighted deals.
type tally struct{ weight, bummerl, points, win float64 }

func (t *tally) add(w float64, game [2]int, me uint8, r int8) {
	g := float64(r)
	if me == 1 {
		g = -g
	}
	t.weight += w
	t.bummerl += w * bummerlChance(game, me, r)
	t.points += w * g
	if g > 0 {
		t.win += w
	}
}

func (t *tally) estimate(a schnapsen.Action) Estimate {
	if t.weight == 0 {
		return Estimate{Action: a}
	}
	return Estimate{Action: a, Points: t.points / t.weight, Win: t.win / t.weight, Bummerl: t.bummerl / t.weight}
}

// Explain returns the bot's estimate of each action it considers, best
// first (Decide plays the first): every legal action, except that it does
// not play on with 66 (it declares, as BOT-PROTOCOL.md requires) and
// weighs declaring short of 66 only once every card is known.
func (b *Bot) Explain(v View) ([]Estimate, error) { return b.estimate(v, true) }

// estimate values the actions of v, best first; without all, a single
// legal action is returned unsearched.
func (b *Bot) estimate(v View, all bool) ([]Estimate, error) {
	st, err := v.state()
	if err != nil {
		return nil, err
	}
	me := st.me
	declare := schnapsen.Action{Seat: me, Kind: schnapsen.Declare}
	if st.forced { // 66 on lead: declare (BOT-PROTOCOL.md)
		p := st.root
		p.declare(me)
		var t tally
		t.add(1, v.GamePoints, me, p.result)
		return []Estimate{t.estimate(declare)}, nil
	}
	var actions []schnapsen.Action
	var lines []line
	addLines(&st.root, line{}, &actions, &lines)
	// A declaration short of 66 loses (S-15), but may lose less than
	// playing on. The search lets the opponent see every card, so it
	// undervalues playing on while any card is unseen: the bot weighs a
	// declaration only once every card is known (the talon exhausted).
	var decl *tally
	if st.canDeclare() && st.root.next >= st.root.size {
		p := st.root
		p.declare(me)
		decl = &tally{}
		decl.add(1, v.GamePoints, me, p.result)
	}
	if all || len(actions) > 1 || decl != nil {
		b.search(st, v, lines)
	}
	best := make([]tally, len(actions))
	for _, l := range lines {
		if cur := &best[l.action]; cur.weight == 0 || l.sum.bummerl/l.sum.weight > cur.bummerl/cur.weight {
			*cur = l.sum
		}
	}
	es := make([]Estimate, 0, len(actions)+1)
	for i, a := range actions {
		es = append(es, best[i].estimate(a))
	}
	if decl != nil {
		es = append(es, decl.estimate(declare))
	}
	// Best first; ties keep the actions' order (plays by card, then
	// marriages, exchange, close, declare), so the choice is stable and a
	// lost deal is played on rather than given up when that costs nothing
	// (the opponent may still err). Values that differ only by rounding
	// (sums over worlds in another order) are ties. But a closing that
	// wins as much as playing on goes first: the search values playing on
	// with the seat seeing every card to the end, the closing without, so
	// a tie is in the closing's favour, and it leaves the opponent no card
	// to draw (the reference closed such deals, the bot played them on
	// and lost more of them, docs/bot.md).
	slices.SortStableFunc(es, func(x, y Estimate) int {
		if math.Abs(x.Bummerl-y.Bummerl) < 1e-9 {
			return cmp.Compare(closesWinning(y), closesWinning(x))
		}
		return cmp.Compare(y.Bummerl, x.Bummerl)
	})
	return es, nil
}

// closesWinning is 1 for a closing expected to win game points.
func closesWinning(e Estimate) int {
	if e.Action.Kind == schnapsen.Close && e.Points > 0 {
		return 1
	}
	return 0
}

// addLines lists the lines from p of the seat to move: a card (or a
// marriage and its card) ends a line; an exchange or a closing goes on.
func addLines(p *pos, l line, actions *[]schnapsen.Action, lines *[]line) {
	var ms [maxMoves]move
	n := p.gen(&ms)
	s := p.toMove()
	for _, m := range ms[:n] {
		next := l
		next.moves[next.n] = m
		next.n++
		if l.n == 0 {
			a := actionOf(s, m)
			next.action = slices.Index(*actions, a)
			if next.action < 0 {
				next.action = len(*actions)
				*actions = append(*actions, a)
			}
		}
		next.closes = next.closes || m.kind() == mClose
		if m.kind() == mExchange || m.kind() == mClose {
			q := *p
			q.apply(m)
			addLines(&q, next, actions, lines)
			continue
		}
		*lines = append(*lines, next)
	}
}

// search values every line over sampled deals.
func (b *Bot) search(st *state, v View, lines []line) {
	b.seed(&v)
	s := b.s
	s.nodes = 0
	s.horizon = 0
	h := b.opts.Horizon
	if h == 0 {
		h = horizonTricks(st.root.facedown())
	}
	if h > 0 {
		s.horizon = st.root.next + uint8(2*h)
	}
	worlds := st.worlds(b.opts.Worlds)
	// Lines that reach a closed or exhausted talon are valued by an
	// information-set search over the worlds kept (b.iset), after the
	// sampling; the others world by world.
	b.kept = b.kept[:0]
	iset := false
	for j := range lines {
		lines[j].iset = lines[j].reachesStrict(&st.root)
		iset = iset || lines[j].iset
	}
	var w pos
	seen := 0
	for i := 0; worlds.next(&b.rng, st, &w); i++ {
		if b.opts.Yield != nil {
			b.opts.Yield()
		}
		s.newWorld()
		wt := st.weight(s, &w)
		if wt == 0 {
			continue
		}
		if iset { // a uniform sample of the worlds (reservoir): they may come in order
			x := iworld{p: w, w: wt, salt: s.salt}
			if seen++; len(b.kept) < isetWorlds {
				b.kept = append(b.kept, x)
			} else if k := b.intN(seen); k < isetWorlds {
				b.kept[k] = x
			}
		}
		guess := int8(0) // the lines of a world are often worth the same
		for j := range lines {
			l := &lines[j]
			if l.iset {
				continue
			}
			p := w
			for _, m := range l.moves[:l.n] {
				p.apply(m)
			}
			r := p.result
			if r == 0 {
				r = s.valueNear(&p, guess)
				guess = r
			}
			if p.result == 0 && !p.strict() && p.toMove() != st.me {
				// The opponent is to answer the seat's lead into the
				// open talon, or to lead after taking its card. The
				// search plays for him as if he saw the seat's hand;
				// part of the weight goes to his move by the policy,
				// which does not look at it (docs/bot.md, item 5).
				q := p
				q.apply(q.policy())
				rq := q.result
				if rq == 0 {
					rq = s.valueNear(&q, r)
				}
				l.sum.add(wt*(1-b.blind), v.GamePoints, st.me, r)
				l.sum.add(wt*b.blind, v.GamePoints, st.me, rq)
				continue
			}
			l.sum.add(wt, v.GamePoints, st.me, r)
		}
		if i+1 >= minWorlds && s.nodes >= b.opts.Nodes {
			break
		}
	}
	salt := s.salt // b.iset searches under the kept worlds' salts
	defer func() { s.salt = salt }()
	for j := range lines {
		l := &lines[j]
		if !l.iset {
			continue
		}
		ws := append(b.buf(0, 0, len(b.kept)), b.kept...)
		for i := range ws {
			for _, m := range l.moves[:l.n] {
				ws[i].p.apply(m)
			}
		}
		b.iset(ws, 1, st.me, v.GamePoints)
		for _, x := range ws {
			l.sum.add(x.w, v.GamePoints, st.me, x.r)
		}
	}
}

// blindReply is the weight of the opponent's move by the policy where
// the seat's card leaves him to act in the open talon: half, measured
// against the search's move alone and the policy's alone (docs/bot.md,
// fifth and seventh rounds).
const blindReply = 0.5

// isetWorlds bounds the worlds of the information-set search: with the
// talon closed they are cheap to search (at most five cards a hand).
const isetWorlds = 400

// iworld is a world of the information-set search: the position, its
// weight, the salt its exact searches use, the opponent's last move in it
// and its result.
type iworld struct {
	p    pos
	w    float64
	salt uint64
	m    move
	r    int8
}

// buf is an empty buffer of the information-set search with room for n
// worlds.
func (b *Bot) buf(level, i, n int) []iworld {
	for len(b.isetBuf) <= level {
		b.isetBuf = append(b.isetBuf, [2][]iworld{})
	}
	x := &b.isetBuf[level][i]
	if cap(*x) < n {
		*x = make([]iworld, 0, max(n, isetWorlds))
	}
	return (*x)[:0]
}

// reachesStrict reports whether the line, played from root, leaves a
// deal in progress with the talon closed or exhausted and draws no card
// on the way: then the seat's hand is the same in every world, which
// differ only in the opponent's hand.
func (l *line) reachesStrict(root *pos) bool {
	p := *root
	for _, m := range l.moves[:l.n] {
		p.apply(m)
	}
	return p.result == 0 && p.strict() && p.next == root.next
}

// iset sets the result of each world of ws, all of which the seat me
// cannot tell apart (the same own hand, the same actions seen): each of
// its decisions to the end of the deal is made once for all the worlds,
// by their mean chance to win the Bummerl; the opponent answers in each
// world by its exact values (he is credited with seeing the cards).
// Without it the search lets the seat see the opponent's hand in every
// world (strategy fusion), which overvalues a closing. ws is reordered;
// the seat's decisions try their moves in b's buffers of level and below.
func (b *Bot) iset(ws []iworld, level int, me uint8, game [2]int) {
	n := 0
	for i := range ws {
		if ws[i].p.result != 0 {
			ws[i].r = ws[i].p.result
			continue
		}
		ws[i], ws[n] = ws[n], ws[i]
		n++
	}
	live := ws[:n]
	if n == 0 {
		return
	}
	s := b.s
	if n == 1 {
		// One world: the seat's one strategy is the open-card play, so
		// the exact search gives the same result at a fraction of the
		// cost (it prunes, and the table remembers). Groups shrink to one
		// world after a few of the opponent's answers.
		s.salt = live[0].salt
		live[0].r = s.value(&live[0].p)
		return
	}
	var ms [maxMoves]move
	mover := live[0].p.toMove()
	if mover == me {
		k := live[0].p.gen(&ms)
		if k == 1 {
			for i := range live {
				live[i].p.apply(ms[0])
			}
			b.iset(live, level, me, game)
			return
		}
		best, try := 0, 1 // buffers of the best move so far and the next
		bestV := -1.0
		for _, m := range ms[:k] {
			c := append(b.buf(level, try, n), live...)
			for i := range c {
				c[i].p.apply(m)
			}
			b.iset(c, level+1, me, game)
			v := 0.0
			for _, x := range c {
				v += x.w * bummerlChance(game, me, x.r)
			}
			if v > bestV {
				best, try, bestV = try, best, v
			}
		}
		copy(live, b.isetBuf[level][best][:n])
		return
	}
	for i := range live {
		p := &live[i].p
		s.salt = live[i].salt
		k := p.gen(&ms)
		bm, bv := ms[0], int8(0)
		for j, m := range ms[:k] {
			c := *p
			c.apply(m)
			v := c.result
			if v == 0 {
				v = s.valueNear(&c, bv)
			}
			if j == 0 || (mover == 0 && v > bv) || (mover == 1 && v < bv) {
				bm, bv = m, v
			}
		}
		p.apply(bm)
		live[i].m = bm
	}
	// The seat sees the opponent's move: the worlds part by it.
	slices.SortFunc(live, func(x, y iworld) int { return cmp.Compare(x.m, y.m) })
	for i := 0; i < n; {
		j := i + 1
		for j < n && live[j].m == live[i].m {
			j++
		}
		b.iset(live[i:j], level, me, game)
		i = j
	}
}

// horizonTricks is how many tricks the search looks ahead exactly before
// it plays a world on by the policy, by the face-down cards left: a full
// search of the open talon costs about 400,000 nodes at the first trick,
// 100,000 after one and 30,000 after two (docs/bot.md). Three tricks
// deep with 40 worlds chose better than two with 180 or one with 400.
func horizonTricks(facedown int) int {
	if facedown >= 7 {
		return 3
	}
	return 0
}

// seed starts the bot's random numbers from its seed and the view, so a
// decision depends on nothing else.
func (b *Bot) seed(v *View) {
	h := fnv.New64a()
	var buf []byte
	buf = append(buf, byte(v.Seat), byte(v.Trump), byte(v.GamePoints[0]), byte(v.GamePoints[1]))
	if v.TrumpCard != nil {
		buf = append(buf, byte(*v.TrumpCard)+1)
	}
	for _, c := range v.Hand {
		buf = append(buf, byte(c))
	}
	for _, st := range v.History {
		buf = append(buf, st.Seat, byte(st.Kind), byte(st.Card), byte(st.Suit), byte(st.Took))
	}
	h.Write(buf)
	b.rng.Seed(b.opts.Seed, h.Sum64())
}

// rng is a PCG generator with a bounded draw that never allocates.
type rng struct{ rand.PCG }

// intN is a random number in [0, n) (Lemire's multiply-shift; its tiny
// bias does not matter here).
func (r *rng) intN(n int) int { return int((r.Uint64() >> 32) * uint64(n) >> 32) }

// popcount counts the cards of a set.
func popcount(set uint32) int { return bits.OnesCount32(set) }
