package web

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/labstack/echo/v4"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
)

// The JSON API (docs/api.md). Handlers read the same store as the pages
// and write through the same use cases (actions.go); errors become
// {"error", "field", "code"} in handleError.

// settingsJSON is tournament.Settings on the wire (P-9).
type settingsJSON struct {
	Name           string   `json:"name"`
	Cards          int      `json:"cards"`
	MaxCards       int      `json:"max_cards"`
	PriceCents     int      `json:"price_cents"`
	Variant        string   `json:"variant"`
	Closing        string   `json:"closing"`
	BummerlToWin   int      `json:"bummerl_to_win"`
	Prizes         []string `json:"prizes"`
	MultiplePrizes bool     `json:"multiple_prizes"`
	// When and where (issue 9): "2026-03-14", "19:00", free text; optional.
	Date  string `json:"date"`
	Start string `json:"start"`
	Venue string `json:"venue"`
	// The tournament form (issue 14): "preis" (the default) or "swiss",
	// and the Swiss settings, only for "swiss".
	Form  string     `json:"form"`
	Swiss *swissJSON `json:"swiss,omitempty"`
	// AutoCall: a result that frees a table calls the next match to it
	// (issue 23); left out, on.
	AutoCall *bool `json:"auto_call"`
}

// swissJSON is tournament.SwissSettings on the wire (SW-2, SW-11).
type swissJSON struct {
	Rounds       int  `json:"rounds"` // 0: the default
	BuchholzCut1 bool `json:"buchholz_cut1"`
}

// settings fills in the documented defaults: variant soft, closing
// at-close, 2 Bummerl per match, automatic calling on, "Preis n" in lang
// for a prize without a description. Everything else the domain checks.
func (j settingsJSON) settings(lang string) tournament.Settings {
	set := tournament.Settings{
		Name: j.Name, Cards: j.Cards, MaxCards: j.MaxCards, PriceCents: j.PriceCents,
		Variant: schnapsen.Variant(j.Variant), Closing: schnapsen.Closing(j.Closing),
		BummerlToWin: j.BummerlToWin, Prizes: j.Prizes, MultiplePrizes: j.MultiplePrizes,
		Event: tournament.Event{Date: j.Date, Start: j.Start, Venue: j.Venue},
		Form:  formOf(j.Form),
	}
	if j.Swiss != nil {
		set.Swiss = tournament.SwissSettings{Rounds: j.Swiss.Rounds, BuchholzCut1: j.Swiss.BuchholzCut1}
	}
	if set.Variant == "" {
		set.Variant = schnapsen.Soft
	}
	if set.Closing == "" {
		set.Closing = schnapsen.AtClose
	}
	if set.BummerlToWin == 0 {
		set.BummerlToWin = 2
	}
	set.AutoCall = j.AutoCall == nil || *j.AutoCall
	defaultPrizes(lang, set.Prizes)
	return set
}

func settingsOut(s tournament.Settings) settingsJSON {
	prizes := s.Prizes
	if prizes == nil {
		prizes = []string{}
	}
	out := settingsJSON{
		Name: s.Name, Cards: s.Cards, MaxCards: s.MaxCards, PriceCents: s.PriceCents,
		Variant: string(s.Variant), Closing: string(s.Closing), BummerlToWin: s.BummerlToWin,
		Prizes: prizes, MultiplePrizes: s.MultiplePrizes,
		Date: s.Event.Date, Start: s.Event.Start, Venue: s.Event.Venue, Form: s.Form.Code(),
		AutoCall: &s.AutoCall,
	}
	if s.IsSwiss() {
		out.Swiss = &swissJSON{Rounds: s.Swiss.Rounds, BuchholzCut1: s.Swiss.BuchholzCut1}
	}
	return out
}

type summaryJSON struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Cards     int       `json:"cards"`
	Sold      int       `json:"sold"`
	Rounds    int       `json:"rounds"`
	Finished  bool      `json:"finished"`
	CreatedAt time.Time `json:"created_at"`
}

type tournamentJSON struct {
	ID       int64        `json:"id"`
	Version  int          `json:"version"`
	Settings settingsJSON `json:"settings"`
	Sold     int          `json:"sold"`
	Rounds   int          `json:"rounds"`
	// Shortfall is P-2: too few cards sold, and the smaller N offered (0: none fits).
	Shortfall bool `json:"shortfall"`
	Suggest   int  `json:"suggest_cards,omitempty"`
	// SwissRounds is the number of rounds a Swiss tournament plays (SW-2:
	// the setting or its default); absent for Preisschnapsen.
	SwissRounds int `json:"swiss_rounds,omitempty"`
	// SwissSeeds is the seed list for round 1, best first (SW-4); absent
	// when there is none.
	SwissSeeds []tournament.CardNo `json:"swiss_seeds,omitempty"`
}

func tournamentOut(t *tournament.Tournament) tournamentJSON {
	short, suggest := t.Shortfall()
	out := tournamentJSON{ID: t.ID, Version: t.Version, Settings: settingsOut(t.Settings),
		Sold: t.Sold(), Rounds: len(t.Rounds), Shortfall: short, Suggest: suggest}
	if t.Settings.IsSwiss() {
		out.SwissRounds, out.SwissSeeds = t.SwissRounds(), t.SwissSeeds
	}
	return out
}

// playerJSON is a player for staff; the phone number is private.
type playerJSON struct {
	ID    int                 `json:"id"`
	Name  string              `json:"name"`
	Club  string              `json:"club"`
	Phone string              `json:"phone,omitempty"`
	Cards []tournament.CardNo `json:"cards"`
}

func playerOut(p tournament.Player, cards []tournament.CardNo) playerJSON {
	if cards == nil {
		cards = []tournament.CardNo{}
	}
	return playerJSON{ID: int(p.ID), Name: p.Name, Club: p.Club, Phone: p.Phone, Cards: cards}
}

// apiTournaments lists all tournaments, newest first.
func (s *server) apiTournaments(c echo.Context) error {
	list, err := s.store.Tournaments(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]summaryJSON, len(list))
	for i, t := range list {
		out[i] = summaryJSON{t.ID, t.Name, t.Cards, t.Sold, t.Rounds, t.Finished, t.CreatedAt}
	}
	return c.JSON(http.StatusOK, out)
}

// apiCreateTournament creates a tournament from its settings.
func (s *server) apiCreateTournament(c echo.Context) error {
	var in settingsJSON
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, err := s.store.Create(c.Request().Context(), actor(c), in.settings(lang(c)))
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/tournaments/"+strconv.FormatInt(t.ID, 10))
	return c.JSON(http.StatusCreated, tournamentOut(t))
}

// apiTournament gets a tournament's settings and sale state.
func (s *server) apiTournament(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, tournamentOut(t))
}

// apiPlayers lists the players with their cards and phone numbers (staff).
func (s *server) apiPlayers(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	cards := t.CardsByPlayer()
	out := make([]playerJSON, len(t.Players))
	for i, p := range t.Players {
		out[i] = playerOut(p, cards[p.ID])
	}
	return c.JSON(http.StatusOK, out)
}

// saleJSON is a sale: to an existing player (player) or to a new one
// (name, club, phone), count cards. A new player named like one already
// there is refused (409 player_exists) unless new_player says he is a
// different person, told apart by note (P-1, docs/tournament.md).
type saleJSON struct {
	Player    int    `json:"player"`
	Name      string `json:"name"`
	Club      string `json:"club"`
	Phone     string `json:"phone"`
	Count     int    `json:"count"`
	NewPlayer bool   `json:"new_player"`
	Note      string `json:"note"`
	// Payment is how the cards were paid: "cash" (default), "card", "other".
	Payment string `json:"payment"`
	// Numbers are the pre-printed cards handed out (docs/print.md); the
	// count may be left out then.
	Numbers []tournament.CardNo `json:"numbers"`
}

type soldJSON struct {
	Player playerJSON          `json:"player"`
	Sold   []tournament.CardNo `json:"sold"`
}

// apiSell adds a player if needed and sells him cards, in one transaction.
func (s *server) apiSell(c echo.Context) error {
	id, in, err := tournamentInput[saleJSON](c)
	if err != nil {
		return err
	}
	payment, err := tournament.ParsePayMethod(in.Payment)
	if err != nil {
		return err
	}
	if in.Count == 0 {
		in.Count = len(in.Numbers)
	}
	t, buyer, sold, err := s.act.sell(c.Request().Context(), id, actor(c), saleInput{
		buyer: tournament.Player{ID: tournament.PlayerID(in.Player), Name: in.Name, Club: in.Club, Phone: in.Phone},
		count: in.Count, numbers: in.Numbers, namesake: in.Player == 0 && in.NewPlayer, note: in.Note, payment: payment})
	if err != nil {
		return err
	}
	p, _ := t.Player(buyer)
	return c.JSON(http.StatusCreated, soldJSON{Player: playerOut(p, t.CardsOf(buyer)), Sold: sold})
}

// apiCancelSale takes card :no back before the draw.
func (s *server) apiCancelSale(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	no, err := strconv.Atoi(c.Param("no"))
	if err != nil {
		return notFound(c)
	}
	if _, err := s.act.cancelSale(c.Request().Context(), id, actor(c), tournament.CardNo(no)); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// nextJSON is a card holder's next matches (public: no phone number).
type nextJSON struct {
	Card   tournament.CardNo `json:"card"`
	Player struct {
		Name string `json:"name"`
		Club string `json:"club"`
	} `json:"player"`
	Next []nextMatchJSON `json:"next"`
}

type nextMatchJSON struct {
	Card         tournament.CardNo `json:"card"`
	Round        int               `json:"round"`
	RoundName    string            `json:"round_name"`
	Match        int               `json:"match"`
	Table        int               `json:"table"`
	Opponent     tournament.CardNo `json:"opponent"` // 0 for a bye
	OpponentName string            `json:"opponent_name,omitempty"`
	Bye          bool              `json:"bye"`
	Surrendered  bool              `json:"surrendered"`
	Started      bool              `json:"started"`
	Decided      bool              `json:"decided"`
	Won          bool              `json:"won"`
	Walkover     bool              `json:"walkover"` // decided kampflos (issue 9)
}

// apiNext tells the holder of card :no where each of his cards plays next.
func (s *server) apiNext(c echo.Context) error {
	t, card, err := s.loadCard(c)
	if err != nil {
		return err
	}
	p, _ := t.Player(card.Player)
	out := nextJSON{Card: card.No, Next: []nextMatchJSON{}}
	out.Player.Name, out.Player.Club = p.Name, p.Club
	for _, n := range t.Next(p.ID) {
		opp, _ := t.Player(n.OpponentPlayer)
		out.Next = append(out.Next, nextMatchJSON{
			Card: n.Card, Round: n.Round, RoundName: n.Name.Text(lang(c)), Match: n.Match, Table: n.Table,
			Opponent: n.Opponent, OpponentName: opp.Name, Bye: n.Opponent == 0 && !n.Surrendered,
			Surrendered: n.Surrendered, Started: n.Started, Decided: n.Decided, Won: n.Won, Walkover: n.Walkover,
		})
	}
	return c.JSON(http.StatusOK, out)
}

// tournamentInput is an API write's tournament (the path's :id) and its
// JSON body (decodeJSON), the two things every such handler reads first.
func tournamentInput[T any](c echo.Context) (int64, T, error) {
	var in T
	id, err := tournamentID(c)
	if err != nil {
		return 0, in, err
	}
	return id, in, decodeJSON(c, &in)
}

// decodeJSON reads a JSON request body into v. Only application/json is
// accepted: a cross-site HTML form cannot send it, which keeps the
// credential-authenticated API safe without CSRF tokens. The reading is
// strict (github.com/go-json-experiment/json): names match in their exact
// letter case, a name given twice, an unknown name, an array of the wrong
// length, invalid UTF-8 and anything after the object are refused with a
// 400 that names the field, so "COUNT" or "bummerl": [2, 0, 7] is never
// read as something the client did not mean.
func decodeJSON(c echo.Context, v any) error {
	mt, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	if mt != echo.MIMEApplicationJSON {
		return &webError{http.StatusUnsupportedMediaType, "json_required", "", text(c, "api.json_required")}
	}
	body, err := io.ReadAll(c.Request().Body) // bounded by the body limit
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return badRequest(c, "", "api.json_empty")
	}
	err = jsonv2.Unmarshal(body, v, jsonv2.RejectUnknownMembers(true))
	var (
		semErr *jsonv2.SemanticError
		synErr *jsontext.SyntacticError
	)
	switch {
	case err == nil:
		return nil
	case errors.As(err, &semErr):
		field := jsonField(semErr.JSONPointer)
		switch {
		case errors.Is(semErr.Err, jsonv2.ErrUnknownName):
			return badRequest(c, field, "api.json_unknown", field)
		case semErr.GoType != nil && semErr.GoType.Kind() == reflect.Array && semErr.JSONKind == '[':
			return badRequest(c, field, "api.json_length", field, semErr.GoType.Len())
		case field == "":
			return badRequest(c, "", "api.json_object")
		}
		return badRequest(c, field, "api.json_type", field)
	case errors.As(err, &synErr):
		field := jsonField(synErr.JSONPointer)
		switch {
		case errors.Is(synErr.Err, jsontext.ErrDuplicateName):
			return badRequest(c, field, "api.json_duplicate", field)
		case strings.Contains(synErr.Err.Error(), "after top-level value"):
			return badRequest(c, "", "api.json_trailing")
		case strings.Contains(synErr.Err.Error(), "invalid UTF-8") && field != "":
			return badRequest(c, field, "api.json_utf8", field)
		}
		return badRequest(c, "", "api.json_bad", synErr.Err.Error())
	}
	return badRequest(c, "", "api.json_bad", err.Error())
}

// jsonField writes a JSON pointer ("/groups/0/4/right") the way the API
// names fields in its errors ("groups[0][4].right"); "" for the whole body.
func jsonField(p jsontext.Pointer) string {
	var b strings.Builder
	for tok := range p.Tokens() {
		if _, err := strconv.Atoi(tok); err == nil && b.Len() > 0 {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}
