package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/draw"
)

// TestSimulateOutput checks the structure of the printout against the
// tournament the same flags simulate: one heading per round, one line per
// match, the byes, surrenders and placement brackets, and the prizes.
func TestSimulateOutput(t *testing.T) {
	t.Setenv("BUMMERL_LANG", "")
	tests := map[string]struct {
		args  []string
		cfg   draw.SimConfig
		seed  uint64
		words []string // must appear: round names and labels in the language
	}{
		"German, 128 cards, 8 prizes": {
			args:  []string{"--cards", "128", "--players", "70", "--max-cards", "3", "--seed", "1"},
			cfg:   draw.SimConfig{Cards: 128, Players: 70, MaxCards: 3, Prizes: 8, BummerlToWin: 2},
			seed:  1,
			words: []string{"Runde 1\n", "Achtelfinale", "Viertelfinale", "Halbfinale", "Finale", "Spiel um Platz 3", "Platz 5–8", "Spiel um Platz 5", "Spiel um Platz 7", "Preise\n", "Festlegung"},
		},
		"English, few cards, surrenders and byes": {
			args:  []string{"--cards", "8", "--players", "3", "--max-cards", "3", "--seed", "1", "--prizes", "2", "--multiple-prizes", "--lang", "en"},
			cfg:   draw.SimConfig{Cards: 8, Players: 3, MaxCards: 3, Prizes: 2, MultiplePrizes: true, BummerlToWin: 2},
			seed:  1,
			words: []string{"Round 1\n", "Quarterfinal", "Semifinal", "Final", "bye", "surrendered (P-6)", "Prizes\n", "Commitment"},
		},
		"too few cards shrink N": {
			args:  []string{"--cards", "64", "--players", "5", "--max-cards", "1", "--seed", "2", "--prizes", "4"},
			cfg:   draw.SimConfig{Cards: 64, Players: 5, MaxCards: 1, Prizes: 4, BummerlToWin: 2},
			seed:  2,
			words: []string{"auf 8 verkleinert (P-2)", "Je Spieler höchstens ein Preis (P-8)"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(append([]string{"simulate"}, tc.args...), nil, &stdout, &stderr); status != 0 {
				t.Fatalf("status %d: %s", status, stderr.String())
			}
			out := stdout.String()
			want, err := draw.Simulate(tc.cfg, tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.words {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q", w)
				}
			}
			lang := "de"
			if strings.Contains(out, "Round 1") {
				lang = "en"
			}
			label := map[string]map[string]string{
				"de": {"round": "Runde", "match": "Partie", "bye": "Freilos", "surrender": "aufgegeben", "place": "Platz"},
				"en": {"round": "Round", "match": "Match", "bye": "bye", "surrender": "surrendered", "place": "place"},
			}[lang]
			count := func(pattern string) int {
				return len(regexp.MustCompile("(?m)"+pattern).FindAllString(out, -1))
			}
			var matches, byes, surrenders int
			for _, r := range want.Rounds {
				for _, m := range r.Matches {
					matches++
					if m.Bye() {
						byes++
					}
					if m.Surrendered {
						surrenders++
					}
				}
			}
			checks := map[string][2]int{
				"round headings": {count("^" + label["round"] + ` \d+$`), len(want.Rounds)},
				"match lines":    {count(`^    ` + label["match"] + ` \d+ `), matches},
				"bye lines":      {count(`^    .*  ` + label["bye"] + ` `), byes},
				"surrenders":     {count(label["surrender"] + ` \(P-6\)`), surrenders},
				"prize lines":    {count(`^  \d\.  .*` + label["place"] + ` \d`), len(want.Prizes())},
				"seeds":          {count(`^  Seed [0-9a-f]{32}$`), len(want.Rounds)},
			}
			for what, c := range checks {
				if c[0] != c[1] {
					t.Errorf("%s: %d, want %d", what, c[0], c[1])
				}
			}
			if byes != want.Settings.Cards-want.Sold() || !strings.Contains(out, fmt.Sprintf("N = %d, %d ", want.Settings.Cards, byes)) {
				t.Errorf("header does not give N = %d and %d byes", want.Settings.Cards, byes)
			}
			for _, a := range want.Prizes() {
				if a.Card != 0 && !strings.Contains(out, fmt.Sprintf("%s #%d\n", playerName(want, a.Player), a.Card)) {
					t.Errorf("prize %d: winner %s #%d not printed", a.Prize, playerName(want, a.Player), a.Card)
				}
			}
		})
	}
}

func playerName(t *tournament.Tournament, id tournament.PlayerID) string {
	p, _ := t.Player(id)
	return p.Name
}

// TestSimulateBadFlags: each bad command line is refused with status 2
// and the message that names its own mistake.
func TestSimulateBadFlags(t *testing.T) {
	tests := map[string]struct {
		args []string
		want string
	}{
		"N not a power of two": {[]string{"--cards", "100"}, "power of two from 4 to 4096, not 100"},
		"unknown language":     {[]string{"--lang", "fr"}, `--lang must be de or en, not "fr"`},
		"extra argument":       {[]string{"now"}, `unexpected argument "now"`},
		"unknown flag":         {[]string{"--fast"}, "flag provided but not defined: -fast"},
		"three prizes":         {[]string{"--prizes", "3"}, "2, 4 or 8 prizes, not 3"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(append([]string{"simulate"}, tc.args...), nil, &stdout, &stderr); status != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
				t.Errorf("status %d, stdout %q, stderr %q; want 2, nothing, and %q", status, stdout.String(), stderr.String(), tc.want)
			}
		})
	}
}
