package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
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

// editPlayer saves the details corrected on the edit page; a refusal
// shows the form as typed with the message.
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
	name, club, phone := f.Value("name"), f.Value("club"), f.Value("phone")
	_, err = s.act.editPlayer(c.Request().Context(), id, actor(c), pid, playerPatch{Name: &name, Club: &club, Phone: &phone})
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

// apiEditPlayer corrects a player's name, club or phone (staff).
func (s *server) apiEditPlayer(c echo.Context) error {
	id, pid, err := playerPath(c)
	if err != nil {
		return err
	}
	var in playerPatch
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := s.act.editPlayer(c.Request().Context(), id, actor(c), pid, in)
	if err != nil {
		return err
	}
	p, _ := t.Player(pid)
	return c.JSON(http.StatusOK, playerOut(p, t.CardsOf(pid)))
}
