package web

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

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
// links to the tournament already there. Nothing is written then.
func (s *server) importUpload(c echo.Context) error {
	doc, err := uploadedDocument(c)
	if err == nil {
		var id int64
		if id, err = s.importDocument(c, doc); err == nil {
			return redirect(c, tournamentURL(id, ""))
		}
	}
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

// uploadedDocument reads the form's file field as a document.
func uploadedDocument(c echo.Context) (store.Document, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return store.Document{}, &webError{http.StatusBadRequest, "file_required", "file", text(c, "import.no_file")}
	}
	f, err := fh.Open()
	if err != nil {
		return store.Document{}, err
	}
	defer f.Close()
	return readDocument(c, f)
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
func (s *server) importDocument(c echo.Context, doc store.Document) (int64, error) {
	t, err := s.store.ImportTournament(c.Request().Context(), actor(c), doc)
	if err != nil {
		return 0, err
	}
	return t.ID, nil
}

// apiImport is POST /api/tournaments/import: the body is the document.
// 201 with the new tournament; 409 duplicate_import names the tournament
// already there.
func (s *server) apiImport(c echo.Context) error {
	if mt, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType)); mt != echo.MIMEApplicationJSON {
		return &webError{http.StatusUnsupportedMediaType, "json_required", "", text(c, "api.json_required")}
	}
	doc, err := readDocument(c, c.Request().Body)
	if err != nil {
		return err
	}
	id, err := s.importDocument(c, doc)
	if errors.Is(err, store.ErrDuplicateImport) {
		existing, _ := s.store.TournamentByOrigin(c.Request().Context(), doc.Origin)
		p := explain(c, err)
		return c.JSON(p.status, apiError{Error: p.msg, Code: p.code, Tournament: existing})
	}
	if err != nil {
		return err
	}
	t, err := s.store.Load(c.Request().Context(), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/tournaments/"+strconv.FormatInt(id, 10))
	return c.JSON(http.StatusCreated, tournamentOut(t))
}
