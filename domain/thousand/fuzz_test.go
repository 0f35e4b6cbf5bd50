package thousand

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReferee: any input gives a verdict or an error naming the problem,
// never a panic (go test -fuzz FuzzReferee ./domain/thousand/).
func FuzzReferee(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/referee/1000-*.json")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{``, `null`, `[]`, `{}`, `{"game": "1000"}`, `{"game": "1000", "dealer": 0, "deck": null}`,
		`{"game": "1000", "players": 4, "dealer": 3, "hands": [[], [], [], []], "stock": []}`,
		`{"game": "1000", "first_dealer": 0, "deals": [{}]}`, `{"game": "1000", "first_dealer": 0, "deals": [{"cut_nines": 3}, {"misdeal": "not-cut"}]}`,
		`{"game": "1000", "first_dealer": 1, "options": {"golden_round": true}, "deals": [{"declarer": 2, "contract": 120, "card_points": [0, 0, 120], "tricks": [0, 0, 8]}]}`,
		`{"game": "1000", "dealer": 0, "deck": ["AH"], "actions": [{"seat": 9, "do": "bid"}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Referee(data)
		if err != nil {
			var re *RecordError
			var ge *GameError
			if !errors.As(err, &re) && !errors.As(err, &ge) {
				t.Fatalf("error %T %v is neither a RecordError nor a GameError", err, err)
			}
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			v = err
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("the answer does not encode: %v", err)
		}
	})
}
