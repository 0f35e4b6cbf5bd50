package store

import "sync"

// rowCache keeps the rows of the tournaments saved or loaded last, keyed
// by id and tagged with their revision and update time. Every save bumps
// the revision in the same transaction, so a cached entry whose tags match
// the database's tournament row is exactly what a full load would read;
// Update then reads one row instead of ~12,000 for a 4096-card
// tournament. (The time guards against a database file swapped under a
// running server that happens to reach the same revision.) Entries are
// never changed after put.
type rowCache struct {
	mu      sync.Mutex
	entries map[int64]*rowSet
}

// cacheSize bounds memory: a 4096-card tournament takes about 2 MB.
const cacheSize = 8

func (c *rowCache) get(t tournamentRow) *rowSet {
	c.mu.Lock()
	defer c.mu.Unlock()
	if rs := c.entries[t.ID]; rs != nil && rs.t.Revision == t.Revision && rs.t.Updated == t.Updated {
		return rs
	}
	return nil
}

// put replaces the entry of rs's tournament. When two goroutines race,
// an older revision may win; that costs one full load later, nothing more.
func (c *rowCache) put(rs *rowSet) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[int64]*rowSet, cacheSize)
	}
	id := rs.t.ID
	if _, ok := c.entries[id]; !ok && len(c.entries) >= cacheSize {
		for k := range c.entries { // any one; the map's order is random
			delete(c.entries, k)
			break
		}
	}
	c.entries[id] = rs
}

// retag moves the entry of tournament row t to revision rev written at
// updated, for a commit that changed none of its rows (touchTournament).
// An entry of another revision stays as it is; the entry put is a copy.
func (c *rowCache) retag(t tournamentRow, rev, updated int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	rs := c.entries[t.ID]
	if rs == nil || rs.t.Revision != t.Revision || rs.t.Updated != t.Updated {
		return
	}
	cp := *rs
	cp.t.Revision, cp.t.Updated = rev, updated
	c.entries[t.ID] = &cp
}
