package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/draw"
)

// Issue 9: undoing a draw asks first on a page that lists the pairings it
// removes (a plain page: no script needed); the undone draw stays public
// with its commitment and seed on the rounds page, the round's page and
// its protocol once the round is drawn again (P-4).
func TestUndoAsksAndStaysPublic(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1, 1, 1, 1, 1, 1, 1)
	commitment := f.DrawDigital()
	first := f.Load().Current()
	seed := first.Draw.Seed
	undoURL := f.Path + "/draw/undo?round=1"
	webtest.MustContain(t, f.Org.Get(f.Path+"/draw").Body, `href="`+undoURL+`" data-testid="undo"`)
	r := f.Org.Get(undoURL)
	if r.Status != http.StatusOK {
		t.Fatalf("confirm page: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="undo-pairings"`, `data-testid="undo-confirm"`, "Ja, Auslosung von Runde 1 zurücknehmen",
		strconv.Itoa(int(first.Matches[0].A))+" Spieler "+strconv.Itoa(int(first.Matches[0].A)), `name="round" value="1"`)
	if len(f.Load().Rounds) != 1 {
		t.Fatal("the confirm page undid the draw")
	}
	// Helpers may not; the second click undoes.
	if r := f.Helper.Get(undoURL); r.Status != http.StatusForbidden {
		t.Errorf("helper: %d", r.Status)
	}
	if r := f.Org.Post(f.Path+"/draw/undo", url.Values{"round": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", r.Status)
	}
	if len(f.Load().Rounds) != 0 {
		t.Fatal("not undone")
	}
	// Nothing to undo now: the link leads back to the draw page.
	if r := f.Org.Get(undoURL); r.Status != http.StatusSeeOther || r.Location() != f.Path+"/draw" {
		t.Errorf("nothing to undo: %d %q", r.Status, r.Location())
	}
	// Everyone sees it, with its commitment and seed.
	pub := f.App.Client().Get(f.Path + "/rounds")
	webtest.MustContain(t, pub.Body, `data-testid="undone-draws"`, "Runde 1: zurückgenommen am", "von Anna", commitment, seed)
	// Drawn again: the round's page and protocol list the undone draw.
	f.DrawDigital()
	pub = f.App.Client().Get(f.Path + "/rounds/1")
	webtest.MustContain(t, pub.Body, `data-testid="undone-draws"`, seed)
	r = f.App.Client().Get(f.Path + "/rounds/1/protocol.json")
	var p draw.Protocol
	if err := json.Unmarshal([]byte(r.Body), &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Undone) != 1 || p.Undone[0].Seed != seed || p.Undone[0].Commitment != commitment || p.Undone[0].UndoneBy != "Anna" ||
		len(p.Undone[0].Pairings) != 4 || p.Undone[0].Pairings[0][0] != first.Matches[0].A {
		t.Fatalf("protocol's undone draws %+v", p.Undone)
	}
	if err := p.Verify(); err != nil {
		t.Errorf("the protocol with undone draws does not verify: %v", err)
	}
	en := f.App.Client()
	en.Get(f.Path + "/rounds?lang=en")
	webtest.MustContain(t, en.Get(f.Path+"/rounds").Body, "Undone draws", "Round 1: undone on")
}

// Issue 9, P-2: making the tournament smaller asks first, naming the card
// numbers that go and the sold cards that get a new number.
func TestResizeAsks(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"}, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	for no := 1; no <= 4; no++ { // 6 sold, cards 5–10: too few for 16, enough for 8
		if r := f.Org.Post(f.Path+"/sale/cancel", url.Values{"card": {strconv.Itoa(no)}}); r.Status != http.StatusSeeOther {
			t.Fatalf("cancel %d: %d", no, r.Status)
		}
	}
	desk := f.Org.Get(f.Path + "/sale").Body
	webtest.MustContain(t, desk, `<form method="get" action="`+f.Path+`/resize"`, `name="cards" value="8"`)
	r := f.Org.Get(f.Path + "/resize?cards=8")
	if r.Status != http.StatusOK {
		t.Fatalf("confirm: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Von 16 auf 8 Karten verkleinern", "Die Kartennummern 9–16 entfallen.",
		"Karte 9 wird Karte 1 (Spieler 9)", "Karte 10 wird Karte 2 (Spieler 10)", `data-testid="resize-confirm"`)
	if f.Load().Settings.Cards != 16 {
		t.Fatal("the confirm page resized")
	}
	if r := f.Org.Post(f.Path+"/resize", url.Values{"cards": {"8"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("resize: %d", r.Status)
	}
	if tr := f.Load(); tr.Settings.Cards != 8 {
		t.Fatalf("cards %d", tr.Settings.Cards)
	}
	// No shortfall any more: back to the desk.
	if r := f.Org.Get(f.Path + "/resize?cards=4"); r.Status != http.StatusSeeOther || !strings.HasSuffix(r.Location(), "/sale") {
		t.Errorf("no shortfall: %d %q", r.Status, r.Location())
	}
}
