package draw

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenTournament is the tournament of TestDigitalGolden: N = 16, six
// players buying 3, 1, 2, 3, 1, 1 cards, round 1 drawn from seed "bummerl".
func goldenTournament(t *testing.T) *tournament.Tournament {
	t.Helper()
	tr, err := tournament.New(tournament.Settings{Name: "Preisschnapsen Gasthaus Zur Post", Cards: 16, MaxCards: 3,
		Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2,
		Prizes: []string{"Schinken", "Wein", "Speck", "Kernöl"}})
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range []int{3, 1, 2, 3, 1, 1} {
		id, err := tr.AddPlayer(simName(i), "", "+43 1 234")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Sell(id, k); err != nil {
			t.Fatal(err)
		}
	}
	groups, err := tr.NextDraw()
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Announce(tournament.Commitment{Seed: "bummerl", Commitment: Commit("bummerl")}); err != nil {
		t.Fatal(err)
	}
	d, err := Digital(groups, "bummerl")
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.ApplyDraw(d); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestProtocolGolden pins the public JSON of a draw protocol
// (testdata/protocol.json; go test -update rewrites it).
func TestProtocolGolden(t *testing.T) {
	p, err := ProtocolOf(goldenTournament(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "protocol.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("protocol JSON differs from %s:\n%s", path, got)
	}
	if bytes.Contains(got, []byte("+43")) {
		t.Error("the public protocol contains a phone number")
	}
	read, err := ReadProtocol(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if err := read.Verify(); err != nil {
		t.Errorf("golden protocol does not verify: %v", err)
	}
}

func TestProtocolTampered(t *testing.T) {
	tests := map[string]struct {
		edit  func(p *Protocol)
		code  Code
		entry int
	}{
		"seed changed":                 {func(p *Protocol) { p.Seed = "bummerl!" }, CodeCommitment, -1},
		"commitment changed":           {func(p *Protocol) { p.Commitment = strings.Repeat("0", 64) }, CodeCommitment, -1},
		"seed and commitment replaced": {func(p *Protocol) { p.Seed, p.Commitment = "other", Commit("other") }, CodeTicket, 0},
		"one number changed":           {func(p *Protocol) { p.Groups[0].Tickets[9].Number = 5 }, CodeTicket, 4},
		"two cards swapped": {func(p *Protocol) {
			tk := p.Groups[0].Tickets
			tk[0].Number, tk[1].Number = tk[1].Number, tk[0].Number
		}, CodeTicket, 0},
		"entrants reordered": {func(p *Protocol) {
			e := p.Groups[0].Entrants
			e[0], e[1] = e[1], e[0]
		}, CodeTicket, 0},
		"ticket missing": {func(p *Protocol) { p.Groups[0].Tickets = p.Groups[0].Tickets[1:] }, CodeTicket, 0},
		"ticket twice": {func(p *Protocol) {
			p.Groups[0].Tickets = append(p.Groups[0].Tickets, p.Groups[0].Tickets[3])
		}, CodeTicket, -1},
		"pot size changed": {func(p *Protocol) { p.Groups[0].PotSize = 6 }, CodeTicket, 0},
		"unknown format":   {func(p *Protocol) { p.Format = "x/2" }, CodeProtocol, -1},
		"no groups":        {func(p *Protocol) { p.Groups = nil }, CodeProtocol, -1},
		"unknown method":   {func(p *Protocol) { p.Method = "dice" }, CodeProtocol, -1},
		"unknown bracket":  {func(p *Protocol) { p.Groups[0].Bracket = "semi" }, CodeProtocol, -1},
		"unknown pot":      {func(p *Protocol) { p.Groups[0].Tickets[2].Pot = "middle" }, CodeProtocol, -1},
		"read as physical with a kept own number": {func(p *Protocol) {
			p.Method, p.Seed, p.Commitment = "physical", "", ""
			// Player 4 straddles: cards 7, 8 left, card 9 right; make 9 take 8's number.
			tk := p.Groups[0].Tickets
			for i := range tk {
				if tk[i].Pot == "right" && tk[i].Number == tk[7].Number {
					tk[i].Number = tk[8].Number
				}
			}
			tk[8].Number = tk[7].Number
		}, CodeOwnNumber, 3},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			p, err := ProtocolOf(goldenTournament(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			tc.edit(&p)
			err = p.Verify()
			var de *Error
			if !errors.As(err, &de) {
				t.Fatalf("Verify = %v, want a *draw.Error", err)
			}
			if de.Code != tc.code || de.Entry != tc.entry {
				t.Errorf("Verify = %s/entry %d %q, want %s/entry %d", de.Code, de.Entry, de, tc.code, tc.entry)
			}
		})
	}
}

func TestProtocolOf(t *testing.T) {
	tr := goldenTournament(t)
	if _, err := ProtocolOf(tr, 2); err == nil {
		t.Error("protocol of a round not drawn: no error")
	}
	tr.Cards = tr.Cards[1:] // card 1 drew but is unknown now
	var de *Error
	if _, err := ProtocolOf(tr, 1); !errors.As(err, &de) || de.Code != CodeTicketOwners {
		t.Errorf("stored tickets of an unknown card: %v", err)
	}
}

func TestReadProtocolRefusesGarbage(t *testing.T) {
	var de *Error
	if _, err := ReadProtocol(strings.NewReader(`{"format": 3`)); !errors.As(err, &de) || de.Code != CodeProtocol {
		t.Errorf("ReadProtocol = %v, want a %s error", err, CodeProtocol)
	}
}

// TestProtocolTamperingDetected changes a digital protocol at random in
// thousands of ways; Verify must never panic and must refuse every change
// to the tickets, the groups or the seed.
func TestProtocolTamperingDetected(t *testing.T) {
	tr, err := Simulate(SimConfig{Cards: 32, Players: 14, MaxCards: 3}, 99)
	if err != nil {
		t.Fatal(err)
	}
	orig, err := ProtocolOf(tr, 1)
	if err != nil {
		t.Fatal(err)
	}
	encoded, _ := json.Marshal(orig)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 3000 {
		var p Protocol
		if err := json.Unmarshal(encoded, &p); err != nil {
			t.Fatal(err)
		}
		g := &p.Groups[0]
		tk := &g.Tickets[rng.IntN(len(g.Tickets))]
		e := &g.Entrants[rng.IntN(len(g.Entrants))]
		switch rng.IntN(6) {
		case 0:
			tk.Number = rng.IntN(g.PotSize+4) - 2
		case 1:
			tk.Pot = []string{"left", "right", "", "LEFT"}[rng.IntN(4)]
		case 2:
			tk.Card = tournament.CardNo(rng.IntN(40) - 2)
		case 3:
			e.Cards = e.Cards[:rng.IntN(len(e.Cards)+1)]
		case 4:
			g.PotSize = rng.IntN(40) - 2
		case 5:
			p.Seed = fmt.Sprint(rng.IntN(10))
		}
		changed, _ := json.Marshal(p)
		if err := p.Verify(); err == nil && !bytes.Equal(changed, encoded) {
			t.Fatalf("case %d: a changed protocol verifies:\n%s", i, changed)
		}
	}
}
