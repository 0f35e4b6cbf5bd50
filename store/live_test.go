package store_test

import (
	"database/sql"
	"errors"
	"fmt"
	"testing"
	"time"

	"bummerl/store"
	"bummerl/store/storetest"
)

// waitFor polls cond until it holds; a stuck listener or sync fails the
// test after a generous deadline (not a speed floor).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// adminDB is a connection to the test's PostgreSQL database, as the
// administrator at the console.
func adminDB(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// listening subscribes to tournament id on s: the first subscription
// returns once s's listener listens.
func listening(t *testing.T, s *store.Store, id int64) (<-chan int64, func()) {
	t.Helper()
	ch, unsubscribe := s.Subscribe(id)
	if n := store.ListenerConnects(s); n != 1 {
		t.Fatalf("listener connected %d times when the first subscription returned", n)
	}
	return ch, unsubscribe
}

// A commit in one process reaches the subscribers of another (issue 26):
// a tournament's new revision and a digital table's move, each with the
// revision the committing process wrote, and Revision knows it at once.
func TestLiveAcrossProcesses(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	a, b := mustOpenPath(t, dsn), mustOpenPath(t, dsn)
	tr := drawnTournament(t, b)
	ch, unsubscribe := listening(t, a, tr.ID)
	defer unsubscribe()

	rename(t, b, tr.ID, "Im anderen Prozess")
	want, _, err := b.Revision(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := next(t, ch); got != want {
		t.Fatalf("revision %d arrived, want %d", got, want)
	}
	if got, _, err := a.Revision(ctx, tr.ID); err != nil || got != want {
		t.Fatalf("Revision in the other process: %d (%v), want %d", got, err, want)
	}

	dt, err := b.StartTable(ctx, tr.ID, 1, firstPlayable(t, tr).No, admin, "live-seed", 0, seatTokens(1))
	if err != nil {
		t.Fatal(err)
	}
	moves, unsubMoves := a.SubscribeTable(dt.ID)
	defer unsubMoves()
	v := view(t, b, dt.ID, 0)
	mv := view(t, b, dt.ID, v.ToMove).Legal[0]
	mv.ID = "m1"
	if _, applied, err := b.PlayMove(ctx, dt.ID, mv, -1); err != nil || !applied {
		t.Fatalf("move: %v %v", applied, err)
	}
	if got := next(t, moves); got != 1 {
		t.Fatalf("table's move count %d arrived, want 1", got)
	}
}

// A listener whose connection is killed (pg_terminate_backend) connects
// again and then publishes the current revision of every subscribed
// tournament, so a stream gets the commits it missed meanwhile (issue 26:
// never a missed final state).
func TestListenerReconnects(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	a, b := mustOpenPath(t, dsn), mustOpenPath(t, dsn)
	tr := drawnTournament(t, b)
	release := store.HoldListener(a)
	defer release()
	ch, unsubscribe := listening(t, a, tr.ID)
	defer unsubscribe()

	db := adminDB(t, dsn)
	name := store.ListenerName(a)
	var killed bool
	if err := db.QueryRow(`SELECT bool_or(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, name).Scan(&killed); err != nil || !killed {
		t.Fatalf("terminate the listener %q: %v %v", name, killed, err)
	}
	waitFor(t, "the listener's backend is gone", func() bool {
		var n int
		return db.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, name).Scan(&n) == nil && n == 0
	})
	// Nobody listens in a now: these commits' notifications are lost.
	rename(t, b, tr.ID, "Eins")
	rename(t, b, tr.ID, "Zwei")
	want, _, err := b.Revision(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	release()
	waitFor(t, "the listener connects again", func() bool { return store.ListenerConnects(a) == 2 })
	if got := next(t, ch); got != want {
		t.Fatalf("after reconnecting: revision %d, want %d", got, want)
	}
}

// The login throttle counts in the database (issue 26): failures through
// two stores (two processes) add up; the 21st attempt from one address,
// each with a new name, must wait on either; a success forgets the name's
// failures, not the address's.
func TestLoginThrottleShared(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		stores := []*store.Store{open(), open()}
		at := time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
		attempt := func(name, addr string) store.LoginAttempt {
			return store.LoginAttempt{Name: name, Addr: addr, At: at,
				PerName: store.Backoff{Free: 5, First: 30 * time.Second, Max: 15 * time.Minute},
				PerAddr: store.Backoff{Free: 20, First: 30 * time.Second, Max: 15 * time.Minute}}
		}
		fail := func() (store.User, error) { return store.User{}, store.ErrBadLogin }
		for i := range 20 {
			_, wait, err := stores[i%2].TryLogin(ctx, attempt("name"+string(rune('a'+i)), "198.51.100.7"), fail)
			if wait != 0 || !errors.Is(err, store.ErrBadLogin) {
				t.Fatalf("failure %d: wait %v, %v", i+1, wait, err)
			}
		}
		for i, s := range stores {
			checked := false
			_, wait, err := s.TryLogin(ctx, attempt("new-name", "198.51.100.7"), func() (store.User, error) {
				checked = true
				return store.User{}, nil
			})
			if wait != 30*time.Second || err != nil || checked {
				t.Errorf("21st attempt through store %d: wait %v, %v, password checked %v; want a wait of 30 s unchecked", i, wait, err, checked)
			}
			if w, err := s.LoginWait(ctx, attempt("new-name", "198.51.100.7")); w != 30*time.Second || err != nil {
				t.Errorf("LoginWait through store %d: %v %v", i, w, err)
			}
		}
		if w, err := stores[1].LoginWait(ctx, attempt("new-name", "198.51.100.8")); w != 0 || err != nil {
			t.Errorf("another address: wait %v %v", w, err)
		}

		// The name from another address: 5 failures lock the name there;
		// a success (after the wait) forgets them, and the address keeps its count.
		for range 5 {
			stores[0].TryLogin(ctx, attempt("Anna", "203.0.113.1"), fail)
		}
		if w, _ := stores[1].LoginWait(ctx, attempt("anna ", "203.0.113.1")); w != 30*time.Second {
			t.Errorf("Anna after 5 failures: wait %v, want 30 s (names fold)", w)
		}
		at = at.Add(31 * time.Second)
		if _, w, err := stores[1].TryLogin(ctx, attempt("Anna", "203.0.113.1"), func() (store.User, error) { return store.User{Name: "Anna"}, nil }); w != 0 || err != nil {
			t.Fatalf("Anna's login after the wait: %v %v", w, err)
		}
		for range 4 {
			stores[0].TryLogin(ctx, attempt("Anna", "203.0.113.1"), fail)
		}
		if w, _ := stores[0].LoginWait(ctx, attempt("Anna", "203.0.113.1")); w != 0 {
			t.Errorf("4 failures after a success: wait %v, want none", w)
		}
		for i := range 11 { // 5 + 4 + 11: the address's 20th failure
			stores[1].TryLogin(ctx, attempt("other"+string(rune('a'+i)), "203.0.113.1"), fail)
		}
		if w, _ := stores[0].LoginWait(ctx, attempt("Anna", "203.0.113.1")); w != 30*time.Second {
			t.Errorf("the address's 20th failure, counting those before the success: wait %v, want 30 s", w)
		}
	})
}

func TestBackoffWaitGrowsAndCaps(t *testing.T) {
	t.Parallel()
	b := store.Backoff{Free: 5, First: 30 * time.Second, Max: 15 * time.Minute}
	var last time.Duration
	for i := 1; i <= 20; i++ {
		w := b.Wait(i)
		switch {
		case i < b.Free && w != 0:
			t.Fatalf("failure %d: wait %v, want none", i, w)
		case i >= b.Free && (w < last || w > b.Max || w == 0):
			t.Fatalf("failure %d: wait %v after %v (max %v)", i, w, last, b.Max)
		}
		last = w
	}
	if last != b.Max {
		t.Errorf("wait after 20 failures = %v, want the cap %v", last, b.Max)
	}
}

// Counts per address add up over the processes on a PostgreSQL database
// (issue 26); a process that closes takes its counts along, and the
// counts of a process that went silent (killed) count no more and are
// removed.
func TestAddrCountsShared(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	a, b := mustOpenPath(t, dsn), mustOpenPath(t, dsn)
	ca, cb := a.AddrCounts("streams"), b.AddrCounts("streams")
	db := adminDB(t, dsn)
	for _, q := range []string{
		`INSERT INTO live_processes (id, seen_at) VALUES ('killed', (extract(epoch FROM now()) * 1000)::bigint - 60000)`,
		`INSERT INTO address_counts (process, kind, addr, n) VALUES ('killed', 'streams', '192.0.2.1', 50)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	ca.Set("192.0.2.1", 3)
	ca.Set("192.0.2.2", 1)
	cb.Set("192.0.2.1", 2)
	for _, s := range []*store.Store{a, b} {
		if err := store.SyncCounts(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.SyncCounts(a); err != nil {
		t.Fatal(err)
	}
	if got := cb.Others("192.0.2.1"); got != 3 {
		t.Errorf("b sees %d of a's streams from 192.0.2.1, want 3 (the killed process's 50 not counted)", got)
	}
	if got := ca.Others("192.0.2.1"); got != 2 {
		t.Errorf("a sees %d of b's, want 2", got)
	}
	var ghosts int
	if err := db.QueryRow(`SELECT count(*) FROM address_counts WHERE process = 'killed'`).Scan(&ghosts); err != nil || ghosts != 0 {
		t.Errorf("the killed process's counts: %d rows (%v), want removed", ghosts, err)
	}
	ca.Set("192.0.2.2", 0)
	if err := store.SyncCounts(a); err != nil {
		t.Fatal(err)
	}
	if err := store.SyncCounts(b); err != nil {
		t.Fatal(err)
	}
	if got := cb.Others("192.0.2.2"); got != 0 {
		t.Errorf("after a's stream went: b sees %d", got)
	}
	a.Close()
	if err := store.SyncCounts(b); err != nil {
		t.Fatal(err)
	}
	if got := cb.Others("192.0.2.1"); got != 0 {
		t.Errorf("after a closed: b sees %d", got)
	}
}

// The replayed matches each process keeps (the table cache) are tagged
// with the move count read under the tournament's lock (issue 26): moves
// made alternately through two stores (two processes) each find the other's
// move, so every move applies to the current state, each store reads the
// same state afterwards, and the deciding move records the result.
func TestTableCacheAcrossProcesses(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		stores := []*store.Store{open(), open()}
		tr := drawnTournament(t, stores[0])
		mt := firstPlayable(t, tr)
		dt, err := stores[1].StartTable(ctx, tr.ID, 1, mt.No, admin, "alternate", 0, seatTokens(1))
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; ; n++ {
			s := stores[n%2]
			v := view(t, s, dt.ID, 0)
			if other := view(t, stores[1-n%2], dt.ID, 0); other.Seq != v.Seq {
				t.Fatalf("move %d: the stores read %d and %d moves", n, v.Seq, other.Seq)
			}
			if v.Finished {
				break
			}
			mv := view(t, s, dt.ID, v.ToMove).Legal[0]
			mv.ID = fmt.Sprint("alt", n)
			if _, applied, err := s.PlayMove(ctx, dt.ID, mv, v.Seq); err != nil || !applied {
				t.Fatalf("move %d through store %d: %v %v", n, n%2, applied, err)
			}
		}
		got, err := stores[0].Load(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m := got.Rounds[0].Matches[mt.No-1]; !m.Played() {
			t.Fatalf("the decided match has no result: %+v", m)
		}
	})
}
