package web

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"bummerl/store"
	"bummerl/store/storetest"
)

// browserSkipped counts the browser tests skipped because Chromium is
// missing (startBrowser); TestMain reports them once at the end.
var browserSkipped atomic.Int32

// axeSkipped counts the axe-core checks skipped because axe-core is not
// installed (axeSource); TestMain reports them with the browser tests.
var axeSkipped atomic.Int32

// TestMain runs the tests and then says loudly when browser tests were
// skipped for a missing Chromium. "go test ./..." throws away the output of
// a package that passes (only -v or a failure shows it), so the line also
// goes straight to the terminal when there is one. Under CI=true there is
// nothing to report: startBrowser fails the tests instead.
func TestMain(m *testing.M) {
	// Passwords at bcrypt's lowest cost: the checks are the same, the
	// suite minutes faster (store.PasswordCost).
	store.PasswordCost = bcrypt.MinCost
	// The parallel tests mostly wait: on Chromium, on streams, on
	// timeouts. go test runs GOMAXPROCS of them at once unless told
	// otherwise, which leaves a 2-core machine idle most of the suite
	// (docs/web.md "The suite's time"); -parallel still decides when given.
	flag.Parse()
	if !flagSet("test.parallel") {
		flag.Set("test.parallel", strconv.Itoa(parallelTests))
	}
	code := m.Run()
	stopBrowser()
	storetest.Report("bummerl/cmd/bummerl/internal/web")
	if n := browserSkipped.Load(); n > 0 {
		shout(fmt.Sprintf("BROWSER TESTS NOT RUN: %d browser tests skipped, %s is missing (apt-get install chromium)\n", n, chromiumPath))
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
		fmt.Fprint(tty, "bummerl/cmd/bummerl: "+msg)
		tty.Close()
	}
}

// parallelTests is how many parallel tests run at once by default: enough
// to keep two cores busy while most of them wait.
const parallelTests = 6

// flagSet tells whether the command line set the flag.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
