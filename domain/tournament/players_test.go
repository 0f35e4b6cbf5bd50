package tournament

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestAddPlayer(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	for i, name := range []string{" Huber Franz ", "Maier", "Huber Franz"} {
		id, err := tr.AddPlayer(name, " SV Kirchberg ", " 0664 123 ")
		must(t, err)
		if id != PlayerID(i+1) {
			t.Errorf("id = %d, want %d", id, i+1)
		}
	}
	p, ok := tr.Player(1)
	if !ok || p.Name != "Huber Franz" || p.Club != "SV Kirchberg" || p.Phone != "0664 123" {
		t.Errorf("Player(1) = %+v, %v", p, ok)
	}
	before := clone(t, tr)
	_, err := tr.AddPlayer(" \t", "", "")
	wantCode(t, err, "name_required")
	if err.(*Error).Field != "name" || err.(*Error).Kind != Invalid {
		t.Errorf("error = %+v", err)
	}
	unchanged(t, before, tr)
	if tr.Version != 4 {
		t.Errorf("version = %d, want 4 (new + 3 players)", tr.Version)
	}
}

// Every text of a player is checked by domain/text: bounded, one line, no
// invisible characters, NFC; the error names the field, and a refused
// sale, registration or correction changes nothing.
func TestPlayerTexts(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	tests := map[string]struct {
		p           Player
		code, field string
	}{
		"NFC":                {Player{Name: "Mu\u0308ller", Club: "SV Mo\u0308dling"}, "", ""},
		"name 80":            {Player{Name: long(80)}, "", ""},
		"name 81":            {Player{Name: long(81)}, "text_too_long", "name"},
		"club 81":            {Player{Name: "Huber", Club: long(81)}, "text_too_long", "club"},
		"club 950,000":       {Player{Name: "Huber", Club: long(950_000)}, "text_too_long", "club"},
		"phone 41":           {Player{Name: "Huber", Phone: long(41)}, "text_too_long", "phone"},
		"NUL in name":        {Player{Name: "Hu\x00ber"}, "text_control_character", "name"},
		"ESC in club":        {Player{Name: "Huber", Club: "\x1b[2J"}, "text_control_character", "club"},
		"newline in phone":   {Player{Name: "Huber", Phone: "0664\n123"}, "text_control_character", "phone"},
		"RLO in name":        {Player{Name: "Huber \u202eSV"}, "text_invisible_character", "name"},
		"zero-width in club": {Player{Name: "Huber", Club: "ASK\u200b"}, "text_invisible_character", "club"},
		"invalid UTF-8":      {Player{Name: "Hu\xffber"}, "text_invalid_utf8", "name"},
		"only invisible":     {Player{Name: "\u200b"}, "text_invisible_character", "name"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 2, false))
			_, err := tr.AddPlayer("Maier", "", "")
			must(t, err)
			before := clone(t, tr)
			for how, call := range map[string]func() error{
				"add": func() error { _, err := tr.AddPlayer(tc.p.Name, tc.p.Club, tc.p.Phone); return err },
				"sell to": func() error {
					_, _, err := tr.SellTo(tc.p, 1)
					return err
				},
				"edit": func() error { p := tc.p; p.ID = 1; return tr.EditPlayer(p) },
			} {
				err := call()
				wantCode(t, err, tc.code)
				if err != nil {
					if e := err.(*Error); e.Field != tc.field || e.Kind != Invalid || e.Text("de") == e.Text("en") {
						t.Errorf("%s: error %+v (%q)", how, e, e.Text("de"))
					}
					unchanged(t, before, tr)
					continue
				}
				p, _ := tr.Player(tr.Players[len(tr.Players)-1].ID)
				if how == "edit" {
					p, _ = tr.Player(1)
				}
				if strings.Contains(tc.p.Name, "u\u0308") && (p.Name != "Müller" || p.Club != "SV Mödling") {
					t.Errorf("%s: not NFC: %+v", how, p)
				}
				tr = clone(t, before)
			}
		})
	}
}

func TestEditPlayer(t *testing.T) {
	tests := map[string]struct {
		p    Player
		code string
	}{
		"rename":    {Player{ID: 1, Name: " Berger ", Club: "ASK"}, ""},
		"no name":   {Player{ID: 1, Name: ""}, "name_required"},
		"not found": {Player{ID: 9, Name: "X"}, "player_not_found"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 2, false))
			_, err := tr.AddPlayer("Huber", "", "0664")
			must(t, err)
			before := clone(t, tr)
			err = tr.EditPlayer(tc.p)
			wantCode(t, err, tc.code)
			if err != nil {
				unchanged(t, before, tr)
				return
			}
			if p, _ := tr.Player(1); p.Name != "Berger" || p.Club != "ASK" || p.Phone != "" {
				t.Errorf("player = %+v", p)
			}
		})
	}
}

// P-1: at most MaxCards per player and N in all; numbers are the lowest free ones.
func TestSell(t *testing.T) {
	tests := map[string]struct {
		player PlayerID
		k      int
		want   []CardNo
		code   string
	}{
		"one card":           {3, 1, []CardNo{2}, ""},
		"fills the gaps":     {3, 2, []CardNo{2, 4}, ""},
		"P-1 max per player": {2, 2, nil, "max_cards_exceeded"},
		"P-1 up to max":      {2, 1, []CardNo{2}, ""},
		"P-1 N in all":       {3, 2, nil, "cards_sold_out"},
		"zero cards":         {2, 0, nil, "sell_count_invalid"},
		"unknown player":     {7, 1, nil, "player_not_found"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 2, false))
			buyer(t, tr, "Huber", 2)             // 1, 2
			_, cards := buyer(t, tr, "Maier", 3) // 3, 4, 5
			buyer(t, tr, "Gruber", 2)            // 6, 7
			must(t, tr.CancelSale(2))
			must(t, tr.CancelSale(cards[1]))
			must(t, tr.CancelSale(7))
			if tc.code == "cards_sold_out" {
				buyer(t, tr, "Wimmer", 3) // 2, 4, 7: only 8 is left
			}
			before := clone(t, tr)
			got, err := tr.Sell(tc.player, tc.k)
			wantCode(t, err, tc.code)
			if err != nil {
				unchanged(t, before, tr)
				return
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Sell = %v, want %v", got, tc.want)
			}
			for _, c := range got {
				card, ok := tr.Card(c)
				if !ok || card.Player != tc.player {
					t.Errorf("card %d = %+v", c, card)
				}
			}
			if tr.Sold() != before.Sold()+tc.k || tr.Version != before.Version+1 {
				t.Errorf("sold %d, version %d", tr.Sold(), tr.Version)
			}
		})
	}
}

// Issue 23: the desk hands out pre-printed cards and sells the numbers on
// them: each from 1 to N, once, not sold yet, as many as the count; a
// refused sale changes nothing and adds no player.
func TestSellNumbers(t *testing.T) {
	tests := map[string]struct {
		p       Player
		k       int
		numbers []CardNo
		want    []CardNo
		code    string
	}{
		"one pre-printed":      {Player{Name: "Maier"}, 1, []CardNo{7}, []CardNo{7}, ""},
		"to a player found":    {Player{ID: 1}, 1, []CardNo{8}, []CardNo{8}, ""},
		"sorted":               {Player{Name: "Maier"}, 2, []CardNo{6, 3}, []CardNo{3, 6}, ""},
		"sold already":         {Player{Name: "Maier"}, 1, []CardNo{2}, nil, "card_sold"},
		"above N":              {Player{Name: "Maier"}, 1, []CardNo{9}, nil, "card_number_range"},
		"zero":                 {Player{Name: "Maier"}, 1, []CardNo{0}, nil, "card_number_range"},
		"twice":                {Player{Name: "Maier"}, 2, []CardNo{5, 5}, nil, "card_number_twice"},
		"count and numbers":    {Player{Name: "Maier"}, 2, []CardNo{5}, nil, "sell_numbers_count"},
		"P-1 max still counts": {Player{ID: 1}, 3, []CardNo{4, 5, 6}, nil, "max_cards_exceeded"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 2, false))
			buyer(t, tr, "Huber", 1)  // 1
			buyer(t, tr, "Gruber", 1) // 2
			before := clone(t, tr)
			id, got, err := tr.SellTo(tc.p, tc.k, tc.numbers...)
			wantCode(t, err, tc.code)
			if err != nil {
				unchanged(t, before, tr)
				return
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("SellTo = %v, want %v", got, tc.want)
			}
			for _, no := range got {
				if c, ok := tr.Card(no); !ok || c.Player != id {
					t.Errorf("card %d = %+v, want player %d's", no, c, id)
				}
			}
			// A sale without numbers goes on with the lowest free one.
			want := CardNo(3)
			if slices.Contains(got, 3) {
				want = 4
			}
			if _, next := buyer(t, tr, "Next", 1); next[0] != want {
				t.Errorf("next sale after %v: card %d, want %d", got, next[0], want)
			}
		})
	}
	// The refusal names the holder of the card.
	tr := mustNew(t, settings(8, 2, false))
	buyer(t, tr, "Huber", 1)
	_, _, err := tr.SellTo(Player{Name: "Maier"}, 1, 1)
	var e *Error
	if !errors.As(err, &e) || e.Text("de") != "Karte 1 ist schon verkauft, an Huber" {
		t.Errorf("refusal %v", err)
	}
}

// P-1: the sale desk sells to a player found or to a new one in one step;
// a refused sale leaves the tournament as it was, with no new player.
func TestSellTo(t *testing.T) {
	tests := map[string]struct {
		p    Player
		k    int
		want []CardNo
		code string
	}{
		"found player":         {Player{ID: 1}, 1, []CardNo{3}, ""},
		"new player":           {Player{Name: " Maier ", Club: "Kirchberg"}, 2, []CardNo{3, 4}, ""},
		"new player, no name":  {Player{Name: " "}, 1, nil, "name_required"},
		"new player, too many": {Player{Name: "Maier"}, 4, nil, "max_cards_exceeded"},
		"unknown player":       {Player{ID: 9}, 1, nil, "player_not_found"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 2, false))
			buyer(t, tr, "Huber", 2) // 1, 2
			before := clone(t, tr)
			id, got, err := tr.SellTo(tc.p, tc.k)
			wantCode(t, err, tc.code)
			if err != nil {
				unchanged(t, before, tr)
				return
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("SellTo = %v, want %v", got, tc.want)
			}
			p, ok := tr.Player(id)
			if !ok || (tc.p.ID == 0 && (p.Name != "Maier" || p.Club != "Kirchberg")) {
				t.Errorf("buyer %d = %+v", id, p)
			}
			for _, c := range got {
				if card, _ := tr.Card(c); card.Player != id {
					t.Errorf("card %d = %+v, want held by %d", c, card, id)
				}
			}
		})
	}
}

// P-4: each card gets the next sale sequence, so later sales draw later.
func TestSaleOrder(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	a, _ := buyer(t, tr, "A", 1)
	b, _ := buyer(t, tr, "B", 2)
	_, err := tr.Sell(a, 1)
	must(t, err)
	var sales []int
	for _, c := range tr.Cards {
		sales = append(sales, c.Sale)
	}
	if !slices.Equal(sales, []int{1, 2, 3, 4}) || tr.Cards[3].Player != a || tr.Cards[1].Player != b {
		t.Errorf("cards = %+v", tr.Cards)
	}
}

func TestSalesClosedAfterDraw(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	id, _ := buyer(t, tr, "Huber", 1)
	sellOut(t, tr, 5)
	wantCode(t, tr.CancelSale(8), "card_not_found")
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
	before := clone(t, tr)
	_, err := tr.Sell(id, 1)
	wantCode(t, err, "sales_closed")
	wantCode(t, tr.CancelSale(1), "sales_closed")
	if ErrorKind(err) != Conflict {
		t.Errorf("kind = %q", ErrorKind(err))
	}
	unchanged(t, before, tr)
}

// CardsByPlayer groups the sold cards by their holder in card order (P-1),
// whatever order the cards are kept in (a loaded tournament need not be
// sorted); a player without a card has no entry, and CardsOf agrees.
func TestCardsByPlayer(t *testing.T) {
	tests := map[string]struct {
		sell func(t *testing.T, tr *Tournament)
		want map[PlayerID][]CardNo
	}{
		"none sold": {func(*testing.T, *Tournament) {}, map[PlayerID][]CardNo{}},
		"P-1 several cards each": {func(t *testing.T, tr *Tournament) {
			buyer(t, tr, "Huber", 2) // 1, 2
			buyer(t, tr, "Maier", 1) // 3
			_, err := tr.Sell(1, 1)  // 4
			must(t, err)
		}, map[PlayerID][]CardNo{1: {1, 2, 4}, 2: {3}}},
		"without a card": {func(t *testing.T, tr *Tournament) {
			buyer(t, tr, "Huber", 2)
			_, err := tr.AddPlayer("Maier", "", "")
			must(t, err)
		}, map[PlayerID][]CardNo{1: {1, 2}}},
		"a sale cancelled": {func(t *testing.T, tr *Tournament) {
			buyer(t, tr, "Huber", 3) // 1, 2, 3
			buyer(t, tr, "Maier", 1) // 4
			must(t, tr.CancelSale(2))
			must(t, tr.CancelSale(4))
		}, map[PlayerID][]CardNo{1: {1, 3}}},
		"loaded unsorted": {func(t *testing.T, tr *Tournament) {
			buyer(t, tr, "Huber", 2) // 1, 2
			buyer(t, tr, "Maier", 2) // 3, 4
			_, err := tr.Sell(1, 1)  // 5
			must(t, err)
			slices.Reverse(tr.Cards)
		}, map[PlayerID][]CardNo{1: {1, 2, 5}, 2: {3, 4}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 2, false))
			tc.sell(t, tr)
			got := tr.CardsByPlayer()
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("CardsByPlayer = %v, want %v", got, tc.want)
			}
			for _, p := range tr.Players {
				if of := tr.CardsOf(p.ID); !slices.Equal(of, tc.want[p.ID]) {
					t.Errorf("CardsOf(%d) = %v, want %v", p.ID, of, tc.want[p.ID])
				}
			}
		})
	}
}
