package webtest

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/store"
)

// Fixture is a tournament run by the organiser Anna (pages), the helper
// Hans (pages) and a script with Anna's credentials (API, no cookies).
type Fixture struct {
	T      *testing.T
	App    *App
	Org    *Client
	Helper *Client
	API    *Client
	Anna   string // Authorization header of the script
	Path   string // /t/ID
	ID     int64
}

// Staff is a fixture without its tournament yet: Anna's and Hans's
// accounts and clients on app; the test creates the tournament (Path, ID).
func Staff(t *testing.T, app *App) Fixture {
	t.Helper()
	return Fixture{T: t, App: app, Org: app.LoggedIn("Anna", store.Organiser), Helper: app.LoggedIn("Hans", store.Helper),
		API: app.Client(), Anna: Basic("Anna", "Anna-password")}
}

// NewFixture creates a tournament on app with the settings form overrides
// and sells, through the sale desk, to one new player per entry of counts.
func NewFixture(t *testing.T, app *App, settings map[string]string, counts ...int) Fixture {
	t.Helper()
	f := Staff(t, app)
	f.Path = f.Org.CreateTournament(SettingsForm(settings))
	f.ID = TournamentOf(t, f.Path)
	for i, n := range counts {
		r := f.Org.Post(f.Path+"/sale", url.Values{"name": {"Spieler " + strconv.Itoa(i+1)}, "count": {strconv.Itoa(n)}})
		if r.Status != http.StatusSeeOther {
			t.Fatalf("sell %d cards: status %d\n%s", n, r.Status, r.Body)
		}
	}
	return f
}

// Load is the tournament as stored.
func (f Fixture) Load() *tournament.Tournament {
	f.T.Helper()
	tr, err := f.App.Store.Load(f.T.Context(), f.ID)
	if err != nil {
		f.T.Fatal(err)
	}
	return tr
}

// TestidText finds the text of the element with data-testid id.
func TestidText(t *testing.T, body, id string) string {
	t.Helper()
	m := regexp.MustCompile(`data-testid="` + regexp.QuoteMeta(id) + `"[^>]*>([^<]*)<`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no element %q in:\n%s", id, body)
	}
	return m[1]
}

// DrawDigital announces and performs the next digital draw through the
// pages and returns the commitment shown publicly before the draw.
func (f Fixture) DrawDigital() string {
	f.T.Helper()
	if r := f.Org.Post(f.Path+"/draw/announce", nil); r.Status != http.StatusSeeOther {
		f.T.Fatalf("announce: status %d\n%s", r.Status, r.Body)
	}
	commitment := TestidText(f.T, f.App.Client().Get(f.Path+"/rounds").Body, "commitment")
	r := f.Org.Post(f.Path+"/draw/digital", url.Values{"commitment": {commitment}})
	if r.Status != http.StatusSeeOther {
		f.T.Fatalf("draw: status %d\n%s", r.Status, r.Body)
	}
	return commitment
}

// MatchOf is match no of round as stored.
func (f Fixture) MatchOf(round, no int) tournament.Match {
	f.T.Helper()
	m, ok := f.Load().Rounds[round-1].Match(no)
	if !ok {
		f.T.Fatalf("round %d has no match %d", round, no)
	}
	return m
}

// FirstPlayable is the first match of the round that needs a result.
func (f Fixture) FirstPlayable(round int) tournament.Match {
	f.T.Helper()
	for _, m := range f.Load().Rounds[round-1].Matches {
		if !m.Decided() {
			return m
		}
	}
	f.T.Fatalf("round %d has no open match", round)
	return tournament.Match{}
}

// Quick enters a quick result through the match page's form.
func (f Fixture) Quick(c *Client, round int, m tournament.Match, winner tournament.CardNo, score string) Response {
	f.T.Helper()
	return c.Post(MatchPath(f.ID, round, m.No)+"/result", url.Values{
		"winner": {strconv.Itoa(int(winner))}, "bummerl": {score}, "version": {strconv.Itoa(m.Version)}})
}

// FinishRound gives every open match of the round to its A card, 2:0.
func (f Fixture) FinishRound(round int) {
	f.T.Helper()
	for _, m := range f.Load().Rounds[round-1].Matches {
		if !m.Decided() {
			if r := f.Quick(f.Helper, round, m, m.A, "2:0"); r.Status != http.StatusSeeOther {
				f.T.Fatalf("result of match %d: status %d\n%s", m.No, r.Status, r.Body)
			}
		}
	}
}

// DrawPairs draws round 1 by hand: pair i holds number i+1 of both pots,
// B 0 leaves the right number undrawn (a bye).
func (f Fixture) DrawPairs(pairs [][2]tournament.CardNo) {
	f.T.Helper()
	actor, err := f.App.Store.CheckPassword(f.T.Context(), "Anna", "Anna-password")
	if err != nil {
		f.T.Fatal(err)
	}
	_, err = f.App.Store.Update(f.T.Context(), f.ID, actor, "physical draw", func(t *tournament.Tournament) error {
		g := tournament.GroupTickets{Bracket: tournament.Main}
		for i, p := range pairs {
			g.Tickets = append(g.Tickets, tournament.Ticket{Card: p[0], Pot: tournament.Left, Number: i + 1})
			if p[1] != 0 {
				g.Tickets = append(g.Tickets, tournament.Ticket{Card: p[1], Pot: tournament.Right, Number: i + 1})
			}
		}
		return t.ApplyDraw(tournament.Draw{Method: tournament.Physical, Groups: []tournament.GroupTickets{g}})
	})
	if err != nil {
		f.T.Fatal(err)
	}
}

// PairsOfHall are the pairings of HallFixture.
var PairsOfHall = [][2]tournament.CardNo{{1, 3}, {2, 4}, {5, 6}, {7, 0}}

// WinnerOf is the name of the player the prize list gives prize i.
func (f Fixture) WinnerOf(i int) string {
	f.T.Helper()
	tr := f.Load()
	for _, a := range tr.Prizes() {
		if a.Prize == i {
			p, _ := tr.Player(a.Player)
			return p.Name
		}
	}
	f.T.Fatalf("prize %d not decided", i)
	return ""
}

// PayoutCount is the number of payouts stored, cancelled ones too.
func (f Fixture) PayoutCount() int {
	f.T.Helper()
	ps, err := f.App.Store.Payouts(f.T.Context(), f.ID)
	if err != nil {
		f.T.Fatal(err)
	}
	return len(ps)
}

// Rename changes the tournament's name: a change and nothing else.
func (f Fixture) Rename(name string) {
	f.T.Helper()
	if _, err := f.App.Store.Update(f.T.Context(), f.ID, store.User{Name: "test"}, "rename", func(tr *tournament.Tournament) error {
		tr.Settings.Name = name
		return nil
	}); err != nil {
		f.T.Fatal(err)
	}
}

// Revision is the tournament's revision as stored.
func (f Fixture) Revision() int64 {
	f.T.Helper()
	rev, _, err := f.App.Store.Revision(f.T.Context(), f.ID)
	if err != nil {
		f.T.Fatal(err)
	}
	return rev
}

// MatchPath is the page of match no of round in tournament id.
func MatchPath(id int64, round, no int) string {
	return "/t/" + strconv.FormatInt(id, 10) + "/rounds/" + strconv.Itoa(round) + "/matches/" + strconv.Itoa(no)
}

// APIRoundPath is round of tournament id in the API.
func APIRoundPath(id int64, round int) string {
	return "/api/tournaments/" + strconv.FormatInt(id, 10) + "/rounds/" + strconv.Itoa(round)
}

// TillFixture is a finished evening of 4 cards at 10 € (two paid in cash,
// one by card, one otherwise) with 4 prizes: two in money, two goods.
func TillFixture(t *testing.T, app *App) Fixture {
	t.Helper()
	f := Staff(t, app)
	f.Path = f.Org.CreateTournament(SettingsForm(map[string]string{"name": "Preisschnapsen Zur Post", "cards": "4", "price": "10,00",
		"date": "2026-03-14", "venue": "Gasthaus Zur Post, Kirchberg",
		"prizes": "4", "prize_1": "100 €", "prize_2": "50,- Euro", "prize_3": "Geschenkkorb", "prize_4": "Speck"}))
	f.ID = TournamentOf(t, f.Path)
	for i, pay := range []string{"cash", "card", "cash", "other"} {
		r := f.Helper.Post(f.Path+"/sale", url.Values{"name": {"Spieler " + strconv.Itoa(i+1)}, "count": {"1"}, "payment": {pay}})
		if r.Status != http.StatusSeeOther {
			t.Fatalf("sale: %d\n%s", r.Status, r.Body)
		}
	}
	for round := 1; !f.Load().Finished(); round++ {
		if round > 3 {
			t.Fatal("not finished after 3 rounds")
		}
		f.DrawDigital()
		f.FinishRound(round)
	}
	return f
}

// HallFixture is round 1 of 8 cards, 7 sold, drawn by hand so the
// pairings are known, with tables set through the organiser's form:
//
//	match 1: card 1 (Spieler 1) – card 3 (Spieler 2)
//	match 2: card 2 (Spieler 1) – card 4 (Spieler 3)
//	match 3: card 5 (Spieler 4) – card 6 (Spieler 5)
//	match 4: card 7 (Spieler 6), a bye
//
// Spieler 1 holds two cards and plays one match at a time (P-5).
// settings override fields of the settings form (SettingsForm).
func HallFixture(t *testing.T, app *App, settings map[string]string, tables int) Fixture {
	t.Helper()
	f := NewFixture(t, app, settings, 2, 1, 1, 1, 1, 1)
	f.DrawPairs(PairsOfHall)
	if tables > 0 {
		r := f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {strconv.Itoa(tables)}})
		if r.Status != http.StatusSeeOther {
			t.Fatalf("set tables: status %d\n%s", r.Status, r.Body)
		}
	}
	return f
}

// EuroCents reads an amount as the German pages show it ("1.234,50 €",
// "−5,00 €") in cents.
func EuroCents(t testing.TB, s string) int {
	t.Helper()
	v := strings.NewReplacer("'", "", ".", "", " €", "", "−", "-").Replace(s)
	whole, frac, ok := strings.Cut(v, ",")
	cents, err := strconv.Atoi(whole + frac)
	if !ok || len(frac) != 2 || err != nil {
		t.Fatalf("amount %q", s)
	}
	return cents
}
