package store

import (
	"context"
	"fmt"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Counts per client address shared by the processes on one PostgreSQL
// database (issue 26): what one process holds open for an address (the
// visitors' live streams) is bounded by what all of them hold, so a
// client cannot multiply a bound by the number of processes. Each process
// keeps its own counts in memory, as before, and a goroutine writes the
// changed ones every shareEvery to address_counts and reads the sums of
// the other processes back. A bound is therefore checked against the
// others' counts as of at most shareEvery ago: a burst within that time
// can pass it once; the streams it let through end within their renewal
// (a minute) and are not let back. Process rows carry a heartbeat
// (live_processes.seen_at, the database's clock): the counts of a process
// silent for shareStale are ignored, and after shareForget removed with
// it, so a killed process leaves nothing that counts. Both tables are
// UNLOGGED: nothing to recover after a crash of the database server, and
// no WAL to write. On SQLite, one serving process, the counts stay in
// memory.

const (
	shareEvery  = 500 * time.Millisecond
	shareStale  = 5 * time.Second
	shareForget = 30 * time.Second
	// shareResend: every so many syncs all own counts are written again,
	// should another process have removed them (after a pause longer
	// than shareForget).
	shareResend = 20
)

// AddrCounts are a process's counts of one kind per client address, and
// the other processes' sums.
type AddrCounts struct {
	s    *Store
	kind string

	mu     sync.Mutex
	own    map[string]int
	dirty  map[string]bool
	others map[string]int
}

// shared is the Store's AddrCounts by kind and their sync goroutine.
type shared struct {
	mu     sync.Mutex
	kinds  map[string]*AddrCounts
	cancel context.CancelFunc
	done   chan struct{}
	closed bool
	// syncing lets one syncCounts run at a time: two at once (the tick's
	// and a test's) could commit an older snapshot of the counts after a
	// newer one, bringing back a count already removed.
	syncing sync.Mutex
}

// AddrCounts is the store's counts of kind (one per kind).
func (s *Store) AddrCounts(kind string) *AddrCounts {
	sh := &s.shared
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.kinds == nil {
		sh.kinds = map[string]*AddrCounts{}
	}
	c := sh.kinds[kind]
	if c == nil {
		c = &AddrCounts{s: s, kind: kind, own: map[string]int{}, dirty: map[string]bool{}, others: map[string]int{}}
		sh.kinds[kind] = c
	}
	if s.pg && sh.done == nil && !sh.closed {
		s.startSharing()
	}
	return c
}

// Others is what the other processes hold for addr.
func (c *AddrCounts) Others(addr string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.others[addr]
}

// Set records that this process now holds n for addr.
func (c *AddrCounts) Set(addr string, n int) {
	if !c.s.pg {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.own[addr] != n {
		c.own[addr] = n
		c.dirty[addr] = true
	}
}

// startSharing starts the sync goroutine (sh.mu held): every process
// that bounds counts reads the others', whether or not it holds any.
func (s *Store) startSharing() {
	sh := &s.shared
	ctx, cancel := context.WithCancel(context.Background())
	sh.cancel, sh.done = cancel, make(chan struct{})
	go func() {
		defer close(sh.done)
		tick := time.NewTicker(shareEvery)
		defer tick.Stop()
		for n := 0; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			_ = s.syncCounts(ctx, n%shareResend == 0) // a failure is retried at the next tick, in full
			if ctx.Err() != nil {
				return
			}
		}
	}()
}

// stopSharing ends the sync and removes this process's counts (Close).
func (s *Store) stopSharing() {
	sh := &s.shared
	sh.mu.Lock()
	sh.closed = true
	cancel, done := sh.cancel, sh.done
	sh.mu.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	<-done
	ctx, stop := context.WithTimeout(context.Background(), 2*time.Second)
	defer stop()
	_ = s.db.WithContext(ctx).Exec(`DELETE FROM live_processes WHERE id = ?`, s.proc).Error
}

// addrCount is a row of address_counts.
type addrCount struct {
	Process string `gorm:"primaryKey"`
	Kind    string `gorm:"primaryKey"`
	Addr    string `gorm:"primaryKey"`
	N       int
}

func (addrCount) TableName() string { return "address_counts" }

// syncCounts writes this process's changed counts (all of them if full),
// its heartbeat, and reads the other processes' sums, in one transaction.
func (s *Store) syncCounts(ctx context.Context, full bool) error {
	sh := &s.shared
	sh.syncing.Lock()
	defer sh.syncing.Unlock()
	sh.mu.Lock()
	kinds := make([]*AddrCounts, 0, len(sh.kinds))
	for _, c := range sh.kinds {
		kinds = append(kinds, c)
	}
	sh.mu.Unlock()
	// What to write, taken under each kind's lock; on failure it is
	// marked again.
	var write, remove []addrCount
	for _, c := range kinds {
		c.mu.Lock()
		for addr, n := range c.own {
			switch {
			case n > 0 && (full || c.dirty[addr]):
				write = append(write, addrCount{Process: s.proc, Kind: c.kind, Addr: addr, N: n})
			case n <= 0:
				remove = append(remove, addrCount{Process: s.proc, Kind: c.kind, Addr: addr})
				delete(c.own, addr)
			}
		}
		clear(c.dirty)
		c.mu.Unlock()
	}
	sums := map[string]map[string]int{}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var now int64
		if err := tx.Raw(`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint`).Scan(&now).Error; err != nil {
			return err
		}
		if err := tx.Exec(`INSERT INTO live_processes (id, seen_at) VALUES (?, ?)
			ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`, s.proc, now).Error; err != nil {
			return err
		}
		if full {
			if err := tx.Exec(`DELETE FROM live_processes WHERE seen_at < ?`, now-shareForget.Milliseconds()).Error; err != nil {
				return err
			}
		}
		for _, r := range remove {
			if err := tx.Delete(&r).Error; err != nil {
				return err
			}
		}
		if len(write) > 0 {
			if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "process"}, {Name: "kind"}, {Name: "addr"}},
				DoUpdates: clause.AssignmentColumns([]string{"n"})}).Create(&write).Error; err != nil {
				return err
			}
		}
		var rows []struct {
			Kind, Addr string
			N          int
		}
		if err := tx.Raw(`SELECT c.kind, c.addr, SUM(c.n) AS n FROM address_counts c JOIN live_processes p ON p.id = c.process
			WHERE c.process <> ? AND p.seen_at >= ? GROUP BY c.kind, c.addr`, s.proc, now-shareStale.Milliseconds()).Scan(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			if sums[r.Kind] == nil {
				sums[r.Kind] = map[string]int{}
			}
			sums[r.Kind][r.Addr] = r.N
		}
		return nil
	})
	for _, c := range kinds {
		c.mu.Lock()
		if err != nil {
			for _, w := range write {
				if w.Kind == c.kind {
					c.dirty[w.Addr] = true
				}
			}
			for _, r := range remove {
				if r.Kind == c.kind {
					if _, ok := c.own[r.Addr]; !ok {
						c.own[r.Addr], c.dirty[r.Addr] = 0, true
					}
				}
			}
		} else {
			c.others = sums[c.kind]
			if c.others == nil {
				c.others = map[string]int{}
			}
		}
		c.mu.Unlock()
	}
	if err != nil {
		return fmt.Errorf("store: share counts: %w", err)
	}
	return nil
}
