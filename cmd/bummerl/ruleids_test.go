package main

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// ruleIDCite matches a rule id as code, templates, scripts and docs cite
// it: a series letter, a dash and digits only (so "T-Shirt" is no match),
// standing alone (\b keeps "UTF-8", "ISO-8601", "SHA-256" out: the letter
// before the dash is inside a longer word). Longer series names come first
// so "SW-4" and "RL-5" are not read as S or R.
var ruleIDCite = regexp.MustCompile(`\b(?:SW|RL|S|X|B|P|R|T)-[0-9]+\b`)

// ruleIDDef matches a definition: a line (a list item or a heading) that
// starts with the id in bold, "- **P-6** …" in docs/rules.md and
// docs/rules-1000.md, "- **SW-1 One entry.** …" in docs/swiss.md.
var ruleIDDef = regexp.MustCompile(`^\s*(?:[-*+]\s+|#{1,6}\s+)?\*\*((?:SW|RL|S|X|B|P|R|T)-[0-9]+)\b`)

// ruleIDBooks are the files that define rule ids: Schnapsen, Sechsundsechzig,
// Bummerl and Preisschnapsen (S, X, B, P), Russian Schnapsen "1000" (R, RL,
// T) and the Swiss system (SW).
var ruleIDBooks = []string{"docs/rules.md", "docs/rules-1000.md", "docs/swiss.md"}

// ruleIDGapless are the series that must run from 1 without a gap: every
// id of the specification's rule books is defined, cited or not. SW is not
// among them (docs/swiss.md numbers its rules as it chose).
var ruleIDGapless = []string{"S", "X", "B", "P", "R", "RL", "T"}

// ruleIDExts are the files searched for citations.
var ruleIDExts = map[string]bool{".go": true, ".templ": true, ".md": true, ".js": true, ".css": true}

type ruleIDPlace struct {
	file string
	line int
}

func (p ruleIDPlace) String() string { return fmt.Sprintf("%s:%d", p.file, p.line) }

// TestRuleIDsDefined: every rule id cited anywhere in the repository is
// defined in docs/rules.md, docs/rules-1000.md or docs/swiss.md, none
// twice, and the series of the rule books have no gaps (issue 21: a reader
// of "// P-6" finds P-6 without anything outside the repository).
func TestRuleIDsDefined(t *testing.T) {
	root := ruleIDRoot(t)

	defined := map[string]ruleIDPlace{}
	for _, book := range ruleIDBooks {
		lines := ruleIDLines(t, filepath.Join(root, book))
		for i, line := range lines {
			m := ruleIDDef.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			here := ruleIDPlace{book, i + 1}
			if first, ok := defined[m[1]]; ok {
				t.Errorf("%s defined twice: %s and %s", m[1], first, here)
				continue
			}
			defined[m[1]] = here
		}
	}

	cited := map[string]ruleIDPlace{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch rel {
			case ".git", "dist", "testdata/artifacts":
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !ruleIDExts[filepath.Ext(path)] {
			return nil
		}
		for i, line := range ruleIDLines(t, path) {
			for _, loc := range ruleIDCite.FindAllStringIndex(line, -1) {
				if !ruleIDAlone(line, loc[0], loc[1]) {
					continue
				}
				id := line[loc[0]:loc[1]]
				if _, ok := cited[id]; !ok {
					cited[id] = ruleIDPlace{rel, i + 1}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cited) == 0 {
		t.Fatalf("no rule id cited under %s: the walk found nothing", root)
	}

	var missing []string
	for id := range cited {
		if _, ok := defined[id]; !ok {
			missing = append(missing, id)
		}
	}
	sortRuleIDs(missing)
	for _, id := range missing {
		t.Errorf("%s is cited (first at %s) but defined in none of %s", id, cited[id], strings.Join(ruleIDBooks, ", "))
	}

	for _, series := range ruleIDGapless {
		top := 0
		for id := range defined {
			s, n := splitRuleID(id)
			if s == series && n > top {
				top = n
			}
		}
		if top == 0 {
			t.Errorf("no %s-… id defined", series)
		}
		for n := 1; n < top; n++ {
			if _, ok := defined[fmt.Sprintf("%s-%d", series, n)]; !ok {
				t.Errorf("%s-%d is not defined, but %s-%d is", series, n, series, top)
			}
		}
	}
	t.Logf("%d ids defined, %d distinct ids cited", len(defined), len(cited))
}

// ruleIDAlone reports whether the match line[i:j] is a rule id and not a
// piece of a longer dashed token: not preceded by a dash ("x-P-6") and not
// followed by a dash or dot that goes on with a letter or digit ("T-1-a",
// "B-2.5").
func ruleIDAlone(line string, i, j int) bool {
	if i > 0 && line[i-1] == '-' {
		return false
	}
	if j+1 < len(line) && (line[j] == '-' || line[j] == '.') {
		c := line[j+1]
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return false
		}
	}
	return true
}

// ruleIDRoot finds the module root: the nearest directory upwards from the
// test's working directory that holds go.mod.
func ruleIDRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = up
	}
}

func ruleIDLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return lines
}

func splitRuleID(id string) (string, int) {
	s, num, _ := strings.Cut(id, "-")
	n, _ := strconv.Atoi(num)
	return s, n
}

// sortRuleIDs sorts by series, then by number (S-2 before S-10).
func sortRuleIDs(ids []string) {
	sort.Slice(ids, func(a, b int) bool {
		sa, na := splitRuleID(ids[a])
		sb, nb := splitRuleID(ids[b])
		if sa != sb {
			return sa < sb
		}
		return na < nb
	})
}
