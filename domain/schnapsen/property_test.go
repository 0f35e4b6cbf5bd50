package schnapsen

import (
	"errors"
	"testing"
)

// checkCards: every card of the deck lies exactly once in a hand, the
// talon (trump card included), a trick, or on the table.
func checkCards(t *testing.T, d *Deal, deck cardSet) {
	t.Helper()
	var seen cardSet
	add := func(s cardSet) {
		if seen&s != 0 {
			t.Fatalf("cards %b appear twice", seen&s)
		}
		seen |= s
	}
	add(d.hands[0])
	add(d.hands[1])
	add(d.won[0])
	add(d.won[1])
	add(setOf(d.talon[d.next:d.size]))
	if d.led {
		add(1 << d.lead)
	}
	if seen != deck {
		t.Fatalf("cards %b missing, %b extra", deck&^seen, seen&^deck)
	}
}

// checkVerdict: the result agrees with the rules that produced it.
func checkVerdict(t *testing.T, d *Deal) {
	t.Helper()
	v := d.Verdict()
	switch {
	case !v.Finished:
		t.Fatal("a deal that is over gives an unfinished verdict")
	case v.Points < 1 || v.Points > 3: // S-14 … S-17
		t.Fatalf("verdict with %d game points", v.Points)
	case v.Winner != 0 && v.Winner != 1 || !v.Reason.Valid():
		t.Fatalf("verdict %+v", v)
	case v.AtAction != int(d.actions)-1:
		t.Fatalf("at_action %d after %d actions", v.AtAction, d.actions)
	}
	allPlayed := d.hands[0]|d.hands[1] == 0 && !d.led
	trickPoints := int(d.points[0]) + int(d.points[1])
	switch v.Reason {
	case LastTrick: // S-16, X-4: 120 card points, 130 with the last-trick bonus
		want := 120
		if d.sixty {
			want = 130
		}
		if !allPlayed || d.closer >= 0 || trickPoints != want {
			t.Fatalf("last trick with %d trick points, all played %v, closer %d", trickPoints, allPlayed, d.closer)
		}
		if v.Points > 1 && v.CardPoints[v.Winner] < winTarget {
			t.Fatalf("last trick scores %d with %d card points", v.Points, v.CardPoints[v.Winner])
		}
	case Declared:
		if v.CardPoints[v.Winner] < winTarget {
			t.Fatalf("declared with %d card points", v.CardPoints[v.Winner])
		}
	case WrongDeclaration:
		if v.CardPoints[1-v.Winner] >= winTarget {
			t.Fatalf("wrong declaration with %d card points", v.CardPoints[1-v.Winner])
		}
	case ClosingFailed:
		if d.closer < 0 || v.Winner == int(d.closer) || v.Points == 1 {
			t.Fatalf("closing failed: closer %d, verdict %+v", d.closer, v)
		}
	case Renonce:
		t.Fatal("live play produced a renonce")
	}
	for seat := range 2 { // trick points are the cards won, plus the X-4 bonus
		want := setPoints(d.won[seat])
		if d.sixty && v.Reason == LastTrick && seat == v.Winner {
			want += 10
		}
		if int(d.points[seat]) != want {
			t.Fatalf("seat %d has %d trick points for cards worth %d", seat, d.points[seat], want)
		}
	}
}

func setPoints(s cardSet) int {
	p := 0
	for c := range Card(NumCards) {
		if s.has(c) {
			p += c.Points()
		}
	}
	return p
}

// TestPropertiesRandomDeals plays 100,000 random deals per variant with
// both closing options and checks the invariants after every action.
func TestPropertiesRandomDeals(t *testing.T) {
	deals := 100_000
	if testing.Short() {
		deals = 10_000
	}
	for _, v := range []Variant{Soft, Sharp, SixtySix} {
		t.Run(string(v), func(t *testing.T) {
			r := newFastRand(uint64(len(v)))
			var buf [NumCards]Card
			var legal [MaxActions]Action
			reasons := map[Reason]int{}
			for i := range deals {
				closing := AtClose
				if i%2 == 1 {
					closing = CountLater
				}
				deck := r.shuffle(&buf, v)
				d, err := NewDeal(v, closing, deck)
				if err != nil {
					t.Fatal(err)
				}
				for !d.Over() {
					checkCards(t, &d, setOf(deck))
					ls := d.Legal(&legal)
					if len(ls) == 0 {
						t.Fatalf("deal %d: unfinished without a legal action", i)
					}
					for _, a := range ls {
						c := d
						if err := c.Apply(a); err != nil {
							t.Fatalf("deal %d: legal %v refused: %v", i, a, err)
						}
					}
					// Half the time only play cards, so many deals run to the end.
					a := ls[r.intN(len(ls))]
					if r.intN(2) == 0 && ls[0].Kind == Play {
						a = ls[r.intN(len(ls))]
						for a.Kind != Play {
							a = ls[r.intN(len(ls))]
						}
					}
					if err := d.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
				checkCards(t, &d, setOf(deck))
				checkVerdict(t, &d)
				reasons[d.Verdict().Reason]++
			}
			for _, r := range []Reason{Declared, WrongDeclaration, LastTrick, ClosingFailed} {
				if reasons[r] == 0 {
					t.Errorf("no deal ended %s in %d deals: %v", r, deals, reasons)
				}
			}
		})
	}
}

// allActions lists every action either seat could attempt.
func allActions(n int) []Action {
	var out []Action
	for seat := range uint8(2) {
		for c := range Card(n) {
			out = append(out, Action{Seat: seat, Kind: Play, Card: c})
		}
		for s := Hearts; s <= Clubs; s++ {
			out = append(out, Action{Seat: seat, Kind: Marriage, Suit: s})
		}
		out = append(out, Action{Seat: seat, Kind: Exchange}, Action{Seat: seat, Kind: Close}, Action{Seat: seat, Kind: Declare})
	}
	return out
}

// TestPropertyLegalIsExact: Apply accepts exactly the actions Legal lists,
// and Judge differs from Apply only by turning an S-7 violation into a renonce.
func TestPropertyLegalIsExact(t *testing.T) {
	for _, v := range []Variant{Soft, Sharp, SixtySix} {
		t.Run(string(v), func(t *testing.T) {
			r := newFastRand(7)
			all := allActions(NumCards)
			var buf [NumCards]Card
			var legal [MaxActions]Action
			for i := range 1000 {
				deck := r.shuffle(&buf, v)
				d, err := NewDeal(v, AtClose, deck)
				if err != nil {
					t.Fatal(err)
				}
				for !d.Over() {
					ls := d.Legal(&legal)
					ok := map[Action]bool{}
					for _, a := range ls {
						ok[a] = true
					}
					for _, a := range all {
						c, j := d, d
						err, jerr := c.Apply(a), j.Judge(a)
						if (err == nil) != ok[a] {
							t.Fatalf("deal %d: %v legal %v but Apply = %v", i, a, ok[a], err)
						}
						var de *Error
						if err != nil && !errors.As(err, &de) {
							t.Fatalf("Apply error %T is not an *Error", err)
						}
						if err != nil && de.Code == CodeMustFollow {
							if jerr != nil || j.Verdict().Reason != Renonce || j.Verdict().Winner == int(a.Seat) {
								t.Fatalf("deal %d: Judge of a wrong follow %v = %v, %+v", i, a, jerr, j.Verdict())
							}
							checkCards(t, &j, setOf(deck))
						} else if (err == nil) != (jerr == nil) {
							t.Fatalf("deal %d: Apply %v and Judge %v disagree on %v", i, err, jerr, a)
						}
					}
					if err := d.Apply(ls[r.intN(len(ls))]); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}
