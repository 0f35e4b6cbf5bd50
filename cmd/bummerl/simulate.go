package main

import (
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"bummerl/domain/tournament"
	"bummerl/draw"
)

func init() {
	commands["simulate"] = command{summary: "play a random tournament and print its rounds and prizes", run: simulate}
}

// simulate runs draw.Simulate and prints the whole tournament for a terminal.
func simulate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg draw.SimConfig
	fs.IntVar(&cfg.Cards, "cards", 128, "entry cards N, a power of two from 4 to 4096")
	fs.IntVar(&cfg.Players, "players", 70, "players who buy cards")
	fs.IntVar(&cfg.MaxCards, "max-cards", 3, "cards one player may buy")
	fs.IntVar(&cfg.Prizes, "prizes", 0, "prizes: 2, 4 or 8, at most the cards; 0 means 8 (4 with 4 cards)")
	fs.BoolVar(&cfg.MultiplePrizes, "multiple-prizes", false, "a player may win several prizes")
	fs.IntVar(&cfg.BummerlToWin, "bummerl", 2, "Bummerl to win a match: 1, 2 or 3")
	seed := fs.Uint64("seed", 1, "seed of the simulation")
	lang := fs.String("lang", envOr("BUMMERL_LANG", "de"), "language of the output, de or en (BUMMERL_LANG)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "simulate: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *lang != "de" && *lang != "en" {
		fmt.Fprintf(stderr, "simulate: --lang must be de or en, not %q\n", *lang)
		return 2
	}
	t, err := draw.Simulate(cfg, *seed)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	printSimulation(stdout, t, cfg, *seed, *lang)
	return 0
}

// simText picks the German or the English text.
func simText(lang, de, en string) string {
	if lang == "en" {
		return en
	}
	return de
}

// printSimulation prints the header, every round by bracket, and the prizes.
func printSimulation(w io.Writer, t *tournament.Tournament, cfg draw.SimConfig, seed uint64, lang string) {
	names := make(map[tournament.PlayerID]string, len(t.Players))
	for _, p := range t.Players {
		names[p.ID] = p.Name
	}
	owner := make(map[tournament.CardNo]tournament.PlayerID, len(t.Cards))
	for _, c := range t.Cards {
		owner[c.No] = c.Player
	}
	card := func(c tournament.CardNo) string { return fmt.Sprintf("%s #%d", names[owner[c]], c) }

	n, sold := t.Settings.Cards, t.Sold()
	fmt.Fprintf(w, simText(lang, "Preisschnapsen-Simulation, Seed %d\n", "Preisschnapsen simulation, seed %d\n"), seed)
	fmt.Fprintf(w, simText(lang, "%d Spieler (höchstens %d Karten), %d Karten verkauft, N = %d, %d Freilose\n",
		"%d players (at most %d cards), %d cards sold, N = %d, %d byes\n"), cfg.Players, cfg.MaxCards, sold, n, n-sold)
	if n != cfg.Cards {
		fmt.Fprintf(w, simText(lang, "Zu wenige Karten verkauft für %d: auf %d verkleinert (P-2)\n",
			"Too few cards sold for %d: reduced to %d (P-2)\n"), cfg.Cards, n)
	}

	for _, r := range t.Rounds {
		fmt.Fprintf(w, "\n%s %d\n", simText(lang, "Runde", "Round"), r.No)
		fmt.Fprintf(w, "  %s %s\n  Seed %s\n", simText(lang, "Festlegung", "Commitment"), r.Draw.Commitment, r.Draw.Seed)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		var bracket tournament.Bracket = -1
		for _, m := range r.Matches {
			if m.Bracket != bracket {
				bracket = m.Bracket
				fmt.Fprintf(tw, "  %s\n", tournament.RoundName(r, bracket).Text(lang))
			}
			fmt.Fprintf(tw, "    %s %d\t%s\t", simText(lang, "Partie", "Match"), m.No, card(m.A))
			switch {
			case m.Bye():
				fmt.Fprintf(tw, "%s\t\t→ #%d\n", simText(lang, "Freilos", "bye"), m.A)
			case m.Surrendered:
				fmt.Fprintf(tw, "– %s\t%s\t→ #%d\n", card(m.B),
					simText(lang, "aufgegeben (P-6)", "surrendered (P-6)"), m.Winner())
			default:
				won, lost := m.Score()
				fmt.Fprintf(tw, "– %s\t%d:%d\t→ #%d\n", card(m.B), won, lost, m.Winner())
			}
		}
		tw.Flush()
	}

	fmt.Fprintf(w, "\n%s\n", simText(lang, "Preise", "Prizes"))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, a := range t.Prizes() {
		place := fmt.Sprint(a.From)
		if a.To != a.From {
			place = fmt.Sprintf("%d–%d", a.From, a.To)
		}
		who := a.LotText(lang)
		if a.Card != 0 {
			who = card(a.Card)
		}
		fmt.Fprintf(tw, "  %d.\t%s\t%s %s\t%s\n", a.Prize, a.Description, simText(lang, "Platz", "place"), place, who)
	}
	tw.Flush()
	if !t.Settings.MultiplePrizes {
		fmt.Fprintln(w, simText(lang, "Je Spieler höchstens ein Preis (P-8).", "At most one prize per player (P-8)."))
	}
}
