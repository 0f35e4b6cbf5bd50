package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/store"
)

func TestCreateTournament(t *testing.T) {
	app := newTestApp(t)
	c := app.LoggedIn("Anna", store.Organiser)

	tour := c.CreateTournament(webtest.SettingsForm(map[string]string{"variant": "sharp", "closing": "count-later", "bummerl_to_win": "3"}))
	got, err := app.Store.Load(t.Context(), webtest.TournamentOf(t, tour))
	if err != nil {
		t.Fatal(err)
	}
	s := got.Settings
	if s.Name != "Preisschnapsen Hinterbrühl" || s.Cards != 8 || s.MaxCards != 3 || s.PriceCents != 1250 ||
		s.Variant != schnapsen.Sharp || s.Closing != schnapsen.CountLater || s.BummerlToWin != 3 ||
		len(s.Prizes) != 2 || s.Prizes[0] != "Schinken" || !s.MultiplePrizes {
		t.Errorf("settings saved: %+v", s)
	}
	webtest.MustContain(t, c.Get("/tournaments").Body, "Preisschnapsen Hinterbrühl")
}

func TestTournamentFormErrors(t *testing.T) {
	app := newTestApp(t)
	c := app.LoggedIn("Anna", store.Organiser)
	tests := map[string]struct {
		overrides map[string]string
		field     string
		message   string
	}{
		"name missing":       {map[string]string{"name": ""}, "name", "Der Name fehlt"},
		"N not power of 2":   {map[string]string{"cards": "48"}, "cards", "Zweierpotenz"},
		"N not a number":     {map[string]string{"cards": "viele"}, "cards", "ganze Zahl"},
		"price unreadable":   {map[string]string{"price": "zehn"}, "price", "12,50"},
		"price too high":     {map[string]string{"price": "9999999,99"}, "price", "höchstens 10.000,00 €"},
		"RLO in name":        {map[string]string{"name": "Kirtag \u202e"}, "name", "Turniername enthält ein unsichtbares Zeichen (U+202E)"},
		"name too long":      {map[string]string{"name": strings.Repeat("x", 121)}, "name", "Turniername: höchstens 120 Zeichen, nicht 121"},
		"prize too long":     {map[string]string{"prize_2": strings.Repeat("x", 201)}, "prizes", "Preis 2: höchstens 200 Zeichen, nicht 201"},
		"ESC in prize":       {map[string]string{"prize_2": "Wein\x1b"}, "prizes", "Preis 2 enthält ein Steuerzeichen (U+001B)"},
		"max cards zero":     {map[string]string{"max_cards": "0"}, "max_cards", "mindestens 1"},
		"prize count forged": {map[string]string{"prizes": "99"}, "prizes", "angebotenen Werte"},
		"8 prizes, 4 cards": {map[string]string{"cards": "4", "prizes": "8", "prize_3": "Speck", "prize_4": "Brot",
			"prize_5": "Wein", "prize_6": "Most", "prize_7": "Kren", "prize_8": "Salz"}, "prizes", "Für 8 Preise braucht es mindestens 8 Karten"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			form := webtest.SettingsForm(tc.overrides)
			form.Set("name", form.Get("name")+" <b>"+name+"</b>")
			if v, ok := tc.overrides["name"]; ok {
				form.Set("name", v)
			}
			r := c.Post("/tournaments", form)
			if r.Status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", r.Status)
			}
			i := strings.Index(r.Body, `data-testid="error-`+tc.field+`"`)
			if i < 0 {
				t.Fatalf("no message at field %s:\n%s", tc.field, r.Body)
			}
			webtest.MustContain(t, r.Body[i:i+300], tc.message)
			// The input is kept (and escaped).
			webtest.MustContain(t, r.Body, `value="`+escape(form.Get("name"))+`"`, `value="Schinken"`)
		})
	}
	if list, _ := app.Store.Tournaments(t.Context()); len(list) != 0 {
		t.Errorf("refused forms created %d tournaments", len(list))
	}
}

func escape(s string) string {
	return strings.NewReplacer("<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(s)
}

func TestEditSettings(t *testing.T) {
	app := newTestApp(t)
	c := app.LoggedIn("Anna", store.Organiser)
	tour := c.CreateTournament(webtest.SettingsForm(nil))

	r := c.Get(tour + "/settings")
	webtest.MustContain(t, r.Body, `value="12,50"`, `value="Preisschnapsen Hinterbrühl"`)

	r = c.Post(tour+"/settings", webtest.SettingsForm(map[string]string{"cards": "16", "price": "8", "name": "Herbstturnier"}))
	if r.Status != http.StatusSeeOther || r.Location() != tour+"/settings?saved=1" {
		t.Fatalf("save: %d %q\n%s", r.Status, r.Location(), r.Body)
	}
	webtest.MustContain(t, c.Get(r.Location()).Body, `data-testid="settings-saved"`, `value="Herbstturnier"`, `value="8,00"`)

	// After the draw the settings are locked, with a clear message.
	for _, name := range []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"} {
		c.Post(tour+"/sale", url.Values{"name": {name}, "count": {"1"}})
	}
	app.DrawRound1(webtest.TournamentOf(t, tour))
	webtest.MustContain(t, c.Get(tour+"/settings").Body, `data-testid="settings-locked"`, "<fieldset disabled>")
	r = c.Post(tour+"/settings", webtest.SettingsForm(map[string]string{"name": "Zu spät"}))
	if r.Status != http.StatusConflict {
		t.Fatalf("save after draw: status %d, want 409", r.Status)
	}
	webtest.MustContain(t, r.Body, "Die Einstellungen stehen fest", `data-testid="settings-locked"`)
	got, _ := app.Store.Load(t.Context(), webtest.TournamentOf(t, tour))
	if got.Settings.Name != "Herbstturnier" {
		t.Errorf("name after refused change = %q", got.Settings.Name)
	}
}

func TestParseCents(t *testing.T) {
	tests := map[string]struct {
		in    string
		cents int
		ok    bool
	}{
		"whole":          {"12", 1200, true},
		"comma":          {"12,50", 1250, true},
		"point":          {"12.5", 1250, true},
		"euro sign":      {"€ 7,05", 705, true},
		"trailing euro":  {"7,05 €", 705, true},
		"zero":           {"0", 0, true},
		"negative":       {"-5", 0, false},
		"three decimals": {"1,505", 0, false},
		"words":          {"zehn", 0, false},
		"empty":          {"", 0, false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			cents, ok := parseCents(tc.in)
			if cents != tc.cents || ok != tc.ok {
				t.Errorf("parseCents(%q) = %d, %v; want %d, %v", tc.in, cents, ok, tc.cents, tc.ok)
			}
		})
	}
}

func TestBackupDownload(t *testing.T) {
	app := newTestApp(t)
	c := app.LoggedIn("Anna", store.Organiser)
	c.CreateTournament(webtest.SettingsForm(nil))
	r := c.Get("/backup")
	if r.Status != http.StatusOK {
		t.Fatalf("status %d", r.Status)
	}
	if !strings.HasPrefix(r.Body, "SQLite format 3\x00") {
		t.Errorf("backup is not a SQLite file: %q", r.Body[:min(len(r.Body), 20)])
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="bummerl-`) {
		t.Errorf("Content-Disposition %q", cd)
	}
}
