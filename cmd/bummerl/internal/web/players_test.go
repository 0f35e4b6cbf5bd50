package web

import (
	"bytes"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bummerl/store"
)

func TestPublicPagesShowNoPhone(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "4", "max_cards": "2"}))
	const phone = "0664-555-0199"
	org.post(tour+"/sale", url.Values{"name": {"Franz"}, "club": {"SV Mödling"}, "phone": {phone}, "count": {"2"}})
	org.post(tour+"/sale", url.Values{"name": {"Maria"}, "phone": {phone}, "count": {"1"}})
	// Staff see the phone at the desk.
	mustContain(t, org.get(tour+"/sale?q=franz").body, phone)

	anon := app.client()
	paths := []string{"/", tour, tour + "/card/1", tour + "/card/3", "/api/tournaments/" + strings.TrimPrefix(tour, "/t/") + "/cards/1/next"}
	check := func(stage string) {
		for _, p := range paths {
			r := anon.get(p)
			if r.status != http.StatusOK {
				t.Fatalf("%s %s: status %d", stage, p, r.status)
			}
			mustNotContain(t, r.body, phone, "0664")
		}
	}
	check("before the draw")
	mustContain(t, anon.get(tour+"/card/1").body, `data-testid="player-name">Franz<`, `data-testid="player-cards">1, 2<`, "Noch nicht ausgelost")

	app.drawRound1(tournamentOf(t, tour))
	check("after the draw")
	// Round 1 of 4 cards: every card of Franz has a match or a bye.
	r := anon.get(tour + "/card/2")
	mustContain(t, r.body, `data-testid="next-1"`, `data-testid="next-2"`, "Halbfinale")
	// htmx polling gets only the part that changes.
	frag := anon.request(http.MethodGet, tour+"/card/2", nil, map[string]string{"HX-Request": "true"})
	mustContain(t, frag.body, `data-testid="next-1"`)
	mustNotContain(t, frag.body, "<html")
}

func TestCardLookup(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(nil))
	org.post(tour+"/sale", url.Values{"name": {"Franz"}, "count": {"1"}})
	anon := app.client()
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
			r := anon.get(tc.path)
			if r.status != tc.status || r.location() != tc.location {
				t.Errorf("%s: %d %q, want %d %q", tc.path, r.status, r.location(), tc.status, tc.location)
			}
		})
	}
}

func TestEntryCardsAndQR(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(nil))
	org.post(tour+"/sale", url.Values{"name": {"Franz"}, "count": {"2"}})

	r := org.get(tour + "/entry-cards")
	mustContain(t, r.body, `data-testid="entry-card-1"`, `data-testid="entry-card-2"`,
		"http://bummerl.test"+tour+"/card/1", "http://bummerl.test"+tour+"/card/2<")
	if n := strings.Count(r.body, `<svg class="qr"`); n != 2 {
		t.Errorf("2 entry cards, %d QR codes", n)
	}
	mustNotContain(t, r.body, `data-testid="loopback-qr"`)
	// QR codes to this computer only: the organiser is told before printing.
	app.s.baseURL = "http://127.0.0.1:8080"
	r = org.get(tour + "/entry-cards")
	mustContain(t, r.body, `data-testid="loopback-qr"`, "kein Handy", "--base-url")
	app.s.baseURL = "http://bummerl.test"

	qr := app.client().get(tour + "/card/1/qr.png")
	if qr.status != http.StatusOK || qr.header.Get("Content-Type") != "image/png" {
		t.Fatalf("QR: %d %q", qr.status, qr.header.Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader([]byte(qr.body)))
	if err != nil || img.Bounds().Dx() < 200 {
		t.Errorf("QR image: %v, %v", img, err)
	}
	if r := app.client().get(tour + "/card/9/qr.png"); r.status != http.StatusNotFound {
		t.Errorf("QR of unsold card: status %d", r.status)
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
