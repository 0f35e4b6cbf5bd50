package bot

import (
	"math/bits"

	"bummerl/domain/schnapsen"
)

// solver finds the value of a world by alpha-beta search to the end of the
// deal, with every card known (perfect information). A value is the
// deal's result: the winner's game points, positive for seat 0 (pos.result);
// seat 0 maximises it, seat 1 minimises it. Every measure of a result the
// bot uses (game points, the deal, the Bummerl) orders the results alike,
// so one search serves them all. It allocates only its transposition
// table, once.
type solver struct {
	tt    []ttEntry
	shift uint8
	// salt names the world searched: it is in every key, so entries of
	// other worlds (other decisions too) never match. Stale entries are
	// only overwritten, so a decision does not depend on the ones before.
	salt uint64
	// horizon is the talon index from which an open-talon position on lead
	// is valued by playing it on (playout) instead of searching; 0: none.
	horizon uint8
	nodes   int
	// stack holds the position of each ply: a child copied into a local
	// would move to the heap, as the search is recursive.
	stack [maxPly]pos
}

// maxPly bounds a deal's steps: 24 cards, an exchange, a closing.
const maxPly = 28

type ttEntry struct {
	k1, k2 uint64
	lo, hi int8 // bounds of the value
	best   move
}

// ttMinCards: positions with this many cards in hand or fewer skip the table.
const ttMinCards = 8

// ttBits sizes the table: 2^16 entries of 24 bytes.
const ttBits = 16

func newSolver() *solver {
	return &solver{tt: make([]ttEntry, 1<<ttBits), shift: 64 - ttBits}
}

// key packs everything of p that the rest of the deal depends on, given
// the world (the talon order, named by salt): the played cards follow
// from the hands and the talon index, seat 1's trick points from seat 0's;
// of the points at closing only S-14's bound matters (count-later does
// not use them).
func (p *pos) key(salt uint64) (uint64, uint64) {
	led := uint64(0)
	if p.led {
		led = 1 | uint64(p.lead)<<1
	}
	k1 := uint64(p.hand[0]) | uint64(p.hand[1])<<24 | uint64(p.next)<<48 | uint64(p.leader)<<52 | led<<53
	k2 := uint64(p.pts[0]) | uint64(p.melds[0])<<7 | uint64(p.melds[1])<<14 |
		uint64(min(p.tricks[0], 1))<<21 | uint64(min(p.tricks[1], 1))<<22 |
		uint64(p.closer+1)<<23 | b2u(p.closePts <= 32)<<25 | uint64(min(p.closeTricks, 1))<<26 | salt<<33
	return k1, k2
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

const (
	lowest  int8 = -4 // below every result
	highest int8 = 4  // above every result
)

// maxSalt bounds the salts of worlds; the bit above names the
// win-or-lose searches of wins.
const maxSalt = 1<<30 - 1

// newWorld starts the search of another world (salt 0 is never used, so
// an empty entry matches no key).
func (s *solver) newWorld() {
	if s.salt++; s.salt > maxSalt {
		clear(s.tt)
		s.salt = 1
	}
}

// value is the exact result of p.
func (s *solver) value(p *pos) int8 { return s.valueNear(p, 0) }

// valueNear is the exact result of p by MTD(f): null-window searches
// from guess towards the value; with the table they cost less than one
// search with an open window.
func (s *solver) valueNear(p *pos, guess int8) int8 {
	lower, upper := lowest, highest
	g := guess
	for lower < upper {
		beta := max(g, lower+1)
		s.stack[0] = *p
		g = s.search(0, beta-1, beta)
		if g < beta {
			upper = g
		} else {
			lower = g
		}
	}
	return g
}

// wins reports whether seat wins p: a null-window search under a salt
// of its own, so its bounds never meet the other searches' entries.
func (s *solver) wins(p *pos, seat uint8) bool {
	salt := s.salt
	s.salt |= 1 << 30
	s.stack[0] = *p
	v := s.search(0, 0, 1)
	s.salt = salt
	return (v > 0) == (seat == 0)
}

// search is fail-soft alpha-beta: seat 0 maximises, seat 1 minimises.
func (s *solver) search(ply int, alpha, beta int8) int8 {
	s.nodes++
	p := &s.stack[ply]
	if p.result != 0 {
		return p.result
	}
	if s.horizon > 0 && p.next >= s.horizon && !p.led && !p.strict() {
		return s.playout(ply, alpha, beta)
	}
	// The last tricks are searched without the table: they are quicker
	// to search again than to look up in memory.
	var e *ttEntry
	var k1, k2 uint64
	if bits.OnesCount32(p.hand[0]|p.hand[1]) > ttMinCards {
		k1, k2 = p.key(s.salt)
		e = &s.tt[(k1*0x9E3779B97F4A7C15^k2*0xC2B2AE3D27D4EB4F)>>s.shift]
	}
	var hint move = 255
	lo, hi := lowest, highest
	if e != nil && e.k1 == k1 && e.k2 == k2 {
		lo, hi = e.lo, e.hi
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		hint = e.best
	}
	var moves [maxMoves]move
	n := p.gen(&moves)
	s.order(p, moves[:n], hint)
	maxing := p.toMove() == 0
	best, bestMove := highest, moves[0]
	if maxing {
		best = lowest
	}
	a, b := alpha, beta
	for _, m := range moves[:n] {
		c := &s.stack[ply+1]
		*c = *p
		c.apply(m)
		v := s.search(ply+1, a, b)
		if maxing {
			if v > best {
				best, bestMove = v, m
				a = max(a, v)
			}
		} else if v < best {
			best, bestMove = v, m
			b = min(b, v)
		}
		if a >= b {
			break
		}
	}
	// best is exact inside (alpha, beta), a bound outside.
	switch {
	case best <= alpha:
		hi = best
	case best >= beta:
		lo = best
	default:
		lo, hi = best, best
	}
	if e != nil {
		*e = ttEntry{k1: k1, k2: k2, lo: lo, hi: hi, best: bestMove}
	}
	return best
}

// playout plays the position at ply on by the policy until the talon is
// exhausted, then searches the rest exactly.
func (s *solver) playout(ply int, alpha, beta int8) int8 {
	c := &s.stack[ply+1]
	*c = s.stack[ply]
	for c.result == 0 && !c.strict() {
		c.apply(c.policy())
		s.nodes++
	}
	return s.search(ply+1, alpha, beta)
}

// order sorts moves best-first by a cheap guess: the table's move, then
// the exchange and marriages, then tricks won cheaply and discards of
// low cards.
func (s *solver) order(p *pos, moves []move, hint move) {
	if len(moves) < 2 {
		return
	}
	var score [maxMoves]int
	opp := p.hand[1-p.toMove()]
	trumps := suitMask(p.trump)
	for i, m := range moves {
		var v int
		c := m.card()
		switch m.kind() {
		case mExchange:
			v = 300
		case mClose:
			v = -100
		case mMarry:
			v = 200 + int(cardPoints[c])
			if c.Suit() == p.trump {
				v += 20
			}
		default:
			switch {
			case p.led && beats(p.lead, c, p.trump):
				v = 100 + int(cardPoints[p.lead]) - int(cardPoints[c])
			case p.led:
				v = -discardCost(c, p.trump)
			default:
				// A lead the opponent cannot beat scores; else lead low.
				// Under S-7 he must follow suit before he may trump.
				beaten := opp&higher[c] != 0
				if !beaten && c.Suit() != p.trump && opp&trumps != 0 {
					beaten = !p.strict() || opp&suitMask(c.Suit()) == 0
				}
				if beaten {
					v = -discardCost(c, p.trump)
				} else {
					v = 50 + int(cardPoints[c])
				}
			}
		}
		if m == hint {
			v = 1000
		}
		score[i] = v
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && score[j] > score[j-1]; j-- {
			score[j], score[j-1] = score[j-1], score[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// discardCost ranks giving card c away: its points, a trump dearer.
func discardCost(c card, trump suit) int {
	if c.Suit() == trump {
		return int(cardPoints[c]) + 20
	}
	return int(cardPoints[c])
}

// higher[c] holds the cards of c's suit that beat c.
var higher = func() (t [32]uint32) {
	for c := card(0); c < schnapsen.NumCards; c++ {
		t[c] = uint32(1)<<c - uint32(1)<<(6*uint(c.Suit()))
	}
	return
}()

// lowestCard is the lowest card of a non-empty set.
func lowestCard(set uint32) card { return card(bits.TrailingZeros32(set)) }
