package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// secrets are the cards seat must not see: the opponent's hand and the
// talon's face-down cards (the deck less both hands, the cards played and
// the face-up trump card).
func secrets(t *testing.T, app *webtest.App, token string, seat int) []schnapsen.Card {
	t.Helper()
	dt, _, err := app.Store.TableBySeat(t.Context(), token)
	if err != nil {
		t.Fatal(err)
	}
	var out []schnapsen.Card
	err = app.Store.ReadTable(t.Context(), dt.ID, func(_ store.DigitalTable, m *table.Match) error {
		if m.Finished() {
			return nil
		}
		deals := m.Deals()
		d := deals[len(deals)-1]
		mine, theirs := m.View(seat), m.View(1-seat)
		seen := map[schnapsen.Card]bool{}
		for _, c := range mine.Hand {
			seen[c] = true
		}
		if mine.TrumpCard != nil {
			seen[*mine.TrumpCard] = true
		}
		for _, a := range d.Record.Actions {
			if a.Kind == schnapsen.Play {
				seen[a.Card] = true
			}
		}
		out = append(out, theirs.Hand...)
		for _, c := range d.Record.Deck {
			if !seen[c] && !slices.Contains(theirs.Hand, c) {
				out = append(out, c)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sharpPoints finds the seat view's own running points in its JSON.
var sharpPoints = regexp.MustCompile(`"tricks":\[\d+,\d+\],"points":\d`)

// checkHidden fails when a response to seat shows a secret card: in JSON
// as "XX", in HTML as data-card or by its name; and in sharp Schnapsen
// when it shows running card points (S-18).
func checkHidden(t *testing.T, body string, secret []schnapsen.Card, sharp bool) {
	t.Helper()
	for _, c := range secret {
		for _, form := range []string{`"` + c.String() + `"`, `data-card="` + c.String() + `"`, `value="` + c.String() + `"`} {
			if strings.Contains(body, form) {
				t.Fatalf("hidden card %s shown (%s):\n%s", c, form, body)
			}
		}
	}
	if sharp && (strings.Contains(body, `data-testid="points"`) || sharpPoints.MatchString(body)) {
		t.Fatalf("running card points shown in sharp:\n%s", body)
	}
}

// playOut plays a digital match to its end with random legal moves of
// both phones, checking every response for hidden information, that the
// seat not to move cannot act, that a move sent twice counts once and
// that a move from an older state is refused. It returns the number of moves.
func playOut(t *testing.T, f webtest.Fixture, phones [2]webtest.SeatPhone, r *mrand.Rand, sharp, resign bool) int {
	t.Helper()
	moves := 0
	for n := 0; ; n++ {
		if n > 5000 {
			t.Fatal("the match does not end")
		}
		var st [2]webtest.SeatState
		for seat, p := range phones {
			s, body := p.State(t)
			st[seat] = s
			sec := secrets(t, f.App, p.Token, seat)
			checkHidden(t, body, sec, sharp)
			if n%4 == seat { // the page's table part too, every other move
				page := p.Client.Get(p.Path("/table"))
				if page.Status != http.StatusOK {
					t.Fatalf("table part: %d", page.Status)
				}
				checkHidden(t, page.Body, sec, sharp)
			}
			if s.Seat != seat {
				t.Fatalf("phone %d sees seat %d", seat, s.Seat)
			}
		}
		if st[0].Finished {
			if st[0].State != store.TableFinished || !st[1].Finished {
				t.Fatalf("finished match, table %q", st[0].State)
			}
			return moves
		}
		seat := st[0].ToMove
		other := 1 - seat
		if len(st[other].Legal) != 0 || len(st[seat].Legal) == 0 {
			t.Fatalf("legal moves offered to %d: %v / %v", seat, st[seat].Legal, st[other].Legal)
		}
		mv := st[seat].Legal[r.IntN(len(st[seat].Legal))]
		mv.ID = views.MoveID(st[seat].Seq, seat, mv)
		if resign && r.IntN(150) == 0 {
			mv = table.Move{ID: fmt.Sprintf("resign-%d", n), Resign: table.ResignDeal}
			if r.IntN(4) == 0 {
				mv.Resign = table.ResignMatch
			}
		}
		if mv.Resign == "" && n%7 == 3 {
			// The other seat's link sends this seat's move: refused, nothing changes.
			if res := phones[other].Move(st[other].Seq, mv); res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("the other seat's link acted: %d\n%s", res.Status, res.Body)
			}
			if s, _ := phones[seat].State(t); s.Seq != st[seat].Seq {
				t.Fatal("a refused move counted")
			}
		}
		res := phones[seat].Move(st[seat].Seq, mv)
		if res.Status != http.StatusOK {
			t.Fatalf("move %+v: %d\n%s", mv, res.Status, res.Body)
		}
		checkHidden(t, res.Body, secrets(t, f.App, phones[seat].Token, seat), sharp)
		moves++
		if n%11 == 5 {
			// Sent twice (a second tab, a retry): counts once.
			if again := phones[seat].Move(st[seat].Seq, mv); again.Status != http.StatusOK {
				t.Fatalf("repeat: %d\n%s", again.Status, again.Body)
			}
			if s, _ := phones[seat].State(t); s.Seq != st[seat].Seq+1 {
				t.Fatalf("a repeated move counted: seq %d after %d", s.Seq, st[seat].Seq)
			}
			// A new move chosen from the old state is refused with the current table.
			if s, _ := phones[seat].State(t); !s.Finished && s.ToMove == seat && len(s.Legal) > 0 {
				stale := s.Legal[0]
				stale.ID = "stale-" + strconv.Itoa(n)
				if res := phones[seat].Move(st[seat].Seq, stale); res.Status != http.StatusConflict || !strings.Contains(res.Body, `data-testid="move-error"`) {
					t.Fatalf("stale move: %d\n%s", res.Status, res.Body)
				}
			}
		}
	}
}

// TestPlayMatches plays complete digital matches through the seat links
// in every variant and closing option and with 1, 2 and 3 Bummerl: the
// result in the tournament is the engine's match verdict of the table's
// match record, entered with the audit action "table result".
func TestPlayMatches(t *testing.T) {
	t.Parallel() // slow and on its own app: runs beside the browser tests
	cases := []struct {
		variant, closing string
		bummerl          int
	}{
		{"soft", "at-close", 2}, {"soft", "count-later", 1},
		{"sharp", "at-close", 2}, {"sharp", "count-later", 3},
		{"sixty-six", "at-close", 2}, {"sixty-six", "count-later", 1},
	}
	for ci, tc := range cases {
		t.Run(fmt.Sprintf("%s-%s-%d", tc.variant, tc.closing, tc.bummerl), func(t *testing.T) {
			f := newFixture(t, map[string]string{"variant": tc.variant, "closing": tc.closing, "bummerl_to_win": strconv.Itoa(tc.bummerl)},
				1, 1, 1, 1, 1, 1, 1, 1)
			f.DrawDigital()
			matches := f.Load().Rounds[0].Matches
			n := len(matches)
			if testing.Short() {
				n = 1
			}
			for i, m := range matches[:n] {
				first := []string{"draw", "0", "1"}[i%3]
				phones := f.StartTable(f.Helper, m, first)
				r := mrand.New(mrand.NewPCG(uint64(ci), uint64(i)))
				playOut(t, f, phones, r, tc.variant == "sharp", i%2 == 1)
				webtest.CheckRecorded(t, f, m, phones[0])
			}
		})
	}
}

// TestPlayStartRefused: the staff's page offers a digital table only for
// a match tournament.PlayableMatch allows, and a start sent anyway is
// refused on that page with the reason: a bye (P-1), a match with a
// result, a round the next one was drawn from (P-6); an unknown match is
// no page.
func TestPlayStartRefused(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1) // 7 of 8 cards: one bye
	f.DrawDigital()
	var bye, open []tournament.Match
	for _, m := range f.Load().Rounds[0].Matches {
		if m.Bye() {
			bye = append(bye, m)
		} else {
			open = append(open, m)
		}
	}
	f.Quick(f.Helper, 1, open[1], open[1].A, "2:0")
	tests := []struct {
		name       string
		no         int  // of round 1
		nextDrawn  bool // round 1 decided and round 2 drawn first
		page, post int  // statuses
		reason     string
	}{
		{"open", open[0].No, false, http.StatusOK, 0, ""},
		{"P-1 bye", bye[0].No, false, http.StatusOK, http.StatusConflict, "Diese Partie hat keinen Gegner"},
		{"has a result", open[1].No, false, http.StatusOK, http.StatusConflict, "Diese Partie hat schon ein Ergebnis"},
		{"no such match", 99, false, http.StatusNotFound, http.StatusNotFound, ""},
		{"P-6 next round drawn", open[2].No, true, http.StatusOK, http.StatusConflict, "Die nächste Runde ist schon ausgelost"},
	}
	for _, tc := range tests {
		if tc.nextDrawn {
			for _, m := range open {
				if !f.MatchOf(1, m.No).Decided() {
					f.Quick(f.Helper, 1, m, m.A, "2:1")
				}
			}
			f.DrawDigital()
		}
		page := f.Helper.Get(views.PlayAdminPath(f.ID, 1, tc.no))
		if page.Status != tc.page {
			t.Fatalf("%s: page %d, want %d", tc.name, page.Status, tc.page)
		}
		if got := strings.Contains(page.Body, `data-testid="start-form"`); got != (tc.post == 0) {
			t.Errorf("%s: start form shown %v", tc.name, got)
		}
		if tc.post == 0 {
			continue
		}
		r := f.Helper.Post(views.PlayAdminPath(f.ID, 1, tc.no), url.Values{"first_dealer": {"draw"}})
		if r.Status != tc.post {
			t.Fatalf("%s: start %d, want %d\n%s", tc.name, r.Status, tc.post, r.Body)
		}
		if tc.reason != "" { // the staff's page again, the reason at its form
			webtest.MustContain(t, r.Body, tc.reason, `data-testid="pairing"`)
		}
	}
}

// TestPlaySeatLinks: a seat link shows its seat only, an unknown link is
// a 404, the seat page is live on the table's stream and never cached,
// staff pages need a login, an abandoned table takes no moves and a new
// one can start.
func TestPlaySeatLinks(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	// The match page links to the digital table.
	webtest.MustContain(t, f.Helper.Get(matchURL(matchRef{f.ID, 1, m.No})).Body, `data-testid="play-link"`)
	// So does the table board, for a match called to a table.
	if r := f.Org.Post(matchURL(matchRef{f.ID, 1, m.No})+"/start", url.Values{"table": {"3"}, "version": {strconv.Itoa(m.Version)}}); r.Status != http.StatusSeeOther {
		t.Fatalf("start at table 3: %d", r.Status)
	}
	webtest.MustContain(t, f.Helper.Get(f.Path+"/tables").Body, `href="`+views.PlayAdminPath(f.ID, 1, m.No)+`" data-testid="table-digital-3"`)
	m = f.MatchOf(1, m.No)
	// Anonymous visitors cannot start a table.
	anon := f.App.Client()
	if r := anon.Post(views.PlayAdminPath(f.ID, 1, m.No), url.Values{"first_dealer": {"0"}}); r.Status == http.StatusSeeOther && !strings.Contains(r.Location(), "/login") {
		t.Fatalf("anonymous start: %d %s", r.Status, r.Location())
	}
	phones := f.StartTable(f.Helper, m, "0")
	if phones[0].Token == phones[1].Token {
		t.Fatal("both seats have one link")
	}
	page := phones[0].Client.Get(phones[0].Path(""))
	if page.Status != http.StatusOK || page.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("seat page: %d %q", page.Status, page.Header.Get("Cache-Control"))
	}
	webtest.MustContain(t, page.Body, `data-live="/play/`+phones[0].Token+`/events"`, `data-live-src="/play/`+phones[0].Token+`/table"`, `data-testid="hand"`)
	sec := secrets(t, f.App, phones[0].Token, 0)
	if len(sec) != 14 { // 20 cards less 5 in hand and the face-up trump
		t.Fatalf("secrets %v", sec)
	}
	checkHidden(t, page.Body, sec, false)
	// First dealer seat 0: seat 1 is forehand and to move (S-2).
	s0, _ := phones[0].State(t)
	if s0.Dealer != 0 || s0.ToMove != 1 || len(s0.Legal) != 0 || len(s0.Hand) != 5 || s0.Points == nil {
		t.Fatalf("seat 0 at the start: %+v", s0.SeatView)
	}
	for _, bad := range []string{"/play/nope", "/play/" + strings.Repeat("A", 24), "/play/" + strings.Repeat("A", 24) + "/state.json"} {
		if r := anon.Get(bad); r.Status != http.StatusNotFound {
			t.Fatalf("%s: %d", bad, r.Status)
		}
	}
	// The seat not to move cannot act, whatever the form says.
	s1, _ := phones[1].State(t)
	mv := s1.Legal[0]
	mv.ID = "x1"
	res := phones[0].Client.Htmx(phones[0].Path("/move"), url.Values{"id": {"x1"}, "seq": {"0"}, "seat": {"1"}, "do": {mv.Kind.String()}, "card": {mv.Card.String()}})
	if res.Status != http.StatusUnprocessableEntity {
		t.Fatalf("seat 0 moved for seat 1: %d", res.Status)
	}
	// A move without the CSRF token is refused.
	if r := phones[1].Client.PostRaw(phones[1].Path("/move"), url.Values{"id": {"y"}, "seq": {"0"}, "do": {"declare"}}, nil); r.Status != http.StatusForbidden {
		t.Fatalf("no CSRF: %d", r.Status)
	}
	// A plain form (no JavaScript) is redirected back to the page.
	form := url.Values{"id": {views.MoveID(0, 1, mv)}, "seq": {"0"}, "do": {mv.Kind.String()}}
	if mv.Kind == schnapsen.Play {
		form.Set("card", mv.Card.String())
	}
	if mv.Kind == schnapsen.Marriage {
		form.Set("suit", mv.Suit.String())
	}
	if r := phones[1].Client.Post(phones[1].Path("/move"), form); r.Status != http.StatusSeeOther || r.Location() != phones[1].Path("") {
		t.Fatalf("plain move: %d %s", r.Status, r.Location())
	}
	// Staff pages and the record need a login; a seat's QR code is an image.
	if r := anon.Get(views.PlayAdminPath(f.ID, 1, m.No)); r.Status != http.StatusSeeOther {
		t.Fatalf("anonymous admin page: %d", r.Status)
	}
	dt, _, _ := f.App.Store.TableBySeat(t.Context(), phones[0].Token)
	for _, seat := range []string{"0", "1"} {
		if r := f.Helper.Get(views.PlayTablePath(f.ID, dt.ID, "/seat/"+seat+"/qr.png")); r.Status != http.StatusOK || r.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("QR of seat %s: %d %s", seat, r.Status, r.Header.Get("Content-Type"))
		}
	}
	if r := f.Helper.Get(views.PlayTablePath(f.ID, dt.ID, "/seat/2/qr.png")); r.Status != http.StatusNotFound {
		t.Fatalf("QR of seat 2: %d", r.Status)
	}
	if r := f.Helper.Get(views.PlayTablePath(f.ID+1, dt.ID, "/record.json")); r.Status != http.StatusNotFound {
		t.Fatalf("table of another tournament: %d", r.Status)
	}
	if r := f.Helper.Get(views.PlayTablePath(f.ID, dt.ID, "/record.json")); r.Status != http.StatusOK || !strings.Contains(r.Body, `"deals":[]`) {
		t.Fatalf("record before the first deal is over: %d %s", r.Status, r.Body)
	}
	// A second table for the same match is refused while one plays.
	if r := f.Helper.Post(views.PlayAdminPath(f.ID, 1, m.No), url.Values{"first_dealer": {"draw"}}); r.Status != http.StatusConflict {
		t.Fatalf("second table: %d", r.Status)
	}
	// Abandon: the phones say so and take no more moves.
	if r := f.Helper.Post(views.PlayTablePath(f.ID, dt.ID, "/abandon"), nil); r.Status != http.StatusSeeOther {
		t.Fatalf("abandon: %d %s", r.Status, r.Body)
	}
	s0, _ = phones[0].State(t)
	if s0.State != store.TableAbandoned {
		t.Fatalf("state %q", s0.State)
	}
	webtest.MustContain(t, phones[0].Client.Get(phones[0].Path("/table")).Body, "Turnierleitung hat diesen digitalen Tisch beendet")
	if r := phones[0].Move(s0.Seq, table.Move{ID: "z", Resign: table.ResignDeal}); r.Status != http.StatusConflict {
		t.Fatalf("move at an abandoned table: %d", r.Status)
	}
	// Paper from here: a new table may start, or the result is entered by hand.
	phones2 := f.StartTable(f.Helper, m, "draw")
	if phones2[0].Token == phones[0].Token {
		t.Fatal("a new table reuses a link")
	}
}

// TestPlayEvents: a phone's stream announces a move of the other phone.
func TestPlayEvents(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	phones := f.StartTable(f.Helper, m, "1")
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, f.App.Srv.URL+phones[1].Path("/events"), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 4096)
	read := func() string {
		n, err := resp.Body.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		return string(buf[:n])
	}
	webtest.MustContain(t, read(), "retry: 1000", "event: rev\ndata: 0\n")
	s0, _ := phones[0].State(t) // seat 0 is forehand: first dealer 1
	mv := s0.Legal[0]
	mv.ID = views.MoveID(0, 0, mv)
	if r := phones[0].Move(0, mv); r.Status != http.StatusOK {
		t.Fatalf("move: %d", r.Status)
	}
	webtest.MustContain(t, read(), "event: rev\ndata: 4\n")
}

// TestPlayGermanSuits: the organiser switches the tournament's digital
// tables to German-suited cards; helpers may not; the phones show Herz,
// Schelle, Eichel and Laub with Ober and Unter.
func TestPlayGermanSuits(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	phones := f.StartTable(f.Helper, m, "0")
	page := phones[0].Client.Get(phones[0].Path("/table")).Body
	webtest.MustNotContain(t, page, "Schelle", "Eichel", "Laub")
	admin := views.PlayAdminPath(f.ID, 1, m.No)
	if r := f.Helper.Post(f.Path+"/play/settings", url.Values{"german_suits": {"on"}, "next": {admin}}); r.Status != http.StatusForbidden {
		t.Fatalf("helper: %d", r.Status)
	}
	webtest.MustNotContain(t, f.Helper.Get(admin).Body, `data-testid="play-settings"`)
	webtest.MustContain(t, f.Org.Get(admin).Body, `data-testid="play-settings"`)
	if r := f.Org.Post(f.Path+"/play/settings", url.Values{"german_suits": {"on"}, "next": {admin}}); r.Status != http.StatusSeeOther || r.Location() != admin {
		t.Fatalf("organiser: %d %s", r.Status, r.Location())
	}
	if r := f.Org.Post(f.Path+"/play/settings", url.Values{"german_suits": {"on"}, "next": {"//evil.example/"}}); r.Location() != f.Path {
		t.Fatalf("next off the site: %s", r.Location())
	}
	s, _ := phones[0].State(t)
	page = phones[0].Client.Get(phones[0].Path("/table")).Body
	german := map[schnapsen.Suit]string{schnapsen.Hearts: "Herz", schnapsen.Diamonds: "Schelle", schnapsen.Spades: "Laub", schnapsen.Clubs: "Eichel"}
	for _, c := range s.Hand {
		webtest.MustContain(t, page, `aria-label="`+german[c.Suit()])
	}
	webtest.MustContain(t, page, "Atout: "+german[s.TrumpSuit])
	webtest.MustContain(t, f.Org.Get(admin).Body, `checked`, "Deutsche Karten an allen digitalen Tischen")
}

// TestPlayReplay: the staff step through the decided deals of a table,
// both hands open, card by card; the deal in play is never shown; a seat
// gets the replay and the record only after the match.
func TestPlayReplay(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	phones := f.StartTable(f.Helper, m, "0")
	dt, _, err := f.App.Store.TableBySeat(t.Context(), phones[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	// Play deal 1 to its end with cards only, then one card of deal 2.
	r := mrand.New(mrand.NewPCG(5, 5))
	for n := 0; ; n++ {
		var cur table.SeatView
		_ = f.App.Store.ReadTable(t.Context(), dt.ID, func(_ store.DigitalTable, mt *table.Match) error {
			cur = mt.View(mt.ToMove())
			return nil
		})
		if cur.Deal == 2 && cur.Seq > 0 && cur.Lead != nil {
			break
		}
		var plays []table.Move
		for _, mv := range cur.Legal {
			if mv.Kind == schnapsen.Play {
				plays = append(plays, mv)
			}
		}
		mv := plays[r.IntN(len(plays))]
		mv.ID = fmt.Sprint("r", n)
		if _, _, err := f.App.Store.PlayMove(t.Context(), dt.ID, mv, -1); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range phones {
		if r := p.Client.Get(p.Path("/replay")); r.Status != http.StatusForbidden {
			t.Fatalf("seat replay during the match: %d", r.Status)
		}
		if r := p.Client.Get(p.Path("/record.json")); r.Status != http.StatusForbidden {
			t.Fatalf("seat record during the match: %d", r.Status)
		}
	}
	base := views.PlayTablePath(f.ID, dt.ID, "/replay")
	page := f.Helper.Get(base)
	webtest.MustContain(t, page.Body, `data-testid="replay-deal-1"`, `data-step="0"`, `data-testid="replay-next"`, `data-testid="replay-seed"`)
	webtest.MustNotContain(t, page.Body, `data-testid="replay-deal-2"`)
	// At the start both hands are open: ten cards, five each.
	if n := strings.Count(page.Body, `data-testid="replay-card"`); n != 10 {
		t.Fatalf("%d cards in the hands at the start", n)
	}
	steps, _ := strconv.Atoi(regexp.MustCompile(`data-steps="(\d+)"`).FindStringSubmatch(page.Body)[1])
	last := f.Helper.Get(base + "?deal=1&step=" + strconv.Itoa(steps))
	webtest.MustContain(t, last.Body, `data-testid="replay-verdict"`, `aria-current="step"`, "spielt")
	webtest.MustNotContain(t, last.Body, `data-testid="replay-next"`)
	mid := f.Helper.Get(base + "?deal=1&step=3")
	webtest.MustContain(t, mid.Body, `data-step="3"`, `data-testid="replay-prev"`)
	// The deal in play stays hidden even when asked for.
	webtest.MustNotContain(t, f.Helper.Get(base+"?deal=2").Body, `data-testid="replay"`)
	// After the match, the seats get both.
	if _, _, err := f.App.Store.PlayMove(t.Context(), dt.ID, table.Move{ID: "end", Seat: 0, Resign: table.ResignMatch}, -1); err != nil {
		t.Fatal(err)
	}
	if r := phones[1].Client.Get(phones[1].Path("/replay")); r.Status != http.StatusOK || !strings.Contains(r.Body, `data-testid="replay-deal-1"`) {
		t.Fatalf("seat replay after the match: %d", r.Status)
	}
	if r := phones[1].Client.Get(phones[1].Path("/record.json")); r.Status != http.StatusOK || r.Header.Get("Content-Disposition") == "" {
		t.Fatalf("seat record after the match: %d", r.Status)
	}
	webtest.MustContain(t, phones[1].Client.Get(phones[1].Path("/table")).Body, `data-testid="final"`, `data-testid="replay-link"`)
}

// TestRefereePage: staff paste or upload a game or match record and get
// the referee's verdict — the same as bummerl referee — with each deal
// replayed step by step; an impossible record names its action; the page
// needs a login.
func TestRefereePage(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "4"}, 1, 1, 1)
	// A digital match played to its end gives a match record with deals in full.
	f.DrawDigital()
	m := f.FirstPlayable(1)
	phones := f.StartTable(f.Helper, m, "draw")
	playOut(t, f, phones, mrand.New(mrand.NewPCG(9, 9)), false, false)
	record := phones[0].Client.Get(phones[0].Path("/record.json")).Body
	want, err := schnapsen.Referee([]byte(record))
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, _ := json.MarshalIndent(want, "", "  ")

	webtest.MustContain(t, f.Helper.Get(views.RefereePath).Body, `data-testid="referee-form"`)
	r := f.Helper.Post(views.RefereePath, url.Values{"record": {record}})
	if r.Status != http.StatusOK {
		t.Fatalf("match record: %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `data-impossible="false"`, `data-testid="referee-match"`, `data-testid="referee-game-0"`, `data-testid="referee-step"`,
		strings.ReplaceAll(string(wantJSON), `"`, "&#34;"))

	// One deal of it as a game record, uploaded as a file: its verdict and its steps.
	var mr struct {
		Deals []json.RawMessage `json:"deals"`
	}
	if err := json.Unmarshal([]byte(record), &mr); err != nil {
		t.Fatal(err)
	}
	game := string(mr.Deals[0])
	body, ctype := multipartForm(t, map[string]string{"_csrf": f.Helper.CSRF()}, "file", "deal.json", game)
	up := f.Helper.Request(http.MethodPost, views.RefereePath, body, map[string]string{"Content-Type": ctype})
	rec, _ := schnapsen.ParseGameRecord([]byte(game))
	if up.Status != http.StatusOK || strings.Count(up.Body, `data-testid="referee-step"`) != len(rec.Actions)+1 {
		t.Fatalf("upload: %d, %d steps for %d actions\n%s", up.Status, strings.Count(up.Body, `data-testid="referee-step"`), len(rec.Actions), up.Body)
	}
	webtest.MustContain(t, up.Body, `&#34;finished&#34;: true`, `data-testid="replay-verdict"`)

	// An impossible record: the error at its action, the steps up to it.
	rec.Actions = append([]schnapsen.Action{{Seat: 1, Kind: schnapsen.Declare}}, rec.Actions...)
	bad, _ := json.Marshal(rec)
	r = f.Helper.Post(views.RefereePath, url.Values{"record": {string(bad)}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("impossible record: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `data-impossible="true"`, `&#34;action&#34;: 0`, `data-testid="referee-error"`, `data-testid="referee-step-error"`, "Zug 0 ist nicht möglich")
	// Empty and not JSON.
	if r := f.Helper.Post(views.RefereePath, url.Values{"record": {"  "}}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("empty: %d", r.Status)
	}
	if r := f.Helper.Post(views.RefereePath, url.Values{"record": {"nonsense"}}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("not JSON: %d", r.Status)
	}
	if r := f.App.Client().Get(views.RefereePath); r.Status != http.StatusSeeOther {
		t.Fatalf("anonymous: %d", r.Status)
	}
}

// multipartForm builds a multipart body with fields and one file.
func multipartForm(t *testing.T, fields map[string]string, field, name, content string) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := w.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(fw, content); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, w.FormDataContentType()
}

// TestPlayEnglish: the seat page, the staff page and the replay speak
// English when asked, with no message key left untranslated.
func TestPlayEnglish(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	phones := f.StartTable(f.Helper, m, "0")
	keyLeft := regexp.MustCompile(`>[^<]*\b(play|playadmin|replay|referee)\.[a-z_]+`)
	page := phones[1].Client.Get(phones[1].Path("?lang=en")).Body
	webtest.MustContain(t, page, "Your turn.", "Game points this Bummerl (7 down to 0)", "Bummerl won (2 to win)", "Trumps: ")
	if k := keyLeft.FindString(page); k != "" {
		t.Errorf("untranslated key %q", k)
	}
	dt, _, _ := f.App.Store.TableBySeat(t.Context(), phones[0].Token)
	if _, _, err := f.App.Store.PlayMove(t.Context(), dt.ID, table.Move{ID: "r", Seat: 0, Resign: table.ResignMatch}, -1); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{views.PlayAdminPath(f.ID, 1, m.No), views.PlayTablePath(f.ID, dt.ID, "/replay"), views.RefereePath} {
		body := f.Helper.Get(p + "?lang=en").Body
		if k := keyLeft.FindString(body); k != "" {
			t.Errorf("%s: untranslated key %q", p, k)
		}
	}
	webtest.MustContain(t, phones[1].Client.Get(phones[1].Path("/table?lang=en")).Body, "Match won!", "resigned the match")
}
