package store

import (
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// Error is a refusal of the store the user may see: a stable code (the
// API's "code"), the input it is about, and the values its message names.
// The wording lives in the views' catalogue under "store."+Key(), beside
// the app's other texts; the web layer words it (web.ErrorText), so the
// store holds no German or English.
type Error struct {
	Code string
	// Msg names the message when a code has several ("password_short" of
	// "bad_user"); "" means the message of Code.
	Msg   string
	Field string // the input it is about ("name", "label"), or ""
	// Args are the values of the message; a domain refusal among them is
	// worded in the reader's language too (views.Refusalf).
	Args []any
}

// Key is the message's name in the catalogue, without "store.".
func (e *Error) Key() string {
	if e.Msg != "" {
		return e.Msg
	}
	return e.Code
}

// Error is for logs and tests, which need no wording: the key and the
// values (an error among them in English).
func (e *Error) Error() string {
	if len(e.Args) == 0 {
		return "store: " + e.Key()
	}
	return fmt.Sprintf("store: %s %v", e.Key(), e.Args)
}

// Is makes errors.Is match by code, so an error with details (a user's
// name) still matches the sentinel of its kind.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// with is one refusal of e's kind, naming args.
func (e *Error) with(args ...any) *Error {
	c := *e
	c.Args = args
	return &c
}

// at is e about the input field.
func (e *Error) at(field string) *Error {
	c := *e
	c.Field = field
	return &c
}

// kinds are all kinds of Error the store returns, in the order defined.
var kinds []*Error

// kind defines a kind of Error; every Error the store returns is one of
// these or a copy of one (with, at), so Errors lists them all.
func kind(code, msg string, args ...any) *Error {
	e := &Error{Code: code, Msg: msg, Args: args}
	kinds = append(kinds, e)
	return e
}

// Errors lists every kind of Error the store returns, for the check that
// each has its message in every language.
func Errors() []*Error { return slices.Clone(kinds) }

// Sentinels; compare with errors.Is.
var (
	ErrNotFound = kind("not_found", "")
	// ErrBadLogin is the same for an unknown name and a wrong password,
	// so a login form does not tell which names exist.
	ErrBadLogin = kind("bad_login", "")
	// ErrConflict: the tournament changed under a save (the version check
	// of Update); the user reloads and tries again.
	ErrConflict   = kind("conflict", "")
	ErrUserExists = kind("user_exists", "")
	ErrBadUser    = kind("bad_user", "")
	// ErrLastOrganiser: somebody must stay able to manage the users.
	ErrLastOrganiser = kind("last_organiser", "")
	ErrBackupExists  = kind("backup_exists", "")
	// ErrPostgresBackup: Backup on PostgreSQL, whose server backs up.
	ErrPostgresBackup = kind("backup_postgres", "")
)

// The refusals of the kinds above that name what they are about; the
// comment says what with is given.
var (
	errUserNamed     = kind(ErrUserExists.Code, "user_exists_named")    // the name
	errBackupFile    = kind(ErrBackupExists.Code, "backup_exists_file") // the path
	errBadRole       = kind(ErrBadUser.Code, "bad_role")                // the role given
	errBadText       = kind(ErrBadUser.Code, "bad_text")                // domain/text's refusal
	errUserNameEmpty = kind(ErrBadUser.Code, "user_name_empty")
	errLabelEmpty    = kind(ErrBadUser.Code, "token_label_empty")
	errPasswordShort = kind(ErrBadUser.Code, "password_short") // the least characters
	errPasswordLong  = kind(ErrBadUser.Code, "password_long")  // the most bytes
)

// isUniqueViolation tells whether err is a unique or primary key
// violation, on either database.
func isUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505" // unique_violation
	}
	var se sqlite3.Error
	return errors.As(err, &se) &&
		(se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey)
}
