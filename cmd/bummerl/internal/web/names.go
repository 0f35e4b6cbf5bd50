package web

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/labstack/echo/v4"
	"golang.org/x/text/collate"
	xlang "golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/domain/tournament"
	"bummerl/views"
)

// The board "Wo spiele ich?" (issue 23): in a hall of 64–128 players a
// guest finds his name in one alphabetical list instead of scanning the
// projector's pages of tables. /t/:id/names is the page (phones, and one
// A4 list for the notice board); /t/:id/screen/names the projector's
// view of it, for a second beamer or instead of the screen (docs/web.md).

// namesPage is the board as a page; with HX-Request the list alone.
func (s *server) namesPage(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m := namesModel(c, t)
	if isHTMX(c) {
		return render(c, http.StatusOK, views.NamesContent(m))
	}
	return render(c, http.StatusOK, views.NamesPage(m))
}

// namesScreen is the board on the projector. The script pages it by what
// fits the screen; without JavaScript ?page= shows a page of
// namesPerPage lines and the page reloads itself with the next.
func (s *server) namesScreen(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	m := namesModel(c, t)
	// Opponents as "M. Huber", as in the projector's bracket: a line keeps
	// its player's name whole and mostly fits one line at 32 px.
	for _, p := range m.Players {
		for i := range p.Cards {
			p.Cards[i].OpponentName = shortName(p.Cards[i].OpponentName)
		}
	}
	m.Pages = namesPages(m.Players)
	// A page past the end (the list got shorter meanwhile) or none: the first.
	if m.Page, _ = strconv.Atoi(c.QueryParam("page")); m.Page < 1 || m.Page > m.Pages {
		m.Page = 1
	}
	if isHTMX(c) {
		return render(c, http.StatusOK, views.NamesScreenContent(m))
	}
	return render(c, http.StatusOK, views.NamesScreenPage(m))
}

// namesPerPage is how many lines (a player's cards, one line each) a
// projector page holds without JavaScript: what 1280×720 shows at 32 px
// with a long name wrapped.
const namesPerPage = 10

// namesPages numbers the projector's pages without JavaScript: a player
// is never split, a page holds at most namesPerPage lines (more only for
// a player with more cards). It is how many pages there are, at least 1.
func namesPages(players []views.NamesPlayer) int {
	page, lines := 1, 0
	for i := range players {
		n := len(players[i].Cards)
		if lines > 0 && lines+n > namesPerPage {
			page, lines = page+1, 0
		}
		players[i].Page = page
		lines += n
	}
	return page
}

// namesModel is the board of t: every player with a card still in, by
// name, each card with its match of the latest round.
func namesModel(c echo.Context, t *tournament.Tournament) views.NamesModel {
	sn := derived(c, t)
	m := views.NamesModel{TournamentID: t.ID, Name: t.Settings.Name, Finished: t.Finished(), AsOf: asOf(c)}
	ros := newRoster(t)
	where := map[tournament.CardNo]views.NamesCard{}
	if r := t.Current(); r != nil {
		m.Round = r.No
		for _, mt := range r.Matches {
			for _, side := range [2][2]tournament.CardNo{{mt.A, mt.B}, {mt.B, mt.A}} {
				if side[0] != 0 {
					where[side[0]] = namesCard(t, ros, mt, side[0], side[1])
				}
			}
		}
	}
	cards := map[tournament.PlayerID][]views.NamesCard{}
	for _, st := range sn.standings() {
		if st.Decided {
			continue
		}
		nc, ok := where[st.Card]
		if !ok { // no match in this round: before the draw, a placement match to come, a late entry
			nc = views.NamesCard{Card: st.Card, State: views.NamesNext}
			if m.Round == 0 {
				nc.State = views.NamesWaiting
			}
		}
		over := nc.State == views.NamesNext || nc.State == views.NamesBye
		if card, _ := t.Card(st.Card); over && card.Out > 0 && card.Out <= m.Round+1 {
			continue // withdrawn from a Swiss tournament, his round over: not paired again (SW-16)
		}
		cards[st.Player] = append(cards[st.Player], nc)
	}
	for _, p := range t.Players {
		if cs := cards[p.ID]; len(cs) > 0 {
			slices.SortFunc(cs, func(a, b views.NamesCard) int { return cmp.Compare(a.Card, b.Card) })
			m.Players = append(m.Players, views.NamesPlayer{Name: p.Name, Letter: initial(p.Name), Cards: cs})
		}
	}
	// By the name as written ("Maria von Trapp" under M), German order:
	// Ä with A, case ignored; namesakes by their first card.
	col := nameCollator(lang(c))
	slices.SortStableFunc(m.Players, func(a, b views.NamesPlayer) int {
		return cmp.Or(col.CompareString(a.Name, b.Name), cmp.Compare(a.Cards[0].Card, b.Cards[0].Card))
	})
	return m
}

// namesCard is card's match mt of the latest round as the board shows it.
func namesCard(t *tournament.Tournament, ros roster, mt tournament.Match, card, opp tournament.CardNo) views.NamesCard {
	nc := views.NamesCard{Card: card, Match: mt.No}
	switch {
	case mt.Bye():
		nc.State = views.NamesBye
		return nc
	case mt.Decided():
		nc.State = views.NamesNext
		return nc
	case t.TableOf(mt) > 0: // called, or at the table of its number
		nc.State, nc.Table = views.NamesAtTable, t.TableOf(mt)
	default:
		nc.State = views.NamesWaiting
	}
	nc.Opponent, nc.OpponentName = opp, ros.holder(opp).Name
	return nc
}

// nameCollator sorts players' names for lang: the German order for both
// languages' lists, case ignored (the projector's players, the round
// list by name, the board).
func nameCollator(lang string) *collate.Collator {
	tag := xlang.German
	if lang == "en" {
		tag = xlang.English
	}
	return collate.New(tag, collate.IgnoreCase)
}

// initial is the letter name is sorted under, upper case and without its
// accent: "A" for "ägidius".
func initial(name string) string {
	for _, r := range norm.NFD.String(strings.TrimSpace(name)) {
		if !unicode.Is(unicode.Mn, r) {
			return string(unicode.ToUpper(r))
		}
	}
	return ""
}

// asOf is when the tournament last changed, "21:14": the time the board
// shows, printed at the head of every page.
func asOf(c echo.Context) string {
	if st, ok := c.Request().Context().Value(snapshotStampKey{}).(httpkit.PageStamp); ok && st.Updated > 0 {
		return time.UnixMilli(st.Updated).Local().Format("15:04")
	}
	return time.Now().Local().Format("15:04")
}
