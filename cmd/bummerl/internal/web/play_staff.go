package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"

	"bummerl/domain/bot"
	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/store"
	"bummerl/views"
)

// The staff's side of the digital tables: start one for a match, show
// the seats' links, abandon it, download its match record.

// playAdminPage lists a match's digital tables with the start form.
func (s *server) playAdminPage(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	notice := ""
	switch {
	case c.QueryParam("started") != "":
		notice = "playadmin.started"
	case c.QueryParam("abandoned") != "":
		notice = "playadmin.abandoned"
	}
	return s.showPlayAdmin(c, ref, http.StatusOK, views.NewForm(map[string]string{}), notice)
}

func (s *server) showPlayAdmin(c echo.Context, ref matchRef, status int, f views.Form, notice string) error {
	ctx := c.Request().Context()
	t, _, mm, err := s.loadMatch(c, ref)
	if err != nil {
		return err
	}
	tables, err := s.store.TablesOfMatch(ctx, ref.id, ref.round, ref.match)
	if err != nil {
		return err
	}
	m := views.PlayAdminModel{TournamentID: t.ID, Name: t.Settings.Name, Round: ref.round, Match: ref.match, Form: f, Notice: notice, Swiss: mm.Row.Swiss,
		Pairing: strconv.Itoa(int(mm.Row.A)) + " " + mm.Row.AName + " – " + strconv.Itoa(int(mm.Row.B)) + " " + mm.Row.BName,
		Sides:   [2]string{strconv.Itoa(int(mm.Row.A)) + " " + mm.Row.AName, strconv.Itoa(int(mm.Row.B)) + " " + mm.Row.BName},
	}
	ps, err := s.store.PlaySettings(ctx, ref.id)
	if err != nil {
		return err
	}
	m.German = ps.GermanSuits
	_, err = t.PlayableMatch(ref.round, ref.match)
	m.CanStart = err == nil
	for _, dt := range tables {
		if dt.State == store.TablePlaying {
			m.CanStart = false
		}
		at, err := s.adminTable(c, dt)
		if err != nil {
			return err
		}
		m.Tables = append(m.Tables, at)
	}
	return render(c, status, views.PlayAdminPage(m))
}

// adminTable is a table as the staff see it: standing, never the cards.
func (s *server) adminTable(c echo.Context, dt store.DigitalTable) (views.PlayAdminTable, error) {
	at := views.PlayAdminTable{ID: dt.ID, State: dt.State, Names: dt.Names, Cards: [2]int{int(dt.Cards[0]), int(dt.Cards[1])},
		Recorded: dt.Recorded, Winner: -1, Started: dt.Created.Local().Format("15:04")}
	if r := dt.ResultRefusal(); r != nil {
		at.ResultError = ErrorText(r, lang(c))
	}
	for seat := range 2 {
		at.SeatURLs[seat] = s.requestBase(c) + views.PlayPath(dt.Seats[seat], "")
	}
	err := s.store.ReadTable(c.Request().Context(), dt.ID, func(_ store.DigitalTable, m *table.Match) error {
		v := m.Verdict()
		at.Deal, at.Running, at.Bummerl, at.Moves, at.Finished = len(m.Deals()), v.Running, v.Bummerl, m.Seq(), v.Finished
		if v.Winner != nil {
			at.Winner = *v.Winner
		}
		return nil
	})
	return at, err
}

// startTable starts a digital match for the match: the seed and the two
// seat links come from the server's randomness; the first dealer is
// drawn from the seed (S-2) unless the form sets it.
func (s *server) startTable(c echo.Context) error {
	ref, err := parseMatchRef(c)
	if err != nil {
		return err
	}
	f := views.NewForm(map[string]string{"first_dealer": c.FormValue("first_dealer")})
	seed, err := s.newTableSeed()
	if err != nil {
		return err
	}
	first := table.FirstDealerOf(seed)
	switch fd := c.FormValue("first_dealer"); fd {
	case "", "draw":
	case "0", "1":
		first, _ = strconv.Atoi(fd)
	default:
		return badRequest(c, "first_dealer", "form.choice_bad")
	}
	var seats [2]string
	for i := range seats {
		if seats[i], err = s.newSeatToken(); err != nil {
			return err
		}
	}
	if _, err := s.store.StartTable(c.Request().Context(), ref.id, ref.round, ref.match, actor(c), seed, first, seats); err != nil {
		perr := playError(c, err)
		var we *webError
		if errors.As(perr, &we) && we.Status < 500 {
			f.Fail(views.General, we.Message)
			return s.showPlayAdmin(c, ref, we.Status, f, "")
		}
		return perr
	}
	return redirect(c, views.PlayAdminPath(ref.id, ref.round, ref.match)+"?started=1")
}

// staffTable is the table of /t/:id/play/:table; it must belong to :id.
func (s *server) staffTable(c echo.Context) (store.DigitalTable, error) {
	id, err := tournamentID(c)
	if err != nil {
		return store.DigitalTable{}, err
	}
	tid, err := pathInt64(c, "table")
	if err != nil {
		return store.DigitalTable{}, err
	}
	dt, err := s.store.Table(c.Request().Context(), tid)
	if err != nil || dt.TournamentID != id {
		return dt, notFound(c)
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return dt, nil
}

// abandonTable ends a digital match: the players go on with paper.
func (s *server) abandonTable(c echo.Context) error {
	dt, err := s.staffTable(c)
	if err != nil {
		return err
	}
	if _, err := s.store.AbandonTable(c.Request().Context(), dt.ID, actor(c)); err != nil {
		return playError(c, err)
	}
	return redirect(c, views.PlayAdminPath(dt.TournamentID, dt.Round, dt.Match)+"?abandoned=1")
}

// seatQR is the QR code of a seat's link, for the staff to show.
func (s *server) seatQR(c echo.Context) error {
	dt, err := s.staffTable(c)
	if err != nil {
		return err
	}
	seat := map[string]int{"0": 0, "1": 1}[c.Param("seat")]
	if p := c.Param("seat"); p != "0" && p != "1" {
		return notFound(c)
	}
	png, err := qrcode.Encode(s.requestBase(c)+views.PlayPath(dt.Seats[seat], ""), qrcode.Medium, 320)
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, "image/png", png)
}

// tableRecord downloads the match record of a table's decided deals
// (FORMATS.md, with the deals' seeds).
func (s *server) tableRecord(c echo.Context) error {
	dt, err := s.staffTable(c)
	if err != nil {
		return err
	}
	return s.sendRecord(c, storeTable{s.store, dt}, dt)
}

// seatRecord is tableRecord for a seat's link, once the match is over
// (a practice game's at any time: it has nothing to hide from its player).
func (s *server) seatRecord(c echo.Context) error {
	l, err := s.seat(c)
	if err != nil {
		return err
	}
	if err := afterMatch(c, l); err != nil {
		return err
	}
	return s.sendRecord(c, l.t, l.dt)
}

// afterMatch refuses what a tournament's seat link shows only once its
// match is over (the replay, the record): during the match it would show
// what the table hides. A practice game shows its decided deals at once,
// to learn from them (issue 25).
func afterMatch(c echo.Context, l seatLink) error {
	if l.game == nil && l.dt.State == store.TablePlaying {
		return forbidden(c, "after_match", "replay.after_match")
	}
	return nil
}

func (s *server) sendRecord(c echo.Context, t seatTable, dt store.DigitalTable) error {
	var rec []byte
	err := t.read(c.Request().Context(), func(_ store.DigitalTable, m *table.Match) error {
		rec = m.MatchRecord()
		return nil
	})
	if err != nil {
		return err
	}
	name := "partie-" + strconv.FormatInt(dt.TournamentID, 10) + "-" + strconv.Itoa(dt.Round) + "-" + strconv.Itoa(dt.Match) + "-" + strconv.FormatInt(dt.ID, 10) + ".json"
	if dt.TournamentID == 0 {
		name = "uebung-" + strconv.FormatInt(dt.ID, 10) + ".json"
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, rec)
}

// setPlaySettings saves the tournament's settings of the digital tables
// (German-suited cards) and goes back to the page the form was on.
func (s *server) setPlaySettings(c echo.Context) error {
	id, err := tournamentID(c)
	if err != nil {
		return err
	}
	if _, err := s.store.Load(c.Request().Context(), id); err != nil {
		return err
	}
	if err := s.store.SetPlaySettings(c.Request().Context(), id, actor(c), store.PlaySettings{GermanSuits: c.FormValue("german_suits") != ""}); err != nil {
		return err
	}
	next := c.FormValue("next")
	if !strings.HasPrefix(next, tournamentURL(id, "/")) || strings.ContainsAny(next, "\\\r\n") {
		next = tournamentURL(id, "")
	}
	return redirect(c, next)
}

// tableReplay steps through a table's decided deals for the staff; with
// why the bot explains the step (tableWhy).
func (s *server) tableReplay(c echo.Context) error {
	dt, err := s.staffTable(c)
	if err != nil {
		return err
	}
	back := views.PlayAdminPath(dt.TournamentID, dt.Round, dt.Match)
	return s.replay(c, storeTable{s.store, dt}, dt, back, views.PlayTablePath(dt.TournamentID, dt.ID, "/replay"))
}

// seatReplay is tableReplay for a seat's link, once the match is over
// (afterMatch).
func (s *server) seatReplay(c echo.Context) error {
	l, err := s.seat(c)
	if err != nil {
		return err
	}
	if err := afterMatch(c, l); err != nil {
		return err
	}
	return s.replay(c, l.t, l.dt, l.base, l.base+"/replay")
}

// replay renders deal ?deal= (1-based) at step ?step= of a table; only
// decided deals are shown, the one in play never. On the route ending
// in /why (withoutSlot: the bot runs in its own pool) it adds the bot's
// estimate of every legal action at that step (issue 25 point 4).
func (s *server) replay(c echo.Context, t seatTable, dt store.DigitalTable, back, base string) error {
	ctx := c.Request().Context()
	_, german, err := t.look(ctx)
	if err != nil {
		return err
	}
	m := views.ReplayModel{Back: back, Base: base, German: german, Names: dt.Names, Practice: dt.TournamentID == 0,
		Title: textf(c, "replay.title", dt.Match, dt.Names[0], dt.Names[1])}
	if m.Practice {
		m.Title = textf(c, "practice.replay_title", dt.Names[1])
	}
	want, _ := strconv.Atoi(c.QueryParam("deal"))
	step, _ := strconv.Atoi(c.QueryParam("step"))
	var ask *bot.View            // the view the bot is asked about, for /why
	var played *schnapsen.Action // and the action taken there
	err = t.read(ctx, func(_ store.DigitalTable, match *table.Match) error {
		for i, d := range match.Deals() {
			if !d.Over() {
				continue
			}
			result := textf(c, "play.outcome", i+1, dt.Names[d.Result.Winner], d.Result.Points)
			if d.ResignedBy >= 0 {
				result += " (" + text(c, "replay.resigned") + ")"
			}
			m.Deals = append(m.Deals, views.ReplayDeal{No: i + 1, Result: result, Dealt: d.Dealt})
			if d.Dealt && (want == i+1 || want == 0 && m.Deal == 0) {
				m.Deal, m.Forehand, m.Seed, m.Steps = i+1, d.Forehand, strconv.FormatUint(d.Seed, 10), len(d.Record.Actions)
				m.Step = max(0, min(step, m.Steps))
				names := [2]string{dt.Names[d.Forehand], dt.Names[1-d.Forehand]}
				for _, a := range d.Record.Actions {
					m.Actions = append(m.Actions, views.ActionText(views.WithEnv(ctx, env(c)), a, names, german))
				}
				m.Snap, _ = table.Step(d.Record, m.Step) // the engine's own record: possible
				if strings.HasSuffix(c.Path(), "/why") && m.Snap.Verdict == nil {
					v, err := botView(match, i, m.Step, m.Snap.ToMove)
					if err != nil {
						return err // never: the engine's own record
					}
					ask, m.WhySeat = &v, names[m.Snap.ToMove]
					if m.Step < m.Steps {
						a := d.Record.Actions[m.Step]
						played = &a
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if ask != nil {
		if m.Why, err = s.explain(c, *ask, played); err != nil {
			return err
		}
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return render(c, http.StatusOK, views.ReplayPage(m))
}
