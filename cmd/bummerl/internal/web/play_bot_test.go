package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/views"
)

var botLinkRE = regexp.MustCompile(`href="[^"]*(/practice/[A-Za-z0-9_-]{24})" data-testid="bot-link"`)

// seatBot seats the computer against side of match no of round 1 on the
// staff's page and returns the player's phone at the game.
func seatBot(t *testing.T, f webtest.Fixture, no, side int) practicePhone {
	t.Helper()
	admin := views.PlayAdminPath(f.ID, 1, no)
	r := f.Helper.Post(admin+"/bot", url.Values{"side": {strconv.Itoa(side)}})
	if r.Status != http.StatusSeeOther || r.Location() != admin+"?bot=1" {
		t.Fatalf("seat the computer at match %d: %d to %q\n%.600s", no, r.Status, r.Location(), r.Body)
	}
	page := f.Helper.Get(r.Location()).Body
	webtest.MustContain(t, page, `data-testid="notice"`, "Die Übungspartie gegen den Computer ist gestartet",
		`data-testid="bot-game" data-state="playing"`, `<svg class="qr"`, "zählt nicht für das Turnier")
	sm := botLinkRE.FindStringSubmatch(page)
	if sm == nil {
		t.Fatalf("no player's link on the staff's page:\n%s", page)
	}
	return practicePhone{c: f.App.Client(), path: sm[1]}
}

// TestBotSeat (issue 25 point 3): when a player's opponent does not
// come, the staff seat the computer against him on the match's
// digital-table page; he plays on his phone with the tournament's rules
// and the bot answers; the screen says it does not count, and it never
// touches the tournament: no result, no table, no revision, no audit
// line. One game per match at a time (not bounded by the staff's
// address); refused for a side without a player, while a digital table
// plays the match, at a match with its result, in an old round, and to
// anyone not logged in.
func TestBotSeat(t *testing.T) {
	app := newTestAppConfig(t, quickBot)
	f := webtest.NewFixture(t, app, map[string]string{"variant": "soft", "bummerl_to_win": "2"}, 1, 1, 1, 1, 1, 1, 1) // 7 of 8 cards: one bye
	f.DrawDigital()
	var bye tournament.Match
	var open []tournament.Match
	for _, m := range f.Load().Rounds[0].Matches {
		if m.Bye() {
			bye = m
		} else {
			open = append(open, m)
		}
	}
	m := open[0]
	admin := views.PlayAdminPath(f.ID, 1, m.No)
	rev, _, err := app.Store.Revision(t.Context(), f.ID)
	if err != nil {
		t.Fatal(err)
	}
	audit, err := app.Store.Audit(t.Context(), f.ID)
	if err != nil {
		t.Fatal(err)
	}

	// Nobody but the staff: an anonymous visitor, a player's phone.
	if r := app.Client().Post(admin+"/bot", url.Values{"side": {"1"}}); r.Status != http.StatusUnauthorized {
		t.Errorf("anonymous: %d, want 401", r.Status)
	}
	if n := serverOf(app).practice.Len(); n != 0 {
		t.Fatalf("%d games after the refusal", n)
	}

	// The page offers both players; card B's is there, card A's is not.
	page := f.Helper.Get(admin).Body
	webtest.MustContain(t, page, `data-testid="bot-form"`, `<option value="0">`, `<option value="1">`, "Partie gegen den Computer starten")
	phone := seatBot(t, f, m.No, 1)
	screen := phone.c.Get(phone.path).Body
	webtest.MustContain(t, screen, `data-testid="bot-seat-banner">Übungspartie gegen den Computer — zählt nicht für das Turnier.<`,
		"Dein Ergebnis in Runde 1 trägt die Turnierleitung ein.", `data-testid="name-opp">Computer<`)
	webtest.MustContain(t, phone.c.Get(phone.path+"?lang=en").Body, "Practice game against the computer — it does not count for the tournament.",
		"The staff enter your result of round 1.")

	// A few moves; the bot answers on its own.
	mine := 0
	for ; mine < 6; mine++ {
		s := phone.awaitTurn(t)
		if s.Finished {
			break
		}
		if s.BummerlToWin != 2 || s.Seat != 0 {
			t.Fatalf("the tournament's rules: %d Bummerl to win, seat %d", s.BummerlToWin, s.Seat)
		}
		mv := s.Legal[0]
		mv.ID = "m" + strconv.Itoa(s.Seq)
		if r := webtest.PostMove(phone.c, phone.path, s.Seq, mv); r.Status != http.StatusOK {
			t.Fatalf("move %d: %d\n%.400s", mine, r.Status, r.Body)
		}
	}
	if s := phone.awaitTurn(t); s.Seq <= mine {
		t.Fatalf("the bot did not move: %d moves, %d of them the player's", s.Seq, mine)
	}
	webtest.MustContain(t, f.Helper.Get(admin).Body, `data-testid="bot-standing"`, " Züge · Bummerl ",
		"<strong>"+strconv.Itoa(int(m.B))+" Spieler "+strconv.Itoa(int(m.B))+"</strong> gegen den Computer")

	// One game per match at a time: not another while it runs.
	for _, side := range []string{"0", "1"} {
		r := f.Helper.Post(admin+"/bot", url.Values{"side": {side}})
		if r.Status != http.StatusConflict {
			t.Fatalf("a second game for the match (side %s): %d", side, r.Status)
		}
		webtest.MustContain(t, r.Body, "Für diese Partie läuft schon eine Übungspartie gegen den Computer", `data-testid="bot-game"`)
	}
	// Not bounded by the staff's address (2 practice games): the bye's
	// player and another match's.
	if p := f.Helper.Get(views.PlayAdminPath(f.ID, 1, bye.No)).Body; !strings.Contains(p, `<option value="0">`) || strings.Contains(p, `<option value="1">`) {
		t.Errorf("a bye's page offers the computer to its player only:\n%s", p)
	}
	seatBot(t, f, bye.No, 0)
	seatBot(t, f, open[2].No, 0)

	// Refused: a side without a player, a side that is no side, while a
	// digital table plays the match.
	for _, tc := range []struct {
		no   int
		side string
	}{{bye.No, "1"}, {m.No, "2"}, {m.No, ""}} {
		if r := f.Helper.Post(views.PlayAdminPath(f.ID, 1, tc.no)+"/bot", url.Values{"side": {tc.side}}); r.Status != http.StatusBadRequest {
			t.Errorf("match %d side %q: %d, want 400", tc.no, tc.side, r.Status)
		}
	}
	f.StartTable(f.Helper, open[1], "draw")
	busy := views.PlayAdminPath(f.ID, 1, open[1].No)
	if strings.Contains(f.Helper.Get(busy).Body, `data-testid="bot-form"`) {
		t.Error("the computer offered while a digital table plays the match")
	}
	r := f.Helper.Post(busy+"/bot", url.Values{"side": {"0"}})
	if r.Status != http.StatusConflict {
		t.Fatalf("the computer at a digital table in play: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Für diese Partie läuft schon ein digitaler Tisch")

	// The tournament untouched: the games wrote nothing (the digital
	// table started above wrote its own line and revision).
	if got := f.MatchOf(1, m.No); got.Result != nil || got.Version != m.Version {
		t.Errorf("the match changed: %+v", got)
	}
	tables, err := app.Store.TablesOfTournament(t.Context(), f.ID)
	if err != nil || len(tables) != 1 {
		t.Fatalf("digital tables: %d, %v", len(tables), err)
	}
	after, err := app.Store.Audit(t.Context(), f.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(audit)+1 {
		t.Errorf("audit lines: %d before, %d after one digital table", len(audit), len(after))
	}
	if now, _, _ := app.Store.Revision(t.Context(), f.ID); now != rev+1 {
		t.Errorf("revision %d → %d: only the digital table's start may change it", rev, now)
	}

	// The player resigns: the game is over, does not count, and a new one
	// may replace it.
	s := phone.state(t)
	if r := webtest.PostMove(phone.c, phone.path, s.Seq, table.Move{ID: "give-up", Resign: table.ResignMatch}); r.Status != http.StatusOK {
		t.Fatalf("resign: %d", r.Status)
	}
	webtest.MustContain(t, f.Helper.Get(admin).Body, `data-testid="bot-game" data-state="finished"`, "Sieger: Computer (zählt nicht)", `data-testid="bot-form"`)
	again := seatBot(t, f, m.No, 0)
	if again.path == phone.path || phone.c.Get(phone.path).Status != http.StatusNotFound {
		t.Error("the finished game is not replaced")
	}
	if got := f.MatchOf(1, m.No); got.Result != nil {
		t.Errorf("the resigned game recorded a result: %+v", got.Result)
	}

	// Not at a match that has its result (the review found it offered even
	// at a finished tournament's final).
	f.Quick(f.Helper, 1, m, m.A, "2:0")
	if strings.Contains(f.Helper.Get(admin).Body, `data-testid="bot-form"`) {
		t.Error("the computer offered at a decided match")
	}
	if r := f.Helper.Post(admin+"/bot", url.Values{"side": {"0"}}); r.Status != http.StatusConflict || !strings.Contains(r.Body, "Diese Partie hat schon ein Ergebnis") {
		t.Fatalf("the computer at a decided match: %d", r.Status)
	}

	// Once the next round is drawn, not in the old one.
	f.FinishRound(1)
	f.DrawDigital()
	if strings.Contains(f.Helper.Get(admin).Body, `data-testid="bot-form"`) {
		t.Error("the computer offered in an old round")
	}
	r = f.Helper.Post(admin+"/bot", url.Values{"side": {"0"}})
	if r.Status != http.StatusConflict {
		t.Fatalf("the computer in an old round: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Die nächste Runde ist schon ausgelost")
}

// TestBotSeatWhenGuestsFull: guests who fill every practice place (from
// many addresses) do not keep the staff from seating the computer at a
// match, and the staff's game takes no guest's place (review of issue 25:
// before, the staff got 503).
func TestBotSeatWhenGuestsFull(t *testing.T) {
	app := newTestAppConfig(t, quickBot)
	serverOf(app).practice.max = 2
	f := webtest.NewFixture(t, app, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	startPractice(t, app.ClientFrom("127.0.0.2"), nil)
	startPractice(t, app.ClientFrom("127.0.0.3"), nil)
	if r := app.ClientFrom("127.0.0.4").Post("/practice", nil); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("a guest beyond the bound: %d", r.Status)
	}
	ms := f.Load().Rounds[0].Matches
	seatBot(t, f, ms[0].No, 0)
	seatBot(t, f, ms[1].No, 1)
	if r := app.ClientFrom("127.0.0.5").Post("/practice", nil); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("a guest after the staff's games: %d", r.Status)
	}
	if n := serverOf(app).practice.Len(); n != 4 {
		t.Errorf("%d games kept, want 2 guests' and 2 at matches", n)
	}
}
