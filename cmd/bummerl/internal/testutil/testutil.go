// Package testutil holds what the tests of the web app's packages share.
package testutil

import (
	"testing"
	"time"
)

// Eventually waits up to 10 s for cond, checking every 10 ms, and fails
// the test naming what never happened.
func Eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
