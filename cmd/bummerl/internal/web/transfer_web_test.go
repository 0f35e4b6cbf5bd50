package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"bummerl/store"
)

// docVersion is the document's version member as exported, plus ahead.
func docVersion(ahead int) []byte {
	return fmt.Appendf(nil, `"version": %d`, store.DocumentVersion+ahead)
}

// upload posts a file as the import form does: multipart, the CSRF token
// in the form's _csrf field (csrf false leaves it out).
func (c *testClient) upload(path, name string, data []byte, csrf bool) response {
	c.app.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	if csrf {
		w.WriteField("_csrf", c.csrf())
	}
	if name != "" {
		fw, err := w.CreateFormFile("file", name)
		if err != nil {
			c.app.t.Fatal(err)
		}
		fw.Write(data)
	}
	w.Close()
	return c.request(http.MethodPost, path, &body, map[string]string{"Content-Type": w.FormDataContentType()})
}

// tournamentCount is how many tournaments the app's database holds.
func (a *testApp) tournamentCount() int {
	a.t.Helper()
	list, err := a.store.Tournaments(a.t.Context())
	if err != nil {
		a.t.Fatal(err)
	}
	return len(list)
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
	f.drawDigital()
	f.finishRound(1)

	mustContain(t, f.org.get(f.path).body, `href="`+f.path+`/export.json"`, `data-testid="export-document"`)
	mustNotContain(t, f.helper.get(f.path).body, "export.json")
	r := f.org.get(f.path + "/export.json")
	if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") ||
		r.header.Get("Content-Disposition") != `attachment; filename="preisschnapsen-hinterbrühl-2026-03-14.json"` ||
		r.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("export: %d %v", r.status, r.header)
	}
	doc := []byte(r.body)
	if r := f.helper.get(f.path + "/export.json"); r.status != http.StatusForbidden {
		t.Errorf("helper exports: %d", r.status)
	}
	if r := f.app.client().get(f.path + "/export.json"); r.status != http.StatusSeeOther || !strings.HasPrefix(r.location(), "/login") {
		t.Errorf("anonymous exports: %d %s", r.status, r.location())
	}

	server := newTestApp(t)
	org, helper := server.loggedIn("Vera", store.Organiser), server.loggedIn("Hans", store.Helper)
	org.createTournament(settingsForm(nil)) // the ids differ from the laptop's
	mustContain(t, org.get("/tournaments").body, `href="/tournaments/import"`)
	mustNotContain(t, helper.get("/tournaments").body, "/tournaments/import")
	mustContain(t, org.get("/tournaments/import").body, `enctype="multipart/form-data"`, `name="_csrf"`, `type="file"`)

	wrongVersion := bytes.Replace(doc, docVersion(0), docVersion(1), 1) // reads 1 to DocumentVersion (issue 14)
	refusals := map[string]struct {
		c      *testClient
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
		"anonymous":     {server.client(), "t.json", doc, true, http.StatusUnauthorized, ""},
	}
	for name, tc := range refusals {
		r := tc.c.upload("/tournaments/import", tc.name, tc.data, tc.csrf)
		if r.status != tc.status || !strings.Contains(r.body, tc.msg) {
			t.Errorf("%s: %d\n%.3000s", name, r.status, r.body)
		}
	}
	if n := server.tournamentCount(); n != 1 {
		t.Fatalf("%d tournaments after the refused uploads", n)
	}
	if !bytes.Contains(wrongVersion, docVersion(1)) {
		t.Fatal("the test's wrong version is not one")
	}

	r = org.upload("/tournaments/import", "abend.json", doc, true)
	if r.status != http.StatusSeeOther || r.location() != "/t/2" {
		t.Fatalf("import: %d %q\n%s", r.status, r.location(), r.body)
	}
	mustContain(t, org.get("/t/2").body, "Preisschnapsen Hinterbrühl", "Spieler 7")
	sameDocument(t, doc, []byte(org.get("/t/2/export.json").body))

	// The same document again: refused, naming and linking the copy there.
	r = org.upload("/tournaments/import", "abend.json", doc, true)
	if r.status != http.StatusConflict {
		t.Fatalf("second import: %d", r.status)
	}
	mustContain(t, r.body, "Dieses Turnier ist schon da: Turnier 2 „Preisschnapsen Hinterbrühl“; nichts wurde importiert",
		`href="/t/2" data-testid="import-existing"`)
	if n := server.tournamentCount(); n != 2 {
		t.Fatalf("%d tournaments after the second import", n)
	}
}

// Issue 13, docs/api.md: GET /api/tournaments/:id/export and POST
// /api/tournaments/import carry the same document for programs.
func TestTransferAPI(t *testing.T) {
	t.Parallel() // slow and on its own app: runs beside the browser tests
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	f.finishRound(1)
	c := f.app.client()
	r := c.api(http.MethodGet, "/api/tournaments/"+strconv.FormatInt(f.id, 10)+"/export", f.anna, nil)
	if r.status != http.StatusOK || !strings.Contains(r.header.Get("Content-Disposition"), `filename="preisschnapsen-hinterbrühl-`) {
		t.Fatalf("export: %d %v", r.status, r.header)
	}
	doc := []byte(r.body)
	for auth, status := range map[string]int{basic("Hans", "Hans-password"): http.StatusForbidden, "": http.StatusUnauthorized} {
		if r := c.api(http.MethodGet, "/api/tournaments/1/export", auth, nil); r.status != status {
			t.Errorf("export with %q: %d", auth, r.status)
		}
	}
	if r := c.api(http.MethodGet, "/api/tournaments/9/export", f.anna, nil); r.status != http.StatusNotFound {
		t.Errorf("export of no tournament: %d", r.status)
	}

	server := newTestApp(t)
	server.addUser("Vera", store.Organiser)
	server.addUser("Hans", store.Helper)
	vera, sc := basic("Vera", "Vera-password"), server.client()
	post := func(auth, contentType string, body []byte) response {
		h := map[string]string{"Content-Type": contentType}
		if auth != "" {
			h["Authorization"] = auth
		}
		return sc.request(http.MethodPost, "/api/tournaments/import", bytes.NewReader(body), h)
	}
	// More than the 1 MB other bodies may have: the import has its own bound.
	padded := append(bytes.TrimSpace(doc), bytes.Repeat([]byte(" "), 2<<20)...)
	refusals := map[string]struct {
		auth, contentType string
		body              []byte
		status            int
		code              string
	}{
		"helper":        {basic("Hans", "Hans-password"), "application/json", doc, http.StatusForbidden, "forbidden"},
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
		if e := decode[apiError](t, r); r.status != tc.status || e.Code != tc.code || e.Error == "" {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	if n := server.tournamentCount(); n != 0 {
		t.Fatalf("%d tournaments after the refused imports", n)
	}

	r = post(vera, "application/json", padded)
	got := decode[tournamentJSON](t, r)
	if r.status != http.StatusCreated || r.location() != "/api/tournaments/1" || got.ID != 1 || got.Rounds != 1 || got.Sold != 8 {
		t.Fatalf("import: %d %q %s", r.status, r.location(), r.body)
	}
	sameDocument(t, doc, []byte(sc.api(http.MethodGet, "/api/tournaments/1/export", vera, nil).body))

	r = post(vera, "application/json", doc)
	if e := decode[apiError](t, r); r.status != http.StatusConflict || e.Code != "duplicate_import" || e.Tournament != 1 ||
		!strings.Contains(e.Error, "already here: tournament 1") {
		t.Fatalf("second import: %d %s", r.status, r.body)
	}
	if n := server.tournamentCount(); n != 1 {
		t.Fatalf("%d tournaments after the second import", n)
	}
}

// Issue 20: a document whose hall has a billion tables is refused, naming
// them, and nothing is stored: the public tables of the tournament it
// would have become do not exist, and after the valid import they are the
// laptop's 4, the same after the refused document is sent again.
func TestImportRefusesHugeHall(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	laptop := f.app.client()
	base := "/api/tournaments/" + strconv.FormatInt(f.id, 10)
	if r := laptop.api(http.MethodPut, base+"/tables", f.anna, map[string]any{"tables": 4}); r.status != http.StatusOK {
		t.Fatalf("tables: %d %s", r.status, r.body)
	}
	f.drawDigital()
	doc := []byte(laptop.api(http.MethodGet, base+"/export", f.anna, nil).body)
	huge := bytes.Replace(doc, []byte(`"Tables": 4`), []byte(`"Tables": 1000000000`), 1)
	if bytes.Equal(huge, doc) {
		t.Fatal("the document has no hall of 4 tables")
	}

	server := newTestApp(t)
	server.addUser("Vera", store.Organiser)
	vera, c := basic("Vera", "Vera-password"), server.client()
	tables := func() response { return c.api(http.MethodGet, "/api/tournaments/1/tables", "", nil) } // anonymous
	refused := func() {
		t.Helper()
		r := c.api(http.MethodPost, "/api/tournaments/import", vera, json.RawMessage(huge))
		if e := decode[apiError](t, r); r.status != http.StatusUnprocessableEntity || e.Code != "bad_document" ||
			!strings.Contains(e.Error, "2048") || !strings.Contains(e.Error, "1000000000") {
			t.Fatalf("import of a billion tables: %d %s", r.status, r.body)
		}
	}
	refused()
	if n := server.tournamentCount(); n != 0 {
		t.Fatalf("%d tournaments after the refused import", n)
	}
	if r := tables(); r.status != http.StatusNotFound {
		t.Fatalf("tables of the refused import: %d", r.status)
	}
	if r := c.api(http.MethodPost, "/api/tournaments/import", vera, json.RawMessage(doc)); r.status != http.StatusCreated {
		t.Fatalf("import: %d %s", r.status, r.body)
	}
	refused()
	board := decode[boardJSON](t, tables())
	if board.Round != 1 || board.Tables != 4 || len(board.Free) != 4 {
		t.Fatalf("tables after the imports: %+v", board)
	}
}
