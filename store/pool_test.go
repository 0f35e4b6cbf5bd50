package store

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store/storetest"
)

// TestReadPoolBounded: many readers at once share a bounded pool of
// connections instead of opening one each (issue 7, item 5).
func TestReadPoolBounded(t *testing.T) {
	t.Parallel()
	storetest.EachBackend(t, readPoolBounded)
}

func readPoolBounded(t *testing.T, dsn string) {
	s, err := Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tour, err := s.Create(t.Context(), User{Name: "x"}, tournament.Settings{Name: "T", Cards: 8, MaxCards: 1, Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2, Prizes: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	sqlDB, err := s.rdb.DB()
	if err != nil {
		t.Fatal(err)
	}
	var most atomic.Int64
	stop := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			if n := int64(sqlDB.Stats().OpenConnections); n > most.Load() {
				most.Store(n)
			}
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	}()
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for range 5 {
				if _, err := s.Load(t.Context(), tour.ID); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	<-watched
	if got, limit := most.Load(), int64(readConns()); got > limit {
		t.Errorf("%d reader connections open at once, want at most %d", got, limit)
	}
	if st := sqlDB.Stats(); st.MaxOpenConnections != readConns() {
		t.Errorf("reader pool limit %d, want %d", st.MaxOpenConnections, readConns())
	}
}
