package schnapsen

import (
	"encoding/json"
	"fmt"
)

// GameRecord is a recorded deal (FORMATS.md game record).
type GameRecord struct {
	Variant Variant
	Closing Closing
	Deck    []Card
	Actions []Action
}

// RecordError makes a record impossible; Action is the 0-based index of the
// offending action, -1 for a bad deck or header (FORMATS.md).
type RecordError struct {
	Action int
	Err    error
}

func (e *RecordError) Error() string {
	if e.Action < 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("action %d: %v", e.Action, e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

// Text gives the message in the language "de" or "en".
func (e *RecordError) Text(lang string) string {
	if t, ok := e.Err.(interface{ Text(string) string }); ok {
		return t.Text(lang)
	}
	return e.Err.Error()
}

// MarshalJSON writes {"error", "action"} of FORMATS.md.
func (e *RecordError) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Error  string `json:"error"`
		Action int    `json:"action"`
	}{e.Err.Error(), e.Action})
}

// actionJSON is an action as written in records; Seat is a pointer so a
// missing seat is told apart from seat 0.
type actionJSON struct {
	Seat *int   `json:"seat"`
	Do   string `json:"do"`
	Card string `json:"card,omitempty"`
	Suit string `json:"suit,omitempty"`
}

type recordJSON struct {
	Variant string       `json:"variant"`
	Closing string       `json:"closing"`
	Deck    []string     `json:"deck"`
	Actions []actionJSON `json:"actions"`
}

// rawRecordJSON is decoded only when recordJSON fails, to find out which
// action is malformed.
type rawRecordJSON struct {
	Variant string            `json:"variant"`
	Closing string            `json:"closing"`
	Deck    []string          `json:"deck"`
	Actions []json.RawMessage `json:"actions"`
}

// MarshalJSON writes the action form of FORMATS.md.
func (a Action) MarshalJSON() ([]byte, error) {
	seat := int(a.Seat)
	j := actionJSON{Seat: &seat, Do: a.Kind.String()}
	switch a.Kind {
	case Play:
		j.Card = a.Card.String()
	case Marriage:
		j.Suit = a.Suit.String()
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the action form of FORMATS.md.
func (a *Action) UnmarshalJSON(data []byte) error {
	var j actionJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	return a.fromJSON(j)
}

func (a *Action) fromJSON(j actionJSON) error {
	if j.Seat == nil || (*j.Seat != 0 && *j.Seat != 1) {
		return fmt.Errorf("seat must be 0 or 1")
	}
	kind, err := ParseKind(j.Do)
	if err != nil {
		return err
	}
	*a = Action{Seat: uint8(*j.Seat), Kind: kind}
	switch kind {
	case Play:
		a.Card, err = ParseCard(j.Card)
	case Marriage:
		a.Suit, err = ParseSuit(j.Suit)
	}
	return err
}

// ParseGameRecord decodes a game record. A malformed header or deck is a
// *RecordError at -1, a malformed action one at its index.
func ParseGameRecord(data []byte) (GameRecord, error) {
	var j recordJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return GameRecord{}, locateDecodeError(data, err)
	}
	return j.record()
}

// locateDecodeError names the action that broke decoding, or -1 when the
// record itself is malformed.
func locateDecodeError(data []byte, err error) error {
	var raw rawRecordJSON
	if json.Unmarshal(data, &raw) == nil {
		for i, a := range raw.Actions {
			var j actionJSON
			if err := json.Unmarshal(a, &j); err != nil {
				return &RecordError{Action: i, Err: fmt.Errorf("not an action: %w", err)}
			}
		}
	}
	return &RecordError{Action: -1, Err: fmt.Errorf("not a game record: %w", err)}
}

func (j *recordJSON) record() (GameRecord, error) {
	var r GameRecord
	var err error
	if r.Variant, err = ParseVariant(j.Variant); err != nil {
		return r, &RecordError{Action: -1, Err: err}
	}
	if r.Closing, err = ParseClosing(j.Closing); err != nil {
		return r, &RecordError{Action: -1, Err: err}
	}
	if j.Deck == nil {
		return r, &RecordError{Action: -1, Err: fmt.Errorf("the record has no deck")}
	}
	r.Deck = make([]Card, len(j.Deck))
	for i, s := range j.Deck {
		if r.Deck[i], err = ParseCard(s); err != nil {
			return r, &RecordError{Action: -1, Err: fmt.Errorf("deck card %d: %w", i+1, err)}
		}
	}
	r.Actions = make([]Action, len(j.Actions))
	for i, a := range j.Actions {
		if err := r.Actions[i].fromJSON(a); err != nil {
			return r, &RecordError{Action: i, Err: err}
		}
	}
	return r, nil
}

// Judge referees the record: the verdict of the deal, or a *RecordError
// naming the impossible action. Actions after the deciding one are an error.
func (r *GameRecord) Judge() (Verdict, error) {
	d, err := NewDeal(r.Variant, r.Closing, r.Deck)
	if err != nil {
		return Verdict{}, &RecordError{Action: -1, Err: err}
	}
	for i, a := range r.Actions {
		if err := d.Judge(a); err != nil {
			return Verdict{}, &RecordError{Action: i, Err: err}
		}
	}
	return d.Verdict(), nil
}

// MarshalJSON writes the game record form of FORMATS.md.
func (r GameRecord) MarshalJSON() ([]byte, error) {
	deck := make([]string, len(r.Deck))
	for i, c := range r.Deck {
		deck[i] = c.String()
	}
	actions := r.Actions
	if actions == nil {
		actions = []Action{}
	}
	return json.Marshal(struct {
		Variant Variant  `json:"variant"`
		Closing Closing  `json:"closing"`
		Deck    []string `json:"deck"`
		Actions []Action `json:"actions"`
	}{r.Variant, r.Closing, deck, actions})
}
