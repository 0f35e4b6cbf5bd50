package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// hub tells the subscribers of a tournament its new revision after every
// committed change made through this Store (Create, Update). It is what
// keeps the projector, the phones and the round pages live: the web app
// streams the revisions to the browsers (server-sent events), which then
// fetch the parts of their page again.
//
// A subscriber gets a channel with room for one revision. Publishing never
// waits: when the subscriber has not taken the previous revision yet, the
// newer one replaces it (latest wins), so a slow browser costs the writer
// nothing and only ever sees the newest state.
type hub struct {
	mu   sync.Mutex
	subs map[int64]map[*subscriber]struct{}
}

type subscriber struct{ ch chan int64 }

// Subscribe returns a channel that receives the revision of tournament id
// after each committed change, and the function that ends the
// subscription (call it once the receiver is done; calling it again is
// harmless). The channel is buffered and latest-wins: a receiver that
// falls behind gets the newest revision, never a queue of old ones. The
// channel is not closed by unsubscribing.
func (s *Store) Subscribe(id int64) (<-chan int64, func()) {
	h := &s.hub
	sub := &subscriber{ch: make(chan int64, 1)}
	h.mu.Lock()
	if h.subs == nil {
		h.subs = map[int64]map[*subscriber]struct{}{}
	}
	if h.subs[id] == nil {
		h.subs[id] = map[*subscriber]struct{}{}
	}
	h.subs[id][sub] = struct{}{}
	h.mu.Unlock()
	var once sync.Once
	return sub.ch, func() {
		once.Do(func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			delete(h.subs[id], sub)
			if len(h.subs[id]) == 0 {
				delete(h.subs, id)
			}
		})
	}
}

// Subscribers is the number of open subscriptions to tournament id; tests
// use it to see that streams end.
func (s *Store) Subscribers(id int64) int {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return len(s.hub.subs[id])
}

// publish hands revision rev of tournament id to every subscriber without
// blocking: a revision the subscriber has not taken yet is replaced. Call
// it only after the change is committed.
func (h *hub) publish(id, rev int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs[id] {
		select {
		case sub.ch <- rev:
			continue
		default:
		}
		// Full: the receiver has not taken the previous one. Replace it.
		// Only publish sends, under the lock, so after the drain there is
		// room (the receiver may have taken it meanwhile; either way).
		select {
		case <-sub.ch:
		default:
		}
		sub.ch <- rev
	}
}

// Revision is tournament id's revision: it changes with every committed
// change (Create starts at 1, every Update adds one). Updated is when that
// revision was written; a database file restored under a running server
// may repeat a revision number, never both. ErrNotFound if there is no
// such tournament. It reads one row, so it is cheap enough for every
// request of a public page.
func (s *Store) Revision(ctx context.Context, id int64) (rev int64, updated time.Time, err error) {
	db, err := s.rdb.DB()
	if err != nil {
		return 0, time.Time{}, err
	}
	var ms int64
	err = db.QueryRowContext(ctx, `SELECT revision, updated_at FROM tournaments WHERE id = ?`, id).Scan(&rev, &ms)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, ErrNotFound
	}
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("store: revision of tournament %d: %w", id, err)
	}
	return rev, fromMillis(ms), nil
}
