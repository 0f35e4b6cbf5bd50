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
// committed change made through this Store (Create, Update) and, on
// PostgreSQL, through any other process on the database (live.go). It is what
// keeps the projector, the phones and the round pages live: on each
// revision the web app renders the changed parts of the pages once and
// streams them to the browsers (server-sent events).
//
// A subscriber gets a channel with room for one revision. Publishing never
// waits: when the subscriber has not taken the previous revision yet, the
// newer one replaces it (latest wins), so a slow browser costs the writer
// nothing and only ever sees the newest state.
type hub struct {
	mu   sync.Mutex
	subs map[int64]map[*subscriber]struct{}
	// known is each tournament's revision as far as this process knows:
	// set by every commit, checked against the database once in a while
	// (Revision).
	known map[int64]*knownRevision
}

type knownRevision struct {
	rev, updated int64 // updated: UTC milliseconds, as in the database
	checked      time.Time
	gen          uint64 // counts commits, so a slow read cannot undo one
}

// revisionTTL is how long Revision trusts what it knows without asking
// the database: commits in this process are known at once, those of
// other processes on PostgreSQL when their notification arrives (live.go);
// without a listener (no live page open here, or its connection lost) a
// change written by another process shows within it.
const revisionTTL = time.Second

type subscriber struct{ ch chan int64 }

// Subscribe returns a channel that receives the revision of tournament id
// after each committed change, and the function that ends the
// subscription (call it once the receiver is done; calling it again is
// harmless). The channel is buffered and latest-wins: a receiver that
// falls behind gets the newest revision, never a queue of old ones. The
// channel is not closed by unsubscribing.
func (s *Store) Subscribe(id int64) (<-chan int64, func()) {
	s.listen() // PostgreSQL: other processes' commits too
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

// publish records revision rev of tournament id, written at updated (UTC
// milliseconds), and hands it to every subscriber without blocking: a
// revision the subscriber has not taken yet is replaced. Call it only
// after the change is committed.
func (h *hub) publish(id, rev, updated int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.publishLocked(id, rev, updated)
}

// remote publishes a commit of another process (live.go): only for a
// tournament or table this process knows or follows, so the revisions
// kept stay those this process uses.
func (h *hub) remote(id, rev, updated int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.known[id] != nil || len(h.subs[id]) > 0 {
		h.publishLocked(id, rev, updated)
	}
}

// changed publishes what the listener read after a lost connection
// (resync), unless it is what this process knows already.
func (h *hub) changed(id, rev, updated int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if k := h.known[id]; k == nil || k.rev != rev || k.updated != updated {
		h.publishLocked(id, rev, updated)
	}
}

func (h *hub) publishLocked(id, rev, updated int64) {
	if h.known == nil {
		h.known = map[int64]*knownRevision{}
	}
	k := h.known[id]
	if k == nil {
		k = &knownRevision{}
		h.known[id] = k
	}
	// Two commits may publish in the other order (the second one's
	// goroutine can be quicker after the commit): never step back.
	if rev > k.rev || (rev == k.rev && updated != k.updated) {
		k.rev, k.updated, k.checked = rev, updated, time.Now()
		k.gen++
	}
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
// such tournament. Every request of a public page asks (the web app keeps
// rendered pages per revision), so it answers from memory: a commit of
// this process is known the moment it is published, and the database is
// read again when what is known is older than revisionTTL.
func (s *Store) Revision(ctx context.Context, id int64) (rev int64, updated time.Time, err error) {
	h := &s.hub
	h.mu.Lock()
	k := h.known[id]
	var gen uint64
	if k != nil {
		if time.Since(k.checked) < revisionTTL {
			rev, ms := k.rev, k.updated
			h.mu.Unlock()
			return rev, fromMillis(ms), nil
		}
		gen = k.gen
	}
	h.mu.Unlock()

	db, err := s.rdb.DB()
	if err != nil {
		return 0, time.Time{}, err
	}
	// database/sql directly, as this runs for every page: the driver's
	// own placeholder.
	query := `SELECT revision, updated_at FROM tournaments WHERE id = ?`
	if s.pg {
		query = `SELECT revision, updated_at FROM tournaments WHERE id = $1`
	}
	var ms int64
	err = db.QueryRowContext(ctx, query, id).Scan(&rev, &ms)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, ErrNotFound
	}
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("store: revision of tournament %d: %w", id, err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.known == nil {
		h.known = map[int64]*knownRevision{}
	}
	switch k := h.known[id]; {
	case k == nil:
		h.known[id] = &knownRevision{rev: rev, updated: ms, checked: time.Now()}
	case k.gen == gen: // no commit since the read began: it is current
		k.rev, k.updated, k.checked = rev, ms, time.Now()
	}
	return rev, fromMillis(ms), nil
}
