package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/draw"
)

// TestSwissSeedList: the organiser gives round 1 a seed list on the draw
// page and over the API (SW-4); a change drops the announced commitment;
// an unknown card, a card twice, a word that is no number and a list
// after round 1 are refused with a message and change nothing; round 1
// ranks the list first and its protocol shows the list and verifies;
// undoing round 1 keeps the list; the history names it.
func TestSwissSeedList(t *testing.T) {
	f := swissFixture(t)
	page := f.Org.Get(f.Path + "/draw").Body
	webtest.MustContain(t, page, "Setzliste für Runde 1", `data-testid="swiss-seed-none"`)
	if r := f.Org.Post(f.Path+"/draw/announce", nil); r.Status != http.StatusSeeOther || f.Load().Pending == nil {
		t.Fatalf("announce: %d", r.Status)
	}
	if r := f.Org.Post(f.Path+"/swiss/seeds", url.Values{"seeds": {"4, 2\n5"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("seed list: %d %s", r.Status, r.Body)
	}
	tr := f.Load()
	if !slices.Equal(tr.SwissSeeds, []tournament.CardNo{4, 2, 5}) || tr.Pending != nil {
		t.Fatalf("seeds %v, commitment %v kept", tr.SwissSeeds, tr.Pending)
	}
	page = f.Org.Get(f.Path + "/draw").Body
	webtest.MustContain(t, page, "Karte 4 · <strong>Spieler 4</strong>", ">4 2 5</textarea>")

	for typed, want := range map[string]string{
		"4 x":   "„x“ ist keine Kartennummer.",
		"4 0":   "„0“ ist keine Kartennummer.",
		"4 9":   "Die Setzliste nennt Karte 9, die niemand hat",
		"4;2;4": "Die Setzliste nennt Karte 4 zweimal",
	} {
		r := f.Org.Post(f.Path+"/swiss/seeds", url.Values{"seeds": {typed}})
		if r.Status != http.StatusUnprocessableEntity {
			t.Errorf("%q: status %d", typed, r.Status)
		}
		webtest.MustContain(t, r.Body, `data-testid="error-seeds"`, want, ">"+typed+"</textarea>")
		if got := f.Load(); !slices.Equal(got.SwissSeeds, tr.SwissSeeds) || got.Version != tr.Version {
			t.Fatalf("%q changed the list to %v", typed, got.SwissSeeds)
		}
	}

	base := "/api/tournaments/" + strconv.FormatInt(f.ID, 10)
	r := f.API.API(http.MethodPut, base+"/seeds", f.Anna, map[string]any{"seeds": []int{3, 1}})
	if r.Status != http.StatusOK {
		t.Fatalf("API seed list: %d %s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `"swiss_seeds":[3,1]`)
	for _, bad := range [][]int{{3, 3}, {3, 17}} {
		if r := f.API.API(http.MethodPut, base+"/seeds", f.Anna, map[string]any{"seeds": bad}); r.Status != http.StatusUnprocessableEntity {
			t.Errorf("API %v: %d %s", bad, r.Status, r.Body)
		}
	}
	if r := f.API.API(http.MethodPut, base+"/seeds", webtest.Basic("Hans", "Hans-password"), map[string]any{"seeds": []int{1}}); r.Status != http.StatusForbidden {
		t.Errorf("helper sets the seed list: %d", r.Status)
	}

	f.DrawDigital()
	round1 := f.Load().Rounds[0]
	if m := round1.Matches[0]; m.A != 3 && m.B != 3 { // SW-4, SW-8: the first seed on board 1
		t.Fatalf("board 1 is %d–%d", m.A, m.B)
	}
	p, err := draw.ReadProtocol(strings.NewReader(f.App.Client().Get(f.Path + "/rounds/1/protocol.json").Body))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Swiss.Seeds, []tournament.CardNo{3, 1}) || p.Verify() != nil {
		t.Fatalf("protocol seeds %v, verify %v", p.Swiss.Seeds, p.Verify())
	}
	r = f.Org.Post(f.Path+"/swiss/seeds", url.Values{"seeds": {"1"}})
	if r.Status != http.StatusConflict {
		t.Fatalf("seed list after round 1: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Runde 1 ist gepaart; die Setzliste lässt sich nicht mehr ändern")
	if r := f.API.API(http.MethodPut, base+"/seeds", f.Anna, map[string]any{"seeds": []int{1}}); r.Status != http.StatusConflict {
		t.Fatalf("API seed list after round 1: %d", r.Status)
	}
	webtest.MustNotContain(t, f.Org.Get(f.Path+"/draw").Body, `data-testid="swiss-seeds"`)

	if r := f.Org.Post(f.Path+"/draw/undo", url.Values{"round": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", r.Status)
	}
	if got := f.Load().SwissSeeds; !slices.Equal(got, []tournament.CardNo{3, 1}) {
		t.Fatalf("undo changed the list to %v", got)
	}
	webtest.MustContain(t, f.Org.Get(f.Path+"/history").Body, "Setzliste für Runde 1: Karten 4 2 5", "Setzliste für Runde 1: Karten 3 1")
}
