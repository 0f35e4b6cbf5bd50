package main

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// layers are the import rules of docs/architecture.md: which packages a
// package (and every package under it) must not reach, directly or
// through others. The rules are pure (domain), the pages show what they
// are given (views), and the HTTP mechanics know no tournament (httpkit).
var layers = []struct {
	pkg    string   // an import path prefix
	banned []string // import path prefixes it must not depend on
}{
	{"bummerl/domain/", []string{"bummerl/store", "bummerl/views", "bummerl/draw", "bummerl/cmd/", "github.com/labstack/echo", "gorm.io/", "net/http"}},
	{"bummerl/draw", []string{"bummerl/store", "bummerl/views", "bummerl/cmd/", "github.com/labstack/echo", "gorm.io/"}},
	{"bummerl/views", []string{"bummerl/store", "bummerl/cmd/", "gorm.io/"}},
	{"bummerl/store", []string{"bummerl/views", "bummerl/cmd/", "github.com/labstack/echo"}},
	{"bummerl/cmd/bummerl/internal/httpkit", []string{"bummerl/domain/", "bummerl/draw", "bummerl/store", "bummerl/views", "gorm.io/"}},
}

// TestLayering fails when a package depends on what its layer bans, e.g.
// when a domain package imports the store or Echo.
func TestLayering(t *testing.T) {
	for _, pkg := range listDeps(t, "bummerl/...") {
		for _, l := range layers {
			if pkg.ImportPath != strings.TrimSuffix(l.pkg, "/") && !strings.HasPrefix(pkg.ImportPath, l.pkg) {
				continue
			}
			for _, dep := range pkg.Deps {
				for _, b := range l.banned {
					if dep == strings.TrimSuffix(b, "/") || strings.HasPrefix(dep, b) {
						t.Errorf("%s depends on %s (banned for %s: docs/architecture.md)", pkg.ImportPath, dep, l.pkg)
					}
				}
			}
		}
	}
}

// TestLayeringCatchesABan checks the check: the web package reaches the
// store and Echo, so under a domain rule it would be refused.
func TestLayeringCatchesABan(t *testing.T) {
	for _, pkg := range listDeps(t, "bummerl/cmd/bummerl/internal/web") {
		for _, want := range []string{"bummerl/store", "github.com/labstack/echo/v4", "bummerl/cmd/bummerl/internal/httpkit"} {
			found := false
			for _, dep := range pkg.Deps {
				found = found || dep == want
			}
			if !found {
				t.Errorf("go list says %s does not depend on %s; the layering test would miss a ban", pkg.ImportPath, want)
			}
		}
	}
}

type listedPackage struct {
	ImportPath string
	Deps       []string
}

// listDeps runs go list -deps over the pattern's packages (not their
// tests: a test may use what the package may not).
func listDeps(t *testing.T, pattern string) []listedPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Deps", pattern).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pattern, err)
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		t.Fatalf("go list %s listed no packages", pattern)
	}
	return pkgs
}
