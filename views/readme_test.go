package views

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The README's walk through an evening quotes the German labels of the
// pages and buttons (*Verkauf*); each must be a text the app really shows.
func TestReadmeLabels(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "## Running an evening")
	if !ok {
		t.Fatal(`README has no "Running an evening" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	section = regexp.MustCompile(`\*\*[^*]+\*\*`).ReplaceAllString(section, "") // bold steps
	labels := map[string]bool{}
	for _, k := range Keys() {
		m, _ := Lookup(k)
		labels[m.De] = true
	}
	quoted := regexp.MustCompile(`\*([^*]+)\*`).FindAllStringSubmatch(section, -1)
	if len(quoted) == 0 {
		t.Fatal("no quoted labels found")
	}
	for _, q := range quoted {
		if !labels[q[1]] {
			t.Errorf("README quotes *%s*, which is no label of the app", q[1])
		}
	}
}
