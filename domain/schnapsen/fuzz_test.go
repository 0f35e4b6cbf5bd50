package schnapsen

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReferee: any input gives a verdict or an error naming the problem,
// never a panic (go test -fuzz FuzzReferee ./domain/schnapsen/).
func FuzzReferee(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/referee/*.json")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{``, `null`, `[]`, `{}`, `{"deck": null}`, `{"deals": []}`, `{"deals": [{}]}`,
		`{"variant": "sixty-six", "deck": ["9H"], "actions": [{"seat": 3}]}`, `{"deals": [{"deck": [], "actions": []}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Referee(data)
		if err != nil {
			var re *RecordError
			var se *SheetError
			if !errors.As(err, &re) && !errors.As(err, &se) {
				t.Fatalf("error %T %v is neither a RecordError nor a SheetError", err, err)
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
