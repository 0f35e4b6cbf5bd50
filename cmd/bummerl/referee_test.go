package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/referee")

// TestRefereeGolden runs every record of testdata/referee through the
// command line; the .golden file holds stdout and the exit status.
func TestRefereeGolden(t *testing.T) {
	files, err := filepath.Glob("../../testdata/referee/*.json")
	if err != nil || len(files) < 12 {
		t.Fatalf("want at least 12 records, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run([]string{"referee", "-lang", "en", file}, strings.NewReader(""), &stdout, &stderr)
			got := fmt.Sprintf("%sexit status %d\n", stdout.String(), status)
			golden := strings.TrimSuffix(file, ".json") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("got\n%s\nwant\n%s\nstderr: %s", got, want, stderr.String())
			}
			if (status == 2) != (stderr.Len() > 0) {
				t.Errorf("exit status %d with stderr %q", status, stderr.String())
			}
		})
	}
}

func TestRefereeStdinAndUsage(t *testing.T) {
	record, err := os.ReadFile("../../testdata/referee/soft-renonce.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]struct {
		args   []string
		stdin  string
		status int
		stdout string
		stderr string
	}{
		"record on stdin":    {args: []string{"referee"}, stdin: string(record), status: 0, stdout: `"reason":"renonce"`},
		"German message":     {args: []string{"referee", "-lang", "de"}, stdin: `{"deck": ["AH"]}`, status: 2, stdout: `"action":-1`, stderr: "Karten"},
		"English message":    {args: []string{"referee", "-lang", "en"}, stdin: `{"deck": ["AH"]}`, status: 2, stderr: "the deck has 1 cards"},
		"missing file":       {args: []string{"referee", "/nonexistent/record.json"}, status: 1, stderr: "no such file"},
		"two files":          {args: []string{"referee", "a", "b"}, status: 2, stderr: "usage"},
		"empty input":        {args: []string{"referee"}, status: 2, stdout: `"error"`},
		"unknown flag":       {args: []string{"referee", "-x"}, status: 2, stderr: "usage"},
		"json null":          {args: []string{"referee"}, stdin: "null", status: 2, stdout: `"action":-1`},
		"match on stdin":     {args: []string{"referee"}, stdin: `{"deals": [{"winner": 1, "points": 3}]}`, status: 0, stdout: `"running":[0,3]`},
		"bad match on stdin": {args: []string{"referee"}, stdin: `{"deals": [{"winner": 1, "points": 4}]}`, status: 2, stdout: `"deal":0`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if status != tc.status || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, %q, %q", status, stdout.String(), stderr.String(), tc.status, tc.stdout, tc.stderr)
			}
		})
	}
}

// TestRefereeClosingOptions: S-17 — each pair of golden records
// closed-at-close*.json / closed-count-later*.json holds the same deal and
// differs only in the closing option, and the verdicts differ: at-close
// counts the opponent as he stood at the moment of closing, count-later at
// the end.
func TestRefereeClosingOptions(t *testing.T) {
	files, err := filepath.Glob("../../testdata/referee/closed-at-close*.json")
	if err != nil || len(files) < 2 {
		t.Fatalf("want at least 2 at-close records, found %d (%v)", len(files), err)
	}
	for _, atClose := range files {
		later := strings.Replace(atClose, "closed-at-close", "closed-count-later", 1)
		t.Run(filepath.Base(atClose), func(t *testing.T) {
			a, errA := os.ReadFile(atClose)
			b, errB := os.ReadFile(later)
			if errA != nil || errB != nil {
				t.Fatal(errors.Join(errA, errB))
			}
			if !bytes.Contains(a, []byte(`"closing": "at-close"`)) ||
				string(bytes.Replace(a, []byte(`"closing": "at-close"`), []byte(`"closing": "count-later"`), 1)) != string(b) {
				t.Fatalf("%s and %s differ in more than the closing option", atClose, later)
			}
			verdict := func(file string) string {
				var stdout, stderr bytes.Buffer
				if status := run([]string{"referee", file}, strings.NewReader(""), &stdout, &stderr); status != 0 {
					t.Fatalf("%s: exit status %d: %s", file, status, stderr.String())
				}
				return stdout.String()
			}
			if va, vb := verdict(atClose), verdict(later); va == vb {
				t.Errorf("at-close and count-later give the same verdict: %s", va)
			}
		})
	}
}

// TestRefereeInputCapped: bummerl referee reads at most 10 MB and says so
// instead of growing without bound on /dev/zero — in one line ending with
// a newline (issue 20), from stdin and from a file alike.
func TestRefereeInputCapped(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(big, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, maxRefereeInput+1); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{"de": "größer als 10 MB", "en": "larger than 10 MB"} {
		in := &endlessReader{n: 64 << 20}
		for _, args := range [][]string{{"-lang", lang}, {"-lang", lang, big}} {
			var out, errOut strings.Builder
			code := runReferee(args, in, &out, &errOut)
			msg := errOut.String()
			if code != 1 || !strings.Contains(msg, want) || !strings.HasPrefix(msg, "bummerl referee: ") ||
				!strings.HasSuffix(msg, "\n") || strings.Count(msg, "\n") != 1 || out.Len() != 0 {
				t.Errorf("%v: status %d, stdout %q, stderr %q; want 1, nothing and one line with %q", args, code, out.String(), msg, want)
			}
		}
		if in.read > maxRefereeInput+64<<10 {
			t.Errorf("%s: read %d bytes of the input, want at most about 10 MB", lang, in.read)
		}
	}
}

// endlessReader is /dev/zero up to n bytes, counting what was read.
type endlessReader struct{ n, read int }

func (r *endlessReader) Read(p []byte) (int, error) {
	if r.read >= r.n {
		return 0, io.EOF
	}
	k := min(len(p), r.n-r.read)
	clear(p[:k])
	r.read += k
	return k, nil
}
