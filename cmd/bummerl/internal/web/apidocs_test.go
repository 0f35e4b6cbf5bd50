package web

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// apiEndpoint is an endpoint as docs/api.md writes it: `PUT /api/tournaments/:id/settings`,
// with {a,b} for several paths in one.
var apiEndpoint = regexp.MustCompile("`(GET|POST|PUT|PATCH|DELETE) (/api/[^` ]*)`")

// apiLevel is the access a line of docs/api.md names after its endpoints.
var apiLevel = regexp.MustCompile(`\((public|staff|organiser)\)`)

// TestAPIDocumented is the twin of TestRouteAccess for the manual: every
// /api/ route Echo knows is in docs/api.md with the access it has, and
// every endpoint docs/api.md names is a route, so the manual cannot fall
// behind the routes or promise one that is gone.
func TestAPIDocumented(t *testing.T) {
	app := newTestApp(t)
	routes := map[string]access{}
	for _, r := range echoOf(app).Routes() {
		if strings.HasPrefix(r.Path, "/api/") {
			routes[r.Method+" "+r.Path] = serverOf(app).access[r.Method+" "+r.Path]
		}
	}
	if len(routes) < 30 {
		t.Fatalf("only %d API routes found: the route table is not what this test reads", len(routes))
	}
	doc, err := os.ReadFile("../../../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := documentedEndpoints(string(doc))
	for key, level := range routes {
		docLevel, ok := documented[key]
		switch {
		case !ok:
			t.Errorf("%s is a route but not in docs/api.md", key)
		case docLevel != "" && docLevel != levelName[level]:
			t.Errorf("%s: docs/api.md says %s, the route is %s", key, docLevel, levelName[level])
		}
	}
	for key := range documented {
		if _, ok := routes[key]; !ok {
			t.Errorf("docs/api.md documents %s, which is no route", key)
		}
	}
}

var levelName = map[access]string{public: "public", staff: "staff", organiser: "organiser"}

// documentedEndpoints maps "METHOD /api/path" to the access its line of
// docs/api.md names ("" where the line names none).
func documentedEndpoints(doc string) map[string]string {
	out := map[string]string{}
	for line := range strings.SplitSeq(doc, "\n") {
		level := ""
		if m := apiLevel.FindStringSubmatch(line); m != nil {
			level = m[1]
		}
		for _, m := range apiEndpoint.FindAllStringSubmatch(line, -1) {
			for _, path := range expandBraces(m[2]) {
				key := m[1] + " " + path
				if out[key] == "" {
					out[key] = level
				}
			}
		}
	}
	return out
}

// expandBraces turns a/{b,c}.csv into a/b.csv and a/c.csv.
func expandBraces(p string) []string {
	open, end := strings.Index(p, "{"), strings.Index(p, "}")
	if open < 0 || end < open {
		return []string{p}
	}
	var out []string
	for alt := range strings.SplitSeq(p[open+1:end], ",") {
		out = append(out, expandBraces(p[:open]+alt+p[end+1:])...)
	}
	return out
}

func TestExpandBraces(t *testing.T) {
	got := expandBraces("/api/x/{a,b}/{c,d}.csv")
	want := []string{"/api/x/a/c.csv", "/api/x/a/d.csv", "/api/x/b/c.csv", "/api/x/b/d.csv"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
