package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/season"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// maxResults bounds the players listed by the sale desk's search.
const maxResults = 20

// saleDesk shows the sale desk. Without JavaScript a sale ends in a redirect
// here with ?player= and ?sold= so the page can show what was just sold.
func (s *server) saleDesk(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m := saleModel(t, c.QueryParam("q"), views.NewForm(map[string]string{"count": "1"}))
	m.Last = lastSaleFromQuery(t, c.QueryParam("player"), c.QueryParam("sold"))
	return render(c, http.StatusOK, views.SalePage(m))
}

// searchPlayers answers the live search with the list of players found.
func (s *server) searchPlayers(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.SearchResults(saleModel(t, c.QueryParam("q"), views.Form{})))
}

// maxPersons bounds the register persons the desk's typeahead offers.
const maxPersons = 8

// salePersons answers the typeahead of the desk's name field (issue 24):
// the register's persons whose name contains what is typed, each marked
// with the cards he holds in this tournament already.
func (s *server) salePersons(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.QueryParam("name"))
	if name == "" { // an emptied field offers nobody
		return render(c, http.StatusOK, views.SalePersons(nil))
	}
	ps, err := s.store.Persons(c.Request().Context(), name, maxPersons)
	if err != nil {
		return err
	}
	cards := t.CardsByPlayer()
	out := make([]views.SalePerson, len(ps))
	for i, p := range ps {
		out[i] = views.SalePerson{ID: int64(p.ID), Name: p.Name, Club: p.Club}
		if pl, ok := playerNamed(t, p.Name); ok {
			out[i].Cards = cards[pl.ID]
		}
	}
	return render(c, http.StatusOK, views.SalePersons(out))
}

// playerNamed is t's player of name's NameKey: a register person is the
// player of his name (docs/season.md).
func playerNamed(t *tournament.Tournament, name string) (tournament.Player, bool) {
	key := tournament.NameKey(name)
	for _, p := range t.Players {
		if tournament.NameKey(p.Name) == key {
			return p, true
		}
	}
	return tournament.Player{}, false
}

// sell adds a player and sells him cards, or sells more cards to a player
// found by the search (form field "player"), in one transaction (P-1). A
// register person picked in the typeahead (field "person") is that player
// when he has one here, else a new player with the register's details.
func (s *server) sell(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	// Parse the form. Selling to a found player has only player and count;
	// its messages then go to the top of the desk.
	q := c.FormValue("q")
	var (
		f      views.Form
		player tournament.PlayerID
	)
	fields := map[string]string{
		"name":    strings.TrimSpace(c.FormValue("name")),
		"club":    strings.TrimSpace(c.FormValue("club")),
		"phone":   strings.TrimSpace(c.FormValue("phone")),
		"count":   strings.TrimSpace(c.FormValue("count")),
		"numbers": strings.TrimSpace(c.FormValue("numbers")),
		"payment": c.FormValue("payment"),
	}
	if p := c.FormValue("person"); p != "" && c.FormValue("player") == "" {
		if player, err = s.personBuyer(c, id, p, fields); err != nil {
			return err
		}
	}
	if p := c.FormValue("player"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil {
			return badRequest(c, "player", "form.number_bad")
		}
		player = tournament.PlayerID(n)
	}
	if player != 0 {
		f = views.NewForm(nil)
	} else {
		f = views.NewForm(fields)
	}
	refuse := func(status int, f views.Form) error {
		return s.refuse(c, id, status, q, f, player == 0)
	}
	// The numbers of pre-printed cards handed out (docs/print.md), if
	// typed; they say how many, so the count may keep its 1.
	numbers, ok := parseCardNumbers(c.FormValue("numbers"))
	if !ok {
		f.Fail("numbers", text(c, "sale.numbers_bad"))
		return refuse(http.StatusUnprocessableEntity, f)
	}
	countText := strings.TrimSpace(c.FormValue("count"))
	if len(numbers) > 0 && (countText == "" || countText == "1") {
		countText = strconv.Itoa(len(numbers))
	}
	count, err := strconv.Atoi(countText)
	if err != nil {
		f.Fail("count", text(c, "form.number_bad"))
		return refuse(http.StatusUnprocessableEntity, f)
	}
	in := saleInput{count: count, numbers: numbers,
		buyer: tournament.Player{ID: player, Name: f.Value("name"), Club: f.Value("club"), Phone: f.Value("phone")}}
	// An answer to the namesake ask (sale_ask.go) carries the buyer as
	// typed; "new_player" says he is a different person.
	ask := askFromForm(c, player)
	if ask != nil && ask.newPlayer {
		in.buyer, in.namesake, in.note = tournament.Player{Name: ask.Name, Club: ask.Club, Phone: ask.Phone}, true, ask.Note
	}
	// How it is paid (issue 9): cash unless chosen.
	if in.payment, err = tournament.ParsePayMethod(c.FormValue("payment")); err != nil {
		return badRequest(c, "payment", "form.choice_bad")
	}
	// Add the player (when new) and sell, one action in the audit log.
	t, buyer, sold, err := s.act.sell(c.Request().Context(), id, actor(c), in)
	if err != nil {
		if done, aerr := s.askAgain(c, id, q, f, player, ask, err); done {
			return aerr
		}
		return formError(c, f, err, refuse)
	}
	// Show the new numbers: the counters and numbers for htmx (the form
	// stays as the seller is typing it), a redirect otherwise.
	pl, _ := t.Player(buyer)
	if !isHTMX(c) {
		return redirect(c, tournamentURL(id, "/sale?"+url.Values{
			"player": {strconv.Itoa(int(buyer))},
			"sold":   {views.CardList(sold)},
			"q":      {q},
		}.Encode()))
	}
	m := saleModel(t, q, views.Form{})
	m.Last = &views.LastSale{Player: pl.Name, Cards: sold}
	if ask != nil {
		m.Form = views.NewForm(map[string]string{"count": "1"})
		return render(c, http.StatusOK, views.SaleAskDone(m))
	}
	return render(c, http.StatusOK, views.SaleUpdate(m))
}

// personBuyer reads the register person picked at the desk (form value
// p): his player in tournament id, or none, and then his name, club and
// phone go into fields (what was typed there gives way).
func (s *server) personBuyer(c echo.Context, id int64, p string, fields map[string]string) (tournament.PlayerID, error) {
	n, err := strconv.ParseInt(p, 10, 64)
	if err != nil {
		return 0, badRequest(c, "person", "form.number_bad")
	}
	ctx := c.Request().Context()
	person, err := s.store.PersonByID(ctx, season.PersonID(n))
	if errors.Is(err, store.ErrNotFound) || err == nil && person.Erased {
		return 0, badRequest(c, "person", "sale.person_gone")
	}
	if err != nil {
		return 0, err
	}
	t, err := s.store.Load(ctx, id)
	if err != nil {
		return 0, err
	}
	if pl, ok := playerNamed(t, person.Name); ok {
		return pl.ID, nil
	}
	fields["name"], fields["club"], fields["phone"] = person.Name, person.Club, person.Phone
	return 0, nil
}

// cancelSale takes a card back before the draw.
func (s *server) cancelSale(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	q := c.FormValue("q")
	no, err := strconv.Atoi(c.FormValue("card"))
	if err != nil {
		return badRequest(c, "card", "form.number_bad")
	}
	t, err := s.act.cancelSale(c.Request().Context(), id, actor(c), tournament.CardNo(no))
	if err != nil {
		return formError(c, views.NewForm(nil), err, func(status int, f views.Form) error {
			return s.refuse(c, id, status, q, f, false)
		})
	}
	if !isHTMX(c) {
		return redirect(c, tournamentURL(id, "/sale?"+url.Values{"q": {q}}.Encode()))
	}
	m := saleModel(t, q, views.Form{})
	m.Cancelled = tournament.CardNo(no)
	return render(c, http.StatusOK, views.SaleUpdate(m))
}

// refuse answers a refused sale or cancellation. The new-player form
// (inForm) comes back with the input and its messages: for htmx alone, in
// place of the form; any other refusal is shown above the counters.
// Without htmx the whole desk is drawn again.
func (s *server) refuse(c echo.Context, id int64, status int, q string, f views.Form, inForm bool) error {
	t, err := s.store.Load(c.Request().Context(), id)
	if err != nil {
		return err
	}
	m := saleModel(t, q, views.NewForm(map[string]string{"count": "1"}))
	if inForm {
		m.Form = f
	} else {
		m.Problem = f.Error(views.General)
	}
	switch {
	case !isHTMX(c):
		return render(c, status, views.SalePage(m))
	case inForm:
		// The form posts into #sale-status; its refusal replaces the form.
		h := c.Response().Header()
		h.Set("HX-Retarget", "#sale-form")
		h.Set("HX-Reswap", "outerHTML")
		return render(c, status, views.SaleForm(m))
	default:
		return render(c, status, views.SaleUpdate(m))
	}
}

// saleModel is the desk's view of t with the players matching q.
func saleModel(t *tournament.Tournament, q string, f views.Form) views.SaleModel {
	short, suggest := t.Shortfall() // P-2
	return views.SaleModel{
		TournamentID: t.ID,
		Name:         t.Settings.Name,
		Cards:        t.Settings.Cards,
		Sold:         t.Sold(),
		MaxCards:     t.Settings.MaxCards,
		PriceCents:   t.Settings.PriceCents,
		Drawn:        len(t.Rounds) > 0,
		Swiss:        t.Settings.IsSwiss(),
		Short:        short,
		Suggest:      suggest,
		Prizes:       len(t.Settings.Prizes),
		Form:         f,
		Query:        strings.TrimSpace(q),
		Results:      searchPlayers(t, q),
	}
}

// searchPlayers finds players by a part of the name or club, or by the
// exact number of one of their cards.
func searchPlayers(t *tournament.Tournament, q string) []views.SalePlayer {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return nil
	}
	key := tournament.NameKey(q) // "hubér" finds Huber, as the namesake ask compares
	cards := t.CardsByPlayer()
	no, numErr := strconv.Atoi(q)
	var found []views.SalePlayer
	for _, p := range t.Players {
		match := strings.Contains(tournament.NameKey(p.Name), key) || strings.Contains(tournament.NameKey(p.Club), key)
		if numErr == nil {
			if c, ok := t.Card(tournament.CardNo(no)); ok && c.Player == p.ID {
				match = true
			}
		}
		if !match {
			continue
		}
		found = append(found, views.SalePlayer{ID: p.ID, Name: p.Name, Club: p.Club, Phone: p.Phone, Cards: cards[p.ID]})
		if len(found) == maxResults {
			break
		}
	}
	return found
}

// parseCardNumbers reads card numbers as typed at the desk or given in a
// link: "17", "17, 18", "17 18"; ok is false for anything else. At most
// maxCardNumbers are read: no sale or print of one buyer needs more.
func parseCardNumbers(s string) (nos []tournament.CardNo, ok bool) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' })
	if len(fields) > maxCardNumbers {
		return nil, false
	}
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil { // a number out of range is the domain's to refuse
			return nil, false
		}
		nos = append(nos, tournament.CardNo(n))
	}
	return nos, true
}

// maxCardNumbers bounds the numbers parseCardNumbers reads.
const maxCardNumbers = 100

// lastSaleFromQuery rebuilds the "just sold" box after the redirect of a
// sale without JavaScript. The query is only a hint: the name comes from
// the tournament, and a number is shown only when that card is sold to
// that player (each once, in card order), so a forged link cannot make the
// desk announce cards nobody sold.
func lastSaleFromQuery(t *tournament.Tournament, player, sold string) *views.LastSale {
	id, err := strconv.Atoi(player)
	if err != nil {
		return nil
	}
	p, ok := t.Player(tournament.PlayerID(id))
	if !ok {
		return nil
	}
	// One sale is at most MaxCards numbers; more are not read.
	limit := min(t.Settings.MaxCards, t.Settings.Cards)
	parts := strings.SplitN(sold, ",", limit+1)
	asked := map[tournament.CardNo]bool{}
	for _, part := range parts[:min(len(parts), limit)] {
		if no, err := strconv.Atoi(strings.TrimSpace(part)); err == nil {
			asked[tournament.CardNo(no)] = true
		}
	}
	last := &views.LastSale{Player: p.Name}
	for _, no := range t.CardsOf(p.ID) {
		if asked[no] {
			last.Cards = append(last.Cards, no)
		}
	}
	if len(last.Cards) == 0 {
		return nil
	}
	return last
}
