package tournament

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every code the package returns has both texts, with the same verbs, and
// every catalogue entry is used.
func TestErrorCatalogue(t *testing.T) {
	files, err := filepath.Glob("*.go")
	must(t, err)
	used := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		must(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "invalid" || id.Name == "conflict" || id.Name == "notFound") {
				lit, ok := call.Args[0].(*ast.BasicLit)
				if !ok {
					t.Errorf("%s: %s with a code that is not a literal", fset.Position(call.Pos()), id.Name)
					return true
				}
				code, _ := strconv.Unquote(lit.Value)
				used[code] = true
			}
			return true
		})
	}
	for code := range used {
		if _, ok := messages[code]; !ok {
			t.Errorf("code %q has no message", code)
		}
	}
	for code, m := range messages {
		if !used[code] {
			t.Errorf("message %q is never used", code)
		}
		if m.en == "" || m.de == "" || m.en == m.de || strings.Count(m.en, "%") != strings.Count(m.de, "%") {
			t.Errorf("message %q: %q / %q", code, m.en, m.de)
		}
	}
}

func TestErrorText(t *testing.T) {
	e := invalid("ticket_number_twice", "tickets", Main.Name(), 3, potName(Right))
	if got := e.Text("de"); got != "Hauptrunde: Nummer 3 wurde zweimal aus dem rechten Topf gezogen" {
		t.Errorf("de = %q", got)
	}
	if got := e.Error(); got != "Main draw: number 3 is drawn twice from the right pot" {
		t.Errorf("en = %q", got)
	}
	wrapped := fmt.Errorf("saving: %w", e)
	if ErrorKind(wrapped) != Invalid || ErrorCode(wrapped) != "ticket_number_twice" || e.Deal != -1 {
		t.Errorf("kind %q code %q deal %d", ErrorKind(wrapped), ErrorCode(wrapped), e.Deal)
	}
	if ErrorKind(fmt.Errorf("other")) != "" || ErrorCode(nil) != "" {
		t.Error("a foreign error has a kind or code")
	}
	if got := (&Error{Code: "made_up"}).Text("de"); got != "made_up" {
		t.Errorf("unknown code text = %q", got)
	}
}
