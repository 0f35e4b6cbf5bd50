package thousand

import (
	"fmt"
	"strings"
	"testing"
)

func handsOf(d *Deal) []string {
	var out []string
	for s := 0; s < d.Players(); s++ {
		var names []string
		for _, c := range d.Hand(s).Cards() {
			names = append(names, c.String())
		}
		out = append(out, strings.Join(names, " "))
	}
	return out
}

func sameCards(t *testing.T, what string, got CardSet, want string) {
	t.Helper()
	if got != setOf(cards(t, want)) {
		t.Errorf("%s: got %v, want %s", what, got.Cards(), want)
	}
}

// T-1: the deck of the deal record, dealer 2.
func TestT01DealFromDeck(t *testing.T) {
	d, err := NewDeal(Options{}, 2, cards(t, d1))
	if err != nil {
		t.Fatal(err)
	}
	if d.Stock() != [3]Card(cards(t, "KH QH JH")) {
		t.Errorf("stock %v", d.Stock())
	}
	sameCards(t, "seat 0", d.Hand(0), "AH TH AD KD QD JD 9S")
	sameCards(t, "seat 1", d.Hand(1), "AS TS KS QS 9C 9H 9D")
	sameCards(t, "seat 2", d.Hand(2), "AC TC KC QC JC JS TD")
	if d.ToMove() != 1 || d.FirstHand() != 0 {
		t.Errorf("to move %d, first hand %d", d.ToMove(), d.FirstHand())
	}
}

// T-2: stock_at 23.
func TestT02StockAt(t *testing.T) {
	d, err := NewDeal(Options{StockAt: 23}, 2, cards(t, d1))
	if err != nil {
		t.Fatal(err)
	}
	if d.Stock() != [3]Card(cards(t, "KH TD JH")) {
		t.Errorf("stock %v", d.Stock())
	}
	sameCards(t, "seat 0", d.Hand(0), "QH AC TC KC QC JC JS")
	sameCards(t, "seat 1", d.Hand(1), "AH TH AD KD QD JD 9S")
	sameCards(t, "seat 2", d.Hand(2), "AS TS KS QS 9C 9H 9D")
}

// T-3: four players, the dealer gets no cards.
func TestT03FourPlayerDeal(t *testing.T) {
	d, err := NewDeal(Options{Players: 4}, 3, cards(t, d1))
	if err != nil {
		t.Fatal(err)
	}
	sameCards(t, "seat 0", d.Hand(0), "AH TH AD KD QD JD 9S")
	sameCards(t, "seat 1", d.Hand(1), "AS TS KS QS 9C 9H 9D")
	sameCards(t, "seat 2", d.Hand(2), "AC TC KC QC JC JS TD")
	sameCards(t, "seat 3", d.Hand(3), "")
	if d.Stock() != [3]Card(cards(t, "KH QH JH")) || d.ToMove() != 1 {
		t.Errorf("stock %v, to move %d", d.Stock(), d.ToMove())
	}
}

// nineBottom is D1 with the 9C moved to the bottom (position 24).
const nineBottom = "KH QH AH AS AC TH TS TC AD KS KC KD QS QC QD JH JC JD 9H JS 9S 9D TD 9C"

// T-4: a bottom nine, the third cut nine.
func TestT04CutNines(t *testing.T) {
	for _, n := range []int{0, 1, 2} {
		got, isErr := referee(t, fmt.Sprintf(`{"game": "1000", "dealer": 0, "cut_nines": %d, "deck": %s}`, n, quote(t, nineBottom)))
		if !isErr || !strings.Contains(got, `"action":-1`) {
			t.Errorf("cut_nines %d: %s", n, got)
		}
	}
	got, _ := referee(t, `{"game": "1000", "dealer": 0, "cut_nines": 3}`)
	wantJSON(t, got, `"result":"cut-nines"`, `"penalties":[{"seat":2,"points":-120,"reason":"cut-nines","action":-1}]`, `"next_dealer":1`, `"scores":[0,0,0]`)
	got, _ = referee(t, `{"game": "1000", "players": 4, "dealer": 0, "cut_nines": 3}`)
	wantJSON(t, got, `"seat":3,"points":-120`, `"next_dealer":1`)
	got, isErr := referee(t, fmt.Sprintf(`{"game": "1000", "options": {"cut_nine": false}, "dealer": 0, "deck": %s}`, quote(t, nineBottom)))
	if isErr || !strings.Contains(got, `"finished":false`) {
		t.Errorf("cut_nine off: %s", got)
	}
}

// T-5: a misdeal.
func TestT05Misdeal(t *testing.T) {
	got, _ := referee(t, `{"game": "1000", "dealer": 1, "misdeal": "exposed-card"}`)
	wantJSON(t, got, `"result":"misdeal"`, `"reason":"exposed-card"`, `"penalties":[{"seat":1,"points":-120,"reason":"misdeal","action":-1}]`, `"next_dealer":2`)
	got, _ = referee(t, `{"game": "1000", "options": {"misdeal_penalty": 0}, "dealer": 1, "misdeal": "exposed-card"}`)
	wantJSON(t, got, `"penalties":[]`, `"next_dealer":1`)
}

// fourNines deals seat 1 all four nines, dealer 0 (seat 2 is to move).
func fourNines(t *testing.T) string {
	return fmt.Sprintf(`{"game": "1000", "dealer": 0, "hands": [%s, %s, %s], "stock": %s, "actions": [%%s]}`,
		quote(t, "AH TH KH QH AD TD KD"), quote(t, "9H 9D 9C 9S JH JD JC"), quote(t, "AC TC KC QC AS TS KS"), quote(t, "QD QS JS"))
}

// T-6: four nines in one hand.
func TestT06RedealFourNines(t *testing.T) {
	rec := fourNines(t)
	got, _ := referee(t, fmt.Sprintf(rec, `{"seat": 1, "do": "redeal"}`))
	wantJSON(t, got, `"result":"redeal"`, `"seat":1`, `"reason":"four-nines"`, `"scores":[0,0,0]`, `"penalties":[]`, `"next_dealer":0`, `"at_action":0`)
	got, isErr := referee(t, fmt.Sprintf(rec, `{"seat": 2, "do": "redeal"}`))
	if !isErr || !strings.Contains(got, `"action":0`) {
		t.Errorf("seat 2's claim: %s", got)
	}
	// bidding: 2 pass, 0 pass → seat 1 declarer at 100; give, contract, first play
	after := `{"seat": 2, "do": "pass"}, {"seat": 0, "do": "pass"}, {"seat": 1, "do": "give", "card": "JH", "to": 2},
		{"seat": 1, "do": "give", "card": "JD", "to": 0}, {"seat": 1, "do": "contract", "value": 100},
		{"seat": 1, "do": "play", "card": "JC"}, {"seat": 1, "do": "redeal"}`
	got, isErr = referee(t, fmt.Sprintf(rec, after))
	if !isErr || !strings.Contains(got, `"action":6`) {
		t.Errorf("claim after the first play: %s", got)
	}
	// before the first play it is still open, listed in legal
	got, _ = referee(t, fmt.Sprintf(rec, strings.TrimRight(after[:strings.Index(after, `{"seat": 1, "do": "play"`)], ", \n\t")))
	wantJSON(t, got, `"phase":"play"`, `{"seat":1,"do":"redeal"}`)
}

// stockNines: dealer 2, stock 9H 9D AS; seat 0 holds no nine.
func stockNines(t *testing.T) Deal {
	return dealHands(t, Options{}, 2, []string{"AH TH KH QH AD TD KD", "9C 9S JH JD JC JS TS", "AC TC KC QC QD KS QS"}, "9H 9D AS")
}

// T-7: two nines in the stock.
func TestT07RedealStockNines(t *testing.T) {
	d := stockNines(t)
	refuse(t, &d, true, "0 redeal", CodeRedeal) // not before he has taken the stock
	run(t, &d, true, "1 pass", "2 pass")
	refuse(t, &d, true, "1 redeal", CodeRedeal) // a defender
	var cbuf [4]Action
	if c := d.Claims(&cbuf); len(c) != 0 {
		t.Errorf("claims %v", c)
	}
	var buf [MaxActions]Action
	legal := d.Legal(&buf)
	if legal[len(legal)-1] != (Action{Seat: 0, Kind: Redeal}) {
		t.Errorf("legal lacks the claim: %v", legal)
	}
	run(t, &d, true, "0 redeal")
	if o, _ := d.Outcome(); o.Result != Redealt || o.Reason != "stock-nines" || o.NextDealer != 2 {
		t.Errorf("outcome %+v", o)
	}
	// one nine in the stock: refused, unless his 10 cards hold all four
	d = dealHands(t, Options{}, 2, []string{"AH TH KH QH AD TD KD", "9D 9S JH JD JC JS 9C", "AC TC KC QC QD KS QS"}, "9H AS TS")
	run(t, &d, true, "1 pass", "2 pass")
	refuse(t, &d, true, "0 redeal", CodeRedeal)
	d = dealHands(t, Options{}, 2, []string{"AH TH 9D 9S AD 9C KD", "KH QH JH JD JC JS TS", "AC TC KC QC QD KS QS"}, "9H AS TD")
	run(t, &d, true, "1 pass", "2 pass")
	run(t, &d, true, "0 redeal") // his 10 cards hold all four nines
}

// T-8: a defender who gets the fourth nine.
func TestT08RedealAfterGive(t *testing.T) {
	d := dealHands(t, Options{}, 2, []string{"AH TH KH QH AD TD 9C", "9H 9D 9S JH JD JC JS", "AC TC KC QC QD KS QS"}, "KD AS TS")
	run(t, &d, true, "1 pass", "2 pass")
	refuse(t, &d, true, "1 redeal", CodeRedeal)
	run(t, &d, true, "0 give 9C 1")
	var cbuf [4]Action
	if c := d.Claims(&cbuf); len(c) != 1 || c[0] != (Action{Seat: 1, Kind: Redeal}) {
		t.Errorf("claims %v", c)
	}
	run(t, &d, true, "0 give AS 2", "0 contract 100", "1 redeal")
	if o, _ := d.Outcome(); o.Result != Redealt || o.Seat != 1 || o.Reason != "four-nines" {
		t.Errorf("outcome %+v", o)
	}
}

// T-9: no all-pass.
func TestT09FirstHandAt100(t *testing.T) {
	d, _ := NewDeal(Options{}, 2, cards(t, d1))
	run(t, &d, false, "1 pass", "2 pass")
	if d.Declarer() != 0 || d.bid != 100 || d.Phase() != Giving || d.ToMove() != 0 {
		t.Fatalf("declarer %d bid %d phase %v to move %d", d.Declarer(), d.bid, d.Phase(), d.ToMove())
	}
	var buf [MaxActions]Action
	for _, a := range d.Legal(&buf) {
		if a.Kind != Give || a.Seat != 0 {
			t.Errorf("legal %v", a)
		}
	}
	if d.Hand(0).Count() != 10 {
		t.Errorf("declarer holds %d cards", d.Hand(0).Count())
	}
}

// T-10: bids.
func TestT10Bids(t *testing.T) {
	d, _ := NewDeal(Options{}, 2, cards(t, d1))
	refuse(t, &d, true, "1 bid 103", CodeBid)
	refuse(t, &d, true, "1 bid 100", CodeBid)
	refuse(t, &d, true, "1 bid 405", CodeBid)
	run(t, &d, false, "1 bid 150")            // holds KS QS
	refuse(t, &d, true, "2 bid 150", CodeBid)
}

// T-11: turn order skips who passed.
func TestT11BiddingOrder(t *testing.T) {
	d, _ := NewDeal(Options{}, 2, cards(t, d1))
	run(t, &d, false, "1 pass", "2 bid 105", "0 bid 110")
	if d.ToMove() != 2 {
		t.Fatalf("to move %d", d.ToMove())
	}
	refuse(t, &d, true, "1 bid 115", CodeOutOfTurn)
	refuse(t, &d, true, "1 pass", CodeOutOfTurn)
}

// noMarriage2: dealer 2, seat 2 holds no marriage.
func noMarriage2(t *testing.T) Deal {
	return dealHands(t, Options{}, 2, []string{"AH TH AD KD QD JD 9S", "AS TS KS QS 9C 9H 9D", "AC TC KC JC JS TD QH"}, "KH QC JH")
}

// T-12: a bid over 120 without a marriage.
func TestT12BidLimit(t *testing.T) {
	d := noMarriage2(t)
	run(t, &d, true, "1 pass")
	live := d
	refuse(t, &live, false, "2 bid 125", CodeBidLimit)
	run(t, &live, false, "2 bid 120")
	run(t, &d, true, "2 bid 125")
	o, ok := d.Outcome()
	if !ok || o.Result != BidLimit || o.Seat != 2 || o.Value != 125 || o.Scores != [4]int{} || o.NextDealer != 0 ||
		len(o.Penalties) != 1 || o.Penalties[0] != (Penalty{Seat: 2, Points: -125, Reason: "bid-limit", Action: 1}) {
		t.Fatalf("outcome %+v", o)
	}
	got, _ := referee(t, `{"game": "1000", "dealer": 2, "hands": [`+quote(t, "AH TH AD KD QD JD 9S")+`,`+quote(t, "AS TS KS QS 9C 9H 9D")+`,`+
		quote(t, "AC TC KC JC JS TD QH")+`], "stock": `+quote(t, "KH QC JH")+`, "actions": [{"seat": 1, "do": "pass"}, {"seat": 2, "do": "bid", "value": 125}]}`)
	wantJSON(t, got, `"result":"bid-limit"`, `"seat":2,"value":125`, `"scores":[0,0,0]`, `"penalties":[{"seat":2,"points":-125,"reason":"bid-limit","action":1}]`, `"next_dealer":0`, `"at_action":1`)
}

// T-13: giving.
func TestT13Giving(t *testing.T) {
	d, _ := NewDeal(Options{}, 2, cards(t, d1))
	run(t, &d, true, "1 pass", "2 pass")
	refuse(t, &d, true, "0 give AS 1", CodeNotInHand)
	refuse(t, &d, true, "0 give 9S 0", CodeGive)
	run(t, &d, true, "0 give JH 1") // from the stock
	refuse(t, &d, true, "0 give 9S 1", CodeGive)
	run(t, &d, true, "0 give 9S 2")
	for s := range 3 {
		if d.Hand(s).Count() != 8 {
			t.Errorf("seat %d holds %d cards", s, d.Hand(s).Count())
		}
	}
}

// stock KH QH 9C, seat 0 without a marriage of his own, declarer at 110.
func t14Deal(t *testing.T) Deal {
	d := dealHands(t, Options{}, 2, []string{"AH TH AD KD JD 9S TS", "AS KS QS 9H 9D JH QD", "AC TC KC QC JC JS TD"}, "KH QH 9C")
	run(t, &d, true, "1 bid 105", "2 pass", "0 bid 110", "1 pass")
	return d
}

// T-14: the contract.
func TestT14Contract(t *testing.T) {
	d := t14Deal(t)
	run(t, &d, true, "0 give 9C 1", "0 give 9S 2")
	refuse(t, &d, true, "0 contract 105", CodeContract)
	refuse(t, &d, true, "0 contract 112", CodeContract)
	live := d
	run(t, &live, false, "0 contract 140")
	d = t14Deal(t)
	run(t, &d, true, "0 give KH 1", "0 give 9C 2")
	live = d
	refuse(t, &live, false, "0 contract 125", CodeBidLimit)
	run(t, &live, false, "0 contract 120")
	run(t, &d, true, "0 contract 125")
	if o, _ := d.Outcome(); o.Result != BidLimit || o.Seat != 0 || o.Value != 125 || o.Penalties[0].Points != -125 {
		t.Fatalf("outcome %+v", o)
	}
}

// T-15 (R-28, RL-11): keeping a bid above 120 needs no marriage.
func TestT15KeepBid(t *testing.T) {
	d := dealHands(t, Options{}, 2, []string{"AH TH AD KD QD JD 9S", "AS TS KS QS 9C 9H 9D", "AC TC KC QC JC JS QH"}, "KH JH TD")
	run(t, &d, true, "1 bid 105", "2 pass", "0 bid 125", "1 pass", "0 give KD 1", "0 give 9S 2")
	live := d
	run(t, &live, false, "0 contract 125")
	run(t, &d, true, "0 contract 130")
	if o, _ := d.Outcome(); o.Result != BidLimit || o.Value != 130 || o.Penalties[0].Points != -130 {
		t.Fatalf("outcome %+v", o)
	}
}

// playState is a deal in the play phase after trickNo tricks, leader on
// lead, with the given hands and trump (suit+1, 0 none).
func playState(t *testing.T, hands []string, trump uint8, leader uint8, trickNo uint8) Deal {
	var d Deal
	d.n, d.dealer, d.phase, d.trump, d.leader, d.turn, d.trickNo = 3, 2, Playing, trump, leader, leader, trickNo
	d.atAction = -1
	d.setSeats()
	d.contract, d.bid = 100, 100
	for s, h := range hands {
		d.hands[s] = setOf(cards(t, h))
		d.tricks[s] = 1 // everyone has won a trick: marriages allowed
	}
	return d
}

const trumpD = uint8(Diamonds) + 1

// T-16: the trump wins; without trump the suit led.
func TestT16TrickWinner(t *testing.T) {
	d := playState(t, []string{"TS KC", "AS KH", "9D 9H"}, trumpD, 0, 6)
	run(t, &d, false, "0 play TS", "1 play AS", "2 play 9D")
	if d.leader != 2 || d.ToMove() != 2 || d.points[2] != 21 || d.tricks[2] != 2 {
		t.Errorf("leader %d points %d", d.leader, d.points[2])
	}
	d = playState(t, []string{"TS KC", "AS KH", "9D 9H"}, 0, 0, 6)
	run(t, &d, false, "0 play TS", "1 play AS", "2 play 9D")
	if d.leader != 1 || d.points[1] != 21 {
		t.Errorf("leader %d points %d", d.leader, d.points[1])
	}
}

// T-17: a renonce in a record; the card stands.
func TestT17Renonce(t *testing.T) {
	d := playState(t, []string{"AS KC", "9S AD", "9H 9C"}, trumpD, 0, 6)
	run(t, &d, true, "0 play AS")
	refuse(t, &d, false, "1 play AD", CodeMustFollow)
	run(t, &d, true, "1 play AD", "2 play 9H")
	if d.leader != 1 || d.npen != 1 || d.pens[0] != (renonce{1, 1}) {
		t.Fatalf("leader %d penalties %v", d.leader, d.pens[:d.npen])
	}
	run(t, &d, true, "1 play 9S", "2 play 9C", "0 play KC")
	o, ok := d.Outcome()
	if !ok || o.Result != Played || len(o.Penalties) != 1 || o.Penalties[0] != (Penalty{Seat: 1, Points: -120, Reason: "renonce", Action: 1}) {
		t.Fatalf("outcome %+v", o)
	}
}

// T-18: a trump is due even if it cannot win.
func TestT18MustTrump(t *testing.T) {
	d := playState(t, []string{"AS JH", "AD KH", "9D KC"}, trumpD, 0, 6)
	run(t, &d, false, "0 play AS", "1 play AD")
	var buf [MaxActions]Action
	if l := d.Legal(&buf); len(l) != 1 || l[0].Card != cards(t, "9D")[0] {
		t.Fatalf("legal %v", l)
	}
	renonceState := d
	run(t, &d, false, "2 play 9D")
	if d.leader != 1 {
		t.Errorf("leader %d", d.leader)
	}
	run(t, &renonceState, true, "2 play KC")
	if renonceState.npen != 1 || renonceState.leader != 1 {
		t.Errorf("KC: penalties %d leader %d", renonceState.npen, renonceState.leader)
	}
}

// T-19: no duty to head the trick.
func TestT19NoHeading(t *testing.T) {
	d := playState(t, []string{"KS JH", "AS 9S", "JS KH"}, 0, 0, 6)
	run(t, &d, false, "0 play KS", "1 play 9S", "2 play JS")
	if d.leader != 0 {
		t.Errorf("leader %d", d.leader)
	}
}

// T-20: before any marriage a void follower plays anything.
func TestT20NoTrumpAnyCard(t *testing.T) {
	d := playState(t, []string{"KS JH", "AH 9D", "JS KH"}, 0, 0, 6)
	run(t, &d, false, "0 play KS")
	var buf [MaxActions]Action
	if l := d.Legal(&buf); len(l) != 2 {
		t.Fatalf("legal %v", l)
	}
}

// d1Play is the deal record of RULES-1000.md up to the first lead.
func d1Play(t *testing.T) Deal {
	d, _ := NewDeal(Options{}, 2, cards(t, d1))
	run(t, &d, true, "1 bid 105", "2 bid 110", "0 bid 120", "1 pass", "2 bid 125", "0 bid 130", "2 pass",
		"0 give 9S 1", "0 give JD 2", "0 contract 200")
	return d
}

// T-21: impossible marriages.
func TestT21Marriages(t *testing.T) {
	d := d1Play(t)
	refuse(t, &d, true, "0 marriage D", CodeMarriage) // before the first lead
	run(t, &d, true, "0 play AD")
	refuse(t, &d, true, "1 marriage S", CodeMarriage) // by a follower
	run(t, &d, true, "1 play 9D", "2 play JD")
	run(t, &d, true, "0 marriage H")
	refuse(t, &d, true, "0 play AH", CodeMarriage)
	d = d1Play(t)
	run(t, &d, true, "0 play AD", "1 play 9D", "2 play JD")
	refuse(t, &d, true, "0 marriage S", CodeMarriage)
}

// T-22: a new marriage replaces the trump.
func TestT22TrumpChange(t *testing.T) {
	d := playState(t, []string{"AH TH KS QS", "KD QD AC TS", "9D JD 9H 9S"}, uint8(Hearts)+1, 1, 4)
	run(t, &d, false, "1 marriage D", "1 play QD", "2 play JD", "0 play TH")
	if tr, ok := d.Trump(); !ok || tr != Diamonds || d.leader != 1 || d.melds[1] != 80 {
		t.Fatalf("trump %v leader %d melds %d", tr, d.leader, d.melds[1])
	}
	run(t, &d, false, "1 play AC")
	var buf [MaxActions]Action
	if l := d.Legal(&buf); len(l) != 1 || l[0].Card != cards(t, "9D")[0] {
		t.Fatalf("legal %v", l)
	}
	run(t, &d, false, "2 play 9D", "0 play AH")
	if d.leader != 2 {
		t.Errorf("leader %d", d.leader)
	}
}

// T-23: leading a marriage card without announcing.
func TestT23UnannouncedMarriage(t *testing.T) {
	d := d1Play(t)
	run(t, &d, true, "0 play AD", "1 play 9D", "2 play JD", "0 play KH", "1 play 9H", "2 play JS")
	if _, ok := d.Trump(); ok || d.melds[0] != 0 || d.leader != 0 {
		t.Fatalf("trump %d melds %d leader %d", d.trump, d.melds[0], d.leader)
	}
	refuse(t, &d, true, "0 marriage H", CodeMarriage)
}

// T-24 (R-27, R-35 … R-44): the deal record of RULES-1000.md.
func TestT24DealRecord(t *testing.T) {
	d := d1Play(t)
	run(t, &d, true, "0 play AD", "1 play 9D", "2 play JD", "0 marriage H", "0 play KH", "1 play 9H", "2 play JS",
		"0 marriage D", "0 play KD", "1 play 9S", "2 play TD", "2 marriage C", "2 play QC", "0 play JH", "1 play 9C",
		"2 play AC", "0 play QD", "1 play QS", "2 play TC", "0 play QH", "1 play KS", "2 play KC", "0 play TH", "1 play TS",
		"2 play JC", "0 play AH", "1 play AS")
	o, ok := d.Outcome()
	if !ok || o.Declarer != 0 || o.Bid != 130 || o.Contract != 200 || o.Made || o.Points != [4]int{199, 0, 161} ||
		o.Scores != [4]int{-200, 0, 160} || o.Bolts != [4]int{0, 1, 0} || *o.Trump != Clubs || o.NextDealer != 0 || o.AtAction != 36 {
		t.Fatalf("outcome %+v", o)
	}
}

// T-25: rounding.
func TestT25Rounding(t *testing.T) {
	for p, want := range map[int]int{63: 65, 62: 60, 57: 55, 58: 60, 3: 5, 2: 0, 0: 0, 161: 160} {
		if got := Round5(p); got != want {
			t.Errorf("Round5(%d) = %d, want %d", p, got, want)
		}
	}
	got, _ := referee(t, `{"game": "1000", "first_dealer": 0, "deals": [
		{"declarer": 2, "contract": 100, "card_points": [0, 23, 97], "tricks": [0, 2, 6], "marriages": [[], ["S"], []]}]}`)
	wantJSON(t, got, `"scores":[0,65,-100]`) // 97 points miss the 100
}

// T-26: exactly the contract, or minus it.
func TestT26Contract(t *testing.T) {
	for _, tc := range []struct {
		cp   int
		want int
	}{{19, -120}, {20, 120}, {67, 120}} {
		got, _ := referee(t, fmt.Sprintf(`{"game": "1000", "first_dealer": 0, "deals": [
			{"declarer": 1, "contract": 120, "card_points": [0, %d, %d], "tricks": [0, 4, 4], "marriages": [[], ["H"], []]}]}`, tc.cp, 120-tc.cp))
		wantJSON(t, got, fmt.Sprintf(`"scores":[0,%d,`, tc.want))
	}
	got, _ := referee(t, `{"game": "1000", "first_dealer": 0, "deals": [
		{"declarer": 1, "contract": 100, "card_points": [60, 0, 60], "tricks": [4, 0, 4]}]}`)
	wantJSON(t, got, `"scores":[60,-100,60]`, `"bolts_added":[0,0,0]`)
}

// T-27: a trick worth 2 points: 0, but no bolt.
func TestT27TrickWithoutPoints(t *testing.T) {
	got, _ := referee(t, `{"game": "1000", "first_dealer": 0, "deals": [
		{"declarer": 1, "contract": 100, "card_points": [2, 118, 0], "tricks": [1, 7, 0]}]}`)
	wantJSON(t, got, `"scores":[0,100,0]`, `"bolts_added":[0,0,1]`)
}

// T-35: a golden contract over 120 without a marriage.
func TestT35GoldenBidLimit(t *testing.T) {
	d := dealHands(t, Options{Golden: true}, 2, []string{"AH TH AD KD JD 9S TS", "AS KS QS 9H 9D JH QD", "AC TC KC QC JC JS TD"}, "KH QH 9C")
	if d.Declarer() != 0 || d.bid != 120 || d.Phase() != Giving {
		t.Fatalf("golden deal: declarer %d bid %d phase %v", d.Declarer(), d.bid, d.Phase())
	}
	run(t, &d, true, "0 give KH 1", "0 give 9C 2", "0 contract 125")
	if o, _ := d.Outcome(); o.Result != BidLimit || o.Penalties[0].Points != -250 {
		t.Fatalf("outcome %+v", o)
	}
}

// finish completes a deal with the first legal action each time.
func finish(t *testing.T, d *Deal) {
	t.Helper()
	var buf [MaxActions]Action
	for !d.Over() {
		legal := d.Legal(&buf)
		a := legal[0]
		if a.Kind == Redeal && len(legal) > 1 {
			a = legal[1]
		}
		if a.Max > 0 {
			a.Max = 0
		}
		if err := d.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// T-47: the 4p dealer scores the stock.
func TestT47FourPlayerDealer(t *testing.T) {
	for stock, want := range map[string]int{"AH KS QS": 60, "9H 9D JC": 0} {
		rest := FullDeck &^ setOf(cards(t, stock))
		all := rest.Cards()
		hands := [][]Card{all[0:7], all[7:14], all[14:21], nil}
		d, err := DealHands(Options{Players: 4}, 3, hands, cards(t, stock))
		if err != nil {
			t.Fatal(err)
		}
		finish(t, &d)
		o, _ := d.Outcome()
		if o.Scores[3] != want || o.Bolts[3] != 0 || o.Tricks[3] != 0 {
			t.Errorf("stock %s: outcome %+v", stock, o)
		}
		if stock == "AH KS QS" && o.Points[3] != 58 {
			t.Errorf("stock points %d", o.Points[3])
		}
	}
}

// T-50: two players are not supported.
func TestT50TwoPlayers(t *testing.T) {
	got, isErr := referee(t, `{"game": "1000", "players": 2, "dealer": 0, "deck": []}`)
	if !isErr || !strings.Contains(got, `"action":-1`) || !strings.Contains(got, "not supported") {
		t.Errorf("%s", got)
	}
	if _, err := NewDeal(Options{Players: 2}, 0, cards(t, d1)); err == nil || err.(*Error).Code != CodeUnsupported {
		t.Errorf("NewDeal with 2 players: %v", err)
	}
}
