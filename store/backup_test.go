package store_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/store"
)

func TestBackup(t *testing.T) {
	t.Parallel()
	s := MustOpen(t)
	id := mustCreate(t, s, settings(8)).ID
	want := fullAggregate()
	want.ID = id
	if _, err := s.Update(ctx, id, admin, "fill", replaceWith(want)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddUser(ctx, admin, "Anna", "geheim123", store.Organiser); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "backup.db")
	if err := s.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	if err := s.Backup(ctx, path); !errors.Is(err, store.ErrBackupExists) {
		t.Fatalf("second backup to the same file: %v, want ErrBackupExists", err)
	}

	var buf bytes.Buffer
	if err := s.WriteBackup(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	streamed := filepath.Join(dir, "streamed.db")
	if err := os.WriteFile(streamed, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}

	// The original goes on changing; the copies do not.
	if _, err := s.Update(ctx, id, admin, "later", func(t2 *tournament.Tournament) error { t2.Players = nil; t2.Cards = nil; return nil }); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, streamed} {
		b := mustOpenPath(t, p)
		got, err := b.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		mustEqual(t, got, want)
		if _, err := b.CheckPassword(ctx, "Anna", "geheim123"); err != nil {
			t.Fatalf("%s: login: %v", p, err)
		}
		audit, err := b.Audit(ctx, id)
		if err != nil || len(audit) != 2 {
			t.Fatalf("%s: %d audit entries (%v), want 2", p, len(audit), err)
		}
		orig, err := s.Audit(ctx, id)
		if err != nil || !reflect.DeepEqual(orig[1:], audit) {
			t.Fatalf("%s: audit differs from the original's", p)
		}
	}
}
