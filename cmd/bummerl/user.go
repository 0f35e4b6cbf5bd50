package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"bummerl/cmd/bummerl/internal/web"
	"bummerl/store"
)

func init() {
	commands["user"] = command{summary: "add a user who can log in (user add NAME), or list them (user list)", run: userCommand}
}

const userUsage = `usage: bummerl user add [--role organiser|helper] [--db FILE] [--lang de|en] NAME
       bummerl user list [--db FILE]

add reads the password from the first line of standard input:
  echo 'geheim123' | bummerl user add anna
An organiser may do everything, a helper only the sale desk and results.`

// userCommand dispatches the verbs of "bummerl user".
func userCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, userUsage)
		return 2
	}
	switch args[0] {
	case "add":
		return userAdd(args[1:], stdin, stdout, stderr)
	case "list":
		return userList(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "user: unknown verb %q\n%s\n", args[0], userUsage)
	return 2
}

func userAdd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("user add", flag.ContinueOnError)
	fset.SetOutput(stderr)
	db := fset.String("db", defaultDB(), dbUsage)
	role := fset.String("role", string(store.Organiser), "organiser or helper")
	lang := fset.String("lang", envOr("BUMMERL_LANG", "de"), "language of the messages, de or en (BUMMERL_LANG)")
	rest, err := parseInterspersed(fset, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 || (*lang != "de" && *lang != "en") {
		fmt.Fprintln(stderr, userUsage)
		return 2
	}
	r, err := store.ParseRole(*role)
	if err != nil {
		fmt.Fprintf(stderr, "user add: %s\n", web.ErrorText(err, *lang))
		return 2
	}
	password, err := firstLine(stdin)
	if err != nil {
		fmt.Fprintln(stderr, map[string]string{
			"de": "user add: Kein Passwort in der ersten Zeile der Standardeingabe",
			"en": "user add: no password on the first line of standard input",
		}[*lang])
		return 2
	}
	st, err := store.Open(*db)
	if err != nil {
		fmt.Fprintf(stderr, "user add: %v\n", err)
		return 1
	}
	defer st.Close()
	// The command line has no login: the audit names the command.
	u, err := st.AddUser(context.Background(), store.User{Name: "bummerl user add"}, rest[0], password, r)
	if err != nil {
		fmt.Fprintf(stderr, "user add: %s\n", web.ErrorText(err, *lang))
		return 1
	}
	fmt.Fprintln(stdout, map[string]string{
		"de": fmt.Sprintf("Benutzer %s (%s) angelegt", u.Name, u.Role),
		"en": fmt.Sprintf("user %s (%s) added", u.Name, u.Role),
	}[*lang])
	return 0
}

// firstLine reads one line without its line ending; the password may
// contain spaces, so nothing else is trimmed.
func firstLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && line != "") {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

func userList(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("user list", flag.ContinueOnError)
	fset.SetOutput(stderr)
	db := fset.String("db", defaultDB(), dbUsage)
	rest, err := parseInterspersed(fset, args)
	if err != nil {
		return 2
	}
	if len(rest) != 0 {
		fmt.Fprintln(stderr, userUsage)
		return 2
	}
	st, err := store.Open(*db)
	if err != nil {
		fmt.Fprintf(stderr, "user list: %v\n", err)
		return 1
	}
	defer st.Close()
	users, err := st.Users(context.Background())
	if err != nil {
		fmt.Fprintf(stderr, "user list: %v\n", err)
		return 1
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for _, u := range users {
		fmt.Fprintf(w, "%s\t%s\n", u.Name, u.Role)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "user list: %v\n", err)
		return 1
	}
	return 0
}
