package text

import (
	"errors"
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	tests := map[string]struct {
		in   string
		want string // the cleaned text when accepted
		code string // the refusal, "" when accepted
		r    rune   // the character named
	}{
		"plain":              {"SV Mödling", "SV Mödling", "", 0},
		"trimmed":            {"  \u00a0Franz Huber\t ", "Franz Huber", "", 0},
		"empty":              {"   ", "", "", 0},
		"NFC":                {"Mo\u0308dling", "Mödling", "", 0},
		"at the limit":       {strings.Repeat("ö", MaxClub), strings.Repeat("ö", MaxClub), "", 0},
		"limit counted NFC":  {strings.Repeat("o\u0308", MaxClub), strings.Repeat("ö", MaxClub), "", 0},
		"emoji":              {"Kartler ♣️ 🂡", "Kartler ♣️ 🂡", "", 0},
		"too long":           {strings.Repeat("x", MaxClub+1), "", CodeTooLong, 0},
		"950,000 characters": {strings.Repeat("x", 950_000), "", CodeTooLong, 0},
		"NUL":                {"SV\x00Mödling", "", CodeControl, 0},
		"ESC":                {"SV \x1b[31mrot", "", CodeControl, 0x1b},
		"newline inside":     {"SV\nMödling", "", CodeControl, '\n'},
		"tab inside":         {"SV\tMödling", "", CodeControl, '\t'},
		"DEL":                {"SV\x7f", "", CodeControl, 0x7f},
		"C1 control":         {"S\u0085V", "", CodeControl, 0x85},
		"line separator":     {"SV\u2028Mödling", "", CodeControl, 0x2028},
		"RLO":                {"SV \u202egnildöM", "", CodeInvisible, 0x202e},
		"RLI isolate":        {"SV \u2067x", "", CodeInvisible, 0x2067},
		"LRM":                {"SV\u200e", "", CodeInvisible, 0x200e},
		"zero-width space":   {"anna\u200b", "", CodeInvisible, 0x200b},
		"zero-width joiner":  {"a\u200db", "", CodeInvisible, 0x200d},
		"soft hyphen":        {"Möd\u00adling", "", CodeInvisible, 0xad},
		"BOM":                {"\ufeffSV", "", CodeInvisible, 0xfeff},
		"Hangul filler":      {"\u3164", "", CodeInvisible, 0x3164},
		"tag character":      {"SV\U000E0041", "", CodeInvisible, 0xE0041},
		"invalid UTF-8":      {"SV M\xf6dling", "", CodeInvalidUTF8, 0},
		"lone surrogate":     {"SV \xed\xa0\x80", "", CodeInvalidUTF8, 0},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := Clean(Club, tc.in)
			if tc.code == "" {
				if err != nil || got != tc.want {
					t.Fatalf("Clean(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Code != tc.code || got != "" {
				t.Fatalf("Clean(%q) = %q, %v; want code %s", tc.in, got, err, tc.code)
			}
			if tc.r != 0 && e.Rune != tc.r {
				t.Errorf("rune %U, want %U", e.Rune, tc.r)
			}
			// The message names the field in both languages and never
			// repeats the character itself.
			de, en := e.Text("de"), e.Error()
			if !strings.HasPrefix(de, "Verein") || !strings.HasPrefix(en, "Club") || de == en {
				t.Errorf("messages %q / %q do not name the field", de, en)
			}
			if tc.r != 0 && (strings.ContainsRune(de, tc.r) || strings.ContainsRune(en, tc.r)) {
				t.Errorf("message shows the refused character: %q", en)
			}
		})
	}
}

func TestCleanMessages(t *testing.T) {
	_, err := Clean(Prize(3), strings.Repeat("x", 201))
	if got := err.(*Error).Text("de"); got != "Preis 3: höchstens 200 Zeichen, nicht 201" {
		t.Errorf("German: %q", got)
	}
	_, err = Clean(PlayerName, "Anna\u202e")
	if got := err.Error(); !strings.Contains(got, "Name contains an invisible character (U+202E)") {
		t.Errorf("English: %q", got)
	}
}

// Names that look or fold alike share a key; different names do not.
func TestKey(t *testing.T) {
	same := [][]string{
		{"anna", "Anna", "ANNA", "anna\u200b", "an\u00adna", " anna ", "ａｎｎａ", "\u202eanna"},
		{"Änna Maier", "änna maier", "A\u0308nna  Maier", "ÄNNA\tMAIER"},
		{"straße", "STRASSE", "Strasse"},
		{"ﬃ", "ffi"},
	}
	seen := map[string]string{}
	for _, group := range same {
		key := Key(group[0])
		for _, s := range group[1:] {
			if got := Key(s); got != key {
				t.Errorf("Key(%q) = %q, Key(%q) = %q; want the same", s, got, group[0], key)
			}
		}
		if other, dup := seen[key]; dup {
			t.Errorf("%q and %q share the key %q", group[0], other, key)
		}
		seen[key] = group[0]
	}
	if Key("anna") == Key("anne") || Key("Hans") == Key("Hanns") {
		t.Error("different names share a key")
	}
}
