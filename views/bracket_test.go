package views

import (
	"context"
	"strings"
	"testing"

	"bummerl/domain/tournament"
)

// The bracket picture: the quarterfinal drawn, the rounds and placement
// matches to come as empty boxes, lines between the rounds, names
// escaped, the winner bold with ✔, the title by the prizes.
func TestBracketSVG(t *testing.T) {
	ctx := WithEnv(context.Background(), Env{Lang: "de"})
	qf := BracketColumn{Name: "Viertelfinale", Kind: "main"}
	for i := range 4 {
		a, b := tournament.CardNo(2*i+1), tournament.CardNo(2*i+2)
		qf.Matches = append(qf.Matches, BracketMatch{No: i + 1, A: a, B: b, AName: "Huber <b>" + itoa(i), BName: "Maier & Co"})
	}
	qf.Matches[0].Winner, qf.Matches[0].Score = 2, "2:1"
	qf.Matches[1].Table = 4
	qf.Matches[2].Winner, qf.Matches[2].Surrendered, qf.Matches[2].Walkover = 5, true, true
	for _, tc := range []struct {
		prizes, boxes int
		title         string
		places        []string
		notPlaces     []string
	}{
		{8, 4 + 2 + 1 + 1 + 2 + 1 + 1, "Plätze 1–8", []string{"Spiel um Platz 3", "Platz 5–8", "Spiel um Platz 5", "Spiel um Platz 7"}, nil},
		{4, 4 + 2 + 1 + 1, "Plätze 1–4", []string{"Spiel um Platz 3"}, []string{"Platz 5–8"}},
		{2, 4 + 2 + 1, "Plätze 1–2", nil, []string{"Spiel um Platz 3"}},
	} {
		m := StandingsModel{Bracket: []BracketColumn{qf}, Prizes: make([]PrizeRow, tc.prizes), BracketTitle: BracketTitle("de", tc.prizes)}
		for _, below := range []bool{false, true} {
			svg := bracketSVG(ctx, m, BracketSVGOptions{FontSize: 16, Tables: true, PlaceBelow: below, TestID: "b"})
			if n := strings.Count(svg, `data-testid="bracket-match"`); n != tc.boxes {
				t.Errorf("%d prizes: %d boxes, want %d", tc.prizes, n, tc.boxes)
			}
			if n := strings.Count(svg, "<path "); n != 3 {
				t.Errorf("%d prizes: %d joins, want 3 (2 into the semifinals, 1 into the final)", tc.prizes, n)
			}
			mustHave(t, svg, `aria-label="`+tc.title+`"`, ">Halbfinale</text>", ">Finale</text>",
				"Huber &lt;b&gt;0", "Maier &amp; Co", `font-weight="700">✔ 2</text>`, `>1</text>`, ">Tisch 4</text>",
				`font-style="italic">kampflos</text>`)
			if n := strings.Count(svg, ">kampflos</text>"); n != 1 {
				t.Errorf("%d prizes: %d walkover marks, want 1", tc.prizes, n)
			}
			for _, p := range tc.places {
				mustHave(t, svg, ">"+p+"</text>")
			}
			for _, p := range tc.notPlaces {
				if strings.Contains(svg, ">"+p+"</text>") {
					t.Errorf("%d prizes: %q is not played", tc.prizes, p)
				}
			}
			if strings.Contains(svg, "<b>") {
				t.Error("a name's markup got into the picture")
			}
		}
	}
	// The projector shortens names.
	m := StandingsModel{Bracket: []BracketColumn{qf}, Prizes: make([]PrizeRow, 2)}
	mustHave(t, bracketSVG(ctx, m, BracketSVGOptions{FontSize: 32, MaxName: 6}), ">Maier…</text>")
}

func mustHave(t *testing.T, s string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("missing %q", w)
		}
	}
}
