package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// TestVersion: what the release build sets with -ldflags -X is what
// bummerl version prints, with Go's version and the system.
func TestVersion(t *testing.T) {
	defer func(v, c, b string) { version, commit, built = v, c, b }(version, commit, built)
	version, commit, built = "2026.12.01", "1a2b3c4", "2026-12-01T20:15Z"
	var stdout, stderr bytes.Buffer
	if code := run([]string{"version"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d, stderr %q", code, stderr.String())
	}
	want := "bummerl 2026.12.01 (commit 1a2b3c4, built 2026-12-01T20:15Z, " + runtime.Version() + ", " + runtime.GOOS + "/" + runtime.GOARCH + ")\n"
	if stdout.String() != want {
		t.Errorf("got %q, want %q", stdout.String(), want)
	}

	// A plain go build (no -X): still one line with the Go version.
	version, commit, built = "", "", ""
	stdout.Reset()
	run([]string{"version"}, strings.NewReader(""), &stdout, &stderr)
	if got := stdout.String(); !strings.HasPrefix(got, "bummerl dev (commit ") || !strings.HasSuffix(got, runtime.Version()+", "+runtime.GOOS+"/"+runtime.GOARCH+")\n") {
		t.Errorf("without -X: %q", got)
	}

	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"version", "x"}, strings.NewReader(""), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "takes no arguments") {
		t.Errorf("version x: status %d, stderr %q", code, stderr.String())
	}
}
