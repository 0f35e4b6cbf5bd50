package schnapsen

import "fmt"

// MatchRules are the settings of a match (B-2, B-3).
type MatchRules struct {
	BummerlToWin          int  `json:"bummerl_to_win"`          // 1, 2 (default) or 3
	SchneiderCountsDouble bool `json:"schneider_counts_double"` // B-2: private play; false in tournaments
}

// DealResult is one line of a match score sheet (B-4).
type DealResult struct {
	Winner int    `json:"winner"`           // seat 0 or 1
	Points int    `json:"points"`           // game points 1–3
	Reason Reason `json:"reason,omitempty"` // optional
}

// DealStanding is a sheet line with the standing after it (FORMATS.md match verdict).
type DealStanding struct {
	Winner  int    `json:"winner"`
	Points  int    `json:"points"`
	Running [2]int `json:"running"`
	Bummerl [2]int `json:"bummerl"`
}

// MatchVerdict is the standing of a match after its sheet (FORMATS.md).
type MatchVerdict struct {
	Finished bool           `json:"finished"`
	Winner   *int           `json:"winner"`
	Bummerl  [2]int         `json:"bummerl"`
	Running  [2]int         `json:"running"`
	Deals    []DealStanding `json:"deals"`
}

// SheetError names the sheet line that makes a match impossible (B-4).
type SheetError struct {
	Deal int    // 0-based index of the offending deal
	Msg  string // English
	De   string // German, for the score sheet form
}

func (e *SheetError) Error() string { return fmt.Sprintf("deal %d: %s", e.Deal, e.Msg) }

// Text gives the message in the language "de" or "en".
func (e *SheetError) Text(lang string) string {
	if lang == "de" {
		return e.De
	}
	return e.Msg
}

// bummerlTarget: a Bummerl is played to 7 game points (B-1).
const bummerlTarget = 7

// ScoreMatch validates a match score sheet and scores it (B-1 … B-4).
func ScoreMatch(rules MatchRules, deals []DealResult) (MatchVerdict, error) {
	if rules.BummerlToWin == 0 {
		rules.BummerlToWin = 2
	}
	if rules.BummerlToWin < 1 || rules.BummerlToWin > 3 {
		return MatchVerdict{}, &SheetError{Deal: -1,
			Msg: fmt.Sprintf("bummerl_to_win must be 1, 2 or 3, not %d", rules.BummerlToWin),
			De:  fmt.Sprintf("Bummerl zum Sieg muss 1, 2 oder 3 sein, nicht %d", rules.BummerlToWin)}
	}
	v := MatchVerdict{Deals: make([]DealStanding, 0, len(deals))}
	for i, d := range deals {
		switch {
		case v.Finished: // B-4: no deals after the match is decided
			return MatchVerdict{}, &SheetError{Deal: i,
				Msg: "the match was already decided",
				De:  "Die Partie war schon entschieden"}
		case d.Winner != 0 && d.Winner != 1:
			return MatchVerdict{}, &SheetError{Deal: i,
				Msg: fmt.Sprintf("winner must be seat 0 or 1, not %d", d.Winner),
				De:  fmt.Sprintf("Gewinner muss Sitz 0 oder 1 sein, nicht %d", d.Winner)}
		case d.Points < 1 || d.Points > 3:
			return MatchVerdict{}, &SheetError{Deal: i,
				Msg: fmt.Sprintf("game points must be 1 to 3, not %d", d.Points),
				De:  fmt.Sprintf("Spielpunkte müssen 1 bis 3 sein, nicht %d", d.Points)}
		case d.Reason != "" && !d.Reason.Valid():
			return MatchVerdict{}, &SheetError{Deal: i,
				Msg: fmt.Sprintf("unknown reason %q", d.Reason),
				De:  fmt.Sprintf("Unbekannter Ausgang %q", d.Reason)}
		}
		v.Running[d.Winner] += d.Points
		if v.Running[d.Winner] >= bummerlTarget { // B-1: points beyond 7 are lost
			won := 1
			if v.Running[1-d.Winner] == 0 && rules.SchneiderCountsDouble { // B-2
				won = 2
			}
			v.Bummerl[d.Winner] += won
			v.Running = [2]int{}
			if v.Bummerl[d.Winner] >= rules.BummerlToWin { // B-3
				w := d.Winner
				v.Finished, v.Winner = true, &w
			}
		}
		v.Deals = append(v.Deals, DealStanding{Winner: d.Winner, Points: d.Points, Running: v.Running, Bummerl: v.Bummerl})
	}
	return v, nil
}
