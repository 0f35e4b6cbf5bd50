package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/draw"
)

// swissFixture is a Swiss tournament (issue 14) for 3 rounds with room
// for 16, and 5 players who bought one card each at the desk.
func swissFixture(t *testing.T) fixture {
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
	tr := f.load()
	if !tr.Settings.IsSwiss() || tr.Settings.Swiss != (tournament.SwissSettings{Rounds: 3, BuchholzCut1: true}) || tr.Settings.MaxCards != 1 {
		t.Fatalf("settings %+v", tr.Settings)
	}
	// SW-1: a second card for a player is refused, and nothing is sold.
	r := f.org.post(f.path+"/sale", url.Values{"player": {"1"}, "count": {"1"}})
	mustContain(t, r.body, "Spieler 1 hat schon eine Karte")
	if r.status != http.StatusConflict || f.load().Sold() != 5 {
		t.Fatalf("second card: status %d, sold %d", r.status, f.load().Sold())
	}
	// SW-15: late entry is for after round 1; before it the desk sells.
	r = f.org.post(f.path+"/swiss/late", url.Values{"name": {"Zu früh"}})
	if r.status != http.StatusConflict {
		t.Fatalf("early late entry: status %d", r.status)
	}

	page := f.org.get(f.path + "/draw").body
	mustContain(t, page, "Runde 1 von 3 paaren", "Paarung ankündigen")
	mustNotContain(t, page, `data-testid="draw-physical"`, `data-testid="swiss-late"`)
	f.drawDigital()
	round1 := f.load().Rounds[0]
	if round1.Draw.Method != tournament.SwissPairing || len(round1.Matches) != 3 || !round1.Matches[2].Bye() {
		t.Fatalf("round 1: %+v", round1)
	}
	mustContain(t, f.app.client().get(f.path+"/rounds/1").body, "Runde 1")
	mustContain(t, f.app.client().get(f.path).body, "Schweizer System, 3 Runden")

	// SW-2: round 2 waits for every result of round 1.
	f.org.post(f.path+"/draw/announce", nil)
	r = f.org.post(f.path+"/draw/digital", url.Values{"commitment": {f.load().Pending.Commitment}})
	mustContain(t, r.body, "hat noch kein Ergebnis")
	if r.status != http.StatusConflict || len(f.load().Rounds) != 1 {
		t.Fatalf("early pairing: status %d", r.status)
	}
	// A pairing is undone like a draw while no result is in.
	mustContain(t, f.org.get(f.path+"/draw/undo?round=1").body, "Runde 1")
	if r := f.org.post(f.path+"/draw/undo", url.Values{"round": {"1"}}); r.status != http.StatusSeeOther || len(f.load().Rounds) != 0 {
		t.Fatalf("undo: status %d\n%s", r.status, r.body)
	}
	f.drawDigital()
	f.finishRound(1)

	// SW-16: the withdrawal asks first, then takes effect from round 2.
	confirm := f.org.get(f.path + "/swiss/withdraw?card=2")
	mustContain(t, confirm.body, "Spieler 2 (Karte 2) zurückziehen", "ab Runde 2 nicht mehr gepaart")
	if r := f.org.post(f.path+"/swiss/withdraw", url.Values{"card": {"2"}}); r.status != http.StatusSeeOther {
		t.Fatalf("withdraw: status %d\n%s", r.status, r.body)
	}
	if r := f.org.post(f.path+"/swiss/withdraw", url.Values{"card": {"2"}}); r.status != http.StatusConflict {
		t.Fatalf("withdraw twice: status %d", r.status)
	}
	// SW-16: taken back before round 2 is paired: the draw page offers it,
	// the confirm page asks, a helper or anonymous changes nothing.
	mustContain(t, confirm.body, "Bis diese Runde gepaart ist, lässt sich das zurücknehmen")
	mustContain(t, f.org.get(f.path+"/draw").body, `data-testid="reinstate-2"`)
	mustNotContain(t, f.org.get(f.path+"/draw").body, `data-testid="reinstate-1"`)
	mustContain(t, f.org.get(f.path+"/swiss/reinstate?card=2").body, "Rückzug von Spieler 2 (Karte 2) zurücknehmen", "ab Runde 2 wieder gepaart", `data-testid="confirm-reinstate"`)
	if r := f.org.get(f.path + "/swiss/reinstate?card=1"); r.status != http.StatusSeeOther {
		t.Fatalf("confirm for a card not withdrawn: status %d", r.status)
	}
	if r := f.helper.post(f.path+"/swiss/reinstate", url.Values{"card": {"2"}}); r.status != http.StatusForbidden {
		t.Fatalf("helper reinstates: status %d", r.status)
	}
	if r := f.app.client().post(f.path+"/swiss/reinstate", url.Values{"card": {"2"}}); r.status != http.StatusUnauthorized {
		t.Fatalf("anonymous reinstates: status %d", r.status)
	}
	if c, _ := f.load().Card(2); c.Out != 2 {
		t.Fatalf("refused reinstatement changed card 2: %+v", c)
	}
	if r := f.org.post(f.path+"/swiss/reinstate", url.Values{"card": {"2"}}); r.status != http.StatusSeeOther {
		t.Fatalf("reinstate: status %d\n%s", r.status, r.body)
	}
	if c, _ := f.load().Card(2); c.Withdrawn() {
		t.Fatalf("card 2 still withdrawn: %+v", c)
	}
	r = f.org.post(f.path+"/swiss/reinstate", url.Values{"card": {"2"}})
	mustContain(t, r.body, "Die Person mit Karte 2 hat sich nicht zurückgezogen")
	if r.status != http.StatusConflict {
		t.Fatalf("reinstate twice: status %d", r.status)
	}
	mustContain(t, f.org.get(f.path+"/history").body, "Rückzug von Karte 2 (Spieler 2) zurückgenommen: ab Runde 2 wieder gepaart", "Rückzug zurückgenommen")
	if r := f.org.post(f.path+"/swiss/withdraw", url.Values{"card": {"2"}}); r.status != http.StatusSeeOther {
		t.Fatalf("withdraw again: status %d", r.status)
	}
	// SW-15: a late entry gets the next free card and round 2.
	mustContain(t, f.org.get(f.path+"/draw").body, "Nachträglich einsteigen", "ab Runde 2 gepaart")
	mustContain(t, f.org.get(f.path+"/sale").body, `data-testid="late-entry-link"`)
	if r := f.org.post(f.path+"/swiss/late", url.Values{"name": {"Nachzügler"}, "club": {"SV Mödling"}}); r.status != http.StatusSeeOther {
		t.Fatalf("late entry: status %d\n%s", r.status, r.body)
	}
	if c, ok := f.load().Card(6); !ok || c.From != 2 || c.PriceCents != 1250 {
		t.Fatalf("late card %+v", c)
	}
	hist := f.org.get(f.path + "/history").body
	mustContain(t, hist, "Nachzügler (steigt ab Runde 2 ein)", "Spieler 2) zurückgezogen: ab Runde 2 nicht mehr gepaart")
	f.drawDigital()
	round2 := f.load().Rounds[1]
	if paired(round2, 2) || !paired(round2, 6) || len(round2.Matches) != 3 {
		t.Fatalf("round 2: %+v", round2.Matches)
	}
	// SW-16: round 2 is paired without card 2: too late to take it back.
	mustNotContain(t, f.org.get(f.path+"/draw").body, `data-testid="reinstate-2"`)
	r = f.org.post(f.path+"/swiss/reinstate", url.Values{"card": {"2"}})
	mustContain(t, r.body, "Runde 2 ist ohne die Person mit Karte 2 gepaart")
	if r.status != http.StatusConflict {
		t.Fatalf("late reinstatement: status %d", r.status)
	}
	f.finishRound(2)
	f.drawDigital()
	f.finishRound(3)

	tr = f.load()
	if !tr.Finished() {
		t.Fatal("not finished after 3 rounds")
	}
	page = f.org.get(f.path + "/draw").body
	mustContain(t, page, "Das Turnier ist beendet")
	mustNotContain(t, page, `data-testid="swiss-late"`)
	r = f.org.post(f.path+"/swiss/late", url.Values{"name": {"Zu spät"}})
	mustContain(t, r.body, "Alle 3 Runden sind gepaart")
	if r.status != http.StatusConflict || tr.Sold() != 6 {
		t.Fatalf("late entry after the last round: status %d", r.status)
	}

	// The public standings: the table with every tie-break, no bracket,
	// prizes by place (SW-10, SW-17).
	st := f.app.client().get(f.path + "/standings").body
	mustContain(t, st, `data-testid="swiss-standings"`, "Bh.", "B±", "Runde 3 von 3", "zurückgezogen", "ab Runde 2")
	mustNotContain(t, st, `data-testid="bracket"`, `data-testid="standings-cards"`)
	first := tr.SwissTable().Rows[0]
	mustContain(t, testidText(t, st, "swiss-place-"+strconv.Itoa(int(first.Card))), "1.")
	if aw := tr.Prizes(); len(aw) != 2 || aw[0].Card != first.Card {
		t.Fatalf("prizes %+v", aw)
	}
}

// TestSwissAPI: the same resources report the form and the Swiss fields;
// late entry and withdrawal through the API; a Preisschnapsen reports
// no Swiss field (issue 14, docs/api.md).
func TestSwissAPI(t *testing.T) {
	f := swissFixture(t)
	base := "/api/tournaments/" + strconv.FormatInt(f.id, 10)
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
	got := decode[tj](t, f.api.api(http.MethodGet, base, "", nil))
	if got.Settings.Form != "swiss" || got.Settings.Swiss == nil || got.Settings.Swiss.Rounds != 3 || !got.Settings.Swiss.BuchholzCut1 || got.SwissRounds != 3 {
		t.Fatalf("tournament %+v", got)
	}
	// SW-1 on the API: two cards for one new player.
	r := f.api.api(http.MethodPost, base+"/sales", f.anna, map[string]any{"name": "Doppelt", "count": 2})
	if r.status != http.StatusConflict {
		t.Fatalf("two cards: status %d %s", r.status, r.body)
	}
	if r := f.api.api(http.MethodPost, base+"/late-entries", f.anna, map[string]any{"name": "X"}); r.status != http.StatusConflict {
		t.Fatalf("late entry before round 1: %d %s", r.status, r.body)
	}
	f.drawDigital()
	f.finishRound(1)
	r = f.api.api(http.MethodPost, base+"/late-entries", f.anna, map[string]any{"name": "Spät", "club": "SV"})
	if r.status != http.StatusCreated {
		t.Fatalf("late entry: %d %s", r.status, r.body)
	}
	mustContain(t, r.body, `"sold":[6]`)
	if r := f.api.api(http.MethodPost, base+"/cards/3/withdraw", f.anna, nil); r.status != http.StatusOK {
		t.Fatalf("withdraw: %d %s", r.status, r.body)
	}
	if r := f.api.api(http.MethodPost, base+"/cards/3/withdraw", ""+basic("Hans", "Hans-password"), nil); r.status != http.StatusForbidden {
		t.Fatalf("helper withdraws: %d", r.status)
	}
	// SW-16: taken back and withdrawn again on the API.
	if r := f.api.api(http.MethodPost, base+"/cards/3/reinstate", basic("Hans", "Hans-password"), nil); r.status != http.StatusForbidden {
		t.Fatalf("helper reinstates: %d", r.status)
	}
	if r := f.api.api(http.MethodPost, base+"/cards/3/reinstate", f.anna, nil); r.status != http.StatusOK {
		t.Fatalf("reinstate: %d %s", r.status, r.body)
	}
	if c, _ := f.load().Card(3); c.Withdrawn() {
		t.Fatalf("card 3 still withdrawn: %+v", c)
	}
	if r := f.api.api(http.MethodPost, base+"/cards/3/reinstate", f.anna, nil); r.status != http.StatusConflict || !strings.Contains(r.body, "not_withdrawn") {
		t.Fatalf("reinstate twice: %d %s", r.status, r.body)
	}
	if r := f.api.api(http.MethodPost, base+"/cards/3/withdraw", f.anna, nil); r.status != http.StatusOK {
		t.Fatalf("withdraw again: %d %s", r.status, r.body)
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
	st := decode[sj](t, f.api.api(http.MethodGet, base+"/standings", "", nil))
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
	pb := "/api/tournaments/" + strconv.FormatInt(p.id, 10)
	body := p.api.api(http.MethodGet, pb, "", nil).body
	mustContain(t, body, `"form":"preis"`)
	mustNotContain(t, body, `"swiss"`)
	mustNotContain(t, p.api.api(http.MethodGet, pb+"/standings", "", nil).body, `"swiss"`)
	if r := p.api.api(http.MethodPost, pb+"/cards/1/withdraw", p.anna, nil); r.status != http.StatusConflict {
		t.Fatalf("withdraw in Preisschnapsen: %d", r.status)
	}
}

// TestSwissPublicPages: the round page with points, the phone page with
// table, opponent, score and place, the projector with boards then the
// standings and at the end winners and prizes, and the paper (issue 14).
func TestSwissPublicPages(t *testing.T) {
	f := swissFixture(t)
	anon := f.app.client()
	f.drawDigital()
	m := f.load().Rounds[0].Matches[0]

	// The phone: table, opponent, 0 points and a place (SW-3).
	phone := anon.get(f.path + "/card/" + strconv.Itoa(int(m.A))).body
	mustContain(t, phone, `data-testid="swiss-score"`, "0 Punkte · Platz", "Runde 1 von 3", "Tisch 1")
	mustNotContain(t, phone, "Keine Karte mehr im Spiel")
	opp, _ := f.load().Player(tournament.PlayerID(m.B))
	mustContain(t, phone, opp.Name)
	bye := f.load().Rounds[0].Matches[2]
	mustContain(t, anon.get(f.path+"/card/"+strconv.Itoa(int(bye.A))).body, "Spielfrei: 1 Punkt ohne Partie")

	// The projector: the round's boards, then the standings, no bracket.
	screen := anon.get(f.path + "/screen").body
	mustContain(t, screen, "Runde 1", `data-testid="screen-swiss"`, ">Tabelle – Runde 1 läuft <") // the bye counts already
	mustNotContain(t, screen, `data-testid="screen-bracket"`, `data-testid="screen-players"`)

	f.finishRound(1)
	f.drawDigital()
	r2 := f.load().Rounds[1]
	// Round 2 shows every player's points before it (1 for the winners
	// and the bye of round 1).
	round := anon.get(f.path + "/rounds/2").body
	pts := map[tournament.CardNo]int{}
	for _, mt := range f.load().Rounds[0].Matches {
		pts[mt.Winner()]++
	}
	for _, mt := range r2.Matches {
		mustContain(t, testidText(t, round, "points-"+strconv.Itoa(int(mt.A))), strconv.Itoa(pts[mt.A])+" P.")
	}
	mustContain(t, round, `data-testid="swiss-verify"`, `data-testid="protocol"`)
	// The protocol pairs round 2 again from its seed (SW-4), and a board
	// changed in it is found.
	for no := 1; no <= 2; no++ {
		p, err := draw.ReadProtocol(strings.NewReader(anon.get(f.path + "/rounds/" + strconv.Itoa(no) + "/protocol.json").body))
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
	mustContain(t, f.org.get(f.path+"/print/rounds/2").body, "("+strconv.Itoa(pts[r2.Matches[0].A])+" P.)")

	f.finishRound(2)
	f.drawDigital()
	f.finishRound(3)
	tr := f.load()
	top := tr.SwissTable().Rows
	winner, _ := tr.Player(top[0].Player)

	screen = anon.get(f.path + "/screen").body
	mustContain(t, screen, `data-testid="screen-winners"`, `data-testid="screen-prizes"`, "Schinken", `data-testid="screen-swiss"`)
	mustContain(t, screen, `data-testid="screen-swiss-`+strconv.Itoa(int(top[0].Card))+`"><b class="place">1.</b>`)
	phone = anon.get(f.path + "/card/" + strconv.Itoa(int(top[0].Card))).body
	mustContain(t, phone, "Platz 1 von 5", "Platz 1.", "1. Preis")

	idx := f.org.get(f.path + "/print").body
	mustContain(t, idx, `data-testid="print-swiss"`)
	mustNotContain(t, idx, "?paper=a3")
	sheet := f.org.get(f.path + "/print/bracket").body
	mustContain(t, sheet, `data-testid="swiss-standings"`, winner.Name)
	mustNotContain(t, sheet, `data-testid="bracket"`)
	prizes := f.org.get(f.path + "/print/prizes").body
	mustContain(t, prizes, "Schinken", winner.Name, `data-testid="swiss-standings"`)
}

// TestSwissEndEarly: after a complete round the organiser may end the
// tournament (SW-2, SW-7), asked first; the standings are final and the
// prizes go out. A round not latest, an open round and Preisschnapsen are
// refused.
func TestSwissEndEarly(t *testing.T) {
	f := swissFixture(t)
	f.drawDigital()
	mustNotContain(t, f.org.get(f.path+"/draw").body, `data-testid="swiss-end"`) // round 1 is open
	if r := f.org.post(f.path+"/swiss/end", url.Values{"round": {"1"}}); r.status != http.StatusConflict {
		t.Fatalf("end with round 1 open: %d", r.status)
	}
	f.finishRound(1)
	mustContain(t, f.org.get(f.path+"/draw").body, `data-testid="swiss-end"`, "Turnier nach Runde 1 beenden")
	mustContain(t, f.org.get(f.path+"/swiss/end?round=1").body, "Das Turnier endet nach Runde 1 statt nach 3 Runden")
	if r := f.org.post(f.path+"/swiss/end", url.Values{"round": {"2"}}); r.status != http.StatusConflict {
		t.Fatalf("end after round 2: %d", r.status)
	}
	if r := f.org.post(f.path+"/swiss/end", url.Values{"round": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("end: %d\n%s", r.status, r.body)
	}
	tr := f.load()
	if !tr.Finished() || len(tr.Prizes()) != 2 {
		t.Fatalf("finished %v, prizes %+v", tr.Finished(), tr.Prizes())
	}
	mustContain(t, f.app.client().get(f.path+"/standings").body, "Runde 1 von 1")
	mustContain(t, f.org.get(f.path+"/history").body, "Runden: 3 → 1")

	p := newFixture(t, nil, 1, 1, 1, 1, 1)
	p.drawDigital()
	p.finishRound(1)
	pb := "/api/tournaments/" + strconv.FormatInt(p.id, 10)
	if r := p.api.api(http.MethodPost, pb+"/end", p.anna, map[string]int{"round": 1}); r.status != http.StatusConflict {
		t.Fatalf("end in Preisschnapsen: %d", r.status)
	}
}
