// Command bummerl runs Preisschnapsen tournaments: the web app (serve, the
// default), the referee for game and match records, and tools for organisers.
package main

import (
	"fmt"
	"io"
	"sort"
)

// command is one subcommand; it returns the process exit status.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is filled by the init functions of the files that implement them,
// so each subcommand lives in its own file.
var commands = map[string]command{}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && (len(args[0]) == 0 || args[0][0] != '-') {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		usage(stdout)
		return 0
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "bummerl: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	return cmd.run(args, stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: bummerl [command] [flags]   (default command: serve)")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
}
