package thousand

import (
	"slices"
	"testing"
)

// model is a second, deliberately plain reading of RULES-1000.md's
// scoring (R-41 … … R-65): slices, no shared helpers with the
// engine (its own rounding, doubling, bolts and barrel). The differential
// test below plays random score sheets through both and demands the same
// totals, bolts, descents, barrel and winner after every deal.
type model struct {
	n, timeout  int
	golden      bool
	total, bolt []int
	desc, stay  []int
	barrel      []int
	winner      int
	dealer      int
	turns       int
}

// sheetDeal is one random deal of the differential test.
type sheetDeal struct {
	kind     Result
	declarer int
	contract int
	blind    bool
	points   []int // card points plus marriages; the 4p dealer's stock points
	tricks   []int
	renonces []int // renonce count per seat
	seat     int   // bid-limit
	value    int
}

func newModel(n, firstDealer, timeout int, golden bool) *model {
	return &model{n: n, timeout: timeout, golden: golden, total: make([]int, n), bolt: make([]int, n),
		desc: make([]int, n), stay: make([]int, n), winner: -1, dealer: firstDealer}
}

func roundTo5(p int) int {
	switch p % 5 {
	case 1, 2:
		return p - p%5
	case 3, 4:
		return p + 5 - p%5
	}
	return p
}

func (m *model) isGolden() bool { return m.golden && m.turns < m.n }

func (m *model) sitting(s int) bool { return slices.Contains(m.barrel, s) }

func (m *model) play(x sheetDeal) {
	golden := m.isGolden()
	scores, bolts, pens := make([]int, m.n), make([]int, m.n), make([]int, m.n)
	twice := 1
	if golden {
		twice = 2
	}
	fourDealer := -1
	if m.n == 4 {
		fourDealer = m.dealer
	}
	switch x.kind {
	case Played:
		factor := twice
		if x.blind {
			factor = 2
		}
		for s := 0; s < m.n; s++ {
			if s == x.declarer {
				if x.points[s] >= x.contract {
					scores[s] = factor * x.contract
				} else {
					scores[s] = -factor * x.contract
				}
				continue
			}
			scores[s] = factor * roundTo5(x.points[s])
			if s != fourDealer && x.tricks[s] == 0 {
				bolts[s] = twice
			}
		}
		for s, k := range x.renonces {
			pens[s] -= 120 * twice * k
		}
	case Misdealt:
		pens[m.dealer] -= 120 * twice
	case CutNines:
		pens[(m.dealer+m.n-1)%m.n] -= 120 * twice
	case BidLimit:
		pens[x.seat] -= x.value * twice
	}
	wasOn := slices.Clone(m.barrel)
	off := func(s int) {
		m.barrel = slices.DeleteFunc(m.barrel, func(b int) bool { return b == s })
		m.stay[s] = 0
		m.desc[s]++
		if m.desc[s] == 3 {
			m.desc[s], m.total[s] = 0, 0
		}
	}
	for s := 0; s < m.n; s++ {
		if slices.Contains(wasOn, s) {
			continue
		}
		m.total[s] += scores[s] + pens[s]
		for m.bolt[s] += bolts[s]; m.bolt[s] >= 3; m.bolt[s] -= 3 {
			m.total[s] -= 120 * twice
		}
	}
	for _, s := range wasOn {
		if pens[s] != 0 {
			m.total[s] = 880 + pens[s]
			if m.bolt[s] += bolts[s]; m.bolt[s] >= 3 {
				m.bolt[s] -= 3
				m.total[s] -= 120 * twice
			}
			off(s)
			continue
		}
		if x.kind == Played && x.declarer == s && x.contract > 120 {
			if x.points[s] >= x.contract {
				m.winner = s
				m.total[s] = 880 + x.contract
			} else {
				m.total[s] = 880 - x.contract
				off(s)
			}
			continue
		}
		if m.bolt[s] += bolts[s]; m.bolt[s] >= 3 {
			m.bolt[s] -= 3
			m.total[s] = 760
			off(s)
			continue
		}
		if x.kind == Played && s != fourDealer {
			m.stay[s]++
			if m.stay[s] == 3 {
				m.total[s] = 880 - m.timeout
				off(s)
			}
		}
	}
	if m.winner >= 0 {
		for s := range m.total {
			if s != m.winner {
				m.total[s] = min(m.total[s], 880)
			}
		}
		return
	}
	var arriving []int
	first := (m.dealer + 1) % m.n
	for i := 0; i < m.n; i++ {
		s := (first + i) % m.n
		if !m.sitting(s) && m.total[s] >= 880 {
			arriving = append(arriving, s)
		}
	}
	room := m.n - 2 // 1 seat in 3p, 2 in 4p
	if len(arriving) > room {
		for _, s := range arriving {
			m.total[s] = 755
		}
		for len(m.barrel) > 0 {
			s := m.barrel[0]
			m.total[s] = 755
			off(s)
		}
	} else if len(arriving) > 0 {
		for len(m.barrel)+len(arriving) > room {
			s := m.barrel[0]
			m.total[s] = 755
			off(s)
		}
		for _, s := range arriving {
			m.total[s] = 880
			m.barrel = append(m.barrel, s)
			m.stay[s] = 0
		}
	}
	if x.kind != Redealt {
		m.dealer = (m.dealer + 1) % m.n
		m.turns++
	}
}

// randomSheet draws a deal biased so that players climb, win and fall.
func randomSheet(r *fastRand, n, dealer int, golden, blindOK bool) sheetDeal {
	x := sheetDeal{kind: Played, points: make([]int, n), tricks: make([]int, n), renonces: make([]int, n)}
	var active []int
	for i := 1; i <= 3; i++ {
		active = append(active, (dealer+i)%n)
	}
	switch k := r.intN(100); {
	case k < 4:
		x.kind = Misdealt
	case k < 7:
		x.kind = Redealt
	case k < 10:
		x.kind, x.seat, x.value = BidLimit, active[r.intN(3)], 125+5*r.intN(20)
	case k < 12:
		x.kind = CutNines
	}
	if x.kind != Played {
		return x
	}
	x.declarer = active[0]
	if !golden {
		x.declarer = active[r.intN(3)]
		x.blind = blindOK && r.intN(10) == 0
	}
	for range 8 {
		x.tricks[active[r.intN(3)]]++
	}
	x.tricks[x.declarer] += 0
	left := 120
	for i, s := range active {
		if x.tricks[s] == 0 {
			continue
		}
		p := left
		if i < 2 && x.tricks[active[i+1]]+x.tricks[active[min(i+2, 2)]] > 0 {
			p = r.intN(left + 1)
		}
		x.points[s] = p
		left -= p
		if r.intN(4) == 0 {
			x.points[s] += []int{40, 60, 80, 100}[r.intN(4)]
		}
	}
	if left > 0 { // the last seats with tricks took nothing: give the rest to one with tricks
		for _, s := range active {
			if x.tricks[s] > 0 {
				x.points[s] += left
				break
			}
		}
	}
	if n == 4 {
		x.points[dealer] = []int{0, 2, 13, 21, 58, 33}[r.intN(6)]
	}
	x.contract = 100 + 5*r.intN(max(1, (x.points[x.declarer]+30-100)/5))
	if golden {
		x.contract = max(x.contract, 120)
	}
	x.contract = min(x.contract, MaxBid)
	if r.intN(30) == 0 {
		x.renonces[active[r.intN(3)]]++
	}
	return x
}

// engineOutcome is the same deal as the engine's Outcome.
func engineOutcome(g *Game, x sheetDeal) Outcome {
	n := g.opt.Players
	dealer, golden := g.NextDealer(), g.NextGolden()
	switch x.kind {
	case Misdealt:
		return MisdealOutcome(n, dealer, golden, "exposed-card", 120)
	case Redealt:
		return RedealOutcome(n, dealer, golden, -1, "four-nines")
	case CutNines:
		return CutNinesOutcome(n, dealer, golden)
	case BidLimit:
		return BidLimitOutcome(n, dealer, golden, x.seat, x.value)
	}
	o := headerOutcome(n, dealer, golden, Played)
	o.Declarer, o.Contract, o.Blind = x.declarer, x.contract, x.blind
	copy(o.Points[:], x.points)
	copy(o.Tricks[:], x.tricks)
	stock := 0
	if n == 4 {
		stock = x.points[dealer]
	}
	o.scorePlayed(stock)
	for s, k := range x.renonces {
		for range k {
			o.Penalties = append(o.Penalties, Penalty{Seat: s, Points: -120 * penaltyFactor(golden), Reason: "renonce"})
		}
	}
	return o
}

// TestScoringAgainstModel compares the engine's scoring with the model on
// random games (barrel, bolts, rounding, golden round, blind, 4p).
func TestScoringAgainstModel(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	r := newFastRand(2026)
	events := map[string]int{}
	for i := range games {
		opt := DefaultGameOptions()
		opt.Players = 3 + r.intN(2)
		opt.GoldenRound = r.intN(3) == 0
		opt.BlindBids = r.intN(2) == 0
		opt.BarrelTimeout = []int{120, 125}[r.intN(2)]
		first := r.intN(opt.Players)
		g := NewGame(opt, first)
		m := newModel(opt.Players, first, opt.BarrelTimeout, opt.GoldenRound)
		for deal := 0; deal < 300 && !g.Finished(); deal++ {
			if g.NextGolden() != m.isGolden() || g.NextDealer() != m.dealer {
				t.Fatalf("game %d deal %d: next dealer %d/%d golden %v/%v", i, deal, g.NextDealer(), m.dealer, g.NextGolden(), m.isGolden())
			}
			x := randomSheet(r, opt.Players, g.NextDealer(), g.NextGolden(), opt.BlindBids)
			ev, err := g.Add(engineOutcome(&g, x))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				events[e.Event]++
			}
			m.play(x)
			n := opt.Players
			if !slices.Equal(g.Totals[:n], m.total) || !slices.Equal(g.Bolts[:n], m.bolt) || !slices.Equal(g.Descents[:n], m.desc) ||
				!slices.Equal(g.OnBarrel(), m.barrel) || !slices.Equal(g.BarrelDeals[:n], m.stay) || g.Winner != m.winner {
				t.Fatalf("game %d deal %d %+v:\nengine totals %v bolts %v descents %v barrel %v stay %v winner %d\nmodel  totals %v bolts %v descents %v barrel %v stay %v winner %d",
					i, deal, x, g.Totals[:n], g.Bolts[:n], g.Descents[:n], g.OnBarrel(), g.BarrelDeals[:n], g.Winner,
					m.total, m.bolt, m.desc, m.barrel, m.stay, m.winner)
			}
			checkGame(t, &g, engineOutcome(&g, x))
		}
	}
	for _, e := range []string{"three-bolts", "climb", "push-off", "simultaneous", "barrel-failed", "barrel-bolt", "barrel-timeout", "barrel-penalty", "zeroed", "win"} {
		if events[e] == 0 {
			t.Errorf("no %s event in %d games: %v", e, games, events)
		}
	}
	t.Logf("events %v", events)
}
