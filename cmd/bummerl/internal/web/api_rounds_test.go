package web

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/draw"
)

func TestAPIRounds(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	base := "/api/tournaments/" + strconv.FormatInt(f.ID, 10)
	hans := webtest.Basic("Hans", "Hans-password")

	// Who draws next: one main group, pots of 4, player 1 first.
	next := webtest.Decode[nextDrawJSON](t, f.API.API(http.MethodGet, base+"/draw", "", nil))
	if len(next.Groups) != 1 || next.Groups[0].PotSize != 4 || next.Groups[0].Entrants[0].Player != 1 || next.Blocked != nil {
		t.Fatalf("next draw: %+v", next)
	}

	// Physical draw: a wrong entry is named by its place in the body.
	entries := [][]draw.PhysicalEntry{{
		{Player: 1, Left: []int{1, 2}}, {Player: 2, Left: []int{3}}, {Player: 3, Left: []int{4}},
		{Player: 4, Right: []int{1}}, {Player: 5, Right: []int{1}}, {Player: 6, Right: []int{3}},
	}}
	r := f.API.API(http.MethodPost, base+"/draw/physical", f.Anna, map[string]any{"groups": entries})
	e := webtest.Decode[apiError](t, r)
	if r.Status != http.StatusUnprocessableEntity || e.Field != "groups[0][4].right" || e.Code != "draw_number_twice" {
		t.Fatalf("bad physical draw: %d %+v", r.Status, e)
	}
	if r := f.API.API(http.MethodPost, base+"/draw/physical", hans, map[string]any{"groups": entries}); r.Status != http.StatusForbidden {
		t.Errorf("helper draws: %d", r.Status)
	}
	entries[0][4].Right = []int{2}
	r = f.API.API(http.MethodPost, base+"/draw/physical", f.Anna, map[string]any{"groups": entries})
	rj := webtest.Decode[roundJSON](t, r)
	if r.Status != http.StatusCreated || rj.Method != "physical" || len(rj.Matches) != 4 || r.Location() != apiRoundPath(f.ID, 1) {
		t.Fatalf("physical draw: %d %+v", r.Status, rj)
	}

	// Undo it, then draw digitally: announce, perform with the commitment.
	if r := f.API.API(http.MethodDelete, apiRoundPath(f.ID, 1), f.Anna, nil); r.Status != http.StatusNoContent {
		t.Fatalf("undo: %d %s", r.Status, r.Body)
	}
	r = f.API.API(http.MethodPost, base+"/draw/announce", f.Anna, nil)
	ann := webtest.Decode[map[string]string](t, r)
	if r.Status != http.StatusCreated || len(ann["commitment"]) != 64 {
		t.Fatalf("announce: %d %v", r.Status, ann)
	}
	if got := webtest.Decode[nextDrawJSON](t, f.API.API(http.MethodGet, base+"/draw", "", nil)).Commitment; got != ann["commitment"] {
		t.Errorf("announced commitment %q, public %q", ann["commitment"], got)
	}
	if r := f.API.API(http.MethodPost, base+"/draw/digital", f.Anna, map[string]string{"commitment": "x"}); r.Status != http.StatusConflict {
		t.Errorf("perform with another commitment: %d", r.Status)
	}
	r = f.API.API(http.MethodPost, base+"/draw/digital", f.Anna, map[string]string{"commitment": ann["commitment"]})
	rj = webtest.Decode[roundJSON](t, r)
	if r.Status != http.StatusCreated || rj.Seed == "" || draw.Commit(rj.Seed) != ann["commitment"] {
		t.Fatalf("digital draw: %d %+v", r.Status, rj)
	}
	proto := webtest.Decode[draw.Protocol](t, f.API.API(http.MethodGet, apiRoundPath(f.ID, 1)+"/protocol", "", nil))
	if err := proto.Verify(); err != nil {
		t.Fatalf("protocol: %v", err)
	}

	// Results: start, quick, a stale version, a sheet with a bad deal.
	var open []matchJSON
	for _, m := range rj.Matches {
		if !m.Bye && !m.Surrendered {
			open = append(open, m)
		}
	}
	m := open[0]
	path := apiRoundPath(f.ID, 1) + "/matches/" + strconv.Itoa(m.Match)
	r = f.API.API(http.MethodPost, path+"/start", hans, map[string]int{"version": m.Version, "table": 4})
	if got := webtest.Decode[matchJSON](t, r); r.Status != http.StatusOK || !got.Started || got.Table != 4 {
		t.Fatalf("start: %d %+v", r.Status, got)
	}
	r = f.API.API(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 0}})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusConflict || e.Code != "version_conflict" {
		t.Fatalf("stale result: %d %+v", r.Status, e)
	}
	r = f.API.API(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version + 1, "winner": m.B, "bummerl": []int{1, 2}})
	if got := webtest.Decode[matchJSON](t, r); r.Status != http.StatusOK || got.Result == nil || got.Result.Winner != m.B {
		t.Fatalf("quick result: %d %+v", r.Status, got)
	}
	m = open[1]
	path = apiRoundPath(f.ID, 1) + "/matches/" + strconv.Itoa(m.Match)
	bad := []schnapsen.DealResult{{Winner: 0, Points: 3}, {Winner: 0, Points: 0}}
	r = f.API.API(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version, "sheet": bad})
	if se := webtest.Decode[sheetErrorJSON](t, r); r.Status != http.StatusUnprocessableEntity || se.Deal != 1 || se.Code != "sheet_invalid" {
		t.Fatalf("bad sheet: %d %s", r.Status, r.Body)
	}
	if r := f.API.API(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version}); r.Status != http.StatusBadRequest {
		t.Errorf("result without score: %d", r.Status)
	}
	var sheet []schnapsen.DealResult
	for _, p := range []int{3, 3, 1, 3, 2, 2} { // A wins two Bummerl to nil
		sheet = append(sheet, schnapsen.DealResult{Winner: 0, Points: p, Reason: schnapsen.Declared})
	}
	// A winner given beside the sheet must be the sheet's (B-4).
	r = f.API.API(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version, "winner": m.B, "sheet": sheet})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusUnprocessableEntity || e.Code != "sheet_disagrees" {
		t.Fatalf("sheet with the other winner: %d %s", r.Status, r.Body)
	}
	r = f.API.API(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version, "sheet": sheet})
	if got := webtest.Decode[matchJSON](t, r); r.Status != http.StatusOK || got.Result.Winner != m.A || got.Result.Bummerl != [2]int{2, 0} || len(got.Result.Sheet) != 6 {
		t.Fatalf("sheet result: %d %+v", r.Status, got.Result)
	}

	// Undo with results is refused; rounds, standings and prizes read back.
	if r := f.API.API(http.MethodDelete, apiRoundPath(f.ID, 1), f.Anna, nil); r.Status != http.StatusConflict {
		t.Errorf("undo with results: %d", r.Status)
	}
	if rounds := webtest.Decode[[]roundJSON](t, f.API.API(http.MethodGet, base+"/rounds", "", nil)); len(rounds) != 1 || rounds[0].Complete {
		t.Errorf("rounds: %+v", rounds)
	}
	st := webtest.Decode[standingsJSON](t, f.API.API(http.MethodGet, base+"/standings", "", nil))
	if len(st.Cards) != 7 || st.Finished {
		t.Errorf("standings: %+v", st)
	}
	prizes := webtest.Decode[[]prizeJSON](t, f.API.API(http.MethodGet, base+"/prizes", "", nil))
	if len(prizes) != 2 || prizes[0].Decided {
		t.Errorf("prizes: %+v", prizes)
	}
}

func TestHistoryAndPrint(t *testing.T) {
	f := newFixture(t, map[string]string{"prizes": "8", "prize_3": "c", "prize_4": "d", "prize_5": "e", "prize_6": "f", "prize_7": "g", "prize_8": "h"},
		2, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	f.Quick(f.Helper, 1, m, m.B, "2:1")

	// History: organisers only; who did what, with the rows before and after.
	if r := f.Helper.Get(f.Path + "/history"); r.Status != http.StatusForbidden {
		t.Errorf("helper reads the history: %d", r.Status)
	}
	h := f.Org.Get(f.Path + "/history").Body
	webtest.MustContain(t, h, "Verlauf", ">Hans<", `data-action="result">Ergebnis eingetragen<`, `data-action="draw">Digital ausgelost<`,
		`data-testid="history-line">Ergebnis Runde 1, Partie `, "<details>")
	webtest.MustNotContain(t, h, "<pre>", `"has_result"`) // no raw JSON
	if strings.Index(h, `data-action="result"`) > strings.Index(h, `data-action="draw"`) {
		t.Error("history is not newest first")
	}

	// Print sheets: the round list, one score sheet per open match, the
	// bracket and the prize list; staff only.
	list := f.Helper.Get(f.Path + "/print/rounds/1").Body
	webtest.MustContain(t, list, `data-testid="print-round"`, "Runde 1: Viertelfinale", "fertig, 2:1")
	sheets := f.Helper.Get(f.Path + "/print/rounds/1/sheets").Body
	open := countMatches(f.Load(), func(x tournament.Match) bool { return !x.Decided() })
	if got := strings.Count(sheets, `<article class="score-sheet"`); got != open || open == 0 {
		t.Errorf("%d score sheets, want %d", got, open)
	}
	webtest.MustNotContain(t, sheets, `data-testid="sheet-`+strconv.Itoa(m.No)+`"`)
	// Four to an A4 page by default (issue 10), a block of two columns per
	// Bummerl the match can take (B-3: 2 to win, at most 3).
	webtest.MustContain(t, sheets, `class="sheet-page per-4"`, "Spielzettel", "Bummerl gewonnen", "Unterschrift", `<th>Bummerl</th>`, `<th colspan="2" class="block">3.</th>`)
	webtest.MustNotContain(t, sheets, `<th colspan="2" class="block">4.</th>`)
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/rounds/1/sheets?per=2").Body, `class="sheet-page per-2"`)
	// B-1: the first row is the count both start from, labelled and explained.
	if got := strings.Count(sheets, `<tr data-testid="start-row"><th>Start</th><td class="block">7</td><td>7</td><td class="block">7</td><td>7</td><td class="block">7</td><td>7</td></tr>`); got != open {
		t.Errorf("%d labelled start rows, want one per sheet (%d)", got, open)
	}
	webtest.MustContain(t, sheets, "Von Sieben herunter")
	webtest.MustNotContain(t, sheets, `<td class="num">0</td>`)
	bracket := f.Helper.Get(f.Path + "/print/bracket").Body
	webtest.MustContain(t, bracket, `data-testid="bracket"`, "Viertelfinale")
	prizes := f.Helper.Get(f.Path + "/print/prizes").Body
	webtest.MustContain(t, prizes, `data-testid="prize-8"`, "noch offen")
	if r := f.App.Client().Get(f.Path + "/print/prizes"); r.Status != http.StatusSeeOther {
		t.Errorf("anonymous print: %d, want the login", r.Status)
	}
	// English through the catalogue.
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/rounds/1/sheets?lang=en").Body, "Score sheet", "Signature")
}

// Every JSON body is read strictly: an array of the wrong length, a name
// given twice, a name in another letter case or an unknown one is a 400
// naming the field, and nothing is written.
func TestAPIStrictJSON(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	base := "/api/tournaments/" + strconv.FormatInt(f.ID, 10)
	result := apiRoundPath(f.ID, 1) + "/matches/" + strconv.Itoa(m.No) + "/result"
	v, a, b := strconv.Itoa(m.Version), strconv.Itoa(int(m.A)), strconv.Itoa(int(m.B))
	tests := map[string]struct {
		method, path, body string
		field              string
	}{
		"bummerl too short":     {http.MethodPut, result, `{"version":` + v + `,"winner":` + a + `,"bummerl":[2]}`, "bummerl"},
		"bummerl too long":      {http.MethodPut, result, `{"version":` + v + `,"winner":` + a + `,"bummerl":[2,0,7]}`, "bummerl"},
		"bummerl empty":         {http.MethodPut, result, `{"version":` + v + `,"winner":` + a + `,"bummerl":[]}`, "bummerl"},
		"winner twice":          {http.MethodPut, result, `{"version":` + v + `,"winner":` + b + `,"winner":` + a + `,"bummerl":[2,0]}`, "winner"},
		"VERSION":               {http.MethodPut, result, `{"VERSION":` + v + `,"winner":` + a + `,"bummerl":[2,0]}`, "VERSION"},
		"Winner":                {http.MethodPut, result, `{"version":` + v + `,"Winner":` + a + `,"bummerl":[2,0]}`, "Winner"},
		"sheet deal key twice":  {http.MethodPut, result, `{"version":` + v + `,"sheet":[{"winner":0,"points":3,"points":1}]}`, "sheet[0].points"},
		"sheet deal key case":   {http.MethodPut, result, `{"version":` + v + `,"sheet":[{"winner":0,"Points":3}]}`, "sheet[0].Points"},
		"sale COUNT":            {http.MethodPost, base + "/sales", `{"name":"Otto","COUNT":2}`, "COUNT"},
		"sale count twice":      {http.MethodPost, base + "/sales", `{"name":"Otto","count":1,"count":3}`, "count"},
		"start table twice":     {http.MethodPost, apiRoundPath(f.ID, 1) + "/matches/" + strconv.Itoa(m.No) + "/start", `{"version":` + v + `,"table":1,"table":2}`, "table"},
		"settings name twice":   {http.MethodPost, "/api/tournaments", `{"name":"a","name":"b","cards":8,"max_cards":1,"prizes":["a","b"]}`, "name"},
		"player patch Name":     {http.MethodPatch, base + "/players/1", `{"Name":"Otto"}`, "Name"},
		"invalid UTF-8 in name": {http.MethodPost, base + "/sales", "{\"name\":\"Ot\xfft\xc3o\",\"count\":1}", "name"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := f.API.Request(tc.method, tc.path, strings.NewReader(tc.body),
				map[string]string{"Authorization": f.Anna, "Content-Type": "application/json"})
			if r.Status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %s", r.Status, r.Body)
			}
			if e := webtest.Decode[apiError](t, r); e.Code != "bad_request" || e.Field != tc.field || !strings.Contains(e.Error, tc.field) {
				t.Errorf("error %+v, want field %q named in the message", e, tc.field)
			}
		})
	}
	tr := f.Load()
	if got := f.MatchOf(1, m.No); got.Decided() || got.Started || tr.Sold() != 7 || len(tr.Players) != 6 || tr.Players[0].Name != "Spieler 1" {
		t.Errorf("a refused body changed something: match %+v, %d sold, players %+v", got, tr.Sold(), tr.Players)
	}
	if list, _ := f.App.Store.Tournaments(t.Context()); len(list) != 1 {
		t.Errorf("%d tournaments", len(list))
	}
	// The German message names the field too.
	r := f.API.Request(http.MethodPut, result+"?lang=de", strings.NewReader(`{"version":`+v+`,"winner":`+a+`,"bummerl":[2]}`),
		map[string]string{"Authorization": f.Anna, "Content-Type": "application/json"})
	webtest.MustContain(t, webtest.Decode[apiError](t, r).Error, `„bummerl“`)
}
