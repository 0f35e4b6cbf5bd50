package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
)

// sheetForm is the score-sheet form for deals "winnerSeat/points/reason".
func sheetForm(version int, deals ...string) url.Values {
	v := url.Values{"version": {strconv.Itoa(version)}, "rows": {"20"}}
	for i, d := range deals {
		parts := strings.Split(d, "/")
		v.Set("deal"+strconv.Itoa(i)+"_winner", parts[0])
		v.Set("deal"+strconv.Itoa(i)+"_points", parts[1])
		if len(parts) > 2 {
			v.Set("deal"+strconv.Itoa(i)+"_reason", parts[2])
		}
	}
	return v
}

func TestQuickResult(t *testing.T) {
	tests := map[string]struct {
		winner  func(m tournament.Match) tournament.CardNo
		score   string
		stale   bool
		status  int
		message string // shown on the refused form
	}{
		"B wins 2:1":       {func(m tournament.Match) tournament.CardNo { return m.B }, "2:1", false, http.StatusSeeOther, ""},
		"A wins 2-0":       {func(m tournament.Match) tournament.CardNo { return m.A }, "2-0", false, http.StatusSeeOther, ""},
		"score unreadable": {func(m tournament.Match) tournament.CardNo { return m.A }, "zwei", false, http.StatusUnprocessableEntity, "Bitte den Stand wie 2:1 eingeben."},
		"loser first":      {func(m tournament.Match) tournament.CardNo { return m.B }, "1:2", false, http.StatusUnprocessableEntity, "Gemeint ist wohl 2:1."},
		"loser too many":   {func(m tournament.Match) tournament.CardNo { return m.A }, "2:2", false, http.StatusUnprocessableEntity, "Der Sieger braucht 2 Bummerl und der Verlierer weniger"},
		"not in match":     {func(tournament.Match) tournament.CardNo { return 99 }, "2:0", false, http.StatusUnprocessableEntity, "Der Sieger muss Karte"},
		"stale version":    {func(m tournament.Match) tournament.CardNo { return m.A }, "2:0", true, http.StatusConflict, "Inzwischen geändert, bitte prüfen"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
			f.DrawDigital()
			m := f.FirstPlayable(1)
			if tc.stale { // another helper starts the match first
				f.Org.Post(matchURL(matchRef{f.ID, 1, m.No})+"/start", url.Values{"table": {"3"}, "version": {strconv.Itoa(m.Version)}})
			}
			r := f.Quick(f.Helper, 1, m, tc.winner(m), tc.score)
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d\n%s", r.Status, tc.status, r.Body)
			}
			got := f.MatchOf(1, m.No)
			if tc.status != http.StatusSeeOther {
				webtest.MustContain(t, r.Body, tc.message, `value="`+tc.score+`"`)
				if got.Result != nil {
					t.Errorf("refused result saved: %+v", got.Result)
				}
				return
			}
			w := tc.winner(m)
			if got.Result == nil || got.Result.Winner != w {
				t.Fatalf("result %+v, want winner %d", got.Result, w)
			}
			page := f.Helper.Get(r.Location()).Body
			// Winner first, as typed: "2:1", not the seats' "1:2".
			won := map[bool]string{true: "2:0", false: "2:1"}[tc.score == "2-0"]
			webtest.MustContain(t, page, `data-testid="saved"`, "Eingetragen: Sieger Karte "+strconv.Itoa(int(w))+" (", "), "+won+"<")
			// Bummerl are stored by seat: A's first.
			want := map[bool][2]int{true: {2, 0}, false: {1, 2}}[tc.score == "2-0"]
			if got.Result.Bummerl != want {
				t.Errorf("Bummerl %v, want %v", got.Result.Bummerl, want)
			}
		})
	}
}

// TestQuickResultNoDefaultWinner: the quick form offers no winner until
// one is chosen, and a score without a winner is refused in plain words.
func TestQuickResultNoDefaultWinner(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	path := matchURL(matchRef{f.ID, 1, m.No})
	page := f.Helper.Get(path).Body
	webtest.MustContain(t, page, `<option value="" selected>– Sieger wählen –</option>`)
	r := f.Helper.Post(path+"/result", url.Values{"winner": {""}, "bummerl": {"2:1"}, "version": {strconv.Itoa(m.Version)}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, "Bitte den Sieger wählen.", `value="2:1"`)
	if got := f.MatchOf(1, m.No); got.Result != nil {
		t.Errorf("result without a winner saved: %+v", got.Result)
	}
}

func TestSheetResult(t *testing.T) {
	t.Parallel() // slow and on its own app: runs beside the browser tests
	// Seat 1 (B) wins 2:1 Bummerl: B 3+3+1, A 3+3+1, B 3+2+2.
	good := []string{"1/3/declared", "1/3/declared", "1/1/last_trick", "0/3/closing_failed", "0/2", "0/2/declared",
		"1/3/declared", "1/2/renonce", "1/2/declared"}
	tests := map[string]struct {
		deals   []string
		status  int
		row     int // the form row the message is shown at; -1: at the top
		message string
	}{
		"valid":           {good, http.StatusSeeOther, -1, ""},
		"points of four":  {[]string{"1/3", "1/4"}, http.StatusUnprocessableEntity, 1, "Spielpunkte müssen 1 bis 3 sein"},
		"deal after end":  {append(append([]string{}, good...), "0/1"), http.StatusUnprocessableEntity, 9, "Die Partie war schon entschieden"},
		"unfinished":      {good[:5], http.StatusUnprocessableEntity, -1, "Der Spielzettel beendet die Partie nicht"},
		"half a row":      {[]string{"1/3", "1/"}, http.StatusUnprocessableEntity, 1, "Bitte Sieger und Punkte dieses Spiels angeben."},
		"empty":           {nil, http.StatusUnprocessableEntity, -1, "Der Spielzettel ist leer."},
		"unknown reason":  {[]string{"1/3/schummeln"}, http.StatusUnprocessableEntity, 0, "Unbekannter Ausgang"},
		"winner not seat": {[]string{"2/3"}, http.StatusUnprocessableEntity, 0, "Gewinner muss Sitz 0 oder 1 sein"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
			f.DrawDigital()
			m := f.FirstPlayable(1)
			r := f.Helper.Post(matchURL(matchRef{f.ID, 1, m.No})+"/sheet", sheetForm(m.Version, tc.deals...))
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d\n%s", r.Status, tc.status, r.Body)
			}
			got := f.MatchOf(1, m.No)
			if tc.status == http.StatusSeeOther {
				if got.Result == nil || got.Result.Winner != m.B || got.Result.Bummerl != [2]int{1, 2} || len(got.Result.Sheet) != len(good) {
					t.Fatalf("result %+v", got.Result)
				}
				if got.Result.Sheet[3] != (schnapsen.DealResult{Winner: 0, Points: 3, Reason: schnapsen.ClosingFailed}) {
					t.Errorf("deal 4: %+v", got.Result.Sheet[3])
				}
				// The correction form starts from the saved sheet.
				webtest.MustContain(t, f.Helper.Get(r.Location()).Body, `<option value="closing_failed" selected>`)
				return
			}
			if got.Result != nil {
				t.Fatalf("refused sheet saved: %+v", got.Result)
			}
			if tc.row >= 0 {
				id := "error-deal" + strconv.Itoa(tc.row)
				if msg := webtest.TestidText(t, r.Body, id); !strings.Contains(msg, tc.message) {
					t.Errorf("message at row %d: %q, want %q", tc.row+1, msg, tc.message)
				}
				// On a phone the row may be off-screen: the top of the page
				// names it and links to it; the row keeps its tint.
				deal := "deal-" + strconv.Itoa(tc.row+1)
				top := strings.Index(r.Body, `data-testid="sheet-errors"`)
				if top < 0 || top > strings.Index(r.Body, `data-testid="quick-form"`) {
					t.Fatalf("no error summary above the forms:\n%s", r.Body)
				}
				webtest.MustContain(t, r.Body[top:strings.Index(r.Body, `data-testid="quick-form"`)], "Der Spielzettel wurde nicht gespeichert", `href="#`+deal+`"`, "Spiel "+strconv.Itoa(tc.row+1)+"</a>")
				webtest.MustContain(t, r.Body, `<tr id="`+deal+`" data-testid="deal`+strconv.Itoa(tc.row)+`" class="invalid">`)
			} else {
				if msg := webtest.TestidText(t, r.Body, "form-error"); !strings.Contains(msg, tc.message) {
					t.Errorf("message %q, want %q", msg, tc.message)
				}
				webtest.MustNotContain(t, r.Body, `data-testid="sheet-errors"`)
			}
			// The input is kept: every case starts with a deal of 3 points.
			if len(tc.deals) > 0 {
				webtest.MustContain(t, r.Body, `id="f-deal0_points" aria-invalid="false" aria-label="Spiel 1: Punkte"><option value="">–</option><option value="1">1</option><option value="2">2</option><option value="3" selected>`)
			}
		})
	}
}

func TestMoreSheetRows(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	form := sheetForm(m.Version, "1/3/declared")
	form.Set("more", "1")
	r := f.Helper.Post(matchURL(matchRef{f.ID, 1, m.No})+"/sheet", form)
	if r.Status != http.StatusOK || f.MatchOf(1, m.No).Result != nil {
		t.Fatalf("more rows: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, `name="rows" value="28"`, `data-testid="deal27"`, `<option value="declared" selected>`)
}

func TestCorrectResult(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	f.Quick(f.Helper, 1, m, m.A, "2:0")

	// Two helpers correct the same result: the second is told, not overwritten.
	m = f.MatchOf(1, m.No)
	if r := f.Quick(f.Helper, 1, m, m.B, "2:1"); r.Status != http.StatusSeeOther {
		t.Fatalf("correction: %d", r.Status)
	}
	r := f.Quick(f.Org, 1, m, m.A, "2:1")
	if r.Status != http.StatusConflict {
		t.Fatalf("second correction with the old version: %d", r.Status)
	}
	// The form shows the current result and carries its version.
	cur := f.MatchOf(1, m.No)
	webtest.MustContain(t, r.Body, "Inzwischen geändert", "Eingetragen: Sieger Karte "+strconv.Itoa(int(m.B)),
		`name="version" value="`+strconv.Itoa(cur.Version)+`"`)
	if cur.Result.Winner != m.B {
		t.Fatalf("winner %d after the conflict, want %d", cur.Result.Winner, m.B)
	}

	// After the next draw the result is fixed until that draw is undone.
	f.FinishRound(1)
	f.DrawDigital()
	cur = f.MatchOf(1, m.No)
	r = f.Quick(f.Helper, 1, cur, cur.A, "2:0")
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "Runde 2 ist schon ausgelost; zuerst deren Auslosung zurücknehmen") {
		t.Fatalf("correction after the next draw: %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, f.Helper.Get(matchURL(matchRef{f.ID, 1, m.No})).Body, "Für diese Partie gibt es nichts einzutragen.")
	f.Org.Post(f.Path+"/draw/undo", url.Values{"round": {"2"}})
	if r := f.Quick(f.Helper, 1, cur, cur.A, "2:0"); r.Status != http.StatusSeeOther {
		t.Fatalf("correction after the undo: %d", r.Status)
	}
}

// A result can be cleared by staff after a confirmation page, with the
// version seen, under the rules of a correction (P-5).
func TestClearResult(t *testing.T) {
	tests := map[string]struct {
		client  func(f webtest.Fixture) *webtest.Client
		stale   bool // the result is corrected after the confirmation page was opened
		drawn   bool // the next round is drawn meanwhile
		status  int
		message string
	}{
		"helper":     {func(f webtest.Fixture) *webtest.Client { return f.Helper }, false, false, http.StatusSeeOther, ""},
		"organiser":  {func(f webtest.Fixture) *webtest.Client { return f.Org }, false, false, http.StatusSeeOther, ""},
		"stale":      {func(f webtest.Fixture) *webtest.Client { return f.Helper }, true, false, http.StatusConflict, "Inzwischen geändert"},
		"next drawn": {func(f webtest.Fixture) *webtest.Client { return f.Org }, false, true, http.StatusConflict, "Auslosung"},
		"anonymous":  {func(f webtest.Fixture) *webtest.Client { return f.App.Client() }, false, false, http.StatusUnauthorized, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, nil, 1, 1, 1, 1, 1)
			f.DrawDigital()
			m := f.FirstPlayable(1)
			f.Quick(f.Helper, 1, m, m.A, "2:0")
			path := matchURL(matchRef{f.ID, 1, m.No})
			webtest.MustContain(t, f.Helper.Get(path).Body, `href="`+path+`/clear"`)
			confirm := f.Helper.Get(path + "/clear")
			version := f.MatchOf(1, m.No).Version
			webtest.MustContain(t, confirm.Body, `data-testid="clear-form"`, `name="version" value="`+strconv.Itoa(version)+`"`)
			if tc.stale {
				f.Quick(f.Org, 1, f.MatchOf(1, m.No), m.B, "2:1")
			}
			if tc.drawn {
				f.FinishRound(1)
				f.DrawDigital()
			}
			before := f.MatchOf(1, m.No).Result
			r := tc.client(f).Post(path+"/clear", url.Values{"version": {strconv.Itoa(version)}})
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d\n%s", r.Status, tc.status, r.Body)
			}
			after := f.MatchOf(1, m.No).Result
			if tc.status != http.StatusSeeOther {
				webtest.MustContain(t, r.Body, tc.message)
				if after == nil || after.Winner != before.Winner {
					t.Errorf("refused clear changed the result: %+v → %+v", before, after)
				}
				return
			}
			if after != nil {
				t.Errorf("result still there: %+v", after)
			}
			webtest.MustContain(t, tc.client(f).Get(r.Location()).Body, "Ergebnis gelöscht.")
		})
	}
}
