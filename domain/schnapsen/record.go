package schnapsen

import (
	"encoding/json"
	"fmt"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
)

// GameRecord is a recorded deal (FORMATS.md game record).
type GameRecord struct {
	Variant Variant
	Closing Closing
	Deck    []Card
	Actions []Action
}

// badRecord explains a record that does not decode; the decoder's detail
// is English only.
func badRecord(en, de string, detail error) *Error {
	return newError(CodeBadRecord, en+": "+detail.Error(), de+": "+detail.Error())
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

// actionJSON is an action as written in records. Its fields decode from
// the JSON text without allocating and keep 0 for "missing", so a missing
// seat or card is told apart from seat 0 or the AH.
type actionJSON struct {
	Seat seatField `json:"seat"`
	Do   Kind      `json:"do"`
	Card cardField `json:"card"`
	Suit suitField `json:"suit"`
}

// seatField is the seat plus one.
type seatField uint8

func (f *seatField) UnmarshalJSON(b []byte) error {
	if len(b) != 1 || (b[0] != '0' && b[0] != '1') {
		return fmt.Errorf("seat must be 0 or 1, not %s", b)
	}
	*f = seatField(b[0]-'0') + 1
	return nil
}

// cardField is the card plus one.
type cardField uint8

func (f *cardField) UnmarshalText(b []byte) error {
	if len(b) == 2 { // the common case, without allocating
		r, s := strings.IndexByte(rankLetters, b[0]), strings.IndexByte(suitLetters, b[1])
		if r >= 0 && s >= 0 {
			*f = cardField(NewCard(Rank(r), Suit(s))) + 1
			return nil
		}
	}
	_, err := ParseCard(string(b))
	return err
}

// suitField is the suit plus one.
type suitField uint8

func (f *suitField) UnmarshalText(b []byte) error {
	if len(b) == 1 {
		if i := strings.IndexByte(suitLetters, b[0]); i >= 0 {
			*f = suitField(i) + 1
			return nil
		}
	}
	_, err := ParseSuit(string(b))
	return err
}

// UnmarshalText reads the "do" names of FORMATS.md.
func (k *Kind) UnmarshalText(b []byte) error {
	for v := Play; v <= Declare; v++ {
		if kindNames[v] == string(b) {
			*k = v
			return nil
		}
	}
	_, err := ParseKind(string(b))
	return err
}

type recordJSON struct {
	Variant string       `json:"variant"`
	Closing string       `json:"closing"`
	Deck    []cardField  `json:"deck"`
	Actions []actionJSON `json:"actions"`
}

// anyRecordJSON reads a game record and notices a match record's deals,
// so the referee decodes a game record only once.
type anyRecordJSON struct {
	recordJSON
	Deals json.RawMessage `json:"deals"`
}

// MarshalJSON writes the action form of FORMATS.md.
func (a Action) MarshalJSON() ([]byte, error) {
	if a.Seat > 1 || a.Kind < Play || a.Kind > Declare || a.Card >= NumCards || a.Suit > Clubs {
		return nil, fmt.Errorf("cannot write %v", a)
	}
	b := fmt.Appendf(nil, `{"seat":%d,"do":"%s"`, a.Seat, a.Kind)
	switch a.Kind {
	case Play:
		b = fmt.Appendf(b, `,"card":"%s"`, a.Card)
	case Marriage:
		b = fmt.Appendf(b, `,"suit":"%s"`, a.Suit)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads the action form of FORMATS.md.
func (a *Action) UnmarshalJSON(data []byte) error {
	var j actionJSON
	if err := jsonv2.Unmarshal(data, &j); err != nil {
		return err
	}
	return a.fromJSON(j)
}

func (a *Action) fromJSON(j actionJSON) error {
	switch {
	case j.Seat == 0:
		return newError(CodeBadRecord, "the action has no seat", "der Zug hat keinen Sitz")
	case j.Do == 0:
		return newError(CodeBadRecord, "the action has no \"do\"", "der Zug hat kein \"do\"")
	case j.Do == Play && j.Card == 0:
		return newError(CodeBadRecord, "play needs a card", "play braucht eine Karte")
	case j.Do == Marriage && j.Suit == 0:
		return newError(CodeBadRecord, "marriage needs a suit", "marriage braucht eine Farbe")
	}
	*a = Action{Seat: uint8(j.Seat) - 1, Kind: j.Do}
	if j.Card != 0 {
		a.Card = Card(j.Card - 1)
	}
	if j.Suit != 0 {
		a.Suit = Suit(j.Suit - 1)
	}
	return nil
}

// ParseGameRecord decodes a game record. A malformed header or deck is a
// *RecordError at -1, a malformed action one at its index.
func ParseGameRecord(data []byte) (GameRecord, error) {
	var j recordJSON
	if err := jsonv2.Unmarshal(data, &j); err != nil {
		return GameRecord{}, locateDecodeError(data, err)
	}
	return j.record()
}

// locateDecodeError names the action that broke decoding, or -1 when the
// record itself is malformed. The parts are decoded again with the same
// strict decoder, so that, say, a field written twice inside an action
// names that action.
func locateDecodeError(data []byte, err error) error {
	var raw struct {
		Deck    []json.RawMessage `json:"deck"`
		Actions []json.RawMessage `json:"actions"`
	}
	if json.Unmarshal(data, &raw) == nil {
		for i, c := range raw.Deck {
			var f cardField
			if err := jsonv2.Unmarshal(c, &f); err != nil {
				return &RecordError{Action: -1, Err: badRecord(fmt.Sprintf("deck card %d", i+1), fmt.Sprintf("Karte %d des Kartenspiels", i+1), err)}
			}
		}
		for i, a := range raw.Actions {
			var j actionJSON
			if err := jsonv2.Unmarshal(a, &j); err != nil {
				return &RecordError{Action: i, Err: badRecord("not an action", "kein gültiger Zug", err)}
			}
		}
	}
	return &RecordError{Action: -1, Err: badRecord("not a record", "kein gültiges Protokoll", err)}
}

func (j *recordJSON) record() (GameRecord, error) {
	var r GameRecord
	var err error
	if r.Variant, err = ParseVariant(j.Variant); err != nil {
		return r, &RecordError{Action: -1, Err: newError(CodeBadRecord, err.Error(),
			fmt.Sprintf("unbekannte Spielart %q (soft, sharp oder sixty-six)", j.Variant))}
	}
	if r.Closing, err = ParseClosing(j.Closing); err != nil {
		return r, &RecordError{Action: -1, Err: newError(CodeBadRecord, err.Error(),
			fmt.Sprintf("unbekannte Zudreh-Regel %q (at-close oder count-later)", j.Closing))}
	}
	if j.Deck == nil {
		return r, &RecordError{Action: -1, Err: newError(CodeBadRecord, "the record has no deck", "das Protokoll hat kein Kartenspiel (deck)")}
	}
	r.Deck = make([]Card, len(j.Deck))
	for i, c := range j.Deck {
		r.Deck[i] = Card(c - 1)
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
