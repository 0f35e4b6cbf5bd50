package webtest

import (
	"encoding/json"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// SeatState is GET /play/TOKEN/state.json.
type SeatState struct {
	State string `json:"state"`
	table.SeatView
}

// SeatPhone is one player's phone: its own cookies and its seat link.
type SeatPhone struct {
	Client *Client
	Token  string
}

// Path is a path below the seat's link.
func (p SeatPhone) Path(rest string) string { return views.PlayPath(p.Token, rest) }

// State is the seat's state.json, decoded and as sent.
func (p SeatPhone) State(t *testing.T) (SeatState, string) {
	t.Helper()
	r := p.Client.Get(p.Path("/state.json"))
	if r.Status != http.StatusOK {
		t.Fatalf("state: %d %s", r.Status, r.Body)
	}
	var s SeatState
	if err := json.Unmarshal([]byte(r.Body), &s); err != nil {
		t.Fatal(err)
	}
	return s, r.Body
}

// Move posts a move the way the page's forms do (htmx).
func (p SeatPhone) Move(seq int, mv table.Move) Response {
	return PostMove(p.Client, p.Path(""), seq, mv)
}

// PostMove posts a move to the seat link base (/play/TOKEN or
// /practice/TOKEN) the way the page's forms do (htmx).
func PostMove(c *Client, base string, seq int, mv table.Move) Response {
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
	return c.Htmx(base+"/move", form)
}

var seatLinkRE = regexp.MustCompile(`data-testid="seat-link-(\d)"[^>]*>|href="[^"]*/play/([A-Za-z0-9_-]+)" data-testid="seat-link-(\d)"`)

// StartTable starts a digital table for match m on the staff's page and
// returns the two phones (seat 0 = card A).
func (f Fixture) StartTable(c *Client, m tournament.Match, first string) [2]SeatPhone {
	f.T.Helper()
	r := c.Post(views.PlayAdminPath(f.ID, 1, m.No), url.Values{"first_dealer": {first}})
	if r.Status != http.StatusSeeOther {
		f.T.Fatalf("start table: %d\n%s", r.Status, r.Body)
	}
	page := c.Get(r.Location()).Body
	MustContain(f.T, page, `data-testid="notice"`, `data-state="playing"`, "/qr.png")
	var phones [2]SeatPhone
	for _, sm := range seatLinkRE.FindAllStringSubmatch(page, -1) {
		if sm[2] == "" {
			continue
		}
		seat, _ := strconv.Atoi(sm[3])
		phones[seat] = SeatPhone{Client: f.App.Client(), Token: sm[2]}
	}
	for i, p := range phones {
		if len(p.Token) < 24 { // 144 bits in base64url
			f.T.Fatalf("seat %d: no link or a short one %q\n%s", i, p.Token, page)
		}
	}
	return phones
}

// CheckRecorded: the tournament's result of m is the referee's verdict on
// the table's match record, and the audit says it was played at the table.
func CheckRecorded(t *testing.T, f Fixture, m tournament.Match, p SeatPhone) {
	t.Helper()
	rec := p.Client.Get(p.Path("/record.json"))
	if rec.Status != http.StatusOK {
		t.Fatalf("record: %d", rec.Status)
	}
	got, err := schnapsen.Referee([]byte(rec.Body))
	if err != nil {
		t.Fatalf("referee: %v\n%s", err, rec.Body)
	}
	v := got.(schnapsen.MatchVerdict)
	res := f.MatchOf(1, m.No).Result
	if res == nil || !v.Finished {
		t.Fatalf("no result (%+v) or unfinished verdict %+v", res, v)
	}
	if res.Winner != []tournament.CardNo{m.A, m.B}[*v.Winner] || res.Bummerl != v.Bummerl || len(res.Sheet) != len(v.Deals) {
		t.Fatalf("result %+v, verdict %+v", res, v)
	}
	audit, err := f.App.Store.Audit(t.Context(), f.ID)
	if err != nil {
		t.Fatal(err)
	}
	if audit[0].Action != "table result" {
		t.Fatalf("audit %+v", audit[0])
	}
	hist := f.Org.Get(f.Path + "/history")
	MustContain(t, hist.Body, "Ergebnis am Tisch gespielt")
}

// ToDeclare plays fixture f's soft or sharp digital tables through the
// seat links, cards and marriages only, until the seat to move may declare
// out (S-13) with fewer than 66 card points (doubt) or with 66 or more,
// and returns its phone. A match that ends first gives way to the next
// match's table.
func ToDeclare(t *testing.T, f Fixture, doubt bool) SeatPhone {
	t.Helper()
	r := mrand.New(mrand.NewPCG(1, 23))
	for _, m := range f.Load().Rounds[0].Matches {
		if playing, _ := f.App.Store.PlayingTables(t.Context(), f.ID); m.Decided() || slices.ContainsFunc(playing, func(dt store.DigitalTable) bool { return dt.Match == m.No }) {
			continue
		}
		phones := f.StartTable(f.Helper, m, "0")
		for {
			s0, _ := phones[0].State(t)
			if s0.Finished {
				break
			}
			p := phones[s0.ToMove]
			s, _ := p.State(t)
			var moves []table.Move
			canDeclare := false
			for _, mv := range s.Legal {
				switch mv.Kind {
				case schnapsen.Declare:
					canDeclare = true
				case schnapsen.Play, schnapsen.Marriage:
					moves = append(moves, mv)
				}
			}
			if canDeclare && (s.Points == nil || *s.Points < 66) == doubt {
				return p
			}
			mv := moves[r.IntN(len(moves))]
			mv.ID = views.MoveID(s.Seq, s.Seat, mv)
			if res := p.Move(s.Seq, mv); res.Status != http.StatusOK {
				t.Fatalf("move %+v: %d\n%s", mv, res.Status, res.Body)
			}
		}
	}
	t.Fatalf("no table came to a declaration (doubt %v)", doubt)
	return SeatPhone{}
}
