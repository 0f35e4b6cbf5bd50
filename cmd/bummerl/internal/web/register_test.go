package web

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"
)

// TestDeskTypeahead (issue 24): the desk's name field offers the register's
// persons (staff only, ß/ss- and case-insensitive); a picked person is
// sold to with his register details, again to his player of this
// tournament without the namesake ask; an unknown or bad pick is refused
// and sells nothing.
func TestDeskTypeahead(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8", "max_cards": "3"})
	other := f.org.createTournament(settingsForm(nil))
	if r := f.org.post(other+"/sale", url.Values{"name": {"Maria Groß"}, "club": {"Hinterbrühl"}, "phone": {"0664 111"}, "count": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("sale: %d", r.status)
	}
	ps, err := f.app.store.Persons(t.Context(), "maria", 0)
	if err != nil || len(ps) != 1 {
		t.Fatalf("register: %v %v", ps, err)
	}
	maria := strconv.FormatInt(int64(ps[0].ID), 10)
	if r := f.app.client().get(f.path + "/sale/persons?name=gross"); r.status != http.StatusSeeOther {
		t.Errorf("anonymous typeahead: %d", r.status)
	}
	r := f.helper.get(f.path + "/sale/persons?name=GROSS")
	mustContain(t, r.body, `data-person="`+maria+`"`, "Maria Groß", "Hinterbrühl")
	mustNotContain(t, r.body, "0664")
	mustNotContain(t, f.helper.get(f.path+"/sale/persons?name=+").body, "role=\"option\"")

	// Refused picks: nothing sold.
	for _, bad := range []string{"999", "x"} {
		r := f.helper.htmx(f.path+"/sale", url.Values{"person": {bad}, "name": {"Maria"}, "count": {"1"}})
		if r.status != http.StatusBadRequest {
			t.Errorf("person %q: %d", bad, r.status)
		}
		if bad == "999" {
			mustContain(t, r.body, "Diese Person ist nicht mehr in der Spielerkartei")
		}
	}
	if n := f.load().Sold(); n != 0 {
		t.Fatalf("%d sold after refused picks", n)
	}
	// A pick sells to Maria as the register knows her, whatever was typed.
	for range 2 {
		if r := f.helper.htmx(f.path+"/sale", url.Values{"person": {maria}, "name": {"mar"}, "count": {"1"}}); r.status != http.StatusOK {
			t.Fatalf("pick: %d %s", r.status, r.body)
		}
	}
	tr := f.load()
	if len(tr.Players) != 1 || tr.Players[0].Name != "Maria Groß" || tr.Players[0].Club != "Hinterbrühl" || tr.Players[0].Phone != "0664 111" || len(tr.CardsOf(tr.Players[0].ID)) != 2 {
		t.Errorf("players after two picks: %+v", tr.Players)
	}
	mustContain(t, f.helper.get(f.path+"/sale/persons?name=maria").body, "hat schon Karte 1, 2")
	if ps, _ := f.app.store.Persons(t.Context(), "", 0); len(ps) != 1 {
		t.Errorf("register after the picks: %v", ps)
	}
}
