package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"bummerl/domain/referee"
)

func init() {
	commands["referee"] = command{
		summary: "judge a game or match record, or a 1000 deal or game record (JSON, FILE or stdin), and print the verdict",
		run:     runReferee,
	}
}

// maxRefereeInput is the most bummerl referee reads: 10 MB.
const maxRefereeInput = 10 << 20

// runReferee prints the verdict JSON of a game or match record (FORMATS.md).
// Exit status: 0 for a verdict, also an unfinished one; 2 for an impossible
// record (its {"error", …} JSON goes to stdout too); 1 when the file
// cannot be read or is larger than 10 MB.
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
	// A record is a few kilobytes; /dev/zero or a wrong file must not
	// fill the memory.
	data, err := io.ReadAll(io.LimitReader(in, maxRefereeInput+1))
	if err != nil {
		fmt.Fprintf(stderr, "bummerl referee: %v\n", err)
		return 1
	}
	if len(data) > maxRefereeInput {
		msg := "Die Eingabe ist größer als 10 MB; ein Spiel- oder Partieprotokoll ist viel kleiner"
		if *lang == "en" {
			msg = "the input is larger than 10 MB; a game or match record is far smaller"
		}
		fmt.Fprintf(stderr, "bummerl referee: %s\n", msg)
		return 1
	}
	verdict, err := referee.Judge(data) // Schnapsen, or 1000 with "game": "1000" (domain/referee)
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
