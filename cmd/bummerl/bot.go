package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"

	"bummerl/domain/bot"
	"bummerl/domain/schnapsen"
)

func init() {
	commands["bot"] = command{
		summary: "play Schnapsen as a bot over the JSON-lines protocol bummerl-bot/1 on stdin/stdout (BOT-PROTOCOL.md)",
		run:     runBot,
	}
}

// nodesPerMS turns the hello's budget_ms into search nodes: 100 ms buy
// the default budget (docs/bot.md has the decision times it gives).
const nodesPerMS = 30_000

// protocolName is the protocol of BOT-PROTOCOL.md this command speaks.
const protocolName = "bummerl-bot/1"

// botLine is a line in: hello or decide (BOT-PROTOCOL.md). Fields the
// bot works out from the history (points, tricks, won, …) are not read.
type botLine struct {
	Type       string             `json:"type"`
	Variant    string             `json:"variant"`
	Closing    string             `json:"closing"`
	BudgetMS   int                `json:"budget_ms"`
	Seat       int                `json:"seat"`
	Hand       []schnapsen.Card   `json:"hand"`
	Trump      schnapsen.Suit     `json:"trump"`
	TrumpCard  *schnapsen.Card    `json:"trump_card"`
	History    []json.RawMessage  `json:"history"`
	GamePoints [2]int             `json:"game_points"`
	Legal      []schnapsen.Action `json:"legal"`
}

// runBot answers each line of stdin with one line on stdout, flushed,
// until EOF (exit status 0). A line it cannot read gets
// {"error": …}; a decision it cannot make from the view (the history
// does not fit the hand, say) gets the first legal action, with the
// reason on stderr.
func runBot(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the bot's sampling: the same seed and view give the same action")
	nodes := fs.Int("nodes", 0, "search nodes per decision (default: 30,000 per millisecond of the hello's budget_ms, 3,000,000 without)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: bummerl bot [-seed N] [-nodes N]   (JSON lines bummerl-bot/1 on stdin and stdout)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return 2
	}
	p := &botPlayer{seed: *seed, nodes: *nodes, log: stderr}
	p.bot = bot.New(bot.Options{Seed: *seed, Nodes: *nodes})
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 64<<10), 1<<20)
	out := bufio.NewWriter(stdout)
	for in.Scan() {
		reply := p.answer(in.Bytes())
		line, err := json.Marshal(reply)
		if err != nil {
			line = []byte(`{"error":"cannot write the reply"}`)
		}
		out.Write(append(line, '\n'))
		if err := out.Flush(); err != nil {
			fmt.Fprintf(stderr, "bummerl bot: %v\n", err)
			return 1
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintf(stderr, "bummerl bot: %v\n", err)
		return 1
	}
	return 0
}

// botPlayer is the bot of one session.
type botPlayer struct {
	bot   *bot.Bot
	seed  uint64
	nodes int // -nodes, 0 for the default
	log   io.Writer
}

// answer is the reply to one line.
func (p *botPlayer) answer(data []byte) any {
	var l botLine
	if err := json.Unmarshal(data, &l); err != nil {
		return map[string]string{"error": err.Error()}
	}
	switch l.Type {
	case "hello":
		if p.nodes == 0 && l.BudgetMS > 0 { // the default scaled to the budget
			p.bot = bot.New(bot.Options{Seed: p.seed, Nodes: nodesPerMS * l.BudgetMS})
		}
		return map[string]string{"name": "bummerl bot", "protocol": protocolName}
	case "decide":
	default:
		return map[string]string{"error": fmt.Sprintf("unknown type %q (want hello or decide)", l.Type)}
	}
	if len(l.Legal) == 0 {
		return map[string]string{"error": "no legal actions"}
	}
	v, err := l.view()
	var a schnapsen.Action
	if err == nil {
		a, err = p.bot.Decide(v)
	}
	if err == nil && !slices.Contains(l.Legal, a) {
		err = fmt.Errorf("%v is not among the legal actions", a)
	}
	if err != nil {
		fmt.Fprintf(p.log, "bummerl bot: %v; playing the first legal action\n", err)
		a = l.Legal[0]
	}
	return a
}

// view is the decide line as the bot's view.
func (l *botLine) view() (bot.View, error) {
	variant, err := schnapsen.ParseVariant(l.Variant)
	if err != nil {
		return bot.View{}, err
	}
	closing, err := schnapsen.ParseClosing(l.Closing)
	if err != nil {
		return bot.View{}, err
	}
	v := bot.View{Variant: variant, Closing: closing, Seat: l.Seat, Hand: l.Hand, Trump: l.Trump,
		TrumpCard: l.TrumpCard, GamePoints: l.GamePoints}
	for i, raw := range l.History {
		var st bot.Step
		var took struct {
			Took *schnapsen.Card `json:"took"`
		}
		if err := json.Unmarshal(raw, &st.Action); err != nil {
			return v, fmt.Errorf("history %d: %w", i, err)
		}
		if err := json.Unmarshal(raw, &took); err != nil {
			return v, fmt.Errorf("history %d: %w", i, err)
		}
		if st.Kind == schnapsen.Exchange {
			if took.Took == nil {
				return v, fmt.Errorf("history %d: an exchange without \"took\"", i)
			}
			st.Took = *took.Took
		}
		v.History = append(v.History, st)
	}
	return v, nil
}
