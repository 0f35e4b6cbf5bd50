package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

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
	f := webtest.HallFixture(t, newTestApp(t), nil, 2)
	board := f.Path + "/tables"

	// Visitors are sent to the login; helpers see the board.
	if r := f.App.Client().Get(board); r.Status != http.StatusSeeOther || !strings.HasPrefix(r.Location(), "/login") {
		t.Fatalf("visitor: %d %q", r.Status, r.Location())
	}
	page := f.Helper.Get(board).Body
	if got := seatsOf(t, page); got["1"] != "free" || got["2"] != "free" || len(got) != 2 {
		t.Fatalf("tables before any call: %v", got)
	}
	webtest.MustContain(t, page, `data-testid="waiting-1"`, `data-testid="waiting-2"`, `data-testid="waiting-3"`, "2 frei · 0 besetzt · 3 warten")
	webtest.MustNotContain(t, page, `data-testid="waiting-4"`)         // the bye takes no table
	webtest.MustNotContain(t, page, `data-testid="tables-count-form"`) // organisers only

	// "Nächste Partie aufrufen": match 1 to table 1.
	r := f.Helper.Post(board+"/call", nil)
	if r.Status != http.StatusSeeOther || r.Location() != board+"?called=1" {
		t.Fatalf("call next: %d %q\n%s", r.Status, r.Location(), r.Body)
	}
	page = f.Helper.Get(r.Location()).Body
	webtest.MustContain(t, page, "Aufgerufen: Tisch 1 – Partie 1, Spieler 1 gegen Spieler 2")
	// Spieler 1's other match waits while he sits at table 1 (P-5).
	webtest.MustContain(t, webtest.TestidText(t, page, "busy-2"), "spielt gerade an Tisch 1")

	// The next call skips match 2: match 3 to table 2; then no table is free.
	if r := f.Helper.Post(board+"/call", nil); r.Location() != board+"?called=3" {
		t.Fatalf("second call: %d %q", r.Status, r.Location())
	}
	r = f.Helper.Post(board+"/call", nil)
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "Alle Tische sind besetzt") {
		t.Fatalf("call with every table busy: %d\n%s", r.Status, r.Body)
	}
	if got := seatsOf(t, f.Helper.Get(board).Body); got["1"] != "1" || got["2"] != "3" {
		t.Fatalf("tables %v, want match 1 at 1, match 3 at 2", got)
	}

	// By hand: a busy table and a busy player are refused with the reason.
	r = f.Helper.Post(board+"/assign", url.Values{"match": {"2"}, "table": {"2"}})
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "An Tisch 2 wird gerade Partie 3 gespielt") ||
		!strings.Contains(r.Body, `name="match" id="f-match" value="2"`) {
		t.Fatalf("assign to a busy table: %d\n%s", r.Status, r.Body)
	}
	r = f.Helper.Post(board+"/assign", url.Values{"match": {"2"}, "table": {"5"}})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(r.Body, "Es gibt keinen Tisch 5") {
		t.Fatalf("assign to a table outside the hall: %d\n%s", r.Status, r.Body)
	}
	r = f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"3"}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("three tables: %d", r.Status)
	}
	r = f.Helper.Post(board+"/assign", url.Values{"match": {"2"}, "table": {"3"}})
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "Spieler 1 spielt gerade Partie 1 an Tisch 1") {
		t.Fatalf("assign a busy player: %d\n%s", r.Status, r.Body)
	}
	// Moving a running match to a free table.
	r = f.Helper.Post(board+"/assign", url.Values{"match": {"3"}, "table": {"3"}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("move: %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, f.Helper.Get(r.Location()).Body, "Partie 3 sitzt an Tisch 3.")

	// A result frees the table; Spieler 1's next match can be called there.
	if r := f.Quick(f.Helper, 1, f.MatchOf(1, 1), 1, "2:0"); r.Status != http.StatusSeeOther {
		t.Fatalf("result: %d", r.Status)
	}
	if got := seatsOf(t, f.Helper.Get(board).Body); got["1"] != "free" || got["3"] != "3" {
		t.Fatalf("tables after the result %v, want table 1 free", got)
	}
	m2 := f.MatchOf(1, 2)
	r = f.Helper.Post(board+"/call", url.Values{"match": {"2"}, "version": {strconv.Itoa(m2.Version)}})
	if r.Location() != board+"?called=2" {
		t.Fatalf("call match 2: %d %q\n%s", r.Status, r.Location(), r.Body)
	}
	// Sent back to the waiting matches.
	m2 = f.MatchOf(1, 2)
	if !m2.Started || m2.Table != 1 || m2.Called.IsZero() {
		t.Fatalf("match 2 = %+v", m2)
	}
	r = f.Helper.Post(matchURL(matchRef{f.ID, 1, 2})+"/release", url.Values{"version": {strconv.Itoa(m2.Version)}})
	if r.Status != http.StatusSeeOther || f.MatchOf(1, 2).Started {
		t.Fatalf("release: %d %+v", r.Status, f.MatchOf(1, 2))
	}
	webtest.MustContain(t, f.Helper.Get(r.Location()).Body, "Partie 2 wartet wieder auf den Aufruf.")

	// "Alle freien Tische besetzen": one transaction, one audit line.
	r = f.Helper.Post(board+"/call", url.Values{"all": {"1"}})
	if r.Status != http.StatusSeeOther || r.Location() != board+"?called=2" {
		t.Fatalf("call all: %d %q", r.Status, r.Location())
	}
	entries, err := f.App.Store.Audit(t.Context(), f.ID)
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
	webtest.MustContain(t, f.Org.Get(f.Path+"/history").Body, "Partie aufgerufen", "Tischanzahl geändert", "Partie zurückgestellt")
}

func TestTablesBoardEnglishAndFragment(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 2)
	page := f.Org.Get(f.Path + "/tables?lang=en").Body
	webtest.MustContain(t, page, "Call the next match", "Fill every free table", "Tables in the hall", "2 free · 0 busy · 3 waiting",
		`data-live-src="/t/`, "Projector view")
	frag := f.Org.Request(http.MethodGet, f.Path+"/tables", nil, map[string]string{"HX-Request": "true"})
	if frag.Status != http.StatusOK || strings.Contains(frag.Body, "<html") || !strings.Contains(frag.Body, `data-testid="tables"`) {
		t.Fatalf("fragment: %d\n%s", frag.Status, frag.Body)
	}
	// The number of tables: checked, organisers only.
	r := f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"-1"}})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(r.Body, "Tables must be") && !strings.Contains(r.Body, "number of tables must be") {
		t.Fatalf("-1 tables: %d\n%s", r.Status, r.Body)
	}
	if r := f.Helper.Post(f.Path+"/tables/count", url.Values{"tables": {"4"}}); r.Status != http.StatusForbidden {
		t.Fatalf("helper sets tables: %d", r.Status)
	}
	// Unset: every match at the table of its number, as printed.
	if r := f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"0"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("unset: %d", r.Status)
	}
	page = f.Helper.Get(f.Path + "/tables").Body
	webtest.MustContain(t, page, `data-testid="tables-unset"`, "0 besetzt · 3 warten")
	if r := f.Helper.Post(f.Path+"/tables/call", url.Values{"all": {"1"}}); r.Location() != f.Path+"/tables?called_many=2" {
		t.Fatalf("call all without tables: %q", r.Location())
	}
	if got := seatsOf(t, f.Helper.Get(f.Path+"/tables").Body); got["1"] != "1" || got["3"] != "3" || len(got) != 2 {
		t.Fatalf("without tables each match at its number: %v", got)
	}
}

// The player's page: the call, the match waiting for the other one (P-5),
// his own score first, and a card that is out with its place and matches.
func TestPlayerPageCall(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 2)
	anon := f.App.Client()
	page := anon.Get(f.Path + "/card/1").Body
	webtest.MustContain(t, page, "Warte auf den Aufruf", `data-live-src="/t/`)
	webtest.MustNotContain(t, page, `data-testid="called"`, "Tisch 1", "Tisch 2")

	f.Helper.Post(f.Path+"/tables/call", nil) // match 1: cards 1 and 3 at table 1
	for _, card := range []string{"1", "3"} {
		page = anon.Get(f.Path + "/card/" + card).Body
		webtest.MustContain(t, webtest.TestidText(t, page, "called"), "") // present
		webtest.MustContain(t, page, `<div class="call-table">Du bist dran: Tisch 1</div>`, "<title>▶ Tisch 1 – Spieler ")
	}
	// Spieler 1's second card waits for his first match.
	page = anon.Get(f.Path + "/card/2").Body
	webtest.MustContain(t, webtest.TestidText(t, page, "state-2"), "Erst nach deiner Partie an Tisch 1")
	en := f.App.Client().Get(f.Path + "/card/1?lang=en").Body
	webtest.MustContain(t, en, "Your turn: table 1", "<title>▶ Table 1 – ", "After your match at table 1")
	// The live script's fragment carries the call and the title for it.
	frag := anon.Request(http.MethodGet, f.Path+"/card/3", nil, map[string]string{"HX-Request": "true"})
	webtest.MustContain(t, frag.Body, `data-call="1/1/1"`, `data-call-title="▶ Tisch 1"`, "Du bist dran: Tisch 1")
	webtest.MustNotContain(t, frag.Body, "<html")

	// Card 3 loses 1:2: its page reads 1:2, the winner's 2:1.
	m := f.MatchOf(1, 1)
	if r := f.Helper.Post(matchURL(matchRef{f.ID, 1, 1})+"/result", url.Values{
		"winner": {"1"}, "bummerl": {"2:1"}, "version": {strconv.Itoa(m.Version)}}); r.Status != http.StatusSeeOther {
		t.Fatalf("result: %d\n%s", r.Status, r.Body)
	}
	page = anon.Get(f.Path + "/card/3").Body
	webtest.MustContain(t, webtest.TestidText(t, page, "state-3"), "verloren, 1:2")
	webtest.MustNotContain(t, page, `data-testid="called"`)
	webtest.MustContain(t, webtest.TestidText(t, anon.Get(f.Path+"/card/1").Body, "state-1"), "gewonnen, 2:1")

	// Play round 1 out and draw round 2: card 3 is out, with its place (three
	// losers of the quarterfinal with a bye share 5–7) and the match it played.
	f.FinishRound(1)
	f.DrawDigital()
	page = anon.Get(f.Path + "/card/3").Body
	webtest.MustContain(t, page, "Keine Karte mehr im Spiel", `<span data-testid="place-3">Platz 5.–7.</span>`, "Viertelfinale gegen Spieler 1 (Karte 1): verloren 1:2")
	page = f.App.Client().Get(f.Path + "/card/1?lang=en").Body
	webtest.MustContain(t, page, "Quarterfinal against Spieler 2 (Card 3): won 2:1", `data-testid="next-1"`)
}

// The API of the tables: the same rules as the board, JSON in and out.
func TestTablesAPI(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 0)
	hans := webtest.Basic("Hans", "Hans-password")
	base := "/api/tournaments/" + strconv.FormatInt(f.ID, 10) + "/tables"

	// The number of tables: organisers; checked.
	r := f.API.API(http.MethodPut, base, hans, map[string]int{"tables": 2})
	if r.Status != http.StatusForbidden {
		t.Fatalf("helper sets tables: %d", r.Status)
	}
	r = f.API.API(http.MethodPut, base, f.Anna, map[string]int{"tables": -3})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusUnprocessableEntity || e.Code != "tables_invalid" || e.Field != "tables" {
		t.Fatalf("-3 tables: %d %+v", r.Status, e)
	}
	r = f.API.API(http.MethodPut, base, f.Anna, map[string]any{})
	if r.Status != http.StatusBadRequest {
		t.Fatalf("no tables: %d %s", r.Status, r.Body)
	}
	r = f.API.API(http.MethodPut, base, f.Anna, map[string]int{"tables": 2})
	b := webtest.Decode[boardJSON](t, r)
	if r.Status != http.StatusOK || b.Round != 1 || b.Tables != 2 || len(b.Free) != 2 || len(b.Waiting) != 3 {
		t.Fatalf("set 2 tables: %d %+v", r.Status, b)
	}

	// Call the next match, then one by number; the answer names them.
	type called struct {
		Called []matchJSON `json:"called"`
	}
	r = f.API.API(http.MethodPost, base+"/call", hans, map[string]any{})
	if c := webtest.Decode[called](t, r); r.Status != http.StatusOK || len(c.Called) != 1 || c.Called[0].Match != 1 || c.Called[0].Table != 1 {
		t.Fatalf("call next: %d %s", r.Status, r.Body)
	}
	m2 := f.MatchOf(1, 2)
	r = f.API.API(http.MethodPost, base+"/call", hans, map[string]int{"match": 2, "version": m2.Version})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusConflict || e.Code != "player_busy" {
		t.Fatalf("call a busy player's match: %d %+v", r.Status, e)
	}
	r = f.API.API(http.MethodPost, base+"/call", hans, map[string]bool{"all": true})
	if c := webtest.Decode[called](t, r); r.Status != http.StatusOK || len(c.Called) != 1 || c.Called[0].Match != 3 || c.Called[0].Table != 2 {
		t.Fatalf("call all: %d %s", r.Status, r.Body)
	}

	// The board: public, with the time of each call.
	b = webtest.Decode[boardJSON](t, f.App.Client().Get(base))
	if len(b.Busy) != 2 || b.Busy[0].Table != 1 || b.Busy[0].Called == nil || b.Busy[0].Match.Match != 1 ||
		len(b.Waiting) != 1 || b.Waiting[0].BusyAt != 1 || len(b.Free) != 0 {
		t.Fatalf("board: %+v", b)
	}
	// Moving onto a busy table is refused; sending back frees the table.
	m3 := f.MatchOf(1, 3)
	path := apiRoundPath(f.ID, 1) + "/matches/3"
	r = f.API.API(http.MethodPost, path+"/start", hans, map[string]int{"version": m3.Version, "table": 1})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusConflict || e.Code != "table_busy" || e.Field != "table" {
		t.Fatalf("move onto a busy table: %d %+v", r.Status, e)
	}
	r = f.API.API(http.MethodPost, path+"/release", hans, map[string]int{"version": m3.Version})
	if got := webtest.Decode[matchJSON](t, r); r.Status != http.StatusOK || got.Started || got.Table != 0 {
		t.Fatalf("release: %d %s", r.Status, r.Body)
	}
	if b := webtest.Decode[boardJSON](t, f.App.Client().Get(base)); len(b.Free) != 1 || b.Free[0] != 2 {
		t.Fatalf("after the release: %+v", b)
	}
}

// With a number of tables a match has no table until it is called: the
// round page, the score sheets and the start form say none, not 0.
func TestTablesOnOtherPages(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 2)
	f.Helper.Post(f.Path+"/tables/call", nil)
	sheets := f.Helper.Get(f.Path + "/print/rounds/1/sheets").Body
	webtest.MustContain(t, sheets, "Viertelfinale · Partie 1 · Tisch 1</h1>", "Viertelfinale · Partie 2</h1>")
	webtest.MustNotContain(t, sheets, "Tisch 0")
	round := f.Helper.Get(f.Path + "/rounds/1").Body
	webtest.MustContain(t, webtest.TestidText(t, round, "status-1"), "wird gespielt an Tisch 1")
	webtest.MustContain(t, round, `name="table" min="1" value=""`)
	webtest.MustNotContain(t, round, `value="0"`)
	webtest.MustContain(t, f.App.Client().Get(f.Path+"/rounds/1").Body, "wird gespielt an Tisch 1")
}
