package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"bummerl/domain/schnapsen"
)

var variants = []schnapsen.Variant{schnapsen.Soft, schnapsen.Sharp, schnapsen.SixtySix}

// dealPos deals deck as schnapsen.NewDeal does (S-3, X-2).
func dealPos(v schnapsen.Variant, c schnapsen.Closing, deck []card) pos {
	p := pos{closer: -1}
	set := func(cs []card) (s uint32) {
		for _, c := range cs {
			s |= 1 << c
		}
		return
	}
	var trump card
	if v == schnapsen.SixtySix {
		p.rules |= sixty
		p.hand[0] = set(deck[0:3]) | set(deck[6:9])
		p.hand[1] = set(deck[3:6]) | set(deck[9:12])
		trump = deck[12]
		copy(p.talon[:], deck[13:24])
		p.size = 12
	} else {
		p.hand[0] = set(deck[0:3]) | set(deck[7:9])
		p.hand[1] = set(deck[3:6]) | set(deck[9:11])
		trump = deck[6]
		copy(p.talon[:], deck[11:20])
		p.size = 10
	}
	if v == schnapsen.Sharp {
		p.rules |= sharp
	}
	if c == schnapsen.CountLater {
		p.rules |= later
	}
	p.talon[p.size-1] = trump
	p.trump = trump.Suit()
	return p
}

// actionsOf is the engine's actions for search move m by seat s: a
// marriage is announced, then its card led or, at 66, declared.
func actionsOf(p *pos, m move) []schnapsen.Action {
	s := p.toMove()
	switch m.kind() {
	case mExchange:
		return []schnapsen.Action{{Seat: s, Kind: schnapsen.Exchange}}
	case mClose:
		return []schnapsen.Action{{Seat: s, Kind: schnapsen.Close}}
	case mMarry:
		return []schnapsen.Action{{Seat: s, Kind: schnapsen.Marriage, Suit: m.card().Suit()}, {Seat: s, Kind: schnapsen.Play, Card: m.card()}}
	}
	return []schnapsen.Action{{Seat: s, Kind: schnapsen.Play, Card: m.card()}}
}

// applyForced applies a to d, then declares for a seat on lead with 66
// (the arena rule of BOT-PROTOCOL.md).
func applyForced(t testing.TB, d *schnapsen.Deal, a schnapsen.Action) {
	t.Helper()
	if err := d.Apply(a); err != nil {
		t.Fatalf("engine refuses %v: %v", a, err)
	}
	if d.Over() {
		return
	}
	var buf [schnapsen.MaxActions]schnapsen.Action
	s := d.ToMove()
	for _, l := range d.Legal(&buf) {
		if l.Kind == schnapsen.Declare && d.CardPoints()[s] >= 66 {
			if err := d.Apply(l); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
}

// TestPosAgreesWithEngine plays random deals of every variant and
// closing in the search's state and in domain/schnapsen side by side:
// the same legal moves at every step and the same verdict (S, X, S-17).
func TestPosAgreesWithEngine(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	deals := 3000
	if testing.Short() {
		deals = 300
	}
	for i := range deals {
		v := variants[i%3]
		cl := schnapsen.AtClose
		if i%2 == 1 {
			cl = schnapsen.CountLater
		}
		deck := schnapsen.ShuffledDeck(v, r.Uint64())
		d, err := schnapsen.NewDeal(v, cl, deck)
		if err != nil {
			t.Fatal(err)
		}
		p := dealPos(v, cl, deck)
		var trail []move
		for p.result == 0 {
			if d.Over() {
				t.Fatalf("deal %d after %v: engine over (%+v), search not", i, trail, d.Verdict())
			}
			var ms [maxMoves]move
			n := p.gen(&ms)
			compareLegal(t, &d, &p, ms[:n], trail)
			m := ms[r.IntN(n)]
			trail = append(trail, m)
			for _, a := range actionsOf(&p, m) {
				if d.Over() { // a marriage that reached 66: declared
					break
				}
				applyForced(t, &d, a)
			}
			p.apply(m)
		}
		if !d.Over() {
			t.Fatalf("deal %d after %v: search over (%d), engine not", i, trail, p.result)
		}
		ver := d.Verdict()
		want := int8(ver.Points)
		if ver.Winner == 1 {
			want = -want
		}
		if p.result != want {
			t.Fatalf("deal %d %s %s after %v: search %d, engine %+v", i, v, cl, trail, p.result, ver)
		}
	}
}

// compareLegal checks that the search's moves are the engine's legal
// actions, declarations aside (the search declares only, and always, at 66).
func compareLegal(t *testing.T, d *schnapsen.Deal, p *pos, ms []move, trail []move) {
	t.Helper()
	var want, got []string
	var buf [schnapsen.MaxActions]schnapsen.Action
	for _, a := range d.Legal(&buf) {
		if a.Kind != schnapsen.Declare {
			want = append(want, a.String())
		}
	}
	for _, m := range ms {
		a := actionsOf(p, m)[0]
		if s := a.String(); !slices.Contains(got, s) {
			got = append(got, s)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		t.Fatalf("after %v: engine %v, search %v", trail, want, got)
	}
}
