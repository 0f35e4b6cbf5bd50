package tournament

import (
	"slices"
	"time"

	"bummerl/domain/text"
)

// Event is when and where the tournament is played (issue 9): shown on the
// public and the printed pages, no rule depends on it. Every field is
// optional.
type Event struct {
	Date  string // "2026-03-14" (ISO 8601), "" when not set
	Venue string // "Gasthaus Zur Post, Kirchberg"
	Start string // "19:00"
}

// VenueField is the venue's text field.
var VenueField = text.Field{Name: "venue", De: "Ort", En: "Venue", Max: 120}

func (e Event) normalized() (Event, error) {
	var err error
	if e.Venue, err = cleanText(VenueField, e.Venue); err != nil {
		return e, err
	}
	if e.Date != "" {
		if _, err := time.Parse(time.DateOnly, e.Date); err != nil {
			return e, invalid("event_date_invalid", "date", e.Date)
		}
	}
	if e.Start != "" {
		if _, err := time.Parse("15:04", e.Start); err != nil {
			return e, invalid("event_start_invalid", "start", e.Start)
		}
	}
	return e, nil
}

// Day is the date as a time (midnight UTC), false when not set.
func (e Event) Day() (time.Time, bool) {
	d, err := time.Parse(time.DateOnly, e.Date)
	return d, err == nil
}

// sameRules reports whether two settings differ at most in their event
// and automatic calling, which are no rules.
func sameRules(a, b Settings) bool {
	a.Event, b.Event = Event{}, Event{}
	return slices.Equal(a.Prizes, b.Prizes) && func() bool { a.Prizes, b.Prizes = nil, nil; return a.equalScalars(b) }()
}

func (s Settings) equalScalars(o Settings) bool {
	return s.Name == o.Name && s.Cards == o.Cards && s.MaxCards == o.MaxCards && s.PriceCents == o.PriceCents &&
		s.Variant == o.Variant && s.Closing == o.Closing && s.BummerlToWin == o.BummerlToWin && s.MultiplePrizes == o.MultiplePrizes &&
		s.Form == o.Form && s.Swiss == o.Swiss
}
