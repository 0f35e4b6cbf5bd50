package table

import "bummerl/domain/schnapsen"

// Snapshot is a deal after its first actions, with everything open: both
// hands, for replaying a deal after the match or for a ruling. Seats are
// the engine's (0 forehand, 1 dealer).
type Snapshot struct {
	Step      int // actions applied
	Hands     [2][]schnapsen.Card
	TrumpSuit schnapsen.Suit
	TrumpCard *schnapsen.Card // face up; nil once closed or drawn
	TalonLeft int
	Closer    *int
	Lead      *schnapsen.Card
	LastTrick []schnapsen.Card
	Points    [2]int // counted card points (S-9)
	Tricks    [2]int
	ToMove    int
	Marriages [2][]schnapsen.Suit
	Verdict   *schnapsen.Verdict // once decided
}

// Step replays rec's first k actions as a referee does (an S-7 violation
// is a renonce, S-8) and returns the deal then. err is a
// *schnapsen.RecordError naming the first impossible action, with the
// snapshot before it.
func Step(rec schnapsen.GameRecord, k int) (Snapshot, error) {
	d, err := schnapsen.NewDeal(rec.Variant, rec.Closing, rec.Deck)
	if err != nil {
		return Snapshot{}, &schnapsen.RecordError{Action: -1, Err: err}
	}
	k = max(0, min(k, len(rec.Actions)))
	for i, a := range rec.Actions[:k] {
		if err := d.Judge(a); err != nil {
			s := snapshot(&d, i)
			return s, &schnapsen.RecordError{Action: i, Err: err}
		}
	}
	return snapshot(&d, k), nil
}

func snapshot(d *schnapsen.Deal, step int) Snapshot {
	v0, v1 := d.View(0), d.View(1)
	s := Snapshot{Step: step, Hands: [2][]schnapsen.Card{v0.Hand, v1.Hand}, TrumpSuit: v0.TrumpSuit, TrumpCard: v0.TrumpCard,
		TalonLeft: v0.TalonLeft, Closer: v0.Closer, Lead: v0.Lead, LastTrick: v0.LastTrick, Points: d.CardPoints(),
		Tricks: d.Tricks(), ToMove: d.ToMove(), Marriages: v0.Marriages}
	if d.Over() {
		v := d.Verdict()
		s.Verdict = &v
		s.Lead = nil
	}
	return s
}
