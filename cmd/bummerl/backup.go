package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"bummerl/cmd/bummerl/internal/web"
	"bummerl/store"
)

func init() {
	commands["backup"] = command{summary: "write a consistent copy of the database while the app runs (backup FILE)", run: backupCommand}
}

const backupUsage = `usage: bummerl backup [--db FILE] [--lang de|en] BACKUP

Copies the database to the new file BACKUP (never overwritten) while the app
may keep running. The copy is an ordinary database file: start the app with
--db BACKUP to use it. A PostgreSQL database is backed up with pg_dump.`

// backupCommand is "bummerl backup FILE".
func backupCommand(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("backup", flag.ContinueOnError)
	fset.SetOutput(stderr)
	db := fset.String("db", defaultDB(), dbUsage)
	lang := fset.String("lang", envOr("BUMMERL_LANG", "de"), "language of the messages, de or en (BUMMERL_LANG)")
	rest, err := parseInterspersed(fset, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 || (*lang != "de" && *lang != "en") {
		fmt.Fprintln(stderr, backupUsage)
		return 2
	}
	// PostgreSQL: the database server's tools back up. No backup is
	// written, so the command fails (a cron job must notice).
	if store.IsPostgres(*db) {
		fmt.Fprintf(stderr, "backup: %s\n  pg_dump --format=custom --file=%s '%s'\n",
			web.ErrorText(store.ErrPostgresBackup, *lang), rest[0], store.Redact(*db))
		return 1
	}
	// Open would create a missing database; a backup of nothing is a mistake.
	if _, err := os.Stat(*db); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintln(stderr, map[string]string{
			"de": fmt.Sprintf("backup: Die Datenbank %s existiert nicht", *db),
			"en": fmt.Sprintf("backup: the database %s does not exist", *db),
		}[*lang])
		return 1
	}
	st, err := store.Open(*db)
	if err != nil {
		fmt.Fprintf(stderr, "backup: %v\n", err)
		return 1
	}
	defer st.Close()
	ctx := context.Background()
	if err := st.Backup(ctx, rest[0]); err != nil {
		fmt.Fprintf(stderr, "backup: %s\n", web.ErrorText(err, *lang))
		return 1
	}
	if err := checkBackup(ctx, rest[0]); err != nil {
		fmt.Fprintf(stderr, "backup: %s: %v\n", rest[0], err)
		return 1
	}
	fmt.Fprintln(stdout, map[string]string{
		"de": fmt.Sprintf("Sicherung von %s geschrieben und geprüft: %s", *db, rest[0]),
		"en": fmt.Sprintf("backup of %s written and checked: %s", *db, rest[0]),
	}[*lang])
	return 0
}

// checkBackup opens the new copy as the app would and runs SQLite's
// integrity checks on it: a backup nobody can open is worse than none.
func checkBackup(ctx context.Context, path string) error {
	st, err := store.Open(path)
	if err != nil {
		return err
	}
	return errors.Join(st.Check(ctx), st.Close())
}

// parseInterspersed parses flags that may come before, between or after
// the positional arguments ("backup FILE --db x"), which flag.Parse alone
// does not allow; it returns the positional arguments. After "--"
// everything is positional.
func parseInterspersed(fset *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fset.Parse(args); err != nil {
			return nil, err
		}
		stop := len(args) - fset.NArg()
		if stop > 0 && args[stop-1] == "--" {
			return append(rest, fset.Args()...), nil
		}
		if fset.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fset.Arg(0))
		args = fset.Args()[1:]
	}
}
