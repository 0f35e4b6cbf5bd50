package thousand

import "fmt"

// Barrel levels (R-49 … R-58).
const (
	BarrelLevel = 880
	pushedOff   = 755
	fallLevel   = 760
)

// GameOptions are the options of a game, fixed before the first deal.
type GameOptions struct {
	Players        int  // 3 (default) or 4
	GoldenRound    bool
	MisdealPenalty int  // 120 (default) or 0
	CutNine        bool // R-8, R-9 (default on)
	BlindBids      bool
	BarrelTimeout  int  // 120 (default) or 125 (R-55, RL-18)
}

// DefaultGameOptions are the defaults of RULES-1000.md "Options".
func DefaultGameOptions() GameOptions {
	return GameOptions{Players: 3, MisdealPenalty: 120, CutNine: true, BarrelTimeout: 120}
}

// Event is a barrel or bolt event of a deal (game verdict "events").
type Event struct {
	Seat  int    `json:"seat"`
	Event string `json:"event"`
	Total int    `json:"total"`
}

// Game is the running state of a game: totals, bolts, the barrel (R-46 …
// It is a plain value.
type Game struct {
	opt         GameOptions
	Totals      [4]int
	Bolts       [4]int // current marks 0–2
	Descents    [4]int // since the last zeroing
	Barrel      [2]int // seats on the barrel in climb order
	NBarrel     int
	BarrelDeals [4]int // deals played in the current stay
	dealer      int
	passes      int // times the deal has passed on
	Winner      int // -1 until R-61
}

// NewGame starts a game with the first dealer.
func NewGame(opt GameOptions, firstDealer int) Game {
	return Game{opt: opt, dealer: firstDealer, Winner: -1}
}

// Options are the game's options.
func (g *Game) Options() GameOptions { return g.opt }

// Finished reports whether a player has won.
func (g *Game) Finished() bool { return g.Winner >= 0 }

// NextDealer is the dealer of the next deal.
func (g *Game) NextDealer() int { return g.dealer }

// NextGolden reports whether the next deal is golden.
func (g *Game) NextGolden() bool { return g.opt.GoldenRound && g.passes < g.opt.Players }

// OnBarrel lists the seats on the barrel in climb order.
func (g *Game) OnBarrel() []int { return append([]int{}, g.Barrel[:g.NBarrel]...) }

func (g *Game) onBarrel(s int) bool {
	for _, b := range g.Barrel[:g.NBarrel] {
		if b == s {
			return true
		}
	}
	return false
}

func (g *Game) leave(s int) {
	k := 0
	for _, b := range g.Barrel[:g.NBarrel] {
		if b != s {
			g.Barrel[k] = b
			k++
		}
	}
	g.NBarrel = k
	g.BarrelDeals[s] = 0
}

// Add applies the end-of-deal procedure of R-60 to an ended deal and
// returns its events. The outcome's dealer and golden flag must be the
// game's (NextDealer, NextGolden).
func (g *Game) Add(o Outcome) ([]Event, error) {
	if g.Finished() {
		return nil, fmt.Errorf("the game was already won by seat %d (R-61)", g.Winner)
	}
	if o.Dealer != g.dealer {
		return nil, fmt.Errorf("the dealer is seat %d, not %d (R-7)", g.dealer, o.Dealer)
	}
	if o.Golden != g.NextGolden() {
		return nil, fmt.Errorf("golden is %v, the rotation gives %v (R-63)", o.Golden, g.NextGolden())
	}
	n := g.opt.Players
	events := []Event{}
	boltPen := 120 * penaltyFactor(o.Golden)
	var pen [4]int
	for _, p := range o.Penalties {
		pen[p.Seat] += p.Points
	}
	played := o.Result == Played
	descend := func(s int, what string) {
		g.leave(s)
		events = append(events, Event{s, what, g.Totals[s]})
		g.Descents[s]++
		if g.Descents[s] == 3 { // R-58, RL-20
			g.Descents[s] = 0
			g.Totals[s] = 0
			events = append(events, Event{s, "zeroed", 0})
		}
	}
	// 1. players not on the barrel
	for s := range n {
		if g.onBarrel(s) {
			continue
		}
		g.Totals[s] += o.Scores[s] + pen[s]
		g.Bolts[s] += o.Bolts[s]
		for g.Bolts[s] >= 3 {
			g.Bolts[s] -= 3
			g.Totals[s] -= boltPen
			events = append(events, Event{s, "three-bolts", g.Totals[s]})
		}
	}
	// 2. players on the barrel, in climb order
	start := append([]int{}, g.Barrel[:g.NBarrel]...)
	for _, s := range start {
		active := !(n == 4 && s == o.Dealer)
		switch {
		case pen[s] != 0: // R-59, RL-23
			g.Bolts[s] += o.Bolts[s]
			g.Totals[s] = BarrelLevel + pen[s]
			if g.Bolts[s] >= 3 {
				g.Bolts[s] -= 3
				g.Totals[s] -= boltPen
			}
			descend(s, "barrel-penalty")
		case played && s == o.Declarer && o.Contract > 120:
			if o.Made {
				g.Winner = s
				g.Totals[s] = BarrelLevel + o.Contract
				events = append(events, Event{s, "win", g.Totals[s]})
			} else {
				g.Totals[s] = BarrelLevel - o.Contract
				descend(s, "barrel-failed")
			}
		default:
			g.Bolts[s] += o.Bolts[s]
			if g.Bolts[s] >= 3 {
				g.Bolts[s] -= 3
				g.Totals[s] = fallLevel
				descend(s, "barrel-bolt")
				continue
			}
			g.Totals[s] = BarrelLevel
			if played && active {
				g.BarrelDeals[s]++
				if g.BarrelDeals[s] == 3 {
					g.Totals[s] = BarrelLevel - g.opt.BarrelTimeout
					descend(s, "barrel-timeout")
				}
			}
		}
	}
	// 3. a winner ends the game
	if g.Winner >= 0 {
		for s := range n {
			if s != g.Winner && g.Totals[s] > BarrelLevel {
				g.Totals[s] = BarrelLevel
			}
		}
		return events, nil
	}
	// 4. climbing and pushing, arrivals clockwise from first hand
	capacity := 1
	if n == 4 {
		capacity = 2
	}
	var arrivals []int
	for i := range n {
		s := (o.FirstHand + i) % n
		if !g.onBarrel(s) && g.Totals[s] >= BarrelLevel {
			arrivals = append(arrivals, s)
		}
	}
	if len(arrivals) > capacity { // RL-21
		for _, s := range arrivals {
			g.Totals[s] = pushedOff
			events = append(events, Event{s, "simultaneous", pushedOff})
		}
		for g.NBarrel > 0 {
			s := g.Barrel[0]
			g.Totals[s] = pushedOff
			descend(s, "push-off")
		}
	} else if len(arrivals) > 0 {
		for g.NBarrel+len(arrivals) > capacity {
			s := g.Barrel[0]
			g.Totals[s] = pushedOff
			descend(s, "push-off")
		}
		for _, s := range arrivals {
			g.Totals[s] = BarrelLevel
			g.Barrel[g.NBarrel] = s
			g.NBarrel++
			g.BarrelDeals[s] = 0
			events = append(events, Event{s, "climb", BarrelLevel})
		}
	}
	// the next deal
	if o.NextDealer != o.Dealer {
		g.passes++
	}
	g.dealer = o.NextDealer
	return events, nil
}
