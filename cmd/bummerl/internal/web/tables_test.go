package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/tournament"
)

// hallFixture is round 1 of 8 cards, 7 sold, drawn by hand so the
// pairings are known, with tables set through the organiser's form:
//
//	match 1: card 1 (Spieler 1) – card 3 (Spieler 2)
//	match 2: card 2 (Spieler 1) – card 4 (Spieler 3)
//	match 3: card 5 (Spieler 4) – card 6 (Spieler 5)
//	match 4: card 7 (Spieler 6), a bye
//
// Spieler 1 holds two cards and plays one match at a time (P-5).
func hallFixture(t *testing.T, tables int) fixture {
	t.Helper()
	return hallFixtureWith(t, nil, tables)
}

// hallFixtureWith is hallFixture with settings of the form (settingsForm).
func hallFixtureWith(t *testing.T, settings map[string]string, tables int) fixture {
	t.Helper()
	f := newFixture(t, settings, 2, 1, 1, 1, 1, 1)
	f.drawPairs(pairsOfHall)
	if tables > 0 {
		r := f.org.post(f.path+"/tables/count", url.Values{"tables": {strconv.Itoa(tables)}})
		if r.status != http.StatusSeeOther {
			t.Fatalf("set tables: status %d\n%s", r.status, r.body)
		}
	}
	return f
}

// pairsOfHall are the pairings of hallFixture.
var pairsOfHall = [][2]tournament.CardNo{{1, 3}, {2, 4}, {5, 6}, {7, 0}}

// drawPairs draws round 1 by hand: pair i holds number i+1 of both pots,
// B 0 leaves the right number undrawn (a bye).
func (f fixture) drawPairs(pairs [][2]tournament.CardNo) {
	f.t.Helper()
	actor, err := f.app.store.CheckPassword(f.t.Context(), "Anna", "Anna-password")
	if err != nil {
		f.t.Fatal(err)
	}
	_, err = f.app.store.Update(f.t.Context(), f.id, actor, "physical draw", func(t *tournament.Tournament) error {
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
		f.t.Fatal(err)
	}
}

// seatsOf reads the board's tables: table → "free" or the match at it.
var seatPattern = regexp.MustCompile(`(?s)data-testid="table-(\d+)">.*?(?:<div class="seat-state">(frei|free)</div>|<strong>(?:Partie|Match) (\d+)</strong>)`)

func seatsOf(t *testing.T, body string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range seatPattern.FindAllStringSubmatch(body, -1) {
		if m[2] != "" {
			out[m[1]] = "free"
		} else {
			out[m[1]] = m[3]
		}
	}
	return out
}

func TestTablesBoard(t *testing.T) {
	f := hallFixture(t, 2)
	board := f.path + "/tables"

	// Visitors are sent to the login; helpers see the board.
	if r := f.app.client().get(board); r.status != http.StatusSeeOther || !strings.HasPrefix(r.location(), "/login") {
		t.Fatalf("visitor: %d %q", r.status, r.location())
	}
	page := f.helper.get(board).body
	if got := seatsOf(t, page); got["1"] != "free" || got["2"] != "free" || len(got) != 2 {
		t.Fatalf("tables before any call: %v", got)
	}
	mustContain(t, page, `data-testid="waiting-1"`, `data-testid="waiting-2"`, `data-testid="waiting-3"`, "2 frei · 0 besetzt · 3 warten")
	mustNotContain(t, page, `data-testid="waiting-4"`)         // the bye takes no table
	mustNotContain(t, page, `data-testid="tables-count-form"`) // organisers only

	// "Nächste Partie aufrufen": match 1 to table 1.
	r := f.helper.post(board+"/call", nil)
	if r.status != http.StatusSeeOther || r.location() != board+"?called=1" {
		t.Fatalf("call next: %d %q\n%s", r.status, r.location(), r.body)
	}
	page = f.helper.get(r.location()).body
	mustContain(t, page, "Aufgerufen: Tisch 1 – Partie 1, Spieler 1 gegen Spieler 2")
	// Spieler 1's other match waits while he sits at table 1 (P-5).
	mustContain(t, testidText(t, page, "busy-2"), "spielt gerade an Tisch 1")

	// The next call skips match 2: match 3 to table 2; then no table is free.
	if r := f.helper.post(board+"/call", nil); r.location() != board+"?called=3" {
		t.Fatalf("second call: %d %q", r.status, r.location())
	}
	r = f.helper.post(board+"/call", nil)
	if r.status != http.StatusConflict || !strings.Contains(r.body, "Alle Tische sind besetzt") {
		t.Fatalf("call with every table busy: %d\n%s", r.status, r.body)
	}
	if got := seatsOf(t, f.helper.get(board).body); got["1"] != "1" || got["2"] != "3" {
		t.Fatalf("tables %v, want match 1 at 1, match 3 at 2", got)
	}

	// By hand: a busy table and a busy player are refused with the reason.
	r = f.helper.post(board+"/assign", url.Values{"match": {"2"}, "table": {"2"}})
	if r.status != http.StatusConflict || !strings.Contains(r.body, "An Tisch 2 wird gerade Partie 3 gespielt") ||
		!strings.Contains(r.body, `name="match" id="f-match" value="2"`) {
		t.Fatalf("assign to a busy table: %d\n%s", r.status, r.body)
	}
	r = f.helper.post(board+"/assign", url.Values{"match": {"2"}, "table": {"5"}})
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "Es gibt keinen Tisch 5") {
		t.Fatalf("assign to a table outside the hall: %d\n%s", r.status, r.body)
	}
	r = f.org.post(f.path+"/tables/count", url.Values{"tables": {"3"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("three tables: %d", r.status)
	}
	r = f.helper.post(board+"/assign", url.Values{"match": {"2"}, "table": {"3"}})
	if r.status != http.StatusConflict || !strings.Contains(r.body, "Spieler 1 spielt gerade Partie 1 an Tisch 1") {
		t.Fatalf("assign a busy player: %d\n%s", r.status, r.body)
	}
	// Moving a running match to a free table.
	r = f.helper.post(board+"/assign", url.Values{"match": {"3"}, "table": {"3"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("move: %d\n%s", r.status, r.body)
	}
	mustContain(t, f.helper.get(r.location()).body, "Partie 3 sitzt an Tisch 3.")

	// A result frees the table; Spieler 1's next match can be called there.
	if r := f.quick(f.helper, 1, f.matchOf(1, 1), 1, "2:0"); r.status != http.StatusSeeOther {
		t.Fatalf("result: %d", r.status)
	}
	if got := seatsOf(t, f.helper.get(board).body); got["1"] != "free" || got["3"] != "3" {
		t.Fatalf("tables after the result %v, want table 1 free", got)
	}
	m2 := f.matchOf(1, 2)
	r = f.helper.post(board+"/call", url.Values{"match": {"2"}, "version": {strconv.Itoa(m2.Version)}})
	if r.location() != board+"?called=2" {
		t.Fatalf("call match 2: %d %q\n%s", r.status, r.location(), r.body)
	}
	// Sent back to the waiting matches.
	m2 = f.matchOf(1, 2)
	if !m2.Started || m2.Table != 1 || m2.Called.IsZero() {
		t.Fatalf("match 2 = %+v", m2)
	}
	r = f.helper.post(matchURL(matchRef{f.id, 1, 2})+"/release", url.Values{"version": {strconv.Itoa(m2.Version)}})
	if r.status != http.StatusSeeOther || f.matchOf(1, 2).Started {
		t.Fatalf("release: %d %+v", r.status, f.matchOf(1, 2))
	}
	mustContain(t, f.helper.get(r.location()).body, "Partie 2 wartet wieder auf den Aufruf.")

	// "Alle freien Tische besetzen": one transaction, one audit line.
	r = f.helper.post(board+"/call", url.Values{"all": {"1"}})
	if r.status != http.StatusSeeOther || r.location() != board+"?called=2" {
		t.Fatalf("call all: %d %q", r.status, r.location())
	}
	entries, err := f.app.store.Audit(t.Context(), f.id)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range entries {
		actions = append(actions, string(e.Action))
	}
	for _, want := range []string{"set tables", "call match", "call matches", "start match", "release match"} {
		if !strings.Contains(strings.Join(actions, ","), want) {
			t.Errorf("audit %v lacks %q", actions, want)
		}
	}
	mustContain(t, f.org.get(f.path+"/history").body, "Partie aufgerufen", "Tischanzahl geändert", "Partie zurückgestellt")
}

func TestTablesBoardEnglishAndFragment(t *testing.T) {
	f := hallFixture(t, 2)
	page := f.org.get(f.path + "/tables?lang=en").body
	mustContain(t, page, "Call the next match", "Fill every free table", "Tables in the hall", "2 free · 0 busy · 3 waiting",
		`data-live-src="/t/`, "Projector view")
	frag := f.org.request(http.MethodGet, f.path+"/tables", nil, map[string]string{"HX-Request": "true"})
	if frag.status != http.StatusOK || strings.Contains(frag.body, "<html") || !strings.Contains(frag.body, `data-testid="tables"`) {
		t.Fatalf("fragment: %d\n%s", frag.status, frag.body)
	}
	// The number of tables: checked, organisers only.
	r := f.org.post(f.path+"/tables/count", url.Values{"tables": {"-1"}})
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "Tables must be") && !strings.Contains(r.body, "number of tables must be") {
		t.Fatalf("-1 tables: %d\n%s", r.status, r.body)
	}
	if r := f.helper.post(f.path+"/tables/count", url.Values{"tables": {"4"}}); r.status != http.StatusForbidden {
		t.Fatalf("helper sets tables: %d", r.status)
	}
	// Unset: every match at the table of its number, as printed.
	if r := f.org.post(f.path+"/tables/count", url.Values{"tables": {"0"}}); r.status != http.StatusSeeOther {
		t.Fatalf("unset: %d", r.status)
	}
	page = f.helper.get(f.path + "/tables").body
	mustContain(t, page, `data-testid="tables-unset"`, "0 besetzt · 3 warten")
	if r := f.helper.post(f.path+"/tables/call", url.Values{"all": {"1"}}); r.location() != f.path+"/tables?called_many=2" {
		t.Fatalf("call all without tables: %q", r.location())
	}
	if got := seatsOf(t, f.helper.get(f.path+"/tables").body); got["1"] != "1" || got["3"] != "3" || len(got) != 2 {
		t.Fatalf("without tables each match at its number: %v", got)
	}
}

// The player's page: the call, the match waiting for the other one (P-5),
// his own score first, and a card that is out with its place and matches.
func TestPlayerPageCall(t *testing.T) {
	f := hallFixture(t, 2)
	anon := f.app.client()
	page := anon.get(f.path + "/card/1").body
	mustContain(t, page, "Warte auf den Aufruf", `data-live-src="/t/`)
	mustNotContain(t, page, `data-testid="called"`, "Tisch 1", "Tisch 2")

	f.helper.post(f.path+"/tables/call", nil) // match 1: cards 1 and 3 at table 1
	for _, card := range []string{"1", "3"} {
		page = anon.get(f.path + "/card/" + card).body
		mustContain(t, testidText(t, page, "called"), "") // present
		mustContain(t, page, `<div class="call-table">Du bist dran: Tisch 1</div>`, "<title>▶ Tisch 1 – Spieler ")
	}
	// Spieler 1's second card waits for his first match.
	page = anon.get(f.path + "/card/2").body
	mustContain(t, testidText(t, page, "state-2"), "Erst nach deiner Partie an Tisch 1")
	en := f.app.client().get(f.path + "/card/1?lang=en").body
	mustContain(t, en, "Your turn: table 1", "<title>▶ Table 1 – ", "After your match at table 1")
	// The live script's fragment carries the call and the title for it.
	frag := anon.request(http.MethodGet, f.path+"/card/3", nil, map[string]string{"HX-Request": "true"})
	mustContain(t, frag.body, `data-call="1/1/1"`, `data-call-title="▶ Tisch 1"`, "Du bist dran: Tisch 1")
	mustNotContain(t, frag.body, "<html")

	// Card 3 loses 1:2: its page reads 1:2, the winner's 2:1.
	m := f.matchOf(1, 1)
	if r := f.helper.post(matchURL(matchRef{f.id, 1, 1})+"/result", url.Values{
		"winner": {"1"}, "bummerl": {"2:1"}, "version": {strconv.Itoa(m.Version)}}); r.status != http.StatusSeeOther {
		t.Fatalf("result: %d\n%s", r.status, r.body)
	}
	page = anon.get(f.path + "/card/3").body
	mustContain(t, testidText(t, page, "state-3"), "verloren, 1:2")
	mustNotContain(t, page, `data-testid="called"`)
	mustContain(t, testidText(t, anon.get(f.path+"/card/1").body, "state-1"), "gewonnen, 2:1")

	// Play round 1 out and draw round 2: card 3 is out, with its place (three
	// losers of the quarterfinal with a bye share 5–7) and the match it played.
	f.finishRound(1)
	f.drawDigital()
	page = anon.get(f.path + "/card/3").body
	mustContain(t, page, "Keine Karte mehr im Spiel", `<span data-testid="place-3">Platz 5.–7.</span>`, "Viertelfinale gegen Spieler 1 (Karte 1): verloren 1:2")
	page = f.app.client().get(f.path + "/card/1?lang=en").body
	mustContain(t, page, "Quarterfinal against Spieler 2 (Card 3): won 2:1", `data-testid="next-1"`)
}

// The API of the tables: the same rules as the board, JSON in and out.
func TestTablesAPI(t *testing.T) {
	f := hallFixture(t, 0)
	hans := basic("Hans", "Hans-password")
	base := "/api/tournaments/" + strconv.FormatInt(f.id, 10) + "/tables"

	// The number of tables: organisers; checked.
	r := f.api.api(http.MethodPut, base, hans, map[string]int{"tables": 2})
	if r.status != http.StatusForbidden {
		t.Fatalf("helper sets tables: %d", r.status)
	}
	r = f.api.api(http.MethodPut, base, f.anna, map[string]int{"tables": -3})
	if e := decode[apiError](t, r); r.status != http.StatusUnprocessableEntity || e.Code != "tables_invalid" || e.Field != "tables" {
		t.Fatalf("-3 tables: %d %+v", r.status, e)
	}
	r = f.api.api(http.MethodPut, base, f.anna, map[string]any{})
	if r.status != http.StatusBadRequest {
		t.Fatalf("no tables: %d %s", r.status, r.body)
	}
	r = f.api.api(http.MethodPut, base, f.anna, map[string]int{"tables": 2})
	b := decode[boardJSON](t, r)
	if r.status != http.StatusOK || b.Round != 1 || b.Tables != 2 || len(b.Free) != 2 || len(b.Waiting) != 3 {
		t.Fatalf("set 2 tables: %d %+v", r.status, b)
	}

	// Call the next match, then one by number; the answer names them.
	type called struct {
		Called []matchJSON `json:"called"`
	}
	r = f.api.api(http.MethodPost, base+"/call", hans, map[string]any{})
	if c := decode[called](t, r); r.status != http.StatusOK || len(c.Called) != 1 || c.Called[0].Match != 1 || c.Called[0].Table != 1 {
		t.Fatalf("call next: %d %s", r.status, r.body)
	}
	m2 := f.matchOf(1, 2)
	r = f.api.api(http.MethodPost, base+"/call", hans, map[string]int{"match": 2, "version": m2.Version})
	if e := decode[apiError](t, r); r.status != http.StatusConflict || e.Code != "player_busy" {
		t.Fatalf("call a busy player's match: %d %+v", r.status, e)
	}
	r = f.api.api(http.MethodPost, base+"/call", hans, map[string]bool{"all": true})
	if c := decode[called](t, r); r.status != http.StatusOK || len(c.Called) != 1 || c.Called[0].Match != 3 || c.Called[0].Table != 2 {
		t.Fatalf("call all: %d %s", r.status, r.body)
	}

	// The board: public, with the time of each call.
	b = decode[boardJSON](t, f.app.client().get(base))
	if len(b.Busy) != 2 || b.Busy[0].Table != 1 || b.Busy[0].Called == nil || b.Busy[0].Match.Match != 1 ||
		len(b.Waiting) != 1 || b.Waiting[0].BusyAt != 1 || len(b.Free) != 0 {
		t.Fatalf("board: %+v", b)
	}
	// Moving onto a busy table is refused; sending back frees the table.
	m3 := f.matchOf(1, 3)
	path := apiRoundPath(f.id, 1) + "/matches/3"
	r = f.api.api(http.MethodPost, path+"/start", hans, map[string]int{"version": m3.Version, "table": 1})
	if e := decode[apiError](t, r); r.status != http.StatusConflict || e.Code != "table_busy" || e.Field != "table" {
		t.Fatalf("move onto a busy table: %d %+v", r.status, e)
	}
	r = f.api.api(http.MethodPost, path+"/release", hans, map[string]int{"version": m3.Version})
	if got := decode[matchJSON](t, r); r.status != http.StatusOK || got.Started || got.Table != 0 {
		t.Fatalf("release: %d %s", r.status, r.body)
	}
	if b := decode[boardJSON](t, f.app.client().get(base)); len(b.Free) != 1 || b.Free[0] != 2 {
		t.Fatalf("after the release: %+v", b)
	}
}

// With a number of tables a match has no table until it is called: the
// round page, the score sheets and the start form say none, not 0.
func TestTablesOnOtherPages(t *testing.T) {
	f := hallFixture(t, 2)
	f.helper.post(f.path+"/tables/call", nil)
	sheets := f.helper.get(f.path + "/print/rounds/1/sheets").body
	mustContain(t, sheets, "Viertelfinale · Partie 1 · Tisch 1</h1>", "Viertelfinale · Partie 2</h1>")
	mustNotContain(t, sheets, "Tisch 0")
	round := f.helper.get(f.path + "/rounds/1").body
	mustContain(t, testidText(t, round, "status-1"), "wird gespielt an Tisch 1")
	mustContain(t, round, `name="table" min="1" value=""`)
	mustNotContain(t, round, `value="0"`)
	mustContain(t, f.app.client().get(f.path+"/rounds/1").body, "wird gespielt an Tisch 1")
}
