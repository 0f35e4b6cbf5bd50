package web

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/store"
)

// Issue 23: automatic calling through the pages and the API. hallFixture
// with the setting on and 2 tables: match 1 (cards 1–3) at table 1,
// match 3 (5–6) at table 2, match 2 (2–4) waits for Spieler 1 (P-5).
func TestAutoCallPages(t *testing.T) {
	f := hallFixtureWith(t, map[string]string{"auto_call": "on"}, 2)
	if r := f.helper.post(f.path+"/tables/call", url.Values{"all": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("call all: %d", r.status)
	}
	mustContain(t, testidText(t, f.helper.get(f.path+"/tables").body, "auto-call-state"), "Automatischer Aufruf ist an")
	audit := func() []store.AuditEntry {
		entries, err := f.app.store.Audit(t.Context(), f.id)
		if err != nil {
			t.Fatal(err)
		}
		return entries
	}
	before := len(audit())

	// Match 1's result on the round page (htmx): Spieler 1 is free, his
	// match 2 goes to the freed table 1 in the same transaction; the answer
	// says so in the row and brings match 2's row, with its new version.
	round := f.path + "/rounds/1"
	m1 := f.matchOf(1, 1)
	r := f.helper.htmx(round+"/matches/1/inline", url.Values{"version": {strconv.Itoa(m1.Version)},
		"winner": {"3"}, "bummerl": {"2:1"}, "back": {round}})
	if r.status != http.StatusOK {
		t.Fatalf("inline result: %d\n%s", r.status, r.body)
	}
	m2 := f.matchOf(1, 2)
	if !m2.AtTable() || m2.Table != 1 || m2.CalledAfter != 1 {
		t.Fatalf("match 2 after match 1's result: %+v", m2)
	}
	mustContain(t, r.body, `data-saved="1"`, `<div data-testid="then-1"><strong>→ Tisch 1: Partie 2</strong></div>`,
		`<tr data-testid="match-2" id="match-row-2" data-match-row hx-swap-oob="true">`, "wird gespielt an Tisch 1",
		`name="version" value="`+strconv.Itoa(m2.Version)+`"`)
	mustNotContain(t, r.body, "autofocus")
	entries := audit()
	if len(entries) != before+1 || entries[0].Action != store.ActionResult {
		t.Fatalf("%d audit lines for the result (before %d), newest %q", len(entries), before, entries[0].Action)
	}
	mustContain(t, f.org.get(f.path+"/history").body, "automatisch aufgerufen: Partie 2 an Tisch 1")
	mustContain(t, f.org.get(f.path+"/history?lang=en").body, "called automatically: match 2 to table 1")
	// The round page, the match page, visitors and English say it too.
	mustContain(t, thenText(t, f.helper.get(round).body, 1), "→ Tisch 1: Partie 2")
	mustContain(t, thenText(t, f.app.client().get(round+"?lang=en").body, 1), "→ table 1: match 2")
	mustContain(t, thenText(t, f.helper.get(round+"/matches/1").body, 1), "→ Tisch 1: Partie 2")
	// The projector and the phones of match 2's players.
	// (A quarterfinal: the projector shows the bracket, the table in the box.)
	screen := f.app.client().get(f.path + "/screen").body
	boxes := strings.Split(screen, `<g data-testid="bracket-match">`)
	if i := slices.IndexFunc(boxes, func(b string) bool { return strings.Contains(b, ">Tisch 1</text>") }); i < 0 || !strings.Contains(boxes[i], ">S. 3</text>") {
		t.Fatalf("projector: match 2 not at table 1 in\n%s", screen)
	}
	mustContain(t, f.app.client().get(f.path+"/card/4").body, "Du bist dran: Tisch 1")

	// Match 2's result through the API calls nobody (nothing waits); the
	// round in the API names what match 1's result called.
	rj := f.api.api(http.MethodPut, apiRoundPath(f.id, 1)+"/matches/2/result", f.anna,
		map[string]any{"version": m2.Version, "winner": 2, "bummerl": []int{2, 0}})
	if got := decode[matchJSON](t, rj); rj.status != http.StatusOK || got.CalledAfter != 1 || got.Then != nil {
		t.Fatalf("API result of match 2: %d %s", rj.status, rj.body)
	}
	rj = f.api.api(http.MethodGet, apiRoundPath(f.id, 1), "", nil)
	if !strings.Contains(rj.body, `"then":[{"match":2,"table":1}]`) {
		t.Fatalf("round 1 in the API: %s", rj.body)
	}
}

// A round page filtered by name does not get the row of a called match
// it does not show (htmx would find no place for it).
func TestAutoCallFilteredRow(t *testing.T) {
	f := hallFixtureWith(t, map[string]string{"auto_call": "on"}, 2)
	f.helper.post(f.path+"/tables/call", url.Values{"all": {"1"}})
	round := f.path + "/rounds/1"
	r := f.helper.htmx(round+"/matches/1/inline", url.Values{"version": {strconv.Itoa(f.matchOf(1, 1).Version)},
		"winner": {"1"}, "bummerl": {"2:0"}, "back": {round + "?q=Spieler+2"}})
	mustContain(t, r.body, `data-testid="then-1"`)
	mustNotContain(t, r.body, `id="match-row-2"`)
	if m2 := f.matchOf(1, 2); m2.Table != 1 {
		t.Fatalf("match 2: %+v", m2)
	}
}

// Without JavaScript the inline form posts and the round page comes back
// with the call; the match page's quick form and the JSON API call too,
// each in the result's transaction.
func TestAutoCallWithoutJavaScriptAndAPI(t *testing.T) {
	f := hallFixtureWith(t, map[string]string{"auto_call": "on"}, 2)
	f.helper.post(f.path+"/tables/call", url.Values{"all": {"1"}})
	round := f.path + "/rounds/1"
	m1 := f.matchOf(1, 1)
	r := f.helper.post(round+"/matches/1/inline", url.Values{"version": {strconv.Itoa(m1.Version)},
		"winner": {"1"}, "bummerl": {"2:0"}, "back": {round}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("plain inline: %d", r.status)
	}
	mustContain(t, thenText(t, f.helper.get(r.location()).body, 1), "→ Tisch 1: Partie 2")

	// Clearing match 1's result leaves match 2 at table 1, called by hand
	// now; the history names the cleared result only.
	m1 = f.matchOf(1, 1)
	if r := f.helper.post(round+"/matches/1/clear", url.Values{"version": {strconv.Itoa(m1.Version)}}); r.status != http.StatusSeeOther {
		t.Fatalf("clear: %d", r.status)
	}
	if m2 := f.matchOf(1, 2); m2.CalledAfter != 0 || m2.Table != 1 {
		t.Fatalf("match 2 after the clear: %+v", m2)
	}
	mustNotContain(t, f.helper.get(round).body, `data-testid="then-1"`)
	if line := testidText(t, f.org.get(f.path+"/history?lang=de").body, "history-line"); strings.Contains(line, "Partie 2") {
		t.Errorf("the clear's history line names match 2: %q", line)
	}

	// The API: match 3's result (table 2) calls nobody: match 1 waits for
	// Spieler 1, who sits at table 1 with match 2 (P-5).
	m3 := f.matchOf(1, 3)
	rj := f.api.api(http.MethodPut, apiRoundPath(f.id, 1)+"/matches/3/result", f.anna,
		map[string]any{"version": m3.Version, "winner": 5, "bummerl": []int{2, 1}})
	if got := decode[matchJSON](t, rj); rj.status != http.StatusOK || got.Then != nil {
		t.Fatalf("API result of match 3: %d %s", rj.status, rj.body)
	}
	// Match 2's result on the match page: match 1 goes to the freed table 1.
	if r := f.quick(f.helper, 1, f.matchOf(1, 2), 2, "2:1"); r.status != http.StatusSeeOther {
		t.Fatalf("quick: %d", r.status)
	}
	if m1 := f.matchOf(1, 1); m1.Table != 1 || m1.CalledAfter != 2 {
		t.Fatalf("match 1 after match 2's result: %+v", m1)
	}
	mustContain(t, thenText(t, f.helper.get(round+"/matches/2?saved=1").body, 2), "→ Tisch 1: Partie 1")
}

// The setting: on for a new tournament, in the form after the draw too
// (no rule), in the history; the API's default is on, and it may change
// after the draw while the rules may not (P-9).
func TestAutoCallSetting(t *testing.T) {
	f := hallFixture(t, 2)
	mustContain(t, f.org.get("/tournaments/new").body, `name="auto_call" value="on" checked`)
	page := f.org.get(f.path + "/settings").body
	mustContain(t, page, `data-testid="settings-locked"`, `<fieldset data-testid="calls-fields">`, "Automatisch aufrufen")
	mustNotContain(t, page, `name="auto_call" value="on" checked`)
	mustContain(t, f.org.get(f.path+"/settings?lang=en").body, "Call automatically")
	if r := f.org.post(f.path+"/settings", url.Values{"auto_call": {"on"}}); r.status != http.StatusSeeOther {
		t.Fatalf("switch on after the draw: %d\n%s", r.status, r.body)
	}
	if tr := f.load(); !tr.Settings.AutoCall || tr.Settings.MaxCards != 3 {
		t.Fatalf("settings after the switch: %+v", tr.Settings)
	}
	mustContain(t, f.org.get(f.path+"/history?lang=de").body, "Automatisch aufrufen: false → true")

	// The API: created without auto_call it is on; after the draw it may
	// change alone, a rule not.
	type settingsOnly struct {
		Settings settingsJSON `json:"settings"`
	}
	base := "/api/tournaments/" + strconv.FormatInt(f.id, 10)
	got := decode[settingsOnly](t, f.api.api(http.MethodGet, base, "", nil))
	if got.Settings.AutoCall == nil || !*got.Settings.AutoCall {
		t.Fatalf("API settings: %+v", got.Settings)
	}
	set := got.Settings
	off := false
	set.AutoCall = &off
	if r := f.api.api(http.MethodPut, base+"/settings", f.anna, set); r.status != http.StatusOK || f.load().Settings.AutoCall {
		t.Fatalf("auto_call off after the draw: %d %s", r.status, r.body)
	}
	set.MaxCards = 2
	if r := f.api.api(http.MethodPut, base+"/settings", f.anna, set); r.status != http.StatusConflict {
		t.Fatalf("a rule after the draw: %d %s", r.status, r.body)
	}
	r := f.api.api(http.MethodPost, "/api/tournaments", f.anna, map[string]any{"name": "Neu", "cards": 8, "max_cards": 1,
		"price_cents": 0, "prizes": []string{"A", "B"}})
	if created := decode[settingsOnly](t, r); r.status != http.StatusCreated || created.Settings.AutoCall == nil || !*created.Settings.AutoCall {
		t.Fatalf("created: %d %s", r.status, r.body)
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
