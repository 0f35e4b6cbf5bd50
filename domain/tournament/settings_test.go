package tournament

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bummerl/domain/schnapsen"
)

// P-9, P-1, P-7, B-3: every setting is checked and the error names its field.
func TestValidate(t *testing.T) {
	tests := map[string]struct {
		edit  func(s *Settings)
		code  string
		field string
	}{
		"valid":                 {func(s *Settings) {}, "", ""},
		"N 4":                   {func(s *Settings) { s.Cards, s.Prizes = 4, s.Prizes[:4] }, "", ""},
		"N 4096":                {func(s *Settings) { s.Cards = 4096 }, "", ""},
		"P-1 N not power of 2":  {func(s *Settings) { s.Cards = 48 }, "cards_not_power_of_two", "cards"},
		"P-1 N 2":               {func(s *Settings) { s.Cards = 2 }, "cards_not_power_of_two", "cards"},
		"P-1 N 8192":            {func(s *Settings) { s.Cards = 8192 }, "cards_not_power_of_two", "cards"},
		"P-1 N 0":               {func(s *Settings) { s.Cards = 0 }, "cards_not_power_of_two", "cards"},
		"P-1 max cards 0":       {func(s *Settings) { s.MaxCards = 0 }, "max_cards_invalid", "max_cards"},
		"negative price":        {func(s *Settings) { s.PriceCents = -1 }, "price_negative", "price"},
		"free entry":            {func(s *Settings) { s.PriceCents = 0 }, "", ""},
		"price at the cap":      {func(s *Settings) { s.PriceCents = MaxPriceCents }, "", ""},
		"price above the cap":   {func(s *Settings) { s.PriceCents = MaxPriceCents + 1 }, "price_too_high", "price"},
		"price 2^63-1":          {func(s *Settings) { s.PriceCents = 1<<63 - 1 }, "price_too_high", "price"},
		"no name":               {func(s *Settings) { s.Name = "  " }, "name_required", "name"},
		"long name":             {func(s *Settings) { s.Name = strings.Repeat("ö", 121) }, "text_too_long", "name"},
		"name 120":              {func(s *Settings) { s.Name = strings.Repeat("ö", 120) }, "", ""},
		"RLO in name":           {func(s *Settings) { s.Name = "Kirtag \u202e" }, "text_invisible_character", "name"},
		"ESC in name":           {func(s *Settings) { s.Name = "Kirtag \x1b[5m" }, "text_control_character", "name"},
		"prize 200":             {func(s *Settings) { s.Prizes[2] = strings.Repeat("x", 200) }, "", ""},
		"prize 201":             {func(s *Settings) { s.Prizes[2] = strings.Repeat("x", 201) }, "text_too_long", "prizes"},
		"NUL in prize":          {func(s *Settings) { s.Prizes[0] = "Gans\x00" }, "text_control_character", "prizes"},
		"invalid prize":         {func(s *Settings) { s.Prizes[7] = "Gans \xc3" }, "text_invalid_utf8", "prizes"},
		"variant":               {func(s *Settings) { s.Variant = "hard" }, "variant_invalid", "variant"},
		"empty variant":         {func(s *Settings) { s.Variant = "" }, "variant_invalid", "variant"},
		"closing":               {func(s *Settings) { s.Closing = "never" }, "closing_invalid", "closing"},
		"B-3 bummerl 0":         {func(s *Settings) { s.BummerlToWin = 0 }, "bummerl_invalid", "bummerl_to_win"},
		"B-3 bummerl 4":         {func(s *Settings) { s.BummerlToWin = 4 }, "bummerl_invalid", "bummerl_to_win"},
		"P-7 3 prizes":          {func(s *Settings) { s.Prizes = s.Prizes[:3] }, "prizes_count", "prizes"},
		"P-7 no prizes":         {func(s *Settings) { s.Prizes = nil }, "prizes_count", "prizes"},
		"P-7 2 prizes":          {func(s *Settings) { s.Prizes = s.Prizes[:2] }, "", ""},
		"P-7 8 prizes, 4 cards": {func(s *Settings) { s.Cards = 4 }, "prizes_exceed_cards", "prizes"},
		"P-7 4 prizes, 4 cards": {func(s *Settings) { s.Cards, s.Prizes = 4, s.Prizes[:4] }, "", ""},
		"P-7 8 prizes, 8 cards": {func(s *Settings) { s.Cards = 8 }, "", ""},
		"blank prize":           {func(s *Settings) { s.Prizes[5] = " " }, "prize_description_required", "prizes"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			s := settings(64, 8, false)
			tc.edit(&s)
			err := s.Validate()
			wantCode(t, err, tc.code)
			if _, nerr := New(s); ErrorCode(nerr) != tc.code {
				t.Errorf("New: %v, want code %q", nerr, tc.code)
			}
			if err != nil && err.(*Error).Field != tc.field {
				t.Errorf("field = %q, want %q", err.(*Error).Field, tc.field)
			}
		})
	}
}

func TestNewCopiesPrizes(t *testing.T) {
	s := settings(16, 4, false)
	s.Name = "  Kirtag  "
	tr := mustNew(t, s)
	s.Prizes[0] = "changed"
	if tr.Settings.Prizes[0] != "Preis 1" || tr.Settings.Name != "Kirtag" {
		t.Errorf("settings = %+v", tr.Settings)
	}
}

// The texts of the settings are stored in NFC, trimmed, by New and by
// ChangeSettings alike; a refused message names the prize.
func TestSettingsTextsNFC(t *testing.T) {
	s := settings(16, 2, false)
	s.Name, s.Prizes[1] = " Kirtag in Mo\u0308dling ", " Ka\u0308se "
	tr := mustNew(t, s)
	if tr.Settings.Name != "Kirtag in Mödling" || tr.Settings.Prizes[1] != "Käse" {
		t.Errorf("New: %q, %q", tr.Settings.Name, tr.Settings.Prizes)
	}
	s.Name = "Wu\u0308rstel"
	must(t, tr.ChangeSettings(s))
	if tr.Settings.Name != "Würstel" {
		t.Errorf("ChangeSettings: %q", tr.Settings.Name)
	}
	s.Prizes[1] = "Speck\u202e"
	err := tr.ChangeSettings(s)
	wantCode(t, err, "text_invisible_character")
	if got := err.(*Error).Text("de"); !strings.HasPrefix(got, "Preis 2 enthält ein unsichtbares Zeichen (U+202E)") {
		t.Errorf("message %q", got)
	}
}

// P-9: settings are fixed once round 1 is drawn, and they may not
// invalidate sales made before.
func TestChangeSettings(t *testing.T) {
	tests := map[string]struct {
		edit func(s *Settings)
		draw bool
		code string
	}{
		"more cards": {func(s *Settings) { s.Cards = 32 }, false, ""},
		"price":      {func(s *Settings) { s.PriceCents = 500 }, false, ""},
		"every other field": {func(s *Settings) {
			s.Name, s.MaxCards, s.Variant, s.Closing = "  Herbstturnier  ", 4, schnapsen.Sharp, schnapsen.CountLater
			s.BummerlToWin, s.Prizes, s.MultiplePrizes = 3, []string{"Schinken", " Wein "}, true
		}, false, ""},
		"invalid":                 {func(s *Settings) { s.Cards = 12 }, false, "cards_not_power_of_two"},
		"N below sold":            {func(s *Settings) { s.Cards = 4 }, false, "cards_below_sold"},
		"max cards below held":    {func(s *Settings) { s.MaxCards = 2 }, false, "max_cards_below_held"},
		"locked after the draw":   {func(s *Settings) { s.PriceCents = 500 }, true, "settings_locked"},
		"same settings after too": {func(s *Settings) {}, true, "settings_locked"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 4, false))
			buyer(t, tr, "Huber", 3)
			sellOut(t, tr, 3)
			if tc.draw {
				must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
			}
			s := tr.Settings
			tc.edit(&s)
			before := clone(t, tr)
			err := tr.ChangeSettings(s)
			wantCode(t, err, tc.code)
			if err != nil {
				unchanged(t, before, tr)
				return
			}
			// Read back: every field as given (texts trimmed), the sales kept.
			want := s
			want.Name = strings.TrimSpace(s.Name)
			want.Prizes = slices.Clone(s.Prizes)
			for i := range want.Prizes {
				want.Prizes[i] = strings.TrimSpace(want.Prizes[i])
			}
			if !reflect.DeepEqual(tr.Settings, want) || tr.Version != before.Version+1 {
				t.Errorf("settings = %+v, version %d; want %+v, version %d", tr.Settings, tr.Version, want, before.Version+1)
			}
			if !reflect.DeepEqual(tr.Cards, before.Cards) || !reflect.DeepEqual(tr.Players, before.Players) {
				t.Errorf("sales changed: cards %+v, players %+v", tr.Cards, tr.Players)
			}
		})
	}
}

func TestSettingsUnlockedAfterUndo(t *testing.T) {
	tr := mustNew(t, settings(4, 2, false))
	sellOut(t, tr, 4)
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
	s := tr.Settings
	s.PriceCents = 1
	wantCode(t, tr.ChangeSettings(s), "settings_locked")
	must(t, tr.UndoDraw())
	must(t, tr.ChangeSettings(s))
	if tr.Settings.PriceCents != 1 {
		t.Errorf("price after the change = %d, want 1", tr.Settings.PriceCents)
	}
}

// P-2: more than N/2 cards must be sold, else the largest smaller N' that fits is suggested.
func TestShortfall(t *testing.T) {
	tests := map[string]struct {
		n, sold int
		short   bool
		suggest int
	}{
		"half plus one":     {64, 33, false, 0},
		"sold out":          {64, 64, false, 0},
		"exactly half":      {64, 32, true, 32},
		"a quarter":         {64, 16, true, 16},
		"a quarter plus 1":  {64, 17, true, 32},
		"three of 16":       {16, 3, true, 4},
		"two of 16":         {16, 2, true, 0},
		"nothing sold":      {8, 0, true, 0},
		"two of 4":          {4, 2, true, 0},
		"three of 4":        {4, 3, false, 0},
		"far too few of 4k": {4096, 100, true, 128},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(tc.n, 2, false))
			sellOut(t, tr, tc.sold)
			short, suggest := tr.Shortfall()
			if short != tc.short || suggest != tc.suggest {
				t.Errorf("Shortfall() = %v, %d; want %v, %d", short, suggest, tc.short, tc.suggest)
			}
			_, err := tr.NextDraw()
			if tc.short {
				wantCode(t, err, "too_few_cards_sold")
			} else {
				must(t, err)
			}
		})
	}
}

// P-2: accepting the suggestion moves numbers above N' down into the
// lowest free numbers, in ascending order of the old number.
func TestResize(t *testing.T) {
	tr := mustNew(t, settings(16, 2, false))
	sellOut(t, tr, 12)
	for c := CardNo(1); c <= 6; c++ {
		must(t, tr.CancelSale(c))
	}
	if short, suggest := tr.Shortfall(); !short || suggest != 8 {
		t.Fatalf("Shortfall() = %v, %d", short, suggest)
	}
	before := clone(t, tr)
	wantCode(t, tr.Resize(4), "cards_below_sold")
	wantCode(t, tr.Resize(12), "cards_not_power_of_two")
	unchanged(t, before, tr)
	must(t, tr.Resize(8))
	got := map[CardNo]PlayerID{}
	for _, c := range tr.Cards {
		got[c.No] = c.Player
	}
	want := map[CardNo]PlayerID{7: 7, 8: 8, 1: 9, 2: 10, 3: 11, 4: 12}
	if !maps.Equal(got, want) {
		t.Errorf("cards after resize = %v, want %v", got, want)
	}
	if _, err := tr.NextDraw(); err != nil {
		t.Errorf("NextDraw after resize: %v", err)
	}
	if _, ok := tr.Card(9); ok {
		t.Error("card 9 still exists")
	}
}

// P-2, P-7: shrinking to N' keeps only the first N' prizes, since N' cards
// decide only N' places; the settings form refuses that instead.
func TestResizeDropsPrizes(t *testing.T) {
	tr := mustNew(t, settings(16, 8, false))
	sellOut(t, tr, 3)
	if short, suggest := tr.Shortfall(); !short || suggest != 4 {
		t.Fatalf("Shortfall() = %v, %d", short, suggest)
	}
	s := tr.Settings
	s.Cards = 4
	before := clone(t, tr)
	wantCode(t, tr.ChangeSettings(s), "prizes_exceed_cards")
	unchanged(t, before, tr)
	must(t, tr.Resize(4))
	if want := []string{"Preis 1", "Preis 2", "Preis 3", "Preis 4"}; !slices.Equal(tr.Settings.Prizes, want) {
		t.Errorf("prizes after resize = %q, want %q", tr.Settings.Prizes, want)
	}
	must(t, tr.Settings.Validate())
}

// Issue 9: date, venue and start time are checked, and may be corrected
// after the draw, alone.
func TestEventSettings(t *testing.T) {
	s := settings(8, 2, false)
	s.Event = Event{Date: "2026-03-14", Venue: "  Gasthaus Zur Post ", Start: "19:00"}
	tr := mustNew(t, s)
	if tr.Settings.Event.Venue != "Gasthaus Zur Post" {
		t.Errorf("venue %q", tr.Settings.Event.Venue)
	}
	for _, bad := range []Event{{Date: "14.3.2026"}, {Start: "7 pm"}, {Venue: "a\\x00b"}} {
		s2 := tr.Settings
		s2.Event = bad
		if bad.Venue != "" {
			s2.Event.Venue = "a\x00b"
		}
		if err := tr.ChangeSettings(s2); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	sellOut(t, tr, 8)
	must(t, tr.ApplyDraw(pairs{Main: {{1, 2}, {3, 4}, {5, 6}, {7, 8}}}.draw()))
	s2 := tr.Settings
	s2.Event.Start = "19:30"
	must(t, tr.ChangeSettings(s2))
	if tr.Settings.Event.Start != "19:30" {
		t.Errorf("start %q", tr.Settings.Event.Start)
	}
	s2.PriceCents++
	wantCode(t, tr.ChangeSettings(s2), "settings_locked")
}
