package bot

import "math/bits"

// policy is a quick choice for the seat to move while the talon is open,
// used to play a world on beyond the search's horizon (it sees both
// hands, as the search does): exchange and announce at once, take a
// trick worth it with the cheapest card that wins, else give the
// cheapest card, keeping trumps and marriages.
func (p *pos) policy() move {
	s := p.toMove()
	hand := p.hand[s]
	if p.led {
		lead := p.lead
		if w := p.cheapestWinner(hand, lead); w != noCard {
			// An ace or ten led is worth a trump; a small card is worth
			// taking with an ace or ten of its suit (12 points or more).
			if cardPoints[lead] >= 10 || w.Suit() == lead.Suit() && cardPoints[w] >= 10 {
				return playOf(w)
			}
		}
		return playOf(p.cheapest(hand))
	}
	if p.canExchange() {
		return mExchange
	}
	if p.canMarry() {
		if m := pairs(hand); m != 0 {
			k := lowestCard(m)
			if t := m & suitMask(p.trump); t != 0 {
				k = lowestCard(t)
			}
			if p.has(sharp) {
				return marryOf(k)
			}
			return marryOf(k + 1) // lead the queen, keep the king
		}
	}
	// A card he cannot beat that brings 66 is led; else the cheapest.
	opp := p.hand[1-s]
	for set := hand; set != 0; set &= set - 1 {
		c := lowestCard(set)
		if p.cheapestWinner(opp, c) == noCard && p.counted(s)+int(cardPoints[c]) >= 66 && p.tricks[s] > 0 {
			return playOf(c)
		}
	}
	return playOf(p.cheapest(hand))
}

const noCard card = 255

// cheapestWinner is the cheapest card of hand that wins against lead
// with the talon open (a higher card of the suit, else the lowest trump),
// or noCard.
func (p *pos) cheapestWinner(hand uint32, lead card) card {
	ls := lead.Suit()
	if higher := hand & suitMask(ls) & (uint32(1)<<lead - 1); higher != 0 {
		return card(31 - bits.LeadingZeros32(higher)) // the lowest of the higher cards
	}
	if ls != p.trump {
		if t := hand & suitMask(p.trump); t != 0 {
			return card(31 - bits.LeadingZeros32(t))
		}
	}
	return noCard
}

// cheapest is the card to give away: the fewest points, a trump or a
// card of a marriage only when nothing else is left.
func (p *pos) cheapest(hand uint32) card {
	keep := suitMask(p.trump) | pairs(hand) | pairs(hand)<<1
	set := hand &^ keep
	if set == 0 {
		set = hand &^ suitMask(p.trump)
	}
	if set == 0 {
		set = hand
	}
	best, pts := noCard, 100
	for ; set != 0; set &= set - 1 {
		c := lowestCard(set)
		if v := int(cardPoints[c]); v < pts || v == pts && c > best {
			best, pts = c, v
		}
	}
	return best
}
