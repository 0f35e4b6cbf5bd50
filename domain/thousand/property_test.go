package thousand

import (
	"encoding/json"
	"flag"
	"fmt"
	"testing"
)

var propDeals = flag.Int("deals", 100000, "random deals of the property tests (T-49)")

// checkCards: every card lies exactly once in a hand, a trick won, on the
// table, or in the stock while it is face down.
func checkCards(t *testing.T, d *Deal) {
	t.Helper()
	var seen CardSet
	add := func(s CardSet) {
		if seen&s != 0 {
			t.Fatalf("cards %v appear twice", (seen & s).Cards())
		}
		seen |= s
	}
	for s := range 4 {
		add(d.hands[s])
		add(d.won[s])
	}
	if d.phase == Playing {
		add(setOf(d.table[:d.played]))
	}
	if d.phase == Bidding || (d.result != Unfinished && d.result != Played && d.gives == 0 && d.hands[d.declarer].Count() < 10) {
		if d.phase == Bidding || d.seenStockInHand() == 0 {
			add(d.stockSet())
		}
	}
	if seen != FullDeck {
		t.Fatalf("cards %v missing", (FullDeck &^ seen).Cards())
	}
}

// seenStockInHand is the part of the stock in the declarer's hand.
func (d *Deal) seenStockInHand() CardSet { return d.hands[d.declarer] & d.stockSet() }

// normal zeroes the fields an action of its kind ignores.
func normal(a Action) Action {
	n := Action{Seat: a.Seat, Kind: a.Kind}
	switch a.Kind {
	case Bid:
		n.Value, n.Blind = a.Value, a.Blind
	case Contract:
		n.Value = a.Value
	case Give:
		n.Card, n.To = a.Card, a.To
	case Play:
		n.Card = a.Card
	case Marriage:
		n.Suit = a.Suit
	}
	return n
}

// inLegal reports whether a is among the legal entries (ranges included)
// or an open claim.
func inLegal(d *Deal, a Action) bool {
	a = normal(a)
	var buf [MaxActions]Action
	var cbuf [4]Action
	for _, l := range append(d.Legal(&buf), d.Claims(&cbuf)...) {
		if l.Max > 0 {
			if l.Seat == a.Seat && l.Kind == a.Kind && l.Blind == a.Blind && a.Value >= l.Value && a.Value <= l.Max && a.Value%5 == 0 {
				return true
			}
			continue
		}
		if l == a {
			return true
		}
	}
	return false
}

// checkOutcome: T-49 and R-40 … R-45 on a deal that ended.
func checkOutcome(t *testing.T, d *Deal) {
	t.Helper()
	o, ok := d.Outcome()
	if !ok {
		t.Fatal("a deal that is over has no outcome")
	}
	mult := multiplier(o.Golden, o.Blind)
	for s := range o.Players {
		if o.Scores[s]%5 != 0 {
			t.Fatalf("score %d of seat %d is not a multiple of 5", o.Scores[s], s)
		}
	}
	if o.Result != Played {
		if o.Scores != [4]int{} || o.Bolts != [4]int{} {
			t.Fatalf("%v deal with scores %v bolts %v", o.Result, o.Scores, o.Bolts)
		}
		return
	}
	tricks, cp := 0, 0
	for s := range o.Players {
		tricks += o.Tricks[s]
		cp += o.CardPoints[s]
		if o.CardPoints[s] != d.won[s].Points() {
			t.Fatalf("seat %d: card points %d, tricks hold %d", s, o.CardPoints[s], d.won[s].Points())
		}
		switch {
		case s == o.Declarer:
			if want := o.Contract * mult; o.Scores[s] != want && o.Scores[s] != -want {
				t.Fatalf("declarer scores %d with contract %d", o.Scores[s], o.Contract)
			}
			if o.Made != (o.Points[s] >= o.Contract) || o.Bolts[s] != 0 {
				t.Fatalf("declarer %d points, contract %d, made %v, bolts %d", o.Points[s], o.Contract, o.Made, o.Bolts[s])
			}
		default:
			if diff := o.Scores[s]/mult - o.Points[s]; diff < -2 || diff > 2 {
				t.Fatalf("seat %d scores %d for %d points", s, o.Scores[s], o.Points[s])
			}
			if (o.Tricks[s] == 0) != (o.Bolts[s] > 0) && !(o.Players == 4 && s == o.Dealer) {
				t.Fatalf("seat %d: %d tricks, %d bolts", s, o.Tricks[s], o.Bolts[s])
			}
		}
	}
	if tricks != 8 || cp != 120 {
		t.Fatalf("%d tricks with %d card points", tricks, cp)
	}
	if len(o.Penalties) != 0 {
		t.Fatal("live play produced a penalty")
	}
}

// TestT49RandomDeals (R-40, R-48 … R-50): random legal deals in every
// form; 100,000 by default (-deals N to change).
func TestT49RandomDeals(t *testing.T) {
	n := *propDeals
	if testing.Short() {
		n = 5000
	}
	forms := []Options{{Players: 3}, {Players: 4}, {Players: 3, Golden: true}, {Players: 3, Blind: true}, {Players: 3, StockAt: 13}}
	r := newFastRand(49)
	var buf [NumCards]Card
	var lbuf [MaxActions]Action
	results := map[Result]int{}
	for i := range n {
		o := forms[i%len(forms)]
		dealer := r.intN(3 + int(o.Players-3))
		d, err := NewDeal(o, dealer, r.shuffle(&buf))
		if err != nil {
			t.Fatal(err)
		}
		var prev Deal
		var last Action
		for !d.Over() {
			checkCards(t, &d)
			if i%8 == 0 { // Apply refuses what Legal does not list, and leaves the deal alone
				junk := Action{Seat: uint8(r.intN(4)), Kind: Kind(1 + r.intN(7)), Card: Card(r.intN(NumCards)), Suit: Suit(r.intN(4)),
					To: uint8(r.intN(4)), Value: uint16(95 + 5*r.intN(8))}
				if !inLegal(&d, junk) {
					before := d
					if err := d.Apply(junk); err == nil {
						t.Fatalf("deal %d: Apply took %v, which Legal does not list", i, junk)
					}
					if d != before {
						t.Fatalf("deal %d: a refused %v changed the deal", i, junk)
					}
				}
			}
			prev = d
			last = r.pick(d.Legal(&lbuf))
			judged := d
			if err := d.Apply(last); err != nil {
				t.Fatalf("deal %d: %v", i, err)
			}
			if err := judged.Judge(last); err != nil || judged != d { // the referee agrees with live play
				t.Fatalf("deal %d: Judge %v disagrees: %v", i, last, err)
			}
		}
		// the finished record's prefix is unfinished, its last action legal
		if prev.Over() || !inLegal(&prev, last) {
			t.Fatalf("deal %d: the prefix is over (%v) or %v is not legal there", i, prev.Over(), last)
		}
		checkOutcome(t, &d)
		results[d.result]++
	}
	if results[Played] < n*8/10 || results[Redealt] == 0 {
		t.Errorf("results %v", results)
	}
	t.Logf("%d deals: %v", n, results)
}

// TestT49RandomGames (R-48 … ): random deals through whole
// games: every total a multiple of 5, at most one (3p) or two (4p) on the
// barrel, a total of 880 or more only on the barrel or as the winner's
// 880 + contract.
func TestT49RandomGames(t *testing.T) {
	games := *propDeals / 200
	if testing.Short() {
		games = 50
	}
	r := newFastRand(7)
	var buf [NumCards]Card
	for i := range games {
		opt := DefaultGameOptions()
		opt.Players = 3 + i%2
		opt.GoldenRound = i%3 == 0
		g := NewGame(opt, r.intN(opt.Players))
		for deal := 0; deal < 400 && !g.Finished(); deal++ {
			d, err := NewDeal(Options{Players: opt.Players, Golden: g.NextGolden()}, g.NextDealer(), r.shuffle(&buf))
			if err != nil {
				t.Fatal(err)
			}
			if err := r.playout(&d); err != nil {
				t.Fatal(err)
			}
			o, _ := d.Outcome()
			if _, err := g.Add(o); err != nil {
				t.Fatal(err)
			}
			checkGame(t, &g, o)
		}
	}
}

func checkGame(t *testing.T, g *Game, o Outcome) {
	t.Helper()
	n := g.opt.Players
	if g.NBarrel > n-2 {
		t.Fatalf("%d players on the barrel", g.NBarrel)
	}
	for s := range n {
		switch {
		case g.Totals[s]%5 != 0:
			t.Fatalf("total %d", g.Totals[s])
		case s == g.Winner:
			if g.Totals[s] != BarrelLevel+o.Contract || o.Contract <= 120 || !g.onBarrel(s) {
				t.Fatalf("winner %d with total %d, contract %d", s, g.Totals[s], o.Contract)
			}
		case g.Totals[s] > BarrelLevel, g.Totals[s] == BarrelLevel && !g.onBarrel(s) && !g.Finished(): // R-49; R-61 shows others as 880
			t.Fatalf("seat %d at %d, barrel %v", s, g.Totals[s], g.OnBarrel())
		case g.onBarrel(s) && g.Totals[s] != BarrelLevel:
			t.Fatalf("seat %d on the barrel at %d", s, g.Totals[s])
		case g.Bolts[s] < 0 || g.Bolts[s] > 2 || g.Descents[s] > 2 || g.BarrelDeals[s] > 2:
			t.Fatalf("seat %d: bolts %d descents %d barrel deals %d", s, g.Bolts[s], g.Descents[s], g.BarrelDeals[s])
		}
	}
}

// TestT49RecordPrefix: through the JSON referee, a finished random record
// gives a finished verdict equal to the engine's, and its prefix without
// the last action an unfinished one whose legal actions or claims hold
// that action.
func TestT49RecordPrefix(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	r := newFastRand(4949)
	var buf [NumCards]Card
	for i := range n {
		o := Options{Players: 3 + i%2}
		deck := append([]Card{}, r.shuffle(&buf)...)
		if deck[NumCards-1].Rank() == Nine {
			continue
		}
		d, err := NewDeal(o, i%o.Players, deck)
		if err != nil {
			t.Fatal(err)
		}
		actions := r.recordPlayout(t, &d)
		extra := fmt.Sprintf(`"game": "1000", "players": %d, `, o.Players)
		full, isErr := referee(t, recordJSON(t, extra, i%o.Players, deck, actions))
		want, _ := d.Outcome()
		wantJSON, _ := json.Marshal(DealVerdict(want))
		if isErr || full != string(wantJSON) {
			t.Fatalf("deal %d: %s\nwant %s", i, full, wantJSON)
		}
		last := actions[len(actions)-1]
		prefix, isErr := referee(t, recordJSON(t, extra, i%o.Players, deck, actions[:len(actions)-1]))
		var v struct {
			Finished bool              `json:"finished"`
			Legal    []json.RawMessage `json:"legal"`
			Claims   []json.RawMessage `json:"claims"`
		}
		if isErr || json.Unmarshal([]byte(prefix), &v) != nil || v.Finished {
			t.Fatalf("deal %d: prefix %s", i, prefix)
		}
		lastJSON, _ := json.Marshal(last)
		found := false
		for _, l := range append(v.Legal, v.Claims...) {
			var e struct {
				Seat     uint8  `json:"seat"`
				Do       string `json:"do"`
				Min, Max uint16
			}
			json.Unmarshal(l, &e)
			found = found || string(l) == string(lastJSON) ||
				e.Max > 0 && e.Seat == last.Seat && e.Do == last.Kind.String() && last.Value >= e.Min && last.Value <= e.Max && !last.Blind
		}
		if !found {
			t.Fatalf("deal %d: %s is not in %s", i, lastJSON, prefix)
		}
	}
}
