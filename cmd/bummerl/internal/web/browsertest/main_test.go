package browsertest

import (
	"fmt"
	"os"
	"sync/atomic"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// browserSkipped counts the browser tests skipped because Chromium is
// missing (startBrowser); TestMain reports them once at the end.
var browserSkipped atomic.Int32

// axeSkipped counts the axe-core checks skipped because axe-core is not
// installed (axeSource); TestMain reports them with the browser tests.
var axeSkipped atomic.Int32

// TestMain runs the tests as webtest.Setup prepares them, closes the
// shared Chromium and then says loudly when browser tests were skipped for
// a missing Chromium. "go test ./..." throws away the output of a package
// that passes (only -v or a failure shows it), so the line also goes
// straight to the terminal when there is one. Under CI=true there is
// nothing to report: startBrowser fails the tests instead.
func TestMain(m *testing.M) {
	webtest.Setup()
	code := m.Run()
	stopBrowser()
	if n := browserSkipped.Load(); n > 0 {
		shout(fmt.Sprintf("BROWSER TESTS NOT RUN: %d browser tests skipped, %s is missing (apt-get install chromium-headless-shell)\n", n, chromiumPath))
	}
	if n := axeSkipped.Load(); n > 0 {
		shout(fmt.Sprintf("AXE-CORE CHECKS NOT RUN: %d tests skipped, %s is missing (npm install --prefix .ci/axe axe-core, as .ci/run does)\n", n, axeFile))
	}
	os.Exit(code)
}

// shout writes msg to stderr and, when there is one, to the terminal.
func shout(msg string) {
	fmt.Fprint(os.Stderr, msg)
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		fmt.Fprint(tty, "bummerl/cmd/bummerl/internal/web/browsertest: "+msg)
		tty.Close()
	}
}
