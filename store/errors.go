package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// Error is a store error the user may see: a stable code and the message
// in German and English.
type Error struct {
	Code  string
	En    string
	De    string
	Field string // the input it is about ("name", "label"), or ""
}

func (e *Error) Error() string { return e.En }

// Text gives the message in the language "de" or "en".
func (e *Error) Text(lang string) string {
	if lang == "de" {
		return e.De
	}
	return e.En
}

// Is makes errors.Is match by code, so an error with details (a user's
// name) still matches the sentinel of its kind.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Sentinels; compare with errors.Is.
var (
	ErrNotFound = &Error{Code: "not_found",
		En: "not found", De: "nicht gefunden"}
	// ErrBadLogin is the same for an unknown name and a wrong password,
	// so a login form does not tell which names exist.
	ErrBadLogin = &Error{Code: "bad_login",
		En: "unknown user name or wrong password", De: "Unbekannter Benutzername oder falsches Passwort"}
	// ErrConflict: the tournament changed under a save (the version check
	// of Update); the user reloads and tries again.
	ErrConflict = &Error{Code: "conflict",
		En: "the tournament was changed at the same time; please reload and try again",
		De: "Das Turnier wurde gleichzeitig geändert; bitte neu laden und noch einmal versuchen"}
	ErrUserExists = &Error{Code: "user_exists",
		En: "a user of that name exists already", De: "Ein Benutzer mit diesem Namen existiert bereits"}
	ErrBadUser = &Error{Code: "bad_user",
		En: "invalid user", De: "Ungültiger Benutzer"}
	// ErrLastOrganiser: somebody must stay able to manage the users.
	ErrLastOrganiser = &Error{Code: "last_organiser",
		En: "the last organiser cannot be removed or made a helper",
		De: "Der letzte Organisator kann nicht entfernt oder zum Helfer gemacht werden"}
	ErrBackupExists = &Error{Code: "backup_exists",
		En: "the backup file exists already", De: "Die Sicherungsdatei existiert bereits"}
	// ErrPostgresBackup: Backup on PostgreSQL, whose server backs up.
	ErrPostgresBackup = &Error{Code: "backup_postgres",
		En: "This database is PostgreSQL: back it up on the database server with pg_dump, " +
			"e.g. pg_dump --format=custom --file=bummerl.dump DATABASE-URL (restore with pg_restore).",
		De: "Diese Datenbank ist PostgreSQL: Sicherungen macht der Datenbankserver mit pg_dump, " +
			"z. B. pg_dump --format=custom --file=bummerl.dump DATENBANK-URL (zurück mit pg_restore)."}
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
