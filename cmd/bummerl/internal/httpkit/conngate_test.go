package httpkit

import (
	"net"
	"net/http"
	"testing"
	"time"
)

// TestGateCloseRacesEviction: a connection closing by itself while the
// gate closes it to make room (the idle timeout and a newcomer at once)
// gives its place back once and blocks nobody. The gate once held one
// lock per connection and one of its own, taken in opposite orders here.
func TestGateCloseRacesEviction(t *testing.T) {
	g := newConnGate(1, 0, nil)
	for range 2000 {
		a, b := net.Pipe()
		gc, _ := g.admit(a, "10.0.0.1")
		g.connState(gc, http.StateIdle)
		done := make(chan struct{})
		go func() {
			gc.Close()
			close(done)
		}()
		c, d := net.Pipe()
		nc, reason := g.admit(c, "10.0.0.2") // takes gc's place if it is still there
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("Close and admit wait on each other")
		}
		if nc == nil {
			t.Fatalf("newcomer refused: %s", reason)
		}
		nc.Close()
		if st := g.Stats(0); st.Open != 0 || st.Idle != 0 {
			t.Fatalf("after both closed: %d open, %d idle", st.Open, st.Idle)
		}
		b.Close()
		d.Close()
	}
}
