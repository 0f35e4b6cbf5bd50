package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/season"
	"bummerl/store"
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

// TestRegisterPages (issue 24): the register for staff — list and search
// with phones, an edit refused at its field with nothing changed, an
// edit with its audit line; merging, erasing and the export for
// organisers only, each asked first; an erased person's results stay,
// shown as "gelöscht".
func TestRegisterPages(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"})
	for _, b := range []url.Values{
		{"name": {"Franz Huber"}, "club": {"SV Mödling"}, "phone": {"0664 555"}, "count": {"1"}},
		{"name": {"F. Huber"}, "count": {"1"}},
		{"name": {"Maria Groß"}, "count": {"1"}},
	} {
		if r := f.org.post(f.path+"/sale", b); r.status != http.StatusSeeOther {
			t.Fatalf("sale: %d", r.status)
		}
	}
	ids := map[string]string{}
	ps, _ := f.app.store.Persons(t.Context(), "", 0)
	for _, p := range ps {
		ids[p.Name] = strconv.FormatInt(int64(p.ID), 10)
	}
	franz, second := ids["Franz Huber"], ids["F. Huber"]

	if r := f.app.client().get("/persons"); r.status != http.StatusSeeOther {
		t.Errorf("anonymous register: %d", r.status)
	}
	r := f.helper.get("/persons?q=huber")
	mustContain(t, r.body, "Franz Huber", "F. Huber", "0664 555", `href="/persons"`)
	mustNotContain(t, r.body, "Maria Groß")

	// Refused edits: another person's name, an empty name.
	for name, want := range map[string]string{"maria GROSS": "Es gibt schon eine Person namens", "": "Der Name fehlt"} {
		r := f.helper.post("/persons/"+franz, url.Values{"name": {name}, "club": {"x"}})
		if r.status != http.StatusUnprocessableEntity {
			t.Errorf("edit to %q: %d", name, r.status)
		}
		mustContain(t, r.body, want, `data-testid="error-name"`)
	}
	if p, _ := f.app.store.PersonByID(t.Context(), personID(t, franz)); p.Name != "Franz Huber" || p.Club != "SV Mödling" {
		t.Errorf("after refused edits: %+v", p)
	}
	r = f.helper.post("/persons/"+franz, url.Values{"name": {"Franz Huber sen."}, "club": {"SV Mödling"}, "phone": {"0664 555"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("edit: %d %s", r.status, r.body)
	}
	mustContain(t, f.helper.get(r.location()).body, `data-testid="person-saved"`, `value="Franz Huber sen."`)
	mustContain(t, f.helper.get("/persons").body, "Person geändert: Franz Huber → Franz Huber sen.")

	// Helpers may not merge, erase or export.
	for _, path := range []string{"/merge", "/erase", "/export.json"} {
		if r := f.helper.get("/persons/" + second + path); r.status != http.StatusForbidden {
			t.Errorf("helper %s: %d", path, r.status)
		}
	}
	// Merge F. Huber into Franz: the search offers him, the question
	// names both, the post merges.
	mustContain(t, f.org.get("/persons/"+second+"/merge").body, `data-testid="merge-into-`+franz+`"`)
	mustContain(t, f.org.get("/persons/"+second+"/merge?into="+franz).body, `data-testid="merge-question"`, "F. Huber", "Franz Huber sen.")
	if r := f.org.post("/persons/"+second+"/merge", url.Values{"into": {second}}); r.status != http.StatusUnprocessableEntity {
		t.Errorf("merge into himself: %d", r.status)
	} else {
		mustContain(t, r.body, "nicht mit sich selbst")
	}
	if r := f.org.post("/persons/"+second+"/merge", url.Values{"into": {franz}}); r.status != http.StatusSeeOther || r.location() != "/persons/"+franz {
		t.Fatalf("merge: %d %s", r.status, r.location())
	}
	if r := f.org.get("/persons/" + second); r.status != http.StatusNotFound {
		t.Errorf("the merged entry: %d", r.status)
	}
	mustContain(t, f.org.get("/persons/"+franz).body, "Karte 1", "Karte 2")

	// The export: his entry with phone and both evenings' cards.
	r = f.org.get("/persons/" + franz + "/export.json")
	if !strings.Contains(r.header.Get("Content-Disposition"), "attachment") {
		t.Errorf("export: %v", r.header)
	}
	ex := decode[store.PersonExport](t, r)
	if ex.Person.Phone != "0664 555" || len(ex.Evenings) != 2 {
		t.Errorf("export: %s", r.body)
	}

	// Erase: asked first; the players read "gelöscht", the results stay.
	mustContain(t, f.org.get("/persons/"+franz+"/erase").body, `data-testid="erase-question"`)
	if r := f.org.post("/persons/"+franz+"/erase", nil); r.status != http.StatusSeeOther {
		t.Fatalf("erase: %d", r.status)
	}
	// Gone from the list; the audit lines written before keep the name
	// (docs/season.md), the erasure's own holds the number only.
	r = f.org.get("/persons")
	mustNotContain(t, r.body, `data-testid="person-row-`+franz+`"`, "0664 555")
	mustContain(t, r.body, "Person gelöscht: Nr. "+franz)
	mustContain(t, f.org.get("/persons/"+franz).body, `data-testid="person-erased"`)
	tr := f.load()
	if tr.Players[0].Name != store.ErasedName || tr.Players[0].Phone != "" || tr.Sold() != 3 {
		t.Errorf("after the erasure: %+v, %d sold", tr.Players, tr.Sold())
	}
	mustContain(t, f.app.client().get(f.path+"/card/1").body, store.ErasedName)
}

func personID(t *testing.T, s string) season.PersonID {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return season.PersonID(n)
}
