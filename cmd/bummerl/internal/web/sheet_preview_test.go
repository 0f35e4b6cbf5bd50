package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/views"
)

// sheetValues9 is a sheet form of deals "seat/points".
func sheetValues9(rows int, deals ...string) url.Values {
	v := url.Values{"rows": {strconv.Itoa(rows)}}
	for i, d := range deals {
		seat, points, _ := strings.Cut(d, "/")
		v.Set(views.DealField(i, "winner"), seat)
		v.Set(views.DealField(i, "points"), points)
	}
	return v
}

// Issue 9: the score sheet as on paper — each side counts down from 7,
// a line where a Bummerl ends with the score, and a deal after the end
// named with the score at that point, while typing (htmx preview).
func TestSheetPreview(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	path := matchURL(matchRef{f.ID, 1, m.No}) + "/sheet/preview"
	// B wins a Bummerl (3+3+1), A one (3+2+2), B the next (3+2+2), then a
	// deal too many.
	deals := []string{"1/3", "1/3", "1/1", "0/3", "0/2", "0/2", "1/3", "1/2", "1/2", "0/1"}
	r := f.Helper.Htmx(path, sheetValues9(16, deals...))
	if r.Status != http.StatusOK {
		t.Fatalf("preview: %d\n%s", r.Status, r.Body)
	}
	webtest.MustNotContain(t, r.Body, "<html")
	a, b := strconv.Itoa(int(m.A)), strconv.Itoa(int(m.B))
	webtest.MustContain(t, r.Body, `id="sheet-table"`,
		`data-testid="count-1-1"><strong>4</strong>`, `data-testid="count-1-0">7<`,
		`data-testid="count-3-1"><strong>0</strong>`, `data-testid="bummerl-after-3"`, "Bummerl für Karte "+b+" – Stand 0:1",
		"Bummerl für Karte "+a+" – Stand 1:1", "Bummerl für Karte "+b+" – Stand 1:2",
		`data-testid="sheet-problem-10"`, "Spiel 10: die Partie ist bei 2:1 schon entschieden")
	if f.MatchOf(1, m.No).Result != nil {
		t.Fatal("the preview saved")
	}
	// A half row.
	v := sheetValues9(16, "1/3")
	v.Set(views.DealField(1, "winner"), "0")
	webtest.MustContain(t, f.Helper.Htmx(path, v).Body, "Spiel 2: Sieger und Punkte angeben")
	// English; visitors may not.
	f.Helper.Get(f.Path + "?lang=en")
	webtest.MustContain(t, f.Helper.Htmx(path, sheetValues9(16, deals...)).Body, "Game 10: already decided at 2:1", "Bummerl to card "+b)
	if r := f.App.Client().Htmx(path, sheetValues9(16, deals...)); r.Status != http.StatusForbidden && r.Status != http.StatusSeeOther && r.Status != http.StatusUnauthorized {
		t.Errorf("visitor: %d", r.Status)
	}
}
