package thousand

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func game3() Game { return NewGame(DefaultGameOptions(), 0) }

func wantState(t *testing.T, g *Game, seat, total, bolts int, onBarrel bool) {
	t.Helper()
	if g.Totals[seat] != total || g.Bolts[seat] != bolts || g.onBarrel(seat) != onBarrel {
		t.Errorf("seat %d: total %d bolts %d barrel %v; want %d %d %v", seat, g.Totals[seat], g.Bolts[seat], g.onBarrel(seat), total, bolts, onBarrel)
	}
}

// T-28: the third bolt.
func TestT28ThreeBolts(t *testing.T) {
	g := game3()
	g.Totals[2], g.Bolts[2] = 300, 2
	ev := add(t, &g, played(&g, 1, 100, []int{60, 60, 0}, []int{4, 4, 0}))
	wantState(t, &g, 2, 180, 0, false)
	if len(ev) != 1 || ev[0] != (Event{2, "three-bolts", 180}) {
		t.Errorf("events %v", ev)
	}
}

// T-29: negative totals.
func TestT29NegativeTotals(t *testing.T) {
	g := game3()
	g.Totals[1] = 50
	add(t, &g, played(&g, 1, 120, []int{60, 30, 30}, []int{3, 3, 2}))
	wantState(t, &g, 1, -70, 0, false)
	add(t, &g, played(&g, 0, 100, []int{50, 35, 35}, []int{4, 2, 2}))
	wantState(t, &g, 1, -35, 0, false)
}

// T-30: score-sheet checks.
func TestT30SheetChecks(t *testing.T) {
	for _, line := range []string{
		`{"declarer": 1, "contract": 100, "card_points": [30, 90, 5], "tricks": [2, 5, 1]}`,
		`{"declarer": 1, "contract": 100, "card_points": [30, 90, 0], "tricks": [3, 5, 1]}`,
		`{"declarer": 1, "contract": 100, "card_points": [10, 110, 0], "tricks": [0, 8, 0]}`,
	} {
		got, isErr := referee(t, `{"game": "1000", "first_dealer": 0, "deals": [`+line+`]}`)
		if !isErr || !strings.Contains(got, `"deal":0`) || strings.Contains(got, `"action"`) {
			t.Errorf("%s: %s", line, got)
		}
	}
}

// RL-31: a 4p dealer's stock of three aces holds 33 card points
// (→ 35); with a marriage it holds K and Q of that suit and one more card;
// points no three cards hold are refused.
func TestSheetFourPlayerStockPoints(t *testing.T) {
	sheet := func(stock int, marriage string) (string, bool) {
		return referee(t, fmt.Sprintf(`{"game": "1000", "players": 4, "first_dealer": 0, "deals": [
			{"declarer": 1, "contract": 100, "card_points": [%d, 100, 10, 10], "tricks": [0, 6, 1, 1],
			 "marriages": [[%s], [], [], []]}]}`, stock, marriage))
	}
	for _, c := range []struct {
		stock    int
		marriage string
		score    int
	}{{33, ``, 35}, {32, ``, 30}, {0, ``, 0}, {18, `"H"`, 120}, {7, `"S"`, 45}} {
		got, isErr := sheet(c.stock, c.marriage)
		if isErr {
			t.Errorf("stock %d [%s] refused: %s", c.stock, c.marriage, got)
			continue
		}
		wantJSON(t, got, fmt.Sprintf(`"scores":[%d,100,10,10]`, c.score))
	}
	for _, c := range []struct {
		stock    int
		marriage string
	}{{34, ``}, {28, ``}, {1, ``}, {0, `"H"`}, {19, `"D"`}, {8, `"C"`}, {33, `"S"`}} {
		if got, isErr := sheet(c.stock, c.marriage); !isErr || !strings.Contains(got, "card points") {
			t.Errorf("stock %d [%s] accepted: %s", c.stock, c.marriage, got)
		}
	}
}

// RL-33: an error in the header of a full deal record inside a game names
// action -1; so does an unfinished deal record.
func TestGameDealHeaderErrorNamesAction(t *testing.T) {
	for name, deal := range map[string]string{
		"dealer":     `{"dealer": 1, "deck": ` + quote(t, d1) + `}`,
		"golden":     `{"golden": true, "deck": ` + quote(t, d1) + `}`,
		"stock_at":   `{"stock_at": 24, "deck": ` + quote(t, d1) + `}`,
		"unfinished": `{"deck": ` + quote(t, d1) + `}`,
	} {
		got, isErr := referee(t, `{"game": "1000", "first_dealer": 2, "deals": [
			{"declarer": 0, "contract": 100, "card_points": [60, 30, 30], "tricks": [4, 2, 2]}, `+deal+`]}`)
		if !isErr || !strings.Contains(got, `"deal":1,"action":-1`) {
			t.Errorf("%s: %s", name, got)
		}
	}
}

// renonceRecord is a random deal record (dealer 0) in which seat 1
// renounces at trick 4, then goes on with legal actions.
func renonceRecord(t *testing.T) (deck []Card, actions []Action) {
	for seed := uint64(1); seed < 10000; seed++ {
		r := newFastRand(seed)
		var buf [NumCards]Card
		deck = append([]Card{}, r.shuffle(&buf)...)
		if deck[23].Rank() == Nine {
			continue
		}
		d, err := NewDeal(Options{}, 0, deck)
		if err != nil {
			t.Fatal(err)
		}
		actions = actions[:0]
		var lbuf [MaxActions]Action
		done := false
		for !d.Over() {
			legal := d.Legal(&lbuf)
			a := r.pick(legal)
			if a.Kind == Redeal {
				break
			}
			if !done && d.phase == Playing && d.trickNo == 3 && d.played > 0 && d.turn == 1 {
				if bad := d.hands[1] &^ followSet(d.hands[1], d.table[0].Suit(), d.trump); bad != 0 {
					a = Action{Seat: 1, Kind: Play, Card: bad.Cards()[0]}
					done = true
				}
			}
			if err := d.Judge(a); err != nil {
				t.Fatal(err)
			}
			actions = append(actions, a)
		}
		if o, _ := d.Outcome(); done && o.Result == Played && o.Declarer != 1 {
			return deck, actions
		}
	}
	t.Fatal("no seed gives a renonce")
	return nil, nil
}

func recordJSON(t *testing.T, extra string, dealer int, deck []Card, actions []Action) string {
	b, err := json.Marshal(struct {
		Dealer  int      `json:"dealer"`
		Deck    []Card   `json:"deck"`
		Actions []Action `json:"actions"`
	}{dealer, deck, actions})
	if err != nil {
		t.Fatal(err)
	}
	return `{` + extra + string(b[1:])
}

// T-31: a renonce in a recorded game.
func TestT31RenonceInGame(t *testing.T) {
	deck, actions := renonceRecord(t)
	deal := recordJSON(t, ``, 0, deck, actions)
	dv, _ := referee(t, `{"game": "1000", `+deal[1:])
	m := decoded(t, dv)
	pens := m["penalties"].([]any)
	if len(pens) != 1 || pens[0].(map[string]any)["seat"] != 1.0 || pens[0].(map[string]any)["points"] != -120.0 {
		t.Fatalf("penalties %v", pens)
	}
	if trs := m["tricks"].([]any); trs[0].(float64)+trs[1].(float64)+trs[2].(float64) != 8 {
		t.Fatalf("tricks %v", trs)
	}
	score1 := int(m["scores"].([]any)[1].(float64))
	gv, isErr := referee(t, `{"game": "1000", "first_dealer": 2, "deals": [
		{"declarer": 0, "contract": 100, "card_points": [60, 30, 30], "tricks": [4, 2, 2]}, `+deal+`]}`)
	if isErr {
		t.Fatal(gv)
	}
	g := decoded(t, gv)
	if got := g["totals"].([]any)[1].(float64); int(got) != 30+score1-120 {
		t.Errorf("seat 1 total %v, want %d", got, 30+score1-120)
	}
}

// T-32 (R-63 … R-65): the golden round.
func TestT32GoldenRound(t *testing.T) {
	gold := `{"declarer": %d, "contract": 100, "card_points": [40, 40, 40], "tricks": [3, 3, 2]}`
	_ = gold
	got, isErr := referee(t, `{"game": "1000", "first_dealer": 0, "options": {"golden_round": true}, "deals": [
		{"dealer": 0, "golden": true, "declarer": 1, "contract": 120, "card_points": [0, 73, 47], "tricks": [0, 5, 3], "marriages": [[], ["H"], []]},
		{"dealer": 1, "golden": true, "declarer": 2, "contract": 120, "card_points": [40, 40, 40], "tricks": [3, 3, 2]},
		{"dealer": 2, "golden": true, "declarer": 0, "contract": 120, "card_points": [40, 40, 40], "tricks": [3, 3, 2]},
		{"dealer": 0, "golden": false, "declarer": 2, "contract": 100, "card_points": [40, 40, 40], "tricks": [3, 3, 2]}]}`)
	if isErr {
		t.Fatal(got)
	}
	wantJSON(t, got, `"deal":0,"dealer":0,"golden":true,"result":"played","declarer":1,"contract":120,"made":true,"scores":[0,240,90],"bolts_added":[2,0,0]`,
		`"next_golden":false`)
	got, isErr = referee(t, `{"game": "1000", "first_dealer": 0, "options": {"golden_round": true}, "deals": [
		{"declarer": 2, "contract": 120, "card_points": [0, 73, 47], "tricks": [0, 5, 3]}]}`)
	if !isErr || !strings.Contains(got, "first hand") {
		t.Errorf("golden declarer not first hand: %s", got)
	}
}

// T-33: golden bolts come in twos.
func TestT33GoldenBolts(t *testing.T) {
	opt := DefaultGameOptions()
	opt.GoldenRound = true
	g := NewGame(opt, 0)
	g.Bolts[0], g.Bolts[2] = 1, 2
	add(t, &g, played(&g, 1, 120, []int{0, 120, 0}, []int{0, 8, 0}))
	wantState(t, &g, 0, -240, 0, false)
	wantState(t, &g, 2, -240, 1, false)
}

// T-34: a redeal repeats a golden deal, a misdeal uses it up.
func TestT34GoldenRedealMisdeal(t *testing.T) {
	opt := DefaultGameOptions()
	opt.GoldenRound = true
	g := NewGame(opt, 0)
	add(t, &g, played(&g, 1, 120, []int{40, 40, 40}, []int{3, 3, 2}))
	add(t, &g, RedealOutcome(3, 1, true, 2, "four-nines"))
	if g.NextDealer() != 1 || !g.NextGolden() {
		t.Fatalf("after the redeal: dealer %d golden %v", g.NextDealer(), g.NextGolden())
	}
	add(t, &g, MisdealOutcome(3, 1, true, "exposed-card", 120))
	wantState(t, &g, 1, -240-240, 0, false)
	if g.NextDealer() != 2 || !g.NextGolden() {
		t.Fatalf("after the misdeal: dealer %d golden %v", g.NextDealer(), g.NextGolden())
	}
	add(t, &g, played(&g, 0, 120, []int{40, 40, 40}, []int{3, 3, 2}))
	if g.NextDealer() != 0 || g.NextGolden() {
		t.Fatalf("dealer 0's deal: golden %v", g.NextGolden())
	}
	got, _ := referee(t, `{"game": "1000", "first_dealer": 0, "options": {"golden_round": true}, "deals": [
		{"misdeal": "exposed-card"}, {"misdeal": "exposed-card"}, {"redeal": "four-nines"}, {"misdeal": "exposed-card"}]}`)
	wantJSON(t, got, `"deal":2,"dealer":2,"golden":true,"result":"redeal"`, `"deal":3,"dealer":2,"golden":true,"result":"misdeal"`,
		`"seat":0,"points":-240`, `"next_dealer":0,"next_golden":false`)
}

// T-36: climbing.
func TestT36Climb(t *testing.T) {
	g := game3()
	g.Totals[1] = 840
	ev := add(t, &g, played(&g, 0, 100, []int{70, 45, 5}, []int{5, 2, 1}))
	wantState(t, &g, 1, 880, 0, true)
	if !slices.Contains(ev, Event{1, "climb", 880}) {
		t.Errorf("events %v", ev)
	}
	g = game3()
	g.Totals[0] = 860
	add(t, &g, played(&g, 0, 200, []int{210, 0, 10}, []int{7, 0, 1}))
	wantState(t, &g, 0, 880, 0, true)
	if g.Finished() {
		t.Error("won without a barrel contract")
	}
}

// T-37: barrel deals score nothing.
func TestT37BarrelScoresNothing(t *testing.T) {
	for i, o := range []func(g *Game) Outcome{
		func(g *Game) Outcome { return played(g, 1, 100, []int{55, 60, 5}, []int{3, 4, 1}) },
		func(g *Game) Outcome { return played(g, 0, 100, []int{100, 10, 10}, []int{6, 1, 1}) },
		func(g *Game) Outcome { return played(g, 0, 100, []int{90, 20, 10}, []int{6, 1, 1}) },
		func(g *Game) Outcome { return played(g, 0, 120, []int{150, 0, 0}, []int{8, 0, 0}) },
	} {
		g := NewGame(DefaultGameOptions(), 2) // seat 0 is first hand
		climb(&g, 0)
		add(t, &g, o(&g))
		if g.Totals[0] != 880 || !g.onBarrel(0) || g.BarrelDeals[0] != 1 || g.Finished() {
			t.Errorf("case %d: total %d barrel deals %d", i, g.Totals[0], g.BarrelDeals[0])
		}
	}
}

// T-38: the barrel player wins.
func TestT38Win(t *testing.T) {
	g := game3()
	climb(&g, 1)
	ev := add(t, &g, played(&g, 1, 135, []int{0, 140, 0}, []int{0, 8, 0}))
	if !g.Finished() || g.Winner != 1 || g.Totals[1] != 1015 || !slices.Contains(ev, Event{1, "win", 1015}) {
		t.Fatalf("winner %d total %d events %v", g.Winner, g.Totals[1], ev)
	}
	if _, err := g.Add(played(&g, 1, 100, []int{40, 40, 40}, []int{3, 3, 2})); err == nil {
		t.Error("a deal after the win")
	}
	got, isErr := referee(t, `{"game": "1000", "first_dealer": 0, "deals": [
		{"declarer": 1, "contract": 400, "card_points": [0, 120, 0], "tricks": [0, 8, 0], "marriages": [[], ["H", "D", "C", "S"], []]},
		{"declarer": 1, "contract": 400, "card_points": [0, 120, 0], "tricks": [0, 8, 0], "marriages": [[], ["H", "D", "C", "S"], []]},
		{"declarer": 1, "contract": 100, "card_points": [0, 120, 0], "tricks": [0, 8, 0]},
		{"declarer": 1, "bid": 120, "contract": 135, "card_points": [30, 40, 50], "tricks": [2, 2, 4], "marriages": [[], ["H"], []]},
		{"declarer": 2, "contract": 100, "card_points": [40, 40, 40], "tricks": [3, 3, 2]}]}`)
	if !isErr || !strings.Contains(got, `"deal":4`) {
		t.Errorf("a deal after the win: %s", got)
	}
}

// T-39: a failed barrel contract.
func TestT39BarrelFailed(t *testing.T) {
	g := game3()
	climb(&g, 1)
	add(t, &g, played(&g, 1, 140, []int{0, 130, 0}, []int{0, 8, 0}))
	wantState(t, &g, 1, 740, 0, false)
	if g.Descents[1] != 1 {
		t.Errorf("descents %d", g.Descents[1])
	}
}

// T-40: three barrel deals without winning.
func TestT40BarrelTimeout(t *testing.T) {
	for _, pen := range []int{120, 125} {
		opt := DefaultGameOptions()
		opt.BarrelTimeout = pen
		g := NewGame(opt, 0)
		g.Totals[1] = 850
		add(t, &g, played(&g, 1, 100, []int{10, 110, 0}, []int{1, 7, 0})) // k: climbs
		wantState(t, &g, 1, 880, 0, true)
		add(t, &g, played(&g, 0, 100, []int{100, 10, 10}, []int{6, 1, 1}))
		add(t, &g, MisdealOutcome(3, g.NextDealer(), false, "exposed-card", 120))
		add(t, &g, played(&g, 0, 100, []int{100, 10, 10}, []int{6, 1, 1}))
		add(t, &g, RedealOutcome(3, g.NextDealer(), false, 0, "four-nines"))
		wantState(t, &g, 1, 880, 0, true)
		ev := add(t, &g, played(&g, 0, 100, []int{100, 10, 10}, []int{6, 1, 1}))
		wantState(t, &g, 1, 880-pen, 0, false)
		if g.Descents[1] != 1 || !slices.Contains(ev, Event{1, "barrel-timeout", 880 - pen}) {
			t.Errorf("descents %d events %v", g.Descents[1], ev)
		}
	}
}

// T-41: a failed contract in the third barrel deal.
func TestT41ThirdDealFailed(t *testing.T) {
	g := game3()
	climb(&g, 1)
	g.BarrelDeals[1] = 2
	add(t, &g, played(&g, 1, 125, []int{0, 100, 20}, []int{0, 6, 2}))
	wantState(t, &g, 1, 755, 0, false)
}

// T-42: bolts on the barrel.
func TestT42BarrelBolts(t *testing.T) {
	g := game3()
	climb(&g, 1)
	g.Bolts[1] = 2
	add(t, &g, played(&g, 0, 100, []int{100, 0, 20}, []int{6, 0, 2}))
	wantState(t, &g, 1, 760, 0, false)
	g = game3()
	climb(&g, 1)
	add(t, &g, played(&g, 0, 100, []int{100, 0, 20}, []int{6, 0, 2}))
	wantState(t, &g, 1, 880, 1, true)
}

// T-43: pushed off.
func TestT43PushOff(t *testing.T) {
	g := game3()
	climb(&g, 0)
	g.Totals[1] = 850
	ev := add(t, &g, played(&g, 2, 100, []int{40, 40, 40}, []int{3, 3, 2}))
	wantState(t, &g, 1, 880, 0, true)
	wantState(t, &g, 0, 755, 0, false)
	if g.Descents[0] != 1 || !slices.Equal(ev, []Event{{0, "push-off", 755}, {1, "climb", 880}}) {
		t.Errorf("descents %d events %v", g.Descents[0], ev)
	}
}

// T-44: simultaneous arrival.
func TestT44Simultaneous(t *testing.T) {
	g := game3()
	g.Totals[1], g.Totals[2] = 860, 870
	add(t, &g, played(&g, 0, 100, []int{75, 30, 15}, []int{4, 2, 2}))
	wantState(t, &g, 1, 755, 0, false)
	wantState(t, &g, 2, 755, 0, false)
	if g.NBarrel != 0 || g.Descents != [4]int{} {
		t.Errorf("barrel %v descents %v", g.OnBarrel(), g.Descents)
	}
}

// T-45: the third descent zeroes.
func TestT45ThirdDescent(t *testing.T) {
	g := game3()
	climb(&g, 0)
	g.Descents[0] = 2
	g.Totals[1] = 850
	ev := add(t, &g, played(&g, 2, 100, []int{40, 40, 40}, []int{3, 3, 2}))
	wantState(t, &g, 0, 0, 0, false)
	if g.Descents[0] != 0 || !slices.Equal(ev[:2], []Event{{0, "push-off", 755}, {0, "zeroed", 0}}) {
		t.Errorf("descents %d events %v", g.Descents[0], ev)
	}
}

// T-46: a renonce on the barrel.
func TestT46BarrelRenonce(t *testing.T) {
	g := game3()
	climb(&g, 1)
	o := played(&g, 1, 135, []int{0, 140, 0}, []int{0, 8, 0})
	o.Penalties = []Penalty{{Seat: 1, Points: -120, Reason: "renonce"}}
	ev := add(t, &g, o)
	wantState(t, &g, 1, 760, 0, false)
	if g.Finished() || g.Descents[1] != 1 || !slices.Contains(ev, Event{1, "barrel-penalty", 760}) {
		t.Errorf("finished %v descents %d events %v", g.Finished(), g.Descents[1], ev)
	}
}

// T-48: four players, first up, first down.
func TestT48FourPlayerBarrel(t *testing.T) {
	opt := DefaultGameOptions()
	opt.Players = 4
	g := NewGame(opt, 3)
	climb(&g, 0)
	climb(&g, 2)
	g.Totals[1] = 850
	add(t, &g, played(&g, 1, 100, []int{0, 110, 10, 0}, []int{0, 7, 1, 0}))
	if !slices.Equal(g.OnBarrel(), []int{2, 1}) || g.Totals[0] != 755 || g.Totals[1] != 880 {
		t.Errorf("barrel %v totals %v", g.OnBarrel(), g.Totals)
	}
	got, _ := referee(t, fmt.Sprintf(`{"game": "1000", "players": 4, "first_dealer": 3, "deals": [
		{"dealer": 3, "declarer": 1, "contract": 100, "card_points": [40, 40, 40, %d], "tricks": [3, 3, 2, 0]}]}`, 15))
	wantJSON(t, got, `"scores":[40,-100,40,15]`)
}
