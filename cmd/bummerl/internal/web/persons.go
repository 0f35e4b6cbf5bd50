package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/season"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// The register of persons for staff (issue 24, docs/season.md): the list
// and a person's page for helpers and organisers (phones included: every
// route is staff-only); merging, erasing and the export for organisers.

const (
	// maxRegisterRows bounds the register page's list; a search narrows it.
	maxRegisterRows = 200
	// registerAuditShown is how many changes the register page lists.
	registerAuditShown = 20
	seenDate           = "02.01.2006"
)

func personRow(p store.Person) views.PersonRow {
	return views.PersonRow{ID: int64(p.ID), Name: p.Name, Club: p.Club, Phone: p.Phone,
		FirstSeen: p.FirstSeen.Local().Format(seenDate), LastSeen: p.LastSeen.Local().Format(seenDate), Erased: p.Erased,
		Version: p.Version}
}

// personsPage lists the register, or those whose name contains ?q=.
func (s *server) personsPage(c echo.Context) error {
	ctx := c.Request().Context()
	m := views.PersonsModel{Query: strings.TrimSpace(c.QueryParam("q"))}
	ps, err := s.store.Persons(ctx, m.Query, maxRegisterRows+1)
	if err != nil {
		return err
	}
	m.More = len(ps) > maxRegisterRows
	for _, p := range ps[:min(len(ps), maxRegisterRows)] {
		m.Persons = append(m.Persons, personRow(p))
	}
	if c.QueryParam("erased") != "" {
		m.Notice = text(c, "persons.erased")
	}
	audit, err := s.store.RegisterAudit(ctx, registerAuditShown)
	if err != nil {
		return err
	}
	for _, e := range audit {
		m.Audit = append(m.Audit, views.UserAuditEntry{At: e.At.Local().Format(historyTime), User: e.User,
			Action: string(e.Action), Summary: changeLine(lang(c), e)})
	}
	return render(c, http.StatusOK, views.PersonsPage(m))
}

// person is the person of the path's :pid.
func (s *server) person(c echo.Context) (store.Person, error) {
	id, err := pathInt64(c, "pid")
	if err != nil {
		return store.Person{}, err
	}
	p, err := s.store.PersonByID(c.Request().Context(), season.PersonID(id))
	if errors.Is(err, store.ErrNotFound) {
		return p, notFound(c)
	}
	return p, err
}

// personPage shows a person: the edit form and his evenings.
func (s *server) personPage(c echo.Context) error {
	p, err := s.person(c)
	if err != nil {
		return err
	}
	f := views.NewForm(map[string]string{"name": p.Name, "club": p.Club, "phone": p.Phone})
	return s.renderPerson(c, http.StatusOK, p, f, c.QueryParam("saved") != "")
}

func (s *server) renderPerson(c echo.Context, status int, p store.Person, f views.Form, saved bool) error {
	ex, err := s.store.ExportPerson(c.Request().Context(), p.ID)
	if err != nil {
		return err
	}
	m := views.PersonModel{Person: personRow(p), Form: f, Saved: saved}
	for _, e := range ex.Evenings {
		cards := make([]tournament.CardNo, len(e.Cards))
		for i, no := range e.Cards {
			cards[i] = tournament.CardNo(no)
		}
		m.Evenings = append(m.Evenings, views.PersonEvening{TournamentID: e.Tournament, Name: e.Name, Cards: views.CardList(cards)})
	}
	return render(c, status, views.PersonPage(m))
}

// editPerson changes a person's name, club and phone; a refusal (another
// person's name, a bad text) comes back at its field, a form filled before
// another change (409) at the top with his values now; nothing changed.
func (s *server) editPerson(c echo.Context) error {
	p, err := s.person(c)
	if err != nil {
		return err
	}
	f := views.NewForm(map[string]string{"name": strings.TrimSpace(c.FormValue("name")),
		"club": strings.TrimSpace(c.FormValue("club")), "phone": strings.TrimSpace(c.FormValue("phone"))})
	edited := p
	edited.Name, edited.Club, edited.Phone = f.Value("name"), f.Value("club"), f.Value("phone")
	// The version the form was filled from; a refusal shows the form
	// again with his version now, the typed values kept.
	edited.Version = c.FormValue("version")
	if err := s.store.EditPerson(c.Request().Context(), actor(c), edited); err != nil {
		return formError(c, f, err, func(status int, f views.Form) error {
			return s.renderPerson(c, status, p, f, false)
		})
	}
	return redirect(c, fmt.Sprintf("/persons/%d?saved=1", p.ID))
}

// mergePage finds the entry to merge the person into (?q=, at first his
// own name) and, once one is chosen (?into=), asks.
func (s *server) mergePage(c echo.Context) error {
	p, err := s.person(c)
	if err != nil {
		return err
	}
	return s.renderMerge(c, http.StatusOK, p, "")
}

func (s *server) renderMerge(c echo.Context, status int, p store.Person, problem string) error {
	ctx := c.Request().Context()
	m := views.PersonMergeModel{Person: personRow(p), Problem: problem}
	if into, err := strconv.ParseInt(c.FormValue("into"), 10, 64); err == nil && into != int64(p.ID) {
		other, err := s.store.PersonByID(ctx, season.PersonID(into))
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if err == nil && !other.Erased {
			row := personRow(other)
			m.Into = &row
			return render(c, status, views.PersonMergePage(m))
		}
	}
	m.Query = strings.TrimSpace(c.QueryParam("q"))
	if _, asked := c.QueryParams()["q"]; !asked {
		m.Query = lastWord(p.Name)
	}
	ps, err := s.store.Persons(ctx, m.Query, maxPersons*4)
	if err != nil {
		return err
	}
	for _, o := range ps {
		if o.ID != p.ID {
			m.Candidates = append(m.Candidates, personRow(o))
		}
	}
	return render(c, status, views.PersonMergePage(m))
}

// lastWord is the last word of a name: the family name, which a second
// entry of one man most likely shares.
func lastWord(name string) string {
	f := strings.Fields(name)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// mergePersons merges the person into the entry of the form's "into".
func (s *server) mergePersons(c echo.Context) error {
	p, err := s.person(c)
	if err != nil {
		return err
	}
	into, err := strconv.ParseInt(c.FormValue("into"), 10, 64)
	if err != nil {
		return badRequest(c, "into", "form.number_bad")
	}
	if err := s.store.MergePersons(c.Request().Context(), actor(c), p.ID, season.PersonID(into)); err != nil {
		pr := explain(c, err)
		if pr.status >= 500 {
			return err
		}
		return s.renderMerge(c, pr.status, p, pr.msg)
	}
	return redirect(c, fmt.Sprintf("/persons/%d", into))
}

// eraseConfirm asks before a person is erased.
func (s *server) eraseConfirm(c echo.Context) error {
	p, err := s.person(c)
	if err != nil {
		return err
	}
	if p.Erased {
		return redirect(c, fmt.Sprintf("/persons/%d", p.ID))
	}
	return render(c, http.StatusOK, views.PersonErasePage(personRow(p)))
}

// erasePerson forgets who a person was; his results stay.
func (s *server) erasePerson(c echo.Context) error {
	p, err := s.person(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := s.store.ErasePerson(ctx, actor(c), p.ID); err != nil {
		return err
	}
	s.practice.eraseNames(func(tid int64, card int) bool {
		t, err := s.store.Load(ctx, tid)
		if err != nil {
			return false
		}
		cd, ok := t.Card(tournament.CardNo(card))
		if !ok {
			return false
		}
		pl, _ := t.Player(cd.Player)
		return pl.Erased()
	})
	return redirect(c, "/persons?erased=1")
}

// exportPerson is everything stored about a person, as a JSON download:
// the answer to his request for his data.
func (s *server) exportPerson(c echo.Context) error {
	p, err := s.person(c)
	if err != nil {
		return err
	}
	ex, err := s.store.ExportPerson(c.Request().Context(), p.ID)
	if err != nil {
		return err
	}
	body, err := json.MarshalIndent(ex, "", "  ")
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s-%d.json"`, text(c, "persons.export_file"), p.ID))
	h.Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSONCharsetUTF8, body)
}
