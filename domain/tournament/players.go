package tournament

import (
	"math"
	"slices"

	"bummerl/domain/text"
)

// AddPlayer registers a player; the name is required. IDs are 1, 2, … in
// order of registration.
func (t *Tournament) AddPlayer(name, club, phone string) (PlayerID, error) {
	p, err := cleanPlayer(Player{Name: name, Club: club, Phone: phone})
	if err != nil {
		return 0, err
	}
	p.ID = 1
	if n := len(t.Players); n > 0 {
		p.ID = t.Players[n-1].ID + 1
	}
	t.Players = append(t.Players, p)
	t.Version++
	return p.ID, nil
}

// cleanPlayer checks and normalises a player's texts (domain/text): the
// name is required, club and phone are optional.
func cleanPlayer(p Player) (Player, error) {
	var err error
	if p.Name, err = requiredText(text.PlayerName, p.Name); err != nil {
		return p, err
	}
	if p.Club, err = cleanText(text.Club, p.Club); err != nil {
		return p, err
	}
	if p.Phone, err = cleanText(text.Phone, p.Phone); err != nil {
		return p, err
	}
	return p, nil
}

// EditPlayer changes the name, club and phone of the player with p.ID.
func (t *Tournament) EditPlayer(p Player) error {
	i := t.playerIndex(p.ID)
	if i < 0 {
		return notFound("player_not_found", "player", int(p.ID))
	}
	p, err := cleanPlayer(p)
	if err != nil {
		return err
	}
	// Renamed like another player, the two would be one name on every
	// list (issue 9): refused, with the other player named. Erased
	// players are no one's namesakes (ErasedName).
	for _, o := range t.Players {
		if o.ID != p.ID && !o.Erased() && NameKey(o.Name) == NameKey(p.Name) {
			return conflict("name_taken", "name", o.Name, int(o.ID))
		}
	}
	t.Players[i] = p
	t.Version++
	return nil
}

func (t *Tournament) playerIndex(id PlayerID) int {
	// AddPlayer numbers the players 1, 2, … in order; a loaded or edited
	// tournament need not be, so fall back to a search.
	if i := int(id) - 1; i >= 0 && i < len(t.Players) && t.Players[i].ID == id {
		return i
	}
	return slices.IndexFunc(t.Players, func(p Player) bool { return p.ID == id })
}

// Player looks a player up by ID.
func (t *Tournament) Player(id PlayerID) (Player, bool) {
	if i := t.playerIndex(id); i >= 0 {
		return t.Players[i], true
	}
	return Player{}, false
}

// Card looks a sold card up by number.
func (t *Tournament) Card(c CardNo) (Card, bool) {
	if i, ok := t.cardIndex(c); ok {
		return t.Cards[i], true
	}
	return Card{}, false
}

// cardIndex finds a card. The methods keep t.Cards sorted by number, but a
// loaded tournament need not be, so this does not rely on it.
func (t *Tournament) cardIndex(c CardNo) (int, bool) {
	i := slices.IndexFunc(t.Cards, func(x Card) bool { return x.No == c })
	return i, i >= 0
}

func sortCards(cards []Card) {
	slices.SortFunc(cards, func(a, b Card) int { return int(a.No - b.No) })
}

// CardsByPlayer is the numbers every player holds, in card order (P-1):
// a player without a card has no entry.
func (t *Tournament) CardsByPlayer() map[PlayerID][]CardNo {
	m := map[PlayerID][]CardNo{}
	for _, c := range t.Cards {
		m[c.Player] = append(m[c.Player], c.No)
	}
	for _, cards := range m { // a loaded tournament's cards need not be sorted
		slices.Sort(cards)
	}
	return m
}

// Sold is the number of cards sold.
func (t *Tournament) Sold() int { return len(t.Cards) }

// held is the number of cards player p bought.
func (t *Tournament) held(p PlayerID) int {
	n := 0
	for _, c := range t.Cards {
		if c.Player == p {
			n++
		}
	}
	return n
}

// Sell sells k cards to player p before the draw (P-1): at most MaxCards per
// player and N in all. The player gets the lowest free numbers; each card
// gets the next sale sequence, which orders the draw (P-4).
func (t *Tournament) Sell(p PlayerID, k int) ([]CardNo, error) {
	return t.sell(p, k, nil, !t.drawn())
}

// sell is Sell while sales are open, or for a late entry (SW-15); numbers,
// when given, are the cards to sell instead of the lowest free ones.
func (t *Tournament) sell(p PlayerID, k int, numbers []CardNo, open bool) ([]CardNo, error) {
	pl, ok := t.Player(p)
	switch {
	case !ok:
		return nil, notFound("player_not_found", "player", int(p))
	case k < 1:
		return nil, invalid("sell_count_invalid", "count", k)
	case len(numbers) > 0 && len(numbers) != k:
		return nil, invalid("sell_numbers_count", "numbers", k, len(numbers))
	}
	if err := t.saleOpen(open); err != nil {
		return nil, err
	}
	s := t.scanSales(p)
	if t.Settings.swiss() && k > 1-s.held { // SW-1
		return nil, conflict("swiss_one_entry", "count", pl.Name)
	}
	// Compared by subtraction, so a huge k cannot overflow past the checks
	// and size the allocation below (P-1).
	if k > t.Settings.MaxCards-s.held {
		return nil, invalid("max_cards_exceeded", "count", pl.Name, s.held, t.Settings.MaxCards)
	}
	if left := t.Settings.Cards - len(t.Cards); k > left {
		return nil, invalid("cards_sold_out", "count", left)
	}
	cards := t.Cards
	if !s.sorted { // a loaded tournament need not be sorted
		cards = slices.Clone(cards)
		sortCards(cards)
	}
	var free []CardNo
	if len(numbers) > 0 {
		var err error
		if free, err = t.freeNumbers(numbers); err != nil {
			return nil, err
		}
	} else if free = lowestFree(cards, k, CardNo(t.Settings.Cards), s.sorted); len(free) < k {
		return nil, invalid("cards_sold_out", "count", len(free)) // only a loaded tournament with numbers above N
	}
	// The new numbers are the lowest free ones: they go at the end unless
	// they fill gaps, which only cancellations and renumbering leave.
	merge := len(cards) > 0 && free[0] < cards[len(cards)-1].No
	for _, no := range free {
		s.lastSale++
		cards = append(cards, Card{No: no, Player: p, Sale: s.lastSale, PriceCents: t.Settings.PriceCents})
	}
	if merge {
		sortCards(cards)
	}
	t.Cards = cards
	t.drawChanged()
	t.Version++
	return free, nil
}

// SellTo is the sale desk's one action (P-1): k cards to the player p.ID,
// or, when p.ID is 0, to a new player of p's name, club and phone. A
// refused sale adds no player. A new player named like one already there
// is refused with player_exists (the desk asks; SellToNamesake sells to a
// different person of that name). The cards are the lowest free numbers,
// or, when given, the k numbers of pre-printed cards the desk hands out
// (docs/print.md): each from 1 to N and not sold yet.
func (t *Tournament) SellTo(p Player, k int, numbers ...CardNo) (PlayerID, []CardNo, error) {
	return t.sellTo(p, k, numbers, !t.drawn())
}

// sellTo is SellTo while sales are open, or for a late entry (SW-15).
func (t *Tournament) sellTo(p Player, k int, numbers []CardNo, open bool) (PlayerID, []CardNo, error) {
	if p.ID != 0 {
		sold, err := t.sell(p.ID, k, numbers, open)
		return p.ID, sold, err
	}
	// Nothing to ask about a namesake when nothing can be sold (issue 23).
	if err := t.saleOpen(open); err != nil {
		return 0, nil, err
	}
	if same, ok := t.Namesake(p.Name); ok {
		return 0, nil, t.PlayerExists(same)
	}
	players, version := t.Players, t.Version
	id, err := t.AddPlayer(p.Name, p.Club, p.Phone)
	if err != nil {
		return 0, nil, err
	}
	sold, err := t.sell(id, k, numbers, open)
	if err != nil {
		t.Players, t.Version = players, version
		return 0, nil, err
	}
	return id, sold, nil
}

// saleOpen refuses every sale while sales are closed or all N cards are
// sold (P-1).
func (t *Tournament) saleOpen(open bool) error {
	switch {
	case !open:
		return conflict("sales_closed", "")
	case len(t.Cards) >= t.Settings.Cards:
		return invalid("cards_all_sold", "count", t.Settings.Cards)
	}
	return nil
}

// salesScan is what Sell needs to know about the sold cards.
type salesScan struct {
	held     int  // cards player p holds
	lastSale int  // the highest sale sequence
	sorted   bool // cards strictly ascending by number
}

// scanSales looks at every sold card once, in a loop kept tight because
// Sell runs it for every purchase.
func (t *Tournament) scanSales(p PlayerID) salesScan {
	held, last, sorted := 0, 0, true
	prev := CardNo(math.MinInt)
	for _, c := range t.Cards {
		if c.Player == p {
			held++
		}
		last = max(last, c.Sale)
		sorted = sorted && prev < c.No
		prev = c.No
	}
	return salesScan{held: held, lastSale: last, sorted: sorted}
}

// freeNumbers checks the numbers of pre-printed cards to sell: each from 1
// to N, named once, not sold; it returns them in order.
func (t *Tournament) freeNumbers(numbers []CardNo) ([]CardNo, error) {
	out := slices.Clone(numbers)
	slices.Sort(out)
	for i, no := range out {
		switch {
		case no < 1 || int(no) > t.Settings.Cards:
			return nil, invalid("card_number_range", "numbers", int(no), t.Settings.Cards)
		case i > 0 && out[i-1] == no:
			return nil, invalid("card_number_twice", "numbers", int(no))
		}
		if c, ok := t.Card(no); ok {
			holder, _ := t.Player(c.Player)
			return nil, conflict("card_sold", "numbers", int(no), holder.Name)
		}
	}
	return out, nil
}

// lowestFree finds up to k lowest free numbers 1 … n among cards sorted by
// number; strict says no number repeats.
func lowestFree(cards []Card, k int, n CardNo, strict bool) []CardNo {
	free := make([]CardNo, 0, k)
	next, i := CardNo(1), 0
	if l := len(cards); strict && l > 0 && cards[0].No == 1 && cards[l-1].No == CardNo(l) {
		next, i = CardNo(l+1), l // 1 … l are all sold: the usual case, no walk
	}
	for ; next <= n && len(free) < k; next++ {
		for i < len(cards) && cards[i].No < next {
			i++
		}
		if i == len(cards) || cards[i].No != next {
			free = append(free, next)
		}
	}
	return free
}

// CancelSale takes a sold card back before the draw; its number is free again.
func (t *Tournament) CancelSale(c CardNo) error {
	i, ok := t.cardIndex(c)
	switch {
	case !ok:
		return notFound("card_not_found", "card", int(c))
	case t.drawn():
		return conflict("sales_closed", "")
	}
	t.Cards = slices.Delete(t.Cards, i, i+1)
	// The number is free again: a seed list must not hand its place to
	// whoever buys it next (SW-4).
	if t.SwissSeeds = slices.DeleteFunc(t.SwissSeeds, func(s CardNo) bool { return s == c }); len(t.SwissSeeds) == 0 {
		t.SwissSeeds = nil
	}
	t.drawChanged()
	t.Version++
	return nil
}
