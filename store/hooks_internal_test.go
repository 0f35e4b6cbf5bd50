package store

import (
	"fmt"
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
