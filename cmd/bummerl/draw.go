package main

import (
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"bummerl/draw"
)

func init() {
	commands["draw"] = command{summary: "verify a published draw protocol (verify FILE), or commit to a seed (commit [SEED])", run: drawCommand}
}

const drawUsage = `usage: bummerl draw verify [--lang de|en] FILE   check a draw protocol ("-" reads stdin)
       bummerl draw commit [SEED]                 print SHA-256 of SEED; without SEED, a new seed and its commitment

verify exits 0 when the protocol is correct, 1 when it is not, 2 when it cannot be read.`

// drawCommand dispatches the verbs of "bummerl draw".
func drawCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, drawUsage)
		return 2
	}
	switch args[0] {
	case "verify":
		return drawVerify(args[1:], stdin, stdout, stderr)
	case "commit":
		return drawCommit(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "draw: unknown verb %q\n%s\n", args[0], drawUsage)
	return 2
}

// drawVerify checks a protocol: SHA-256(seed) = commitment and the seed
// gives the listed tickets (digital), or the tickets obey the pots
// (physical). It prints "ok" or the first difference.
func drawVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("draw verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lang := fs.String("lang", envOr("BUMMERL_LANG", "de"), "language of the messages, de or en (BUMMERL_LANG)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || (*lang != "de" && *lang != "en") {
		fmt.Fprintln(stderr, drawUsage)
		return 2
	}
	in := stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "draw verify: %v\n", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	p, err := draw.ReadProtocol(in)
	if err == nil {
		err = p.Verify()
	}
	var de *draw.Error
	switch {
	case err == nil:
		// Say which check passed: a physical draw can only be checked
		// against the pot rules, a digital one is re-run from its seed.
		fmt.Fprintf(stdout, "ok: %s\n", verifiedText[*lang][p.Method])
		return 0
	case errors.As(err, &de) && de.Code == draw.CodeProtocol:
		fmt.Fprintf(stderr, "draw verify: %s\n", de.Text(*lang))
		return 2
	case errors.As(err, &de):
		fmt.Fprintf(stdout, "%s: %s\n", map[string]string{"de": "FALSCH", "en": "WRONG"}[*lang], de.Text(*lang))
		return 1
	}
	fmt.Fprintf(stderr, "draw verify: %v\n", err)
	return 2
}

var verifiedText = map[string]map[string]string{
	"de": {"digital": "digitale Auslosung, der Seed passt zur Zusage und ergibt jede Nummer",
		"physical": "händische Auslosung, jede Nummer folgt den Topfregeln (P-3)",
		"swiss":    "Runde im Schweizer System, der Seed passt zur Zusage und ergibt jedes Brett (SW-4)"},
	"en": {"digital": "digital draw, the seed matches the commitment and gives every number",
		"physical": "physical draw, every number follows the pot rules (P-3)",
		"swiss":    "Swiss round, the seed matches the commitment and gives every board (SW-4)"},
}

// drawCommit prints the commitment of a seed, or makes a new seed.
func drawCommit(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		seed, err := draw.NewSeed(rand.Reader)
		if err != nil {
			fmt.Fprintf(stderr, "draw commit: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "seed:       %s\ncommitment: %s\n", seed, draw.Commit(seed))
	case 1:
		fmt.Fprintln(stdout, draw.Commit(args[0]))
	default:
		fmt.Fprintln(stderr, drawUsage)
		return 2
	}
	return 0
}
