package schnapsen

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// model is a second, deliberately naive reading of RULES.md S and X (card
// slices, no bit masks, no shared helpers with the engine). The
// differential test below plays random records through both and demands
// the same legal actions, the same refusals and the same verdict.
type model struct {
	sharp, sixty, later bool
	hands               [2][]Card
	stock               []Card // face-down talon top first, then the face-up trump card
	trump               Suit
	leader              int
	lead                *Card
	pending             int // suit of a marriage just announced, -1 if none
	closer              int // -1 if open
	closeTricks         int
	closePoints         int
	points, melds       [2]int
	tricks              [2]int
	over                bool
	winner, game        int
	reason              Reason
}

func newModel(v Variant, c Closing, deck []Card) *model {
	m := &model{sharp: v == Sharp, sixty: v == SixtySix, later: c == CountLater, pending: -1, closer: -1}
	at := func(idx ...int) []Card {
		var out []Card
		for _, i := range idx {
			out = append(out, deck[i-1]) // RULES.md counts cards from 1
		}
		return out
	}
	var trump Card
	if m.sixty {
		m.hands[0] = at(1, 2, 3, 7, 8, 9)
		m.hands[1] = at(4, 5, 6, 10, 11, 12)
		trump = deck[12]
		m.stock = append(m.stock, deck[13:]...)
	} else { // S-3
		m.hands[0] = at(1, 2, 3, 8, 9)
		m.hands[1] = at(4, 5, 6, 10, 11)
		trump = deck[6]
		m.stock = append(m.stock, deck[11:]...)
	}
	m.stock = append(m.stock, trump)
	m.trump = trump.Suit()
	return m
}

func (m *model) has(seat int, c Card) bool { return slices.Contains(m.hands[seat], c) }
func (m *model) remove(seat int, c Card) {
	m.hands[seat] = slices.DeleteFunc(m.hands[seat], func(x Card) bool { return x == c })
}
func (m *model) faceDown() int  { return max(0, len(m.stock)-1) }
func (m *model) strict() bool   { return m.closer >= 0 || len(m.stock) == 0 }
func (m *model) anyTrick() bool { return m.tricks[0]+m.tricks[1] > 0 }

// counted: marriages count once the seat has a trick (S-9).
func (m *model) counted(s int) int {
	if m.tricks[s] == 0 {
		return m.points[s]
	}
	return m.points[s] + m.melds[s]
}

func (m *model) toMove() int {
	if m.lead != nil {
		return 1 - m.leader
	}
	return m.leader
}

func s14Model(tricks, points int) int {
	switch {
	case tricks == 0:
		return 3
	case points <= 32:
		return 2
	}
	return 1
}

func (m *model) end(w, p int, r Reason) { m.over, m.winner, m.game, m.reason = true, w, p, r }

// mayFollow is S-7 spelled out with card ranks.
func (m *model) mayFollow(seat int, c Card) bool {
	lead := *m.lead
	var higher, same, trumps bool
	for _, h := range m.hands[seat] {
		if h.Suit() == lead.Suit() {
			same = true
			if h.Rank() < lead.Rank() {
				higher = true
			}
		}
		if h.Suit() == m.trump {
			trumps = true
		}
	}
	switch {
	case higher:
		return c.Suit() == lead.Suit() && c.Rank() < lead.Rank()
	case same:
		return c.Suit() == lead.Suit()
	case trumps:
		return c.Suit() == m.trump
	}
	return true
}

// step applies a; it returns false for an impossible action. A wrong
// follow is a renonce (referee mode).
func (m *model) step(a Action) bool {
	seat := m.toMove()
	if m.over || int(a.Seat) != seat {
		return false
	}
	if m.lead != nil { // follower: only a card
		if a.Kind != Play || !m.has(seat, a.Card) {
			return false
		}
		if m.strict() && !m.mayFollow(seat, a.Card) {
			m.end(m.leader, 3, Renonce)
			return true
		}
		m.trick(a.Card)
		return true
	}
	if m.pending >= 0 {
		switch {
		case a.Kind == Declare:
			m.declare(seat)
			return true
		case a.Kind != Play || a.Card.Suit() != Suit(m.pending) || !m.has(seat, a.Card):
			return false
		case a.Card.Rank() == King || (a.Card.Rank() == Queen && !m.sharp):
			m.pending = -1
			c := a.Card
			m.remove(seat, c)
			m.lead = &c
			return true
		}
		return false
	}
	switch a.Kind {
	case Play:
		if !m.has(seat, a.Card) {
			return false
		}
		c := a.Card
		m.remove(seat, c)
		m.lead = &c
	case Marriage:
		if a.Suit > Clubs || (m.sharp && !m.anyTrick()) || !m.has(seat, NewCard(King, a.Suit)) || !m.has(seat, NewCard(Queen, a.Suit)) {
			return false
		}
		m.pending = int(a.Suit)
		if a.Suit == m.trump {
			m.melds[seat] += 40
		} else {
			m.melds[seat] += 20
		}
	case Exchange:
		x := NewCard(Jack, m.trump)
		if m.sixty {
			x = NewCard(Nine, m.trump)
		}
		if m.closer >= 0 || m.faceDown() < 1 || !m.has(seat, x) || (m.sharp && (m.faceDown() < 2 || !m.anyTrick())) {
			return false
		}
		m.remove(seat, x)
		m.hands[seat] = append(m.hands[seat], m.stock[len(m.stock)-1])
		m.stock[len(m.stock)-1] = x
	case Close:
		if m.closer >= 0 || m.faceDown() < 2 {
			return false
		}
		m.closer = seat
		m.closeTricks, m.closePoints = m.tricks[1-seat], m.counted(1-seat)
	case Declare:
		if m.tricks[seat] == 0 {
			return false
		}
		m.declare(seat)
	default:
		return false
	}
	return true
}

func (m *model) trick(c Card) {
	lead := *m.lead
	f := 1 - m.leader
	m.remove(f, c)
	w := m.leader
	if (c.Suit() == lead.Suit() && c.Rank() < lead.Rank()) || (c.Suit() == m.trump && lead.Suit() != m.trump) {
		w = f
	}
	m.points[w] += c.Points() + lead.Points()
	m.tricks[w]++
	m.leader, m.lead = w, nil
	if m.closer < 0 && len(m.stock) > 0 { // S-6
		m.hands[w] = append(m.hands[w], m.stock[0])
		m.hands[1-w] = append(m.hands[1-w], m.stock[1])
		m.stock = m.stock[2:]
	}
	if len(m.hands[0])+len(m.hands[1]) > 0 {
		return
	}
	if m.closer >= 0 { // S-17: no S-16
		if w == m.closer && m.counted(w) >= 66 {
			m.closedSuccess()
		} else {
			m.closedFailure()
		}
		return
	}
	if m.sixty {
		m.points[w] += 10
	}
	if m.counted(w) >= 66 {
		m.end(w, s14Model(m.tricks[1-w], m.counted(1-w)), LastTrick)
	} else {
		m.end(w, 1, LastTrick)
	}
}

func (m *model) closedSuccess() {
	o := 1 - m.closer
	if m.later {
		m.end(m.closer, s14Model(m.tricks[o], m.counted(o)), Declared)
	} else {
		m.end(m.closer, s14Model(m.closeTricks, m.closePoints), Declared)
	}
}

func (m *model) closedFailure() {
	if m.closeTricks == 0 {
		m.end(1-m.closer, 3, ClosingFailed)
	} else {
		m.end(1-m.closer, 2, ClosingFailed)
	}
}

func (m *model) declare(seat int) {
	o := 1 - seat
	good := m.counted(seat) >= 66
	switch {
	case m.closer == seat && good:
		m.closedSuccess()
	case m.closer == seat, m.closer == o && good:
		m.closedFailure()
	case good:
		m.end(seat, s14Model(m.tricks[o], m.counted(o)), Declared)
	default: // S-15: the opponent scores what the declarer would have
		m.end(o, s14Model(m.tricks[o], m.counted(o)), WrongDeclaration)
	}
}

// candidates are all actions the seat to move might try, legal or not.
func candidates(seat uint8, variant Variant) []Action {
	var out []Action
	for _, c := range NewDeck(variant) {
		out = append(out, Action{Seat: seat, Kind: Play, Card: c})
	}
	for s := Hearts; s <= Clubs; s++ {
		out = append(out, Action{Seat: seat, Kind: Marriage, Suit: s})
	}
	return append(out, Action{Seat: seat, Kind: Exchange}, Action{Seat: seat, Kind: Close}, Action{Seat: seat, Kind: Declare})
}

// TestEngineAgreesWithModel plays random records through the engine and the
// naive model: every candidate action must be accepted by both or refused
// by both, Legal must list exactly the accepted ones that are no renonce,
// and the verdicts must agree.
func TestEngineAgreesWithModel(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 66))
	const deals = 6000
	seen := map[string]int{} // variant and reason, so the test shows it reached every ending
	for i := range deals {
		v := []Variant{Soft, Sharp, SixtySix}[i%3]
		c := []Closing{AtClose, CountLater}[i/3%2]
		deck := ShuffledDeck(v, r.Uint64())
		d, err := NewDeal(v, c, deck)
		if err != nil {
			t.Fatal(err)
		}
		m := newModel(v, c, deck)
		var trail []Action
		for !d.Over() {
			var buf [MaxActions]Action
			legal := d.Legal(&buf)
			var accepted, clean []Action
			for _, a := range candidates(uint8(d.ToMove()), v) {
				dc, mc := d, *m
				mc.hands = [2][]Card{slices.Clone(m.hands[0]), slices.Clone(m.hands[1])}
				mc.stock = slices.Clone(m.stock)
				engineOK, modelOK := dc.Judge(a) == nil, mc.step(a)
				if engineOK != modelOK {
					t.Fatalf("deal %d %s %s after %v: engine accepts %s: %v, model: %v", i, v, c, trail, a, engineOK, modelOK)
				}
				if engineOK {
					accepted = append(accepted, a)
					if !(mc.over && mc.reason == Renonce) {
						clean = append(clean, a)
					}
				}
			}
			if !sameSet(clean, legal) {
				t.Fatalf("deal %d %s after %v: legal %v, model %v", i, v, trail, legal, clean)
			}
			// Prefer playing on: declaring is rare, a renonce rarer.
			pick := clean[r.IntN(len(clean))]
			if pick.Kind == Declare && r.IntN(6) > 0 {
				pick = clean[0]
			}
			if r.IntN(200) == 0 {
				pick = accepted[r.IntN(len(accepted))]
			}
			if err := d.Judge(pick); err != nil {
				t.Fatal(err)
			}
			m.step(pick)
			trail = append(trail, pick)
		}
		got := d.Verdict()
		if !m.over || got.Winner != m.winner || got.Points != m.game || got.Reason != m.reason ||
			got.CardPoints != [2]int{m.counted(0), m.counted(1)} || got.Tricks != m.tricks || got.AtAction != len(trail)-1 {
			t.Fatalf("deal %d %s %s after %v: engine %+v, model over %v winner %d points %d %s card points %d/%d tricks %v",
				i, v, c, trail, got, m.over, m.winner, m.game, m.reason, m.counted(0), m.counted(1), m.tricks)
		}
		seen[string(v)+" "+string(got.Reason)]++
	}
	for _, v := range []Variant{Soft, Sharp, SixtySix} {
		for _, r := range []Reason{Declared, WrongDeclaration, LastTrick, ClosingFailed, Renonce} {
			if seen[string(v)+" "+string(r)] == 0 {
				t.Errorf("no %s deal ended by %s: %v", v, r, seen)
			}
		}
	}
	t.Log(seen)
}

func sameSet(a, b []Action) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}
