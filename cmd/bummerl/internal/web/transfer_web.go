package web

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/season"
	"bummerl/store"
	"bummerl/views"
)

// Export and import on the organiser's pages and in the API (issue 13,
// docs/store.md "Export and import", docs/api.md): the same document as
// "bummerl export" and "bummerl import".

// maxImportBody bounds the body of an import: a document as large as
// ReadDocument reads, plus the form's parts around it.
const maxImportBody = store.MaxDocumentBytes + 64<<10

// exportDocument answers GET /t/:id/export.json and GET
// /api/tournaments/:id/export with the tournament's document, without a
// pending draw, as a download
// named after the tournament and its date ("preisschnapsen-2026-03-14.json";
// the export's day when the tournament has no date).
func (s *server) exportDocument(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	doc, err := s.store.ExportTournament(c.Request().Context(), id)
	if err != nil {
		return err
	}
	// No page shows the seed of an announced draw before it is drawn, not
	// even to organisers (P-4); the copy is announced again after the
	// import. Only the CLI, beside the database file, writes it.
	doc.Tournament.Pending = nil
	data, err := store.DocumentFile(doc)
	if err != nil {
		return err
	}
	day := doc.Tournament.Settings.Event.Date
	if day == "" {
		day = doc.Exported.Format("2006-01-02")
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentDisposition, `attachment; filename="`+fileName(doc.Tournament.Settings.Name+"-"+day)+`.json"`)
	h.Set("Cache-Control", "no-store") // it holds the players' phone numbers
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSONCharsetUTF8, data)
}

// importForm shows the upload form.
func (s *server) importForm(c echo.Context) error {
	return render(c, http.StatusOK, views.ImportPage(views.ImportModel{}))
}

// importUpload stores the uploaded document as a new tournament and goes
// to it. A refusal shows the form again with the reason; a duplicate also
// links to the tournament already there. Nothing is written then. When the
// register knows some players by name only, the organiser confirms them
// first (importConfirm).
func (s *server) importUpload(c echo.Context) error {
	data, doc, err := uploadedDocument(c)
	if err == nil {
		return s.importOrAsk(c, data, doc, store.PersonChoices{}, false)
	}
	return s.importRefused(c, doc, err)
}

// importConfirm is POST /tournaments/import/confirm: the document posted
// back by the confirmation page and the organiser's answer for each player
// matched by name, person-<player> = the person's id or "new".
func (s *server) importConfirm(c echo.Context) error {
	// The document travels in the form, not in this process's memory:
	// any process of a server may answer the confirmation (docs/web.md).
	data, doc, err := postedDocument(c)
	if err != nil {
		return s.importRefused(c, doc, err)
	}
	choices := store.PersonChoices{Confirmed: map[int]season.PersonID{}}
	form, _ := c.FormParams()
	for key, vals := range form {
		player, ok := strings.CutPrefix(key, "person-")
		no, err := strconv.Atoi(player)
		if !ok || err != nil || len(vals) != 1 {
			continue
		}
		id, ok := personChoice(vals[0])
		if !ok {
			return badRequest(c, key, "import.bad_choice")
		}
		choices.Confirmed[no] = id
	}
	return s.importOrAsk(c, data, doc, choices, true)
}

// importOrAsk imports doc with choices and goes to the new tournament; when
// players are matched by name and not (or no longer) answered, it shows
// the confirmation page instead (again: the register changed since).
func (s *server) importOrAsk(c echo.Context, data []byte, doc store.Document, choices store.PersonChoices, again bool) error {
	id, err := s.importDocument(c, doc, choices)
	if err == nil {
		return redirect(c, tournamentURL(id, ""))
	}
	if !errors.Is(err, store.ErrPersonsUnconfirmed) {
		return s.importRefused(c, doc, err)
	}
	matches, err := s.store.ImportMatches(c.Request().Context(), doc)
	if err != nil {
		return s.importRefused(c, doc, err)
	}
	packed, err := packDocument(data)
	if err != nil {
		return err
	}
	m := views.ImportConfirmModel{Document: packed, Tournament: doc.Tournament.Settings.Name,
		Date: doc.Tournament.Settings.Event.Date, Again: again}
	for _, nm := range matches {
		m.Matches = append(m.Matches, views.ImportMatchRow{Player: nm.Player, Name: nm.Name, Club: nm.Club,
			Person: personRow(nm.Person), Evenings: nm.Evenings, NewName: nm.NewName})
	}
	return render(c, http.StatusOK, views.ImportConfirmPage(m))
}

// importRefused shows the upload form again with the reason of err.
func (s *server) importRefused(c echo.Context, doc store.Document, err error) error {
	p := explain(c, err)
	if p.status >= 500 {
		return err
	}
	m := views.ImportModel{Error: p.msg}
	if errors.Is(err, store.ErrDuplicateImport) {
		m.Existing, _ = s.store.TournamentByOrigin(c.Request().Context(), doc.Origin)
	}
	return render(c, p.status, views.ImportPage(m))
}

// uploadedDocument reads the form's file field as a document, with its
// bytes.
func uploadedDocument(c echo.Context) ([]byte, store.Document, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return nil, store.Document{}, &webError{http.StatusBadRequest, "file_required", "file", text(c, "import.no_file")}
	}
	f, err := fh.Open()
	if err != nil {
		return nil, store.Document{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, store.MaxDocumentBytes+1))
	if err != nil {
		return nil, store.Document{}, err
	}
	doc, err := readDocument(c, bytes.NewReader(data))
	return data, doc, err
}

// packDocument is the document as the confirmation page carries it:
// gzip, then base64. JSON shrinks about tenfold, so even a document near
// the 64 MiB limit stays a form field Go reads in memory (32 MiB).
func packDocument(data []byte) (string, error) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b.Bytes()), nil
}

// postedDocument unpacks the confirmation form's document (packDocument).
func postedDocument(c echo.Context) ([]byte, store.Document, error) {
	raw, err := base64.StdEncoding.DecodeString(c.FormValue("document"))
	var data []byte
	if err == nil {
		var zr *gzip.Reader
		if zr, err = gzip.NewReader(bytes.NewReader(raw)); err == nil {
			data, err = io.ReadAll(io.LimitReader(zr, store.MaxDocumentBytes+1))
		}
	}
	if err != nil {
		return nil, store.Document{}, &webError{http.StatusBadRequest, "file_required", "document", text(c, "import.no_file")}
	}
	doc, err := readDocument(c, bytes.NewReader(data))
	return data, doc, err
}

// readDocument reads a document; a document that cannot be read is a 400,
// one over 64 MiB a 413 like any body too large (one that reads but breaks
// a rule is the store's 422).
func readDocument(c echo.Context, r io.Reader) (store.Document, error) {
	doc, err := store.ReadDocument(r)
	if se := (*store.Error)(nil); errors.As(err, &se) {
		status := statusOf(err)
		if errors.Is(err, store.ErrBadDocument) { // unreadable, not statusOf's 422 of a rule broken
			status = http.StatusBadRequest
		}
		return doc, &webError{status, se.Code, "", ErrorText(se, lang(c))}
	}
	return doc, err
}

// importDocument stores doc as a new tournament in the user's name.
func (s *server) importDocument(c echo.Context, doc store.Document, choices store.PersonChoices) (int64, error) {
	t, err := s.store.ImportTournament(c.Request().Context(), actor(c), doc, choices)
	if err != nil {
		return 0, err
	}
	return t.ID, nil
}

// apiImport is POST /api/tournaments/import: the body is the document.
// 201 with the new tournament; 409 duplicate_import names the tournament
// already there; 409 persons_unconfirmed lists the players the register
// knows by name only, which the client answers with ?person=player:id or
// player:new each, or ?by_name=same for all (docs/api.md).
func (s *server) apiImport(c echo.Context) error {
	if mt, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType)); mt != echo.MIMEApplicationJSON {
		return &webError{http.StatusUnsupportedMediaType, "json_required", "", text(c, "api.json_required")}
	}
	choices, err := apiPersonChoices(c)
	if err != nil {
		return err
	}
	doc, err := readDocument(c, c.Request().Body)
	if err != nil {
		return err
	}
	id, err := s.importDocument(c, doc, choices)
	switch {
	case errors.Is(err, store.ErrDuplicateImport):
		existing, _ := s.store.TournamentByOrigin(c.Request().Context(), doc.Origin)
		p := explain(c, err)
		return c.JSON(p.status, apiError{Error: p.msg, Code: p.code, Tournament: existing})
	case errors.Is(err, store.ErrPersonsUnconfirmed):
		matches, merr := s.store.ImportMatches(c.Request().Context(), doc)
		if merr != nil {
			return merr
		}
		p := explain(c, err)
		return c.JSON(p.status, apiError{Error: p.msg, Code: p.code, Matches: matches})
	case err != nil:
		return err
	}
	t, err := s.store.Load(c.Request().Context(), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/tournaments/"+strconv.FormatInt(id, 10))
	return c.JSON(http.StatusCreated, tournamentOut(t))
}

// apiPersonChoices reads the import's answers from the query: person=3:17
// (player 3 is person 17), person=5:new, or by_name=same.
func apiPersonChoices(c echo.Context) (store.PersonChoices, error) {
	q := c.QueryParams()
	choices := store.PersonChoices{Confirmed: map[int]season.PersonID{}}
	switch q.Get("by_name") {
	case "":
	case "same":
		choices.TrustNames = true
	default:
		return choices, badRequest(c, "by_name", "import.bad_by_name")
	}
	for _, v := range q["person"] {
		player, person, _ := strings.Cut(v, ":")
		no, err := strconv.Atoi(player)
		id, ok := personChoice(person)
		if err != nil || no <= 0 || !ok {
			return choices, badRequest(c, "person", "import.bad_person", v)
		}
		choices.Confirmed[no] = id
	}
	return choices, nil
}

// personChoice is an answer for a player matched by name: a person's id,
// or "new" (0, store.NewPerson); false for anything else.
func personChoice(v string) (season.PersonID, bool) {
	if v == "new" {
		return store.NewPerson, true
	}
	id, err := strconv.ParseInt(v, 10, 64)
	return season.PersonID(id), err == nil && id > 0
}
