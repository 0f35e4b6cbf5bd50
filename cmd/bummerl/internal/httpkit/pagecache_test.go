package httpkit

import (
	"bytes"
	"strconv"
	"testing"
)

// TestPageCacheBound: the cache holds at most its size; the least
// recently used pages go first.
func TestPageCacheBound(t *testing.T) {
	p := NewPageCache(8000)
	entry := func(url string, rev int64, size int) *pageEntry {
		return &pageEntry{key: PageKey{ID: 1, Stamp: PageStamp{Rev: rev}, URL: url}, parts: [][]byte{bytes.Repeat([]byte("x"), size)}, size: size}
	}
	p.mu.Lock()
	for i := range 20 {
		p.put(entry("/p"+strconv.Itoa(i), 1, 900))
		if p.bytes > p.maxBytes {
			t.Errorf("%d bytes kept, bound %d", p.bytes, p.maxBytes)
		}
	}
	_, newest := p.items[entry("/p19", 1, 0).key]
	_, oldest := p.items[entry("/p0", 1, 0).key]
	if !newest || oldest || p.lru.Len() != 8 {
		t.Errorf("%d pages kept, newest %v, oldest %v; want the 8 newest", p.lru.Len(), newest, oldest)
	}
	p.put(entry("/big", 1, 5000)) // bigger than an eighth: not kept
	if _, ok := p.items[entry("/big", 1, 0).key]; ok {
		t.Error("a page of more than an eighth of the cache was kept")
	}
	// A new revision drops the tournament's older pages; an older one is
	// not kept.
	p.put(entry("/q", 2, 100))
	p.put(entry("/old", 1, 100))
	if p.lru.Len() != 1 || p.bytes != 100 {
		t.Errorf("%d pages (%d bytes) after a new revision, want its one page", p.lru.Len(), p.bytes)
	}
	p.mu.Unlock()
}
