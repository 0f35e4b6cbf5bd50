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
	"bummerl/cmd/bummerl/internal/web/webtest"
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
	c    *webtest.Client
	path string // /practice/TOKEN
}

var practiceLocation = regexp.MustCompile(`^/practice/([A-Za-z0-9_-]{24})$`)

// startPractice posts the start form (form: t, card, german) and
// returns the phone at the new game.
func startPractice(t *testing.T, c *webtest.Client, form url.Values) practicePhone {
	t.Helper()
	r := c.Post("/practice", form)
	if r.Status != http.StatusSeeOther || !practiceLocation.MatchString(r.Location()) {
		t.Fatalf("start a practice game: %d to %q\n%.400s", r.Status, r.Location(), r.Body)
	}
	return practicePhone{c: c, path: r.Location()}
}

func (p practicePhone) state(t *testing.T) webtest.SeatState {
	t.Helper()
	r := p.c.Get(p.path + "/state.json")
	if r.Status != http.StatusOK {
		t.Fatalf("state: %d %s", r.Status, r.Body)
	}
	var s webtest.SeatState
	if err := json.Unmarshal([]byte(r.Body), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// awaitTurn waits until the bot has moved: the player's turn or the end.
func (p practicePhone) awaitTurn(t *testing.T) webtest.SeatState {
	t.Helper()
	var s webtest.SeatState
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
	f := webtest.NewFixture(t, app, map[string]string{"variant": "soft"}, 1, 1)
	before, _, err := app.Store.Revision(t.Context(), f.ID)
	if err != nil {
		t.Fatal(err)
	}
	phone := app.Client()
	webtest.MustContain(t, phone.Get("/").Body, `href="/practice" data-testid="practice-link"`)
	card := phone.Get(f.Path + "/card/1").Body
	webtest.MustContain(t, card, `href="`+strings.ReplaceAll(views.PracticePath(f.ID, 1), "&", "&amp;")+`" data-testid="practice-link"`)
	form := phone.Get(views.PracticePath(f.ID, 1))
	webtest.MustContain(t, form.Body, "Eine Übungspartie zählt nie für das Turnier.", `name="card" value="1"`, "Schnapsen (weich)")

	p := startPractice(t, phone, url.Values{"t": {strconv.FormatInt(f.ID, 10)}, "card": {"1"}})
	page := phone.Get(p.path)
	webtest.MustContain(t, page.Body, `data-testid="practice-banner"`, "Eine Übungspartie zählt nie für das Turnier.", "<title>", "Üben gegen den Computer", "Computer")
	if cc := page.Header.Get("Cache-Control"); cc != "no-store" {
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
		resp := webtest.PostMove(phone, p.path, s.Seq, mv)
		if resp.Status != http.StatusOK {
			t.Fatalf("move %d: %d\n%.400s", moves, resp.Status, resp.Body)
		}
	}
	end := phone.Get(p.path).Body
	webtest.MustContain(t, end, `data-testid="final"`, `data-testid="practice-again"`, `data-testid="replay-link"`)
	rec := phone.Get(p.path + "/record.json")
	if rec.Status != http.StatusOK || !strings.Contains(rec.Header.Get("Content-Disposition"), "uebung-") {
		t.Fatalf("record: %d %q", rec.Status, rec.Header.Get("Content-Disposition"))
	}
	if _, err := referee.Judge([]byte(rec.Body)); err != nil {
		t.Fatalf("the referee refuses the practice game's record: %v\n%.400s", err, rec.Body)
	}
	if !reviewed {
		checkWhy(t, phone, p.path+"/replay", 1)
	}
	// Nothing reached the tournament: no table, no new revision.
	after, _, err := app.Store.Revision(t.Context(), f.ID)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := app.Store.TablesOfTournament(t.Context(), f.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after != before || len(tables) != 0 {
		t.Errorf("the practice game touched the tournament: revision %d → %d, %d digital tables", before, after, len(tables))
	}
	// English too.
	en := phone.Get(p.path + "?lang=en").Body
	webtest.MustContain(t, en, "A practice game never counts for the tournament.")
}

// checkWhy opens deal's replay and the bot's explanation of its first
// step: every action estimated, the best first, the action played marked.
func checkWhy(t *testing.T, c *webtest.Client, replay string, deal int) {
	t.Helper()
	d := strconv.Itoa(deal)
	page := c.Get(replay + "?deal=" + d + "&step=0")
	if page.Status != http.StatusOK {
		t.Fatalf("replay of deal %d: %d\n%.400s", deal, page.Status, page.Body)
	}
	webtest.MustContain(t, page.Body, `data-testid="why-link"`, `data-testid="why-step"`)
	why := c.Get(replay + "/why?deal=" + d + "&step=0")
	if why.Status != http.StatusOK {
		t.Fatalf("why: %d\n%.400s", why.Status, why.Body)
	}
	rows := strings.Count(why.Body, `data-testid="why-row"`)
	if rows == 0 || strings.Count(why.Body, "data-best") != 1 || strings.Count(why.Body, "data-played") != 1 {
		t.Errorf("why: %d rows, %d best, %d played\n%s", rows, strings.Count(why.Body, "data-best"), strings.Count(why.Body, "data-played"), why.Body)
	}
	webtest.MustContain(t, why.Body, "die Chance, das Bummerl und dieses Spiel mit dem Zug zu gewinnen", "★ bester Zug", "← gespielt", "%")
}

// TestPracticeBounds (issue 25): two games per address, a finished one
// making room for a new one; a bounded number in all (503 when full);
// a game nobody opened for practiceIdle is gone.
func TestPracticeBounds(t *testing.T) {
	app := newTestAppConfig(t, quickBot)
	serverOf(app).practice.max = 2
	a := app.ClientFrom("127.0.0.1")
	first := startPractice(t, a, nil)
	startPractice(t, a, nil)
	r := a.Post("/practice", nil)
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("a third game from one address: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Von diesem Gerät laufen schon 2 Übungspartien.")
	// The first is resigned: it is finished, and a new one replaces it.
	s := first.state(t)
	if resp := webtest.PostMove(a, first.path, s.Seq, table.Move{ID: "give-up", Resign: table.ResignMatch}); resp.Status != http.StatusOK {
		t.Fatalf("resign: %d %s", resp.Status, resp.Body)
	}
	if s := first.state(t); !s.Finished || s.State != "finished" {
		t.Fatalf("after resigning: %+v", s)
	}
	startPractice(t, a, nil)
	if got := a.Get(first.path).Status; got != http.StatusNotFound {
		t.Errorf("the finished game replaced: %d", got)
	}
	// Two in all: another address is refused, 503.
	b := app.ClientFrom("127.0.0.2")
	r = b.Post("/practice", nil)
	if r.Status != http.StatusServiceUnavailable {
		t.Fatalf("a game beyond the bound: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Gerade laufen so viele Übungspartien")
	// Left alone for practiceIdle: forgotten, room again.
	app.Clock.Add(practiceIdle)
	startPractice(t, b, nil)
	if n := serverOf(app).practice.Len(); n != 1 {
		t.Errorf("%d games kept after the idle ones went", n)
	}
}

// TestWhyOnTableReplay (issue 25 point 4): the replay of a tournament's
// digital table explains its steps too, for the staff at once and for a
// seat once the match is over (before, it would show what the table
// hides).
func TestWhyOnTableReplay(t *testing.T) {
	app := newTestAppConfig(t, quickBot)
	f := webtest.NewFixture(t, app, map[string]string{"variant": "soft", "bummerl_to_win": "1"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	seats := f.StartTable(f.Helper, m, "1")
	s, _ := seats[0].State(t)
	mv := s.Legal[0]
	mv.ID = "first"
	if r := seats[0].Move(s.Seq, mv); r.Status != http.StatusOK {
		t.Fatalf("move: %d", r.Status)
	}
	if r := seats[0].Move(s.Seq+1, table.Move{ID: "resign", Seat: 0, Resign: table.ResignDeal}); r.Status != http.StatusOK {
		t.Fatalf("resign the deal: %d", r.Status)
	}
	if r := seats[1].Client.Get(seats[1].Path("/replay/why?deal=1&step=0")); r.Status != http.StatusForbidden {
		t.Errorf("a seat's why during the match: %d", r.Status)
	}
	tables, err := app.Store.TablesOfMatch(t.Context(), f.ID, 1, m.No)
	if err != nil || len(tables) != 1 {
		t.Fatal(tables, err)
	}
	why := f.Helper.Get(views.PlayTablePath(f.ID, tables[0].ID, "/replay/why?deal=1&step=0"))
	if why.Status != http.StatusOK || strings.Count(why.Body, "data-played") != 1 {
		t.Fatalf("staff's why: %d\n%.600s", why.Status, why.Body)
	}
	if r := seats[1].Move(s.Seq+2, table.Move{ID: "resign-all", Seat: 1, Resign: table.ResignMatch}); r.Status != http.StatusOK {
		t.Fatalf("resign the match: %d", r.Status)
	}
	checkWhy(t, seats[1].Client, seats[1].Path("/replay"), 1)
}

// startGame begins a guest's practice game from addr as the start page
// would, for the tests of the games' insides.
func startGame(p *practiceGames, addr, token string, cfg table.Config) (*practiceGame, error) {
	return p.add(&practiceGame{token: token, addr: addr, back: "/", again: "/practice"}, p.perAddr, cfg, [2]string{"Spieler", botName})
}
