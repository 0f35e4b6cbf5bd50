package tournament

import (
	"slices"
	"strings"
)

// AddPlayer registers a player; the name is required. IDs are 1, 2, … in
// order of registration.
func (t *Tournament) AddPlayer(name, club, phone string) (PlayerID, error) {
	if err := validName(name); err != nil {
		return 0, err
	}
	id := PlayerID(1)
	if n := len(t.Players); n > 0 {
		id = t.Players[n-1].ID + 1
	}
	t.Players = append(t.Players, cleanPlayer(Player{ID: id, Name: name, Club: club, Phone: phone}))
	t.Version++
	return id, nil
}

func cleanPlayer(p Player) Player {
	p.Name = strings.TrimSpace(p.Name)
	p.Club = strings.TrimSpace(p.Club)
	p.Phone = strings.TrimSpace(p.Phone)
	return p
}

// EditPlayer changes the name, club and phone of the player with p.ID.
func (t *Tournament) EditPlayer(p Player) error {
	i := t.playerIndex(p.ID)
	if i < 0 {
		return notFound("player_not_found", "player", int(p.ID))
	}
	if err := validName(p.Name); err != nil {
		return err
	}
	t.Players[i] = cleanPlayer(p)
	t.Version++
	return nil
}

func (t *Tournament) playerIndex(id PlayerID) int {
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
	pl, ok := t.Player(p)
	switch {
	case !ok:
		return nil, notFound("player_not_found", "player", int(p))
	case k < 1:
		return nil, invalid("sell_count_invalid", "count", k)
	case t.drawn():
		return nil, conflict("sales_closed", "")
	}
	if held := t.held(p); held+k > t.Settings.MaxCards {
		return nil, invalid("max_cards_exceeded", "count", pl.Name, held, t.Settings.MaxCards)
	}
	if free := t.Settings.Cards - t.Sold(); k > free {
		return nil, invalid("cards_sold_out", "count", free)
	}
	used := make([]bool, t.Settings.Cards+1)
	sale := 0
	for _, c := range t.Cards {
		if c.No > 0 && int(c.No) < len(used) {
			used[c.No] = true
		}
		sale = max(sale, c.Sale)
	}
	nos := make([]CardNo, 0, k)
	for no := CardNo(1); len(nos) < k; no++ {
		if !used[no] {
			nos = append(nos, no)
			sale++
			t.Cards = append(t.Cards, Card{No: no, Player: p, Sale: sale})
		}
	}
	sortCards(t.Cards)
	t.Version++
	return nos, nil
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
	t.Version++
	return nil
}
