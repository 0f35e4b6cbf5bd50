package schnapsen

import "encoding/json"

// Verdict is the referee's answer for a deal (FORMATS.md): the result of a
// decided deal, or the seat to move and its legal actions.
type Verdict struct {
	Finished   bool
	Winner     int
	Points     int // game points 1–3
	Reason     Reason
	CardPoints [2]int // trick points plus counted marriages
	Tricks     [2]int
	AtAction   int      // index of the deciding action
	ToMove     int      // unfinished only
	Legal      []Action // unfinished only
}

// Verdict reports the deal's result, or who is to move and may do what.
func (d *Deal) Verdict() Verdict {
	if !d.over {
		var buf [MaxActions]Action
		return Verdict{ToMove: d.ToMove(), Legal: append([]Action(nil), d.Legal(&buf)...)}
	}
	return Verdict{Finished: true, Winner: int(d.winner), Points: int(d.game), Reason: d.reason,
		CardPoints: d.CardPoints(), Tricks: d.Tricks(), AtAction: int(d.atAction)}
}

// CardPoints is each seat's trick points plus counted marriages (S-9).
func (d *Deal) CardPoints() [2]int { return [2]int{d.counted(0), d.counted(1)} }

// Tricks is the number of tricks each seat has won.
func (d *Deal) Tricks() [2]int { return [2]int{int(d.tricks[0]), int(d.tricks[1])} }

type finishedJSON struct {
	Finished   bool   `json:"finished"`
	Winner     int    `json:"winner"`
	Points     int    `json:"points"`
	Reason     Reason `json:"reason"`
	CardPoints [2]int `json:"card_points"`
	Tricks     [2]int `json:"tricks"`
	AtAction   int    `json:"at_action"`
}

type unfinishedJSON struct {
	Finished bool     `json:"finished"`
	ToMove   int      `json:"to_move"`
	Legal    []Action `json:"legal"`
}

// MarshalJSON writes the two verdict forms of FORMATS.md.
func (v Verdict) MarshalJSON() ([]byte, error) {
	if !v.Finished {
		legal := v.Legal
		if legal == nil {
			legal = []Action{}
		}
		return json.Marshal(unfinishedJSON{ToMove: v.ToMove, Legal: legal})
	}
	return json.Marshal(finishedJSON{true, v.Winner, v.Points, v.Reason, v.CardPoints, v.Tricks, v.AtAction})
}
