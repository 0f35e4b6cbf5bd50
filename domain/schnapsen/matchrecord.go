package schnapsen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	jsonv2 "github.com/go-json-experiment/json"
)

// MatchRecord is a match score sheet (FORMATS.md match record). Seats are
// match seats; FirstDealer is the seat that dealt the first deal (S-2),
// 1 unless the record says otherwise.
type MatchRecord struct {
	Rules       MatchRules
	FirstDealer int
	Deals       []DealResult
}

// Forehand is the match seat that is forehand, seat 0 of a game record, in
// deal i: the dealer alternates every deal, across Bummerl too (S-2).
func (m *MatchRecord) Forehand(i int) int { return (m.FirstDealer + 1 + i) % 2 }

type matchJSON struct {
	BummerlToWin          *int              `json:"bummerl_to_win"`
	SchneiderCountsDouble bool              `json:"schneider_counts_double"`
	FirstDealer           *int              `json:"first_dealer"`
	Deals                 []json.RawMessage `json:"deals"`
}

type dealJSON struct {
	Winner *int    `json:"winner"`
	Points *int    `json:"points"`
	Reason *Reason `json:"reason"`
	Deck   any     `json:"deck"`
}

func sheetError(deal int, en, de string) *SheetError {
	return &SheetError{Deal: deal, Msg: en, De: de}
}

// ParseMatchRecord decodes a match record; a deal given as a full game
// record is judged first, and must be finished and possible. Errors are
// *SheetError naming the deal (-1 for the header).
func ParseMatchRecord(data []byte) (MatchRecord, error) {
	var j matchJSON
	if err := jsonv2.Unmarshal(data, &j); err != nil {
		return MatchRecord{}, sheetError(-1, "not a match record: "+err.Error(), "kein Partieprotokoll: "+err.Error())
	}
	m := MatchRecord{Rules: MatchRules{BummerlToWin: 2, SchneiderCountsDouble: j.SchneiderCountsDouble}, FirstDealer: 1}
	if j.BummerlToWin != nil {
		m.Rules.BummerlToWin = *j.BummerlToWin
		if *j.BummerlToWin == 0 { // 0 would silently mean the default in ScoreMatch
			return m, sheetError(-1, "bummerl_to_win must be 1, 2 or 3, not 0", "Bummerl zum Sieg muss 1, 2 oder 3 sein, nicht 0")
		}
	}
	if j.FirstDealer != nil {
		if *j.FirstDealer != 0 && *j.FirstDealer != 1 {
			return m, sheetError(-1, fmt.Sprintf("first_dealer must be seat 0 or 1, not %d", *j.FirstDealer),
				fmt.Sprintf("first_dealer muss Sitz 0 oder 1 sein, nicht %d", *j.FirstDealer))
		}
		m.FirstDealer = *j.FirstDealer
	}
	if j.Deals == nil {
		return m, sheetError(-1, "the match record has no deals", "das Partieprotokoll hat keine Spiele")
	}
	m.Deals = make([]DealResult, len(j.Deals))
	for i, raw := range j.Deals {
		d, err := m.parseDeal(i, raw)
		if err != nil {
			return m, err
		}
		m.Deals[i] = d
	}
	return m, nil
}

func (m *MatchRecord) parseDeal(i int, raw json.RawMessage) (DealResult, error) {
	var j dealJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		return DealResult{}, sheetError(i, "not a deal: "+err.Error(), "kein Spiel: "+err.Error())
	}
	if j.Deck == nil {
		if j.Winner == nil || j.Points == nil {
			return DealResult{}, sheetError(i, "a deal needs winner and points, or deck and actions",
				"ein Spiel braucht Gewinner und Punkte, oder Karten und Züge")
		}
		d := DealResult{Winner: *j.Winner, Points: *j.Points}
		if j.Reason != nil {
			d.Reason = *j.Reason
		}
		return d, nil
	}
	rec, err := ParseGameRecord(raw)
	var v Verdict
	if err == nil {
		v, err = rec.Judge()
	}
	if err != nil {
		var re *RecordError
		de := err.Error()
		if errors.As(err, &re) {
			de = re.Text("de")
			if re.Action >= 0 {
				de = fmt.Sprintf("Zug %d: %s", re.Action, de)
			}
		}
		return DealResult{}, sheetError(i, "game record: "+err.Error(), "Spielprotokoll: "+de)
	}
	if !v.Finished {
		return DealResult{}, sheetError(i, "the game record is unfinished", "das Spielprotokoll ist nicht zu Ende")
	}
	// Seat 0 of a game record is forehand (FORMATS.md); map it to the match seat.
	return DealResult{Winner: v.Winner ^ m.Forehand(i), Points: v.Points, Reason: v.Reason}, nil
}

// Judge scores the match (B-1 … B-4).
func (m *MatchRecord) Judge() (MatchVerdict, error) { return ScoreMatch(m.Rules, m.Deals) }

// MarshalJSON writes {"error", "deal"} of FORMATS.md.
func (e *SheetError) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Error string `json:"error"`
		Deal  int    `json:"deal"`
	}{e.Msg, e.Deal})
}

// Referee judges a game record or a match record (told apart by its
// "deals" field) and returns its Verdict or MatchVerdict, or the
// *RecordError or *SheetError that makes it impossible.
func Referee(data []byte) (any, error) {
	var j anyRecordJSON
	if err := jsonv2.Unmarshal(data, &j); err != nil {
		var probe struct {
			Deals json.RawMessage `json:"deals"`
		}
		if json.Unmarshal(data, &probe) != nil || isNull(probe.Deals) {
			return nil, locateDecodeError(data, err)
		}
		j.Deals = probe.Deals
	}
	if !isNull(j.Deals) {
		m, err := ParseMatchRecord(data)
		if err != nil {
			return nil, err
		}
		v, err := m.Judge()
		if err != nil {
			return nil, err
		}
		return v, nil
	}
	rec, err := j.record()
	if err != nil {
		return nil, err
	}
	v, err := rec.Judge()
	if err != nil {
		return nil, err
	}
	return v, nil
}

func isNull(raw json.RawMessage) bool { return raw == nil || bytes.Equal(raw, []byte("null")) }
