package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/views"
)

// TestPlayMoveIDsPerSeat: the move ids a phone sends (views.MoveID) are
// predictable, so seat 0 leads under the id seat 1's phone will send for
// its follow. Seat 1's tap still plays the card (move ids are per seat,
// docs/play.md), and a retry of either move counts once (issue 20).
func TestPlayMoveIDsPerSeat(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	phones := f.StartTable(f.Helper, f.FirstPlayable(1), "1") // seat 0 leads (S-2)
	s0, _ := phones[0].State(t)
	s1, _ := phones[1].State(t)
	// The talon is open: any card of seat 1's may follow (S-7).
	follow := table.Move{Seat: 1, Kind: schnapsen.Play, Card: s1.Hand[0]}
	follow.ID = views.MoveID(1, 1, follow)
	lead := s0.Legal[0]
	lead.ID = follow.ID
	if r := phones[0].Move(0, lead); r.Status != http.StatusOK {
		t.Fatalf("lead: %d\n%s", r.Status, r.Body)
	}
	if r := phones[1].Move(1, follow); r.Status != http.StatusOK {
		t.Fatalf("seat 1 blocked by seat 0's use of his id: %d\n%s", r.Status, r.Body)
	}
	if r := phones[0].Move(0, lead); r.Status != http.StatusOK {
		t.Fatalf("seat 0's retry: %d", r.Status)
	}
	if r := phones[1].Move(1, follow); r.Status != http.StatusOK {
		t.Fatalf("seat 1's retry: %d", r.Status)
	}
	if s, _ := phones[1].State(t); s.Seq != 2 || s.Tricks[0]+s.Tricks[1] != 1 {
		t.Fatalf("after two moves and two retries: seq %d, tricks %v", s.Seq, s.Tricks)
	}
}

// germanCard is a card as the phone names it in German (French suits).
func germanCard(c schnapsen.Card) string {
	suits := [4]string{"Herz", "Karo", "Pik", "Treff"}
	ranks := [6]string{"Ass", "Zehn", "König", "Dame", "Bube", "Neun"}
	return suits[c.Suit()] + " " + ranks[c.Rank()]
}

// TestPlayRefusalNamesPlayers: a move the engine refuses is explained
// with the players' names, never the engine's seat numbers (which are not
// the match's seats and change every deal), on the page (htmx) and to a
// JSON client, which gets the API's error object, not an HTML page; so do
// a stale move and a bad form (issue 20).
func TestPlayRefusalNamesPlayers(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	phones := f.StartTable(f.Helper, f.FirstPlayable(1), "0") // seat 1 leads (S-2)
	dt, _, err := f.App.Store.TableBySeat(t.Context(), phones[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	s0, _ := phones[0].State(t)
	card := s0.Hand[0]
	mv := table.Move{ID: "early", Kind: schnapsen.Play, Card: card}
	want := fmt.Sprintf("%s spielen geht nicht: %s ist am Zug.", germanCard(card), dt.Names[1])

	r := phones[0].Move(0, mv)
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("seat 0 leads out of turn: %d\n%s", r.Status, r.Body)
	}
	if got := webtest.TestidText(t, r.Body, "move-error"); got != want {
		t.Fatalf("refusal %q, want %q", got, want)
	}
	webtest.MustNotContain(t, r.Body, "Sitz")

	jsonMove := func(p webtest.SeatPhone, form url.Values) (int, apiError, webtest.Response) {
		t.Helper()
		r := p.Client.PostRaw(p.Path("/move"), form, map[string]string{"Accept": "application/json", "X-CSRF-Token": p.Client.CSRF()})
		var e apiError
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") || json.Unmarshal([]byte(r.Body), &e) != nil {
			t.Fatalf("a JSON client got %s:\n%s", r.Header.Get("Content-Type"), r.Body)
		}
		return r.Status, e, r
	}
	form := url.Values{"id": {"early"}, "seq": {"0"}, "do": {"play"}, "card": {card.String()}}
	if status, e, _ := jsonMove(phones[0], form); status != http.StatusUnprocessableEntity || e.Code != schnapsen.CodeOutOfTurn || e.Error != want {
		t.Fatalf("JSON refusal: %d %+v", status, e)
	}
	// In English, too, by name.
	phones[0].Client.Get(phones[0].Path("?lang=en"))
	if _, e, _ := jsonMove(phones[0], form); e.Error != fmt.Sprintf("You cannot play %s: %s is to move.", englishCard(card), dt.Names[1]) {
		t.Fatalf("English refusal %q", e.Error)
	}
	// Seat 1 leads; a new move chosen before it is stale, a bad form is
	// named at its field; nothing counts.
	s1, _ := phones[1].State(t)
	lead := s1.Legal[0]
	lead.ID = views.MoveID(0, 1, lead)
	if r := phones[1].Move(0, lead); r.Status != http.StatusOK {
		t.Fatalf("lead: %d", r.Status)
	}
	if status, e, _ := jsonMove(phones[1], url.Values{"id": {"late"}, "seq": {"0"}, "resign": {"deal"}}); status != http.StatusConflict || e.Code != table.CodeStale || e.Error == "" {
		t.Fatalf("stale move: %d %+v", status, e)
	}
	if status, e, _ := jsonMove(phones[0], url.Values{"id": {"x"}, "seq": {"1"}, "do": {"fly"}}); status != http.StatusBadRequest || e.Field != "do" || e.Error == "" {
		t.Fatalf("bad form: %d %+v", status, e)
	}
	if s, _ := phones[0].State(t); s.Seq != 1 {
		t.Fatalf("seq %d after one move", s.Seq)
	}
	// A plain form gets the error page with the same words.
	other := s1.Hand[0]
	if other == lead.Card {
		other = s1.Hand[1]
	}
	r = phones[1].Client.Post(phones[1].Path("/move"), url.Values{"id": {"again"}, "seq": {"1"}, "do": {"play"}, "card": {other.String()}})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(r.Body, dt.Names[0]+" ist am Zug.") {
		t.Fatalf("plain form: %d\n%s", r.Status, r.Body)
	}
	webtest.MustNotContain(t, r.Body, "Sitz")
}

// englishCard is a card as the phone names it in English.
func englishCard(c schnapsen.Card) string {
	suits := [4]string{"Hearts", "Diamonds", "Spades", "Clubs"}
	ranks := [6]string{"Ace", "Ten", "King", "Queen", "Jack", "Nine"}
	return suits[c.Suit()] + " " + ranks[c.Rank()]
}
