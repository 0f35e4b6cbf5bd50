package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/views"
)

// The staff's referee page (issue 11): a game or match record pasted or
// uploaded is judged by the same function as bummerl referee and POST
// /api/referee (referee.Judge), and each Schnapsen deal in it is replayed
// step by step with both hands open.

// maxRefereeGames bounds the deals replayed on one page.
const maxRefereeGames = 70

func (s *server) refereePage(c echo.Context) error {
	return render(c, http.StatusOK, views.RefereePage(views.RefereeModel{Form: views.NewForm(map[string]string{"record": ""})}))
}

// refereeJudge judges the posted record: 200 with the verdict, 422 with
// the referee's error for an impossible record or an empty form.
func (s *server) refereeJudge(c echo.Context) error {
	data := c.FormValue("record")
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		f, err := fh.Open()
		if err != nil {
			return err
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, maxAPIRefereeInput+1))
		if err != nil {
			return err
		}
		if len(b) > maxAPIRefereeInput {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		data = string(b)
	}
	m := views.RefereeModel{Form: views.NewForm(map[string]string{"record": data})}
	if strings.TrimSpace(data) == "" {
		m.Form.Fail("record", text(c, "referee.empty"))
		return render(c, http.StatusUnprocessableEntity, views.RefereePage(m))
	}
	// The replay below costs as much as the verdict: both under the bound.
	leave, err := s.judges.admit(c)
	if err != nil {
		return err
	}
	defer leave()
	done, err := s.judges.place(c)
	if err != nil {
		return err
	}
	defer done()
	status := http.StatusOK
	verdict, err := s.judges.judge([]byte(data))
	if err != nil {
		if _, ok := err.(json.Marshaler); !ok {
			return err
		}
		verdict, status, m.Impossible = err, http.StatusUnprocessableEntity, true
		var msg interface{ Text(string) string }
		if errors.As(err, &msg) {
			m.Message = msg.Text(lang(c))
		}
	}
	out, err := json.MarshalIndent(verdict, "", "  ")
	if err != nil {
		return err
	}
	m.Verdict = string(out)
	if mv, ok := verdict.(schnapsen.MatchVerdict); ok {
		m.Match = &mv
	}
	m.Games = refereeGames(c, []byte(data))
	return render(c, status, views.RefereePage(m))
}

// refereeGames are the Schnapsen game records in data (the record itself,
// or the deals of a match record given in full, also under "game" as the
// digital tables write a resigned deal), each replayed step by step.
func refereeGames(c echo.Context, data []byte) []views.RefereeGame {
	var probe struct {
		Deals []json.RawMessage `json:"deals"`
	}
	var raws []json.RawMessage
	titles := []string{}
	if json.Unmarshal(data, &probe) == nil && probe.Deals != nil {
		for i, d := range probe.Deals {
			var inner struct {
				Deck json.RawMessage `json:"deck"`
				Game json.RawMessage `json:"game"`
			}
			if json.Unmarshal(d, &inner) != nil {
				continue
			}
			switch {
			case inner.Deck != nil:
				raws = append(raws, d)
			case inner.Game != nil:
				raws = append(raws, inner.Game)
			default:
				continue
			}
			titles = append(titles, textf(c, "play.deal", i+1))
		}
	} else if bytes.Contains(data, []byte(`"deck"`)) {
		raws, titles = []json.RawMessage{data}, []string{text(c, "referee.game")}
	}
	ctx := views.WithEnv(c.Request().Context(), env(c))
	names := [2]string{textf(c, "referee.seat", 0), textf(c, "referee.seat", 1)}
	var games []views.RefereeGame
	for i, raw := range raws {
		if i == maxRefereeGames {
			break
		}
		rec, err := schnapsen.ParseGameRecord(raw)
		if err != nil {
			continue // the verdict above says what is wrong
		}
		g := views.RefereeGame{Title: titles[i]}
		for k := 0; k <= len(rec.Actions); k++ {
			snap, err := table.Step(rec, k)
			if err != nil {
				var re *schnapsen.RecordError
				if errors.As(err, &re) && re.Action >= 0 {
					g.Error = textf(c, "referee.step_error", re.Action, re.Text(lang(c)))
				} else {
					g.Error = err.Error()
				}
				break
			}
			action := text(c, "referee.dealt")
			if k > 0 {
				action = views.ActionText(ctx, rec.Actions[k-1], names, false)
			}
			g.Steps = append(g.Steps, views.RefereeStep{Action: action, Snap: snap})
			if snap.Verdict != nil && k < len(rec.Actions) {
				g.Error = textf(c, "referee.step_error", k, text(c, "referee.after_end"))
				break
			}
		}
		games = append(games, g)
	}
	return games
}
