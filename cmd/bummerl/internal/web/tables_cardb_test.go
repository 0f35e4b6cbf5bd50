package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

// The busy player is card B of a waiting match (HallFixture has him as
// card A only): match 2 is card 4 (Spieler 3) – card 2 (Spieler 1). While
// Spieler 1 plays match 1 at table 1, the board, the API's busy_at and
// the phones do not offer match 2, and "call next" skips it (P-5).
func TestTablesBusyPlayerAsCardB(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	f.DrawPairs([][2]tournament.CardNo{{1, 3}, {4, 2}, {5, 6}, {7, 0}})
	if r := f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"3"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("set tables: %d\n%s", r.Status, r.Body)
	}
	board := f.Path + "/tables"
	if r := f.Helper.Post(board+"/call", nil); r.Location() != board+"?called=1" {
		t.Fatalf("first call: %d %q", r.Status, r.Location())
	}

	page := f.Helper.Get(board).Body
	webtest.MustContain(t, webtest.TestidText(t, page, "busy-2"), "spielt gerade an Tisch 1")
	webtest.MustContain(t, page, `data-testid="call-3"`)
	webtest.MustNotContain(t, page, `data-testid="call-2"`)

	b := webtest.Decode[boardJSON](t, f.App.Client().Get("/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/tables"))
	busyAt := map[int]int{}
	for _, w := range b.Waiting {
		busyAt[w.Match.Match] = w.BusyAt
	}
	if len(busyAt) != 2 || busyAt[2] != 1 || busyAt[3] != 0 {
		t.Fatalf("API busy_at by match %v, want 2 → 1, 3 → 0", busyAt)
	}

	// Spieler 1's phone calls him to match 1 only; Spieler 3's not at all.
	phone := f.App.Client()
	page = phone.Get(f.Path + "/card/2").Body
	webtest.MustContain(t, webtest.TestidText(t, page, "state-2"), "Erst nach deiner Partie an Tisch 1")
	webtest.MustContain(t, page, `data-call="1/1/1"`)
	webtest.MustNotContain(t, page, `data-testid="table-2"`, `data-call="1/2/`)
	page = phone.Get(f.Path + "/card/4").Body
	webtest.MustNotContain(t, page, `data-testid="called"`, "Du bist dran", `data-testid="table-4"`)
	// He waits for his opponent, not for a match of his own.
	webtest.MustContain(t, webtest.TestidText(t, page, "state-4"), "Erst wenn dein Gegner an Tisch 1 fertig ist")

	// "Call next" skips match 2; then only match 2 waits and cannot be called.
	if r := f.Helper.Post(board+"/call", nil); r.Location() != board+"?called=3" {
		t.Fatalf("second call: %d %q", r.Status, r.Location())
	}
	r := f.Helper.Post(board+"/call", nil)
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "Bei jeder wartenden Partie spielt eine Person gerade an einem Tisch") {
		t.Fatalf("call with only match 2 waiting: %d\n%s", r.Status, r.Body)
	}
	m2 := f.MatchOf(1, 2)
	r = f.Helper.Post(board+"/call", url.Values{"match": {"2"}, "version": {strconv.Itoa(m2.Version)}})
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "Spieler 1 spielt gerade Partie 1 an Tisch 1") {
		t.Fatalf("call match 2 by hand: %d\n%s", r.Status, r.Body)
	}
	if f.MatchOf(1, 2).Started {
		t.Fatal("match 2 was called")
	}
}
