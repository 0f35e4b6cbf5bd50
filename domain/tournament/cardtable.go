package tournament

// cardTable holds one value per card number in a slice. The rules look
// cards up thousands of times per call in a 4096-card tournament, where
// maps cost most of the time. Numbers outside 1 … len-1 read as the zero
// value and are not stored, so bad input cannot make it panic.
type cardTable[V any] []V

// newCardTable makes a table for the card numbers 1 … maxNo.
func newCardTable[V any](maxNo CardNo) cardTable[V] {
	return make(cardTable[V], max(maxNo, 0)+1)
}

func (ct cardTable[V]) get(c CardNo) (v V) {
	if c > 0 && int(c) < len(ct) {
		v = ct[c]
	}
	return v
}

func (ct cardTable[V]) set(c CardNo, v V) {
	if c > 0 && int(c) < len(ct) {
		ct[c] = v
	}
}

// maxCardNo is the highest number of a sold card, 0 when none is sold.
func maxCardNo(cards []Card) CardNo {
	n := CardNo(0)
	for _, c := range cards {
		n = max(n, c.No)
	}
	return n
}

// owners tells the player of every sold card.
func (t *Tournament) owners() cardTable[PlayerID] {
	owner := newCardTable[PlayerID](maxCardNo(t.Cards))
	for _, c := range t.Cards {
		owner.set(c.No, c.Player)
	}
	return owner
}
