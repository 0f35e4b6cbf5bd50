package httpkit

import (
	"context"
	"testing"

	"bummerl/cmd/bummerl/internal/testutil"
)

// TestRenderSlotsLiveFirst: a freed slot goes to a waiting live part before
// a page load that waited longer; a waiter that gives up leaves the queue.
func TestRenderSlotsLiveFirst(t *testing.T) {
	r := &RenderSlots{free: 1}
	if err := r.Acquire(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 3)
	wait := func(name string, live bool) {
		go func() {
			if err := r.Acquire(t.Context(), live); err == nil {
				order <- name
			}
		}()
		testutil.Eventually(t, name+" waits", func() bool {
			r.mu.Lock()
			defer r.mu.Unlock()
			return len(r.live)+len(r.any) > 0 && (live && len(r.live) > 0 || !live && len(r.any) > 0)
		})
	}
	ctx, cancel := context.WithCancel(t.Context())
	go r.Acquire(ctx, false) // gives up below
	wait("page", false)
	wait("live", true)
	cancel()
	testutil.Eventually(t, "the one that gave up left", func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.any) == 1
	})
	r.Release()
	if got := <-order; got != "live" {
		t.Fatalf("first after release: %s, want the live part", got)
	}
	r.Release()
	if got := <-order; got != "page" {
		t.Fatalf("then %s, want the page", got)
	}
	r.Release()
	if r.free != 1 {
		t.Errorf("%d slots free at the end, want 1", r.free)
	}
}
