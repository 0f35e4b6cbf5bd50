package schnapsen

import (
	"encoding/json"
	"strings"
	"testing"
)

// A seat's view hides the opponent's hand and the talon order; sharp
// Schnapsen shows no running card points (S-18).
func TestSeatView(t *testing.T) {
	for _, v := range []Variant{Soft, Sharp} {
		t.Run(string(v), func(t *testing.T) {
			rc := ruleCase{variant: v, deck: deckA, actions: "0 AH, 1 JH, 0 close"}
			rec := rc.record(t)
			d, err := NewDeal(rec.Variant, rec.Closing, rec.Deck)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range rec.Actions {
				if err := d.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			for seat := range 2 {
				view := d.View(seat)
				b, err := json.Marshal(view)
				if err != nil {
					t.Fatal(err)
				}
				s := string(b)
				for _, c := range d.Hand(1 - seat) {
					if strings.Contains(s, `"`+c.String()+`"`) {
						t.Errorf("seat %d sees the opponent's %s: %s", seat, c, s)
					}
				}
				for _, c := range d.talon[d.next:d.size] {
					if strings.Contains(s, `"`+c.String()+`"`) {
						t.Errorf("seat %d sees talon card %s: %s", seat, c, s)
					}
				}
				if view.Opponent != 5 || view.TrumpCard != nil || view.Closer == nil || *view.Closer != 0 {
					t.Errorf("seat %d: %+v", seat, view)
				}
				if (view.Points == nil) != (v == Sharp) {
					t.Errorf("seat %d in %s: points %v", seat, v, view.Points)
				}
				if (len(view.Legal) > 0) != (seat == 0) {
					t.Errorf("seat %d: legal %v, but seat 0 is to move", seat, view.Legal)
				}
			}
		})
	}
}

// S-18: in sharp Schnapsen tricks may not be looked at, so the last trick
// is shown only until the next card is led; soft shows it throughout.
func TestSeatViewLastTrick(t *testing.T) {
	tests := map[string]struct {
		variant Variant
		actions string
		shown   bool
	}{
		"soft, before the next lead":  {Soft, "0 AH, 1 JH", true},
		"soft, after the next lead":   {Soft, "0 AH, 1 JH, 0 TH", true},
		"sharp, before the next lead": {Sharp, "0 AH, 1 JH", true},
		"sharp, after the next lead":  {Sharp, "0 AH, 1 JH, 0 TH", false},
		"no trick yet":                {Soft, "0 AH", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rec := ruleCase{variant: tc.variant, deck: deckA, actions: tc.actions}.record(t)
			d, err := NewDeal(rec.Variant, rec.Closing, rec.Deck)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range rec.Actions {
				if err := d.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			for seat := range 2 {
				if got := d.View(seat).LastTrick; (got != nil) != tc.shown {
					t.Errorf("seat %d: last trick %v, shown want %v", seat, got, tc.shown)
				}
			}
		})
	}
}
