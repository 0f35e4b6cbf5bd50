package web

import (
	"bytes"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

func TestPublicPagesShowNoPhone(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "4", "max_cards": "2"}))
	const phone = "0664-555-0199"
	org.Post(tour+"/sale", url.Values{"name": {"Franz"}, "club": {"SV Mödling"}, "phone": {phone}, "count": {"2"}})
	org.Post(tour+"/sale", url.Values{"name": {"Maria"}, "phone": {phone}, "count": {"1"}})
	// Staff see the phone at the desk.
	webtest.MustContain(t, org.Get(tour+"/sale?q=franz").Body, phone)

	anon := app.Client()
	paths := []string{"/", tour, tour + "/card/1", tour + "/card/3", "/api/tournaments/" + strings.TrimPrefix(tour, "/t/") + "/cards/1/next"}
	check := func(stage string) {
		for _, p := range paths {
			r := anon.Get(p)
			if r.Status != http.StatusOK {
				t.Fatalf("%s %s: status %d", stage, p, r.Status)
			}
			webtest.MustNotContain(t, r.Body, phone, "0664")
		}
	}
	check("before the draw")
	webtest.MustContain(t, anon.Get(tour+"/card/1").Body, `data-testid="player-name">Franz<`, `data-testid="player-cards">1, 2<`, "Noch nicht ausgelost")

	app.DrawRound1(webtest.TournamentOf(t, tour))
	check("after the draw")
	// Round 1 of 4 cards: every card of Franz has a match or a bye.
	r := anon.Get(tour + "/card/2")
	webtest.MustContain(t, r.Body, `data-testid="next-1"`, `data-testid="next-2"`, "Halbfinale")
	// htmx polling gets only the part that changes.
	frag := anon.Request(http.MethodGet, tour+"/card/2", nil, map[string]string{"HX-Request": "true"})
	webtest.MustContain(t, frag.Body, `data-testid="next-1"`)
	webtest.MustNotContain(t, frag.Body, "<html")
}

func TestCardLookup(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(nil))
	org.Post(tour+"/sale", url.Values{"name": {"Franz"}, "count": {"1"}})
	anon := app.Client()
	tests := map[string]struct {
		path     string
		status   int
		location string
	}{
		"form":          {tour + "/card?no=1", http.StatusSeeOther, tour + "/card/1"},
		"form garbage":  {tour + "/card?no=x", http.StatusBadRequest, ""},
		"sold card":     {tour + "/card/1", http.StatusOK, ""},
		"unsold card":   {tour + "/card/5", http.StatusNotFound, ""},
		"card garbage":  {tour + "/card/abc", http.StatusNotFound, ""},
		"no tournament": {"/t/999/card/1", http.StatusNotFound, ""},
		"bad id":        {"/t/x", http.StatusNotFound, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := anon.Get(tc.path)
			if r.Status != tc.status || r.Location() != tc.location {
				t.Errorf("%s: %d %q, want %d %q", tc.path, r.Status, r.Location(), tc.status, tc.location)
			}
		})
	}
}

func TestEntryCardsAndQR(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(nil))
	org.Post(tour+"/sale", url.Values{"name": {"Franz"}, "count": {"2"}})

	r := org.Get(tour + "/entry-cards")
	webtest.MustContain(t, r.Body, `data-testid="entry-card-1"`, `data-testid="entry-card-2"`,
		"http://bummerl.test"+tour+"/card/1", "http://bummerl.test"+tour+"/card/2<")
	if n := strings.Count(r.Body, `<svg class="qr"`); n != 2 {
		t.Errorf("2 entry cards, %d QR codes", n)
	}
	webtest.MustNotContain(t, r.Body, `data-testid="loopback-qr"`)
	// QR codes to this computer only: the organiser is told before printing.
	serverOf(app).baseURL = "http://127.0.0.1:8080"
	r = org.Get(tour + "/entry-cards")
	webtest.MustContain(t, r.Body, `data-testid="loopback-qr"`, "kein Handy", "--base-url")
	serverOf(app).baseURL = "http://bummerl.test"

	qr := app.Client().Get(tour + "/card/1/qr.png")
	if qr.Status != http.StatusOK || qr.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("QR: %d %q", qr.Status, qr.Header.Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader([]byte(qr.Body)))
	if err != nil || img.Bounds().Dx() < 200 {
		t.Errorf("QR image: %v, %v", img, err)
	}
	if r := app.Client().Get(tour + "/card/9/qr.png"); r.Status != http.StatusNotFound {
		t.Errorf("QR of unsold card: status %d", r.Status)
	}
}

func TestIsLoopback(t *testing.T) {
	for name, tc := range map[string]struct {
		base string
		want bool
	}{
		"localhost":     {"http://localhost:8080", true},
		"IPv4 loopback": {"http://127.0.0.1:18080", true},
		"IPv6 loopback": {"http://[::1]:8080", true},
		"venue Wi-Fi":   {"http://192.168.1.20:8080", false},
		"host name":     {"https://schnapsen.example", false},
		"unparseable":   {"http://[::1", false},
	} {
		t.Run(name, func(t *testing.T) {
			if got := isLoopback(tc.base); got != tc.want {
				t.Errorf("isLoopback(%q) = %v, want %v", tc.base, got, tc.want)
			}
		})
	}
}
