package store

import "sync"

// rowCache keeps the rows of the tournaments saved or loaded last, keyed
// by id and tagged with their revision. Every save bumps the revision in
// the same transaction, so a cached entry whose revision matches the
// database's is exactly what a full load would read; Update then reads
// one row instead of ~12,000 for a 4096-card tournament. Entries are
// never changed after put.
type rowCache struct {
	mu      sync.Mutex
	entries map[int64]*rowSet
}

// cacheSize bounds memory: a 4096-card tournament takes about 2 MB.
const cacheSize = 8

func (c *rowCache) get(id, revision int64) *rowSet {
	c.mu.Lock()
	defer c.mu.Unlock()
	if rs := c.entries[id]; rs != nil && rs.t.Revision == revision {
		return rs
	}
	return nil
}

// put keeps rs unless a newer revision of the same tournament is cached.
func (c *rowCache) put(rs *rowSet) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[int64]*rowSet, cacheSize)
	}
	id := rs.t.ID
	if old := c.entries[id]; old != nil && old.t.Revision > rs.t.Revision {
		return
	}
	if _, ok := c.entries[id]; !ok && len(c.entries) >= cacheSize {
		for k := range c.entries { // any one; the map's order is random
			delete(c.entries, k)
			break
		}
	}
	c.entries[id] = rs
}
