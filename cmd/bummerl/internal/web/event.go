package web

import (
	"strings"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// eventKey holds a tournament page's date, start and venue in words
// (issue 9), set by loadTournament; the layout shows it on every page of
// the tournament, on screen and printed.
const eventKey = "event"

var (
	weekdaysDe = []string{"So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."}
	weekdaysEn = []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
)

// eventLine is "Sa., 14.03.2026 · Beginn 19:00 Uhr · Gasthaus Zur Post",
// the parts that are set; "" when none is.
func eventLine(lang string, e tournament.Event) string {
	var parts []string
	if d := eventDay(lang, e); d != "" {
		parts = append(parts, d)
	}
	if e.Start != "" {
		parts = append(parts, views.Textf(lang, "event.starts", e.Start))
	}
	if e.Venue != "" {
		parts = append(parts, e.Venue)
	}
	return strings.Join(parts, " · ")
}

// eventDay is the tournament's date in words ("Sa., 14.03.2026"), or "".
func eventDay(lang string, e tournament.Event) string {
	d, ok := e.Day()
	switch {
	case !ok:
		return ""
	case lang == "en":
		return weekdaysEn[d.Weekday()] + " " + d.Format("2 January 2006")
	}
	return weekdaysDe[d.Weekday()] + ", " + d.Format("02.01.2006")
}
