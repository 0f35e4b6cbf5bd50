package thousand

import (
	"encoding/json"
	"strings"
	"testing"
)

// View (R-11, R-12, RL-6): other hands and the stock before the bidding
// ends are hidden; the given cards only to the declarer.
func TestViewHides(t *testing.T) {
	d, _ := NewDeal(Options{}, 2, cards(t, d1))
	for seat := range 3 {
		v := d.View(seat)
		if v.Stock != nil || len(v.Hand) != 7 || v.Cards[(seat+1)%3] != 7 {
			t.Errorf("seat %d sees %+v", seat, v)
		}
		b, _ := json.Marshal(v)
		for other := range 3 {
			if other == seat {
				continue
			}
			for _, c := range d.Hand(other).Cards() {
				if strings.Contains(string(b), `"`+c.String()+`"`) {
					t.Errorf("seat %d sees %s of seat %d", seat, c, other)
				}
			}
		}
		if (seat == 1) != (len(v.Legal) > 0) {
			t.Errorf("seat %d legal %v", seat, v.Legal)
		}
	}
	d4, _ := NewDeal(Options{Players: 4}, 3, cards(t, d1))
	if v := d4.View(3); len(v.Stock) != 3 || len(v.Hand) != 0 { // the dealer holds the stock
		t.Errorf("4p dealer sees %+v", v)
	}
	if v := d4.View(0); v.Stock != nil {
		t.Errorf("4p seat 0 sees the stock")
	}
	run(t, &d, false, "1 pass", "2 pass", "0 give 9S 1")
	if v := d.View(2); len(v.Stock) != 3 || v.Given != nil {
		t.Errorf("seat 2 after the bidding: %+v", v)
	}
	if v := d.View(0); len(v.Given) != 1 || *v.Declarer != 0 {
		t.Errorf("declarer: %+v", v)
	}
	finish(t, &d)
	if v := d.View(1); v.Verdict == nil || v.Legal != nil {
		t.Errorf("after the deal: %+v", v)
	}
}

// RL-26, RL-32: a blind winning bid doubles the deal scores,
// not the penalties; a seat that made a non-blind call cannot bid blind.
func TestBlindBid(t *testing.T) {
	d, _ := NewDeal(Options{Blind: true}, 2, cards(t, d1))
	var buf [MaxActions]Action
	if l := d.Legal(&buf); len(l) != 3 || !l[2].Blind {
		t.Fatalf("legal %v", l)
	}
	// seat 0 only had the forced opening: he may still bid blind (RL-32)
	run(t, &d, false, "1 bid 105", "2 pass", "0 bid 110 blind")
	refuse(t, &d, false, "1 bid 115 blind", CodeBid) // seat 1 bid openly
	run(t, &d, false, "1 pass")
	if !d.blind || d.Declarer() != 0 {
		t.Fatalf("blind %v declarer %d", d.blind, d.Declarer())
	}
	finish(t, &d)
	o, _ := d.Outcome()
	if !o.Blind || (o.Scores[0] != 220 && o.Scores[0] != -220) || o.Scores[1] != 2*Round5(o.Points[1]) {
		t.Errorf("outcome %+v", o)
	}
	plain, _ := NewDeal(Options{}, 2, cards(t, d1))
	refuse(t, &plain, true, "1 bid 105 blind", CodeBid)
}
