package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// Live across processes (issue 26, docs/store.md "Several processes"):
// on PostgreSQL every commit that gives a tournament a new revision or a
// digital table a new move sends a notification on the database's channel
// inside its own transaction (notify), so PostgreSQL delivers it exactly
// when the commit is visible, and never for one rolled back. Each process
// with live subscribers listens on a connection of its own (listener) and
// hands what the other processes committed to its hub, as its own commits
// are. A lost listener connection is made again; then every subscribed
// tournament and table is read afresh and published, so a stream never
// keeps a revision that changed while nobody listened. SQLite has one
// serving process: there nothing of this runs.

// listenRetryMax bounds the wait between two attempts to connect the
// listener.
const listenRetryMax = 5 * time.Second

// listenPing is how long the listener waits for a notification before it
// asks the server whether the connection still stands: a connection cut
// without a word (a firewall, a failover) is found within it.
const listenPing = 30 * time.Second

// listenWait bounds how long the first subscription waits for the
// listener to listen.
const listenWait = 5 * time.Second

// listener is the store's LISTEN connection and its goroutine.
type listener struct {
	once   sync.Once
	cancel context.CancelFunc
	done   chan struct{}
	ready  chan struct{} // closed when the listener first listens
	// backoff waits before the n-th attempt to reconnect (n from 0);
	// tests replace it to hold the reconnection.
	backoff func(ctx context.Context, n int)
	// connects counts the connections made (tests).
	connects atomic.Int64
}

// newProcID names a Store (a process) in its notifications, so its
// listener skips its own (they were published at the commit), and in the
// shared counts (shared.go).
func newProcID() string { return strings.ToLower(rand.Text()[:12]) }

// liveChannel is the notification channel of the database's schema: the
// tests (and a server hosting two installations in one database) keep
// their schemas apart; PostgreSQL's channel names have at most 63 bytes.
func liveChannel(schema string) string {
	ch := "bummerl:" + schema
	if len(ch) > 63 {
		b := sha256.Sum256([]byte(schema))
		ch = "bummerl:" + hex.EncodeToString(b[:16])
	}
	return ch
}

// notify tells the other processes, from inside the committing
// transaction tx, that key (a tournament's id, or tableKey) is at rev,
// written at updated (UTC milliseconds).
func (s *Store) notify(tx *gorm.DB, key, rev, updated int64) error {
	if !s.pg {
		return nil
	}
	payload := fmt.Sprintf("%s %d %d %d", s.proc, key, rev, updated)
	if err := tx.Exec(`SELECT pg_notify(?, ?)`, s.channel, payload).Error; err != nil {
		return fmt.Errorf("store: notify: %w", err)
	}
	return nil
}

// listen starts the listener on PostgreSQL, once, and waits until it
// listens (at most listenWait, should the database be down): Subscribe
// calls it before a stream reads its first revision, so no commit of
// another process falls between that revision and the notifications. A
// process without live pages (the command line) holds no connection for
// it.
func (s *Store) listen() {
	if !s.pg {
		return
	}
	l := &s.listener
	l.once.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		l.cancel, l.done, l.ready = cancel, make(chan struct{}), make(chan struct{})
		go func() {
			defer close(l.done)
			for n := 0; ctx.Err() == nil; n++ {
				start := time.Now()
				_ = s.listenOnce(ctx) // the reason is gone with the connection; try again
				if time.Since(start) > listenRetryMax {
					n = 0 // it stood a while: the next try is quick again
				}
				if ctx.Err() == nil {
					l.backoff(ctx, n)
				}
			}
		}()
	})
	if l.ready == nil {
		return // closed
	}
	t := time.NewTimer(listenWait)
	defer t.Stop()
	select {
	case <-l.ready:
	case <-t.C:
	}
}

// backoffWait waits 100 ms before the first reconnection, twice as long
// before each further one, at most listenRetryMax.
func backoffWait(ctx context.Context, n int) {
	d := min(100*time.Millisecond<<min(n, 8), listenRetryMax)
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// stopListening ends the listener (Close).
func (s *Store) stopListening() {
	l := &s.listener
	l.once.Do(func() {}) // never start after Close
	if l.cancel != nil {
		l.cancel()
		<-l.done
	}
}

// listenOnce connects, listens, resynchronises and then hands over the
// notifications until the connection fails or ctx ends.
func (s *Store) listenOnce(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, s.listenConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return err
	}
	// Listening from here: what commits now is notified. After a lost
	// connection, what committed while nobody listened is read now.
	if s.listener.connects.Add(1) == 1 {
		close(s.listener.ready)
	} else if err := s.resync(ctx, conn); err != nil {
		return err
	}
	for {
		wait, cancel := context.WithTimeout(ctx, listenPing)
		n, err := conn.WaitForNotification(wait)
		cancel()
		switch {
		case err == nil:
			s.received(n.Payload)
		case ctx.Err() != nil:
			return nil
		case pgconn.Timeout(err) && !conn.IsClosed():
			if err := conn.Ping(ctx); err != nil {
				return err
			}
		default:
			return err
		}
	}
}

// received publishes another process's commit (notify's payload).
func (s *Store) received(payload string) {
	f := strings.Fields(payload)
	if len(f) != 4 || f[0] == s.proc {
		return
	}
	var v [3]int64
	for i := range v {
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return
		}
		v[i] = n
	}
	s.hub.remote(v[0], v[1], v[2])
}

// resync, after the listener connected again: every revision known is
// checked with the database again before it is trusted (Revision), and
// every subscribed tournament and table is read and published if it
// changed, so each stream gets what it missed meanwhile.
func (s *Store) resync(ctx context.Context, conn *pgx.Conn) error {
	var tournaments, tables []int64
	s.hub.mu.Lock()
	for _, k := range s.hub.known {
		k.checked = time.Time{}
	}
	for key := range s.hub.subs {
		if key > 0 {
			tournaments = append(tournaments, key)
		} else {
			tables = append(tables, -key)
		}
	}
	s.hub.mu.Unlock()
	read := func(query string, ids []int64, key func(int64) int64) error {
		if len(ids) == 0 {
			return nil
		}
		rows, err := conn.Query(ctx, query, ids)
		if err != nil {
			return err
		}
		var id, rev, updated int64
		_, err = pgx.ForEachRow(rows, []any{&id, &rev, &updated}, func() error {
			s.hub.changed(key(id), rev, updated)
			return nil
		})
		return err
	}
	if err := read(`SELECT id, revision, updated_at FROM tournaments WHERE id = ANY($1)`, tournaments, func(id int64) int64 { return id }); err != nil {
		return err
	}
	return read(`SELECT id, seq, updated_at FROM digital_tables WHERE id = ANY($1)`, tables, tableKey)
}
