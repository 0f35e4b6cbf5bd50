package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"bummerl/store"
)

// runCmd runs the command line with stdin and returns status, stdout, stderr.
func runCmd(stdin string, args ...string) (int, string, string) {
	var out, errOut strings.Builder
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUserAdd(t *testing.T) {
	db := filepath.Join(t.TempDir(), "bummerl.db")
	code, out, errOut := runCmd("secret123\n", "user", "add", "anna", "--db", db)
	if code != 0 || out != "Benutzer anna (organiser) angelegt\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCmd("mit Leerzeichen \r\nrest", "user", "add", "--lang", "en", "--db", db, "--role", "helper", "Berta Huber")
	if code != 0 || out != "user Berta Huber (helper) added\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	tests := map[string]struct {
		stdin string
		args  []string
		code  int
		err   string
	}{
		"duplicate":      {"secret123", []string{"anna"}, 1, `Ein Benutzer namens "anna" existiert bereits`},
		"short password": {"kurz\n", []string{"carl"}, 1, "Das Passwort ist kürzer als 8 Zeichen"},
		"no password":    {"", []string{"carl"}, 2, "Kein Passwort"},
		"unknown role":   {"secret123", []string{"--role", "boss", "carl"}, 2, `Unbekannte Rolle "boss"`},
		"no name":        {"secret123", nil, 2, "usage: bummerl user add"},
		"two names":      {"secret123", []string{"carl", "dora"}, 2, "usage: bummerl user add"},
		"english":        {"kurz", []string{"--lang", "en", "carl"}, 1, "the password is shorter than 8 characters"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			code, _, errOut := runCmd(tc.stdin, append([]string{"user", "add", "--db", db}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.err) {
				t.Fatalf("status %d, stderr %q; want %d and %q", code, errOut, tc.code, tc.err)
			}
		})
	}

	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for name, pw := range map[string]string{"anna": "secret123", "Berta Huber": "mit Leerzeichen "} {
		if _, err := st.CheckPassword(context.Background(), name, pw); err != nil {
			t.Errorf("login %s: %v", name, err)
		}
	}
	code, out, _ = runCmd("", "user", "list", "--db", db)
	if code != 0 || out != "anna         organiser\nBerta Huber  helper\n" {
		t.Fatalf("user list: status %d, %q", code, out)
	}
}

// TestUserAddKeepsPasswordSecret: "bummerl user add" takes the password
// from standard input and never writes it out, accepted or refused, nor
// into the audit of accounts.
func TestUserAddKeepsPasswordSecret(t *testing.T) {
	db := filepath.Join(t.TempDir(), "bummerl.db")
	for name, pw := range map[string]string{"accepted": "Geheimnis-4711", "too short": "Xy7-q"} {
		t.Run(name, func(t *testing.T) {
			_, out, errOut := runCmd(pw+"\n", "user", "add", "--db", db, "anna-"+strings.ReplaceAll(name, " ", "-"))
			if strings.Contains(out+errOut, pw) {
				t.Errorf("the password is written out: stdout %q, stderr %q", out, errOut)
			}
		})
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	audit, err := st.UserAudit(t.Context(), 10)
	if err != nil || len(audit) != 1 {
		t.Fatalf("audit: %v, %v", audit, err)
	}
	if e := audit[0]; strings.Contains(e.Before+e.After, "Geheimnis") || strings.Contains(e.Before+e.After, "$2") {
		t.Errorf("the audit holds the password or its hash: %+v", e)
	}
}
