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

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// seatState is GET /play/TOKEN/state.json.
type seatState struct {
	State string `json:"state"`
	table.SeatView
}

// seatPhone is one player's phone: its own cookies and its seat link.
type seatPhone struct {
	c     *testClient
	token string
}

func (p seatPhone) path(rest string) string { return views.PlayPath(p.token, rest) }

func (p seatPhone) state(t *testing.T) (seatState, string) {
	t.Helper()
	r := p.c.get(p.path("/state.json"))
	if r.status != http.StatusOK {
		t.Fatalf("state: %d %s", r.status, r.body)
	}
	var s seatState
	if err := json.Unmarshal([]byte(r.body), &s); err != nil {
		t.Fatal(err)
	}
	return s, r.body
}

// move posts a move the way the page's forms do (htmx).
func (p seatPhone) move(seq int, mv table.Move) response { return postMove(p.c, p.path(""), seq, mv) }

// postMove posts a move to the seat link base (/play/TOKEN or
// /practice/TOKEN) the way the page's forms do (htmx).
func postMove(c *testClient, base string, seq int, mv table.Move) response {
	form := url.Values{"id": {mv.ID}, "seq": {strconv.Itoa(seq)}}
	if mv.Resign != "" {
		form.Set("resign", string(mv.Resign))
	} else {
		form.Set("do", mv.Kind.String())
		if mv.Kind == schnapsen.Play {
			form.Set("card", mv.Card.String())
		}
		if mv.Kind == schnapsen.Marriage {
			form.Set("suit", mv.Suit.String())
		}
	}
	return c.htmx(base+"/move", form)
}

var seatLinkRE = regexp.MustCompile(`data-testid="seat-link-(\d)"[^>]*>|href="[^"]*/play/([A-Za-z0-9_-]+)" data-testid="seat-link-(\d)"`)

// startTable starts a digital table for match m on the staff's page and
// returns the two phones (seat 0 = card A).
func (f fixture) startTable(c *testClient, m tournament.Match, first string) [2]seatPhone {
	f.t.Helper()
	r := c.post(views.PlayAdminPath(f.id, 1, m.No), url.Values{"first_dealer": {first}})
	if r.status != http.StatusSeeOther {
		f.t.Fatalf("start table: %d\n%s", r.status, r.body)
	}
	page := c.get(r.location()).body
	mustContain(f.t, page, `data-testid="notice"`, `data-state="playing"`, "/qr.png")
	var phones [2]seatPhone
	for _, sm := range seatLinkRE.FindAllStringSubmatch(page, -1) {
		if sm[2] == "" {
			continue
		}
		seat, _ := strconv.Atoi(sm[3])
		phones[seat] = seatPhone{c: f.app.client(), token: sm[2]}
	}
	for i, p := range phones {
		if len(p.token) < 24 { // 144 bits in base64url
			f.t.Fatalf("seat %d: no link or a short one %q\n%s", i, p.token, page)
		}
	}
	return phones
}

// secrets are the cards seat must not see: the opponent's hand and the
// talon's face-down cards (the deck less both hands, the cards played and
// the face-up trump card).
func secrets(t *testing.T, app *testApp, token string, seat int) []schnapsen.Card {
	t.Helper()
	dt, _, err := app.store.TableBySeat(t.Context(), token)
	if err != nil {
		t.Fatal(err)
	}
	var out []schnapsen.Card
	err = app.store.ReadTable(t.Context(), dt.ID, func(_ store.DigitalTable, m *table.Match) error {
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
func playOut(t *testing.T, f fixture, phones [2]seatPhone, r *mrand.Rand, sharp, resign bool) int {
	t.Helper()
	moves := 0
	for n := 0; ; n++ {
		if n > 5000 {
			t.Fatal("the match does not end")
		}
		var st [2]seatState
		for seat, p := range phones {
			s, body := p.state(t)
			st[seat] = s
			sec := secrets(t, f.app, p.token, seat)
			checkHidden(t, body, sec, sharp)
			if n%4 == seat { // the page's table part too, every other move
				page := p.c.get(p.path("/table"))
				if page.status != http.StatusOK {
					t.Fatalf("table part: %d", page.status)
				}
				checkHidden(t, page.body, sec, sharp)
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
			if res := phones[other].move(st[other].Seq, mv); res.status != http.StatusUnprocessableEntity {
				t.Fatalf("the other seat's link acted: %d\n%s", res.status, res.body)
			}
			if s, _ := phones[seat].state(t); s.Seq != st[seat].Seq {
				t.Fatal("a refused move counted")
			}
		}
		res := phones[seat].move(st[seat].Seq, mv)
		if res.status != http.StatusOK {
			t.Fatalf("move %+v: %d\n%s", mv, res.status, res.body)
		}
		checkHidden(t, res.body, secrets(t, f.app, phones[seat].token, seat), sharp)
		moves++
		if n%11 == 5 {
			// Sent twice (a second tab, a retry): counts once.
			if again := phones[seat].move(st[seat].Seq, mv); again.status != http.StatusOK {
				t.Fatalf("repeat: %d\n%s", again.status, again.body)
			}
			if s, _ := phones[seat].state(t); s.Seq != st[seat].Seq+1 {
				t.Fatalf("a repeated move counted: seq %d after %d", s.Seq, st[seat].Seq)
			}
			// A new move chosen from the old state is refused with the current table.
			if s, _ := phones[seat].state(t); !s.Finished && s.ToMove == seat && len(s.Legal) > 0 {
				stale := s.Legal[0]
				stale.ID = "stale-" + strconv.Itoa(n)
				if res := phones[seat].move(st[seat].Seq, stale); res.status != http.StatusConflict || !strings.Contains(res.body, `data-testid="move-error"`) {
					t.Fatalf("stale move: %d\n%s", res.status, res.body)
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
			f.drawDigital()
			matches := f.load().Rounds[0].Matches
			n := len(matches)
			if testing.Short() {
				n = 1
			}
			for i, m := range matches[:n] {
				first := []string{"draw", "0", "1"}[i%3]
				phones := f.startTable(f.helper, m, first)
				r := mrand.New(mrand.NewPCG(uint64(ci), uint64(i)))
				playOut(t, f, phones, r, tc.variant == "sharp", i%2 == 1)
				checkRecorded(t, f, m, phones[0])
			}
		})
	}
}

// checkRecorded: the tournament's result of m is the referee's verdict on
// the table's match record, and the audit says it was played at the table.
func checkRecorded(t *testing.T, f fixture, m tournament.Match, p seatPhone) {
	t.Helper()
	rec := p.c.get(p.path("/record.json"))
	if rec.status != http.StatusOK {
		t.Fatalf("record: %d", rec.status)
	}
	got, err := schnapsen.Referee([]byte(rec.body))
	if err != nil {
		t.Fatalf("referee: %v\n%s", err, rec.body)
	}
	v := got.(schnapsen.MatchVerdict)
	res := f.matchOf(1, m.No).Result
	if res == nil || !v.Finished {
		t.Fatalf("no result (%+v) or unfinished verdict %+v", res, v)
	}
	if res.Winner != []tournament.CardNo{m.A, m.B}[*v.Winner] || res.Bummerl != v.Bummerl || len(res.Sheet) != len(v.Deals) {
		t.Fatalf("result %+v, verdict %+v", res, v)
	}
	audit, err := f.app.store.Audit(t.Context(), f.id)
	if err != nil {
		t.Fatal(err)
	}
	if audit[0].Action != "table result" {
		t.Fatalf("audit %+v", audit[0])
	}
	hist := f.org.get(f.path + "/history")
	mustContain(t, hist.body, "Ergebnis am Tisch gespielt")
}

// TestPlayStartRefused: the staff's page offers a digital table only for
// a match tournament.PlayableMatch allows, and a start sent anyway is
// refused on that page with the reason: a bye (P-1), a match with a
// result, a round the next one was drawn from (P-6); an unknown match is
// no page.
func TestPlayStartRefused(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1) // 7 of 8 cards: one bye
	f.drawDigital()
	var bye, open []tournament.Match
	for _, m := range f.load().Rounds[0].Matches {
		if m.Bye() {
			bye = append(bye, m)
		} else {
			open = append(open, m)
		}
	}
	f.quick(f.helper, 1, open[1], open[1].A, "2:0")
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
				if !f.matchOf(1, m.No).Decided() {
					f.quick(f.helper, 1, m, m.A, "2:1")
				}
			}
			f.drawDigital()
		}
		page := f.helper.get(views.PlayAdminPath(f.id, 1, tc.no))
		if page.status != tc.page {
			t.Fatalf("%s: page %d, want %d", tc.name, page.status, tc.page)
		}
		if got := strings.Contains(page.body, `data-testid="start-form"`); got != (tc.post == 0) {
			t.Errorf("%s: start form shown %v", tc.name, got)
		}
		if tc.post == 0 {
			continue
		}
		r := f.helper.post(views.PlayAdminPath(f.id, 1, tc.no), url.Values{"first_dealer": {"draw"}})
		if r.status != tc.post {
			t.Fatalf("%s: start %d, want %d\n%s", tc.name, r.status, tc.post, r.body)
		}
		if tc.reason != "" { // the staff's page again, the reason at its form
			mustContain(t, r.body, tc.reason, `data-testid="pairing"`)
		}
	}
}

// TestPlaySeatLinks: a seat link shows its seat only, an unknown link is
// a 404, the seat page is live on the table's stream and never cached,
// staff pages need a login, an abandoned table takes no moves and a new
// one can start.
func TestPlaySeatLinks(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	// The match page links to the digital table.
	mustContain(t, f.helper.get(matchURL(matchRef{f.id, 1, m.No})).body, `data-testid="play-link"`)
	// So does the table board, for a match called to a table.
	if r := f.org.post(matchURL(matchRef{f.id, 1, m.No})+"/start", url.Values{"table": {"3"}, "version": {strconv.Itoa(m.Version)}}); r.status != http.StatusSeeOther {
		t.Fatalf("start at table 3: %d", r.status)
	}
	mustContain(t, f.helper.get(f.path+"/tables").body, `href="`+views.PlayAdminPath(f.id, 1, m.No)+`" data-testid="table-digital-3"`)
	m = f.matchOf(1, m.No)
	// Anonymous visitors cannot start a table.
	anon := f.app.client()
	if r := anon.post(views.PlayAdminPath(f.id, 1, m.No), url.Values{"first_dealer": {"0"}}); r.status == http.StatusSeeOther && !strings.Contains(r.location(), "/login") {
		t.Fatalf("anonymous start: %d %s", r.status, r.location())
	}
	phones := f.startTable(f.helper, m, "0")
	if phones[0].token == phones[1].token {
		t.Fatal("both seats have one link")
	}
	page := phones[0].c.get(phones[0].path(""))
	if page.status != http.StatusOK || page.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("seat page: %d %q", page.status, page.header.Get("Cache-Control"))
	}
	mustContain(t, page.body, `data-live="/play/`+phones[0].token+`/events"`, `data-live-src="/play/`+phones[0].token+`/table"`, `data-testid="hand"`)
	sec := secrets(t, f.app, phones[0].token, 0)
	if len(sec) != 14 { // 20 cards less 5 in hand and the face-up trump
		t.Fatalf("secrets %v", sec)
	}
	checkHidden(t, page.body, sec, false)
	// First dealer seat 0: seat 1 is forehand and to move (S-2).
	s0, _ := phones[0].state(t)
	if s0.Dealer != 0 || s0.ToMove != 1 || len(s0.Legal) != 0 || len(s0.Hand) != 5 || s0.Points == nil {
		t.Fatalf("seat 0 at the start: %+v", s0.SeatView)
	}
	for _, bad := range []string{"/play/nope", "/play/" + strings.Repeat("A", 24), "/play/" + strings.Repeat("A", 24) + "/state.json"} {
		if r := anon.get(bad); r.status != http.StatusNotFound {
			t.Fatalf("%s: %d", bad, r.status)
		}
	}
	// The seat not to move cannot act, whatever the form says.
	s1, _ := phones[1].state(t)
	mv := s1.Legal[0]
	mv.ID = "x1"
	res := phones[0].c.htmx(phones[0].path("/move"), url.Values{"id": {"x1"}, "seq": {"0"}, "seat": {"1"}, "do": {mv.Kind.String()}, "card": {mv.Card.String()}})
	if res.status != http.StatusUnprocessableEntity {
		t.Fatalf("seat 0 moved for seat 1: %d", res.status)
	}
	// A move without the CSRF token is refused.
	if r := phones[1].c.postRaw(phones[1].path("/move"), url.Values{"id": {"y"}, "seq": {"0"}, "do": {"declare"}}, nil); r.status != http.StatusForbidden {
		t.Fatalf("no CSRF: %d", r.status)
	}
	// A plain form (no JavaScript) is redirected back to the page.
	form := url.Values{"id": {views.MoveID(0, 1, mv)}, "seq": {"0"}, "do": {mv.Kind.String()}}
	if mv.Kind == schnapsen.Play {
		form.Set("card", mv.Card.String())
	}
	if mv.Kind == schnapsen.Marriage {
		form.Set("suit", mv.Suit.String())
	}
	if r := phones[1].c.post(phones[1].path("/move"), form); r.status != http.StatusSeeOther || r.location() != phones[1].path("") {
		t.Fatalf("plain move: %d %s", r.status, r.location())
	}
	// Staff pages and the record need a login; a seat's QR code is an image.
	if r := anon.get(views.PlayAdminPath(f.id, 1, m.No)); r.status != http.StatusSeeOther {
		t.Fatalf("anonymous admin page: %d", r.status)
	}
	dt, _, _ := f.app.store.TableBySeat(t.Context(), phones[0].token)
	for _, seat := range []string{"0", "1"} {
		if r := f.helper.get(views.PlayTablePath(f.id, dt.ID, "/seat/"+seat+"/qr.png")); r.status != http.StatusOK || r.header.Get("Content-Type") != "image/png" {
			t.Fatalf("QR of seat %s: %d %s", seat, r.status, r.header.Get("Content-Type"))
		}
	}
	if r := f.helper.get(views.PlayTablePath(f.id, dt.ID, "/seat/2/qr.png")); r.status != http.StatusNotFound {
		t.Fatalf("QR of seat 2: %d", r.status)
	}
	if r := f.helper.get(views.PlayTablePath(f.id+1, dt.ID, "/record.json")); r.status != http.StatusNotFound {
		t.Fatalf("table of another tournament: %d", r.status)
	}
	if r := f.helper.get(views.PlayTablePath(f.id, dt.ID, "/record.json")); r.status != http.StatusOK || !strings.Contains(r.body, `"deals":[]`) {
		t.Fatalf("record before the first deal is over: %d %s", r.status, r.body)
	}
	// A second table for the same match is refused while one plays.
	if r := f.helper.post(views.PlayAdminPath(f.id, 1, m.No), url.Values{"first_dealer": {"draw"}}); r.status != http.StatusConflict {
		t.Fatalf("second table: %d", r.status)
	}
	// Abandon: the phones say so and take no more moves.
	if r := f.helper.post(views.PlayTablePath(f.id, dt.ID, "/abandon"), nil); r.status != http.StatusSeeOther {
		t.Fatalf("abandon: %d %s", r.status, r.body)
	}
	s0, _ = phones[0].state(t)
	if s0.State != store.TableAbandoned {
		t.Fatalf("state %q", s0.State)
	}
	mustContain(t, phones[0].c.get(phones[0].path("/table")).body, "Turnierleitung hat diesen digitalen Tisch beendet")
	if r := phones[0].move(s0.Seq, table.Move{ID: "z", Resign: table.ResignDeal}); r.status != http.StatusConflict {
		t.Fatalf("move at an abandoned table: %d", r.status)
	}
	// Paper from here: a new table may start, or the result is entered by hand.
	phones2 := f.startTable(f.helper, m, "draw")
	if phones2[0].token == phones[0].token {
		t.Fatal("a new table reuses a link")
	}
}

// TestPlayEvents: a phone's stream announces a move of the other phone.
func TestPlayEvents(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	phones := f.startTable(f.helper, m, "1")
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, f.app.srv.URL+phones[1].path("/events"), nil)
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
	mustContain(t, read(), "retry: 1000", "event: rev\ndata: 0\n")
	s0, _ := phones[0].state(t) // seat 0 is forehand: first dealer 1
	mv := s0.Legal[0]
	mv.ID = views.MoveID(0, 0, mv)
	if r := phones[0].move(0, mv); r.status != http.StatusOK {
		t.Fatalf("move: %d", r.status)
	}
	mustContain(t, read(), "event: rev\ndata: 4\n")
}

// TestPlayGermanSuits: the organiser switches the tournament's digital
// tables to German-suited cards; helpers may not; the phones show Herz,
// Schelle, Eichel and Laub with Ober and Unter.
func TestPlayGermanSuits(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	phones := f.startTable(f.helper, m, "0")
	page := phones[0].c.get(phones[0].path("/table")).body
	mustNotContain(t, page, "Schelle", "Eichel", "Laub")
	admin := views.PlayAdminPath(f.id, 1, m.No)
	if r := f.helper.post(f.path+"/play/settings", url.Values{"german_suits": {"on"}, "next": {admin}}); r.status != http.StatusForbidden {
		t.Fatalf("helper: %d", r.status)
	}
	mustNotContain(t, f.helper.get(admin).body, `data-testid="play-settings"`)
	mustContain(t, f.org.get(admin).body, `data-testid="play-settings"`)
	if r := f.org.post(f.path+"/play/settings", url.Values{"german_suits": {"on"}, "next": {admin}}); r.status != http.StatusSeeOther || r.location() != admin {
		t.Fatalf("organiser: %d %s", r.status, r.location())
	}
	if r := f.org.post(f.path+"/play/settings", url.Values{"german_suits": {"on"}, "next": {"//evil.example/"}}); r.location() != f.path {
		t.Fatalf("next off the site: %s", r.location())
	}
	s, _ := phones[0].state(t)
	page = phones[0].c.get(phones[0].path("/table")).body
	german := map[schnapsen.Suit]string{schnapsen.Hearts: "Herz", schnapsen.Diamonds: "Schelle", schnapsen.Spades: "Laub", schnapsen.Clubs: "Eichel"}
	for _, c := range s.Hand {
		mustContain(t, page, `aria-label="`+german[c.Suit()])
	}
	mustContain(t, page, "Atout: "+german[s.TrumpSuit])
	mustContain(t, f.org.get(admin).body, `checked`, "Deutsche Karten an allen digitalen Tischen")
}

// TestPlayReplay: the staff step through the decided deals of a table,
// both hands open, card by card; the deal in play is never shown; a seat
// gets the replay and the record only after the match.
func TestPlayReplay(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	phones := f.startTable(f.helper, m, "0")
	dt, _, err := f.app.store.TableBySeat(t.Context(), phones[0].token)
	if err != nil {
		t.Fatal(err)
	}
	// Play deal 1 to its end with cards only, then one card of deal 2.
	r := mrand.New(mrand.NewPCG(5, 5))
	for n := 0; ; n++ {
		var cur table.SeatView
		_ = f.app.store.ReadTable(t.Context(), dt.ID, func(_ store.DigitalTable, mt *table.Match) error {
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
		if _, _, err := f.app.store.PlayMove(t.Context(), dt.ID, mv, -1); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range phones {
		if r := p.c.get(p.path("/replay")); r.status != http.StatusForbidden {
			t.Fatalf("seat replay during the match: %d", r.status)
		}
		if r := p.c.get(p.path("/record.json")); r.status != http.StatusForbidden {
			t.Fatalf("seat record during the match: %d", r.status)
		}
	}
	base := views.PlayTablePath(f.id, dt.ID, "/replay")
	page := f.helper.get(base)
	mustContain(t, page.body, `data-testid="replay-deal-1"`, `data-step="0"`, `data-testid="replay-next"`, `data-testid="replay-seed"`)
	mustNotContain(t, page.body, `data-testid="replay-deal-2"`)
	// At the start both hands are open: ten cards, five each.
	if n := strings.Count(page.body, `data-testid="replay-card"`); n != 10 {
		t.Fatalf("%d cards in the hands at the start", n)
	}
	steps, _ := strconv.Atoi(regexp.MustCompile(`data-steps="(\d+)"`).FindStringSubmatch(page.body)[1])
	last := f.helper.get(base + "?deal=1&step=" + strconv.Itoa(steps))
	mustContain(t, last.body, `data-testid="replay-verdict"`, `aria-current="step"`, "spielt")
	mustNotContain(t, last.body, `data-testid="replay-next"`)
	mid := f.helper.get(base + "?deal=1&step=3")
	mustContain(t, mid.body, `data-step="3"`, `data-testid="replay-prev"`)
	// The deal in play stays hidden even when asked for.
	mustNotContain(t, f.helper.get(base+"?deal=2").body, `data-testid="replay"`)
	// After the match, the seats get both.
	if _, _, err := f.app.store.PlayMove(t.Context(), dt.ID, table.Move{ID: "end", Seat: 0, Resign: table.ResignMatch}, -1); err != nil {
		t.Fatal(err)
	}
	if r := phones[1].c.get(phones[1].path("/replay")); r.status != http.StatusOK || !strings.Contains(r.body, `data-testid="replay-deal-1"`) {
		t.Fatalf("seat replay after the match: %d", r.status)
	}
	if r := phones[1].c.get(phones[1].path("/record.json")); r.status != http.StatusOK || r.header.Get("Content-Disposition") == "" {
		t.Fatalf("seat record after the match: %d", r.status)
	}
	mustContain(t, phones[1].c.get(phones[1].path("/table")).body, `data-testid="final"`, `data-testid="replay-link"`)
}

// TestRefereePage: staff paste or upload a game or match record and get
// the referee's verdict — the same as bummerl referee — with each deal
// replayed step by step; an impossible record names its action; the page
// needs a login.
func TestRefereePage(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "4"}, 1, 1, 1)
	// A digital match played to its end gives a match record with deals in full.
	f.drawDigital()
	m := f.firstPlayable(1)
	phones := f.startTable(f.helper, m, "draw")
	playOut(t, f, phones, mrand.New(mrand.NewPCG(9, 9)), false, false)
	record := phones[0].c.get(phones[0].path("/record.json")).body
	want, err := schnapsen.Referee([]byte(record))
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, _ := json.MarshalIndent(want, "", "  ")

	mustContain(t, f.helper.get(views.RefereePath).body, `data-testid="referee-form"`)
	r := f.helper.post(views.RefereePath, url.Values{"record": {record}})
	if r.status != http.StatusOK {
		t.Fatalf("match record: %d\n%s", r.status, r.body)
	}
	mustContain(t, r.body, `data-impossible="false"`, `data-testid="referee-match"`, `data-testid="referee-game-0"`, `data-testid="referee-step"`,
		strings.ReplaceAll(string(wantJSON), `"`, "&#34;"))

	// One deal of it as a game record, uploaded as a file: its verdict and its steps.
	var mr struct {
		Deals []json.RawMessage `json:"deals"`
	}
	if err := json.Unmarshal([]byte(record), &mr); err != nil {
		t.Fatal(err)
	}
	game := string(mr.Deals[0])
	body, ctype := multipartForm(t, map[string]string{"_csrf": f.helper.csrf()}, "file", "deal.json", game)
	up := f.helper.request(http.MethodPost, views.RefereePath, body, map[string]string{"Content-Type": ctype})
	rec, _ := schnapsen.ParseGameRecord([]byte(game))
	if up.status != http.StatusOK || strings.Count(up.body, `data-testid="referee-step"`) != len(rec.Actions)+1 {
		t.Fatalf("upload: %d, %d steps for %d actions\n%s", up.status, strings.Count(up.body, `data-testid="referee-step"`), len(rec.Actions), up.body)
	}
	mustContain(t, up.body, `&#34;finished&#34;: true`, `data-testid="replay-verdict"`)

	// An impossible record: the error at its action, the steps up to it.
	rec.Actions = append([]schnapsen.Action{{Seat: 1, Kind: schnapsen.Declare}}, rec.Actions...)
	bad, _ := json.Marshal(rec)
	r = f.helper.post(views.RefereePath, url.Values{"record": {string(bad)}})
	if r.status != http.StatusUnprocessableEntity {
		t.Fatalf("impossible record: %d", r.status)
	}
	mustContain(t, r.body, `data-impossible="true"`, `&#34;action&#34;: 0`, `data-testid="referee-error"`, `data-testid="referee-step-error"`, "Zug 0 ist nicht möglich")
	// Empty and not JSON.
	if r := f.helper.post(views.RefereePath, url.Values{"record": {"  "}}); r.status != http.StatusUnprocessableEntity {
		t.Fatalf("empty: %d", r.status)
	}
	if r := f.helper.post(views.RefereePath, url.Values{"record": {"nonsense"}}); r.status != http.StatusUnprocessableEntity {
		t.Fatalf("not JSON: %d", r.status)
	}
	if r := f.app.client().get(views.RefereePath); r.status != http.StatusSeeOther {
		t.Fatalf("anonymous: %d", r.status)
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
	f.drawDigital()
	m := f.firstPlayable(1)
	phones := f.startTable(f.helper, m, "0")
	keyLeft := regexp.MustCompile(`>[^<]*\b(play|playadmin|replay|referee)\.[a-z_]+`)
	page := phones[1].c.get(phones[1].path("?lang=en")).body
	mustContain(t, page, "Your turn.", "Game points this Bummerl (7 down to 0)", "Bummerl won (2 to win)", "Trumps: ")
	if k := keyLeft.FindString(page); k != "" {
		t.Errorf("untranslated key %q", k)
	}
	dt, _, _ := f.app.store.TableBySeat(t.Context(), phones[0].token)
	if _, _, err := f.app.store.PlayMove(t.Context(), dt.ID, table.Move{ID: "r", Seat: 0, Resign: table.ResignMatch}, -1); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{views.PlayAdminPath(f.id, 1, m.No), views.PlayTablePath(f.id, dt.ID, "/replay"), views.RefereePath} {
		body := f.helper.get(p + "?lang=en").body
		if k := keyLeft.FindString(body); k != "" {
			t.Errorf("%s: untranslated key %q", p, k)
		}
	}
	mustContain(t, phones[1].c.get(phones[1].path("/table?lang=en")).body, "Match won!", "resigned the match")
}
