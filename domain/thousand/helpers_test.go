package thousand

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// cards parses space-separated card notation.
func cards(t testing.TB, s string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// d1 is the deck of the deal record of RULES-1000.md.
const d1 = "KH QH AH AS AC TH TS TC AD KS KC KD QS QC QD 9C JC JD 9H JS 9S 9D TD JH"

// dealHands starts a 3-player deal from hands (seat order) and stock.
func dealHands(t testing.TB, o Options, dealer int, hands []string, stock string) Deal {
	t.Helper()
	hs := make([][]Card, len(hands))
	for i, h := range hands {
		hs[i] = cards(t, h)
	}
	d, err := DealHands(o, dealer, hs, cards(t, stock))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// act parses "1 bid 105", "1 bid 105 blind", "0 give 9S 1",
// "0 contract 200", "0 marriage H", "0 play AD", "1 pass", "1 redeal".
func act(t testing.TB, s string) Action {
	t.Helper()
	f := strings.Fields(s)
	seat, err := strconv.Atoi(f[0])
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	k, err := ParseKind(f[1])
	if err != nil {
		t.Fatal(err)
	}
	a := Action{Seat: uint8(seat), Kind: k}
	switch k {
	case Bid, Contract:
		v, _ := strconv.Atoi(f[2])
		a.Value = uint16(v)
		a.Blind = len(f) > 3 && f[3] == "blind"
	case Give:
		a.Card = cards(t, f[2])[0]
		to, _ := strconv.Atoi(f[3])
		a.To = uint8(to)
	case Play:
		a.Card = cards(t, f[2])[0]
	case Marriage:
		su, err := ParseSuit(f[2])
		if err != nil {
			t.Fatal(err)
		}
		a.Suit = su
	}
	return a
}

// run applies actions with Judge (referee) or Apply (live) and fails on
// any refusal.
func run(t testing.TB, d *Deal, referee bool, actions ...string) {
	t.Helper()
	for _, s := range actions {
		a := act(t, s)
		var err error
		if referee {
			err = d.Judge(a)
		} else {
			err = d.Apply(a)
		}
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// refuse demands that action s is refused with code; the deal stays as it was.
func refuse(t testing.TB, d *Deal, referee bool, s, code string) {
	t.Helper()
	before := *d
	var err error
	if referee {
		err = d.Judge(act(t, s))
	} else {
		err = d.Apply(act(t, s))
	}
	e, ok := err.(*Error)
	if !ok || e.Code != code {
		t.Fatalf("%s: got %v, want code %s", s, err, code)
	}
	if *d != before {
		t.Fatalf("%s: a refused action changed the deal", s)
	}
}

// referee runs the JSON referee and returns the answer as JSON text and
// whether it was an error.
func referee(t testing.TB, record string) (string, bool) {
	t.Helper()
	v, err := Referee([]byte(record))
	if err != nil {
		b, merr := json.Marshal(err)
		if merr != nil {
			t.Fatal(merr)
		}
		return string(b), true
	}
	b, merr := json.Marshal(v)
	if merr != nil {
		t.Fatal(merr)
	}
	return string(b), false
}

// decoded is a verdict decoded into generic JSON.
func decoded(t testing.TB, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// wantJSON checks that the verdict contains each fragment.
func wantJSON(t testing.TB, got string, fragments ...string) {
	t.Helper()
	for _, f := range fragments {
		if !strings.Contains(got, f) {
			t.Errorf("verdict lacks %s:\n%s", f, got)
		}
	}
}

// quote writes cards as a JSON list.
func quote(t testing.TB, s string) string {
	t.Helper()
	b, _ := json.Marshal(cards(t, s))
	return string(b)
}

// played is a score-sheet outcome for the game's next deal: the declarer,
// the contract and each seat's points (trick points plus marriages) and
// tricks; a 4p dealer's entry is his stock points.
func played(g *Game, decl, contract int, points, tricks []int) Outcome {
	n := g.opt.Players
	o := headerOutcome(n, g.NextDealer(), g.NextGolden(), Played)
	o.Declarer, o.Contract, o.Bid = decl, contract, min(contract, 120)
	copy(o.Points[:], points)
	copy(o.Tricks[:], tricks)
	copy(o.CardPoints[:], points)
	stock := 0
	if n == 4 {
		stock = points[o.Dealer]
	}
	o.scorePlayed(stock)
	return o
}

// add applies o to g and fails on an error.
func add(t testing.TB, g *Game, o Outcome) []Event {
	t.Helper()
	ev, err := g.Add(o)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// climb puts seat on the barrel at 880.
func climb(g *Game, seat int) {
	g.Totals[seat] = BarrelLevel
	g.Barrel[g.NBarrel] = seat
	g.NBarrel++
}
