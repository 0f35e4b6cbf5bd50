package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/store/storetest"
)

func TestBackupCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "bummerl.db")
	ctx := context.Background()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tour, err := st.Create(ctx, store.User{Name: "test"}, tournament.Settings{
		Name: "Preisschnapsen", Cards: 16, MaxCards: 2, Variant: schnapsen.Soft, Closing: schnapsen.AtClose,
		BummerlToWin: 2, Prizes: []string{"Schinken", "Wein"}})
	if err != nil {
		t.Fatal(err)
	}

	// The app keeps the database open while the backup runs.
	backup := filepath.Join(dir, "sicherung.db")
	code, out, errOut := runCmd("", "backup", backup, "--db", db)
	if code != 0 || !strings.Contains(out, "Sicherung von "+db+" geschrieben und geprüft: "+backup) {
		t.Fatalf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	copyStore, err := store.Open(backup)
	if err != nil {
		t.Fatal(err)
	}
	defer copyStore.Close()
	got, err := copyStore.Load(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, tour) {
		t.Fatalf("backup holds %+v, want %+v", got, tour)
	}

	tests := map[string]struct {
		args []string
		code int
		err  string
	}{
		"exists":    {[]string{"--db", db, backup}, 1, "Die Sicherungsdatei " + backup + " existiert bereits"},
		"exists en": {[]string{"--lang", "en", "--db", db, backup}, 1, "the backup file " + backup + " exists already"},
		"no db":     {[]string{"--db", filepath.Join(dir, "missing.db"), filepath.Join(dir, "b2.db")}, 1, "missing.db existiert nicht"},
		"no file":   {[]string{"--db", db}, 2, "usage: bummerl backup"},
		"two files": {[]string{"--db", db, "a.db", "b.db"}, 2, "usage: bummerl backup"},
		"bad flag":  {[]string{"--force", backup}, 2, "flag provided but not defined: -force"},
		"bad lang":  {[]string{"--lang", "fr", backup}, 2, "usage: bummerl backup"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			code, _, errOut := runCmd("", append([]string{"backup"}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.err) {
				t.Fatalf("status %d, stderr %q; want %d and %q", code, errOut, tc.code, tc.err)
			}
		})
	}
}

func TestParseInterspersed(t *testing.T) {
	tests := map[string]struct {
		args     []string
		rest     []string
		db, role string
	}{
		"flags first":  {[]string{"--db", "x.db", "a"}, []string{"a"}, "x.db", ""},
		"flags last":   {[]string{"a", "--db", "x.db"}, []string{"a"}, "x.db", ""},
		"flags around": {[]string{"--role", "helper", "a", "--db=x.db", "b"}, []string{"a", "b"}, "x.db", "helper"},
		"terminator":   {[]string{"a", "--", "--db", "x"}, []string{"a", "--db", "x"}, "", ""},
		"none":         {nil, nil, "", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fset := flag.NewFlagSet("test", flag.ContinueOnError)
			fset.String("db", "", "")
			fset.String("role", "", "")
			rest, err := parseInterspersed(fset, tc.args)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(rest, tc.rest) || fset.Lookup("db").Value.String() != tc.db || fset.Lookup("role").Value.String() != tc.role {
				t.Fatalf("rest %q, db %q, role %q", rest, fset.Lookup("db").Value, fset.Lookup("role").Value)
			}
		})
	}
}

// TestBackupFilePrivate: the backup holds password hashes and the seed of
// an announced draw, so only its owner may read it.
func TestBackupFilePrivate(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "bummerl.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	backup := filepath.Join(dir, "sicherung.db")
	if code, _, errOut := runCmd("", "backup", "--db", db, backup); code != 0 {
		t.Fatalf("backup: status %d: %s", code, errOut)
	}
	fi, err := os.Stat(backup)
	if err != nil {
		t.Fatal(err)
	}
	if mode := fi.Mode().Perm(); mode != 0o600 {
		t.Errorf("backup file mode %v, want -rw-------", mode)
	}
}

// "bummerl backup" on PostgreSQL writes nothing, says that pg_dump is the
// tool with a command to copy, never shows the password, and fails.
func TestBackupCommandPostgres(t *testing.T) {
	dsn := "postgres://bummerl:geheim@db.example:5432/verband?sslmode=require" // never contacted
	for lang, want := range map[string]string{"de": "Sicherungen macht der Datenbankserver mit pg_dump", "en": "back it up on the database server with pg_dump"} {
		code, out, errOut := runCmd("", "backup", "--lang", lang, "--db", dsn, "verband.dump")
		if code != 1 || out != "" || !strings.Contains(errOut, want) ||
			!strings.Contains(errOut, "pg_dump --format=custom --file=verband.dump 'postgres://bummerl:xxxxx@db.example:5432/verband?sslmode=require'") ||
			strings.Contains(errOut, "geheim") {
			t.Fatalf("%s: status %d, stdout %q, stderr %q", lang, code, out, errOut)
		}
	}
}

// BUMMERL_DB takes a PostgreSQL DSN like --db: a user added by the command
// line is in that database.
func TestDatabaseEnvPostgres(t *testing.T) {
	dsn := storetest.Postgres(t)
	t.Setenv("BUMMERL_DB", dsn)
	if code, out, errOut := runCmd("geheim123\n", "user", "add", "anna"); code != 0 {
		t.Fatalf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	st, err := store.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if users, err := st.Users(context.Background()); err != nil || len(users) != 1 || users[0].Name != "anna" {
		t.Fatalf("users %+v (%v)", users, err)
	}
}
