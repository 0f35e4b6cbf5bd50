package main

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/tournament"
)

// readCSV checks the BOM and reads a semicolon-separated export.
func readCSV(t *testing.T, r response) [][]string {
	t.Helper()
	if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv; charset=utf-8") {
		t.Fatalf("export: %d %q", r.status, r.header.Get("Content-Type"))
	}
	if !strings.HasPrefix(r.body, "\ufeff") {
		t.Fatalf("no byte order mark: %q", r.body[:min(10, len(r.body))])
	}
	cr := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.body, "\ufeff")))
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
	f.org.post(f.path+"/players/1/edit", url.Values{"name": {"Jörg Müßig"}, "club": {"SV Mödling"}, "phone": {"0664 1"}})
	f.drawDigital()
	var played []tournament.Match
	for _, m := range f.load().Rounds[0].Matches {
		if !m.Bye() && !m.Surrendered {
			played = append(played, m)
		}
	}
	f.quick(f.helper, 1, played[0], played[0].B, "2:1")
	f.quick(f.helper, 1, played[1], played[1].A, "k")
	mustContain(t, f.org.get(f.path).body, `href="`+f.path+`/export/players.csv"`, `data-testid="export-matches"`, `data-testid="export-standings"`)
	mustNotContain(t, f.helper.get(f.path).body, `data-testid="exports"`)
	for _, kind := range []string{"players", "matches", "standings"} {
		if r := f.helper.get(f.path + "/export/" + kind + ".csv"); r.status != http.StatusForbidden {
			t.Errorf("helper exports %s: %d", kind, r.status)
		}
		if r := f.app.client().get(f.path + "/export/" + kind + ".csv"); r.status != http.StatusSeeOther {
			t.Errorf("anonymous exports %s: %d", kind, r.status)
		}
	}
	r := f.org.get(f.path + "/export/players.csv")
	if cd := r.header.Get("Content-Disposition"); cd != `attachment; filename="preisschnapsen-hinterbrühl-spieler.csv"` {
		t.Errorf("Content-Disposition %q", cd)
	}
	rows := readCSV(t, r)
	if strings.Join(rows[0], "|") != "Spieler-Nr.|Name|Verein|Telefon|Karten|Anzahl|Bezahlt|Zahlungsart" ||
		strings.Join(rows[1], "|") != "1|Jörg Müßig|SV Mödling|0664 1|1 2|2|25,00 €|bar" || len(rows) != 8 {
		t.Errorf("players %q", rows)
	}
	rows = readCSV(t, f.org.get(f.path+"/export/matches.csv"))
	if len(rows) != 5 || rows[0][8] != "Stand" {
		t.Fatalf("matches %q", rows)
	}
	got := map[string][]string{}
	for _, row := range rows[1:] {
		got[row[2]] = row
	}
	m0, m1 := got[strconv.Itoa(played[0].No)], got[strconv.Itoa(played[1].No)]
	if m0[8] != "fertig" || m0[9] != strconv.Itoa(int(played[0].B)) || m0[11] != "2:1" || m0[12] != "nein" {
		t.Errorf("played match %q", m0)
	}
	if m1[8] != "kampflos" || m1[9] != strconv.Itoa(int(played[1].A)) || m1[11] != "" || m1[12] != "ja" {
		t.Errorf("walkover %q", m1)
	}
	rows = readCSV(t, f.org.get(f.path+"/export/standings.csv"))
	if rows[0][0] != "Platz" || len(rows) != 9 {
		t.Errorf("standings %q", rows)
	}
	if r := f.org.get(f.path + "/export/secrets.csv"); r.status != http.StatusNotFound {
		t.Errorf("unknown export: %d", r.status)
	}
	// The API, in English.
	r = f.api.api(http.MethodGet, "/api/tournaments/"+strconv.FormatInt(f.id, 10)+"/export/matches.csv", f.anna, nil)
	rows = readCSV(t, r)
	if rows[0][0] != "Round" || rows[0][12] != "walkover" {
		t.Errorf("API export %q", rows[0])
	}
}
