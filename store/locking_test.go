package store_test

import (
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/store/storetest"
)

// resultFor is the action "enter the result of match no of round 1, as
// seen at version", A winning 2:0 (B-3).
func resultFor(no, version int) func(*tournament.Tournament) error {
	return func(t *tournament.Tournament) error {
		m := t.Rounds[0].Matches[no-1]
		return t.SetResult(1, no, version, tournament.Result{Winner: m.A, Bummerl: [2]int{2, 0}})
	}
}

// TestStaleResultRefused: two helpers, on two stores of one database (two
// processes, or two servers in front of one PostgreSQL), open the same
// match and save a result; the second save carries the version both forms
// were loaded at and is refused with the domain's Conflict. Nothing of it
// is written, on either backend.
func TestStaleResultRefused(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s1, s2 := open(), open()
		tr := drawnTournament(t, s1)
		m := firstPlayable(t, tr)
		if _, err := s1.Update(ctx, tr.ID, admin, "result", resultFor(m.No, m.Version)); err != nil {
			t.Fatal(err)
		}
		_, err := s2.Update(ctx, tr.ID, admin, "result", resultFor(m.No, m.Version))
		if tournament.ErrorKind(err) != tournament.Conflict {
			t.Fatalf("stale result: got %v, want a Conflict", err)
		}
		audit, err := s2.Audit(ctx, tr.ID)
		if err != nil || audit[0].Action != "result" || len(audit) != 3 { // create, sell+draw, one result
			t.Fatalf("audit after the refused save: %d lines (%v)", len(audit), err)
		}
	})
}

// TestConcurrentResults: 4 helpers on 2 stores enter the results of 4
// tournaments at once, each helper his own matches; every result is
// saved exactly once with its version bumped, none is lost (the
// serialisation per tournament holds on both backends; run with -race).
func TestConcurrentResults(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		stores := []*store.Store{open(), open()}
		var tours []*tournament.Tournament
		for range 4 {
			tours = append(tours, drawnTournament(t, stores[0]))
		}
		var wg sync.WaitGroup
		for h := range 4 {
			wg.Go(func() {
				s := stores[h%2]
				for _, tr := range tours {
					m := tr.Rounds[0].Matches[h] // 8 cards: 4 matches
					if _, err := s.Update(ctx, tr.ID, admin, "result", resultFor(m.No, m.Version)); err != nil {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
		for _, tr := range tours {
			got, err := stores[1].Load(ctx, tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range got.Rounds[0].Matches {
				if m.Result == nil || m.Version != tr.Rounds[0].Matches[i].Version+1 {
					t.Errorf("tournament %d match %d: result %v, version %d", tr.ID, m.No, m.Result, m.Version)
				}
			}
		}
	})
}

// TestPostgresWritesOfOtherTournamentsDoNotWait: on PostgreSQL a write of
// tournament A that is still open (its action has not returned) holds
// only A's row lock: a write of tournament B commits meanwhile, and a
// second write of A waits for the first, then sees its result. (SQLite
// serialises every write; there B would wait too.) No timing is asserted:
// the waiting write is seen waiting in pg_stat_activity, and the timeouts
// only end a test that would otherwise hang.
func TestPostgresWritesOfOtherTournamentsDoNotWait(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	s := mustOpenPath(t, dsn)
	a, b := drawnTournament(t, s), drawnTournament(t, s)
	ma, mb := a.Rounds[0].Matches[0], b.Rounds[0].Matches[0]

	inside, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	releaseA := func() { once.Do(func() { close(release) }) }
	t.Cleanup(releaseA) // before the store closes: a failed test must not hang there
	firstDone := make(chan error, 1)
	go func() {
		_, err := s.Update(ctx, a.ID, admin, "slow result", func(t *tournament.Tournament) error {
			close(inside) // A's row is locked now
			<-release
			return resultFor(ma.No, ma.Version)(t)
		})
		firstDone <- err
	}()
	wait(t, inside, "the first write of A to start")

	// B: commits while A's transaction is open.
	bDone := make(chan error, 1)
	go func() {
		_, err := s.Update(ctx, b.ID, admin, "result", resultFor(mb.No, mb.Version))
		bDone <- err
	}()
	if err := waitErr(t, bDone, "the write of B while A is open"); err != nil {
		t.Fatal(err)
	}

	// A again: waits for A's lock.
	var secondRan atomic.Bool
	secondDone := make(chan error, 1)
	go func() {
		_, err := s.Update(ctx, a.ID, admin, "second", func(t *tournament.Tournament) error {
			secondRan.Store(true)
			// It runs after the first committed: it sees its result.
			if t.Rounds[0].Matches[0].Result == nil {
				return fmt.Errorf("the second write of A does not see the first")
			}
			return nil
		})
		secondDone <- err
	}()
	waitForLockWait(t, dsn, &secondRan)
	releaseA()
	if err := waitErr(t, firstDone, "the first write of A"); err != nil {
		t.Fatal(err)
	}
	if err := waitErr(t, secondDone, "the second write of A"); err != nil {
		t.Fatal(err)
	}
}

// waitForLockWait waits until a session of dsn's database waits for a
// lock (the second write of A on the first one's row lock); it fails when
// the second write's action ran (ran) instead.
func waitForLockWait(t *testing.T, dsn string, ran *atomic.Bool) {
	t.Helper()
	ended, _ := lockWaitOr(t, dsn, "AND query LIKE '%FOR UPDATE%'", func() (bool, error) { return ran.Load(), nil })
	if ended {
		t.Fatal("the second write of A ran while the first held the lock")
	}
}

func wait(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(30 * time.Second): // a hang, not a speed floor
		t.Fatalf("waited in vain for %s", what)
	}
}

func waitErr(t *testing.T, ch <-chan error, what string) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(30 * time.Second): // a hang, not a speed floor
		t.Fatalf("waited in vain for %s", what)
		return nil
	}
}

// TestAddUserRace: the same name added at once through two stores (two
// processes) makes one user; every other attempt gets ErrUserExists, on
// both backends (on PostgreSQL the account writes queue on one advisory
// lock, and a unique violation would still map to ErrUserExists).
func TestAddUserRace(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		stores := []*store.Store{open(), open()}
		var wg sync.WaitGroup
		errs := make(chan error, 6)
		for i := range 6 {
			wg.Go(func() {
				_, err := stores[i%2].AddUser(ctx, admin, []string{"Anna", "ANNA", "anna"}[i%3], "geheim123", store.Helper)
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		made := 0
		for err := range errs {
			switch {
			case err == nil:
				made++
			case !errors.Is(err, store.ErrUserExists):
				t.Errorf("got %v, want ErrUserExists", err)
			}
		}
		if users, _ := stores[0].Users(ctx); made != 1 || len(users) != 1 {
			t.Fatalf("%d adds succeeded, %d users", made, len(users))
		}
	})
}

// TestOpenConcurrently: four processes starting at once on a new database
// all open it; the migrations ran once.
func TestOpenConcurrently(t *testing.T) {
	t.Parallel()
	storetest.EachBackend(t, func(t *testing.T, dsn string) {
		var wg sync.WaitGroup
		stores := make([]*store.Store, 4)
		for i := range stores {
			wg.Go(func() {
				s, err := store.Open(dsn)
				if err != nil {
					t.Error(err)
					return
				}
				stores[i] = s
			})
		}
		wg.Wait()
		for _, s := range stores {
			if s != nil {
				if err := s.Check(ctx); err != nil {
					t.Error(err)
				}
				s.Close()
			}
		}
	})
}

// blockedOrDone waits until a session of dsn's database waits for a lock
// (false) or the write reporting on done ends first (true, its error).
func blockedOrDone(t *testing.T, dsn string, done <-chan error) (bool, error) {
	t.Helper()
	return lockWaitOr(t, dsn, "", func() (bool, error) {
		select {
		case err := <-done:
			return true, err
		default:
			return false, nil
		}
	})
}

// lockWaitOr polls until a session of dsn's test waits for a lock (its
// pg_stat_activity row matching the extra condition: false) or ended says
// the write watched ended first (true, with its error).
func lockWaitOr(t *testing.T, dsn, extra string, ended func() (bool, error)) (bool, error) {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(30 * time.Second) // a hang, not a speed floor
	for {
		if done, err := ended(); done {
			return true, err
		}
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM pg_stat_activity
			WHERE application_name = current_setting('application_name') AND wait_event_type = 'Lock' ` + extra).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return false, nil
		}
		if time.Now().After(deadline) {
			t.Fatal("no session waits for a lock, and the write watched did not end")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestPostgresEraseDuringTournamentWrite (issue 24): an erasure starts
// while a write of one of the person's tournaments holds its row and is
// about to change his player. The erasure waits for the tournament's row
// before it touches a player (tournament writes take the same order), so
// both go through; erasing players first and the tournament after made
// the two wait on each other (a deadlock, one of them refused).
func TestPostgresEraseDuringTournamentWrite(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	s1, s2 := mustOpenPath(t, dsn), mustOpenPath(t, dsn)
	tr := mustCreate(t, s1, settings(4))
	sellTo(t, s1, tr.ID, "Anna", "Berta")
	anna := personNamed(t, s1, "Anna")

	inside, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	releaseWrite := func() { once.Do(func() { close(release) }) }
	t.Cleanup(releaseWrite)
	writeDone := make(chan error, 1)
	go func() {
		_, err := s1.Update(ctx, tr.ID, admin, store.ActionEditPlayer, func(x *tournament.Tournament) error {
			close(inside) // the tournament's row is locked now
			<-release
			p, _ := x.Player(1)
			p.Club = "SV Neu"
			return x.EditPlayer(p)
		})
		writeDone <- err
	}()
	wait(t, inside, "the tournament write to start")
	eraseDone := make(chan error, 1)
	go func() { eraseDone <- s2.ErasePerson(ctx, admin, anna.ID) }()
	if ended, err := blockedOrDone(t, dsn, eraseDone); ended {
		t.Fatalf("the erasure did not wait for the tournament write: %v", err)
	}
	releaseWrite()
	if err := waitErr(t, writeDone, "the tournament write"); err != nil {
		t.Errorf("tournament write: %v", err)
	}
	if err := waitErr(t, eraseDone, "the erasure"); err != nil {
		t.Errorf("erasure: %v", err)
	}
	got, _ := s1.Load(ctx, tr.ID)
	if p, _ := got.Player(1); p.Name != store.ErasedName || p.Club != "" {
		t.Errorf("after the erasure: %+v", p)
	}
}

// TestPostgresMergeDuringSale (issue 24): a sale has found the person of
// its buyer's name and is about to link the player to him when a merge
// makes that person into another. The merge waits for the sale (which
// holds the person's row) and then moves its link too; merging without
// the lock deleted the person under the sale, whose link then failed on
// the foreign key (an error 500 at the desk).
func TestPostgresMergeDuringSale(t *testing.T) {
	t.Parallel()
	dsn := storetest.Postgres(t)
	s1, s2 := mustOpenPath(t, dsn), mustOpenPath(t, dsn)
	first := mustCreate(t, s1, settings(4))
	sellTo(t, s1, first.ID, "A. Huber", "Anna Huber")
	from, into := personNamed(t, s1, "A. Huber"), personNamed(t, s1, "Anna Huber")
	tr := mustCreate(t, s1, settings(4))

	var merged bool
	mergeDone := make(chan error, 1)
	store.BeforeWrite(s1, "player_persons", func(func(string) error) {
		go func() { mergeDone <- s2.MergePersons(ctx, admin, from.ID, into.ID) }()
		merged, _ = blockedOrDone(t, dsn, mergeDone)
	})
	sellTo(t, s1, tr.ID, "A. Huber")
	if merged {
		t.Error("the merge did not wait for the sale")
	} else if err := waitErr(t, mergeDone, "the merge"); err != nil {
		t.Errorf("merge: %v", err)
	}
	ex, err := s1.ExportPerson(ctx, into.ID)
	if err != nil || len(ex.Evenings) != 3 {
		t.Errorf("Anna Huber's evenings after the merge: %+v %v", ex.Evenings, err)
	}
}
