package static

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// TestHTMXPinned checks that the vendored htmx is the recorded 2.0.11
// (README.md); update both together.
func TestHTMXPinned(t *testing.T) {
	b, err := FS.ReadFile("htmx.min.js")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	const want = "d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717"
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Errorf("htmx.min.js sha256 = %s, want %s (static/README.md)", got, want)
	}
}
