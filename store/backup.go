package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Backup writes a consistent copy of the database to path while the app
// keeps running. VACUUM INTO reads one snapshot (a read transaction in
// WAL mode: writers go on) and writes a compact database file. An
// existing file is never overwritten: ErrBackupExists. The copy holds
// password hashes and the seed of an announced draw, so only its owner
// may read it (mode 0600).
func (s *Store) Backup(ctx context.Context, path string) error {
	if s.pg {
		return ErrPostgresBackup
	}
	if path == "" {
		return errors.New("store: empty backup path")
	}
	// Create the file empty and private first (VACUUM INTO fills an empty
	// file and keeps its mode; it would create a new one 0644).
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return errBackupFile.with(path)
	} else if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := s.rdb.WithContext(ctx).Exec("VACUUM INTO ?", path).Error; err != nil {
		os.Remove(path)
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	// VACUUM INTO does not fsync its output; a backup must be on disk
	// before anyone relies on it.
	f, err = os.Open(path)
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("store: backup: sync %s: %w", path, err)
	}
	return nil
}

// WriteBackup streams a consistent copy of the database to w (the
// download button). The copy is made in a temporary directory first,
// because VACUUM INTO writes only to a file.
func (s *Store) WriteBackup(ctx context.Context, w io.Writer) error {
	if s.pg {
		return ErrPostgresBackup
	}
	dir, err := os.MkdirTemp("", "bummerl-backup-")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "bummerl.db")
	if err := s.Backup(ctx, path); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(w, f); err != nil {
		return fmt.Errorf("store: backup: send: %w", err)
	}
	return nil
}

// Check runs SQLite's integrity and foreign key checks; nil means the
// database file is sound. The backup command runs it on each new copy;
// the crash test after each kill. PostgreSQL checks its own pages and
// enforces the foreign keys on every statement, so those checks have no
// counterpart there (pg_amcheck is the server's tool); Check makes sure the
// database answers and its schema is this program's.
func (s *Store) Check(ctx context.Context) error {
	if s.pg {
		version, err := s.SchemaVersion(ctx)
		if err != nil {
			return fmt.Errorf("store: check: %w", err)
		}
		if version != ProgramSchema {
			return fmt.Errorf("store: check: schema version %d, this program's is %d", version, ProgramSchema)
		}
		return nil
	}
	var problems []string
	if err := s.rdb.WithContext(ctx).Raw("PRAGMA integrity_check").Scan(&problems).Error; err != nil {
		return fmt.Errorf("store: integrity check: %w", err)
	}
	if len(problems) != 1 || problems[0] != "ok" {
		return fmt.Errorf("store: integrity check: %s", strings.Join(problems, "; "))
	}
	var fk []struct {
		Table  string
		Rowid  int64
		Parent string
	}
	if err := s.rdb.WithContext(ctx).Raw("PRAGMA foreign_key_check").Scan(&fk).Error; err != nil {
		return fmt.Errorf("store: foreign key check: %w", err)
	}
	if len(fk) > 0 {
		return fmt.Errorf("store: foreign key check: %d broken references, the first in %s row %d to %s",
			len(fk), fk[0].Table, fk[0].Rowid, fk[0].Parent)
	}
	return nil
}
