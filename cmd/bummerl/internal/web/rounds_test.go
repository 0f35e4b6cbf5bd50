package web

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// newFixture creates a tournament with the settings form overrides and
// sells, through the sale desk, to one new player per entry of counts.
func newFixture(t *testing.T, settings map[string]string, counts ...int) webtest.Fixture {
	t.Helper()
	return webtest.NewFixture(t, newTestApp(t), settings, counts...)
}

func TestDrawDigital(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1) // 6 of 8 cards: two byes
	anon := f.App.Client()

	// The draw page names what is drawn and offers the announcement.
	r := f.Org.Get(f.Path + "/draw")
	webtest.MustContain(t, r.Body, "Als Nächstes wird ausgelost: Viertelfinale", `data-testid="announce"`)
	webtest.MustNotContain(t, r.Body, `data-testid="perform"`, `data-testid="draw-shortfall"`)

	// Performing before the announcement is refused.
	r = f.Org.Post(f.Path+"/draw/digital", url.Values{"commitment": {""}})
	if r.Status != http.StatusConflict {
		t.Fatalf("draw unannounced: status %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "muss zuerst angekündigt werden")

	// Announce: the commitment is public at once, the seed is not.
	f.Org.Post(f.Path+"/draw/announce", nil)
	before := webtest.TestidText(t, anon.Get(f.Path+"/rounds").Body, "commitment")
	if len(before) != 64 {
		t.Fatalf("commitment %q is not a hex SHA-256", before)
	}
	if pending := f.Load().Pending; strings.Contains(anon.Get(f.Path+"/rounds").Body, pending.Seed) {
		t.Fatal("the seed is public before the draw")
	}

	// A stale commitment (announced anew meanwhile) is not drawn.
	r = f.Org.Post(f.Path+"/draw/digital", url.Values{"commitment": {strings.Repeat("0", 64)}})
	if r.Status != http.StatusConflict || len(f.Load().Rounds) != 0 {
		t.Fatalf("stale commitment: status %d, rounds %d", r.Status, len(f.Load().Rounds))
	}

	r = f.Org.Post(f.Path+"/draw/digital", url.Values{"commitment": {before}})
	if r.Status != http.StatusSeeOther || r.Location() != f.Path+"/rounds/1" {
		t.Fatalf("draw: %d %q", r.Status, r.Location())
	}

	// The round page reveals the seed; SHA-256 of it is the commitment
	// shown before, and the downloaded protocol verifies.
	page := anon.Get(f.Path + "/rounds/1").Body
	seed := webtest.TestidText(t, page, "seed")
	sum := sha256.Sum256([]byte(seed))
	if hex.EncodeToString(sum[:]) != before || webtest.TestidText(t, page, "commitment") != before {
		t.Fatalf("seed %q does not hash to the commitment %s", seed, before)
	}
	webtest.MustContain(t, page, "bummerl draw verify draw-round-1.json", "Freilos")
	dl := anon.Get(f.Path + "/rounds/1/protocol.json")
	if !strings.Contains(dl.Header.Get("Content-Disposition"), "draw-round-1.json") {
		t.Errorf("protocol download: Content-Disposition %q", dl.Header.Get("Content-Disposition"))
	}
	p, err := draw.ReadProtocol(strings.NewReader(dl.Body))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Verify(); err != nil || p.Seed != seed {
		t.Fatalf("protocol: %v (seed %q)", err, p.Seed)
	}
}

func TestDrawShortfall(t *testing.T) {
	f := newFixture(t, nil, 2, 1) // 3 of 8 cards: P-2 needs more than 4
	r := f.Org.Get(f.Path + "/draw")
	webtest.MustContain(t, r.Body, `data-testid="draw-shortfall"`, "Erst 3 Karten verkauft", `data-testid="accept-resize"`,
		`name="cards" value="4"`, `data-testid="draw-blocked"`)
	webtest.MustNotContain(t, r.Body, `data-testid="physical-form"`)
	f.Org.Post(f.Path+"/draw/announce", nil)
	r = f.Org.Post(f.Path+"/draw/digital", url.Values{"commitment": {f.Load().Pending.Commitment}})
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "es müssen mehr als 4 sein") {
		t.Fatalf("draw with too few cards: %d\n%s", r.Status, r.Body)
	}
	// The offered resize makes the draw possible.
	f.Org.Post(f.Path+"/resize", url.Values{"cards": {"4"}})
	webtest.MustContain(t, f.Org.Get(f.Path+"/draw").Body, "Als Nächstes wird ausgelost: Halbfinale")
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
			form := physicalForm(t, f.Load())
			tc.change(form)
			r := f.Org.Post(f.Path+"/draw/physical", form)
			if r.Status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", r.Status, r.Body)
			}
			if got := webtest.TestidText(t, r.Body, "error-"+tc.field); !strings.Contains(got, tc.msg) {
				t.Errorf("message at %s: %q, want %q", tc.field, got, tc.msg)
			}
			// The input is kept (a choice outside the list cannot be).
			if !strings.HasPrefix(tc.field, "g0_p") {
				webtest.MustContain(t, r.Body, `name="`+tc.field+`" id="f-`+tc.field+`" value="`+form.Get(tc.field)+`"`)
			}
			if len(f.Load().Rounds) != 0 {
				t.Error("a refused draw was saved")
			}
		})
	}

	t.Run("correct", func(t *testing.T) {
		f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
		form := physicalForm(t, f.Load())
		r := f.Org.Post(f.Path+"/draw/physical", form)
		if r.Status != http.StatusSeeOther {
			t.Fatalf("status %d\n%s", r.Status, r.Body)
		}
		round := f.Load().Rounds[0]
		if round.Draw.Method != tournament.Physical || len(round.Matches) != 4 {
			t.Fatalf("round: %+v", round)
		}
		// Player 1 drew left 1 and 2 with cards 1 and 2, player 2 left 3, …
		if m := round.Matches[0]; m.A != 1 {
			t.Errorf("match 1: A = card %d, want 1", m.A)
		}
		webtest.MustContain(t, f.Org.Get(f.Path+"/rounds/1").Body, "Mit echten Töpfen ausgelost.")
		p, err := draw.ProtocolOf(f.Load(), 1)
		if err != nil || p.Verify() != nil {
			t.Fatalf("protocol of a physical draw: %v %v", err, p.Verify())
		}
	})
}

func TestUndoDraw(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	webtest.MustContain(t, f.Org.Get(f.Path+"/draw").Body, `data-testid="undo"`, "solange keine Partie der Runde 1")

	// A stale round number is refused; a helper may not undo.
	if r := f.Org.Post(f.Path+"/draw/undo", url.Values{"round": {"2"}}); r.Status != http.StatusConflict {
		t.Errorf("undo a round that is not the latest: %d", r.Status)
	}
	if r := f.Helper.Post(f.Path+"/draw/undo", url.Values{"round": {"1"}}); r.Status != http.StatusForbidden {
		t.Errorf("helper undoes: %d", r.Status)
	}
	// Without results the draw goes.
	if r := f.Org.Post(f.Path+"/draw/undo", url.Values{"round": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d\n%s", r.Status, r.Body)
	}
	if n := len(f.Load().Rounds); n != 0 {
		t.Fatalf("%d rounds after the undo", n)
	}
	// Drawn again and a result entered, the round stays.
	f.DrawDigital()
	m := f.FirstPlayable(1)
	f.Quick(f.Helper, 1, m, m.A, "2:1")
	r := f.Org.Post(f.Path+"/draw/undo", url.Values{"round": {"1"}})
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "Runde 1 hat schon Ergebnisse") {
		t.Fatalf("undo with results: %d", r.Status)
	}
	webtest.MustNotContain(t, f.Org.Get(f.Path+"/draw").Body, `data-testid="undo"`)
	if n := len(f.Load().Rounds); n != 1 {
		t.Fatalf("%d rounds after a refused undo", n)
	}
}

func TestRoundPage(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1) // 6 of 8: two byes
	f.DrawDigital()
	anon := f.App.Client()
	tr := f.Load()
	ros := newRoster(tr)

	// Public view: every match, byes marked, no staff actions.
	page := anon.Get(f.Path + "/rounds/1").Body
	webtest.MustContain(t, page, "Runde 1: Viertelfinale", `data-testid="match-4"`, "Freilos")
	webtest.MustNotContain(t, page, `data-testid="start-`, `data-testid="enter-`)

	// Filters: open only hides the byes; a name finds that player's matches.
	m := f.FirstPlayable(1)
	name := ros.holder(m.A).Name
	frag := anon.Request(http.MethodGet, f.Path+"/rounds/1?open=1&q="+url.QueryEscape(name), nil, map[string]string{"HX-Request": "true"})
	webtest.MustNotContain(t, frag.Body, "<html", "Freilos")
	webtest.MustContain(t, frag.Body, name, `data-testid="match-`+strconv.Itoa(m.No)+`"`)
	if got := strings.Count(frag.Body, `data-testid="match-`); got != countMatches(tr, func(x tournament.Match) bool {
		return !x.Bye() && (ros.holder(x.A).Name == name || ros.holder(x.B).Name == name)
	}) {
		t.Errorf("filter by %q: %d rows", name, got)
	}
	byCard := anon.Get(f.Path + "/rounds/1?q=" + strconv.Itoa(int(m.B))).Body
	if strings.Count(byCard, `data-testid="match-`) != 1 {
		t.Errorf("filter by card %d: want one match", m.B)
	}

	// Start at a table: the status says so; the stale version is a conflict.
	r := f.Helper.Post(matchURL(matchRef{f.ID, 1, m.No})+"/start", url.Values{"table": {"7"}, "version": {strconv.Itoa(m.Version)}, "back": {"https://evil.example/"}})
	if r.Status != http.StatusSeeOther || r.Location() != f.Path+"/rounds/1" {
		t.Fatalf("start: %d %q", r.Status, r.Location())
	}
	if got := webtest.TestidText(t, anon.Get(f.Path+"/rounds/1").Body, "status-"+strconv.Itoa(m.No)); got != "wird gespielt an Tisch 7" {
		t.Errorf("status %q", got)
	}
	r = f.Helper.Post(matchURL(matchRef{f.ID, 1, m.No})+"/start", url.Values{"table": {"8"}, "version": {strconv.Itoa(m.Version)}})
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "Inzwischen geändert, bitte prüfen") {
		t.Errorf("stale start: %d", r.Status)
	}
	// Staff see the actions; the organiser sees "draw next round" once complete.
	webtest.MustContain(t, f.Helper.Get(f.Path+"/rounds/1").Body, `data-testid="enter-`+strconv.Itoa(m.No)+`"`)
	webtest.MustNotContain(t, f.Org.Get(f.Path+"/rounds/1").Body, `data-testid="draw-next"`)
	f.FinishRound(1)
	webtest.MustContain(t, f.Org.Get(f.Path+"/rounds/1").Body, `data-testid="draw-next"`, "fertig, 2:0")
	webtest.MustNotContain(t, f.Helper.Get(f.Path+"/rounds/1").Body, `data-testid="draw-next"`)
	webtest.MustContain(t, anon.Get(f.Path+"/rounds").Body, "Runde 1: Viertelfinale", "4 Partien, 4 entschieden")
	if r := anon.Get(f.Path + "/rounds/9"); r.Status != http.StatusNotFound {
		t.Errorf("round 9: %d", r.Status)
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
func benchApp(b *testing.B, n int) (*webtest.App, string) {
	b.Helper()
	app := newTestApp(b)
	app.AddUser("Anna", store.Organiser)
	actor, err := app.Store.CheckPassword(b.Context(), "Anna", "Anna-password")
	if err != nil {
		b.Fatal(err)
	}
	set := webtest.SettingsForm(nil)
	tr, err := app.Store.Create(b.Context(), actor, tournament.Settings{Name: set.Get("name"), Cards: n, MaxCards: 1,
		Variant: "soft", Closing: "at-close", BummerlToWin: 2, Prizes: []string{"a", "b"}, MultiplePrizes: true})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := app.Store.Update(b.Context(), tr.ID, actor, "setup", func(t *tournament.Tournament) error {
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
func benchGet(b *testing.B, app *webtest.App, path string) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	rec := httptest.NewRecorder()
	echoOf(app).ServeHTTP(rec, req)
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
