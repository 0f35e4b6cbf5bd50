package httpkit

import (
	"context"
	"runtime"
	"slices"
	"sync"
)

// RenderSlots bound the pages rendered at once, the app's CPU-heavy reads
// (issue 19): one core fewer than the machine has renders (at least one),
// so a result typed at the desk always finds a core, however many phones
// reload or helpers click through pages. Writes take no slot. Waiting
// renders are served in order, the live parts of the room first: after a
// change hundreds of phones wait for them, and a page load can wait a
// moment longer.
type RenderSlots struct {
	mu        sync.Mutex
	free      int
	live, any []chan struct{} // waiting, first come first served
}

// NewRenderSlots has a slot for each core but one, at least one: the last
// core stays for the network, the database and the streams.
func NewRenderSlots() *RenderSlots {
	return &RenderSlots{free: max(1, runtime.GOMAXPROCS(0)-1)}
}

// Free is how many slots are free now (the status page, tests).
func (r *RenderSlots) Free() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.free
}

// Acquire waits for a slot until ctx ends; live renders go first.
func (r *RenderSlots) Acquire(ctx context.Context, live bool) error {
	r.mu.Lock()
	if r.free > 0 {
		r.free--
		r.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	if live {
		r.live = append(r.live, ch)
	} else {
		r.any = append(r.any, ch)
	}
	r.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		r.mu.Lock()
		waiting := slices.Contains(r.live, ch) || slices.Contains(r.any, ch)
		r.live = slices.DeleteFunc(r.live, func(c chan struct{}) bool { return c == ch })
		r.any = slices.DeleteFunc(r.any, func(c chan struct{}) bool { return c == ch })
		r.mu.Unlock()
		if !waiting {
			r.Release() // handed over just now: pass it on
		}
		return ctx.Err()
	}
}

// Release hands the slot to the next waiting render, or frees it.
func (r *RenderSlots) Release() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, q := range []*[]chan struct{}{&r.live, &r.any} {
		if len(*q) > 0 {
			ch := (*q)[0]
			*q = (*q)[1:]
			close(ch)
			return
		}
	}
	r.free++
}
