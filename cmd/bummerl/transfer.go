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

// Moving a tournament between databases (issue 13): "bummerl export" writes
// one tournament as a JSON document, "bummerl import" stores a document as
// a new tournament. The format and the rulings are in docs/store.md.

func init() {
	commands["export"] = command{summary: "write one tournament as a JSON document (export --tournament ID FILE.json)", run: exportCommand}
	commands["import"] = command{summary: "store a tournament from a JSON document as a new one (import FILE.json)", run: importCommand}
}

const exportUsage = `usage: bummerl export --tournament ID [--db FILE|DSN] [--lang de|en] FILE.json

Writes the tournament with its players, cards, rounds, draws, results, audit
lines and settings to the new file FILE.json (never overwritten). Accounts
and digital tables are not exported.`

const importUsage = `usage: bummerl import [--db FILE|DSN] [--lang de|en] FILE.json

Stores the tournament of an export as a new tournament (the database file is
created if missing). A tournament that is already in the database is refused.`

// transferFlags parses the flags both commands share; ok is false after a
// usage message.
func transferFlags(name, usage string, args []string, stderr io.Writer, tournament *int64) (db, lang, file string, ok bool) {
	fset := flag.NewFlagSet(name, flag.ContinueOnError)
	fset.SetOutput(stderr)
	dbFlag := fset.String("db", defaultDB(), dbUsage)
	langFlag := fset.String("lang", envOr("BUMMERL_LANG", "de"), "language of the messages, de or en (BUMMERL_LANG)")
	if tournament != nil {
		fset.Int64Var(tournament, "tournament", 0, "id of the tournament")
	}
	rest, err := parseInterspersed(fset, args)
	if err != nil {
		return "", "", "", false
	}
	if len(rest) != 1 || (*langFlag != "de" && *langFlag != "en") || (tournament != nil && *tournament <= 0) {
		fmt.Fprintln(stderr, usage)
		return "", "", "", false
	}
	return *dbFlag, *langFlag, rest[0], true
}

// openExisting opens the database, refusing a missing SQLite file (Open
// would create an empty one); a PostgreSQL database is there or Open says
// why not.
func openExisting(name, db, lang string, stderr io.Writer) *store.Store {
	if _, err := os.Stat(db); !store.IsPostgres(db) && errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintln(stderr, map[string]string{
			"de": fmt.Sprintf("%s: Die Datenbank %s existiert nicht", name, db),
			"en": fmt.Sprintf("%s: the database %s does not exist", name, db),
		}[lang])
		return nil
	}
	st, err := store.Open(db)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil
	}
	return st
}

// exportCommand is "bummerl export --tournament ID FILE.json".
func exportCommand(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	var id int64
	db, lang, file, ok := transferFlags("export", exportUsage, args, stderr, &id)
	if !ok {
		return 2
	}
	st := openExisting("export", db, lang, stderr)
	if st == nil {
		return 1
	}
	defer st.Close()
	doc, err := st.ExportTournament(context.Background(), id)
	if errors.Is(err, store.ErrNotFound) {
		fmt.Fprintln(stderr, map[string]string{
			"de": fmt.Sprintf("export: Turnier %d gibt es nicht", id),
			"en": fmt.Sprintf("export: there is no tournament %d", id),
		}[lang])
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "export: %s\n", web.ErrorText(err, lang))
		return 1
	}
	data, err := store.DocumentFile(doc)
	if err == nil {
		err = writeNew(file, data)
	}
	if errors.Is(err, fs.ErrExist) {
		fmt.Fprintln(stderr, map[string]string{
			"de": fmt.Sprintf("export: Die Datei %s existiert bereits", file),
			"en": fmt.Sprintf("export: the file %s exists already", file),
		}[lang])
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "export: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, map[string]string{
		"de": fmt.Sprintf("Turnier %d „%s“ exportiert: %s", id, doc.Tournament.Settings.Name, file),
		"en": fmt.Sprintf("tournament %d %q exported: %s", id, doc.Tournament.Settings.Name, file),
	}[lang])
	return 0
}

// writeNew writes data to a file that must not exist yet; a failed write
// leaves no file behind.
func writeNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err = errors.Join(err, f.Sync(), f.Close()); err != nil {
		os.Remove(path)
	}
	return err
}

// importCommand is "bummerl import FILE.json".
func importCommand(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	db, lang, file, ok := transferFlags("import", importUsage, args, stderr, nil)
	if !ok {
		return 2
	}
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintf(stderr, "import: %v\n", err)
		return 1
	}
	doc, err := store.ReadDocument(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "import: %s: %s\n", file, web.ErrorText(err, lang))
		return 1
	}
	st, err := store.Open(db) // a new database file is a fine place for it
	if err != nil {
		fmt.Fprintf(stderr, "import: %v\n", err)
		return 1
	}
	defer st.Close()
	t, err := st.ImportTournament(context.Background(), store.User{Name: "bummerl import"}, doc, store.PersonChoices{TrustNames: true})
	if err != nil {
		fmt.Fprintf(stderr, "import: %s: %s\n", file, web.ErrorText(err, lang))
		return 1
	}
	fmt.Fprintln(stdout, map[string]string{
		"de": fmt.Sprintf("Turnier „%s“ importiert als Turnier %d", t.Settings.Name, t.ID),
		"en": fmt.Sprintf("tournament %q imported as tournament %d", t.Settings.Name, t.ID),
	}[lang])
	return 0
}
