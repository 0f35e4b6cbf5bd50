package web

import (
	"encoding/json"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/testutil"
	"bummerl/domain/bot"
	"bummerl/domain/referee"
	"bummerl/domain/table"
	"bummerl/views"
)

// quickBot is a weak, quick bot for tests; the users' default is
// bot.Options{} (issue 25).
func quickBot(cfg *Config) { cfg.Bot = bot.Options{Worlds: 12, Nodes: 20_000} }

// practicePhone is a player's phone at a practice game.
type practicePhone struct {
	c    *testClient
	path string // /practice/TOKEN
}

var practiceLocation = regexp.MustCompile(`^/practice/([A-Za-z0-9_-]{24})$`)

// startPractice posts the start form (form: t, card, german) and
// returns the phone at the new game.
func startPractice(t *testing.T, c *testClient, form url.Values) practicePhone {
	t.Helper()
	r := c.post("/practice", form)
	if r.status != http.StatusSeeOther || !practiceLocation.MatchString(r.location()) {
		t.Fatalf("start a practice game: %d to %q\n%.400s", r.status, r.location(), r.body)
	}
	return practicePhone{c: c, path: r.location()}
}

func (p practicePhone) state(t *testing.T) seatState {
	t.Helper()
	r := p.c.get(p.path + "/state.json")
	if r.status != http.StatusOK {
		t.Fatalf("state: %d %s", r.status, r.body)
	}
	var s seatState
	if err := json.Unmarshal([]byte(r.body), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// awaitTurn waits until the bot has moved: the player's turn or the end.
func (p practicePhone) awaitTurn(t *testing.T) seatState {
	t.Helper()
	var s seatState
	testutil.Eventually(t, "the bot moves", func() bool {
		s = p.state(t)
		return s.Finished || s.ToMove == 0
	})
	return s
}

// TestPracticeBummerl (issue 25 point 3): a player opens "Üben gegen den
// Computer" from his card's page and plays a whole Bummerl against the
// bot on the table screen; the bot answers every move; each decided
// deal can be replayed at once with the bot's estimate of every legal
// action (point 4); the game's record is a match record the referee
// accepts (FORMATS.md); and nothing of it reaches the tournament.
func TestPracticeBummerl(t *testing.T) {
	app := newTestAppConfig(t, quickBot)
	f := newFixtureOn(t, app, map[string]string{"variant": "soft"}, 1, 1)
	before, _, err := app.store.Revision(t.Context(), f.id)
	if err != nil {
		t.Fatal(err)
	}
	phone := app.client()
	mustContain(t, phone.get("/").body, `href="/practice" data-testid="practice-link"`)
	card := phone.get(f.path + "/card/1").body
	mustContain(t, card, `href="`+strings.ReplaceAll(views.PracticePath(f.id, 1), "&", "&amp;")+`" data-testid="practice-link"`)
	form := phone.get(views.PracticePath(f.id, 1))
	mustContain(t, form.body, "Eine Übungspartie zählt nie für das Turnier.", `name="card" value="1"`, "Schnapsen (weich)")

	p := startPractice(t, phone, url.Values{"t": {strconv.FormatInt(f.id, 10)}, "card": {"1"}})
	page := phone.get(p.path)
	mustContain(t, page.body, `data-testid="practice-banner"`, "Eine Übungspartie zählt nie für das Turnier.", "<title>", "Üben gegen den Computer", "Computer")
	if cc := page.header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("a practice game's page: Cache-Control %q", cc)
	}
	r := mrand.New(mrand.NewPCG(25, 3))
	reviewed := false
	for moves := 0; ; moves++ {
		if moves > 400 {
			t.Fatal("the Bummerl does not end")
		}
		s := p.awaitTurn(t)
		if s.Finished {
			break
		}
		if s.BummerlToWin != 1 || s.Seat != 0 {
			t.Fatalf("a practice game: %d Bummerl to win, seat %d", s.BummerlToWin, s.Seat)
		}
		if s.Deal == 2 && !reviewed {
			// Deal 1 is decided: its replay and the bot's "why" at once,
			// while the game goes on.
			reviewed = true
			checkWhy(t, phone, p.path+"/replay", 1)
		}
		mv := s.Legal[r.IntN(len(s.Legal))]
		mv.ID = "m" + strconv.Itoa(s.Seq)
		resp := postMove(phone, p.path, s.Seq, mv)
		if resp.status != http.StatusOK {
			t.Fatalf("move %d: %d\n%.400s", moves, resp.status, resp.body)
		}
	}
	end := phone.get(p.path).body
	mustContain(t, end, `data-testid="final"`, `data-testid="practice-again"`, `data-testid="replay-link"`)
	rec := phone.get(p.path + "/record.json")
	if rec.status != http.StatusOK || !strings.Contains(rec.header.Get("Content-Disposition"), "uebung-") {
		t.Fatalf("record: %d %q", rec.status, rec.header.Get("Content-Disposition"))
	}
	if _, err := referee.Judge([]byte(rec.body)); err != nil {
		t.Fatalf("the referee refuses the practice game's record: %v\n%.400s", err, rec.body)
	}
	if !reviewed {
		checkWhy(t, phone, p.path+"/replay", 1)
	}
	// Nothing reached the tournament: no table, no new revision.
	after, _, err := app.store.Revision(t.Context(), f.id)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := app.store.TablesOfTournament(t.Context(), f.id)
	if err != nil {
		t.Fatal(err)
	}
	if after != before || len(tables) != 0 {
		t.Errorf("the practice game touched the tournament: revision %d → %d, %d digital tables", before, after, len(tables))
	}
	// English too.
	en := phone.get(p.path + "?lang=en").body
	mustContain(t, en, "A practice game never counts for the tournament.")
}

// checkWhy opens deal's replay and the bot's explanation of its first
// step: every action estimated, the best first, the action played marked.
func checkWhy(t *testing.T, c *testClient, replay string, deal int) {
	t.Helper()
	d := strconv.Itoa(deal)
	page := c.get(replay + "?deal=" + d + "&step=0")
	if page.status != http.StatusOK {
		t.Fatalf("replay of deal %d: %d\n%.400s", deal, page.status, page.body)
	}
	mustContain(t, page.body, `data-testid="why-link"`, `data-testid="why-step"`)
	why := c.get(replay + "/why?deal=" + d + "&step=0")
	if why.status != http.StatusOK {
		t.Fatalf("why: %d\n%.400s", why.status, why.body)
	}
	rows := strings.Count(why.body, `data-testid="why-row"`)
	if rows == 0 || strings.Count(why.body, "data-best") != 1 || strings.Count(why.body, "data-played") != 1 {
		t.Errorf("why: %d rows, %d best, %d played\n%s", rows, strings.Count(why.body, "data-best"), strings.Count(why.body, "data-played"), why.body)
	}
	mustContain(t, why.body, "Bummerl gewinnen", "Spiel gewinnen", "★ bester Zug", "← gespielt", "%")
}

// TestPracticeBounds (issue 25): two games per address, a finished one
// making room for a new one; a bounded number in all (503 when full);
// a game nobody opened for practiceIdle is gone.
func TestPracticeBounds(t *testing.T) {
	app := newTestAppConfig(t, quickBot)
	app.s.practice.max = 2
	a := app.clientFrom("127.0.0.1")
	first := startPractice(t, a, nil)
	startPractice(t, a, nil)
	r := a.post("/practice", nil)
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" {
		t.Fatalf("a third game from one address: %d", r.status)
	}
	mustContain(t, r.body, "Von diesem Gerät laufen schon 2 Übungspartien.")
	// The first is resigned: it is finished, and a new one replaces it.
	s := first.state(t)
	if resp := postMove(a, first.path, s.Seq, table.Move{ID: "give-up", Resign: table.ResignMatch}); resp.status != http.StatusOK {
		t.Fatalf("resign: %d %s", resp.status, resp.body)
	}
	if s := first.state(t); !s.Finished || s.State != "finished" {
		t.Fatalf("after resigning: %+v", s)
	}
	startPractice(t, a, nil)
	if got := a.get(first.path).status; got != http.StatusNotFound {
		t.Errorf("the finished game replaced: %d", got)
	}
	// Two in all: another address is refused, 503.
	b := app.clientFrom("127.0.0.2")
	r = b.post("/practice", nil)
	if r.status != http.StatusServiceUnavailable {
		t.Fatalf("a game beyond the bound: %d", r.status)
	}
	mustContain(t, r.body, "Gerade laufen so viele Übungspartien")
	// Left alone for practiceIdle: forgotten, room again.
	app.clock.Add(practiceIdle)
	startPractice(t, b, nil)
	if n := app.s.practice.Len(); n != 1 {
		t.Errorf("%d games kept after the idle ones went", n)
	}
}

// TestWhyOnTableReplay (issue 25 point 4): the replay of a tournament's
// digital table explains its steps too, for the staff at once and for a
// seat once the match is over (before, it would show what the table
// hides).
func TestWhyOnTableReplay(t *testing.T) {
	app := newTestAppConfig(t, quickBot)
	f := newFixtureOn(t, app, map[string]string{"variant": "soft", "bummerl_to_win": "1"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	seats := f.startTable(f.helper, m, "1")
	s, _ := seats[0].state(t)
	mv := s.Legal[0]
	mv.ID = "first"
	if r := seats[0].move(s.Seq, mv); r.status != http.StatusOK {
		t.Fatalf("move: %d", r.status)
	}
	if r := seats[0].move(s.Seq+1, table.Move{ID: "resign", Seat: 0, Resign: table.ResignDeal}); r.status != http.StatusOK {
		t.Fatalf("resign the deal: %d", r.status)
	}
	if r := seats[1].c.get(seats[1].path("/replay/why?deal=1&step=0")); r.status != http.StatusForbidden {
		t.Errorf("a seat's why during the match: %d", r.status)
	}
	tables, err := app.store.TablesOfMatch(t.Context(), f.id, 1, m.No)
	if err != nil || len(tables) != 1 {
		t.Fatal(tables, err)
	}
	why := f.helper.get(views.PlayTablePath(f.id, tables[0].ID, "/replay/why?deal=1&step=0"))
	if why.status != http.StatusOK || strings.Count(why.body, "data-played") != 1 {
		t.Fatalf("staff's why: %d\n%.600s", why.status, why.body)
	}
	if r := seats[1].move(s.Seq+2, table.Move{ID: "resign-all", Seat: 1, Resign: table.ResignMatch}); r.status != http.StatusOK {
		t.Fatalf("resign the match: %d", r.status)
	}
	checkWhy(t, seats[1].c, seats[1].path("/replay"), 1)
}
