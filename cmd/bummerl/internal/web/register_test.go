package web

import (
	"bytes"
	"database/sql"
	"html"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/season"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// TestDeskTypeahead (issue 24): the desk's name field offers the register's
// persons (staff only, ß/ss- and case-insensitive); a picked person is
// sold to with his register details, again to his player of this
// tournament without the namesake ask; an unknown or bad pick is refused
// and sells nothing.
func TestDeskTypeahead(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8", "max_cards": "3"})
	other := f.Org.CreateTournament(webtest.SettingsForm(nil))
	if r := f.Org.Post(other+"/sale", url.Values{"name": {"Maria Groß"}, "club": {"Hinterbrühl"}, "phone": {"0664 111"}, "count": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sale: %d", r.Status)
	}
	ps, err := f.App.Store.Persons(t.Context(), "maria", 0)
	if err != nil || len(ps) != 1 {
		t.Fatalf("register: %v %v", ps, err)
	}
	maria := strconv.FormatInt(int64(ps[0].ID), 10)
	if r := f.App.Client().Get(f.Path + "/sale/persons?name=gross"); r.Status != http.StatusSeeOther {
		t.Errorf("anonymous typeahead: %d", r.Status)
	}
	r := f.Helper.Get(f.Path + "/sale/persons?name=GROSS")
	webtest.MustContain(t, r.Body, `data-person="`+maria+`"`, "Maria Groß", "Hinterbrühl")
	webtest.MustNotContain(t, r.Body, "0664")
	webtest.MustNotContain(t, f.Helper.Get(f.Path+"/sale/persons?name=+").Body, "role=\"option\"")

	// Refused picks: nothing sold.
	for _, bad := range []string{"999", "x"} {
		r := f.Helper.Htmx(f.Path+"/sale", url.Values{"person": {bad}, "name": {"Maria"}, "count": {"1"}})
		if r.Status != http.StatusBadRequest {
			t.Errorf("person %q: %d", bad, r.Status)
		}
		if bad == "999" {
			webtest.MustContain(t, r.Body, "Diese Person ist nicht mehr in der Spielerkartei")
		}
	}
	if n := f.Load().Sold(); n != 0 {
		t.Fatalf("%d sold after refused picks", n)
	}
	// A pick sells to Maria as the register knows her, whatever was typed.
	for range 2 {
		if r := f.Helper.Htmx(f.Path+"/sale", url.Values{"person": {maria}, "name": {"mar"}, "count": {"1"}}); r.Status != http.StatusOK {
			t.Fatalf("pick: %d %s", r.Status, r.Body)
		}
	}
	tr := f.Load()
	if len(tr.Players) != 1 || tr.Players[0].Name != "Maria Groß" || tr.Players[0].Club != "Hinterbrühl" || tr.Players[0].Phone != "0664 111" || len(tr.CardsOf(tr.Players[0].ID)) != 2 {
		t.Errorf("players after two picks: %+v", tr.Players)
	}
	webtest.MustContain(t, f.Helper.Get(f.Path+"/sale/persons?name=maria").Body, "hat schon Karte 1, 2")
	if ps, _ := f.App.Store.Persons(t.Context(), "", 0); len(ps) != 1 {
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
		if r := f.Org.Post(f.Path+"/sale", b); r.Status != http.StatusSeeOther {
			t.Fatalf("sale: %d", r.Status)
		}
	}
	ids := map[string]string{}
	ps, _ := f.App.Store.Persons(t.Context(), "", 0)
	for _, p := range ps {
		ids[p.Name] = strconv.FormatInt(int64(p.ID), 10)
	}
	franz, second := ids["Franz Huber"], ids["F. Huber"]

	if r := f.App.Client().Get("/persons"); r.Status != http.StatusSeeOther {
		t.Errorf("anonymous register: %d", r.Status)
	}
	r := f.Helper.Get("/persons?q=huber")
	webtest.MustContain(t, r.Body, "Franz Huber", "F. Huber", "0664 555", `href="/persons"`)
	webtest.MustNotContain(t, r.Body, "Maria Groß")

	// Refused edits: another person's name, an empty name.
	for name, want := range map[string]string{"maria GROSS": "Es gibt schon eine Person namens", "": "Der Name fehlt"} {
		r := f.Helper.Post("/persons/"+franz, url.Values{"name": {name}, "club": {"x"}, "version": {personVersion(t, f.Helper, franz)}})
		if r.Status != http.StatusUnprocessableEntity {
			t.Errorf("edit to %q: %d", name, r.Status)
		}
		webtest.MustContain(t, r.Body, want, `data-testid="error-name"`)
	}
	if p, _ := f.App.Store.PersonByID(t.Context(), personID(t, franz)); p.Name != "Franz Huber" || p.Club != "SV Mödling" {
		t.Errorf("after refused edits: %+v", p)
	}
	r = f.Helper.Post("/persons/"+franz, url.Values{"name": {"Franz Huber sen."}, "club": {"SV Mödling"}, "phone": {"0664 555"},
		"version": {personVersion(t, f.Helper, franz)}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("edit: %d %s", r.Status, r.Body)
	}
	webtest.MustContain(t, f.Helper.Get(r.Location()).Body, `data-testid="person-saved"`, `value="Franz Huber sen."`)
	webtest.MustContain(t, f.Helper.Get("/persons").Body, "Person „Franz Huber“ geändert: Name „Franz Huber“ → „Franz Huber sen.“")

	// Helpers may not merge, erase or export.
	for _, path := range []string{"/merge", "/erase", "/export.json"} {
		if r := f.Helper.Get("/persons/" + second + path); r.Status != http.StatusForbidden {
			t.Errorf("helper %s: %d", path, r.Status)
		}
	}
	// Merge F. Huber into Franz: the search offers him, the question
	// names both, the post merges.
	webtest.MustContain(t, f.Org.Get("/persons/"+second+"/merge").Body, `data-testid="merge-into-`+franz+`"`)
	webtest.MustContain(t, f.Org.Get("/persons/"+second+"/merge?into="+franz).Body, `data-testid="merge-question"`, "F. Huber", "Franz Huber sen.")
	if r := f.Org.Post("/persons/"+second+"/merge", url.Values{"into": {second}}); r.Status != http.StatusUnprocessableEntity {
		t.Errorf("merge into himself: %d", r.Status)
	} else {
		webtest.MustContain(t, r.Body, "nicht mit sich selbst")
	}
	if r := f.Org.Post("/persons/"+second+"/merge", url.Values{"into": {franz}}); r.Status != http.StatusSeeOther || r.Location() != "/persons/"+franz {
		t.Fatalf("merge: %d %s", r.Status, r.Location())
	}
	if r := f.Org.Get("/persons/" + second); r.Status != http.StatusNotFound {
		t.Errorf("the merged entry: %d", r.Status)
	}
	webtest.MustContain(t, f.Org.Get("/persons/"+franz).Body, "Karte 1", "Karte 2")

	// The export: his entry with phone and both evenings' cards.
	r = f.Org.Get("/persons/" + franz + "/export.json")
	if !strings.Contains(r.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("export: %v", r.Header)
	}
	ex := webtest.Decode[store.PersonExport](t, r)
	if ex.Person.Phone != "0664 555" || len(ex.Evenings) != 2 {
		t.Errorf("export: %s", r.Body)
	}

	// Erase: asked first; the players read "gelöscht", the results stay.
	webtest.MustContain(t, f.Org.Get("/persons/"+franz+"/erase").Body, `data-testid="erase-question"`)
	if r := f.Org.Post("/persons/"+franz+"/erase", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("erase: %d", r.Status)
	}
	// Gone from the list and from the register's lines (TestEraseLeavesNothing);
	// the erasure's own line holds the number only.
	r = f.Org.Get("/persons")
	webtest.MustNotContain(t, r.Body, `data-testid="person-row-`+franz+`"`, "0664 555")
	webtest.MustContain(t, r.Body, "Person Nr. "+franz+" gelöscht")
	webtest.MustContain(t, f.Org.Get("/persons/"+franz).Body, `data-testid="person-erased"`)
	tr := f.Load()
	if tr.Players[0].Name != store.ErasedName || tr.Players[0].Phone != "" || tr.Sold() != 3 {
		t.Errorf("after the erasure: %+v, %d sold", tr.Players, tr.Sold())
	}
	webtest.MustContain(t, f.App.Client().Get(f.Path+"/card/1").Body, store.ErasedName)
	// Merged with the erased entry: refused (409), nothing changed.
	r = f.Org.Post("/persons/"+ids["Maria Groß"]+"/merge", url.Values{"into": {franz}})
	if r.Status != http.StatusConflict {
		t.Errorf("merge into the erased: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Eine gelöschte Person kann nicht zusammengeführt werden")
}

var versionRE = regexp.MustCompile(`name="version" value="([0-9a-f]*)"`)

func personID(t *testing.T, s string) season.PersonID {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return season.PersonID(n)
}

// Issue 24: the users page (every change outside a tournament) and the
// register page say each change of the register and of the seasons in a
// line of the page's language — who was edited, merged into whom, which
// evening joined which season — not as the bare action.
func TestChangeLinesRegisterSeasons(t *testing.T) {
	f := newFixture(t, map[string]string{"name": "Preisschnapsen März"}, 1, 1, 1)
	steps := []struct {
		path string
		form url.Values
	}{
		{"/persons/1", url.Values{"name": {"Huber Franz"}, "club": {"Strasshof"}, "phone": {"0664 1234"}}},
		{"/persons/2/merge", url.Values{"into": {"1"}}},
		{"/persons/3/erase", nil},
		{"/seasons", url.Values{"name": {"Cup"}, "points": {"20, 16, 13"}, "taking": {"2"}, "count": {"best"}, "best": {"0"}}},
		{"/seasons/1/edit", url.Values{"name": {"Cup 2026"}, "points": {"20, 16, 13"}, "taking": {"2"}, "count": {"every"}, "best": {"0"}}},
		{"/seasons/1/evenings", url.Values{"tournament": {strconv.FormatInt(f.ID, 10)}, "in": {"1"}}},
		{"/seasons/1/evenings", url.Values{"tournament": {strconv.FormatInt(f.ID, 10)}, "in": {"0"}}},
	}
	for _, s := range steps {
		if s.path == "/persons/1" { // the form's version as it is now
			s.form.Set("version", personVersion(t, f.Org, "1"))
		}
		if r := f.Org.Post(s.path, s.form); r.Status != http.StatusSeeOther {
			t.Fatalf("%s: %d\n%.2000s", s.path, r.Status, r.Body)
		}
	}
	lines := regexp.MustCompile(`data-testid="user-audit-action" data-action="[^"]*">\s*([^<]*?)\s*<`)
	for lang, want := range map[string][]string{
		"de": {"Wertung „Cup 2026“: Abend „Preisschnapsen März“ herausgenommen", "Wertung „Cup 2026“: Abend „Preisschnapsen März“ hinzugefügt",
			"Wertung „Cup 2026“ geändert: Name „Cup“ → „Cup 2026“; Es zählt die beste Karte eines Spielers je Abend → Es zählt jede Karte eines Spielers",
			"Wertung „Cup“ angelegt", "Person Nr. 3 gelöscht", "Person Spieler 2 mit Huber Franz (Strasshof) zusammengeführt",
			"Person „Spieler 1“ geändert: Name „Spieler 1“ → „Huber Franz“, Verein – → „Strasshof“, Telefon geändert"},
		"en": {"Season “Cup 2026”: evening “Preisschnapsen März” taken out",
			"Season “Cup 2026”: evening “Preisschnapsen März” added",
			"Season “Cup 2026” changed: Name “Cup” → “Cup 2026”; A player's best card counts on an evening → Every card of a player counts",
			"Season “Cup” created", "Person no. 3 erased", "Person Spieler 2 merged into Huber Franz (Strasshof)",
			"Person “Spieler 1” edited: Name “Spieler 1” → “Huber Franz”, Club – → “Strasshof”, phone changed"},
	} {
		page := f.Org.Get("/users?lang=" + lang).Body
		var said []string
		for _, m := range lines.FindAllStringSubmatch(page, -1) {
			said = append(said, html.UnescapeString(m[1]))
		}
		if len(said) < len(want) || !slices.Equal(said[:len(want)], want) {
			t.Errorf("%s: the users page says\n%q\nwant\n%q", lang, said, want)
		}
		webtest.MustNotContain(t, page, "0664 1234")
	}
	// The register page says its own changes the same way.
	webtest.MustContain(t, f.Org.Get("/persons?lang=de").Body, "Person Spieler 2 mit Huber Franz (Strasshof) zusammengeführt")
}

// personVersion is the version the person's edit form carries.
func personVersion(t *testing.T, c *webtest.Client, id string) string {
	t.Helper()
	m := versionRE.FindStringSubmatch(c.Get("/persons/" + id).Body)
	if m == nil {
		t.Fatalf("no version on the form of person %s", id)
	}
	return m[1]
}

// TestPersonEditStale (issue 24): two helpers open one person's form; the
// later save of a form filled before the other's is refused (409) with
// his values now and the typed ones kept, nothing changed; saved again
// from that page, it goes through.
func TestPersonEditStale(t *testing.T) {
	f := newFixture(t, nil)
	if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {"Franz Huber"}, "club": {"SV Mödling"}, "count": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sale: %d", r.Status)
	}
	ps, _ := f.App.Store.Persons(t.Context(), "franz", 1)
	id := strconv.FormatInt(int64(ps[0].ID), 10)
	first, second := personVersion(t, f.Helper, id), personVersion(t, f.Org, id)
	if r := f.Helper.Post("/persons/"+id, url.Values{"name": {"Franz Huber"}, "club": {"SV Mödling"}, "phone": {"0664 1"}, "version": {first}}); r.Status != http.StatusSeeOther {
		t.Fatalf("first save: %d", r.Status)
	}
	r := f.Org.Post("/persons/"+id, url.Values{"name": {"Franz Huber sen."}, "club": {"SV Mödling"}, "version": {second}})
	if r.Status != http.StatusConflict {
		t.Fatalf("stale save: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-testid="form-error"`, "inzwischen geändert", "Telefon „0664 1“", `value="Franz Huber sen."`)
	if p, _ := f.App.Store.PersonByID(t.Context(), ps[0].ID); p.Name != "Franz Huber" || p.Phone != "0664 1" {
		t.Errorf("after the stale save: %+v", p)
	}
	again := versionRE.FindStringSubmatch(r.Body)
	if again == nil {
		t.Fatal("no version on the refused form")
	}
	if r := f.Org.Post("/persons/"+id, url.Values{"name": {"Franz Huber sen."}, "club": {"SV Mödling"}, "phone": {"0664 1"}, "version": {again[1]}}); r.Status != http.StatusSeeOther {
		t.Fatalf("save again: %d", r.Status)
	}
	if p, _ := f.App.Store.PersonByID(t.Context(), ps[0].ID); p.Name != "Franz Huber sen." || p.Phone != "0664 1" {
		t.Errorf("after saving again: %+v", p)
	}
}

// TestEraseLeavesNothing (issue 24, privacy: "erase a person (results
// stay, shown as 'gelöscht' without name, club or phone)"): after an
// erasure neither his name, his club nor his phone is on the tournament's
// history, its export, the register, the staff's and the seat's pages of
// his digital table, nor anywhere in the database file.
func TestEraseLeavesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "erase.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f := webtest.NewFixture(t, newTestAppOn(t, st), nil)
	secrets := []string{"Xaver Quast", "SV Zwölfaxing", "0699 4711"}
	for _, b := range []url.Values{
		{"name": {"Xaver Quast"}, "club": {"SV Zwölfaxing"}, "phone": {"0699 4711"}, "count": {"2"}},
		{"name": {"X. Quast"}, "count": {"1"}}, // his second entry, merged into him below
		{"name": {"Spieler 1"}, "count": {"1"}}, {"name": {"Spieler 2"}, "count": {"1"}},
		{"name": {"Spieler 3"}, "count": {"1"}}, {"name": {"Spieler 4"}, "count": {"1"}},
		{"name": {"Spieler 5"}, "count": {"1"}},
	} {
		if r := f.Org.Post(f.Path+"/sale", b); r.Status != http.StatusSeeOther {
			t.Fatalf("sale: %d", r.Status)
		}
	}
	ids := map[string]string{}
	ps, _ := st.Persons(t.Context(), "quast", 0)
	for _, p := range ps {
		ids[p.Name] = strconv.FormatInt(int64(p.ID), 10)
	}
	xaver := ids["Xaver Quast"]
	// A register edit and a merge: lines of the register's audit.
	if r := f.Helper.Post("/persons/"+xaver, url.Values{"name": {"Xaver Quast"}, "club": {"SV Zwölfaxing"}, "phone": {"0699 4711 0"},
		"version": {personVersion(t, f.Helper, xaver)}}); r.Status != http.StatusSeeOther {
		t.Fatalf("edit: %d %s", r.Status, r.Body)
	}
	if r := f.Org.Post("/persons/"+ids["X. Quast"]+"/merge", url.Values{"into": {xaver}}); r.Status != http.StatusSeeOther {
		t.Fatalf("merge: %d", r.Status)
	}
	secrets = append(secrets, "X. Quast")
	// His card at a digital table.
	f.DrawDigital()
	tr := f.Load()
	var m tournament.Match
	for _, mt := range tr.Rounds[0].Matches {
		if c, _ := tr.Card(mt.A); c.Player == 1 {
			m = mt
		}
		if c, _ := tr.Card(mt.B); c.Player == 1 && mt.A != 0 {
			m = mt
		}
	}
	phones := f.StartTable(f.Org, m, "0")
	tables, err := st.TablesOfMatch(t.Context(), f.ID, 1, m.No)
	if err != nil || len(tables) != 1 {
		t.Fatalf("tables: %v %v", tables, err)
	}
	// Abandoned: the seat's replay opens after the match.
	if r := f.Org.Post(views.PlayTablePath(f.ID, tables[0].ID, "/abandon"), nil); r.Status != http.StatusSeeOther {
		t.Fatalf("abandon: %d", r.Status)
	}
	// And the computer seated against him there: a game kept in memory
	// whose QR code the staff's match page names him for.
	side := "1"
	if c, _ := tr.Card(m.A); c.Player == 1 {
		side = "0"
	}
	if r := f.Org.Post(views.PlayAdminPath(f.ID, 1, m.No)+"/bot", url.Values{"side": {side}}); r.Status != http.StatusSeeOther {
		t.Fatalf("seat the computer: %d", r.Status)
	}
	// And a practice game he started from his card's page, named after him.
	his := tr.CardsOf(1)[0]
	guest := f.App.Client()
	r := guest.Post("/practice", url.Values{"t": {strconv.FormatInt(f.ID, 10)}, "card": {strconv.Itoa(int(his))}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("practice from his card: %d", r.Status)
	}
	practice := r.Location()
	pages := []struct {
		c    *webtest.Client
		path string
	}{
		{f.Org, f.Path + "/history"}, {f.Org, f.Path + "/export.json"}, {f.Org, "/persons"},
		{f.Org, views.PlayAdminPath(f.ID, 1, m.No)}, {f.Org, views.PlayTablePath(f.ID, tables[0].ID, "/replay")},
		{phones[0].Client, phones[0].Path("/replay")},
	}
	for _, p := range pages {
		if r := p.c.Get(p.path); r.Status != http.StatusOK || !strings.Contains(r.Body, "Quast") {
			t.Fatalf("before the erasure, %s: %d without his name", p.path, r.Status)
		}
	}

	if r := f.Org.Post("/persons/"+xaver+"/erase", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("erase: %d", r.Status)
	}
	for _, p := range pages {
		r := p.c.Get(p.path)
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d", p.path, r.Status)
		}
		for _, s := range secrets {
			if strings.Contains(r.Body, s) {
				t.Errorf("%s still shows %q", p.path, s)
			}
		}
	}
	// His own practice game names him nowhere on its pages ("Du"), but
	// holds his name in memory.
	pg := serverOf(f.App).practice
	pg.mu.Lock()
	g := pg.games[strings.TrimPrefix(practice, "/practice/")]
	pg.mu.Unlock()
	g.mu.Lock()
	if g.dt.Names[0] != store.ErasedName {
		t.Errorf("his practice game still holds %q", g.dt.Names[0])
	}
	g.mu.Unlock()
	webtest.MustContain(t, f.Org.Get(f.Path+"/history").Body, store.ErasedName)
	// The register's lines name the erased by the marker, in the reader's language.
	webtest.MustContain(t, f.Org.Get("/persons").Body, "Person „gelöscht“ geändert (die Angaben sind gelöscht)", "Person gelöscht mit gelöscht zusammengeführt")
	webtest.MustContain(t, f.Org.Get("/persons?lang=en").Body, "Person “deleted” edited (the details are erased)", "Person deleted merged into deleted")
	if tr := f.Load(); tr.Sold() != 8 {
		t.Errorf("%d cards sold after the erasure", tr.Sold())
	}

	// The file: every page written back (VACUUM drops the free pages that
	// may still hold the old rows' bytes; docs/season.md).
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{"VACUUM", "PRAGMA wal_checkpoint(TRUNCATE)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, file := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(file)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		for _, s := range secrets {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s still holds %q", filepath.Base(file), s)
			}
		}
	}
}
