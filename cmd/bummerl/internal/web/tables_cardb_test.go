package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/tournament"
)

// The busy player is card B of a waiting match (hallFixture has him as
// card A only): match 2 is card 4 (Spieler 3) – card 2 (Spieler 1). While
// Spieler 1 plays match 1 at table 1, the board, the API's busy_at and
// the phones do not offer match 2, and "call next" skips it (P-5).
func TestTablesBusyPlayerAsCardB(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	f.drawPairs([][2]tournament.CardNo{{1, 3}, {4, 2}, {5, 6}, {7, 0}})
	if r := f.org.post(f.path+"/tables/count", url.Values{"tables": {"3"}}); r.status != http.StatusSeeOther {
		t.Fatalf("set tables: %d\n%s", r.status, r.body)
	}
	board := f.path + "/tables"
	if r := f.helper.post(board+"/call", nil); r.location() != board+"?called=1" {
		t.Fatalf("first call: %d %q", r.status, r.location())
	}

	page := f.helper.get(board).body
	mustContain(t, testidText(t, page, "busy-2"), "spielt gerade an Tisch 1")
	mustContain(t, page, `data-testid="call-3"`)
	mustNotContain(t, page, `data-testid="call-2"`)

	b := decode[boardJSON](t, f.app.client().get("/api/tournaments/"+strconv.FormatInt(f.id, 10)+"/tables"))
	busyAt := map[int]int{}
	for _, w := range b.Waiting {
		busyAt[w.Match.Match] = w.BusyAt
	}
	if len(busyAt) != 2 || busyAt[2] != 1 || busyAt[3] != 0 {
		t.Fatalf("API busy_at by match %v, want 2 → 1, 3 → 0", busyAt)
	}

	// Spieler 1's phone calls him to match 1 only; Spieler 3's not at all.
	phone := f.app.client()
	page = phone.get(f.path + "/card/2").body
	mustContain(t, testidText(t, page, "state-2"), "Erst nach deiner Partie an Tisch 1")
	mustContain(t, page, `data-call="1/1/1"`)
	mustNotContain(t, page, `data-testid="table-2"`, `data-call="1/2/`)
	page = phone.get(f.path + "/card/4").body
	mustNotContain(t, page, `data-testid="called"`, "Du bist dran", `data-testid="table-4"`)
	// He waits for his opponent, not for a match of his own.
	mustContain(t, testidText(t, page, "state-4"), "Erst wenn dein Gegner an Tisch 1 fertig ist")

	// "Call next" skips match 2; then only match 2 waits and cannot be called.
	if r := f.helper.post(board+"/call", nil); r.location() != board+"?called=3" {
		t.Fatalf("second call: %d %q", r.status, r.location())
	}
	r := f.helper.post(board+"/call", nil)
	if r.status != http.StatusConflict || !strings.Contains(r.body, "Bei jeder wartenden Partie spielt eine Person gerade an einem Tisch") {
		t.Fatalf("call with only match 2 waiting: %d\n%s", r.status, r.body)
	}
	m2 := f.matchOf(1, 2)
	r = f.helper.post(board+"/call", url.Values{"match": {"2"}, "version": {strconv.Itoa(m2.Version)}})
	if r.status != http.StatusConflict || !strings.Contains(r.body, "Spieler 1 spielt gerade Partie 1 an Tisch 1") {
		t.Fatalf("call match 2 by hand: %d\n%s", r.status, r.body)
	}
	if f.matchOf(1, 2).Started {
		t.Fatal("match 2 was called")
	}
}
