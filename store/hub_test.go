package store_test

import (
	"errors"
	"testing"
	"time"

	"bummerl/domain/tournament"
	"bummerl/store"
)

// rename is a small committed change.
func rename(tb testing.TB, s *store.Store, id int64, name string) {
	tb.Helper()
	if _, err := s.Update(ctx, id, admin, "rename", func(t *tournament.Tournament) error {
		t.Settings.Name = name
		return nil
	}); err != nil {
		tb.Fatal(err)
	}
}

// next waits a moment for a revision on ch.
func next(tb testing.TB, ch <-chan int64) int64 {
	tb.Helper()
	select {
	case rev := <-ch:
		return rev
	case <-time.After(5 * time.Second):
		tb.Fatal("no revision published")
		return 0
	}
}

func none(tb testing.TB, ch <-chan int64) {
	tb.Helper()
	select {
	case rev := <-ch:
		tb.Fatalf("revision %d published, want none", rev)
	default:
	}
}

// Every committed change publishes the tournament's new revision, Create
// included; a failed action publishes nothing.
func TestHubPublishesCommits(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		ch, unsubscribe := s.Subscribe(1) // before the tournament exists
		defer unsubscribe()
		other, unsubOther := s.Subscribe(2)
		defer unsubOther()
		tr := mustCreate(t, s, settings(8))
		if tr.ID != 1 {
			t.Fatalf("id %d, want 1", tr.ID)
		}
		if rev := next(t, ch); rev != 1 {
			t.Errorf("create published revision %d, want 1", rev)
		}
		rename(t, s, 1, "Zweiter Name")
		rev := next(t, ch)
		if got, _, err := s.Revision(ctx, 1); err != nil || got != rev || rev != 2 {
			t.Errorf("update published %d, store says %d (%v), want 2", rev, got, err)
		}

		// Rolled back: the action fails, nothing is written, nothing told.
		boom := errors.New("refused")
		if _, err := s.Update(ctx, 1, admin, "fail", func(t *tournament.Tournament) error {
			t.Settings.Name = "nie gespeichert"
			return boom
		}); !errors.Is(err, boom) {
			t.Fatalf("failing action: %v", err)
		}
		none(t, ch)
		none(t, other) // another tournament's subscribers hear nothing
		if got, _, _ := s.Revision(ctx, 1); got != 2 {
			t.Errorf("revision %d after a failed action, want 2", got)
		}
		if _, _, err := s.Revision(ctx, 99); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("revision of a missing tournament: %v, want ErrNotFound", err)
		}
	})
}

// A subscriber that never reads does not slow the writer: every update
// returns, and the channel holds the newest revision only (latest wins).
func TestHubSlowSubscriber(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		id := mustCreate(t, s, settings(8)).ID
		slow, unsubscribe := s.Subscribe(id)
		defer unsubscribe()
		fast, unsubFast := s.Subscribe(id)
		defer unsubFast()
		done := make(chan struct{})
		var seen []int64
		go func() {
			defer close(done)
			for rev := range fast {
				seen = append(seen, rev)
				if rev == 21 {
					return
				}
			}
		}()
		for i := range 20 {
			rename(t, s, id, "Name "+string(rune('A'+i)))
		}
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("the reading subscriber saw %v, never revision 21", seen)
		}
		if rev := next(t, slow); rev != 21 {
			t.Errorf("slow subscriber got %d, want the latest revision 21", rev)
		}
		none(t, slow)
		for i := 1; i < len(seen); i++ {
			if seen[i] <= seen[i-1] {
				t.Errorf("revisions out of order: %v", seen)
			}
		}
	})
}

// Unsubscribing removes the subscription (twice is harmless); many
// subscribers each get the revision.
func TestHubSubscribers(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		id := mustCreate(t, s, settings(8)).ID
		const n = 1000
		chans := make([]<-chan int64, n)
		unsubs := make([]func(), n)
		for i := range n {
			chans[i], unsubs[i] = s.Subscribe(id)
		}
		if got := s.Subscribers(id); got != n {
			t.Fatalf("%d subscribers, want %d", got, n)
		}
		rename(t, s, id, "Neu")
		for i, ch := range chans {
			if rev := next(t, ch); rev != 2 {
				t.Fatalf("subscriber %d got %d, want 2", i, rev)
			}
		}
		for _, u := range unsubs {
			u()
			u()
		}
		if got := s.Subscribers(id); got != 0 {
			t.Errorf("%d subscribers after unsubscribing, want 0", got)
		}
		rename(t, s, id, "Noch neuer")
		none(t, chans[0])
	})
}

// Revision answers from what the store knows: its own commits at once, a
// change written through another Store (another process) within a second.
func TestRevisionKnown(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s, other := open(), open()
		id := mustCreate(t, s, settings(8)).ID
		if rev, _, err := other.Revision(ctx, id); err != nil || rev != 1 {
			t.Fatalf("revision %d (%v), want 1", rev, err)
		}
		for i := range 3 {
			rename(t, s, id, "Name "+string(rune('A'+i)))
			if rev, _, _ := s.Revision(ctx, id); rev != int64(i+2) {
				t.Errorf("own commit: revision %d, want %d at once", rev, i+2)
			}
		}
		start := time.Now()
		for {
			rev, _, err := other.Revision(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if rev == 4 {
				break
			}
			if time.Since(start) > 3*time.Second {
				t.Fatalf("the other store still says revision %d after %v", rev, time.Since(start))
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("another store's change seen after %v", time.Since(start))
	})
}
