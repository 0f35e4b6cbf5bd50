package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// editPlayerForm shows a player's name, club and phone for correction.
func (s *server) editPlayerForm(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	pid, err := playerID(c)
	if err != nil {
		return err
	}
	p, ok := t.Player(pid)
	if !ok {
		return unknownPlayer(c, pid)
	}
	f := views.NewForm(map[string]string{"name": p.Name, "club": p.Club, "phone": p.Phone})
	return render(c, http.StatusOK, views.PlayerEditPage(playerEditModel(t, p, f, safeBack(c.QueryParam("back")))))
}

// editPlayer saves the corrected details, before or after the draw: the
// cards stay the player's, so every list shows the new name at once.
func (s *server) editPlayer(c echo.Context) error {
	id, pid, err := playerPath(c)
	if err != nil {
		return err
	}
	back := safeBack(c.FormValue("back"))
	f := views.NewForm(map[string]string{
		"name":  strings.TrimSpace(c.FormValue("name")),
		"club":  strings.TrimSpace(c.FormValue("club")),
		"phone": strings.TrimSpace(c.FormValue("phone")),
	})
	actor, _ := currentUser(c)
	_, err = s.store.Update(c.Request().Context(), id, actor, store.ActionEditPlayer, func(t *tournament.Tournament) error {
		return t.EditPlayer(tournament.Player{ID: pid, Name: f.Value("name"), Club: f.Value("club"), Phone: f.Value("phone")})
	})
	if err != nil {
		return formError(c, f, err, func(status int, f views.Form) error {
			t, loadErr := s.store.Load(c.Request().Context(), id)
			if loadErr != nil {
				return loadErr
			}
			p, ok := t.Player(pid)
			if !ok { // no form to show again for a player who is not there
				return err
			}
			return render(c, status, views.PlayerEditPage(playerEditModel(t, p, f, back)))
		})
	}
	if back == "" {
		back = saleFor(id, f.Value("name"))
	}
	return redirect(c, back)
}

// playerEditModel is the edit page of p with the form f; the "back" link
// finds p at the sale desk under the name saved, not the one being typed.
func playerEditModel(t *tournament.Tournament, p tournament.Player, f views.Form, back string) views.PlayerEditModel {
	m := views.PlayerEditModel{
		TournamentID: t.ID, Tournament: t.Settings.Name, Player: p.ID,
		Cards: t.CardsOf(p.ID), Form: f, Back: back, BackLink: back,
	}
	if back == "" {
		m.BackLink = saleFor(t.ID, p.Name)
	}
	return m
}

// saleFor is the sale desk with the search set to name.
func saleFor(id int64, name string) string {
	return tournamentURL(id, "/sale?"+url.Values{"q": {name}}.Encode())
}

// safeBack keeps a back target only when it is a path on this site;
// anything else ("" included) means the sale desk. Control characters and
// backslashes are refused too: browsers drop or turn them into slashes,
// which could make "/\t/evil.example" a link to another site.
func safeBack(p string) string {
	if p == "" || localPath(p) != p {
		return ""
	}
	return p
}

// playerID is the path's :pid.
func playerID(c echo.Context) (tournament.PlayerID, error) {
	n, err := pathInt(c, "pid")
	return tournament.PlayerID(n), err
}

// playerPath is the tournament and the player a /t/:id/players/:pid path names.
func playerPath(c echo.Context) (int64, tournament.PlayerID, error) {
	id, err := tournamentID(c)
	if err != nil {
		return 0, 0, err
	}
	pid, err := playerID(c)
	return id, pid, err
}

func unknownPlayer(c echo.Context, pid tournament.PlayerID) error {
	return &webError{http.StatusNotFound, "player_not_found", "", textf(c, "player_edit.unknown", int(pid))}
}

// playerPatchJSON is a correction of a player's details; a field left out
// stays as it is.
type playerPatchJSON struct {
	Name  *string `json:"name"`
	Club  *string `json:"club"`
	Phone *string `json:"phone"`
}

// apply sets the fields given on p.
func (in playerPatchJSON) apply(p *tournament.Player) {
	if in.Name != nil {
		p.Name = *in.Name
	}
	if in.Club != nil {
		p.Club = *in.Club
	}
	if in.Phone != nil {
		p.Phone = *in.Phone
	}
}

// apiEditPlayer corrects a player's name, club or phone (staff).
func (s *server) apiEditPlayer(c echo.Context) error {
	id, pid, err := playerPath(c)
	if err != nil {
		return err
	}
	var in playerPatchJSON
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	actor, _ := currentUser(c)
	t, err := s.store.Update(c.Request().Context(), id, actor, store.ActionEditPlayer, func(t *tournament.Tournament) error {
		p, ok := t.Player(pid)
		if !ok {
			p.ID = pid // EditPlayer refuses it with the number asked for
		}
		in.apply(&p)
		return t.EditPlayer(p)
	})
	if err != nil {
		return err
	}
	p, _ := t.Player(pid)
	return c.JSON(http.StatusOK, playerOut(p, t.CardsOf(pid)))
}
