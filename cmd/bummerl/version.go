package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// The release build (.ci/release, docs/release.md) sets these with
// -ldflags "-X main.version=… -X main.commit=… -X main.built=…". A plain
// go build leaves them empty and version falls back to what Go stamped
// into the binary from git (vcs.revision, vcs.time), if anything.
var (
	version string // 2026.12.01, the commit's date, or the tag at HEAD; -dirty for uncommitted changes
	commit  string // short commit hash
	built   string // UTC time of the build, 2026-12-01T20:15Z
)

func init() {
	commands["version"] = command{summary: "print the version, commit and build of this program", run: versionCmd}
}

func versionCmd(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "version: nimmt keine Argumente / takes no arguments, not %q\n", args[0])
		return 2
	}
	fmt.Fprintln(stdout, versionLine())
	return 0
}

// versionLine is e.g. "bummerl 2026.12.01 (commit 1a2b3c4, built
// 2026-12-01T20:15Z, go1.26.8, windows/amd64)".
func versionLine() string {
	v, c, b := version, commit, built
	if info, ok := debug.ReadBuildInfo(); ok && c == "" {
		dirty := false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				c = s.Value[:min(7, len(s.Value))]
			case "vcs.time":
				if b == "" {
					b = s.Value
				}
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if c != "" && dirty {
			c += "-dirty"
		}
	}
	if v == "" {
		v = "dev"
	}
	if c == "" {
		c = "unknown"
	}
	if b == "" {
		b = "unknown"
	}
	return fmt.Sprintf("bummerl %s (commit %s, built %s, %s, %s/%s)", v, c, b, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
