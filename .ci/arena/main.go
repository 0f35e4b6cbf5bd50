// Command arena plays Schnapsen players of domain/bot against each other
// and reports the Bummerl won with a 95 % Wilson interval and the time of
// their decisions (docs/bot.md). It is not part of the product.
//
// Bummerl are played in pairs on the same decks with the first dealer
// swapped (so each player gets the other's cards once); the dealer
// alternates every deal (S-2), a Bummerl is 7 game points (B-1), soft
// Schnapsen with closing counted at close unless -variant/-closing say
// otherwise. A seat on lead with 66 must declare (BOT-PROTOCOL.md); an
// illegal action forfeits the deal (3 game points) and is counted.
//
//	nice -n 19 go run ./.ci/arena [-a bot] [-b ref] [-pairs 100] [-seed 1] [-p 1]
//
// SIGINT or SIGTERM stops a run with the report of the Bummerl finished.
//
// With -deals N it plays N single deals twice instead, each player once
// in each seat (duplicate, at 0:0): the mean game-point margin a deal
// with its 95 % interval, a quicker measure to compare versions.
//
// Players: bot[:nodes=N][:worlds=N][:horizon=N] (the practice bot, domain/bot),
// ref[:perms=N][:iters=N] (the reference: the open engines' search,
// 667 × 150 by default), greedy, random.
package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"bummerl/domain/bot"
	"bummerl/domain/schnapsen"
)

// player decides from a seat's view.
type player interface {
	Decide(v bot.View) (schnapsen.Action, error)
}

func main() {
	a := flag.String("a", "bot", "the player measured")
	b := flag.String("b", "ref", "its opponent")
	pairs := flag.Int("pairs", 100, "pairs of Bummerl (each pair: the same decks, first dealer swapped)")
	seed := flag.Uint64("seed", 1, "seed of the decks and the players")
	par := flag.Int("p", 1, "pairs played at once")
	variant := flag.String("variant", "soft", "soft, sharp or sixty-six")
	closing := flag.String("closing", "at-close", "at-close or count-later")
	deals := flag.Int("deals", 0, "play this many duplicate deals instead of Bummerl")
	logFile := flag.String("log", "", "write each deal's record and result to this file, one JSON line a deal")
	flag.Parse()
	v, err := schnapsen.ParseVariant(*variant)
	if err == nil {
		_, err = schnapsen.ParseClosing(*closing)
	}
	for _, spec := range []string{*a, *b} {
		if err == nil {
			_, err = newPlayer(spec, 0)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		os.Exit(2)
	}
	cfg := config{variant: v, closing: schnapsen.Closing(*closing), seed: *seed, specs: [2]string{*a, *b}}
	if *logFile != "" {
		f, err := os.Create(*logFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "arena:", err)
			os.Exit(1)
		}
		defer f.Close()
		cfg.log = log.New(f, "", 0)
	}
	if *deals > 0 {
		cfg.duplicate(*deals, *par)
		return
	}
	res := cfg.run(*pairs, *par)
	res.report(os.Stdout, cfg)
}

type config struct {
	variant schnapsen.Variant
	closing schnapsen.Closing
	seed    uint64
	specs   [2]string   // player 0 is measured
	log     *log.Logger // each deal as a JSON line (players by deal seat), if -log
}

// result adds up a run; index 0 is the measured player.
type result struct {
	bummerl, gamePts, deals [2]int
	illegal                 [2]int
	wall, cpu               [2][]time.Duration
	margins                 []int     // game points per deal, player 0 minus 1
	byPoints                [2][4]int // deals won by 1, 2, 3 game points
	start                   time.Time
	elapsed                 time.Duration
	load                    [2]string
}

func (c config) run(pairs, par int) *result {
	res := &result{start: time.Now(), load: [2]string{loadavg()}}
	jobs := make(chan int)
	var mu sync.Mutex
	// An interrupted run still reports the Bummerl it finished, so a run
	// that cannot end in the time at hand can be stopped.
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-stop
		mu.Lock()
		res.elapsed = time.Since(res.start)
		res.load[1] = loadavg()
		fmt.Println("(interrupted)")
		res.report(os.Stdout, c)
		os.Exit(130)
	}()
	var wg sync.WaitGroup
	for range max(par, 1) {
		wg.Go(func() {
			// One thread per worker, so its CPU time is the players'.
			runtime.LockOSThread()
			for k := range jobs {
				for swap := range 2 {
					r := c.bummerl(k, swap)
					mu.Lock()
					res.add(r)
					n := res.bummerl[0] + res.bummerl[1]
					// Progress on stderr, so a long run can be read (or
					// stopped) before it ends.
					fmt.Fprintf(os.Stderr, "arena: %d Bummerl, %d : %d, %v\n", n, res.bummerl[0], res.bummerl[1], time.Since(res.start).Round(time.Second))
					mu.Unlock()
				}
			}
		})
	}
	for k := range pairs {
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	res.elapsed = time.Since(res.start)
	res.load[1] = loadavg()
	return res
}

func (r *result) add(o *result) {
	for i := range 2 {
		r.bummerl[i] += o.bummerl[i]
		r.gamePts[i] += o.gamePts[i]
		r.deals[i] += o.deals[i]
		r.illegal[i] += o.illegal[i]
		r.wall[i] = append(r.wall[i], o.wall[i]...)
		r.cpu[i] = append(r.cpu[i], o.cpu[i]...)
	}
	r.margins = append(r.margins, o.margins...)
	for i := range 2 {
		for p := range 4 {
			r.byPoints[i][p] += o.byPoints[i][p]
		}
	}
}

// count adds a deal won by player w with p game points.
func (r *result) count(w, p int) {
	r.deals[w]++
	r.gamePts[w] += p
	r.byPoints[w][p]++
	if w == 0 {
		r.margins = append(r.margins, p)
	} else {
		r.margins = append(r.margins, -p)
	}
}

// deckSeed is the seed of deal i of pair k: both Bummerl of a pair see
// the same decks.
func (c config) deckSeed(k, i int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d", c.seed, k, i)
	return h.Sum64()
}

// bummerl plays Bummerl swap of pair k: player 0 deals first when swap
// is 0.
func (c config) bummerl(k, swap int) *result {
	var ps [2]player
	for i := range 2 {
		ps[i], _ = newPlayer(c.specs[i], c.seed^uint64(k*2+swap)<<8^uint64(i))
	}
	res := &result{}
	var score [2]int // by player
	for i := 0; ; i++ {
		dealer := (i + swap) % 2                   // player who deals deal i
		fore := 1 - dealer                         // player in deal seat 0
		game := [2]int{score[fore], score[1-fore]} // by deal seat
		winner, pts := c.deal(ps, fore, c.deckSeed(k, i), game, res)
		res.count(winner, pts)
		score[winner] += pts
		if score[winner] >= bot.BummerlTarget {
			res.bummerl[winner]++
			return res
		}
	}
}

// deal plays one deal, player fore in deal seat 0, and returns the
// player who won it and his game points.
func (c config) deal(ps [2]player, fore int, seed uint64, game [2]int, res *result) (winner, pts int) {
	deck := schnapsen.ShuffledDeck(c.variant, seed)
	rec := schnapsen.GameRecord{Variant: c.variant, Closing: c.closing, Deck: deck}
	d, err := schnapsen.NewDeal(c.variant, c.closing, deck)
	if err != nil {
		panic(err)
	}
	for !d.Over() {
		seat := d.ToMove()
		pl := seat ^ fore // the player in that deal seat
		v, err := bot.ViewOf(rec, seat, game)
		if err != nil {
			panic(err)
		}
		legal, _ := v.Legal()
		t0, c0 := time.Now(), threadCPU()
		act, err := ps[pl].Decide(v)
		res.wall[pl] = append(res.wall[pl], time.Since(t0))
		res.cpu[pl] = append(res.cpu[pl], threadCPU()-c0)
		if err != nil || !slices.Contains(legal, act) || d.Apply(act) != nil {
			fmt.Fprintf(os.Stderr, "arena: %s: illegal %v (%v) in %s\n", c.specs[pl], act, err, mustJSON(rec))
			res.illegal[pl]++
			return 1 - pl, 3
		}
		rec.Actions = append(rec.Actions, act)
	}
	ver := d.Verdict()
	if c.log != nil {
		c.log.Printf(`{"players": [%q, %q], "game_points": [%d, %d], "winner": %d, "points": %d, "reason": %q, "record": %s}`,
			c.specs[fore], c.specs[1-fore], game[0], game[1], ver.Winner, ver.Points, ver.Reason, mustJSON(rec))
	}
	return ver.Winner ^ fore, ver.Points
}

// duplicate plays n deals twice, each player once in each seat, and
// prints the mean margin of player 0.
func (c config) duplicate(n, par int) {
	start, load := time.Now(), loadavg()
	res := &result{}
	margins := make([]float64, n)
	jobs := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range max(par, 1) {
		wg.Go(func() {
			runtime.LockOSThread()
			for k := range jobs {
				var ps [2]player
				for i := range 2 {
					ps[i], _ = newPlayer(c.specs[i], c.seed^uint64(k)<<8^uint64(i))
				}
				r := &result{}
				m := 0
				for fore := range 2 {
					w, p := c.deal(ps, fore, c.deckSeed(k, 0), [2]int{}, r)
					r.count(w, p)
					if w == 0 {
						m += p
					} else {
						m -= p
					}
				}
				mu.Lock()
				res.add(r)
				margins[k] = float64(m) / 2
				mu.Unlock()
			}
		})
	}
	for k := range n {
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	mean, sd := 0.0, 0.0
	for _, m := range margins {
		mean += m
	}
	mean /= float64(n)
	for _, m := range margins {
		sd += (m - mean) * (m - mean)
	}
	se := math.Sqrt(sd/float64(max(n-1, 1))) / math.Sqrt(float64(n))
	fmt.Printf("%s vs %s, %s %s, %d deals played twice (seed %d), %v, load %s → %s\n", c.specs[0], c.specs[1], c.variant, c.closing,
		n, c.seed, time.Since(start).Round(time.Second), load, loadavg())
	fmt.Printf("margin %+.3f game points a deal (95 %% %+.3f … %+.3f), deals won %d : %d\n", mean, mean-1.96*se, mean+1.96*se, res.deals[0], res.deals[1])
	res.points(os.Stdout, c)
	res.times(os.Stdout, c)
}

func mustJSON(rec schnapsen.GameRecord) string {
	b, _ := rec.MarshalJSON()
	return string(b)
}

// newPlayer makes a player from its spec, e.g. "bot:nodes=500000".
func newPlayer(spec string, seed uint64) (player, error) {
	parts := strings.Split(spec, ":")
	opts := map[string]int{}
	for _, p := range parts[1:] {
		k, v, ok := strings.Cut(p, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil {
			return nil, fmt.Errorf("bad option %q in %q", p, spec)
		}
		opts[k] = n
	}
	switch parts[0] {
	case "bot":
		return bot.New(bot.Options{Seed: seed, Nodes: opts["nodes"], Worlds: opts["worlds"], Horizon: opts["horizon"]}), nil
	case "ref":
		return bot.NewReference(opts["perms"], opts["iters"], seed), nil
	case "greedy":
		return greedy{}, nil
	case "random":
		return &random{rand.New(rand.NewPCG(seed, 7))}, nil
	}
	return nil, fmt.Errorf("unknown player %q (bot, ref, greedy, random)", spec)
}

// random plays a random legal action, and declares only with 66.
type random struct{ r *rand.Rand }

func (p *random) Decide(v bot.View) (schnapsen.Action, error) {
	legal, err := v.Legal()
	if err != nil {
		return schnapsen.Action{}, err
	}
	if len(legal) > 1 && legal[len(legal)-1].Kind == schnapsen.Declare {
		legal = legal[:len(legal)-1]
	}
	return legal[p.r.IntN(len(legal))], nil
}

// greedy exchanges and announces whenever it can, takes a trick worth
// ten or more with its cheapest winning card, and otherwise plays its
// cheapest card, a trump last. It never closes and declares only with 66.
type greedy struct{}

func (greedy) Decide(v bot.View) (schnapsen.Action, error) {
	legal, err := v.Legal()
	if err != nil {
		return schnapsen.Action{}, err
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	var plays []schnapsen.Action
	for _, a := range legal {
		switch a.Kind {
		case schnapsen.Exchange, schnapsen.Marriage:
			if a.Kind == schnapsen.Exchange || a.Suit == v.Trump {
				return a, nil
			}
		case schnapsen.Play:
			plays = append(plays, a)
		}
	}
	for _, a := range legal {
		if a.Kind == schnapsen.Marriage {
			return a, nil
		}
	}
	cost := func(c schnapsen.Card) int {
		if c.Suit() == v.Trump {
			return c.Points() + 20
		}
		return c.Points()
	}
	cheapest := func(as []schnapsen.Action) schnapsen.Action {
		return slices.MinFunc(as, func(x, y schnapsen.Action) int { return cost(x.Card) - cost(y.Card) })
	}
	if lead, ok := leadCard(v); ok {
		var winners []schnapsen.Action
		for _, a := range plays {
			c := a.Card
			if c.Suit() == lead.Suit() && c.Rank() < lead.Rank() || c.Suit() == v.Trump && lead.Suit() != v.Trump {
				winners = append(winners, a)
			}
		}
		if len(winners) > 0 && lead.Points() >= 10 {
			return cheapest(winners), nil
		}
	}
	return cheapest(plays), nil
}

// leadCard is the card the opponent led to the trick in play, if any.
func leadCard(v bot.View) (schnapsen.Card, bool) {
	n := 0
	var last schnapsen.Card
	for _, s := range v.History {
		if s.Kind == schnapsen.Play {
			n++
			last = s.Card
		}
	}
	return last, n%2 == 1
}

// threadCPU is the CPU time of the calling thread (Linux).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

// wilson is the 95 % Wilson score interval of w successes in n.
func wilson(w, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, nf := float64(w)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return c - h, c + h
}

func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func (r *result) report(w *os.File, c config) {
	n := r.bummerl[0] + r.bummerl[1]
	lo, hi := wilson(r.bummerl[0], n)
	fmt.Fprintf(w, "%s vs %s, %s %s, %d Bummerl (%d pairs, seed %d), %v, load %s → %s\n",
		c.specs[0], c.specs[1], c.variant, c.closing, n, n/2, c.seed, r.elapsed.Round(time.Second), r.load[0], r.load[1])
	fmt.Fprintf(w, "Bummerl won: %d : %d, win rate %.1f %% (95 %% Wilson %.1f–%.1f %%)\n",
		r.bummerl[0], r.bummerl[1], 100*float64(r.bummerl[0])/float64(max(n, 1)), 100*lo, 100*hi)
	deals := r.deals[0] + r.deals[1]
	sum := 0
	for _, m := range r.margins {
		sum += m
	}
	fmt.Fprintf(w, "deals won: %d : %d (%.1f %%), game points %d : %d, margin %+.3f game points a deal\n",
		r.deals[0], r.deals[1], 100*float64(r.deals[0])/float64(max(deals, 1)), r.gamePts[0], r.gamePts[1], float64(sum)/float64(max(len(r.margins), 1)))
	r.points(w, c)
	r.times(w, c)
}

// points prints how many deals each player won by 1, 2 and 3 game points.
func (r *result) points(w *os.File, c config) {
	for i := range 2 {
		fmt.Fprintf(w, "%-28s deals won by 1/2/3 game points: %d / %d / %d\n", c.specs[i], r.byPoints[i][1], r.byPoints[i][2], r.byPoints[i][3])
	}
}

// times prints each player's decision times.
func (r *result) times(w *os.File, c config) {
	for i := range 2 {
		fmt.Fprintf(w, "%-28s %6d decisions, wall median %v p99 %v max %v; CPU median %v p99 %v max %v; illegal %d\n",
			c.specs[i], len(r.wall[i]), quantile(r.wall[i], 0.5).Round(time.Microsecond), quantile(r.wall[i], 0.99).Round(time.Microsecond),
			slices.Max(append([]time.Duration{0}, r.wall[i]...)).Round(time.Microsecond),
			quantile(r.cpu[i], 0.5).Round(time.Microsecond), quantile(r.cpu[i], 0.99).Round(time.Microsecond),
			slices.Max(append([]time.Duration{0}, r.cpu[i]...)).Round(time.Microsecond), r.illegal[i])
	}
}
