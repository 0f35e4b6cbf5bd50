package web

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/labstack/echo/v4"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/domain/tournament"
)

// snapshots keep the newest revision of each tournament loaded for the
// public pages (docs/performance.md, "One build per revision"): after a
// result, hundreds of phones' parts render for the same revision, and
// each would load the whole tournament and compute its standings, board
// and prizes again. Here the first render loads it, the others wait for
// it and share it, and what the pages derive from it is computed once.
// A snapshot is never changed: the public pages only read (cached routes,
// pagecache.go); writes load their own copy through store.Update.
type snapshots struct {
	mu   sync.Mutex
	byID map[int64]*snapshotLoad
	// loads counts the tournaments loaded for snapshots (tests).
	loads atomic.Int64
}

type snapshotLoad struct {
	stamp httpkit.PageStamp
	done  chan struct{}
	snap  *snapshot
	err   error
}

// snapshot is a loaded tournament with what the public pages derive from
// it, each computed on first use.
type snapshot struct {
	t         *tournament.Tournament
	standings func() []tournament.Standing
	prizes    func() []tournament.Award
	board     func() tournament.Board
	cards     func() map[tournament.PlayerID][]tournament.CardNo
	// season: the standing of the tournament's season, once (season.go).
	seasonOnce sync.Once
	season     *seasonStanding
}

func newSnapshot(t *tournament.Tournament) *snapshot {
	return &snapshot{
		t:         t,
		standings: sync.OnceValue(t.Standings),
		prizes:    sync.OnceValue(t.Prizes),
		board:     sync.OnceValue(t.Board),
		cards:     sync.OnceValue(t.CardsByPlayer),
	}
}

// get is tournament id at stamp, loaded by load once. An older stamp than
// the newest one kept (a request that began before a change) loads for
// itself.
func (s *snapshots) get(ctx context.Context, id int64, stamp httpkit.PageStamp, load func(context.Context) (*tournament.Tournament, error)) (*snapshot, error) {
	s.mu.Lock()
	l := s.byID[id]
	switch {
	case l != nil && l.stamp == stamp:
		s.mu.Unlock()
		select {
		case <-l.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if l.err == nil {
			return l.snap, nil
		}
		return nil, l.err
	case l != nil && l.stamp.Rev > stamp.Rev:
		s.mu.Unlock()
		t, err := load(ctx)
		if err != nil {
			return nil, err
		}
		return newSnapshot(t), nil
	}
	l = &snapshotLoad{stamp: stamp, done: make(chan struct{})}
	s.byID[id] = l
	s.mu.Unlock()
	s.loads.Add(1)
	// Not the request's context: others wait for this load, and one
	// visitor leaving must not fail it for them.
	t, err := load(context.WithoutCancel(ctx))
	if err == nil {
		l.snap = newSnapshot(t)
	}
	l.err = err
	close(l.done)
	if err != nil {
		s.mu.Lock()
		if s.byID[id] == l {
			delete(s.byID, id) // the next request tries again
		}
		s.mu.Unlock()
	}
	return l.snap, err
}

// Context keys: the stamp a public page may share a snapshot at (set by
// cached), and the snapshot a request's handler loaded.
type snapshotStampKey struct{}

const snapshotKey = "snapshot"

// derived is the snapshot of t that the request loaded, or one of its own
// for a tournament loaded otherwise (then nothing is shared).
func derived(c echo.Context, t *tournament.Tournament) *snapshot {
	if sn, ok := c.Get(snapshotKey).(*snapshot); ok && sn.t == t {
		return sn
	}
	return newSnapshot(t)
}
