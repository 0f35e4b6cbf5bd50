package web

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/domain/bot"
	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// Practice against the computer (issue 25 point 3, docs/play.md
// "Practice"): anyone starts a Bummerl against the bot (domain/bot) from
// the start page or his card's page and plays it on the digital table's
// screen (play.go: the same handlers and views, under /practice/TOKEN).
//
// A practice game lives in this process's memory only, never in the
// store: it can never write into a tournament, and an evening's hundred
// practice games leave no rows behind. It is bounded: practicePerAddr
// games per client address, practiceMax in all, and a game nobody looked
// at for practiceIdle is forgotten. The bot decides in a pool of its own
// (botPool), outside the render slots, one core less than the machine
// has, so the pages of the tournament keep theirs.

const (
	practicePrefix = "/practice/"
	// practicePerAddr games per client address; a new one replaces the
	// address's oldest finished game, else it is refused (429).
	practicePerAddr = 2
	// practiceMax games in all; a new one replaces the oldest finished
	// game, else it is refused (503).
	practiceMax = 50
	// practiceIdle: a game nobody opened for this long is forgotten.
	practiceIdle = 30 * time.Minute
	// botSeat is the bot's match seat; the player's is 0.
	botSeat = 1
	// botName is the bot's name at the table.
	botName = "Computer"
	// whyPerAddr explanations per address at once (429), whyInside
	// running or waiting in all (503), each waiting at most whyWait.
	whyPerAddr = 1
	whyInside  = 8
	whyWait    = 5 * time.Second
	// practiceNodes is the bot's search budget a decision in practice, a
	// tenth of domain/bot's default: as strong within what 50 Bummerl
	// can measure (docs/bot.md), and a decision takes milliseconds, so
	// the bot fits into the tournament's pauses (botduty.go).
	practiceNodes = 300_000
)

// botPool runs the bot's decisions and explanations: at most cap(slots)
// at once, each with a Bot of its own, kept for the next (a Bot is not
// safe for concurrent use and holds a 1.5 MB table). It gives way to the
// tournament (botduty.go): a decision starts once the tournament's
// requests pause and stops between two sampled deals while one is
// served; its place stays taken for as long again afterwards.
type botPool struct {
	opts    bot.Options
	slots   chan struct{}
	idle    chan *pooledBot
	work    *tournamentWork
	giveWay time.Duration // botGiveWay; a test waits for ever
}

// pooledBot is a Bot of the pool and the decision it is making: its
// Yield waits for the tournament's quiet until the decision's limit.
type pooledBot struct {
	*bot.Bot
	ctx   context.Context
	until time.Time
}

// newBotPool leaves one core to the pages, as the referee's judgments do
// (referee_limits.go): one bot at once on the two-core laptop. Zero
// Nodes means practiceNodes.
func newBotPool(o bot.Options, work *tournamentWork) *botPool {
	if o.Nodes == 0 {
		o.Nodes = practiceNodes
	}
	n := max(1, runtime.GOMAXPROCS(0)-1)
	return &botPool{opts: o, slots: make(chan struct{}, n), idle: make(chan *pooledBot, n), work: work, giveWay: botGiveWay}
}

func (p *botPool) newBot() *pooledBot {
	b := &pooledBot{}
	o := p.opts
	o.Yield = func() {
		if p.work.serving() {
			p.work.waitQuiet(b.ctx, botQuiet, b.until)
		}
	}
	b.Bot = bot.New(o)
	return b
}

// run runs fn with a Bot once a place is free, waiting at most wait
// (errBusy) or until ctx ends. The Bot waits for the tournament's quiet
// before it starts and between sampled deals, p.giveWay in all at most;
// the place stays taken for as long again as fn took (the bot thinks
// half the time at most), while the caller goes on.
func (p *botPool) run(ctx context.Context, wait time.Duration, fn func(*bot.Bot)) error {
	if err := acquireSlot(ctx, p.slots, wait); err != nil {
		return err
	}
	var b *pooledBot
	select {
	case b = <-p.idle:
	default:
		b = p.newBot()
	}
	b.ctx, b.until = ctx, time.Now().Add(p.giveWay)
	p.work.waitQuiet(ctx, botQuiet, b.until)
	start := time.Now()
	defer func() {
		b.ctx = nil
		p.idle <- b // room: at most cap(slots) Bots are out
		rest := time.Since(start)
		go func() {
			time.Sleep(rest)
			<-p.slots
		}()
	}()
	fn(b.Bot)
	return nil
}

// botView is what engine seat seat of deal i of match knew after the
// deal's first step actions, with the Bummerl's score before the deal.
func botView(match *table.Match, i, step, seat int) (bot.View, error) {
	d := &match.Deals()[i]
	rec := d.Record
	rec.Actions = slices.Clone(rec.Actions[:step])
	// The deals before i are decided: their lines are the sheet's first i.
	v, err := schnapsen.ScoreMatch(schnapsen.MatchRules{BummerlToWin: match.Config().BummerlToWin}, match.Sheet()[:i])
	if err != nil {
		return bot.View{}, err
	}
	run := v.Running
	return bot.ViewOf(rec, seat, [2]int{run[d.Forehand], run[1-d.Forehand]})
}

// practiceGames are the practice games of this process.
type practiceGames struct {
	mu      sync.Mutex
	games   map[string]*practiceGame // by the player's token
	perAddr int
	max     int
	idle    time.Duration
	now     func() time.Time
	lastID  int64
	bots    *botPool
	log     *slog.Logger
}

func newPracticeGames(cfg Config, work *tournamentWork) *practiceGames {
	return &practiceGames{games: map[string]*practiceGame{}, perAddr: practicePerAddr, max: practiceMax, idle: practiceIdle,
		now: cfg.Now, bots: newBotPool(cfg.Bot, work), log: cfg.Log}
}

// practiceGame is one practice Bummerl: the player at seat 0, the bot at
// botSeat. It is a seatTable (play.go).
type practiceGame struct {
	games      *practiceGames
	token      string
	addr       string // the client's, or the key of the match the staff seated it for (botKey)
	german     bool
	back       string // the page it was started from
	again      string // its start page, for another game
	round      int    // a game the staff seated for a match of this round (play_bot.go), else 0
	card       int    // and the player's card there (or the card whose page started it)
	tournament int64  // of this tournament
	used       time.Time

	mu       sync.Mutex
	dt       store.DigitalTable // the table as a tournament's looks: TournamentID 0
	m        *table.Match
	thinking bool // the bot's turn is being played (think)
	subs     map[chan int64]struct{}
}

var (
	errPracticeAddrFull = errors.New("practice: too many games from this address")
	errPracticeFull     = errors.New("practice: too many games")
)

// add begins game g (its token, address, look and links set) with cfg
// and names, making room by forgetting idle games and, at a bound, the
// oldest finished one (of the address, or of all): at most limit
// unfinished games per address, and guests' games at most practiceMax in
// all. A game the staff seat at a match
// (play_bot.go) is bounded by its match alone (limit 1 under botKey), so
// guests filling every place cannot keep the staff from seating the
// computer for a player whose opponent does not come.
func (p *practiceGames) add(g *practiceGame, limit int, cfg table.Config, names [2]string) (*practiceGame, error) {
	m, err := table.New(cfg)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	addr := g.addr
	var mine, finished []*practiceGame // finished: guests' games
	guests := 0
	for tok, x := range p.games {
		switch {
		case now.Sub(x.used) >= p.idle:
			delete(p.games, tok)
			continue
		case x.finished():
			if x.round == 0 {
				finished = append(finished, x)
			}
			if x.addr == addr {
				mine = append(mine, x)
			}
		}
		if x.round == 0 {
			guests++
		}
	}
	oldest := func(gs []*practiceGame) *practiceGame {
		return slices.MinFunc(gs, func(a, b *practiceGame) int { return a.used.Compare(b.used) })
	}
	if p.count(addr) >= limit {
		if len(mine) == 0 {
			return nil, errPracticeAddrFull
		}
		old := oldest(mine)
		delete(p.games, old.token)
		if old.round == 0 {
			guests--
		}
		finished = slices.DeleteFunc(finished, func(x *practiceGame) bool { return x == old })
	}
	if g.round == 0 && guests >= p.max {
		if len(finished) == 0 {
			return nil, errPracticeFull
		}
		delete(p.games, oldest(finished).token)
	}
	p.lastID++
	g.games, g.used, g.m, g.subs = p, now, m, map[chan int64]struct{}{}
	g.dt = store.DigitalTable{ID: p.lastID, Names: names, Config: cfg, Seats: [2]string{g.token, ""},
		State: store.TablePlaying, Created: now, Updated: now}
	p.games[g.token] = g
	g.wake() // the bot may lead the first deal
	return g, nil
}

// count is the number of addr's games; p.mu is held.
func (p *practiceGames) count(addr string) int {
	n := 0
	for _, g := range p.games {
		if g.addr == addr {
			n++
		}
	}
	return n
}

// seat finds the game of a player's token (store.ErrNotFound for none or
// a game idle too long) and counts the visit as use.
func (p *practiceGames) seat(token string) (seatLink, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	g := p.games[token]
	now := p.now()
	if g == nil || now.Sub(g.used) >= p.idle {
		delete(p.games, token)
		return seatLink{}, store.ErrNotFound
	}
	g.used = now
	dt, _ := g.current(context.Background())
	return seatLink{t: g, dt: dt, seat: 0, base: practicePrefix + token, game: g}, nil
}

// of is the game kept for addr, nil for none: the game the staff seated
// for a match, whose addr is the match's key (play_bot.go).
func (p *practiceGames) of(addr string) *practiceGame {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	for _, g := range p.games {
		if g.addr == addr && now.Sub(g.used) < p.idle {
			return g
		}
	}
	return nil
}

// eraseNames gives the marker of an erased person as the player's name to
// every game named after a tournament's player (seated by the staff at his
// match, or started from his card's page) whom erased(tournament, card)
// says is erased now: the register's erasure reaches the games kept in
// memory too (docs/season.md).
func (p *practiceGames) eraseNames(erased func(tournament int64, card int) bool) {
	p.mu.Lock()
	games := slices.Collect(maps.Values(p.games))
	p.mu.Unlock()
	for _, g := range games {
		if g.tournament != 0 && erased(g.tournament, g.card) {
			g.mu.Lock()
			g.dt.Names[0] = store.ErasedName
			g.mu.Unlock()
		}
	}
}

// Len is the number of practice games kept.
func (p *practiceGames) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.games)
}

func (g *practiceGame) finished() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.dt.State != store.TablePlaying
}

func (g *practiceGame) read(_ context.Context, fn func(store.DigitalTable, *table.Match) error) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return fn(g.dt, g.m)
}

func (g *practiceGame) current(context.Context) (store.DigitalTable, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.dt, nil
}

func (g *practiceGame) look(context.Context) (string, bool, error) { return "", g.german, nil }

// play applies a move, tells the game's streams and lets the bot move
// when it is its turn.
func (g *practiceGame) play(_ context.Context, mv table.Move, seq int) error {
	g.mu.Lock()
	applied, err := g.m.ApplyAt(mv, seq)
	if err != nil || !applied {
		g.mu.Unlock()
		return err
	}
	g.dt.Seq, g.dt.Updated = g.m.Seq(), g.games.now()
	if g.m.Finished() {
		g.dt.State = store.TableFinished
	}
	rev := views.PlayRevision(g.dt.Seq, g.dt.State)
	for ch := range g.subs {
		select { // latest wins, as the store's hub
		case <-ch:
		default:
		}
		ch <- rev
	}
	g.mu.Unlock()
	g.wake()
	return nil
}

func (g *practiceGame) subscribe() (<-chan int64, func()) {
	ch := make(chan int64, 1)
	g.mu.Lock()
	g.subs[ch] = struct{}{}
	g.mu.Unlock()
	return ch, func() {
		g.mu.Lock()
		delete(g.subs, ch)
		g.mu.Unlock()
	}
}

// wake starts the bot's turn unless it is the player's or under way.
func (g *practiceGame) wake() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.thinking || g.m.ToMove() != botSeat {
		return
	}
	g.thinking = true
	go g.think()
}

// think plays the bot's moves while it is its turn. A decision the bot
// cannot make (never: a view of the engine's own record) plays its first
// legal action.
func (g *practiceGame) think() {
	for {
		g.mu.Lock()
		if g.m.ToMove() != botSeat {
			g.thinking = false
			g.mu.Unlock()
			return
		}
		seq, i := g.m.Seq(), len(g.m.Deals())-1
		d := &g.m.Deals()[i]
		v, err := botView(g.m, i, len(d.Record.Actions), botSeat^d.Forehand)
		g.mu.Unlock()
		var act schnapsen.Action
		if err == nil {
			err = g.games.bots.run(context.Background(), g.games.idle, func(b *bot.Bot) { act, err = b.Decide(v) })
		}
		if err != nil {
			legal, lerr := v.Legal()
			if lerr != nil || len(legal) == 0 {
				g.games.log.Error("practice: the bot cannot move", "game", g.dt.ID, "err", err)
				g.mu.Lock()
				g.thinking = false
				g.mu.Unlock()
				return
			}
			g.games.log.Warn("practice: the bot's decision failed; first legal action", "game", g.dt.ID, "err", err)
			act = legal[0]
		}
		mv := table.Move{ID: "bot-" + strconv.Itoa(seq), Seat: botSeat, Kind: act.Kind, Card: act.Card, Suit: act.Suit}
		if err := g.play(context.Background(), mv, seq); err != nil && !isStale(err) {
			g.games.log.Error("practice: the bot's move refused", "game", g.dt.ID, "err", err)
			g.mu.Lock()
			g.thinking = false
			g.mu.Unlock()
			return
		}
	}
}

// isStale: the table moved on meanwhile (the player resigned).
func isStale(err error) bool {
	var te *table.Error
	return errors.As(err, &te) && (te.Code == table.CodeStale || te.Code == table.CodeMatchOver)
}

// practiceForm is the start page of a practice game: from a card's page
// (?t=ID&card=NO) with the tournament's cards and rules, else soft
// Schnapsen with French cards.
func (s *server) practiceForm(c echo.Context) error {
	m, _, err := s.practiceModel(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PracticePage(m))
}

// practiceModel reads the start form's origin: the tournament and card
// it was opened from (ignored when unknown), and the game's rules.
func (s *server) practiceModel(c echo.Context) (views.PracticeModel, table.Config, error) {
	cfg := table.Config{Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 1}
	m := views.PracticeModel{Back: "/"}
	id, _ := strconv.ParseInt(c.FormValue("t"), 10, 64)
	no, _ := strconv.Atoi(c.FormValue("card"))
	if id <= 0 {
		return m, cfg, nil
	}
	t, err := s.store.Load(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return m, cfg, nil
	}
	if err != nil {
		return m, cfg, err
	}
	m.TournamentID, m.Tournament, m.Back = id, t.Settings.Name, tournamentURL(id, "")
	if t.Settings.Variant != "" {
		cfg.Variant = t.Settings.Variant
	}
	if t.Settings.Closing != "" {
		cfg.Closing = t.Settings.Closing
	}
	ps, err := s.store.PlaySettings(c.Request().Context(), id)
	if err != nil {
		return m, cfg, err
	}
	m.German = ps.GermanSuits
	if card, ok := t.Card(tournament.CardNo(no)); ok && no > 0 {
		m.Card, m.Back = no, tournamentURL(id, "/card/"+strconv.Itoa(no))
		if p, ok := t.Player(card.Player); ok {
			m.Player = p.Name
		}
	}
	m.Variant = cfg.Variant
	return m, cfg, nil
}

// practiceStart starts a practice game and opens its table.
func (s *server) practiceStart(c echo.Context) error {
	m, cfg, err := s.practiceModel(c)
	if err != nil {
		return err
	}
	cfg.Seed, err = s.newTableSeed()
	if err != nil {
		return err
	}
	cfg.FirstDealer = table.FirstDealerOf(cfg.Seed)
	token, err := s.newSeatToken()
	if err != nil {
		return err
	}
	player := m.Player
	if player == "" {
		player = text(c, "practice.player")
	}
	german := c.FormValue("german") != ""
	g := &practiceGame{token: token, addr: c.RealIP(), german: german, back: m.Back, again: views.PracticePath(m.TournamentID, m.Card)}
	if m.Player != "" { // named after him: an erasure finds him (eraseNames)
		g.tournament, g.card = m.TournamentID, m.Card
	}
	_, err = s.practice.add(g, s.practice.perAddr, cfg, [2]string{player, botName})
	switch {
	case errors.Is(err, errPracticeAddrFull):
		c.Response().Header().Set("Retry-After", "60")
		return &webError{http.StatusTooManyRequests, "practice_too_many", "", textf(c, "practice.too_many", practicePerAddr, int(practiceIdle/time.Minute))}
	case errors.Is(err, errPracticeFull):
		c.Response().Header().Set("Retry-After", "60")
		return &webError{http.StatusServiceUnavailable, "practice_full", "", text(c, "practice.full")}
	case err != nil:
		return err
	}
	return redirect(c, practicePrefix+token)
}

// explain is the bot's estimate of each legal action of v, best first,
// with the action played there (played, nil if none) marked: in the bot's
// pool, at most whyPerAddr per address and whyInside in all.
func (s *server) explain(c echo.Context, v bot.View, played *schnapsen.Action) ([]views.WhyRow, error) {
	addr := c.RealIP()
	switch s.whys.take(addr) {
	case http.StatusTooManyRequests:
		c.Response().Header().Set("Retry-After", "2")
		return nil, &webError{http.StatusTooManyRequests, "why_too_many", "", text(c, "why.too_many")}
	case http.StatusServiceUnavailable:
		return nil, whyBusy(c)
	}
	defer s.whys.give(addr)
	var ests []bot.Estimate
	var err error
	if perr := s.practice.bots.run(c.Request().Context(), whyWait, func(b *bot.Bot) { ests, err = b.Explain(v) }); perr != nil {
		return nil, whyBusy(c)
	}
	if err != nil {
		return nil, err
	}
	rows := make([]views.WhyRow, len(ests))
	for i, e := range ests {
		rows[i] = views.WhyRow{Action: e.Action, Points: e.Points, Win: e.Win, Bummerl: e.Bummerl,
			Played: played != nil && sameAction(e.Action, *played)}
	}
	return rows, nil
}

func whyBusy(c echo.Context) error {
	c.Response().Header().Set("Retry-After", "5")
	return &webError{http.StatusServiceUnavailable, "why_busy", "", text(c, "why.busy")}
}

// sameAction: a and b are the same choice (the bot's estimate carries no
// exchange's card).
func sameAction(a, b schnapsen.Action) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case schnapsen.Play:
		return a.Card == b.Card
	case schnapsen.Marriage:
		return a.Suit == b.Suit
	}
	return true
}
