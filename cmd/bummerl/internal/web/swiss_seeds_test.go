package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

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
	page := f.org.get(f.path + "/draw").body
	mustContain(t, page, "Setzliste für Runde 1", `data-testid="swiss-seed-none"`)
	if r := f.org.post(f.path+"/draw/announce", nil); r.status != http.StatusSeeOther || f.load().Pending == nil {
		t.Fatalf("announce: %d", r.status)
	}
	if r := f.org.post(f.path+"/swiss/seeds", url.Values{"seeds": {"4, 2\n5"}}); r.status != http.StatusSeeOther {
		t.Fatalf("seed list: %d %s", r.status, r.body)
	}
	tr := f.load()
	if !slices.Equal(tr.SwissSeeds, []tournament.CardNo{4, 2, 5}) || tr.Pending != nil {
		t.Fatalf("seeds %v, commitment %v kept", tr.SwissSeeds, tr.Pending)
	}
	page = f.org.get(f.path + "/draw").body
	mustContain(t, page, "Karte 4 · <strong>Spieler 4</strong>", ">4 2 5</textarea>")

	for typed, want := range map[string]string{
		"4 x":   "„x“ ist keine Kartennummer.",
		"4 0":   "„0“ ist keine Kartennummer.",
		"4 9":   "Die Setzliste nennt Karte 9, die niemand hat",
		"4;2;4": "Die Setzliste nennt Karte 4 zweimal",
	} {
		r := f.org.post(f.path+"/swiss/seeds", url.Values{"seeds": {typed}})
		if r.status != http.StatusUnprocessableEntity {
			t.Errorf("%q: status %d", typed, r.status)
		}
		mustContain(t, r.body, `data-testid="error-seeds"`, want, ">"+typed+"</textarea>")
		if got := f.load(); !slices.Equal(got.SwissSeeds, tr.SwissSeeds) || got.Version != tr.Version {
			t.Fatalf("%q changed the list to %v", typed, got.SwissSeeds)
		}
	}

	base := "/api/tournaments/" + strconv.FormatInt(f.id, 10)
	r := f.api.api(http.MethodPut, base+"/seeds", f.anna, map[string]any{"seeds": []int{3, 1}})
	if r.status != http.StatusOK {
		t.Fatalf("API seed list: %d %s", r.status, r.body)
	}
	mustContain(t, r.body, `"swiss_seeds":[3,1]`)
	for _, bad := range [][]int{{3, 3}, {3, 17}} {
		if r := f.api.api(http.MethodPut, base+"/seeds", f.anna, map[string]any{"seeds": bad}); r.status != http.StatusUnprocessableEntity {
			t.Errorf("API %v: %d %s", bad, r.status, r.body)
		}
	}
	if r := f.api.api(http.MethodPut, base+"/seeds", basic("Hans", "Hans-password"), map[string]any{"seeds": []int{1}}); r.status != http.StatusForbidden {
		t.Errorf("helper sets the seed list: %d", r.status)
	}

	f.drawDigital()
	round1 := f.load().Rounds[0]
	if m := round1.Matches[0]; m.A != 3 && m.B != 3 { // SW-4, SW-8: the first seed on board 1
		t.Fatalf("board 1 is %d–%d", m.A, m.B)
	}
	p, err := draw.ReadProtocol(strings.NewReader(f.app.client().get(f.path + "/rounds/1/protocol.json").body))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Swiss.Seeds, []tournament.CardNo{3, 1}) || p.Verify() != nil {
		t.Fatalf("protocol seeds %v, verify %v", p.Swiss.Seeds, p.Verify())
	}
	r = f.org.post(f.path+"/swiss/seeds", url.Values{"seeds": {"1"}})
	if r.status != http.StatusConflict {
		t.Fatalf("seed list after round 1: %d", r.status)
	}
	mustContain(t, r.body, "Runde 1 ist gepaart; die Setzliste lässt sich nicht mehr ändern")
	if r := f.api.api(http.MethodPut, base+"/seeds", f.anna, map[string]any{"seeds": []int{1}}); r.status != http.StatusConflict {
		t.Fatalf("API seed list after round 1: %d", r.status)
	}
	mustNotContain(t, f.org.get(f.path+"/draw").body, `data-testid="swiss-seeds"`)

	if r := f.org.post(f.path+"/draw/undo", url.Values{"round": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("undo: %d", r.status)
	}
	if got := f.load().SwissSeeds; !slices.Equal(got, []tournament.CardNo{3, 1}) {
		t.Fatalf("undo changed the list to %v", got)
	}
	mustContain(t, f.org.get(f.path+"/history").body, "Setzliste für Runde 1: Karten 4 2 5", "Setzliste für Runde 1: Karten 3 1")
}
