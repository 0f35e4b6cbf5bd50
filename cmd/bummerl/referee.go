package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"bummerl/domain/schnapsen"
)

func init() {
	commands["referee"] = command{
		summary: "judge a game or match record (JSON, FILE or stdin) and print the verdict",
		run:     runReferee,
	}
}

// runReferee prints the verdict JSON of a game or match record (FORMATS.md).
// Exit status: 0 for a verdict, also an unfinished one; 2 for an impossible
// record (its {"error", …} JSON goes to stdout too); 1 when the file
// cannot be read.
func runReferee(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("referee", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lang := fs.String("lang", envOr("BUMMERL_LANG", "de"), "language of messages on stderr: de or en (env BUMMERL_LANG)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: bummerl referee [-lang de|en] [FILE]   (stdin without FILE)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	in := stdin
	if fs.NArg() == 1 {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "bummerl referee: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	data, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintf(stderr, "bummerl referee: %v\n", err)
		return 1
	}
	verdict, err := schnapsen.Referee(data)
	status := 0
	if err != nil {
		verdict, status = err, 2
		var msg interface{ Text(string) string }
		if errors.As(err, &msg) {
			fmt.Fprintf(stderr, "bummerl referee: %s\n", msg.Text(*lang))
		}
	}
	if err := json.NewEncoder(stdout).Encode(verdict); err != nil {
		fmt.Fprintf(stderr, "bummerl referee: %v\n", err)
		return 1
	}
	return status
}
