package store

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"gorm.io/gorm"
)

var hookNames atomic.Int64

// BeforeWrite arms a one-shot hook on s's writer for the tests of writes
// that fail after their domain step: before the next gorm create or update
// of table, fn runs inside the writing transaction. exec runs SQL on that
// transaction's connection (to change rows behind the store's back); fn
// may also cancel the write's context.
func BeforeWrite(s *Store, table string, fn func(exec func(query string) error)) {
	var fired atomic.Bool
	hook := func(db *gorm.DB) {
		if db.Statement.Table != table || !fired.CompareAndSwap(false, true) {
			return
		}
		fn(func(query string) error {
			_, err := db.Statement.ConnPool.ExecContext(db.Statement.Context, query)
			return err
		})
	}
	name := fmt.Sprintf("test:before-write-%d", hookNames.Add(1))
	for _, err := range []error{
		s.db.Callback().Create().Before("gorm:create").Register(name, hook),
		s.db.Callback().Update().Before("gorm:update").Register(name, hook),
	} {
		if err != nil {
			panic(err)
		}
	}
}

// HoldListener makes s's listener wait, before it connects again after
// losing its connection, until release is called (a lost connection's
// notifications are then surely missed).
func HoldListener(s *Store) (release func()) {
	hold := make(chan struct{})
	s.listener.backoff = func(ctx context.Context, _ int) {
		select {
		case <-hold:
		case <-ctx.Done():
		}
	}
	var once sync.Once
	return func() { once.Do(func() { close(hold) }) }
}

// ListenerConnects is how often s's listener has connected.
func ListenerConnects(s *Store) int64 { return s.listener.connects.Load() }

// ListenerName is the application_name of s's listener connection in
// pg_stat_activity.
func ListenerName(s *Store) string { return s.listenConfig.RuntimeParams["application_name"] }

// SyncCounts runs one full sync of s's shared counts now.
func SyncCounts(s *Store) error { return s.syncCounts(context.Background(), true) }
