package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// docVersion is the document's version member as exported, plus ahead.
func docVersion(ahead int) []byte {
	return fmt.Appendf(nil, `"version": %d`, store.DocumentVersion+ahead)
}

// sameDocument fails unless the document b, exported after importing a,
// equals a apart from what an import legitimately changes (docs/store.md):
// the time of the export and the one "import" audit line at its end.
func sameDocument(t *testing.T, a, b []byte) {
	t.Helper()
	var da, db store.Document
	if err := json.Unmarshal(a, &da); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &db); err != nil {
		t.Fatal(err)
	}
	last := db.Audit[len(db.Audit)-1]
	if last.Action != "import" || !strings.Contains(last.After, da.Origin) {
		t.Fatalf("last audit line of the import: %+v", last)
	}
	db.Audit, db.Exported = db.Audit[:len(db.Audit)-1], da.Exported
	again, err := store.DocumentFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := store.DocumentFile(da); !bytes.Equal(again, want) {
		t.Fatalf("the document changed on its way:\n%.2000s\n---\n%.2000s", want, again)
	}
}

// Issue 13: an organiser downloads a tournament's document on its page and
// uploads it on another server; helpers and visitors can do neither, and
// a refused upload changes nothing.
func TestTransferPages(t *testing.T) {
	f := newFixture(t, map[string]string{"date": "2026-03-14"}, 2, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	f.FinishRound(1)

	webtest.MustContain(t, f.Org.Get(f.Path).Body, `href="`+f.Path+`/export.json"`, `data-testid="export-document"`)
	webtest.MustNotContain(t, f.Helper.Get(f.Path).Body, "export.json")
	r := f.Org.Get(f.Path + "/export.json")
	if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") ||
		r.Header.Get("Content-Disposition") != `attachment; filename="preisschnapsen-hinterbrühl-2026-03-14.json"` ||
		r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("export: %d %v", r.Status, r.Header)
	}
	doc := []byte(r.Body)
	if r := f.Helper.Get(f.Path + "/export.json"); r.Status != http.StatusForbidden {
		t.Errorf("helper exports: %d", r.Status)
	}
	if r := f.App.Client().Get(f.Path + "/export.json"); r.Status != http.StatusSeeOther || !strings.HasPrefix(r.Location(), "/login") {
		t.Errorf("anonymous exports: %d %s", r.Status, r.Location())
	}

	server := newTestApp(t)
	org, helper := server.LoggedIn("Vera", store.Organiser), server.LoggedIn("Hans", store.Helper)
	org.CreateTournament(webtest.SettingsForm(nil)) // the ids differ from the laptop's
	webtest.MustContain(t, org.Get("/tournaments").Body, `href="/tournaments/import"`)
	webtest.MustNotContain(t, helper.Get("/tournaments").Body, "/tournaments/import")
	webtest.MustContain(t, org.Get("/tournaments/import").Body, `enctype="multipart/form-data"`, `name="_csrf"`, `type="file"`)

	wrongVersion := bytes.Replace(doc, docVersion(0), docVersion(1), 1) // reads 1 to DocumentVersion (issue 14)
	refusals := map[string]struct {
		c      *webtest.Client
		name   string
		data   []byte
		csrf   bool
		status int
		msg    string
	}{
		"not JSON":      {org, "notizen.txt", []byte("Tisch 3: Huber gegen Maier"), true, http.StatusBadRequest, "Das Dokument ist kein gültiges JSON"},
		"other JSON":    {org, "protokoll.json", []byte(`{"round": 1, "groups": []}`), true, http.StatusBadRequest, "Das ist kein exportiertes Bummerl-Turnier"},
		"wrong version": {org, "neu.json", wrongVersion, true, http.StatusBadRequest, fmt.Sprintf("Das Dokument ist Version %d von bummerl-tournament; dieses Bummerl liest nur Version 1 bis %d", store.DocumentVersion+1, store.DocumentVersion)},
		"damaged":       {org, "kaputt.json", bytes.Replace(doc, []byte(`"Name": "Spieler 1"`), []byte(`"Name": " "`), 1), true, http.StatusUnprocessableEntity, "Das Dokument ist beschädigt"},
		"no file":       {org, "", nil, true, http.StatusBadRequest, "Bitte eine exportierte Datei wählen."},
		"no CSRF token": {org, "t.json", doc, false, http.StatusForbidden, ""},
		"helper":        {helper, "t.json", doc, true, http.StatusForbidden, ""},
		"anonymous":     {server.Client(), "t.json", doc, true, http.StatusUnauthorized, ""},
	}
	for name, tc := range refusals {
		r := tc.c.Upload("/tournaments/import", tc.name, tc.data, tc.csrf)
		if r.Status != tc.status || !strings.Contains(r.Body, tc.msg) {
			t.Errorf("%s: %d\n%.3000s", name, r.Status, r.Body)
		}
	}
	if n := server.TournamentCount(); n != 1 {
		t.Fatalf("%d tournaments after the refused uploads", n)
	}
	if !bytes.Contains(wrongVersion, docVersion(1)) {
		t.Fatal("the test's wrong version is not one")
	}

	r = org.Upload("/tournaments/import", "abend.json", doc, true)
	if r.Status != http.StatusSeeOther || r.Location() != "/t/2" {
		t.Fatalf("import: %d %q\n%s", r.Status, r.Location(), r.Body)
	}
	webtest.MustContain(t, org.Get("/t/2").Body, "Preisschnapsen Hinterbrühl", "Spieler 7")
	sameDocument(t, doc, []byte(org.Get("/t/2/export.json").Body))

	// The same document again: refused, naming and linking the copy there.
	r = org.Upload("/tournaments/import", "abend.json", doc, true)
	if r.Status != http.StatusConflict {
		t.Fatalf("second import: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Dieses Turnier ist schon da: Turnier 2 „Preisschnapsen Hinterbrühl“; nichts wurde importiert",
		`href="/t/2" data-testid="import-existing"`)
	if n := server.TournamentCount(); n != 2 {
		t.Fatalf("%d tournaments after the second import", n)
	}
}

// Issue 13, docs/api.md: GET /api/tournaments/:id/export and POST
// /api/tournaments/import carry the same document for programs.
func TestTransferAPI(t *testing.T) {
	t.Parallel() // slow and on its own app: runs beside the browser tests
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	f.FinishRound(1)
	c := f.App.Client()
	r := c.API(http.MethodGet, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/export", f.Anna, nil)
	if r.Status != http.StatusOK || !strings.Contains(r.Header.Get("Content-Disposition"), `filename="preisschnapsen-hinterbrühl-`) {
		t.Fatalf("export: %d %v", r.Status, r.Header)
	}
	doc := []byte(r.Body)
	for auth, status := range map[string]int{webtest.Basic("Hans", "Hans-password"): http.StatusForbidden, "": http.StatusUnauthorized} {
		if r := c.API(http.MethodGet, "/api/tournaments/1/export", auth, nil); r.Status != status {
			t.Errorf("export with %q: %d", auth, r.Status)
		}
	}
	if r := c.API(http.MethodGet, "/api/tournaments/9/export", f.Anna, nil); r.Status != http.StatusNotFound {
		t.Errorf("export of no tournament: %d", r.Status)
	}

	server := newTestApp(t)
	server.AddUser("Vera", store.Organiser)
	server.AddUser("Hans", store.Helper)
	vera, sc := webtest.Basic("Vera", "Vera-password"), server.Client()
	post := func(auth, contentType string, body []byte) webtest.Response {
		h := map[string]string{"Content-Type": contentType}
		if auth != "" {
			h["Authorization"] = auth
		}
		return sc.Request(http.MethodPost, "/api/tournaments/import", bytes.NewReader(body), h)
	}
	// More than the 1 MB other bodies may have: the import has its own bound.
	padded := append(bytes.TrimSpace(doc), bytes.Repeat([]byte(" "), 2<<20)...)
	refusals := map[string]struct {
		auth, contentType string
		body              []byte
		status            int
		code              string
	}{
		"helper":        {webtest.Basic("Hans", "Hans-password"), "application/json", doc, http.StatusForbidden, "forbidden"},
		"anonymous":     {"", "application/json", doc, http.StatusUnauthorized, "unauthorized"},
		"not JSON type": {vera, "text/plain", doc, http.StatusUnsupportedMediaType, "json_required"},
		"bad JSON":      {vera, "application/json", doc[:len(doc)/2], http.StatusBadRequest, "bad_document"},
		"wrong version": {vera, "application/json", bytes.Replace(doc, docVersion(0), docVersion(4), 1), http.StatusBadRequest, "bad_document"},
		"field twice":   {vera, "application/json", bytes.Replace(doc, []byte(`"format"`), []byte(`"version": 3, "format"`), 1), http.StatusBadRequest, "bad_document"},
		"damaged":       {vera, "application/json", bytes.Replace(doc, []byte(`"MaxCards": 3`), []byte(`"MaxCards": 0`), 1), http.StatusUnprocessableEntity, "bad_document"},
		// Issue 20: as docs/api.md says, like any body too large.
		"over 64 MiB": {vera, "application/json", bytes.Repeat([]byte(" "), store.MaxDocumentBytes+1), http.StatusRequestEntityTooLarge, "too_large"},
	}
	for name, tc := range refusals {
		r := post(tc.auth, tc.contentType, tc.body)
		if e := webtest.Decode[apiError](t, r); r.Status != tc.status || e.Code != tc.code || e.Error == "" {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	if n := server.TournamentCount(); n != 0 {
		t.Fatalf("%d tournaments after the refused imports", n)
	}

	r = post(vera, "application/json", padded)
	got := webtest.Decode[tournamentJSON](t, r)
	if r.Status != http.StatusCreated || r.Location() != "/api/tournaments/1" || got.ID != 1 || got.Rounds != 1 || got.Sold != 8 {
		t.Fatalf("import: %d %q %s", r.Status, r.Location(), r.Body)
	}
	sameDocument(t, doc, []byte(sc.API(http.MethodGet, "/api/tournaments/1/export", vera, nil).Body))

	r = post(vera, "application/json", doc)
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusConflict || e.Code != "duplicate_import" || e.Tournament != 1 ||
		!strings.Contains(e.Error, "already here: tournament 1") {
		t.Fatalf("second import: %d %s", r.Status, r.Body)
	}
	if n := server.TournamentCount(); n != 1 {
		t.Fatalf("%d tournaments after the second import", n)
	}
}

// Issue 20: a document whose hall has a billion tables is refused, naming
// them, and nothing is stored: the public tables of the tournament it
// would have become do not exist, and after the valid import they are the
// laptop's 4, the same after the refused document is sent again.
func TestImportRefusesHugeHall(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	laptop := f.App.Client()
	base := "/api/tournaments/" + strconv.FormatInt(f.ID, 10)
	if r := laptop.API(http.MethodPut, base+"/tables", f.Anna, map[string]any{"tables": 4}); r.Status != http.StatusOK {
		t.Fatalf("tables: %d %s", r.Status, r.Body)
	}
	f.DrawDigital()
	doc := []byte(laptop.API(http.MethodGet, base+"/export", f.Anna, nil).Body)
	huge := bytes.Replace(doc, []byte(`"Tables": 4`), []byte(`"Tables": 1000000000`), 1)
	if bytes.Equal(huge, doc) {
		t.Fatal("the document has no hall of 4 tables")
	}

	server := newTestApp(t)
	server.AddUser("Vera", store.Organiser)
	vera, c := webtest.Basic("Vera", "Vera-password"), server.Client()
	tables := func() webtest.Response { return c.API(http.MethodGet, "/api/tournaments/1/tables", "", nil) } // anonymous
	refused := func() {
		t.Helper()
		r := c.API(http.MethodPost, "/api/tournaments/import", vera, json.RawMessage(huge))
		if e := webtest.Decode[apiError](t, r); r.Status != http.StatusUnprocessableEntity || e.Code != "bad_document" ||
			!strings.Contains(e.Error, "2048") || !strings.Contains(e.Error, "1000000000") {
			t.Fatalf("import of a billion tables: %d %s", r.Status, r.Body)
		}
	}
	refused()
	if n := server.TournamentCount(); n != 0 {
		t.Fatalf("%d tournaments after the refused import", n)
	}
	if r := tables(); r.Status != http.StatusNotFound {
		t.Fatalf("tables of the refused import: %d", r.Status)
	}
	if r := c.API(http.MethodPost, "/api/tournaments/import", vera, json.RawMessage(doc)); r.Status != http.StatusCreated {
		t.Fatalf("import: %d %s", r.Status, r.Body)
	}
	refused()
	board := webtest.Decode[boardJSON](t, tables())
	if board.Round != 1 || board.Tables != 4 || len(board.Free) != 4 {
		t.Fatalf("tables after the imports: %+v", board)
	}
}

// laptopDocument is the document of a finished first round of a
// tournament named name on a laptop of its own: its players, "Spieler 1"
// to "Spieler 7", are persons of that laptop's register.
func laptopDocument(t *testing.T, name string) []byte {
	t.Helper()
	f := newFixture(t, map[string]string{"name": name}, 2, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	f.FinishRound(1)
	return []byte(f.Org.Get(f.Path + "/export.json").Body)
}

// Issue 24 point 5: players the server's register knows by name only are
// imported as the organiser confirms them on a page of their own (the
// same person, or a new one with a namesake's note); the upload is not
// repeated, a stale or forged answer changes nothing, and the history
// says what was decided.
func TestImportConfirmsPersons(t *testing.T) {
	clubA, clubB := laptopDocument(t, "Cup Strasshof"), laptopDocument(t, "Cup Gänserndorf")
	server := newTestApp(t)
	org := server.LoggedIn("Vera", store.Organiser)
	if r := org.Upload("/tournaments/import", "a.json", clubA, true); r.Status != http.StatusSeeOther {
		t.Fatalf("first import (an empty register): %d\n%.2000s", r.Status, r.Body)
	}

	r := org.Upload("/tournaments/import", "b.json", clubB, true)
	if r.Status != http.StatusOK || strings.Count(r.Body, `data-testid="import-match"`) != 7 {
		t.Fatalf("confirmation page: %d\n%.3000s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, "„Cup Gänserndorf“: 7 Spieler heißen wie Personen", `value="new"`,
		"Neue Person „Spieler 1 (Cup Gänserndorf)“", `href="/persons/1"`, "1 Abend<")
	if n := server.TournamentCount(); n != 1 {
		t.Fatalf("%d tournaments before the confirmation", n)
	}
	// The form as the browser posts it: the packed document and each
	// player's checked choice.
	form := url.Values{"document": {regexp.MustCompile(`name="document" value="([^"]*)"`).FindStringSubmatch(r.Body)[1]}}
	for _, m := range regexp.MustCompile(`name="(person-\d+)" value="(\d+)" checked`).FindAllStringSubmatch(r.Body, -1) {
		form.Set(m[1], m[2])
	}
	if len(form) != 8 {
		t.Fatalf("form %v", form)
	}
	form.Set("person-1", "new") // card 1's player: somebody else of that name

	stale := cloneForm(form)
	stale.Set("person-2", "999")
	r = org.Post("/tournaments/import/confirm", stale)
	if r.Status != http.StatusOK || !strings.Contains(r.Body, `data-testid="import-again"`) {
		t.Errorf("stale answer: %d\n%.2000s", r.Status, r.Body)
	}
	forged := cloneForm(form)
	forged.Set("document", "kein Dokument")
	if r := org.Post("/tournaments/import/confirm", forged); r.Status != http.StatusBadRequest {
		t.Errorf("forged document: %d", r.Status)
	}
	if r := server.LoggedIn("Hans", store.Helper).Post("/tournaments/import/confirm", form); r.Status != http.StatusForbidden {
		t.Errorf("helper confirms: %d", r.Status)
	}
	if n := server.TournamentCount(); n != 1 {
		t.Fatalf("%d tournaments after refused answers", n)
	}

	r = org.Post("/tournaments/import/confirm", form)
	if r.Status != http.StatusSeeOther || r.Location() != "/t/2" {
		t.Fatalf("confirmed import: %d %s\n%.2000s", r.Status, r.Location(), r.Body)
	}
	webtest.MustContain(t, org.Get("/t/2/history").Body,
		"Spieler 1 als neue Person „Spieler 1 (Cup Gänserndorf)“ angelegt (Kartei Nr. 8)",
		"Spieler 2 als Spieler 2 bestätigt (Kartei Nr. 2)")
	webtest.MustContain(t, org.Get("/persons?q=spieler+1").Body, "Spieler 1 (Cup Gänserndorf)")
}

// Issue 24 point 5, docs/api.md: the API answers an import with name
// matches 409 persons_unconfirmed listing them; ?person= answers each,
// ?by_name=same all.
func TestImportConfirmsPersonsAPI(t *testing.T) {
	clubA, clubB, clubC := laptopDocument(t, "Cup Strasshof"), laptopDocument(t, "Cup Gänserndorf"), laptopDocument(t, "Cup Deutsch-Wagram")
	server := newTestApp(t)
	server.AddUser("Vera", store.Organiser)
	vera, sc := webtest.Basic("Vera", "Vera-password"), server.Client()
	post := func(query string, body []byte) webtest.Response {
		return sc.Request(http.MethodPost, "/api/tournaments/import"+query, bytes.NewReader(body),
			map[string]string{"Content-Type": "application/json", "Authorization": vera})
	}
	if r := post("", clubA); r.Status != http.StatusCreated {
		t.Fatalf("first import: %d %s", r.Status, r.Body)
	}
	r := post("", clubB)
	e := webtest.Decode[apiError](t, r)
	if r.Status != http.StatusConflict || e.Code != "persons_unconfirmed" || len(e.Matches) != 7 ||
		e.Matches[0].Person.ID == 0 || e.Matches[0].NewName == "" || e.Matches[0].Evenings != 1 {
		t.Fatalf("unconfirmed: %d %s", r.Status, r.Body)
	}
	for q, code := range map[string]string{"?by_name=yes": "bad_request", "?person=1": "bad_request", "?person=1:0": "bad_request",
		"?person=1:new": "persons_unconfirmed"} {
		if r := post(q, clubB); webtest.Decode[apiError](t, r).Code != code {
			t.Errorf("%s: %d %s", q, r.Status, r.Body)
		}
	}
	if n := server.TournamentCount(); n != 1 {
		t.Fatalf("%d tournaments after refused imports", n)
	}
	q := url.Values{}
	for i, m := range e.Matches {
		answer := strconv.FormatInt(int64(m.Person.ID), 10)
		if i == 0 {
			answer = "new"
		}
		q.Add("person", strconv.Itoa(m.Player)+":"+answer)
	}
	if r := post("?"+q.Encode(), clubB); r.Status != http.StatusCreated {
		t.Fatalf("confirmed: %d %s", r.Status, r.Body)
	}
	if r := post("?by_name=same", clubC); r.Status != http.StatusCreated {
		t.Fatalf("by name: %d %s", r.Status, r.Body)
	}
}

func cloneForm(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}
