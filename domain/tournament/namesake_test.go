package tournament

import (
	"errors"
	"slices"
	"testing"
)

func TestNameKey(t *testing.T) {
	same := []string{"Franz Huber", " franz  HUBER ", "Fränz Hubér", "FRANZ\u00a0Huber"}
	for _, n := range same {
		if NameKey(n) != NameKey("Franz Huber") {
			t.Errorf("NameKey(%q) = %q, want that of Franz Huber %q", n, NameKey(n), NameKey("Franz Huber"))
		}
	}
	if NameKey("Strauß") != NameKey("STRAUSS") {
		t.Errorf("ß: %q vs %q", NameKey("Strauß"), NameKey("STRAUSS"))
	}
	if NameKey("Franz Huber") == NameKey("Franz Hube") || NameKey("Franz Huber (Graz)") == NameKey("Franz Huber") {
		t.Error("different names share a key")
	}
	// The ASCII shortcut keys every ASCII string as the full comparison
	// does (all 128 characters, the control ones and the spaces too).
	for i := range 2000 {
		b := make([]byte, i%24)
		for j := range b {
			b[j] = byte((i*31 + j*j*7 + j) % 128)
		}
		if n := string(b); NameKey(n) != unicodeNameKey(n) {
			t.Fatalf("NameKey(%q) = %q, the full comparison %q", n, NameKey(n), unicodeNameKey(n))
		}
	}
}

// P-1: a returning buyer typed as a new one is not a second player; the
// refusal names the player and his cards. A different person of that name
// is sold to only with a note, which becomes part of his name.
func TestSellToNamesake(t *testing.T) {
	tr := mustNew(t, settings(16, 2, false))
	buyer(t, tr, "Franz Huber", 2) // 1, 2
	before := clone(t, tr)
	_, _, err := tr.SellTo(Player{Name: "  franz hübér "}, 2)
	wantCode(t, err, "player_exists")
	var e *Error
	if !errors.As(err, &e) || e.Player != 1 || e.Kind != Conflict || e.Field != "name" {
		t.Fatalf("error %+v, want a conflict about player 1", e)
	}
	if got := e.Text("de"); got != "Franz Huber hat schon Karten 1, 2 — ihm verkaufen?" {
		t.Errorf("German message %q", got)
	}
	if got := e.Text("en"); got != "Franz Huber already holds cards 1, 2 — sell to him?" {
		t.Errorf("English message %q", got)
	}
	unchanged(t, before, tr)

	// Selling to him by his id still keeps the maximum (P-1).
	if _, _, err := tr.SellTo(Player{ID: 1}, 2); err == nil {
		t.Fatal("sold 4 cards to one player with a maximum of 3")
	}

	_, _, err = tr.SellToNamesake(Player{Name: "Franz Huber"}, "  ", 1)
	wantCode(t, err, "note_required")
	unchanged(t, before, tr)

	id, sold, err := tr.SellToNamesake(Player{Name: "Franz Huber", Club: "ASK"}, "Graz", 3)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := tr.Player(id)
	if p.Name != "Franz Huber (Graz)" || p.Club != "ASK" || !slices.Equal(sold, []CardNo{3, 4, 5}) {
		t.Errorf("namesake %+v with %v", p, sold)
	}
	// The combined name is a name like any: typed again, it is asked about.
	_, _, err = tr.SellToNamesake(Player{Name: "Franz Huber"}, "graz", 1)
	wantCode(t, err, "player_exists")
	if errors.As(err, &e); e.Player != id {
		t.Errorf("asked about player %d, want %d", e.Player, id)
	}
	// A player with no cards left (all cancelled) is still the same person.
	tr2 := mustNew(t, settings(8, 2, false))
	buyer(t, tr2, "Maria", 1)
	if err := tr2.CancelSale(1); err != nil {
		t.Fatal(err)
	}
	_, _, err = tr2.SellTo(Player{Name: "maria"}, 1)
	wantCode(t, err, "player_exists")
	if errors.As(err, &e); e.Text("de") != "Maria ist schon angelegt (ohne Karten) — ihm verkaufen?" {
		t.Errorf("German message %q", e.Text("de"))
	}
}

// Issue 23: once all N cards are sold, a namesake typed at the desk is
// not asked about ("… ihm verkaufen?"): there is nothing to sell him.
func TestNamesakeSoldOut(t *testing.T) {
	tr := mustNew(t, settings(4, 2, false))
	buyer(t, tr, "Franz Huber", 2)
	buyer(t, tr, "Maria", 2)
	before := clone(t, tr)
	for _, p := range []Player{{Name: "franz huber"}, {ID: 1}, {Name: "Anna"}} {
		_, _, err := tr.SellTo(p, 1)
		wantCode(t, err, "cards_all_sold")
		var e *Error
		if !errors.As(err, &e) || e.Field != "count" || e.Text("de") != "Alle 4 Karten sind verkauft" || e.Text("en") != "all 4 cards are sold" {
			t.Errorf("sell to %+v: %+v", p, err)
		}
	}
	unchanged(t, before, tr)
}

// Issue 9: renaming a player to another player's name (by NameKey) is
// refused too; his own name in another case is fine.
func TestEditPlayerNamesake(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	buyer(t, tr, "Franz Huber", 1)
	id, _ := buyer(t, tr, "Franz Hubr", 1)
	wantCode(t, tr.EditPlayer(Player{ID: id, Name: "franz  hüber"}), "name_taken")
	must(t, tr.EditPlayer(Player{ID: id, Name: "Franz Huber (Graz)"}))
	must(t, tr.EditPlayer(Player{ID: 1, Name: "FRANZ HUBER"}))
}
