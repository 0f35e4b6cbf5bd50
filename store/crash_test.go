package store_test

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/store/storetest"
)

// crashEnv, when set, makes TestCrash the child: it writes to the database
// named by the variable (a SQLite path or a PostgreSQL DSN) until it is
// killed.
const crashEnv = "BUMMERL_STORE_CRASH_CHILD"

// addNumbered is the child's action: player n+1 with card n+1, sale n+1.
// Three tables and the audit change in one action, so a torn write would
// show as counts that disagree.
func addNumbered(t *tournament.Tournament) error {
	n := len(t.Players) + 1
	t.Players = append(t.Players, tournament.Player{ID: tournament.PlayerID(n), Name: fmt.Sprintf("p%d", n)})
	t.Cards = append(t.Cards, tournament.Card{No: tournament.CardNo(n), Player: tournament.PlayerID(n), Sale: n})
	t.Version++
	return nil
}

func crashChild(dsn string) {
	s, err := store.Open(dsn)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// The parent holds our stdin; if it dies, EOF ends us too.
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(3)
	}()
	fmt.Println("ready")
	for {
		t, err := s.Update(ctx, 1, admin, "add", addNumbered)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		// Acknowledged: the action is committed, as the organiser is told.
		fmt.Printf("ack %d\n", len(t.Players))
	}
}

// TestCrash kills a writing process at random moments (SIGKILL, no chance
// to clean up) and checks after each kill that the database is sound,
// every action is either wholly there or not at all, and every action the
// child acknowledged is there. Each child is killed only after its first
// acknowledged action, however slow the disk, so every run adds at least one.
// On PostgreSQL the server stays up: a client killed mid-transaction must
// leave nothing of it, and every commit it was told of must be there.
func TestCrash(t *testing.T) {
	if dsn := os.Getenv(crashEnv); dsn != "" {
		crashChild(dsn)
		return
	}
	t.Parallel()
	storetest.EachBackend(t, crash)
}

func crash(t *testing.T, path string) {
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if tour := mustCreate(t, s, settings(8)); tour.ID != 1 {
		t.Fatalf("first tournament has ID %d", tour.ID)
	}
	s.Close()

	r := rand.New(rand.NewPCG(7, 11))
	const kills = 60
	last := 0
	for i := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrash$")
		cmd.Env = append(os.Environ(), crashEnv+"="+path)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The child's lines: "ready", then "ack N" after each commit.
		// acked is the highest N read; first closes with the first ack.
		first, done := make(chan struct{}), make(chan struct{})
		acked, bad := 0, ""
		go func() {
			defer close(done)
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				var n int
				switch _, err := fmt.Sscanf(sc.Text(), "ack %d", &n); {
				case err == nil && n > acked:
					if acked == 0 {
						close(first)
					}
					acked = n
				case sc.Text() != "ready" && bad == "":
					bad = sc.Text()
				}
			}
		}()
		select {
		case <-first:
		case <-done: // the child ended without acknowledging anything
		case <-time.After(time.Minute): // not a speed floor: a stuck child
			cmd.Process.Kill()
			<-done
			cmd.Wait()
			t.Fatalf("child %d acknowledged no action in a minute; stderr: %s", i, stderr.String())
		}
		time.Sleep(time.Duration(r.IntN(100_000)) * time.Microsecond)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		<-done // all the child wrote is read: acked is final
		cmd.Wait()
		stdin.Close()
		if strings.TrimSpace(stderr.String()) != "" || bad != "" || acked == 0 {
			t.Fatalf("child %d failed before the kill (%d acknowledged, line %q): %s", i, acked, bad, stderr.String())
		}
		n := checkCrashDB(t, path, last)
		if n < acked || n <= last {
			t.Fatalf("child %d: %d actions in the database after %d before and %d acknowledged", i, n, last, acked)
		}
		last = n
	}
	t.Logf("%d actions over %d kills", last, kills)
}

// checkCrashDB reopens the database after a kill; it returns the number of
// actions found, which must not be below what an earlier check saw.
func checkCrashDB(t *testing.T, path string, atLeast int) int {
	t.Helper()
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
	tour, err := s.Load(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	n := len(tour.Players)
	audit, err := s.Audit(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if n < atLeast || len(tour.Cards) != n || tour.Version != 1+n || len(audit) != n+1 {
		t.Fatalf("torn state: %d players (before: %d), %d cards, version %d, %d audit rows",
			n, atLeast, len(tour.Cards), tour.Version, len(audit))
	}
	for i := range n {
		id := i + 1
		p, c := tour.Players[i], tour.Cards[i]
		if int(p.ID) != id || p.Name != fmt.Sprintf("p%d", id) || int(c.No) != id || int(c.Player) != id || c.Sale != id {
			t.Fatalf("action %d: player %+v, card %+v", id, p, c)
		}
		if a := audit[n-id]; !strings.Contains(a.After, fmt.Sprintf(`"players":[{"id":%d,"name":"p%d"`, id, id)) {
			t.Fatalf("audit row of action %d: %s", id, a.After)
		}
	}
	return n
}
