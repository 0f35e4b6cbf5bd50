package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/draw"
)

// swissFixture is a Swiss tournament (issue 14) for 3 rounds with room
// for 16, and 5 players who bought one card each at the desk.
func swissFixture(t *testing.T) webtest.Fixture {
	t.Helper()
	return newFixture(t, map[string]string{"name": "Schweizer Hinterbrühl", "form": "swiss", "cards": "16",
		"swiss_rounds": "3", "buchholz_cut1": "on"}, 1, 1, 1, 1, 1)
}

// paired reports whether card c plays in round r (a bye counts).
func paired(r tournament.Round, c tournament.CardNo) bool {
	return slices.ContainsFunc(r.Matches, func(m tournament.Match) bool { return m.A == c || m.B == c })
}

// TestSwissOrganiserFlow plays a Swiss tournament through the pages: the
// settings form, one card per player (SW-1), pairing round by round from
// the announced seed (SW-4), undo before results, the refusals, late
// entry (SW-15) and withdrawal (SW-16) with its confirm page, the finish
// after the set rounds (SW-2) and the prizes by place (SW-17).
func TestSwissOrganiserFlow(t *testing.T) {
	f := swissFixture(t)
	tr := f.Load()
	if !tr.Settings.IsSwiss() || tr.Settings.Swiss != (tournament.SwissSettings{Rounds: 3, BuchholzCut1: true}) || tr.Settings.MaxCards != 1 {
		t.Fatalf("settings %+v", tr.Settings)
	}
	// SW-1: a second card for a player is refused, and nothing is sold.
	r := f.Org.Post(f.Path+"/sale", url.Values{"player": {"1"}, "count": {"1"}})
	webtest.MustContain(t, r.Body, "Spieler 1 hat schon eine Karte")
	if r.Status != http.StatusConflict || f.Load().Sold() != 5 {
		t.Fatalf("second card: status %d, sold %d", r.Status, f.Load().Sold())
	}
	// SW-15: late entry is for after round 1; before it the desk sells.
	r = f.Org.Post(f.Path+"/swiss/late", url.Values{"name": {"Zu früh"}})
	if r.Status != http.StatusConflict {
		t.Fatalf("early late entry: status %d", r.Status)
	}

	page := f.Org.Get(f.Path + "/draw").Body
	webtest.MustContain(t, page, "Runde 1 von 3 paaren", "Paarung ankündigen")
	webtest.MustNotContain(t, page, `data-testid="draw-physical"`, `data-testid="swiss-late"`)
	f.DrawDigital()
	round1 := f.Load().Rounds[0]
	if round1.Draw.Method != tournament.SwissPairing || len(round1.Matches) != 3 || !round1.Matches[2].Bye() {
		t.Fatalf("round 1: %+v", round1)
	}
	webtest.MustContain(t, f.App.Client().Get(f.Path+"/rounds/1").Body, "Runde 1")
	webtest.MustContain(t, f.App.Client().Get(f.Path).Body, "Schweizer System, 3 Runden")

	// SW-2: round 2 waits for every result of round 1.
	f.Org.Post(f.Path+"/draw/announce", nil)
	r = f.Org.Post(f.Path+"/draw/digital", url.Values{"commitment": {f.Load().Pending.Commitment}})
	webtest.MustContain(t, r.Body, "hat noch kein Ergebnis")
	if r.Status != http.StatusConflict || len(f.Load().Rounds) != 1 {
		t.Fatalf("early pairing: status %d", r.Status)
	}
	// A pairing is undone like a draw while no result is in.
	webtest.MustContain(t, f.Org.Get(f.Path+"/draw/undo?round=1").Body, "Runde 1")
	if r := f.Org.Post(f.Path+"/draw/undo", url.Values{"round": {"1"}}); r.Status != http.StatusSeeOther || len(f.Load().Rounds) != 0 {
		t.Fatalf("undo: status %d\n%s", r.Status, r.Body)
	}
	f.DrawDigital()
	f.FinishRound(1)

	// SW-16: the withdrawal asks first, then takes effect from round 2.
	confirm := f.Org.Get(f.Path + "/swiss/withdraw?card=2")
	webtest.MustContain(t, confirm.Body, "Spieler 2 (Karte 2) zurückziehen", "ab Runde 2 nicht mehr gepaart")
	if r := f.Org.Post(f.Path+"/swiss/withdraw", url.Values{"card": {"2"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("withdraw: status %d\n%s", r.Status, r.Body)
	}
	if r := f.Org.Post(f.Path+"/swiss/withdraw", url.Values{"card": {"2"}}); r.Status != http.StatusConflict {
		t.Fatalf("withdraw twice: status %d", r.Status)
	}
	// SW-16: taken back before round 2 is paired: the draw page offers it,
	// the confirm page asks, a helper or anonymous changes nothing.
	webtest.MustContain(t, confirm.Body, "Bis diese Runde gepaart ist, lässt sich das zurücknehmen")
	webtest.MustContain(t, f.Org.Get(f.Path+"/draw").Body, `data-testid="reinstate-2"`)
	webtest.MustNotContain(t, f.Org.Get(f.Path+"/draw").Body, `data-testid="reinstate-1"`)
	webtest.MustContain(t, f.Org.Get(f.Path+"/swiss/reinstate?card=2").Body, "Rückzug von Spieler 2 (Karte 2) zurücknehmen", "ab Runde 2 wieder gepaart", `data-testid="confirm-reinstate"`)
	if r := f.Org.Get(f.Path + "/swiss/reinstate?card=1"); r.Status != http.StatusSeeOther {
		t.Fatalf("confirm for a card not withdrawn: status %d", r.Status)
	}
	if r := f.Helper.Post(f.Path+"/swiss/reinstate", url.Values{"card": {"2"}}); r.Status != http.StatusForbidden {
		t.Fatalf("helper reinstates: status %d", r.Status)
	}
	if r := f.App.Client().Post(f.Path+"/swiss/reinstate", url.Values{"card": {"2"}}); r.Status != http.StatusUnauthorized {
		t.Fatalf("anonymous reinstates: status %d", r.Status)
	}
	if c, _ := f.Load().Card(2); c.Out != 2 {
		t.Fatalf("refused reinstatement changed card 2: %+v", c)
	}
	if r := f.Org.Post(f.Path+"/swiss/reinstate", url.Values{"card": {"2"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("reinstate: status %d\n%s", r.Status, r.Body)
	}
	if c, _ := f.Load().Card(2); c.Withdrawn() {
		t.Fatalf("card 2 still withdrawn: %+v", c)
	}
	r = f.Org.Post(f.Path+"/swiss/reinstate", url.Values{"card": {"2"}})
	webtest.MustContain(t, r.Body, "Die Person mit Karte 2 hat sich nicht zurückgezogen")
	if r.Status != http.StatusConflict {
		t.Fatalf("reinstate twice: status %d", r.Status)
	}
	webtest.MustContain(t, f.Org.Get(f.Path+"/history").Body, "Rückzug von Karte 2 (Spieler 2) zurückgenommen: ab Runde 2 wieder gepaart", "Rückzug zurückgenommen")
	if r := f.Org.Post(f.Path+"/swiss/withdraw", url.Values{"card": {"2"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("withdraw again: status %d", r.Status)
	}
	// SW-15: a late entry gets the next free card and round 2.
	webtest.MustContain(t, f.Org.Get(f.Path+"/draw").Body, "Nachträglich einsteigen", "ab Runde 2 gepaart")
	webtest.MustContain(t, f.Org.Get(f.Path+"/sale").Body, `data-testid="late-entry-link"`)
	if r := f.Org.Post(f.Path+"/swiss/late", url.Values{"name": {"Nachzügler"}, "club": {"SV Mödling"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("late entry: status %d\n%s", r.Status, r.Body)
	}
	if c, ok := f.Load().Card(6); !ok || c.From != 2 || c.PriceCents != 1250 {
		t.Fatalf("late card %+v", c)
	}
	hist := f.Org.Get(f.Path + "/history").Body
	webtest.MustContain(t, hist, "Nachzügler (steigt ab Runde 2 ein)", "Spieler 2) zurückgezogen: ab Runde 2 nicht mehr gepaart")
	f.DrawDigital()
	round2 := f.Load().Rounds[1]
	if paired(round2, 2) || !paired(round2, 6) || len(round2.Matches) != 3 {
		t.Fatalf("round 2: %+v", round2.Matches)
	}
	// SW-16: round 2 is paired without card 2: too late to take it back.
	webtest.MustNotContain(t, f.Org.Get(f.Path+"/draw").Body, `data-testid="reinstate-2"`)
	r = f.Org.Post(f.Path+"/swiss/reinstate", url.Values{"card": {"2"}})
	webtest.MustContain(t, r.Body, "Runde 2 ist ohne die Person mit Karte 2 gepaart")
	if r.Status != http.StatusConflict {
		t.Fatalf("late reinstatement: status %d", r.Status)
	}
	f.FinishRound(2)
	f.DrawDigital()
	f.FinishRound(3)

	tr = f.Load()
	if !tr.Finished() {
		t.Fatal("not finished after 3 rounds")
	}
	page = f.Org.Get(f.Path + "/draw").Body
	webtest.MustContain(t, page, "Das Turnier ist beendet")
	webtest.MustNotContain(t, page, `data-testid="swiss-late"`)
	r = f.Org.Post(f.Path+"/swiss/late", url.Values{"name": {"Zu spät"}})
	webtest.MustContain(t, r.Body, "Alle 3 Runden sind gepaart")
	if r.Status != http.StatusConflict || tr.Sold() != 6 {
		t.Fatalf("late entry after the last round: status %d", r.Status)
	}

	// The public standings: the table with every tie-break, no bracket,
	// prizes by place (SW-10, SW-17).
	st := f.App.Client().Get(f.Path + "/standings").Body
	webtest.MustContain(t, st, `data-testid="swiss-standings"`, "Bh.", "B±", "Runde 3 von 3", "zurückgezogen", "ab Runde 2")
	webtest.MustNotContain(t, st, `data-testid="bracket"`, `data-testid="standings-cards"`)
	first := tr.SwissTable().Rows[0]
	webtest.MustContain(t, webtest.TestidText(t, st, "swiss-place-"+strconv.Itoa(int(first.Card))), "1.")
	if aw := tr.Prizes(); len(aw) != 2 || aw[0].Card != first.Card {
		t.Fatalf("prizes %+v", aw)
	}
}

// TestSwissAPI: the same resources report the form and the Swiss fields;
// late entry and withdrawal through the API; a Preisschnapsen reports
// no Swiss field (issue 14, docs/api.md).
func TestSwissAPI(t *testing.T) {
	f := swissFixture(t)
	base := "/api/tournaments/" + strconv.FormatInt(f.ID, 10)
	type tj struct {
		Settings struct {
			Form  string `json:"form"`
			Swiss *struct {
				Rounds       int  `json:"rounds"`
				BuchholzCut1 bool `json:"buchholz_cut1"`
			} `json:"swiss"`
		} `json:"settings"`
		SwissRounds int `json:"swiss_rounds"`
	}
	got := webtest.Decode[tj](t, f.API.API(http.MethodGet, base, "", nil))
	if got.Settings.Form != "swiss" || got.Settings.Swiss == nil || got.Settings.Swiss.Rounds != 3 || !got.Settings.Swiss.BuchholzCut1 || got.SwissRounds != 3 {
		t.Fatalf("tournament %+v", got)
	}
	// SW-1 on the API: two cards for one new player.
	r := f.API.API(http.MethodPost, base+"/sales", f.Anna, map[string]any{"name": "Doppelt", "count": 2})
	if r.Status != http.StatusConflict {
		t.Fatalf("two cards: status %d %s", r.Status, r.Body)
	}
	if r := f.API.API(http.MethodPost, base+"/late-entries", f.Anna, map[string]any{"name": "X"}); r.Status != http.StatusConflict {
		t.Fatalf("late entry before round 1: %d %s", r.Status, r.Body)
	}
	f.DrawDigital()
	f.FinishRound(1)
	r = f.API.API(http.MethodPost, base+"/late-entries", f.Anna, map[string]any{"name": "Spät", "club": "SV"})
	if r.Status != http.StatusCreated {
		t.Fatalf("late entry: %d %s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `"sold":[6]`)
	if r := f.API.API(http.MethodPost, base+"/cards/3/withdraw", f.Anna, nil); r.Status != http.StatusOK {
		t.Fatalf("withdraw: %d %s", r.Status, r.Body)
	}
	if r := f.API.API(http.MethodPost, base+"/cards/3/withdraw", ""+webtest.Basic("Hans", "Hans-password"), nil); r.Status != http.StatusForbidden {
		t.Fatalf("helper withdraws: %d", r.Status)
	}
	// SW-16: taken back and withdrawn again on the API.
	if r := f.API.API(http.MethodPost, base+"/cards/3/reinstate", webtest.Basic("Hans", "Hans-password"), nil); r.Status != http.StatusForbidden {
		t.Fatalf("helper reinstates: %d", r.Status)
	}
	if r := f.API.API(http.MethodPost, base+"/cards/3/reinstate", f.Anna, nil); r.Status != http.StatusOK {
		t.Fatalf("reinstate: %d %s", r.Status, r.Body)
	}
	if c, _ := f.Load().Card(3); c.Withdrawn() {
		t.Fatalf("card 3 still withdrawn: %+v", c)
	}
	if r := f.API.API(http.MethodPost, base+"/cards/3/reinstate", f.Anna, nil); r.Status != http.StatusConflict || !strings.Contains(r.Body, "not_withdrawn") {
		t.Fatalf("reinstate twice: %d %s", r.Status, r.Body)
	}
	if r := f.API.API(http.MethodPost, base+"/cards/3/withdraw", f.Anna, nil); r.Status != http.StatusOK {
		t.Fatalf("withdraw again: %d %s", r.Status, r.Body)
	}
	type sj struct {
		Swiss *struct {
			Round, Rounds int
			Rows          []struct {
				Place, Points, Buchholz int
				Card                    tournament.CardNo
				Withdrawn               bool
				GamePointDiff           *int `json:"game_point_diff"`
				From                    int
			}
		} `json:"swiss"`
	}
	st := webtest.Decode[sj](t, f.API.API(http.MethodGet, base+"/standings", "", nil))
	if st.Swiss == nil || st.Swiss.Round != 1 || st.Swiss.Rounds != 3 || len(st.Swiss.Rows) != 6 {
		t.Fatalf("standings %+v", st.Swiss)
	}
	for i, row := range st.Swiss.Rows {
		if row.Place != i+1 || row.GamePointDiff != nil || row.Withdrawn != (row.Card == 3) || (row.From == 2) != (row.Card == 6) {
			t.Fatalf("row %d: %+v", i, row)
		}
	}

	// Preisschnapsen is as before: form "preis", no Swiss fields.
	p := newFixture(t, nil, 1, 1, 1)
	pb := "/api/tournaments/" + strconv.FormatInt(p.ID, 10)
	body := p.API.API(http.MethodGet, pb, "", nil).Body
	webtest.MustContain(t, body, `"form":"preis"`)
	webtest.MustNotContain(t, body, `"swiss"`)
	webtest.MustNotContain(t, p.API.API(http.MethodGet, pb+"/standings", "", nil).Body, `"swiss"`)
	if r := p.API.API(http.MethodPost, pb+"/cards/1/withdraw", p.Anna, nil); r.Status != http.StatusConflict {
		t.Fatalf("withdraw in Preisschnapsen: %d", r.Status)
	}
}

// TestSwissPublicPages: the round page with points, the phone page with
// table, opponent, score and place, the projector with boards then the
// standings and at the end winners and prizes, and the paper (issue 14).
func TestSwissPublicPages(t *testing.T) {
	f := swissFixture(t)
	anon := f.App.Client()
	f.DrawDigital()
	m := f.Load().Rounds[0].Matches[0]

	// The phone: table, opponent, 0 points and a place (SW-3).
	phone := anon.Get(f.Path + "/card/" + strconv.Itoa(int(m.A))).Body
	webtest.MustContain(t, phone, `data-testid="swiss-score"`, "0 Punkte · Platz", "Runde 1 von 3", "Tisch 1")
	webtest.MustNotContain(t, phone, "Keine Karte mehr im Spiel")
	opp, _ := f.Load().Player(tournament.PlayerID(m.B))
	webtest.MustContain(t, phone, opp.Name)
	bye := f.Load().Rounds[0].Matches[2]
	webtest.MustContain(t, anon.Get(f.Path+"/card/"+strconv.Itoa(int(bye.A))).Body, "Spielfrei: 1 Punkt ohne Partie")

	// The projector: the round's boards, then the standings, no bracket.
	screen := anon.Get(f.Path + "/screen").Body
	webtest.MustContain(t, screen, "Runde 1", `data-testid="screen-swiss"`, ">Tabelle – Runde 1 läuft <") // the bye counts already
	webtest.MustNotContain(t, screen, `data-testid="screen-bracket"`, `data-testid="screen-players"`)

	f.FinishRound(1)
	f.DrawDigital()
	r2 := f.Load().Rounds[1]
	// Round 2 shows every player's points before it (1 for the winners
	// and the bye of round 1).
	round := anon.Get(f.Path + "/rounds/2").Body
	pts := map[tournament.CardNo]int{}
	for _, mt := range f.Load().Rounds[0].Matches {
		pts[mt.Winner()]++
	}
	for _, mt := range r2.Matches {
		webtest.MustContain(t, webtest.TestidText(t, round, "points-"+strconv.Itoa(int(mt.A))), strconv.Itoa(pts[mt.A])+" P.")
	}
	webtest.MustContain(t, round, `data-testid="swiss-verify"`, `data-testid="protocol"`)
	// The protocol pairs round 2 again from its seed (SW-4), and a board
	// changed in it is found.
	for no := 1; no <= 2; no++ {
		p, err := draw.ReadProtocol(strings.NewReader(anon.Get(f.Path + "/rounds/" + strconv.Itoa(no) + "/protocol.json").Body))
		if err != nil || p.Swiss == nil {
			t.Fatalf("protocol of round %d: %v %+v", no, err, p)
		}
		if err := p.Verify(); err != nil {
			t.Fatalf("protocol of round %d: %v", no, err)
		}
		p.Swiss.Boards[0][0], p.Swiss.Boards[0][1] = p.Swiss.Boards[0][1], p.Swiss.Boards[0][0]
		if err := p.Verify(); err == nil {
			t.Fatalf("round %d: a changed board passes", no)
		}
	}
	webtest.MustContain(t, f.Org.Get(f.Path+"/print/rounds/2").Body, "("+strconv.Itoa(pts[r2.Matches[0].A])+" P.)")

	f.FinishRound(2)
	f.DrawDigital()
	f.FinishRound(3)
	tr := f.Load()
	top := tr.SwissTable().Rows
	winner, _ := tr.Player(top[0].Player)

	screen = anon.Get(f.Path + "/screen").Body
	webtest.MustContain(t, screen, `data-testid="screen-winners"`, `data-testid="screen-prizes"`, "Schinken", `data-testid="screen-swiss"`)
	webtest.MustContain(t, screen, `data-testid="screen-swiss-`+strconv.Itoa(int(top[0].Card))+`"><b class="place">1.</b>`)
	phone = anon.Get(f.Path + "/card/" + strconv.Itoa(int(top[0].Card))).Body
	webtest.MustContain(t, phone, "Platz 1 von 5", "Platz 1.", "1. Preis")

	idx := f.Org.Get(f.Path + "/print").Body
	webtest.MustContain(t, idx, `data-testid="print-swiss"`)
	webtest.MustNotContain(t, idx, "?paper=a3")
	sheet := f.Org.Get(f.Path + "/print/bracket").Body
	webtest.MustContain(t, sheet, `data-testid="swiss-standings"`, winner.Name)
	webtest.MustNotContain(t, sheet, `data-testid="bracket"`)
	prizes := f.Org.Get(f.Path + "/print/prizes").Body
	webtest.MustContain(t, prizes, "Schinken", winner.Name, `data-testid="swiss-standings"`)
}

// TestSwissEndEarly: after a complete round the organiser may end the
// tournament (SW-2, SW-7), asked first; the standings are final and the
// prizes go out. A round not latest, an open round and Preisschnapsen are
// refused.
func TestSwissEndEarly(t *testing.T) {
	f := swissFixture(t)
	f.DrawDigital()
	webtest.MustNotContain(t, f.Org.Get(f.Path+"/draw").Body, `data-testid="swiss-end"`) // round 1 is open
	if r := f.Org.Post(f.Path+"/swiss/end", url.Values{"round": {"1"}}); r.Status != http.StatusConflict {
		t.Fatalf("end with round 1 open: %d", r.Status)
	}
	f.FinishRound(1)
	webtest.MustContain(t, f.Org.Get(f.Path+"/draw").Body, `data-testid="swiss-end"`, "Turnier nach Runde 1 beenden")
	webtest.MustContain(t, f.Org.Get(f.Path+"/swiss/end?round=1").Body, "Das Turnier endet nach Runde 1 statt nach 3 Runden")
	if r := f.Org.Post(f.Path+"/swiss/end", url.Values{"round": {"2"}}); r.Status != http.StatusConflict {
		t.Fatalf("end after round 2: %d", r.Status)
	}
	if r := f.Org.Post(f.Path+"/swiss/end", url.Values{"round": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("end: %d\n%s", r.Status, r.Body)
	}
	tr := f.Load()
	if !tr.Finished() || len(tr.Prizes()) != 2 {
		t.Fatalf("finished %v, prizes %+v", tr.Finished(), tr.Prizes())
	}
	webtest.MustContain(t, f.App.Client().Get(f.Path+"/standings").Body, "Runde 1 von 1")
	webtest.MustContain(t, f.Org.Get(f.Path+"/history").Body, "Runden: 3 → 1")

	p := newFixture(t, nil, 1, 1, 1, 1, 1)
	p.DrawDigital()
	p.FinishRound(1)
	pb := "/api/tournaments/" + strconv.FormatInt(p.ID, 10)
	if r := p.API.API(http.MethodPost, pb+"/end", p.Anna, map[string]int{"round": 1}); r.Status != http.StatusConflict {
		t.Fatalf("end in Preisschnapsen: %d", r.Status)
	}
}
