package table

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"bummerl/domain/schnapsen"
)

var variants = []schnapsen.Variant{schnapsen.Soft, schnapsen.Sharp, schnapsen.SixtySix}
var closings = []schnapsen.Closing{schnapsen.AtClose, schnapsen.CountLater}

func config(v schnapsen.Variant, c schnapsen.Closing, bummerl int, seed string) Config {
	return Config{Variant: v, Closing: c, BummerlToWin: bummerl, FirstDealer: FirstDealerOf(seed), Seed: seed}
}

// playRandom plays m to its end with random legal moves chosen by r; with
// resign > 0 a player resigns a deal (or, rarely, the match) now and then.
func playRandom(t testing.TB, m *Match, r *rand.Rand, resign bool) {
	t.Helper()
	for n := 0; !m.Finished(); n++ {
		if n > 10000 {
			t.Fatal("match does not end")
		}
		seat := m.ToMove()
		v := m.View(seat)
		if len(v.Legal) == 0 {
			t.Fatalf("seat %d to move without legal actions", seat)
		}
		if other := m.View(1 - seat); len(other.Legal) != 0 {
			t.Fatalf("seat %d not to move but offered %v", 1-seat, other.Legal)
		}
		mv := v.Legal[r.IntN(len(v.Legal))]
		if resign {
			switch x := r.IntN(400); {
			case x == 0:
				mv = Move{Seat: seat, Resign: ResignMatch}
			case x < 8:
				mv = Move{Seat: 1 - seat, Resign: ResignDeal} // not on his turn: allowed
			}
		}
		mv.ID = fmt.Sprintf("m%d", n)
		if ok, err := m.Apply(mv); err != nil || !ok {
			t.Fatalf("move %+v: applied %v, %v", mv, ok, err)
		}
	}
}

// TestRandomMatches plays many complete matches in every variant and
// closing option and checks the table against the engine: the dealer
// alternates every deal (S-2), each deal's result is its record's
// verdict, the match record judged by the referee gives the table's
// match verdict, and replaying the moves gives the same match.
func TestRandomMatches(t *testing.T) {
	n := 0
	for _, v := range variants {
		for _, c := range closings {
			for b := 1; b <= 3; b++ {
				for s := range 12 {
					n++
					seed := fmt.Sprintf("%s-%s-%d-%d", v, c, b, s)
					t.Run(seed, func(t *testing.T) {
						m, err := New(config(v, c, b, seed))
						if err != nil {
							t.Fatal(err)
						}
						r := rand.New(rand.NewPCG(uint64(n), 7))
						playRandom(t, m, r, s%3 == 0)
						checkMatch(t, m)
					})
				}
			}
		}
	}
}

func checkMatch(t *testing.T, m *Match) {
	t.Helper()
	cfg := m.Config()
	for i, d := range m.Deals() {
		if want := (cfg.FirstDealer + 1 + i) % 2; d.Forehand != want { // S-2
			t.Fatalf("deal %d: forehand %d, want %d", i, d.Forehand, want)
		}
		if d.Result == nil {
			t.Fatalf("deal %d undecided in a finished match", i)
		}
		if d.ResignedBy >= 0 {
			if d.Result.Winner != 1-d.ResignedBy || d.Result.Points != ResignPoints {
				t.Fatalf("deal %d resigned by %d: %+v", i, d.ResignedBy, *d.Result)
			}
			continue
		}
		v, err := d.Record.Judge()
		if err != nil {
			t.Fatalf("deal %d: %v", i, err)
		}
		if !v.Finished || v.Winner^d.Forehand != d.Result.Winner || v.Points != d.Result.Points || v.Reason != d.Result.Reason {
			t.Fatalf("deal %d: record verdict %+v, table %+v", i, v, *d.Result)
		}
		// Step replays it to the same verdict; at 0 the hands are dealt.
		if s, err := Step(d.Record, len(d.Record.Actions)); err != nil || s.Verdict == nil || !reflect.DeepEqual(*s.Verdict, *d.Verdict) {
			t.Fatalf("deal %d: Step %+v %v", i, s.Verdict, err)
		}
		if s, _ := Step(d.Record, 0); len(s.Hands[0]) != len(s.Hands[1]) || len(s.Hands[0]) < 5 || s.Verdict != nil {
			t.Fatalf("deal %d: dealt %v", i, s.Hands)
		}
		if !reflect.DeepEqual(d.Record.Deck, schnapsen.ShuffledDeck(cfg.Variant, DealSeed(cfg.Seed, i))) {
			t.Fatalf("deal %d: deck is not the seed's", i)
		}
	}
	// The referee, given the match record, agrees with the table.
	got, err := schnapsen.Referee(m.MatchRecord())
	if err != nil {
		t.Fatalf("referee: %v\n%s", err, m.MatchRecord())
	}
	mv := got.(schnapsen.MatchVerdict)
	want := m.Verdict()
	if !mv.Finished || *mv.Winner != *want.Winner || mv.Bummerl != want.Bummerl || len(mv.Deals) != len(want.Deals) {
		t.Fatalf("referee %+v, table %+v", mv, want)
	}
	if m.ResignedBy() < 0 && m.Verdict().Bummerl[*want.Winner] != cfg.BummerlToWin {
		t.Fatalf("winner has %v Bummerl, want %d", want.Bummerl, cfg.BummerlToWin)
	}
	// Replay from the moves (a restart) gives the same match.
	re, err := Replay(cfg, m.Moves())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(re.Verdict(), m.Verdict()) || string(re.MatchRecord()) != string(m.MatchRecord()) {
		t.Fatal("replay differs")
	}
	// Every deal's record is the engine's game record plus seed and number.
	for i := range m.Deals() {
		raw, ok := m.DealRecord(i)
		if !ok {
			if m.Deals()[i].Dealt {
				t.Fatalf("deal %d: no record", i)
			}
			continue
		}
		rec, err := schnapsen.ParseGameRecord(raw)
		if err != nil {
			t.Fatal(err)
		}
		var extra struct {
			Deal int    `json:"deal"`
			Seed string `json:"seed"`
		}
		if err := json.Unmarshal(raw, &extra); err != nil || extra.Deal != i+1 || extra.Seed != fmt.Sprint(DealSeed(cfg.Seed, i)) {
			t.Fatalf("deal %d: extra fields %+v %v", i, extra, err)
		}
		if !reflect.DeepEqual(rec.Deck, m.Deals()[i].Record.Deck) {
			t.Fatalf("deal %d: record deck differs", i)
		}
	}
}

// TestViewHidesCards: a seat sees its own hand, never the other's, and
// no card points in sharp (S-18); in every state of random deals.
func TestViewHidesCards(t *testing.T) {
	for _, v := range variants {
		m, err := New(config(v, schnapsen.AtClose, 2, "hide-"+string(v)))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 4))
		for n := 0; !m.Finished(); n++ {
			d := m.Deals()[len(m.Deals())-1]
			for seat := range 2 {
				sv := m.View(seat)
				b, _ := json.Marshal(sv)
				if !reflect.DeepEqual(sv.Hand, d.state.Hand(seat^d.Forehand)) {
					t.Fatalf("seat %d sees %v, holds %v", seat, sv.Hand, d.state.Hand(seat^d.Forehand))
				}
				if sv.OpponentCards != len(d.state.Hand(1^seat^d.Forehand)) {
					t.Fatal("opponent's card count wrong")
				}
				if (v == schnapsen.Sharp) != (sv.Points == nil) {
					t.Fatalf("%s: points %v", v, sv.Points)
				}
				var decoded map[string]any
				_ = json.Unmarshal(b, &decoded)
				for _, k := range []string{"deck", "talon", "actions", "seed"} {
					if _, ok := decoded[k]; ok {
						t.Fatalf("view has %q", k)
					}
				}
			}
			seat := m.ToMove()
			legal := m.View(seat).Legal
			mv := legal[r.IntN(len(legal))]
			mv.ID = fmt.Sprint(n)
			if _, err := m.Apply(mv); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestIdempotentMoves: a move sent twice counts once; the same id for a
// different move of the seat is refused; a move of the seat not to move is refused
// and changes nothing.
func TestIdempotentMoves(t *testing.T) {
	m, err := New(config(schnapsen.Soft, schnapsen.AtClose, 2, "idem"))
	if err != nil {
		t.Fatal(err)
	}
	seat := m.ToMove()
	mv := m.View(seat).Legal[0]
	mv.ID = "a1"
	if ok, err := m.Apply(mv); !ok || err != nil {
		t.Fatal(ok, err)
	}
	seq := m.Seq()
	if ok, err := m.Apply(mv); ok || err != nil {
		t.Fatalf("again: applied %v, %v", ok, err)
	}
	if m.Seq() != seq {
		t.Fatal("a repeated move counted twice")
	}
	other := Move{ID: "a1", Seat: seat, Resign: ResignDeal} // another move of the same seat
	if _, err := m.Apply(other); err == nil || err.(*Error).Code != CodeDuplicateID {
		t.Fatalf("reused id: %v", err)
	}
	// Out of turn: the engine refuses.
	wrong := Move{ID: "a2", Seat: 1 - m.ToMove(), Kind: schnapsen.Declare}
	if _, err := m.Apply(wrong); err == nil {
		t.Fatal("out of turn accepted")
	}
	if m.Seq() != seq {
		t.Fatal("a refused move counted")
	}
	// A second tab showing an older state: its new move is refused, its
	// repeat of the move made is recognised.
	if ok, err := m.ApplyAt(mv, 0); ok || err != nil {
		t.Fatalf("repeat from an old state: %v %v", ok, err)
	}
	stale := m.View(m.ToMove()).Legal[0]
	stale.ID = "a3"
	if _, err := m.ApplyAt(stale, 0); err == nil || err.(*Error).Code != CodeStale {
		t.Fatalf("stale move: %v", err)
	}
	if ok, err := m.ApplyAt(stale, m.Seq()); !ok || err != nil {
		t.Fatalf("current move: %v %v", ok, err)
	}
	for _, bad := range []Move{{Seat: 0, Kind: schnapsen.Declare}, {ID: "x", Seat: 2, Kind: schnapsen.Declare}, {ID: "y", Seat: 0, Resign: "all"}} {
		if _, err := m.Apply(bad); err == nil {
			t.Fatalf("%+v accepted", bad)
		}
	}
}

// TestResign: a resigned deal gives the opponent 3 game points; a
// resigned match gives up every deal until the opponent has his Bummerl,
// while the resigner keeps the Bummerl he has won.
func TestResign(t *testing.T) {
	m, err := New(Config{Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2, FirstDealer: 1, Seed: "resign"})
	if err != nil {
		t.Fatal(err)
	}
	// Seat 0 resigns three deals: 9 points, one Bummerl to seat 1.
	for i := range 3 {
		if _, err := m.Apply(Move{ID: fmt.Sprint("r", i), Seat: 0, Resign: ResignDeal}); err != nil {
			t.Fatal(err)
		}
	}
	if v := m.Verdict(); v.Bummerl != [2]int{0, 1} || v.Running != [2]int{0, 0} || v.Finished {
		t.Fatalf("after 3 resigned deals: %+v", v)
	}
	if got := m.View(0); got.Deal != 4 || got.Dealer != 0 { // S-2: deal 4 dealt by seat 0 (1, 0, 1, 0)
		t.Fatalf("deal %d dealer %d", got.Deal, got.Dealer)
	}
	// Seat 1 resigns one deal, then the match.
	if _, err := m.Apply(Move{ID: "r3", Seat: 1, Resign: ResignDeal}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Apply(Move{ID: "r4", Seat: 1, Resign: ResignMatch}); err != nil {
		t.Fatal(err)
	}
	v := m.Verdict()
	if !v.Finished || *v.Winner != 0 || v.Bummerl != [2]int{2, 1} {
		t.Fatalf("resigned match: %+v", v)
	}
	if m.ResignedBy() != 1 {
		t.Fatal("resigner not kept")
	}
	if _, err := m.Apply(Move{ID: "r5", Seat: 0, Resign: ResignDeal}); err == nil {
		t.Fatal("move after the match")
	}
	checkMatch(t, m)
	sv := m.View(0)
	if sv.ResignedBy == nil || *sv.ResignedBy != 1 || !sv.Finished || sv.ToMove != -1 || len(sv.Legal) != 0 {
		t.Fatalf("view after resignation: %+v", sv)
	}
}

// TestDeterministic: the same seed deals the same decks; the first dealer
// drawn from the seed is 0 or 1 and both occur.
func TestDeterministic(t *testing.T) {
	a, _ := New(config(schnapsen.SixtySix, schnapsen.AtClose, 1, "same"))
	b, _ := New(config(schnapsen.SixtySix, schnapsen.AtClose, 1, "same"))
	if !reflect.DeepEqual(a.View(0), b.View(0)) || !reflect.DeepEqual(a.Deals()[0].Record, b.Deals()[0].Record) {
		t.Fatal("same seed, different deal")
	}
	seen := map[int]bool{}
	for i := range 20 {
		seen[FirstDealerOf(fmt.Sprint(i))] = true
	}
	if !seen[0] || !seen[1] {
		t.Fatal("first dealer always the same")
	}
	if DealSeed("x", 0) == DealSeed("x", 1) {
		t.Fatal("deal seeds repeat")
	}
	for _, bad := range []Config{{}, {Variant: "soft", Closing: "at-close", BummerlToWin: 4, Seed: "s"},
		{Variant: "soft", Closing: "at-close", BummerlToWin: 2, FirstDealer: 2, Seed: "s"},
		{Variant: "soft", Closing: "at-close", BummerlToWin: 2}} {
		if _, err := New(bad); err == nil {
			t.Fatalf("%+v accepted", bad)
		}
	}
}

// TestStepImpossible: Step names the first impossible action and shows
// the deal before it.
func TestStepImpossible(t *testing.T) {
	rec := schnapsen.GameRecord{Variant: schnapsen.Soft, Closing: schnapsen.AtClose, Deck: schnapsen.NewDeck(schnapsen.Soft),
		Actions: []schnapsen.Action{{Seat: 1, Kind: schnapsen.Declare}}}
	s, err := Step(rec, 1)
	var re *schnapsen.RecordError
	if !errors.As(err, &re) || re.Action != 0 || s.Step != 0 || len(s.Hands[0]) != 5 {
		t.Fatalf("%+v %v", s, err)
	}
	if _, err := Step(schnapsen.GameRecord{Variant: schnapsen.Soft, Closing: schnapsen.AtClose}, 0); err == nil {
		t.Fatal("no deck accepted")
	}
}

// TestMoveIDsPerSeat: move ids are scoped per seat. The player to move
// plays his own move under the id his opponent's phone will send next
// (views.MoveID, "s<seq>-<seat>-<action>"); the opponent's move with that
// id still applies, and each seat's retry still counts once (docs/play.md,
// "Two tabs, retries").
func TestMoveIDsPerSeat(t *testing.T) {
	m, err := New(Config{Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 1, FirstDealer: 1, Seed: "ids"})
	if err != nil {
		t.Fatal(err)
	}
	// Seat 0 leads; any card of seat 1's follows (the talon is open, S-7
	// does not apply yet).
	lead := m.View(0).Legal[0]
	follow := Move{Seat: 1, Kind: schnapsen.Play, Card: m.View(1).Hand[0]}
	stolen := fmt.Sprintf("s1-1-play-%s", follow.Card)
	lead.ID, follow.ID = stolen, stolen
	if ok, err := m.Apply(lead); !ok || err != nil {
		t.Fatalf("lead: %v %v", ok, err)
	}
	if ok, err := m.ApplyAt(follow, 1); !ok || err != nil {
		t.Fatalf("seat 1 blocked by seat 0's use of his id: applied %v, %v", ok, err)
	}
	for _, again := range []Move{lead, follow} {
		if ok, err := m.ApplyAt(again, 0); ok || err != nil {
			t.Fatalf("seat %d's retry: applied %v, %v", again.Seat, ok, err)
		}
	}
	if m.Seq() != 2 {
		t.Fatalf("seq %d after two moves and two retries", m.Seq())
	}
	// Within one seat an id stays one move.
	next := m.View(m.ToMove()).Legal[0]
	next.ID = map[int]string{0: lead.ID, 1: follow.ID}[next.Seat]
	if _, err := m.Apply(next); err == nil || err.(*Error).Code != CodeDuplicateID {
		t.Fatalf("seat %d reused its id: %v", next.Seat, err)
	}
	// The store replays the moves: the same id in both seats replays too.
	r, err := Replay(m.Config(), m.Moves())
	if err != nil || !reflect.DeepEqual(r.View(0), m.View(0)) {
		t.Fatalf("replay: %v", err)
	}
}

// TestOutOfTurn: every legal move of the seat to move, sent by the other
// seat, is refused by the engine as out of turn and changes nothing: a
// seat acts only on its own turn (resigning aside). The cards are those
// the seat to move holds, so only the turn check stops them.
func TestOutOfTurn(t *testing.T) {
	for _, v := range variants {
		m, err := New(config(v, schnapsen.AtClose, 1, "turn-"+string(v)))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, uint64(len(v))))
		for n := 0; !m.Finished(); n++ {
			seat := m.ToMove()
			legal := m.View(seat).Legal
			before := [2]SeatView{m.View(0), m.View(1)}
			for _, mv := range legal {
				mv.Seat, mv.ID = 1-seat, fmt.Sprint("wrong-", n)
				_, err := m.Apply(mv)
				var se *schnapsen.Error
				if !errors.As(err, &se) || se.Code != schnapsen.CodeOutOfTurn {
					t.Fatalf("%s, move %d: seat %d played %+v for seat %d: %v", v, n, 1-seat, mv, seat, err)
				}
			}
			if after := [2]SeatView{m.View(0), m.View(1)}; !reflect.DeepEqual(before, after) {
				t.Fatalf("%s, move %d: a refused move changed the table", v, n)
			}
			mv := legal[r.IntN(len(legal))]
			mv.ID = fmt.Sprint(n)
			if _, err := m.Apply(mv); err != nil {
				t.Fatal(err)
			}
		}
	}
}
