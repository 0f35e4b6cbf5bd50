package views

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestCatalogueComplete(t *testing.T) {
	for _, k := range Keys() {
		m, _ := Lookup(k)
		if strings.TrimSpace(m.De) == "" || strings.TrimSpace(m.En) == "" {
			t.Errorf("%s: missing a language: %+v", k, m)
		}
		if strings.Count(m.De, "%") != strings.Count(m.En, "%") {
			t.Errorf("%s: the languages have different format verbs: %+v", k, m)
		}
	}
}

// keyPattern finds message keys in templates and handlers: "family.name".
var keyPattern = regexp.MustCompile(`"([a-z]+\.[a-z_\-]+)"`)

// TestKeysUsedExist finds every literal message key in the templates and
// the web handlers and checks that the catalogue has it.
func TestKeysUsedExist(t *testing.T) {
	families := map[string]bool{}
	for _, k := range Keys() {
		families[strings.SplitN(k, ".", 2)[0]] = true
	}
	files, _ := filepath.Glob("*.templ")
	more, _ := filepath.Glob("../cmd/bummerl/*.go")
	for _, f := range append(files, more...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range keyPattern.FindAllStringSubmatch(string(src), -1) {
			key := m[1]
			if !families[strings.SplitN(key, ".", 2)[0]] || strings.HasSuffix(key, ".") {
				continue // a file name or a key prefix, not a message
			}
			if _, ok := Lookup(key); !ok {
				t.Errorf("%s: unknown message key %q", f, key)
			}
		}
	}
	// Keys built at run time from values.
	for _, k := range []string{"variant.soft", "variant.sharp", "variant.sixty-six",
		"closing.at-close", "closing.count-later", "role.organiser", "role.helper"} {
		if _, ok := Lookup(k); !ok {
			t.Errorf("missing %q", k)
		}
	}
}

func TestText(t *testing.T) {
	tests := map[string]struct {
		lang, key, want string
	}{
		"German":      {"de", "nav.login", "Anmelden"},
		"English":     {"en", "nav.login", "Log in"},
		"unknown key": {"de", "no.such.key", "no.such.key"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if got := Text(tc.lang, tc.key); got != tc.want {
				t.Errorf("Text(%q, %q) = %q, want %q", tc.lang, tc.key, got, tc.want)
			}
		})
	}
}

func TestEuro(t *testing.T) {
	tests := map[string]struct {
		lang  string
		cents int
		want  string
	}{
		"zero de":      {"de", 0, "0,00 €"},
		"cents de":     {"de", 5, "0,05 €"},
		"price de":     {"de", 1250, "12,50 €"},
		"thousands de": {"de", 123456789, "1.234.567,89 €"},
		"exact de":     {"de", 100000, "1.000,00 €"},
		"negative de":  {"de", -1250, "-12,50 €"},
		"price en":     {"en", 1250, "€12.50"},
		"thousands en": {"en", 123456789, "€1,234,567.89"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if got := Euro(tc.lang, tc.cents); got != tc.want {
				t.Errorf("Euro(%q, %d) = %q, want %q", tc.lang, tc.cents, got, tc.want)
			}
		})
	}
}

func TestFormKeepsFirstMessage(t *testing.T) {
	f := NewForm(map[string]string{"name": "x"})
	f.Fail("name", "first")
	f.Fail("name", "second")
	if f.OK() || f.Error("name") != "first" || f.Value("name") != "x" {
		t.Errorf("form %+v", f)
	}
	var zero Form
	zero.Fail(General, "whole form")
	if zero.Error(General) != "whole form" {
		t.Errorf("zero form %+v", zero)
	}
}

func TestLayoutEscapesAndShowsLanguage(t *testing.T) {
	ctx := WithEnv(context.Background(), Env{Lang: "en", CSRF: `tok"en`, User: "<b>Anna</b>", Role: "organiser", Path: "/x"})
	var buf bytes.Buffer
	if err := ErrorPage(404, "<script>").Render(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`<html lang="en">`, "&lt;b&gt;Anna&lt;/b&gt;", "&lt;script&gt;", `href="/x?lang=de"`, "Log out"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in %s", want, out)
		}
	}
	if strings.Contains(out, "<script>") || strings.Contains(out, `tok"en`) {
		t.Errorf("unescaped input in %s", out)
	}
}

// TestGeneratedUpToDate regenerates the templ output from a copy of the
// templates and fails when a committed *_templ.go differs.
func TestGeneratedUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the templ generator")
	}
	// The generator names source files relative to where it runs, so it
	// runs in a module copy with the same layout: go.mod and views/.
	tmp := t.TempDir()
	if err := os.Mkdir(filepath.Join(tmp, "views"), 0o755); err != nil {
		t.Fatal(err)
	}
	templs, _ := filepath.Glob("*.templ")
	copies := map[string]string{"../go.mod": "go.mod", "../go.sum": "go.sum"}
	for _, f := range templs {
		copies[f] = filepath.Join("views", f)
	}
	for from, to := range copies {
		src, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, to), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "tool", "templ", "generate")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("templ generate: %v\n%s", err, out)
	}
	for _, f := range templs {
		gen := strings.TrimSuffix(f, ".templ") + "_templ.go"
		want, err := os.ReadFile(filepath.Join(tmp, "views", gen))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(gen)
		if err != nil {
			t.Fatalf("%s is not generated: run go tool templ generate", gen)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s: run go tool templ generate and commit", gen, f)
		}
	}
}

// TestRoundMatchesLabels: the two sides of a match read "Karte … gegen …"
// (on a phone each cell shows its heading), and the box before Starten
// says it is the table number.
func TestRoundMatchesLabels(t *testing.T) {
	ctx := WithEnv(context.Background(), Env{Lang: "de", User: "Anna", Role: "organiser"})
	m := RoundModel{TournamentID: 1, No: 1, Rounds: 1, Rows: []MatchRow{
		{Round: 1, No: 1, A: 1, AName: "Hans", B: 15, BName: "Franz", Table: 1},
		{Round: 1, No: 2, A: 4, AName: "Maria", Bye: true},
	}}
	var buf bytes.Buffer
	if err := RoundMatches(m).Render(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`<th>Karte</th><th>gegen</th>`, `data-label="gegen">15 Franz`, `data-label="gegen"><em>Freilos`, `<label class="table-no">Tisch <input type="number" name="table"`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in %s", want, out)
		}
	}
}

func TestAuditAction(t *testing.T) {
	for name, tc := range map[string]struct{ lang, code, want string }{
		"German":       {"de", "cancel sale", "Verkauf storniert"},
		"English":      {"en", "cancel sale", "Sale cancelled"},
		"account":      {"de", "create API token", "API-Schlüssel erzeugt"},
		"unknown code": {"de", "frobnicate", "frobnicate"},
	} {
		t.Run(name, func(t *testing.T) {
			ctx := WithEnv(context.Background(), Env{Lang: tc.lang})
			if got := AuditAction(ctx, tc.code); got != tc.want {
				t.Errorf("AuditAction(%q) in %s = %q, want %q", tc.code, tc.lang, got, tc.want)
			}
		})
	}
}

// TestTextsCiteNoRules: the rule ids (P-6, B-3, SW-5 …) are for the code and
// docs; the organiser and the players never see them.
func TestTextsCiteNoRules(t *testing.T) {
	ruleID := regexp.MustCompile(`\b(SW|RL|[SXBPRT])-\d`)
	for _, k := range Keys() {
		m, _ := Lookup(k)
		for _, text := range []string{m.De, m.En} {
			if ruleID.MatchString(text) {
				t.Errorf("%s cites a rule id: %q", k, text)
			}
		}
	}
}

// TestMatchIsPartie keeps the Preisschnapsen words apart: a match of two
// players (B-3) is a "Partie", a single deal a "Spiel". A text speaking of
// a match in English must not say Spiel in German, and one speaking of a
// deal must not say Partie. Compounds (Spielzettel, Spieler) are fine.
func TestMatchIsPartie(t *testing.T) {
	spiel := regexp.MustCompile(`\bSpiel(e|s|en)?\b`)
	partie := regexp.MustCompile(`\bPartie(n)?\b`)
	match := regexp.MustCompile(`(?i)\bmatch(es)?\b`)
	deal := regexp.MustCompile(`(?i)\bdeals?\b`)
	for _, k := range Keys() {
		m, _ := Lookup(k)
		if match.MatchString(m.En) && spiel.MatchString(m.De) {
			t.Errorf("%s: a match is a Partie, not a Spiel: %q", k, m.De)
		}
		if deal.MatchString(m.En) && partie.MatchString(m.De) {
			t.Errorf("%s: a deal is a Spiel, not a Partie: %q", k, m.De)
		}
	}
}
