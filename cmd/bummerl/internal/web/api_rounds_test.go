package web

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/draw"
)

func TestAPIRounds(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	base := "/api/tournaments/" + strconv.FormatInt(f.id, 10)
	hans := basic("Hans", "Hans-password")

	// Who draws next: one main group, pots of 4, player 1 first.
	next := decode[nextDrawJSON](t, f.api.api(http.MethodGet, base+"/draw", "", nil))
	if len(next.Groups) != 1 || next.Groups[0].PotSize != 4 || next.Groups[0].Entrants[0].Player != 1 || next.Blocked != nil {
		t.Fatalf("next draw: %+v", next)
	}

	// Physical draw: a wrong entry is named by its place in the body.
	entries := [][]draw.PhysicalEntry{{
		{Player: 1, Left: []int{1, 2}}, {Player: 2, Left: []int{3}}, {Player: 3, Left: []int{4}},
		{Player: 4, Right: []int{1}}, {Player: 5, Right: []int{1}}, {Player: 6, Right: []int{3}},
	}}
	r := f.api.api(http.MethodPost, base+"/draw/physical", f.anna, map[string]any{"groups": entries})
	e := decode[apiError](t, r)
	if r.status != http.StatusUnprocessableEntity || e.Field != "groups[0][4].right" || e.Code != "draw_number_twice" {
		t.Fatalf("bad physical draw: %d %+v", r.status, e)
	}
	if r := f.api.api(http.MethodPost, base+"/draw/physical", hans, map[string]any{"groups": entries}); r.status != http.StatusForbidden {
		t.Errorf("helper draws: %d", r.status)
	}
	entries[0][4].Right = []int{2}
	r = f.api.api(http.MethodPost, base+"/draw/physical", f.anna, map[string]any{"groups": entries})
	rj := decode[roundJSON](t, r)
	if r.status != http.StatusCreated || rj.Method != "physical" || len(rj.Matches) != 4 || r.location() != apiRoundPath(f.id, 1) {
		t.Fatalf("physical draw: %d %+v", r.status, rj)
	}

	// Undo it, then draw digitally: announce, perform with the commitment.
	if r := f.api.api(http.MethodDelete, apiRoundPath(f.id, 1), f.anna, nil); r.status != http.StatusNoContent {
		t.Fatalf("undo: %d %s", r.status, r.body)
	}
	r = f.api.api(http.MethodPost, base+"/draw/announce", f.anna, nil)
	ann := decode[map[string]string](t, r)
	if r.status != http.StatusCreated || len(ann["commitment"]) != 64 {
		t.Fatalf("announce: %d %v", r.status, ann)
	}
	if got := decode[nextDrawJSON](t, f.api.api(http.MethodGet, base+"/draw", "", nil)).Commitment; got != ann["commitment"] {
		t.Errorf("announced commitment %q, public %q", ann["commitment"], got)
	}
	if r := f.api.api(http.MethodPost, base+"/draw/digital", f.anna, map[string]string{"commitment": "x"}); r.status != http.StatusConflict {
		t.Errorf("perform with another commitment: %d", r.status)
	}
	r = f.api.api(http.MethodPost, base+"/draw/digital", f.anna, map[string]string{"commitment": ann["commitment"]})
	rj = decode[roundJSON](t, r)
	if r.status != http.StatusCreated || rj.Seed == "" || draw.Commit(rj.Seed) != ann["commitment"] {
		t.Fatalf("digital draw: %d %+v", r.status, rj)
	}
	proto := decode[draw.Protocol](t, f.api.api(http.MethodGet, apiRoundPath(f.id, 1)+"/protocol", "", nil))
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
	path := apiRoundPath(f.id, 1) + "/matches/" + strconv.Itoa(m.Match)
	r = f.api.api(http.MethodPost, path+"/start", hans, map[string]int{"version": m.Version, "table": 4})
	if got := decode[matchJSON](t, r); r.status != http.StatusOK || !got.Started || got.Table != 4 {
		t.Fatalf("start: %d %+v", r.status, got)
	}
	r = f.api.api(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 0}})
	if e := decode[apiError](t, r); r.status != http.StatusConflict || e.Code != "version_conflict" {
		t.Fatalf("stale result: %d %+v", r.status, e)
	}
	r = f.api.api(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version + 1, "winner": m.B, "bummerl": []int{1, 2}})
	if got := decode[matchJSON](t, r); r.status != http.StatusOK || got.Result == nil || got.Result.Winner != m.B {
		t.Fatalf("quick result: %d %+v", r.status, got)
	}
	m = open[1]
	path = apiRoundPath(f.id, 1) + "/matches/" + strconv.Itoa(m.Match)
	bad := []schnapsen.DealResult{{Winner: 0, Points: 3}, {Winner: 0, Points: 0}}
	r = f.api.api(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version, "sheet": bad})
	if se := decode[sheetErrorJSON](t, r); r.status != http.StatusUnprocessableEntity || se.Deal != 1 || se.Code != "sheet_invalid" {
		t.Fatalf("bad sheet: %d %s", r.status, r.body)
	}
	if r := f.api.api(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version}); r.status != http.StatusBadRequest {
		t.Errorf("result without score: %d", r.status)
	}
	var sheet []schnapsen.DealResult
	for _, p := range []int{3, 3, 1, 3, 2, 2} { // A wins two Bummerl to nil
		sheet = append(sheet, schnapsen.DealResult{Winner: 0, Points: p, Reason: schnapsen.Declared})
	}
	// A winner given beside the sheet must be the sheet's (B-4).
	r = f.api.api(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version, "winner": m.B, "sheet": sheet})
	if e := decode[apiError](t, r); r.status != http.StatusUnprocessableEntity || e.Code != "sheet_disagrees" {
		t.Fatalf("sheet with the other winner: %d %s", r.status, r.body)
	}
	r = f.api.api(http.MethodPut, path+"/result", hans, map[string]any{"version": m.Version, "sheet": sheet})
	if got := decode[matchJSON](t, r); r.status != http.StatusOK || got.Result.Winner != m.A || got.Result.Bummerl != [2]int{2, 0} || len(got.Result.Sheet) != 6 {
		t.Fatalf("sheet result: %d %+v", r.status, got.Result)
	}

	// Undo with results is refused; rounds, standings and prizes read back.
	if r := f.api.api(http.MethodDelete, apiRoundPath(f.id, 1), f.anna, nil); r.status != http.StatusConflict {
		t.Errorf("undo with results: %d", r.status)
	}
	if rounds := decode[[]roundJSON](t, f.api.api(http.MethodGet, base+"/rounds", "", nil)); len(rounds) != 1 || rounds[0].Complete {
		t.Errorf("rounds: %+v", rounds)
	}
	st := decode[standingsJSON](t, f.api.api(http.MethodGet, base+"/standings", "", nil))
	if len(st.Cards) != 7 || st.Finished {
		t.Errorf("standings: %+v", st)
	}
	prizes := decode[[]prizeJSON](t, f.api.api(http.MethodGet, base+"/prizes", "", nil))
	if len(prizes) != 2 || prizes[0].Decided {
		t.Errorf("prizes: %+v", prizes)
	}
}

func TestHistoryAndPrint(t *testing.T) {
	f := newFixture(t, map[string]string{"prizes": "8", "prize_3": "c", "prize_4": "d", "prize_5": "e", "prize_6": "f", "prize_7": "g", "prize_8": "h"},
		2, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	f.quick(f.helper, 1, m, m.B, "2:1")

	// History: organisers only; who did what, with the rows before and after.
	if r := f.helper.get(f.path + "/history"); r.status != http.StatusForbidden {
		t.Errorf("helper reads the history: %d", r.status)
	}
	h := f.org.get(f.path + "/history").body
	mustContain(t, h, "Verlauf", ">Hans<", `data-action="result">Ergebnis eingetragen<`, `data-action="draw">Digital ausgelost<`,
		`data-testid="history-line">Ergebnis Runde 1, Partie `, "<details>")
	mustNotContain(t, h, "<pre>", `"has_result"`) // no raw JSON
	if strings.Index(h, `data-action="result"`) > strings.Index(h, `data-action="draw"`) {
		t.Error("history is not newest first")
	}

	// Print sheets: the round list, one score sheet per open match, the
	// bracket and the prize list; staff only.
	list := f.helper.get(f.path + "/print/rounds/1").body
	mustContain(t, list, `data-testid="print-round"`, "Runde 1: Viertelfinale", "fertig, 2:1")
	sheets := f.helper.get(f.path + "/print/rounds/1/sheets").body
	open := countMatches(f.load(), func(x tournament.Match) bool { return !x.Decided() })
	if got := strings.Count(sheets, `<article class="score-sheet"`); got != open || open == 0 {
		t.Errorf("%d score sheets, want %d", got, open)
	}
	mustNotContain(t, sheets, `data-testid="sheet-`+strconv.Itoa(m.No)+`"`)
	// Four to an A4 page by default (issue 10), a block of two columns per
	// Bummerl the match can take (B-3: 2 to win, at most 3).
	mustContain(t, sheets, `class="sheet-page per-4"`, "Spielzettel", "Bummerl gewonnen", "Unterschrift", `<th>Bummerl</th>`, `<th colspan="2" class="block">3.</th>`)
	mustNotContain(t, sheets, `<th colspan="2" class="block">4.</th>`)
	mustContain(t, f.helper.get(f.path+"/print/rounds/1/sheets?per=2").body, `class="sheet-page per-2"`)
	// B-1: the first row is the count both start from, labelled and explained.
	if got := strings.Count(sheets, `<tr data-testid="start-row"><th>Start</th><td class="block">7</td><td>7</td><td class="block">7</td><td>7</td><td class="block">7</td><td>7</td></tr>`); got != open {
		t.Errorf("%d labelled start rows, want one per sheet (%d)", got, open)
	}
	mustContain(t, sheets, "Von Sieben herunter")
	mustNotContain(t, sheets, `<td class="num">0</td>`)
	bracket := f.helper.get(f.path + "/print/bracket").body
	mustContain(t, bracket, `data-testid="bracket"`, "Viertelfinale")
	prizes := f.helper.get(f.path + "/print/prizes").body
	mustContain(t, prizes, `data-testid="prize-8"`, "noch offen")
	if r := f.app.client().get(f.path + "/print/prizes"); r.status != http.StatusSeeOther {
		t.Errorf("anonymous print: %d, want the login", r.status)
	}
	// English through the catalogue.
	mustContain(t, f.helper.get(f.path+"/print/rounds/1/sheets?lang=en").body, "Score sheet", "Signature")
}

// Every JSON body is read strictly: an array of the wrong length, a name
// given twice, a name in another letter case or an unknown one is a 400
// naming the field, and nothing is written.
func TestAPIStrictJSON(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	base := "/api/tournaments/" + strconv.FormatInt(f.id, 10)
	result := apiRoundPath(f.id, 1) + "/matches/" + strconv.Itoa(m.No) + "/result"
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
		"start table twice":     {http.MethodPost, apiRoundPath(f.id, 1) + "/matches/" + strconv.Itoa(m.No) + "/start", `{"version":` + v + `,"table":1,"table":2}`, "table"},
		"settings name twice":   {http.MethodPost, "/api/tournaments", `{"name":"a","name":"b","cards":8,"max_cards":1,"prizes":["a","b"]}`, "name"},
		"player patch Name":     {http.MethodPatch, base + "/players/1", `{"Name":"Otto"}`, "Name"},
		"invalid UTF-8 in name": {http.MethodPost, base + "/sales", "{\"name\":\"Ot\xfft\xc3o\",\"count\":1}", "name"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := f.api.request(tc.method, tc.path, strings.NewReader(tc.body),
				map[string]string{"Authorization": f.anna, "Content-Type": "application/json"})
			if r.status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %s", r.status, r.body)
			}
			if e := decode[apiError](t, r); e.Code != "bad_request" || e.Field != tc.field || !strings.Contains(e.Error, tc.field) {
				t.Errorf("error %+v, want field %q named in the message", e, tc.field)
			}
		})
	}
	tr := f.load()
	if got := f.matchOf(1, m.No); got.Decided() || got.Started || tr.Sold() != 7 || len(tr.Players) != 6 || tr.Players[0].Name != "Spieler 1" {
		t.Errorf("a refused body changed something: match %+v, %d sold, players %+v", got, tr.Sold(), tr.Players)
	}
	if list, _ := f.app.store.Tournaments(t.Context()); len(list) != 1 {
		t.Errorf("%d tournaments", len(list))
	}
	// The German message names the field too.
	r := f.api.request(http.MethodPut, result+"?lang=de", strings.NewReader(`{"version":`+v+`,"winner":`+a+`,"bummerl":[2]}`),
		map[string]string{"Authorization": f.anna, "Content-Type": "application/json"})
	mustContain(t, decode[apiError](t, r).Error, `„bummerl“`)
}
