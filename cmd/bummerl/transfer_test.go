package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/store/storetest"
)

func TestExportImportCommands(t *testing.T) {
	storetest.EachBackend(t, exportImportCommands)
}

// exportImportCommands exports from a laptop's SQLite file and imports
// into the server's database.
func exportImportCommands(t *testing.T, server string) {
	dir := t.TempDir()
	laptop := filepath.Join(dir, "laptop.db")
	st, err := store.Open(laptop)
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.Create(context.Background(), store.User{Name: "test"}, tournament.Settings{
		Name: "Preisschnapsen", Cards: 16, MaxCards: 2, Variant: schnapsen.Soft, Closing: schnapsen.AtClose,
		BummerlToWin: 2, Prizes: []string{"Schinken", "Wein"}})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	file := filepath.Join(dir, "turnier.json")
	code, out, errOut := runCmd("", "export", "--db", laptop, file, "--tournament", "1")
	if code != 0 || out != "Turnier 1 „Preisschnapsen“ exportiert: "+file+"\n" {
		t.Fatalf("export: status %d, stdout %q, stderr %q", code, out, errOut)
	}
	if data, _ := os.ReadFile(file); !strings.Contains(string(data), `"format": "bummerl-tournament"`) {
		t.Fatalf("document %.200s", data)
	}
	code, out, errOut = runCmd("", "import", "--lang", "en", "--db", server, file)
	if code != 0 || out != "tournament \"Preisschnapsen\" imported as tournament 1\n" {
		t.Fatalf("import: status %d, stdout %q, stderr %q", code, out, errOut)
	}
	back := filepath.Join(dir, "zurück.json") // and out of the server again
	if code, _, errOut := runCmd("", "export", "--db", server, "--tournament", "1", back); code != 0 {
		t.Fatalf("export from the server: status %d, stderr %q", code, errOut)
	}

	damaged := filepath.Join(dir, "kaputt.json")
	if err := os.WriteFile(damaged, []byte(`{"format": "bummerl-tournament", "version": 9}`), 0o600); err != nil {
		t.Fatal(err)
	}
	// Issue 20: the CLI imports through the same checks as the pages.
	hall := filepath.Join(dir, "saal.json")
	data, _ := os.ReadFile(file)
	if err := os.WriteFile(hall, bytes.Replace(data, []byte(`"Tables": 0`), []byte(`"Tables": 1000000000`), 1), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := map[string]struct {
		args []string
		code int
		err  string
	}{
		"twice":        {[]string{"import", "--db", server, file}, 1, "Dieses Turnier ist schon da: Turnier 1 „Preisschnapsen“"},
		"damaged":      {[]string{"import", "--db", server, damaged}, 1, "Das Dokument ist Version 9 von bummerl-tournament; dieses Bummerl liest nur Version 1"},
		"huge hall":    {[]string{"import", "--db", server, hall}, 1, "Das Dokument ist beschädigt: Die Anzahl der Tische muss zwischen 0 (keine Angabe) und 2048 liegen, nicht 1000000000"},
		"no document":  {[]string{"import", "--db", server, filepath.Join(dir, "fehlt.json")}, 1, "fehlt.json"},
		"file exists":  {[]string{"export", "--db", laptop, "--tournament", "1", file}, 1, "Die Datei " + file + " existiert bereits"},
		"no such":      {[]string{"export", "--lang", "en", "--db", laptop, "--tournament", "7", filepath.Join(dir, "x.json")}, 1, "there is no tournament 7"},
		"no db":        {[]string{"export", "--db", filepath.Join(dir, "missing.db"), "--tournament", "1", filepath.Join(dir, "y.json")}, 1, "missing.db existiert nicht"},
		"no id":        {[]string{"export", "--db", laptop, filepath.Join(dir, "z.json")}, 2, "usage: bummerl export"},
		"import usage": {[]string{"import", "--db", server}, 2, "usage: bummerl import"},
	}
	for name, tc := range tests {
		code, _, errOut := runCmd("", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.err) {
			t.Errorf("%s: status %d, stderr %q", name, code, errOut)
		}
	}
	st, err = store.Open(server)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if list, _ := st.Tournaments(context.Background()); len(list) != 1 {
		t.Fatalf("%d tournaments on the server", len(list))
	}
}
