package schnapsen

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// sheet builds a score sheet from (winner, points) pairs.
func sheet(pairs ...int) []DealResult {
	out := make([]DealResult, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, DealResult{Winner: pairs[i], Points: pairs[i+1]})
	}
	return out
}

func TestScoreMatch(t *testing.T) {
	tests := map[string]struct {
		rules    MatchRules
		deals    []DealResult
		running  [2]int
		bummerl  [2]int
		finished bool
		winner   int
	}{
		"empty sheet": {deals: nil},
		// B-1: counted from 7 down; 6 points are not yet a Bummerl.
		"B-1 running below seven": {deals: sheet(0, 3, 1, 2, 0, 3), running: [2]int{6, 2}},
		// B-1: reaching 7 ends the Bummerl, the surplus point is lost.
		"B-1 points beyond seven are lost": {deals: sheet(0, 3, 0, 3, 0, 2), bummerl: [2]int{1, 0}},
		"B-1 new Bummerl starts at zero":   {deals: sheet(0, 3, 0, 3, 0, 3, 1, 1), running: [2]int{0, 1}, bummerl: [2]int{1, 0}},
		// B-2: a Schneider counts one Bummerl in tournaments.
		"B-2 schneider counts one in tournaments": {deals: sheet(1, 3, 1, 3, 1, 1), bummerl: [2]int{0, 1}},
		// B-2: in private play a Schneider (7:0) counts two.
		"B-2 schneider counts double in private play": {rules: MatchRules{BummerlToWin: 3, SchneiderCountsDouble: true},
			deals: sheet(1, 3, 1, 3, 1, 1), bummerl: [2]int{0, 2}},
		"B-2 no schneider when the loser scored": {rules: MatchRules{BummerlToWin: 3, SchneiderCountsDouble: true},
			deals: sheet(0, 1, 1, 3, 1, 3, 1, 1), bummerl: [2]int{0, 1}},
		// B-2 + B-3: a double Schneider decides a two-Bummerl match at once.
		"B-2 double schneider decides the match": {rules: MatchRules{BummerlToWin: 2, SchneiderCountsDouble: true},
			deals: sheet(0, 3, 0, 3, 0, 3), bummerl: [2]int{2, 0}, finished: true, winner: 0},
		// B-3: the default is two Bummerl to win.
		"B-3 default two bummerl": {deals: sheet(0, 3, 0, 3, 0, 3, 1, 3, 1, 3, 1, 3, 0, 3, 0, 3, 0, 1),
			bummerl: [2]int{2, 1}, finished: true, winner: 0},
		"B-3 one bummerl to win": {rules: MatchRules{BummerlToWin: 1}, deals: sheet(1, 2, 1, 2, 1, 2, 1, 1),
			bummerl: [2]int{0, 1}, finished: true, winner: 1},
		"B-3 three bummerl not yet won": {rules: MatchRules{BummerlToWin: 3}, deals: sheet(1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3),
			bummerl: [2]int{0, 2}},
		// B-4: the reason is optional and may be any of FORMATS.md.
		"B-4 reasons accepted": {deals: []DealResult{{Winner: 0, Points: 1, Reason: LastTrick}, {Winner: 1, Points: 3, Reason: Renonce},
			{Winner: 1, Points: 2, Reason: ClosingFailed}, {Winner: 0, Points: 2, Reason: WrongDeclaration}, {Winner: 0, Points: 1, Reason: Declared}},
			running: [2]int{4, 5}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := ScoreMatch(tc.rules, tc.deals)
			if err != nil {
				t.Fatalf("ScoreMatch: %v", err)
			}
			if got.Running != tc.running || got.Bummerl != tc.bummerl || got.Finished != tc.finished {
				t.Errorf("got running %v bummerl %v finished %v, want %v %v %v", got.Running, got.Bummerl, got.Finished, tc.running, tc.bummerl, tc.finished)
			}
			if tc.finished && (got.Winner == nil || *got.Winner != tc.winner) {
				t.Errorf("winner = %v, want %d", got.Winner, tc.winner)
			}
			if !tc.finished && got.Winner != nil {
				t.Errorf("winner = %d on an unfinished match", *got.Winner)
			}
			if len(got.Deals) != len(tc.deals) {
				t.Fatalf("%d deal standings for %d deals", len(got.Deals), len(tc.deals))
			}
			if len(got.Deals) > 0 {
				last := got.Deals[len(got.Deals)-1]
				if last.Running != got.Running || last.Bummerl != got.Bummerl {
					t.Errorf("last standing %v/%v differs from the match %v/%v", last.Running, last.Bummerl, got.Running, got.Bummerl)
				}
			}
		})
	}
}

// B-4: an impossible sheet names the offending deal.
func TestScoreMatchSheetErrors(t *testing.T) {
	tests := map[string]struct {
		rules MatchRules
		deals []DealResult
		deal  int
	}{
		"B-4 zero points":            {deals: sheet(0, 2, 1, 0), deal: 1},
		"B-4 four points":            {deals: sheet(0, 4), deal: 0},
		"B-4 negative points":        {deals: sheet(1, -1), deal: 0},
		"B-4 seat two":               {deals: sheet(0, 1, 2, 1), deal: 1},
		"B-4 negative seat":          {deals: sheet(-1, 1), deal: 0},
		"B-4 unknown reason":         {deals: []DealResult{{Winner: 0, Points: 1, Reason: "timeout"}}, deal: 0},
		"B-4 deal after match":       {rules: MatchRules{BummerlToWin: 1}, deals: sheet(0, 3, 0, 3, 0, 1, 1, 1), deal: 3},
		"B-3 bummerl to win too big": {rules: MatchRules{BummerlToWin: 4}, deals: sheet(0, 1), deal: -1},
		"B-3 negative bummerl":       {rules: MatchRules{BummerlToWin: -1}, deal: -1},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := ScoreMatch(tc.rules, tc.deals)
			var se *SheetError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want a *SheetError", err)
			}
			if se.Deal != tc.deal {
				t.Errorf("error at deal %d, want %d (%v)", se.Deal, tc.deal, err)
			}
			if se.Text("de") == "" || se.Text("en") == "" || se.Text("de") == se.Text("en") {
				t.Errorf("want distinct German and English texts, got %q / %q", se.Text("de"), se.Text("en"))
			}
		})
	}
}

// B-1 … B-3 over random sheets: the standing always stays in range, a
// match is decided exactly when one side has hung BummerlToWin Bummerl on
// the other (B-3), so it lasts at most 2*BummerlToWin-1 Bummerl, and a
// finished match ends the sheet (B-4).
func TestScoreMatchProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		rules := MatchRules{BummerlToWin: 1 + r.IntN(3), SchneiderCountsDouble: r.IntN(2) == 0}
		b := rules.BummerlToWin
		var deals []DealResult
		played, before := 0, [2]int{} // Bummerl played, and the count before this deal
		for {
			deals = append(deals, DealResult{Winner: r.IntN(2), Points: 1 + r.IntN(3)})
			v, err := ScoreMatch(rules, deals)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			for s := range 2 {
				if v.Running[s] < 0 || v.Running[s] > 6 {
					t.Fatalf("case %d: running %v out of 0–6", i, v.Running)
				}
			}
			if v.Bummerl != before {
				played++
				// B-1: a Bummerl ends with 7 points, the running scores start again;
				// B-2: it counts 1, or 2 for Schneider in private play.
				gain := v.Bummerl[0] + v.Bummerl[1] - before[0] - before[1]
				if v.Running != [2]int{} || gain < 1 || gain > 2 || gain == 2 && !rules.SchneiderCountsDouble {
					t.Fatalf("case %d: Bummerl %v after %v, running %v", i, v.Bummerl, before, v.Running)
				}
			}
			before = v.Bummerl
			if played > 2*b-1 {
				t.Fatalf("case %d: %d Bummerl played in a match to %d", i, played, b)
			}
			if !v.Finished {
				if v.Winner != nil || v.Bummerl[0] >= b || v.Bummerl[1] >= b {
					t.Fatalf("case %d: unfinished match with Bummerl %v of %d (winner %v)", i, v.Bummerl, b, v.Winner)
				}
				continue
			}
			w := *v.Winner
			most := b
			if rules.SchneiderCountsDouble {
				most = b + 1 // from b-1 by a double Schneider
			}
			if v.Bummerl[w] < b || v.Bummerl[w] > most || v.Bummerl[1-w] >= b || deals[len(deals)-1].Winner != w {
				t.Fatalf("case %d: winner %d with Bummerl %v of %d", i, w, v.Bummerl, b)
			}
			extra := append(deals, DealResult{Winner: 0, Points: 1})
			if _, err := ScoreMatch(rules, extra); err == nil {
				t.Fatalf("case %d: a deal after the decided match was accepted", i)
			}
			break
		}
	}
}
