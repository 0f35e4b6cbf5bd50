package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// The login throttle's counts (issue 7, shared across processes since
// issue 26) are rows of login_failures, so every process on a database
// counts the same failures: a guesser gains nothing by reaching another
// process. A row is a key — the name tried from an address, or the
// address alone — hashed, so neither a name (perhaps a password typed in
// the wrong field) nor an address is kept in clear; the number of
// failures, the last one, and until when the next attempt must wait.
// Rows are dropped an hour after their last failure once their wait is
// over (loginForget), by every failure's transaction: the table holds at
// most what the password checks of that hour produced (they are bounded
// per process, docs/web.md "Limits and timeouts").

// loginForget drops the count of a key idle this long whose wait is over.
const loginForget = time.Hour

// Backoff is how failed logins of one key turn into waits: after Free
// failures every further attempt waits First, twice as long after each
// further failure, at most Max.
type Backoff struct {
	Free       int
	First, Max time.Duration
}

// Wait is the wait after failures failed attempts.
func (b Backoff) Wait(failures int) time.Duration {
	if failures < b.Free {
		return 0
	}
	wait := b.First
	for i := b.Free; i < failures && wait < b.Max; i++ {
		wait *= 2
	}
	return min(wait, b.Max)
}

// LoginAttempt is one login: the name tried, the client's address, when,
// and how failures of the name from that address and of the address
// alone turn into waits.
type LoginAttempt struct {
	Name, Addr       string
	At               time.Time
	PerName, PerAddr Backoff
}

// keys are the attempt's two rows: the name (folded as the throttle
// always did) from the address, and the address.
func (a LoginAttempt) keys() (name, addr string) {
	hash := func(s string) string {
		b := sha256.Sum256([]byte(s))
		return hex.EncodeToString(b[:])
	}
	return hash("name\x00" + strings.ToLower(strings.TrimSpace(a.Name)) + "\x00" + a.Addr), hash("addr\x00" + a.Addr)
}

// loginFailureRow is a row of login_failures.
type loginFailureRow struct {
	Hash     string `gorm:"primaryKey"` // of the key
	Failures int
	LastAt   int64 `gorm:"column:last_at"`
	UntilAt  int64 `gorm:"column:until_at"`
}

func (loginFailureRow) TableName() string { return "login_failures" }

// LoginWait is how long the attempt must still wait before its password
// may be checked: the longer wait of its name and of its address; 0: not
// at all.
func (s *Store) LoginWait(ctx context.Context, a LoginAttempt) (time.Duration, error) {
	return loginWait(s.rdb.WithContext(ctx), a)
}

func loginWait(db *gorm.DB, a LoginAttempt) (time.Duration, error) {
	name, addr := a.keys()
	var until []int64
	if err := db.Model(&loginFailureRow{}).Where("hash IN ?", []string{name, addr}).Pluck("until_at", &until).Error; err != nil {
		return 0, fmt.Errorf("store: login wait: %w", err)
	}
	var wait time.Duration
	for _, u := range until {
		wait = max(wait, fromMillis(u).Sub(a.At))
	}
	return wait, nil
}

// TryLogin checks the attempt's wait once more and, if there is none,
// runs check (the password check): its ErrBadLogin counts a failure for
// the name and for the address, a success forgets the name's failures
// (the address's stay). wait > 0 means check did not run. On PostgreSQL
// the attempts of one address take turns across every process: the wait
// is read, the password checked and the failure counted under a lock of
// the address (held for the transaction), so guesses sent to several
// processes at once count one after the other, as in one process. On
// SQLite one process serves the file and the web app's bound on password
// checks lets them through one after the other (loginlimits.go).
func (s *Store) TryLogin(ctx context.Context, a LoginAttempt, check func() (User, error)) (u User, wait time.Duration, err error) {
	var checkErr error
	attempt := func(read *gorm.DB, write func(func(*gorm.DB) error) error) error {
		var err error
		if wait, err = loginWait(read, a); err != nil || wait > 0 {
			return err
		}
		u, checkErr = check()
		name, _ := a.keys()
		switch {
		case errors.Is(checkErr, ErrBadLogin):
			return write(func(tx *gorm.DB) error { return loginFailed(tx, a) })
		case checkErr == nil:
			return write(func(tx *gorm.DB) error { return tx.Delete(&loginFailureRow{Hash: name}).Error })
		}
		return nil
	}
	if s.pg {
		err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec(`SELECT pg_advisory_xact_lock(?, hashtext(?))`, loginLockClass, a.Addr).Error; err != nil {
				return err
			}
			return attempt(tx, func(fn func(*gorm.DB) error) error { return fn(tx) })
		})
	} else {
		err = attempt(s.rdb.WithContext(ctx), func(fn func(*gorm.DB) error) error { return s.write(ctx, fn) })
	}
	if err != nil {
		return User{}, 0, fmt.Errorf("store: login: %w", err)
	}
	return u, wait, checkErr
}

// loginLockClass is the first half of the two-number advisory locks of
// TryLogin (the address's hash is the second); PostgreSQL keeps them apart
// from the one-number lock of write (lockAllKey).
const loginLockClass = 0x426d6c // "Bml"

// loginFailed counts a failure of a's name and address and sets their
// waits; it forgets the keys that have been idle for loginForget.
func loginFailed(tx *gorm.DB, a LoginAttempt) error {
	now := a.At.UnixMilli()
	if err := tx.Where("last_at < ? AND until_at < ?", now-loginForget.Milliseconds(), now).Delete(&loginFailureRow{}).Error; err != nil {
		return err
	}
	name, addr := a.keys()
	for _, k := range []struct {
		key string
		b   Backoff
	}{{name, a.PerName}, {addr, a.PerAddr}} {
		var rows []loginFailureRow
		if err := tx.Where("hash = ?", k.key).Find(&rows).Error; err != nil {
			return err
		}
		row := loginFailureRow{Hash: k.key}
		if len(rows) > 0 {
			row = rows[0]
		}
		row.Failures++
		row.LastAt = now
		row.UntilAt = max(row.UntilAt, a.At.Add(k.b.Wait(row.Failures)).UnixMilli())
		if err := tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(&row).Error; err != nil {
			return err
		}
	}
	return nil
}
