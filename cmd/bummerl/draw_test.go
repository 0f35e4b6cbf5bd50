package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bummerl/draw"
)

// protocolFile writes the protocol of round 2 of a simulated tournament,
// after edit, to a temporary file.
func protocolFile(t *testing.T, edit func(p *draw.Protocol)) string {
	t.Helper()
	tr, err := draw.Simulate(draw.SimConfig{Cards: 32, Players: 20, MaxCards: 3}, 5)
	if err != nil {
		t.Fatal(err)
	}
	p, err := draw.ProtocolOf(tr, 2)
	if err != nil {
		t.Fatal(err)
	}
	edit(&p)
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "protocol.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDrawVerify(t *testing.T) {
	t.Setenv("BUMMERL_LANG", "") // German, the default
	good := protocolFile(t, func(*draw.Protocol) {})
	tests := map[string]struct {
		args   []string
		stdin  string
		status int
		stdout []string // substrings
		stderr []string
	}{
		"good protocol":            {args: []string{good}, status: 0, stdout: []string{"ok: digitale Auslosung"}},
		"good protocol from stdin": {args: []string{"-"}, stdin: mustRead(t, good), status: 0, stdout: []string{"ok: digitale"}},
		"physical protocol, in English": {args: []string{"--lang", "en", protocolFile(t, func(p *draw.Protocol) { p.Method = "physical" })},
			status: 0, stdout: []string{"ok: physical draw, every number follows the pot rules"}},
		"ticket changed": {args: []string{protocolFile(t, func(p *draw.Protocol) {
			tk := p.Groups[0].Tickets
			tk[0].Number, tk[1].Number = tk[1].Number, tk[0].Number
		})}, status: 1, stdout: []string{"FALSCH", "Gruppe 1: Eintrag 1: Karte"}},
		"ticket changed, in English": {args: []string{"--lang", "en", protocolFile(t, func(p *draw.Protocol) {
			p.Groups[0].Tickets[3].Number = p.Groups[0].Tickets[2].Number
		})}, status: 1, stdout: []string{"WRONG", "group 1: entry", "the protocol says"}},
		"seed changed": {args: []string{"--lang", "en", protocolFile(t, func(p *draw.Protocol) { p.Seed += "0" })},
			status: 1, stdout: []string{"WRONG", "SHA-256 of the seed"}},
		"not JSON":       {args: []string{"-"}, stdin: "{", status: 2, stderr: []string{"kein Auslosungsprotokoll"}},
		"unknown format": {args: []string{"-"}, stdin: `{"format":"x"}`, status: 2, stderr: []string{"Format"}},
		"missing file":   {args: []string{filepath.Join(t.TempDir(), "none.json")}, status: 2, stderr: []string{"no such file"}},
		"no file":        {args: nil, status: 2, stderr: []string{"usage"}},
		"unknown lang":   {args: []string{"--lang", "fr", good}, status: 2, stderr: []string{"usage"}},
		"two files":      {args: []string{good, good}, status: 2, stderr: []string{"usage"}},
		"unknown flag":   {args: []string{"--strict", good}, status: 2, stderr: []string{"strict"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(append([]string{"draw", "verify"}, tc.args...), strings.NewReader(tc.stdin), &stdout, &stderr)
			if status != tc.status {
				t.Errorf("status %d, want %d; stdout %q stderr %q", status, tc.status, stdout.String(), stderr.String())
			}
			for _, s := range tc.stdout {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout %q lacks %q", stdout.String(), s)
				}
			}
			for _, s := range tc.stderr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr %q lacks %q", stderr.String(), s)
				}
			}
		})
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDrawCommit(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"draw", "commit", "abc"}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if got, want := stdout.String(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n"; got != want {
		t.Errorf("commit abc = %q, want %q", got, want)
	}

	stdout.Reset()
	if status := run([]string{"draw", "commit"}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	var seed, commitment string
	if _, err := fmt.Sscanf(stdout.String(), "seed: %s\ncommitment: %s\n", &seed, &commitment); err != nil {
		t.Fatalf("output %q: %v", stdout.String(), err)
	}
	if len(seed) != 32 || commitment != draw.Commit(seed) {
		t.Errorf("new seed %q with commitment %q", seed, commitment)
	}

	for _, args := range [][]string{{"draw"}, {"draw", "shuffle"}, {"draw", "commit", "a", "b"}} {
		if status := run(args, nil, &stdout, &stderr); status != 2 {
			t.Errorf("%v: status %d, want 2", args, status)
		}
	}
}
