package web

import (
	"net/http"
	"testing"
	"time"
)

// TestStaffPagesTakeSlots: a logged-in helper's page renders in a slot
// too (before, only the page cache's renders were bounded, and helpers'
// pages loaded flat out starved the room's parts and the desk).
func TestStaffPagesTakeSlots(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	slots := serverOf(f.App).slots
	n := slots.Free()
	for range n { // all of them
		if err := slots.Acquire(t.Context(), false); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan int, 1)
	go func() { done <- f.Helper.Get(f.Path + "/sale").Status }()
	select {
	case s := <-done:
		t.Fatalf("the sale desk rendered (%d) while every slot was taken", s)
	case <-time.After(300 * time.Millisecond):
	}
	// A write takes no slot.
	if r := f.API.API(http.MethodPost, "/api/tournaments/"+itoa64(f.ID)+"/sales", f.Anna, map[string]any{"name": "Nachzügler", "count": 1}); r.Status != http.StatusCreated {
		t.Errorf("a sale while every slot was taken: %d", r.Status)
	}
	for range n {
		slots.Release()
	}
	if s := <-done; s != http.StatusOK {
		t.Errorf("the sale desk: %d", s)
	}
}
