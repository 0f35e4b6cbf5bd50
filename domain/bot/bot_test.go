package bot

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"

	"bummerl/domain/schnapsen"
)

// engineLegal is what BOT-PROTOCOL.md offers the seat to move: the
// engine's legal actions, only the declaration with 66 on lead.
func engineLegal(d *schnapsen.Deal) []schnapsen.Action {
	var buf [schnapsen.MaxActions]schnapsen.Action
	legal := slices.Clone(d.Legal(&buf))
	for _, a := range legal {
		if a.Kind == schnapsen.Declare && d.CardPoints()[a.Seat] >= 66 {
			return []schnapsen.Action{a}
		}
	}
	return legal
}

// randomStep is a random legal action that declares only with 66, so
// deals run long.
func randomStep(r *rand.Rand, legal []schnapsen.Action) schnapsen.Action {
	if len(legal) > 1 {
		legal = slices.DeleteFunc(slices.Clone(legal), func(a schnapsen.Action) bool { return a.Kind == schnapsen.Declare })
	}
	return legal[r.IntN(len(legal))]
}

// positions calls visit with the views of n random positions of variant
// v: random deals played by random legal actions, every decision of
// them, the Bummerl score random too.
func positions(t testing.TB, v schnapsen.Variant, n int, seed uint64, visit func(rec schnapsen.GameRecord, d *schnapsen.Deal, view View)) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 99))
	for n > 0 {
		cl := schnapsen.AtClose
		if r.IntN(2) == 1 {
			cl = schnapsen.CountLater
		}
		rec := schnapsen.GameRecord{Variant: v, Closing: cl, Deck: schnapsen.ShuffledDeck(v, r.Uint64())}
		d, err := schnapsen.NewDeal(v, cl, rec.Deck)
		if err != nil {
			t.Fatal(err)
		}
		game := [2]int{r.IntN(7), r.IntN(7)}
		for !d.Over() && n > 0 {
			view, err := ViewOf(rec, d.ToMove(), game)
			if err != nil {
				t.Fatal(err)
			}
			visit(rec, &d, view)
			n--
			a := randomStep(r, engineLegal(&d))
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
			rec.Actions = append(rec.Actions, a)
		}
	}
}

// TestNeverIllegal: over 100,000 random positions of each variant
// (issue 25) the bot's action is one the engine allows, its legal list is
// the engine's, and Explain values exactly the legal actions (the
// declaration aside unless the seat has 66). The bot searches one deal
// per decision, one trick deep before its playouts, here; the budget
// does not change which actions it can pick from.
func TestNeverIllegal(t *testing.T) {
	perVariant := 100_000
	if testing.Short() {
		perVariant = 2_000
	}
	var wg sync.WaitGroup
	for i, v := range variants {
		wg.Go(func() {
			b := New(Options{Seed: uint64(i), Worlds: 1, Horizon: 1})
			n := 0
			positions(t, v, perVariant, uint64(i), func(rec schnapsen.GameRecord, d *schnapsen.Deal, view View) {
				want := engineLegal(d)
				legal, err := view.Legal()
				if err != nil || !sameSet(legal, want) {
					t.Fatalf("%s: legal %v (%v), engine %v; record %s", v, legal, err, want, recJSON(rec))
				}
				a, err := b.Decide(view)
				if err != nil || !slices.Contains(want, a) {
					t.Fatalf("%s: decided %v (%v), legal %v; record %s", v, a, err, want, recJSON(rec))
				}
				if n++; n%20 != 0 { // Explain on a sample: it searches every action
					return
				}
				es, err := b.Explain(view)
				if err != nil {
					t.Fatal(err)
				}
				var got []schnapsen.Action
				for _, e := range es {
					got = append(got, e.Action)
				}
				if len(want) > 1 {
					want = slices.DeleteFunc(slices.Clone(want), func(a schnapsen.Action) bool { return a.Kind == schnapsen.Declare })
					got = slices.DeleteFunc(got, func(a schnapsen.Action) bool { return a.Kind == schnapsen.Declare })
				}
				if !sameSet(got, want) {
					t.Fatalf("%s: explained %v, legal %v; record %s", v, got, want, recJSON(rec))
				}
			})
		})
	}
	wg.Wait()
}

func sameSet(a, b []schnapsen.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func recJSON(rec schnapsen.GameRecord) string {
	b, _ := rec.MarshalJSON()
	return string(b)
}

// TestNoPeeking: two deals that differ only in the opponent's hidden
// cards and the face-down talon give the seat the same view, and the bot
// (same seed) the same decision and the same estimates (issue 25).
func TestNoPeeking(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for _, v := range variants {
		positions(t, v, 400, uint64(v[0]), func(rec schnapsen.GameRecord, d *schnapsen.Deal, view View) {
			if r.IntN(4) != 0 {
				return
			}
			other, ok := reshuffleHidden(t, r, rec, view)
			if !ok {
				return
			}
			view2, err := ViewOf(other, view.Seat, view.GamePoints)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(view, view2) {
				t.Fatalf("views differ:\n%+v\n%+v", view, view2)
			}
			opts := Options{Seed: 42, Worlds: 8, Horizon: 1} // small: the test is the sameness
			a1, err1 := New(opts).Decide(view)
			a2, err2 := New(opts).Decide(view2)
			e1, _ := New(opts).Explain(view)
			e2, _ := New(opts).Explain(view2)
			if err1 != nil || err2 != nil || a1 != a2 || !reflect.DeepEqual(e1, e2) {
				t.Fatalf("%v / %v (%v %v)\n%v\n%v", a1, a2, err1, err2, e1, e2)
			}
			checked++
		})
	}
	if checked < 100 {
		t.Fatalf("only %d positions had hidden cards to reshuffle", checked)
	}
}

// reshuffleHidden is rec with the cards the seat cannot see (those in
// the opponent's hand not shown by a marriage or an exchange, and the
// face-down talon; not the card turned up for trump) permuted among their places in the deck, if that
// deal replays to the same view (the opponent's past follows may have
// been forced by the hand he was dealt, S-7).
func reshuffleHidden(t *testing.T, r *rand.Rand, rec schnapsen.GameRecord, view View) (schnapsen.GameRecord, bool) {
	st, err := view.state()
	if err != nil {
		t.Fatal(err)
	}
	up := 6 // the card turned up for trump is seen by both (S-3, X-2)
	if rec.Variant == schnapsen.SixtySix {
		up = 12
	}
	var places []int
	for i, c := range rec.Deck {
		if st.pool&(1<<c) != 0 && i != up {
			places = append(places, i)
		}
	}
	if len(places) < 2 {
		return rec, false
	}
	other := rec
	other.Deck = slices.Clone(rec.Deck)
	for {
		r.Shuffle(len(places), func(i, j int) {
			other.Deck[places[i]], other.Deck[places[j]] = other.Deck[places[j]], other.Deck[places[i]]
		})
		if !slices.Equal(other.Deck, rec.Deck) {
			break
		}
	}
	if _, err := ViewOf(other, view.Seat, view.GamePoints); err != nil {
		return rec, false
	}
	d, err := schnapsen.NewDeal(other.Variant, other.Closing, other.Deck)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range other.Actions {
		if d.Apply(a) != nil { // a follow the other hand would not allow
			return rec, false
		}
	}
	return other, true
}

// TestDeterministic: the same seed and view give the same action whatever
// the bot decided before; another seed may sample other deals.
func TestDeterministic(t *testing.T) {
	var views []View
	positions(t, schnapsen.Soft, 60, 3, func(_ schnapsen.GameRecord, _ *schnapsen.Deal, v View) { views = append(views, v) })
	fresh := func(v View) Estimate {
		es, err := New(Options{Seed: 5, Worlds: 32}).Explain(v)
		if err != nil {
			t.Fatal(err)
		}
		return es[0]
	}
	b := New(Options{Seed: 5, Worlds: 32})
	for i := len(views) - 1; i >= 0; i-- { // another order than fresh's
		es, err := b.Explain(views[i])
		if err != nil {
			t.Fatal(err)
		}
		if want := fresh(views[i]); es[0] != want {
			t.Fatalf("view %d: %+v after other decisions, %+v fresh", i, es[0], want)
		}
	}
}

// TestBadViews: views that are not a decision of a deal in progress are
// refused with an error, never a panic, and whatever is decided from a
// view is among its legal actions.
func TestBadViews(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	b := New(Options{Seed: 1, Worlds: 4})
	refused := 0
	for _, v := range variants {
		positions(t, v, 300, 21, func(_ schnapsen.GameRecord, _ *schnapsen.Deal, view View) {
			bad := view
			bad.Hand = slices.Clone(view.Hand)
			bad.History = slices.Clone(view.History)
			switch r.IntN(7) {
			case 0: // a card short
				bad.Hand = bad.Hand[1:]
			case 1: // a card of the opponent's or the talon's
				for c := schnapsen.Card(0); c < schnapsen.NumCards; c++ {
					if !slices.Contains(bad.Hand, c) {
						bad.Hand[0] = c
						break
					}
				}
			case 2: // the last action missing
				if len(bad.History) > 0 {
					bad.History = bad.History[:len(bad.History)-1]
				}
			case 3: // the other seat
				bad.Seat = 1 - bad.Seat
			case 4:
				bad.TrumpCard = nil
			case 5:
				bad.Variant = "jass"
			case 6: // a declaration: the deal is decided
				bad.History = append(bad.History, Step{Action: schnapsen.Action{Seat: uint8(view.Seat), Kind: schnapsen.Declare}})
			}
			a, err := b.Decide(bad)
			if err != nil {
				refused++
				return
			}
			if legal, _ := bad.Legal(); !slices.Contains(legal, a) {
				t.Fatalf("decided %v, not in %v, from %+v", a, legal, bad)
			}
		})
	}
	if refused < 300 {
		t.Errorf("only %d of 900 broken views refused", refused)
	}
}

// TestBummerlOdds: the Bummerl table is a chance, fair between equal
// scores, and a result that reaches 7 game points wins it (B-1).
func TestBummerlOdds(t *testing.T) {
	for a := range BummerlTarget {
		for b := range BummerlTarget {
			w := bummerlOdds[a][b]
			if w <= 0 || w >= 1 || math.Abs(w+bummerlOdds[b][a]-1) > 1e-9 {
				t.Fatalf("odds %d:%d = %v, %d:%d = %v", a, b, w, b, a, bummerlOdds[b][a])
			}
			if a > 0 && w <= bummerlOdds[a-1][b] {
				t.Fatalf("odds %d:%d not above %d:%d", a, b, a-1, b)
			}
		}
	}
	if bummerlChance([2]int{6, 0}, 0, 1) != 1 || bummerlChance([2]int{0, 4}, 1, -3) != 1 || bummerlChance([2]int{0, 4}, 0, -3) != 0 {
		t.Error("a deal that ends the Bummerl does not decide it")
	}
}

// TestReferenceLegal: the benchmark opponent plays legal actions too,
// and with the talon exhausted (every card known) and a few cards left
// its tree is solved: it plays an action the bot's exact search values
// best too.
func TestReferenceLegal(t *testing.T) {
	ref := NewReference(20, 30, 1)
	exact := NewReference(0, 0, 1) // 667 × 150, all on the one deal left
	b := New(Options{Seed: 1})
	solved := 0
	for _, v := range variants {
		positions(t, v, 600, 31, func(_ schnapsen.GameRecord, d *schnapsen.Deal, view View) {
			a, err := ref.Decide(view)
			if want := engineLegal(d); err != nil || !slices.Contains(want, a) {
				t.Fatalf("%s: reference %v (%v), legal %v", v, a, err, want)
			}
			st, _ := view.state()
			if st.root.next < st.root.size || st.root.closer >= 0 || len(view.Hand) > 4 || st.forced {
				return
			}
			view.GamePoints = [2]int{} // game points uncapped, as the bot counts them
			a, _ = exact.Decide(view)
			es, _ := b.Explain(view)
			// The reference never declares short of 66 (S-15), which can
			// lose less than playing on.
			es = slices.DeleteFunc(es, func(e Estimate) bool { return e.Action.Kind == schnapsen.Declare })
			i := slices.IndexFunc(es, func(e Estimate) bool { return e.Action == a })
			if i < 0 || es[i].Points != es[0].Points {
				t.Fatalf("%s: reference plays %v, the search values %v", v, a, es)
			}
			solved++
		})
	}
	if solved < 50 {
		t.Errorf("only %d endgames checked", solved)
	}
}

// TestPlaysOnWhenGivingUpGainsNothing: with every card known (talon
// exhausted) the deal is lost by 1 game point whatever forehand does;
// declaring short of 66 (S-15) also gives away 1. The bot plays on, as
// the opponent may still err (a tie in value by rounding had made it
// declare against the reference in the arena).
func TestPlaysOnWhenGivingUpGainsNothing(t *testing.T) {
	var rec schnapsen.GameRecord
	err := json.Unmarshal([]byte(`{"variant": "soft", "closing": "at-close",
		"deck": ["TS","KC","JC","QH","QS","KS","AD","TD","AS","JD","AH","JH","TH","QD","AC","QC","KH","JS","TC","KD"],
		"actions": [{"seat": 0, "do": "play", "card": "TS"}, {"seat": 1, "do": "play", "card": "JD"},
			{"seat": 1, "do": "marriage", "suit": "S"}, {"seat": 1, "do": "play", "card": "QS"}, {"seat": 0, "do": "play", "card": "AS"},
			{"seat": 0, "do": "play", "card": "TD"}, {"seat": 1, "do": "play", "card": "JH"},
			{"seat": 0, "do": "marriage", "suit": "C"}, {"seat": 0, "do": "play", "card": "QC"}, {"seat": 1, "do": "play", "card": "AC"},
			{"seat": 1, "do": "play", "card": "JS"}, {"seat": 0, "do": "play", "card": "QD"}]}`), &rec)
	if err != nil {
		t.Fatal(err)
	}
	es := explainSeat0(t, rec)
	for _, e := range es {
		if e.Points != -1 {
			t.Fatalf("want every action to lose 1 game point: %v", es)
		}
	}
	if es[0].Action.Kind != schnapsen.Play {
		t.Errorf("gives up a deal it may still win if the opponent errs: %v", es)
	}
}

// TestClosesWhenClosingWinsAsMuch (issue 25): forehand wins 3 game
// points by closing now (the reference closed here), and the search
// values playing on as high, since it lets the seat see every card to the
// end of the deal when it plays on. The bot closes: a tie favours the
// closing, which leaves the opponent no card to draw.
func TestClosesWhenClosingWinsAsMuch(t *testing.T) {
	rec, err := schnapsen.ParseGameRecord([]byte(`{"variant": "soft", "closing": "at-close",
		"deck": ["AD","KH","JC","KD","KS","JH","KC","TS","AC","QH","TH","TD","JS","TC","QC","AH","JD","QD","QS","AS"],
		"actions": [{"seat": 0, "do": "play", "card": "TS"}, {"seat": 1, "do": "play", "card": "JH"},
			{"seat": 0, "do": "play", "card": "AD"}, {"seat": 1, "do": "play", "card": "QH"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	es := explainSeat0(t, rec)
	// Weighted sums over the worlds round in the last digits.
	if es[0].Action.Kind != schnapsen.Close || math.Abs(es[0].Points-3) > 1e-9 || math.Abs(es[1].Points-3) > 1e-9 {
		t.Errorf("want a closing first, worth 3 game points as playing on: %v", es)
	}
}

// explainSeat0 is the bot's estimates (seed 1) for seat 0 at the end of
// rec, at 0:0 game points.
func explainSeat0(t *testing.T, rec schnapsen.GameRecord) []Estimate {
	t.Helper()
	view, err := ViewOf(rec, 0, [2]int{})
	if err != nil {
		t.Fatal(err)
	}
	es, err := New(Options{Seed: 1}).Explain(view)
	if err != nil {
		t.Fatal(err)
	}
	return es
}
