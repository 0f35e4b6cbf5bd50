package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bummerl/domain/bot"
	"bummerl/domain/schnapsen"
)

// botSession runs `bummerl bot` in process on pipes, so each reply must
// come (flushed) before the next line is written, as a referee needs.
type botSession struct {
	t      *testing.T
	in     *io.PipeWriter
	out    *bufio.Reader
	status chan int
	stderr bytes.Buffer
}

func startBot(t *testing.T, args ...string) *botSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &botSession{t: t, in: inW, out: bufio.NewReader(outR), status: make(chan int, 1)}
	go func() {
		s.status <- run(append([]string{"bot"}, args...), inR, outW, &s.stderr)
		outW.Close()
	}()
	return s
}

// ask writes one line and reads the one reply line.
func (s *botSession) ask(line string) string {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatal(err)
	}
	reply, err := s.out.ReadString('\n')
	if err != nil {
		s.t.Fatalf("no reply to %s: %v (stderr %s)", line, err, s.stderr.String())
	}
	return reply
}

// end closes stdin (EOF) and returns the exit status; nothing more may
// have been written.
func (s *botSession) end() int {
	s.t.Helper()
	s.in.Close()
	if rest, _ := io.ReadAll(s.out); len(rest) > 0 {
		s.t.Errorf("output after the last reply: %q", rest)
	}
	return <-s.status
}

// protocolExamples are the JSON examples of docs/bot-protocol.md (a copy
// of the specification's BOT-PROTOCOL.md), each compacted to one line.
func protocolExamples(t *testing.T) []string {
	t.Helper()
	doc, err := os.ReadFile("../../docs/bot-protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, m := range regexp.MustCompile("(?s)```json\n(.*?)```").FindAllSubmatch(doc, -1) {
		var b bytes.Buffer
		if err := json.Compact(&b, m[1]); err != nil {
			t.Fatalf("example %s: %v", m[1], err)
		}
		lines = append(lines, b.String())
	}
	if len(lines) != 2 {
		t.Fatalf("want the hello and the decide example, found %d", len(lines))
	}
	return lines
}

// replyAction decodes a reply as an action (BOT-PROTOCOL.md "The actions").
func replyAction(t *testing.T, reply string) schnapsen.Action {
	t.Helper()
	var a schnapsen.Action
	if err := json.Unmarshal([]byte(reply), &a); err != nil {
		t.Fatalf("reply %q is not an action: %v", reply, err)
	}
	return a
}

// TestBotProtocolExample sends the example lines of BOT-PROTOCOL.md:
// hello gets a JSON object, the decision one of the legal actions (also
// with a field the bot does not know), and EOF ends the bot with status 0
// and nothing more written (issue 25).
func TestBotProtocolExample(t *testing.T) {
	ex := protocolExamples(t)
	s := startBot(t)
	var hello map[string]any
	if err := json.Unmarshal([]byte(s.ask(ex[0])), &hello); err != nil || hello["name"] == nil {
		t.Fatalf("hello reply %v (%v)", hello, err)
	}
	var decide struct {
		Seat  uint8              `json:"seat"`
		Legal []schnapsen.Action `json:"legal"`
	}
	if err := json.Unmarshal([]byte(ex[1]), &decide); err != nil {
		t.Fatal(err)
	}
	reply := s.ask(ex[1])
	a := replyAction(t, reply)
	if a.Seat != decide.Seat || !slices.Contains(decide.Legal, a) {
		t.Errorf("reply %v is not among the legal actions %v", a, decide.Legal)
	}
	// "Ignore unknown fields; a later version may add fields": the same
	// line with one more field gets the same reply (the bot holds no
	// state between lines).
	later := strings.Replace(ex[1], `{"type":"decide",`, `{"type":"decide","added_later":{"x":[1,2]},`, 1)
	if later == ex[1] {
		t.Fatal("the decide example does not start with its type")
	}
	if again := s.ask(later); again != reply {
		t.Errorf("with an unknown field: %q, without: %q", again, reply)
	}
	if status := s.end(); status != 0 || s.stderr.Len() > 0 {
		t.Errorf("exit status %d, stderr %q", status, s.stderr.String())
	}
}

// TestBotProcess runs the real subcommand in a process of its own through
// its standard input and output: hello, a decision, a line it cannot
// read (answered with an error object: one line out for every line in),
// then EOF, exit status 0.
func TestBotProcess(t *testing.T) {
	if os.Getenv("BUMMERL_BOT_PROCESS") == "1" {
		os.Exit(run([]string{"bot"}, os.Stdin, os.Stdout, os.Stderr))
	}
	ex := protocolExamples(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestBotProcess$")
	cmd.Env = append(os.Environ(), "BUMMERL_BOT_PROCESS=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewReader(stdout)
	var replies []string
	for _, line := range []string{ex[0], ex[1], "not json"} {
		io.WriteString(stdin, line+"\n")
		reply, err := out.ReadString('\n')
		if err != nil {
			t.Fatalf("no reply to %s: %v", line, err)
		}
		replies = append(replies, reply)
	}
	stdin.Close()
	rest, _ := io.ReadAll(out)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v", err)
	}
	if len(rest) > 0 {
		t.Errorf("output after the last reply: %q", rest)
	}
	replyAction(t, replies[1])
	if !strings.HasPrefix(replies[2], `{"error":`) {
		t.Errorf("reply to an unreadable line: %q", replies[2])
	}
}

// TestBotPlaysDeals plays whole deals of every variant with `bummerl
// bot` in both seats, the lines written as BOT-PROTOCOL.md describes from
// the engine's state (history with the exchange's "took", the two-step
// marriage, the forced declaration with 66): every reply is legal.
func TestBotPlaysDeals(t *testing.T) {
	s := startBot(t, "-nodes", "20000")
	s.ask(`{"type": "hello", "protocol": "bummerl-bot/1", "variant": "soft", "closing": "at-close", "budget_ms": 100, "bummerl_target": 7}`)
	r := rand.New(rand.NewPCG(25, 1))
	for i := range 12 {
		v := []schnapsen.Variant{schnapsen.Soft, schnapsen.Sharp, schnapsen.SixtySix}[i%3]
		rec := schnapsen.GameRecord{Variant: v, Closing: schnapsen.AtClose, Deck: schnapsen.ShuffledDeck(v, r.Uint64())}
		d, err := schnapsen.NewDeal(v, rec.Closing, rec.Deck)
		if err != nil {
			t.Fatal(err)
		}
		game := [2]int{r.IntN(7), r.IntN(7)}
		for n := 0; !d.Over(); n++ {
			line, legal := decideLine(t, rec, &d, game, n)
			a := replyAction(t, s.ask(line))
			if !slices.Contains(legal, a) {
				t.Fatalf("reply %v not in %v to %s", a, legal, line)
			}
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
			rec.Actions = append(rec.Actions, a)
		}
	}
	if status := s.end(); status != 0 || s.stderr.Len() > 0 {
		t.Errorf("exit status %d, stderr %q", status, s.stderr.String())
	}
}

// decideLine is the decide line of BOT-PROTOCOL.md for the seat to move
// in d (the deal of rec), and the legal actions it offers.
func decideLine(t *testing.T, rec schnapsen.GameRecord, d *schnapsen.Deal, game [2]int, n int) (string, []schnapsen.Action) {
	t.Helper()
	seat := d.ToMove()
	sv := d.View(seat)
	v, err := bot.ViewOf(rec, seat, game)
	if err != nil {
		t.Fatal(err)
	}
	legal := sv.Legal
	if p := d.CardPoints()[seat]; p >= 66 && slices.Contains(legal, schnapsen.Action{Seat: uint8(seat), Kind: schnapsen.Declare}) {
		legal = []schnapsen.Action{{Seat: uint8(seat), Kind: schnapsen.Declare}}
	}
	var history []json.RawMessage
	for _, st := range v.History {
		b, _ := json.Marshal(st.Action)
		if st.Kind == schnapsen.Exchange {
			b = append(b[:len(b)-1], []byte(`,"took":"`+st.Took.String()+`"}`)...)
		}
		history = append(history, b)
	}
	facedown, talon := 0, sv.TalonLeft
	if talon > 0 {
		facedown = talon - 1
	}
	var pending *schnapsen.Suit
	if k := len(rec.Actions); k > 0 && rec.Actions[k-1].Kind == schnapsen.Marriage {
		pending = &rec.Actions[k-1].Suit
	}
	// won and at_close, as a referee reports them: replay the deal.
	won := [2][]schnapsen.Card{{}, {}}
	var atClose any
	replay, _ := schnapsen.NewDeal(rec.Variant, rec.Closing, rec.Deck)
	var lead schnapsen.Card
	for _, a := range rec.Actions {
		before := replay.Tricks()
		if a.Kind == schnapsen.Close {
			o := 1 - a.Seat
			atClose = map[string]int{"points": replay.CardPoints()[o], "tricks": replay.Tricks()[o]}
		}
		if err := replay.Apply(a); err != nil {
			t.Fatal(err)
		}
		switch after := replay.Tricks(); {
		case a.Kind != schnapsen.Play:
		case after == before:
			lead = a.Card
		default:
			w := 0
			if after[1] > before[1] {
				w = 1
			}
			won[w] = append(won[w], lead, a.Card)
		}
	}
	line := map[string]any{
		"type": "decide", "protocol": "bummerl-bot/1", "bummerl": 0, "deal": 0, "decision": n,
		"variant": rec.Variant, "closing": rec.Closing, "seat": seat, "hand": v.Hand,
		"trump": v.Trump, "trump_card": v.TrumpCard, "facedown": facedown, "talon": talon,
		"closed": sv.Closer != nil, "closer": sv.Closer, "at_close": atClose, "lead": sv.Lead, "won": won, "pending_marriage": pending,
		"points": d.CardPoints(), "tricks": d.Tricks(), "marriages": sv.Marriages,
		"history": history, "game_points": game, "bummerl_target": 7, "legal": legal,
	}
	b, err := json.Marshal(line)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), legal
}
