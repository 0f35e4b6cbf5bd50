package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// The computer at a match (issue 25 point 3, docs/play.md "The computer
// at a match"): when a player's opponent does not come, the staff start
// a game against the bot for him on the match's digital-table page. It
// is a practice game (practice.go) with the tournament's rules, not a
// digital table: it lives in memory, records no result, writes no row,
// no audit line and no revision, and its screen says it does not count.
// The staff enter the match's result by hand, as always. One game per
// match at a time, outside the guests' practiceMax; its bot decides in
// the practice games' pool.

// botKey is the address a match's game against the computer is kept
// under among the practice games (practiceGame.addr), so the match has
// at most one unfinished (add's limit 1) and its page finds it (of).
func botKey(ref matchRef) string {
	return "bot " + views.PlayAdminPath(ref.id, ref.round, ref.match)
}

// botRefusal is why the computer cannot be seated at the match now, or
// nil: only at a match a digital table could play (tournament.PlayableMatch:
// the latest round, no result yet) or at a bye of the latest round (its
// player has nobody to play), not while a digital table plays it (both
// players are there), and one game at a time.
func (s *server) botRefusal(c echo.Context, t *tournament.Tournament, ref matchRef, tablePlaying bool) error {
	if _, err := t.PlayableMatch(ref.round, ref.match); err != nil && !byeOfLatest(t, ref) {
		return playError(c, err)
	}
	if tablePlaying {
		return playError(c, store.ErrTableBusy)
	}
	if g := s.practice.of(botKey(ref)); g != nil && !g.finished() {
		return &webError{http.StatusConflict, "bot_running", "", text(c, "botseat.running")}
	}
	return nil
}

// byeOfLatest: ref is a bye of the tournament's latest round.
func byeOfLatest(t *tournament.Tournament, ref matchRef) bool {
	if ref.round < 1 || ref.round != len(t.Rounds) {
		return false
	}
	m, ok := t.Rounds[ref.round-1].Match(ref.match)
	return ok && m.Bye()
}

// botSeat adds the match's game against the computer to its staff page,
// and the sides it may be started for: those with a player, unless
// refused.
func (s *server) botSeat(c echo.Context, m *views.PlayAdminModel, t *tournament.Tournament, ref matchRef, row views.MatchRow, tablePlaying bool) error {
	if g := s.practice.of(botKey(ref)); g != nil {
		at := views.PlayAdminTable{Cards: [2]int{g.card, 0}, Winner: -1, SeatURLs: [2]string{s.requestBase(c) + practicePrefix + g.token}}
		err := g.read(c.Request().Context(), func(dt store.DigitalTable, match *table.Match) error {
			at.ID, at.State, at.Names = dt.ID, dt.State, dt.Names
			standing(&at, match)
			return nil
		})
		if err != nil {
			return err
		}
		m.Bot = &at
	}
	if s.botRefusal(c, t, ref, tablePlaying) != nil {
		return nil
	}
	for side, card := range [2]tournament.CardNo{row.A, row.B} {
		if card != 0 {
			m.BotSides = append(m.BotSides, side)
		}
	}
	return nil
}

// startBot seats the computer against the player of the form's side
// (0: card A, 1: card B) and shows his link on the match's page.
func (s *server) startBot(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	t, _, mm, err := s.loadMatch(c, ref)
	if err != nil {
		return err
	}
	side, err := strconv.Atoi(c.FormValue("side"))
	cards := [2]tournament.CardNo{mm.Row.A, mm.Row.B}
	if err != nil || side < 0 || side > 1 || cards[side] == 0 {
		return badRequest(c, "side", "form.choice_bad")
	}
	tables, err := s.store.TablesOfMatch(ctx, ref.id, ref.round, ref.match)
	if err != nil {
		return err
	}
	f := views.NewForm(map[string]string{})
	if err := s.botRefusal(c, t, ref, anyPlaying(tables)); err != nil {
		return s.refuseStart(c, ref, f, err)
	}
	cfg := tableRules(t.Settings)
	if cfg.Seed, err = s.newTableSeed(); err != nil {
		return err
	}
	cfg.FirstDealer = table.FirstDealerOf(cfg.Seed)
	token, err := s.newSeatToken()
	if err != nil {
		return err
	}
	ps, err := s.store.PlaySettings(ctx, ref.id)
	if err != nil {
		return err
	}
	card := int(cards[side])
	name := [2]string{mm.Row.AName, mm.Row.BName}[side]
	g := &practiceGame{token: token, addr: botKey(ref), german: ps.GermanSuits, round: ref.round, card: card, tournament: ref.id,
		back: tournamentURL(ref.id, "/card/"+strconv.Itoa(card)), again: views.PracticePath(ref.id, card)}
	_, err = s.practice.add(g, 1, cfg, [2]string{name, botName})
	switch {
	case errors.Is(err, errPracticeAddrFull): // another start meanwhile
		return s.refuseStart(c, ref, f, &webError{http.StatusConflict, "bot_running", "", text(c, "botseat.running")})
	case err != nil:
		return err
	}
	s.log.Info("practice: the computer seated at a match", "tournament", ref.id, "round", ref.round, "match", ref.match,
		"card", card, "by", actor(c).Name)
	return redirect(c, views.PlayAdminPath(ref.id, ref.round, ref.match)+"?bot=1")
}

// refuseStart shows the match's staff page again, form f as sent, with
// the reason a start (of a digital table or a game against the
// computer) was refused above its forms; err that is no refusal is
// answered as it is.
func (s *server) refuseStart(c echo.Context, ref matchRef, f views.Form, err error) error {
	var we *webError
	if !errors.As(err, &we) {
		return err
	}
	f.Fail(views.General, we.Message)
	return s.showPlayAdmin(c, ref, we.Status, f, "")
}

// anyPlaying: one of tables is being played.
func anyPlaying(tables []store.DigitalTable) bool {
	for _, dt := range tables {
		if dt.State == store.TablePlaying {
			return true
		}
	}
	return false
}

// tableRules are a tournament's rules at a table (as store.StartTable
// sets them): its variant, closing and match length, soft Schnapsen
// with closing counted at close where it sets none.
func tableRules(st tournament.Settings) table.Config {
	cfg := table.Config{Variant: st.Variant, Closing: st.Closing, BummerlToWin: st.BummerlToWin}
	if cfg.Variant == "" {
		cfg.Variant = schnapsen.Soft
	}
	if cfg.Closing == "" {
		cfg.Closing = schnapsen.AtClose
	}
	return cfg
}
