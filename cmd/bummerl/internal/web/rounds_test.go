package web

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// fixture is a tournament run by the organiser Anna (pages), the helper
// Hans (pages) and a script with Anna's credentials (API, no cookies).
type fixture struct {
	t      *testing.T
	app    *testApp
	org    *testClient
	helper *testClient
	api    *testClient
	anna   string // Authorization header of the script
	path   string // /t/ID
	id     int64
}

// newFixture creates a tournament with the settings form overrides and
// sells, through the sale desk, to one new player per entry of counts.
func newFixture(t *testing.T, settings map[string]string, counts ...int) fixture {
	t.Helper()
	return newFixtureOn(t, newTestApp(t), settings, counts...)
}

// newFixtureOn is newFixture on the given app.
func newFixtureOn(t *testing.T, app *testApp, settings map[string]string, counts ...int) fixture {
	t.Helper()
	f := fixture{t: t, app: app, org: app.loggedIn("Anna", store.Organiser), helper: app.loggedIn("Hans", store.Helper),
		api: app.client(), anna: basic("Anna", "Anna-password")}
	f.path = f.org.createTournament(settingsForm(settings))
	f.id = tournamentOf(t, f.path)
	for i, n := range counts {
		r := f.org.post(f.path+"/sale", url.Values{"name": {"Spieler " + strconv.Itoa(i+1)}, "count": {strconv.Itoa(n)}})
		if r.status != http.StatusSeeOther {
			t.Fatalf("sell %d cards: status %d\n%s", n, r.status, r.body)
		}
	}
	return f
}

// load is the tournament as stored.
func (f fixture) load() *tournament.Tournament {
	f.t.Helper()
	tr, err := f.app.store.Load(f.t.Context(), f.id)
	if err != nil {
		f.t.Fatal(err)
	}
	return tr
}

// testidText finds the text of the element with data-testid id.
func testidText(t *testing.T, body, id string) string {
	t.Helper()
	m := regexp.MustCompile(`data-testid="` + regexp.QuoteMeta(id) + `"[^>]*>([^<]*)<`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no element %q in:\n%s", id, body)
	}
	return m[1]
}

// drawDigital announces and performs the next digital draw through the
// pages and returns the commitment shown publicly before the draw.
func (f fixture) drawDigital() string {
	f.t.Helper()
	if r := f.org.post(f.path+"/draw/announce", nil); r.status != http.StatusSeeOther {
		f.t.Fatalf("announce: status %d\n%s", r.status, r.body)
	}
	commitment := testidText(f.t, f.app.client().get(f.path+"/rounds").body, "commitment")
	r := f.org.post(f.path+"/draw/digital", url.Values{"commitment": {commitment}})
	if r.status != http.StatusSeeOther {
		f.t.Fatalf("draw: status %d\n%s", r.status, r.body)
	}
	return commitment
}

// matchOf is match no of round as stored.
func (f fixture) matchOf(round, no int) tournament.Match {
	f.t.Helper()
	m, ok := f.load().Rounds[round-1].Match(no)
	if !ok {
		f.t.Fatalf("round %d has no match %d", round, no)
	}
	return m
}

// firstPlayable is the first match of the round that needs a result.
func (f fixture) firstPlayable(round int) tournament.Match {
	f.t.Helper()
	for _, m := range f.load().Rounds[round-1].Matches {
		if !m.Decided() {
			return m
		}
	}
	f.t.Fatalf("round %d has no open match", round)
	return tournament.Match{}
}

// quick enters a quick result through the match page's form.
func (f fixture) quick(c *testClient, round int, m tournament.Match, winner tournament.CardNo, score string) response {
	f.t.Helper()
	return c.post(matchURL(matchRef{f.id, round, m.No})+"/result", url.Values{
		"winner": {strconv.Itoa(int(winner))}, "bummerl": {score}, "version": {strconv.Itoa(m.Version)}})
}

// finishRound gives every open match of the round to its A card, 2:0.
func (f fixture) finishRound(round int) {
	f.t.Helper()
	for _, m := range f.load().Rounds[round-1].Matches {
		if !m.Decided() {
			if r := f.quick(f.helper, round, m, m.A, "2:0"); r.status != http.StatusSeeOther {
				f.t.Fatalf("result of match %d: status %d\n%s", m.No, r.status, r.body)
			}
		}
	}
}

func TestDrawDigital(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1) // 6 of 8 cards: two byes
	anon := f.app.client()

	// The draw page names what is drawn and offers the announcement.
	r := f.org.get(f.path + "/draw")
	mustContain(t, r.body, "Als Nächstes wird ausgelost: Viertelfinale", `data-testid="announce"`)
	mustNotContain(t, r.body, `data-testid="perform"`, `data-testid="draw-shortfall"`)

	// Performing before the announcement is refused.
	r = f.org.post(f.path+"/draw/digital", url.Values{"commitment": {""}})
	if r.status != http.StatusConflict {
		t.Fatalf("draw unannounced: status %d", r.status)
	}
	mustContain(t, r.body, "muss zuerst angekündigt werden")

	// Announce: the commitment is public at once, the seed is not.
	f.org.post(f.path+"/draw/announce", nil)
	before := testidText(t, anon.get(f.path+"/rounds").body, "commitment")
	if len(before) != 64 {
		t.Fatalf("commitment %q is not a hex SHA-256", before)
	}
	if pending := f.load().Pending; strings.Contains(anon.get(f.path+"/rounds").body, pending.Seed) {
		t.Fatal("the seed is public before the draw")
	}

	// A stale commitment (announced anew meanwhile) is not drawn.
	r = f.org.post(f.path+"/draw/digital", url.Values{"commitment": {strings.Repeat("0", 64)}})
	if r.status != http.StatusConflict || len(f.load().Rounds) != 0 {
		t.Fatalf("stale commitment: status %d, rounds %d", r.status, len(f.load().Rounds))
	}

	r = f.org.post(f.path+"/draw/digital", url.Values{"commitment": {before}})
	if r.status != http.StatusSeeOther || r.location() != f.path+"/rounds/1" {
		t.Fatalf("draw: %d %q", r.status, r.location())
	}

	// The round page reveals the seed; SHA-256 of it is the commitment
	// shown before, and the downloaded protocol verifies.
	page := anon.get(f.path + "/rounds/1").body
	seed := testidText(t, page, "seed")
	sum := sha256.Sum256([]byte(seed))
	if hex.EncodeToString(sum[:]) != before || testidText(t, page, "commitment") != before {
		t.Fatalf("seed %q does not hash to the commitment %s", seed, before)
	}
	mustContain(t, page, "bummerl draw verify draw-round-1.json", "Freilos")
	dl := anon.get(f.path + "/rounds/1/protocol.json")
	if !strings.Contains(dl.header.Get("Content-Disposition"), "draw-round-1.json") {
		t.Errorf("protocol download: Content-Disposition %q", dl.header.Get("Content-Disposition"))
	}
	p, err := draw.ReadProtocol(strings.NewReader(dl.body))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Verify(); err != nil || p.Seed != seed {
		t.Fatalf("protocol: %v (seed %q)", err, p.Seed)
	}
}

func TestDrawShortfall(t *testing.T) {
	f := newFixture(t, nil, 2, 1) // 3 of 8 cards: P-2 needs more than 4
	r := f.org.get(f.path + "/draw")
	mustContain(t, r.body, `data-testid="draw-shortfall"`, "Erst 3 Karten verkauft", `data-testid="accept-resize"`,
		`name="cards" value="4"`, `data-testid="draw-blocked"`)
	mustNotContain(t, r.body, `data-testid="physical-form"`)
	f.org.post(f.path+"/draw/announce", nil)
	r = f.org.post(f.path+"/draw/digital", url.Values{"commitment": {f.load().Pending.Commitment}})
	if r.status != http.StatusConflict || !strings.Contains(r.body, "es müssen mehr als 4 sein") {
		t.Fatalf("draw with too few cards: %d\n%s", r.status, r.body)
	}
	// The offered resize makes the draw possible.
	f.org.post(f.path+"/resize", url.Values{"cards": {"4"}})
	mustContain(t, f.org.get(f.path+"/draw").body, "Als Nächstes wird ausgelost: Halbfinale")
}

// physicalForm is a correct physical draw of the next round: entrants in
// the suggested order, the left pot drawn 1, 2, … and the right pot the
// same, skipping the straddler's own numbers.
func physicalForm(t *testing.T, tr *tournament.Tournament) url.Values {
	t.Helper()
	groups, err := tr.NextDraw()
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{}
	for gi, g := range groups {
		nextLeft, right := 1, []int{}
		for n := 1; n <= g.PotSize; n++ {
			right = append(right, n)
		}
		for ei, e := range g.Entrants {
			var left, rights []string
			var mine []int
			for range e.Cards {
				if nextLeft <= g.PotSize {
					left = append(left, strconv.Itoa(nextLeft))
					mine = append(mine, nextLeft)
					nextLeft++
					continue
				}
				i := 0
				for i < len(right)-1 && contains(mine, right[i]) {
					i++
				}
				rights = append(rights, strconv.Itoa(right[i]))
				right = append(right[:i], right[i+1:]...)
			}
			form.Set(testField("p", gi, ei), strconv.Itoa(int(e.Player)))
			form.Set(testField("l", gi, ei), strings.Join(left, ", "))
			form.Set(testField("r", gi, ei), strings.Join(rights, " "))
		}
	}
	return form
}

func contains(s []int, n int) bool {
	for _, x := range s {
		if x == n {
			return true
		}
	}
	return false
}

func testField(kind string, g, e int) string {
	return "g" + strconv.Itoa(g) + "_" + kind + strconv.Itoa(e)
}

func TestDrawPhysical(t *testing.T) {
	tests := map[string]struct {
		change func(form url.Values)
		field  string // where the message must be shown
		msg    string
	}{
		"number twice":   {func(v url.Values) { v.Set("g0_l1", "1") }, "g0_l1", "schon von Eintrag 1 gezogen"},
		"out of range":   {func(v url.Values) { v.Set("g0_r4", "9") }, "g0_r4", "nicht im rechten Topf"},
		"not a number":   {func(v url.Values) { v.Set("g0_r3", "drei") }, "g0_r3", "nur ganze Zahlen"},
		"unknown player": {func(v url.Values) { v.Set("g0_p2", "99") }, "g0_p2", "lost nicht in dieser Gruppe"},
		"left too short": {func(v url.Values) { v.Set("g0_l0", "1"); v.Set("g0_r0", "4") }, "g0_l0", "aus dem linken Topf gezogen, muss aber 2"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
			form := physicalForm(t, f.load())
			tc.change(form)
			r := f.org.post(f.path+"/draw/physical", form)
			if r.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", r.status, r.body)
			}
			if got := testidText(t, r.body, "error-"+tc.field); !strings.Contains(got, tc.msg) {
				t.Errorf("message at %s: %q, want %q", tc.field, got, tc.msg)
			}
			// The input is kept (a choice outside the list cannot be).
			if !strings.HasPrefix(tc.field, "g0_p") {
				mustContain(t, r.body, `name="`+tc.field+`" id="f-`+tc.field+`" value="`+form.Get(tc.field)+`"`)
			}
			if len(f.load().Rounds) != 0 {
				t.Error("a refused draw was saved")
			}
		})
	}

	t.Run("correct", func(t *testing.T) {
		f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
		form := physicalForm(t, f.load())
		r := f.org.post(f.path+"/draw/physical", form)
		if r.status != http.StatusSeeOther {
			t.Fatalf("status %d\n%s", r.status, r.body)
		}
		round := f.load().Rounds[0]
		if round.Draw.Method != tournament.Physical || len(round.Matches) != 4 {
			t.Fatalf("round: %+v", round)
		}
		// Player 1 drew left 1 and 2 with cards 1 and 2, player 2 left 3, …
		if m := round.Matches[0]; m.A != 1 {
			t.Errorf("match 1: A = card %d, want 1", m.A)
		}
		mustContain(t, f.org.get(f.path+"/rounds/1").body, "Mit echten Töpfen ausgelost.")
		p, err := draw.ProtocolOf(f.load(), 1)
		if err != nil || p.Verify() != nil {
			t.Fatalf("protocol of a physical draw: %v %v", err, p.Verify())
		}
	})
}

func TestUndoDraw(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	mustContain(t, f.org.get(f.path+"/draw").body, `data-testid="undo"`, "solange keine Partie der Runde 1")

	// A stale round number is refused; a helper may not undo.
	if r := f.org.post(f.path+"/draw/undo", url.Values{"round": {"2"}}); r.status != http.StatusConflict {
		t.Errorf("undo a round that is not the latest: %d", r.status)
	}
	if r := f.helper.post(f.path+"/draw/undo", url.Values{"round": {"1"}}); r.status != http.StatusForbidden {
		t.Errorf("helper undoes: %d", r.status)
	}
	// Without results the draw goes.
	if r := f.org.post(f.path+"/draw/undo", url.Values{"round": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("undo: %d\n%s", r.status, r.body)
	}
	if n := len(f.load().Rounds); n != 0 {
		t.Fatalf("%d rounds after the undo", n)
	}
	// Drawn again and a result entered, the round stays.
	f.drawDigital()
	m := f.firstPlayable(1)
	f.quick(f.helper, 1, m, m.A, "2:1")
	r := f.org.post(f.path+"/draw/undo", url.Values{"round": {"1"}})
	if r.status != http.StatusConflict || !strings.Contains(r.body, "Runde 1 hat schon Ergebnisse") {
		t.Fatalf("undo with results: %d", r.status)
	}
	mustNotContain(t, f.org.get(f.path+"/draw").body, `data-testid="undo"`)
	if n := len(f.load().Rounds); n != 1 {
		t.Fatalf("%d rounds after a refused undo", n)
	}
}

func TestRoundPage(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1) // 6 of 8: two byes
	f.drawDigital()
	anon := f.app.client()
	tr := f.load()
	ros := newRoster(tr)

	// Public view: every match, byes marked, no staff actions.
	page := anon.get(f.path + "/rounds/1").body
	mustContain(t, page, "Runde 1: Viertelfinale", `data-testid="match-4"`, "Freilos")
	mustNotContain(t, page, `data-testid="start-`, `data-testid="enter-`)

	// Filters: open only hides the byes; a name finds that player's matches.
	m := f.firstPlayable(1)
	name := ros.holder(m.A).Name
	frag := anon.request(http.MethodGet, f.path+"/rounds/1?open=1&q="+url.QueryEscape(name), nil, map[string]string{"HX-Request": "true"})
	mustNotContain(t, frag.body, "<html", "Freilos")
	mustContain(t, frag.body, name, `data-testid="match-`+strconv.Itoa(m.No)+`"`)
	if got := strings.Count(frag.body, `data-testid="match-`); got != countMatches(tr, func(x tournament.Match) bool {
		return !x.Bye() && (ros.holder(x.A).Name == name || ros.holder(x.B).Name == name)
	}) {
		t.Errorf("filter by %q: %d rows", name, got)
	}
	byCard := anon.get(f.path + "/rounds/1?q=" + strconv.Itoa(int(m.B))).body
	if strings.Count(byCard, `data-testid="match-`) != 1 {
		t.Errorf("filter by card %d: want one match", m.B)
	}

	// Start at a table: the status says so; the stale version is a conflict.
	r := f.helper.post(matchURL(matchRef{f.id, 1, m.No})+"/start", url.Values{"table": {"7"}, "version": {strconv.Itoa(m.Version)}, "back": {"https://evil.example/"}})
	if r.status != http.StatusSeeOther || r.location() != f.path+"/rounds/1" {
		t.Fatalf("start: %d %q", r.status, r.location())
	}
	if got := testidText(t, anon.get(f.path+"/rounds/1").body, "status-"+strconv.Itoa(m.No)); got != "wird gespielt an Tisch 7" {
		t.Errorf("status %q", got)
	}
	r = f.helper.post(matchURL(matchRef{f.id, 1, m.No})+"/start", url.Values{"table": {"8"}, "version": {strconv.Itoa(m.Version)}})
	if r.status != http.StatusConflict || !strings.Contains(r.body, "Inzwischen geändert, bitte prüfen") {
		t.Errorf("stale start: %d", r.status)
	}
	// Staff see the actions; the organiser sees "draw next round" once complete.
	mustContain(t, f.helper.get(f.path+"/rounds/1").body, `data-testid="enter-`+strconv.Itoa(m.No)+`"`)
	mustNotContain(t, f.org.get(f.path+"/rounds/1").body, `data-testid="draw-next"`)
	f.finishRound(1)
	mustContain(t, f.org.get(f.path+"/rounds/1").body, `data-testid="draw-next"`, "fertig, 2:0")
	mustNotContain(t, f.helper.get(f.path+"/rounds/1").body, `data-testid="draw-next"`)
	mustContain(t, anon.get(f.path+"/rounds").body, "Runde 1: Viertelfinale", "4 Partien, 4 entschieden")
	if r := anon.get(f.path + "/rounds/9"); r.status != http.StatusNotFound {
		t.Errorf("round 9: %d", r.status)
	}
}

func countMatches(tr *tournament.Tournament, keep func(tournament.Match) bool) int {
	n := 0
	for _, m := range tr.Current().Matches {
		if keep(m) {
			n++
		}
	}
	return n
}

// benchApp is an app with a tournament of n cards, one per player, whose
// round 1 is drawn and has every second match decided.
func benchApp(b *testing.B, n int) (*testApp, string) {
	b.Helper()
	app := newTestApp(b)
	app.addUser("Anna", store.Organiser)
	actor, err := app.store.CheckPassword(b.Context(), "Anna", "Anna-password")
	if err != nil {
		b.Fatal(err)
	}
	set := settingsForm(nil)
	tr, err := app.store.Create(b.Context(), actor, tournament.Settings{Name: set.Get("name"), Cards: n, MaxCards: 1,
		Variant: "soft", Closing: "at-close", BummerlToWin: 2, Prizes: []string{"a", "b"}, MultiplePrizes: true})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := app.store.Update(b.Context(), tr.ID, actor, "setup", func(t *tournament.Tournament) error {
		for i := range n {
			p, err := t.AddPlayer("Spieler "+strconv.Itoa(i+1), "", "")
			if err != nil {
				return err
			}
			if _, err := t.Sell(p, 1); err != nil {
				return err
			}
		}
		if err := t.Announce(tournament.Commitment{Seed: "bench", Commitment: draw.Commit("bench")}); err != nil {
			return err
		}
		if err := drawDigital(t); err != nil {
			return err
		}
		for i, m := range t.Current().Matches {
			if i%2 == 0 {
				if err := t.SetResult(1, m.No, m.Version, tournament.Result{Winner: m.A, Bummerl: [2]int{2, 1}}); err != nil {
					return err
				}
			}
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	return app, tournamentURL(tr.ID, "")
}

// benchGet serves one GET through the app's handler, without the network.
func benchGet(b *testing.B, app *testApp, path string) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	rec := httptest.NewRecorder()
	app.echo.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("GET %s: %d", path, rec.Code)
	}
}

func BenchmarkRoundPage(b *testing.B) {
	for _, n := range []int{64, 1024} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			app, path := benchApp(b, n)
			for b.Loop() {
				benchGet(b, app, path+"/rounds/1")
			}
		})
	}
}

func BenchmarkStandingsPage(b *testing.B) {
	for _, n := range []int{64, 1024} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			app, path := benchApp(b, n)
			for b.Loop() {
				benchGet(b, app, path+"/standings")
			}
		})
	}
}
