package web

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/store"
	"bummerl/views"
)

// Digital tables (issue 11, docs/play.md): staff start a digital match
// for a tournament match; each seat gets a secret link /play/TOKEN that
// shows only that seat's view (table.Match.View) and takes only that
// seat's moves. Every move goes through the store, which applies it with
// the engine and writes it in one transaction; the deciding move records
// the result in the tournament. Phones follow the table on its own event
// stream, /play/TOKEN/events.

// seatTokenBytes is the size of a seat link's secret: 144 bits.
const seatTokenBytes = 18

// newSeatToken makes a seat link's secret from the server's randomness.
func (s *server) newSeatToken() (string, error) {
	b := make([]byte, seatTokenBytes)
	if _, err := io.ReadFull(s.rand, b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// newTableSeed is the secret the decks of a digital match are shuffled from.
func (s *server) newTableSeed() (string, error) {
	b := make([]byte, 16)
	if _, err := io.ReadFull(s.rand, b); err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", b), nil
}

// playError is what the table, the engine, the tournament or the store
// refuse as the web error it answers, from the one error map (explain),
// or err itself when it is no refusal. A table gone meanwhile is answered
// as a seat link's unknown token is (notFound), the page being what is
// not there.
func playError(c echo.Context, err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return notFound(c)
	}
	p := explain(c, err)
	if p.status >= http.StatusInternalServerError {
		return err
	}
	return &webError{p.status, p.code, p.field, p.msg}
}

// seatTable is the table behind a seat link: a tournament's digital
// table in the store (storeTable) or a practice game against the bot in
// memory (practice.go). One set of handlers serves both, so the practice
// table is the match's table screen, not a copy of it.
type seatTable interface {
	// read runs fn with the table and its match as of now; fn only reads,
	// quickly, and does not keep the match.
	read(ctx context.Context, fn func(store.DigitalTable, *table.Match) error) error
	// play applies a move of a seat chosen when the table was at seq.
	play(ctx context.Context, mv table.Move, seq int) error
	subscribe() (<-chan int64, func())
	current(ctx context.Context) (store.DigitalTable, error)
	// look is the tournament's name and whether its cards are
	// German-suited.
	look(ctx context.Context) (name string, german bool, err error)
}

// storeTable is a tournament's digital table (the store).
type storeTable struct {
	st *store.Store
	dt store.DigitalTable
}

func (t storeTable) read(ctx context.Context, fn func(store.DigitalTable, *table.Match) error) error {
	return t.st.ReadTable(ctx, t.dt.ID, fn)
}

func (t storeTable) play(ctx context.Context, mv table.Move, seq int) error {
	_, _, err := t.st.PlayMove(ctx, t.dt.ID, mv, seq)
	return err
}

func (t storeTable) subscribe() (<-chan int64, func()) { return t.st.SubscribeTable(t.dt.ID) }

func (t storeTable) current(ctx context.Context) (store.DigitalTable, error) {
	return t.st.Table(ctx, t.dt.ID)
}

func (t storeTable) look(ctx context.Context) (string, bool, error) {
	return t.st.TableInfo(ctx, t.dt.TournamentID)
}

// seatLink is a request's seat link: /play/TOKEN (a tournament's table)
// or /practice/TOKEN (a practice game).
type seatLink struct {
	t    seatTable
	dt   store.DigitalTable // the table when the link was looked up
	seat int
	base string        // the link's path: its pages are base + "/table", …
	game *practiceGame // the practice game, nil for a tournament's table
}

// seat finds the table and seat of the request's /play/:token or
// /practice/:token.
func (s *server) seat(c echo.Context) (seatLink, error) {
	var l seatLink
	var err error
	if strings.HasPrefix(c.Path(), practicePrefix) {
		l, err = s.practice.seat(c.Param("token"))
	} else {
		l.dt, l.seat, err = s.store.TableBySeat(c.Request().Context(), c.Param("token"))
		l.t, l.base = storeTable{s.store, l.dt}, views.PlayPath(c.Param("token"), "")
	}
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return l, notFound(c)
		}
		return l, err
	}
	// A seat link is a secret: never cached, never sent on as a referrer.
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	return l, nil
}

// playModel is the seat's view of its table now.
func (s *server) playModel(c echo.Context, l seatLink) (views.PlayModel, error) {
	ctx := c.Request().Context()
	dt := l.dt
	m := views.PlayModel{Base: l.base, Names: dt.Names}
	if l.game != nil {
		m.Practice, m.Back, m.Again = true, l.game.back, l.game.again
	}
	err := l.t.read(ctx, func(cur store.DigitalTable, match *table.Match) error {
		dt = cur
		m.V = match.View(l.seat)
		return nil
	})
	if err != nil {
		return m, err
	}
	m.State, m.Live = dt.State, views.PlayRevision(dt.Seq, dt.State)
	m.Tournament, m.German, err = l.t.look(ctx)
	if err != nil {
		return m, err
	}
	return m, nil
}

// playView shows a seat's phone with view: the whole page
// (views.PlayPage) or its live part (views.PlayTable).
func (s *server) playView(view func(views.PlayModel) templ.Component) echo.HandlerFunc {
	return func(c echo.Context) error {
		l, err := s.seat(c)
		if err != nil {
			return err
		}
		m, err := s.playModel(c, l)
		if err != nil {
			return err
		}
		m.AskDeclare = c.QueryParam("ask") == "declare"
		return render(c, http.StatusOK, view(m))
	}
}

// playState is the seat's view as JSON (table.SeatView), for programs
// and tests: the same information as the page, no more.
func (s *server) playState(c echo.Context) error {
	l, err := s.seat(c)
	if err != nil {
		return err
	}
	return s.sendState(c, l)
}

func (s *server) sendState(c echo.Context, l seatLink) error {
	var v table.SeatView
	dt := l.dt
	err := l.t.read(c.Request().Context(), func(cur store.DigitalTable, match *table.Match) error {
		dt = cur
		v = match.View(l.seat)
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		State string `json:"state"`
		table.SeatView
	}{dt.State, v})
}

// parseMove reads a move form: id, seq, and do (+card, +suit) or resign.
// The seat is the link's, never the form's.
func parseMove(c echo.Context, seat int) (table.Move, int, error) {
	mv := table.Move{ID: c.FormValue("id"), Seat: seat}
	seq, err := strconv.Atoi(c.FormValue("seq"))
	if err != nil || seq < 0 {
		return mv, 0, badRequest(c, "seq", "form.number_bad")
	}
	if r := c.FormValue("resign"); r != "" {
		mv.Resign = table.Resign(r)
		return mv, seq, nil
	}
	if mv.Kind, err = schnapsen.ParseKind(c.FormValue("do")); err != nil {
		return mv, 0, badRequest(c, "do", "form.choice_bad")
	}
	switch mv.Kind {
	case schnapsen.Play:
		if mv.Card, err = schnapsen.ParseCard(c.FormValue("card")); err != nil {
			return mv, 0, badRequest(c, "card", "form.choice_bad")
		}
	case schnapsen.Marriage:
		if mv.Suit, err = schnapsen.ParseSuit(c.FormValue("suit")); err != nil {
			return mv, 0, badRequest(c, "suit", "form.choice_bad")
		}
	}
	return mv, seq, nil
}

// playMove makes a move for the link's seat. htmx gets the table back;
// a plain form is redirected to the page; a JSON client (Accept:
// application/json) gets the seat's view. A refused move is answered by
// refuseMove.
func (s *server) playMove(c echo.Context) error {
	l, err := s.seat(c)
	if err != nil {
		return err
	}
	mv, seq, err := parseMove(c, l.seat)
	if err == nil {
		err = l.t.play(c.Request().Context(), mv, seq)
	}
	if err != nil {
		return s.refuseMove(c, l, mv, err)
	}
	switch {
	case isHTMX(c):
		m, err := s.playModel(c, l)
		if err != nil {
			return err
		}
		return render(c, http.StatusOK, views.PlayTable(m))
	case wantsJSON(c):
		return s.sendState(c, l)
	}
	return redirect(c, l.base)
}

// refuseMove answers a refused move in the form the request asked for:
// htmx gets the current table with the reason above it (a stale state
// answers 409 with the current table), a JSON client the API's error
// object (docs/api.md), a plain form the error page. The engine's refusal
// names its own seats, which are not the match's and change every deal:
// the phone says it with the players' names instead (PlayModel.Refusal).
func (s *server) refuseMove(c echo.Context, l seatLink, mv table.Move, refused error) error {
	var we *webError
	if err := playError(c, refused); !errors.As(err, &we) {
		return err
	}
	m, err := s.playModel(c, l)
	if err != nil {
		return err
	}
	if se := (*schnapsen.Error)(nil); errors.As(refused, &se) {
		we.Message = m.Refusal(views.WithEnv(c.Request().Context(), env(c)), se.Code, mv)
	}
	switch {
	case isHTMX(c):
		m.Error = we.Message
		return render(c, we.Status, views.PlayTable(m))
	case wantsJSON(c):
		return c.JSON(we.Status, apiError{Error: we.Message, Field: we.Field, Code: we.Code})
	}
	return we
}

// wantsJSON: the client asked for JSON (Accept: application/json).
func wantsJSON(c echo.Context) bool {
	return c.Request().Header.Get(echo.HeaderAccept) == echo.MIMEApplicationJSON
}

// playEvents streams a seat's table to its phone (live.go): the table's
// part after every move or change of the table, with the heartbeat,
// bounds and renewal of the tournaments' streams. The revision is
// views.PlayRevision.
func (s *server) playEvents(c echo.Context) error {
	l, err := s.seat(c)
	if err != nil {
		return err
	}
	return s.stream(c, liveSource{
		scope:     l.base,
		partOK:    func(p string) bool { return p == l.base+"/table" },
		subscribe: l.t.subscribe,
		current: func(ctx context.Context) (int64, error) {
			cur, err := l.t.current(ctx)
			if err != nil {
				return 0, err
			}
			return views.PlayRevision(cur.Seq, cur.State), nil
		},
	})
}
