package web

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// TestRenderSlotsLiveFirst: a freed slot goes to a waiting live part before
// a page load that waited longer; a waiter that gives up leaves the queue.
func TestRenderSlotsLiveFirst(t *testing.T) {
	r := &renderSlots{free: 1}
	if err := r.acquire(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 3)
	wait := func(name string, live bool) {
		go func() {
			if err := r.acquire(t.Context(), live); err == nil {
				order <- name
			}
		}()
		eventually(t, name+" waits", func() bool {
			r.mu.Lock()
			defer r.mu.Unlock()
			return len(r.live)+len(r.any) > 0 && (live && len(r.live) > 0 || !live && len(r.any) > 0)
		})
	}
	ctx, cancel := context.WithCancel(t.Context())
	go r.acquire(ctx, false) // gives up below
	wait("page", false)
	wait("live", true)
	cancel()
	eventually(t, "the one that gave up left", func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.any) == 1
	})
	r.release()
	if got := <-order; got != "live" {
		t.Fatalf("first after release: %s, want the live part", got)
	}
	r.release()
	if got := <-order; got != "page" {
		t.Fatalf("then %s, want the page", got)
	}
	r.release()
	if r.free != 1 {
		t.Errorf("%d slots free at the end, want 1", r.free)
	}
}

// TestStaffPagesTakeSlots: a logged-in helper's page renders in a slot
// too (before, only the page cache's renders were bounded, and helpers'
// pages loaded flat out starved the room's parts and the desk).
func TestStaffPagesTakeSlots(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	slots := f.app.s.slots
	n := slots.free
	for range n { // all of them
		if err := slots.acquire(t.Context(), false); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan int, 1)
	go func() { done <- f.helper.get(f.path + "/sale").status }()
	select {
	case s := <-done:
		t.Fatalf("the sale desk rendered (%d) while every slot was taken", s)
	case <-time.After(300 * time.Millisecond):
	}
	// A write takes no slot.
	if r := f.api.api(http.MethodPost, "/api/tournaments/"+itoa64(f.id)+"/sales", f.anna, map[string]any{"name": "Nachzügler", "count": 1}); r.status != http.StatusCreated {
		t.Errorf("a sale while every slot was taken: %d", r.status)
	}
	for range n {
		slots.release()
	}
	if s := <-done; s != http.StatusOK {
		t.Errorf("the sale desk: %d", s)
	}
}
