package web

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// Issue 23: automatic calling through the pages and the API. HallFixture
// with the setting on and 2 tables: match 1 (cards 1–3) at table 1,
// match 3 (5–6) at table 2, match 2 (2–4) waits for Spieler 1 (P-5).
func TestAutoCallPages(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), map[string]string{"auto_call": "on"}, 2)
	if r := f.Helper.Post(f.Path+"/tables/call", url.Values{"all": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("call all: %d", r.Status)
	}
	webtest.MustContain(t, webtest.TestidText(t, f.Helper.Get(f.Path+"/tables").Body, "auto-call-state"), "Automatischer Aufruf ist an")
	audit := func() []store.AuditEntry {
		entries, err := f.App.Store.Audit(t.Context(), f.ID)
		if err != nil {
			t.Fatal(err)
		}
		return entries
	}
	before := len(audit())

	// Match 1's result on the round page (htmx): Spieler 1 is free, his
	// match 2 goes to the freed table 1 in the same transaction; the answer
	// says so in the row and brings match 2's row, with its new version.
	round := f.Path + "/rounds/1"
	m1 := f.MatchOf(1, 1)
	r := f.Helper.Htmx(round+"/matches/1/inline", url.Values{"version": {strconv.Itoa(m1.Version)},
		"winner": {"3"}, "bummerl": {"2:1"}, "back": {round}})
	if r.Status != http.StatusOK {
		t.Fatalf("inline result: %d\n%s", r.Status, r.Body)
	}
	m2 := f.MatchOf(1, 2)
	if !m2.AtTable() || m2.Table != 1 || m2.CalledAfter != 1 {
		t.Fatalf("match 2 after match 1's result: %+v", m2)
	}
	webtest.MustContain(t, r.Body, `data-saved="1"`, `<div data-testid="then-1"><strong>→ Tisch 1: Partie 2</strong></div>`,
		`<tr data-testid="match-2" id="match-row-2" data-match-row hx-swap-oob="true">`, "wird gespielt an Tisch 1",
		`name="version" value="`+strconv.Itoa(m2.Version)+`"`)
	webtest.MustNotContain(t, r.Body, "autofocus")
	entries := audit()
	if len(entries) != before+1 || entries[0].Action != store.ActionResult {
		t.Fatalf("%d audit lines for the result (before %d), newest %q", len(entries), before, entries[0].Action)
	}
	webtest.MustContain(t, f.Org.Get(f.Path+"/history").Body, "automatisch aufgerufen: Partie 2 an Tisch 1")
	webtest.MustContain(t, f.Org.Get(f.Path+"/history?lang=en").Body, "called automatically: match 2 to table 1")
	// The round page, the match page, visitors and English say it too.
	webtest.MustContain(t, thenText(t, f.Helper.Get(round).Body, 1), "→ Tisch 1: Partie 2")
	webtest.MustContain(t, thenText(t, f.App.Client().Get(round+"?lang=en").Body, 1), "→ table 1: match 2")
	webtest.MustContain(t, thenText(t, f.Helper.Get(round+"/matches/1").Body, 1), "→ Tisch 1: Partie 2")
	// The projector and the phones of match 2's players.
	// (A quarterfinal: the projector shows the bracket, the table in the box.)
	screen := f.App.Client().Get(f.Path + "/screen").Body
	boxes := strings.Split(screen, `<g data-testid="bracket-match">`)
	if i := slices.IndexFunc(boxes, func(b string) bool { return strings.Contains(b, ">Tisch 1</text>") }); i < 0 || !strings.Contains(boxes[i], ">S. 3</text>") {
		t.Fatalf("projector: match 2 not at table 1 in\n%s", screen)
	}
	webtest.MustContain(t, f.App.Client().Get(f.Path+"/card/4").Body, "Du bist dran: Tisch 1")

	// Match 2's result through the API calls nobody (nothing waits); the
	// round in the API names what match 1's result called.
	rj := f.API.API(http.MethodPut, apiRoundPath(f.ID, 1)+"/matches/2/result", f.Anna,
		map[string]any{"version": m2.Version, "winner": 2, "bummerl": []int{2, 0}})
	if got := webtest.Decode[matchJSON](t, rj); rj.Status != http.StatusOK || got.CalledAfter != 1 || got.Then != nil {
		t.Fatalf("API result of match 2: %d %s", rj.Status, rj.Body)
	}
	rj = f.API.API(http.MethodGet, apiRoundPath(f.ID, 1), "", nil)
	if !strings.Contains(rj.Body, `"then":[{"match":2,"table":1}]`) {
		t.Fatalf("round 1 in the API: %s", rj.Body)
	}
}

// A round page filtered by name does not get the row of a called match
// it does not show (htmx would find no place for it).
func TestAutoCallFilteredRow(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), map[string]string{"auto_call": "on"}, 2)
	f.Helper.Post(f.Path+"/tables/call", url.Values{"all": {"1"}})
	round := f.Path + "/rounds/1"
	r := f.Helper.Htmx(round+"/matches/1/inline", url.Values{"version": {strconv.Itoa(f.MatchOf(1, 1).Version)},
		"winner": {"1"}, "bummerl": {"2:0"}, "back": {round + "?q=Spieler+2"}})
	webtest.MustContain(t, r.Body, `data-testid="then-1"`)
	webtest.MustNotContain(t, r.Body, `id="match-row-2"`)
	if m2 := f.MatchOf(1, 2); m2.Table != 1 {
		t.Fatalf("match 2: %+v", m2)
	}
}

// Without JavaScript the inline form posts and the round page comes back
// with the call; the match page's quick form and the JSON API call too,
// each in the result's transaction.
func TestAutoCallWithoutJavaScriptAndAPI(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), map[string]string{"auto_call": "on"}, 2)
	f.Helper.Post(f.Path+"/tables/call", url.Values{"all": {"1"}})
	round := f.Path + "/rounds/1"
	m1 := f.MatchOf(1, 1)
	r := f.Helper.Post(round+"/matches/1/inline", url.Values{"version": {strconv.Itoa(m1.Version)},
		"winner": {"1"}, "bummerl": {"2:0"}, "back": {round}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("plain inline: %d", r.Status)
	}
	webtest.MustContain(t, thenText(t, f.Helper.Get(r.Location()).Body, 1), "→ Tisch 1: Partie 2")

	// Clearing match 1's result leaves match 2 at table 1, called by hand
	// now; the history names the cleared result only.
	m1 = f.MatchOf(1, 1)
	if r := f.Helper.Post(round+"/matches/1/clear", url.Values{"version": {strconv.Itoa(m1.Version)}}); r.Status != http.StatusSeeOther {
		t.Fatalf("clear: %d", r.Status)
	}
	if m2 := f.MatchOf(1, 2); m2.CalledAfter != 0 || m2.Table != 1 {
		t.Fatalf("match 2 after the clear: %+v", m2)
	}
	webtest.MustNotContain(t, f.Helper.Get(round).Body, `data-testid="then-1"`)
	if line := webtest.TestidText(t, f.Org.Get(f.Path+"/history?lang=de").Body, "history-line"); strings.Contains(line, "Partie 2") {
		t.Errorf("the clear's history line names match 2: %q", line)
	}

	// The API: match 3's result (table 2) calls nobody: match 1 waits for
	// Spieler 1, who sits at table 1 with match 2 (P-5).
	m3 := f.MatchOf(1, 3)
	rj := f.API.API(http.MethodPut, apiRoundPath(f.ID, 1)+"/matches/3/result", f.Anna,
		map[string]any{"version": m3.Version, "winner": 5, "bummerl": []int{2, 1}})
	if got := webtest.Decode[matchJSON](t, rj); rj.Status != http.StatusOK || got.Then != nil {
		t.Fatalf("API result of match 3: %d %s", rj.Status, rj.Body)
	}
	// Match 2's result on the match page: match 1 goes to the freed table 1.
	if r := f.Quick(f.Helper, 1, f.MatchOf(1, 2), 2, "2:1"); r.Status != http.StatusSeeOther {
		t.Fatalf("quick: %d", r.Status)
	}
	if m1 := f.MatchOf(1, 1); m1.Table != 1 || m1.CalledAfter != 2 {
		t.Fatalf("match 1 after match 2's result: %+v", m1)
	}
	webtest.MustContain(t, thenText(t, f.Helper.Get(round+"/matches/2?saved=1").Body, 2), "→ Tisch 1: Partie 1")
}

// The setting: on for a new tournament, in the form after the draw too
// (no rule), in the history; the API's default is on, and it may change
// after the draw while the rules may not (P-9).
func TestAutoCallSetting(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 2)
	webtest.MustContain(t, f.Org.Get("/tournaments/new").Body, `name="auto_call" value="on" checked`)
	page := f.Org.Get(f.Path + "/settings").Body
	webtest.MustContain(t, page, `data-testid="settings-locked"`, `<fieldset data-testid="calls-fields">`, "Automatisch aufrufen")
	webtest.MustNotContain(t, page, `name="auto_call" value="on" checked`)
	webtest.MustContain(t, f.Org.Get(f.Path+"/settings?lang=en").Body, "Call automatically")
	if r := f.Org.Post(f.Path+"/settings", url.Values{"auto_call": {"on"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("switch on after the draw: %d\n%s", r.Status, r.Body)
	}
	if tr := f.Load(); !tr.Settings.AutoCall || tr.Settings.MaxCards != 3 {
		t.Fatalf("settings after the switch: %+v", tr.Settings)
	}
	webtest.MustContain(t, f.Org.Get(f.Path+"/history?lang=de").Body, "Automatisch aufrufen: false → true")

	// The API: created without auto_call it is on; after the draw it may
	// change alone, a rule not.
	type settingsOnly struct {
		Settings settingsJSON `json:"settings"`
	}
	base := "/api/tournaments/" + strconv.FormatInt(f.ID, 10)
	got := webtest.Decode[settingsOnly](t, f.API.API(http.MethodGet, base, "", nil))
	if got.Settings.AutoCall == nil || !*got.Settings.AutoCall {
		t.Fatalf("API settings: %+v", got.Settings)
	}
	set := got.Settings
	off := false
	set.AutoCall = &off
	if r := f.API.API(http.MethodPut, base+"/settings", f.Anna, set); r.Status != http.StatusOK || f.Load().Settings.AutoCall {
		t.Fatalf("auto_call off after the draw: %d %s", r.Status, r.Body)
	}
	set.MaxCards = 2
	if r := f.API.API(http.MethodPut, base+"/settings", f.Anna, set); r.Status != http.StatusConflict {
		t.Fatalf("a rule after the draw: %d %s", r.Status, r.Body)
	}
	r := f.API.API(http.MethodPost, "/api/tournaments", f.Anna, map[string]any{"name": "Neu", "cards": 8, "max_cards": 1,
		"price_cents": 0, "prizes": []string{"A", "B"}})
	if created := webtest.Decode[settingsOnly](t, r); r.Status != http.StatusCreated || created.Settings.AutoCall == nil || !*created.Settings.AutoCall {
		t.Fatalf("created: %d %s", r.Status, r.Body)
	}
}

// thenText is what the row of match no says its result called.
func thenText(t *testing.T, body string, no int) string {
	t.Helper()
	m := regexp.MustCompile(`data-testid="then-` + strconv.Itoa(no) + `"><strong>([^<]*)<`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no call after match %d in:\n%s", no, body)
	}
	return m[1]
}
