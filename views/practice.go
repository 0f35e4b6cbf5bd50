package views

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"bummerl/domain/schnapsen"
)

// PracticeModel is the start page of a practice game against the bot
// (issue 25): opened from the start page, or from a card's page with the
// tournament's rules and cards.
type PracticeModel struct {
	TournamentID int64 // 0: from the start page
	Tournament   string
	Card         int
	Player       string
	Back         string // the page it was opened from
	German       bool
	Variant      schnapsen.Variant // "" means soft Schnapsen
}

// PracticePath is the start page of a practice game, from tournament id's
// card no (0, 0: from the start page).
func PracticePath(id int64, card int) string {
	if id <= 0 {
		return "/practice"
	}
	p := "/practice?t=" + strconv.FormatInt(id, 10)
	if card > 0 {
		p += "&card=" + strconv.Itoa(card)
	}
	return p
}

func (m PracticeModel) variant() schnapsen.Variant {
	if m.Variant == "" {
		return schnapsen.Soft
	}
	return m.Variant
}

// title is a seat page's title: the table and the tournament, or the
// practice game.
func (m PlayModel) title(ctx context.Context) string {
	if m.Practice {
		return t(ctx, "practice.title")
	}
	return t(ctx, "play.title") + " · " + m.Tournament
}

// WhyRow is the bot's estimate of one legal action (domain/bot Explain).
type WhyRow struct {
	Action  schnapsen.Action
	Points  float64 // expected game points, won minus lost (−3 … 3)
	Win     float64 // chance to win the deal
	Bummerl float64 // chance to win the Bummerl
	Played  bool    // the action taken at this step
}

func percent(x float64) string { return fmt.Sprintf("%.0f %%", 100*x) }

// signedPoints is an expected number of game points with its sign:
// "+0,25", "−1,50" (German decimal comma; English "+0.25", "−1.50").
func signedPoints(ctx context.Context, x float64) string {
	s := strings.Replace(fmt.Sprintf("%+.2f", x), "-", "−", 1)
	if EnvOf(ctx).Lang != "en" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// whyLink is the bot's explanation of step (the state before action
// step+1) of the deal shown.
func (m ReplayModel) whyLink(step int) string {
	return m.Base + "/why?deal=" + strconv.Itoa(m.Deal) + "&step=" + strconv.Itoa(step)
}
