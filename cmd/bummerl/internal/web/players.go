package web

import (
	"cmp"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// overview is a tournament's public page: conditions, prizes, players.
func (s *server) overview(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	set := t.Settings
	cards := t.CardsByPlayer()
	m := views.OverviewModel{
		ID: t.ID, Name: set.Name, Cards: set.Cards, Sold: t.Sold(), PriceCents: set.PriceCents,
		Variant: string(set.Variant), Closing: string(set.Closing), BummerlToWin: set.BummerlToWin,
		Prizes: set.Prizes, Rounds: len(t.Rounds),
	}
	if set.IsSwiss() {
		m.SwissRounds = t.SwissRounds()
	}
	for _, p := range t.Players {
		if len(cards[p.ID]) > 0 {
			m.Players = append(m.Players, views.PublicPlayer{ID: p.ID, Name: p.Name, Club: p.Club, Cards: cards[p.ID]})
		}
	}
	return render(c, http.StatusOK, views.OverviewPage(m))
}

// findCard is the card-number form of the overview: on to that card's page.
func (s *server) findCard(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	no, err := strconv.Atoi(c.QueryParam("no"))
	if err != nil || no < 1 {
		return badRequest(c, "no", "form.number_bad")
	}
	return redirect(c, tournamentURL(id, "/card/"+strconv.Itoa(no)))
}

// playerPage shows the holder of a card where each of his cards plays now
// (tournament.Next), whether he is called to a table, and for every card
// its matches so far and its place once out; the live script fetches the
// part that changes (HX-Request: true).
func (s *server) playerPage(c echo.Context) error {
	t, card, err := s.loadCard(c)
	if err != nil {
		return err
	}
	sn := derived(c, t)
	m := playerModel(sn, card, lang(c))
	m.Season = s.seasonOfEvening(c.Request().Context(), sn).placeOf(int(card.Player))
	if isHTMX(c) {
		return render(c, http.StatusOK, views.PlayerNext(m))
	}
	return render(c, http.StatusOK, views.PlayerPage(m))
}

// playerModel is the page of the holder of card, in lang. It is one of
// hundreds rendered after each change: what all of them need comes from
// the snapshot (snapshot.go).
func playerModel(sn *snapshot, card tournament.Card, lang string) views.PlayerModel {
	t := sn.t
	p, _ := t.Player(card.Player)
	m := views.PlayerModel{
		TournamentID: t.ID, Tournament: t.Settings.Name, Card: card.No,
		Name: p.Name, Club: p.Club, Cards: sn.cards()[p.ID], Drawn: len(t.Rounds) > 0,
	}
	// A match waits while one of its players sits at another table (P-5):
	// the phone says whether that is this player or his opponent.
	playingAt := map[tournament.PlayerID]int{}
	for _, seat := range sn.board().Busy {
		for _, no := range []tournament.CardNo{seat.Match.A, seat.Match.B} {
			if c, ok := t.Card(no); ok {
				playingAt[c.Player] = seat.Table
			}
		}
	}
	waiting := map[int]bool{}
	for _, w := range sn.board().Waiting {
		waiting[w.Match.No] = w.BusyAt > 0
	}
	current := map[tournament.CardNo]*views.NextRow{}
	for _, n := range t.Next(p.ID) {
		row := views.NextRow{NextMatch: n, RoundName: n.Name.Text(lang), Tables: t.Tables > 0,
			Swiss: t.Settings.IsSwiss()}
		if mt, ok := t.Current().Match(n.Match); ok && mt.Played() {
			won, lost := mt.Score()
			row.Score = [2]int{won, lost}
			if !n.Won { // his own Bummerl first: a loser reads 1:2
				row.Score = [2]int{lost, won}
			}
		}
		if opp, ok := t.Player(n.OpponentPlayer); ok {
			row.OpponentName, row.OpponentClub = opp.Name, opp.Club
		}
		if waiting[n.Match] {
			row.BusyAt = playingAt[p.ID]
			if row.BusyAt == 0 {
				row.BusyAt, row.OpponentBusy = playingAt[n.OpponentPlayer], true
			}
		}
		m.Next = append(m.Next, row)
	}
	for i := range m.Next {
		current[m.Next[i].Card] = &m.Next[i]
	}
	if t.Settings.IsSwiss() && m.Drawn {
		m.Swiss = swissScore(t, card)
	}
	m.Places = cardPlaces(sn, p.ID)
	places := map[tournament.CardNo]*views.CardPlace{}
	for i := range m.Places {
		places[m.Places[i].Card] = &m.Places[i]
	}
	for _, no := range m.Cards {
		cv := views.CardView{Card: no, Current: current[no], Place: places[no]}
		for _, cm := range t.CardMatches(no) {
			if cv.Current != nil && cm.Round == len(t.Rounds) {
				continue // shown as its match now
			}
			h := views.HistoryRow{RoundName: cm.Name.Text(lang),
				Opponent: cm.Opponent, Won: cm.Won, Bye: cm.Opponent == 0, Surrendered: cm.Surrendered, Walkover: cm.Walkover, Score: cm.Score}
			if opp, ok := t.Player(cm.OpponentPlayer); ok {
				h.OpponentName = opp.Name
			}
			cv.History = append(cv.History, h)
		}
		m.CardViews = append(m.CardViews, cv)
	}
	return m
}

// cardPlaces are the decided places of player p's cards, with the prizes
// they won (P-7, P-8); a prize still going by lot is left out until drawn.
func cardPlaces(sn *snapshot, p tournament.PlayerID) []views.CardPlace {
	prizes := map[tournament.CardNo]tournament.Award{}
	for _, a := range sn.prizes() {
		if a.Card != 0 {
			prizes[a.Card] = a
		}
	}
	var out []views.CardPlace
	for _, st := range sn.standings() {
		if st.Player != p || !st.Decided {
			continue
		}
		cp := views.CardPlace{Card: st.Card, From: st.From, To: st.To}
		if a, ok := prizes[st.Card]; ok {
			cp.Prize, cp.PrizeFor = a.Prize, a.Description
		}
		out = append(out, cp)
	}
	return out
}

// cardQR is the PNG QR code of a card's page, for the printed entry card:
// of a sold card, or of a number from 1 to N not sold yet, for a blank
// card printed before the sale (docs/print.md). The address is the
// card's number only, so it is the same before and after the sale.
func (s *server) cardQR(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	no, err := strconv.Atoi(c.Param("no"))
	if err != nil {
		return notFound(c)
	}
	if _, sold := t.Card(tournament.CardNo(no)); !sold && (no < 1 || no > t.Settings.Cards) {
		return cardUnknown(c, t, no)
	}
	png, err := qrcode.Encode(s.cardURL(c, t.ID, tournament.CardNo(no)), qrcode.Medium, 320)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "private, max-age=3600")
	return c.Blob(http.StatusOK, "image/png", png)
}

// entryCards is the print sheet of the sold cards with their QR codes:
// every one, or those of ?cards=17,18 (a buyer's just sold, one to print
// again).
func (s *server) entryCards(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	only, ok := parseCardNumbers(c.QueryParam("cards"))
	if !ok {
		return badRequest(c, "cards", "sale.numbers_bad")
	}
	m := s.entryCardsModel(c, t)
	cards := t.Cards
	if len(only) > 0 {
		m.Only, cards = only, nil
		for _, no := range only {
			card, sold := t.Card(no)
			if !sold {
				return cardUnknown(c, t, int(no))
			}
			cards = append(cards, card)
		}
	}
	for _, card := range cards {
		p, _ := t.Player(card.Player)
		m.Cards = append(m.Cards, views.EntryCard{No: card.No, Player: p.Name, Club: p.Club, URL: s.cardURL(c, t.ID, card.No)})
	}
	return render(c, http.StatusOK, views.EntryCardsPage(m))
}

// blankCards is the print sheet of blank cards numbered ?from= to ?to=
// (1 to N unless asked), each with the QR code its card will have, to be
// handed out at the sale desk, which records the sale of that number.
func (s *server) blankCards(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	n := t.Settings.Cards
	f := views.NewForm(map[string]string{"from": cmp.Or(c.QueryParam("from"), "1"), "to": cmp.Or(c.QueryParam("to"), strconv.Itoa(n))})
	from, ferr := strconv.Atoi(strings.TrimSpace(f.Value("from")))
	to, terr := strconv.Atoi(strings.TrimSpace(f.Value("to")))
	switch {
	case ferr != nil || from < 1 || from > n:
		f.Fail("from", textf(c, "blank.range", n))
	case terr != nil || to < from || to > n:
		f.Fail("to", textf(c, "blank.range", n))
	}
	m := views.BlankCardsModel{EntryCardsModel: s.entryCardsModel(c, t), Form: f, Max: n}
	if !f.OK() {
		return render(c, http.StatusUnprocessableEntity, views.BlankCardsPage(m))
	}
	for no := tournament.CardNo(from); no <= tournament.CardNo(to); no++ {
		m.Cards = append(m.Cards, views.EntryCard{No: no, URL: s.cardURL(c, t.ID, no)})
	}
	return render(c, http.StatusOK, views.BlankCardsPage(m))
}

// entryCardsModel is the print sheet of t's entry cards, still without
// cards.
func (s *server) entryCardsModel(c echo.Context, t *tournament.Tournament) views.EntryCardsModel {
	base := s.requestBase(c)
	return views.EntryCardsModel{TournamentID: t.ID, Name: t.Settings.Name, Day: eventDay(lang(c), t.Settings.Event), Base: base, LoopbackOnly: isLoopback(base)}
}

// isLoopback reports whether base (scheme://host[:port]) names this
// computer only, an address no phone on the venue Wi-Fi can reach.
func isLoopback(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// cardURL is the absolute address of a card's page, for QR codes.
func (s *server) cardURL(c echo.Context, id int64, no tournament.CardNo) string {
	return s.requestBase(c) + tournamentURL(id, "/card/"+strconv.Itoa(int(no)))
}

// loadCard loads the tournament of :id and the sold card :no.
func (s *server) loadCard(c echo.Context) (*tournament.Tournament, tournament.Card, error) {
	t, err := s.loadTournament(c)
	if err != nil {
		return nil, tournament.Card{}, err
	}
	no, err := strconv.Atoi(c.Param("no"))
	if err != nil {
		return nil, tournament.Card{}, notFound(c)
	}
	card, ok := t.Card(tournament.CardNo(no))
	if !ok {
		return nil, tournament.Card{}, cardUnknown(c, t, no)
	}
	return t, card, nil
}

// cardUnknown refuses a card that is not sold; a number from 1 to N may
// be on a blank card handed out whose sale is not recorded yet.
func cardUnknown(c echo.Context, t *tournament.Tournament, no int) error {
	key := "player.card_unknown"
	if no >= 1 && no <= t.Settings.Cards && len(t.Rounds) == 0 {
		key = "player.card_not_yet"
	}
	return &webError{http.StatusNotFound, "card_not_found", "", textf(c, key, no)}
}
