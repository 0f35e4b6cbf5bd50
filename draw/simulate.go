package draw

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
)

// SimConfig describes a simulated tournament.
type SimConfig struct {
	Cards          int  // N, a power of two from 4 to 4096 (P-1)
	Players        int  // players who come to buy cards
	MaxCards       int  // cards one player may buy (P-1)
	Prizes         int  // 2, 4 or 8, at most Cards (P-7); 0 means 8, or 4 with 4 cards
	MultiplePrizes bool // P-8
	BummerlToWin   int  // 1–3 (B-3); 0 means 2
}

// maxSimPlayers bounds the players of a simulation: twice the largest N,
// since every player buys at least one card and the rest go home empty.
const maxSimPlayers = 2 * tournament.MaxCards

// maxRounds bounds the simulation loop: 4096 cards need 12 main rounds
// plus the placement matches, so more means the tournament does not end.
const maxRounds = 32

// Simulate runs a whole tournament from the seed: the players buy 1 …
// MaxCards cards each, in random interleaved order, until every player has
// his cards or N are sold; too few sold shrinks N (P-2); every round is a
// digital draw announced before it is drawn (P-4); every match gets a
// random result. The same config and seed give the same tournament.
func Simulate(cfg SimConfig, seed uint64) (*tournament.Tournament, error) {
	var key [32]byte
	binary.BigEndian.PutUint64(key[:], seed)
	src := rand.NewChaCha8(key) // also the source of the draw seeds
	rng := rand.New(src)

	t, err := simTournament(cfg, seed)
	if err != nil {
		return nil, err
	}
	if err := simSales(t, cfg, rng); err != nil {
		return nil, err
	}
	if short, n := t.Shortfall(); short { // P-2
		if n == 0 {
			return nil, fmt.Errorf("simulate: %d cards sold, too few for any tournament", t.Sold())
		}
		if err := t.Resize(n); err != nil {
			return nil, fmt.Errorf("simulate: resizing to %d cards: %w", n, err)
		}
	}
	if err := simPlay(t, src, rng); err != nil {
		return nil, err
	}
	return t, nil
}

// simPlay draws and plays rounds until nothing is left to draw.
func simPlay(t *tournament.Tournament, src *rand.ChaCha8, rng *rand.Rand) error {
	for range maxRounds {
		groups, err := t.NextDraw()
		if err != nil && t.Finished() {
			return nil
		}
		if err == nil {
			err = simRound(t, groups, src, rng)
		}
		if err != nil {
			return fmt.Errorf("simulate: round %d: %w", len(t.Rounds)+1, err)
		}
	}
	return fmt.Errorf("simulate: the tournament did not end after %d rounds", maxRounds)
}

// simTournament creates the tournament and its players.
func simTournament(cfg SimConfig, seed uint64) (*tournament.Tournament, error) {
	prizes := cfg.Prizes
	if prizes == 0 {
		prizes = min(8, max(cfg.Cards, 2)) // P-7: N cards decide only N places
	}
	bummerl := cfg.BummerlToWin
	if bummerl == 0 {
		bummerl = 2
	}
	if cfg.Players < 1 || cfg.Players > maxSimPlayers {
		return nil, fmt.Errorf("simulate: players must be 1 to %d, not %d", maxSimPlayers, cfg.Players)
	}
	s := tournament.Settings{Name: fmt.Sprintf("Simulation %d", seed), Cards: cfg.Cards, MaxCards: cfg.MaxCards,
		Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: bummerl, MultiplePrizes: cfg.MultiplePrizes}
	if prizes < 0 || prizes > len(simPrizes) {
		return nil, fmt.Errorf("simulate: prizes must be 2, 4 or 8, not %d", prizes)
	}
	s.Prizes = simPrizes[:prizes]
	t, err := tournament.New(s)
	if err != nil {
		return nil, fmt.Errorf("simulate: %w", err)
	}
	for i := range cfg.Players {
		if _, err := t.AddPlayer(simName(i), "", ""); err != nil {
			return nil, fmt.Errorf("simulate: adding player %d: %w", i+1, err)
		}
	}
	return t, nil
}

var (
	simPrizes = []string{"Schinken", "Kürbiskernöl", "Geselchtes", "Wein", "Speck", "Most", "Brettljause", "Zirbenschnaps"}
	simFirst  = []string{"Anna", "Josef", "Maria", "Franz", "Theresia", "Johann", "Rosa", "Karl",
		"Hermine", "Leopold", "Gertrude", "Alois", "Hedwig", "Ferdinand", "Aloisia", "Rudolf"}
	simLast = []string{"Huber", "Gruber", "Bauer", "Wagner", "Pichler", "Steiner", "Moser", "Mayer",
		"Hofer", "Leitner", "Berger", "Fuchs", "Eder", "Fischer", "Schmid", "Winkler"}
)

// simName gives player i a distinct, readable name: with a = i mod 16 and
// b = i div 16, the surname (5a + b) mod 16 differs for every b below 16.
func simName(i int) string {
	n := len(simFirst) * len(simLast)
	a, b := i%len(simFirst), i/len(simFirst)
	name := simFirst[a] + " " + simLast[(5*a+b)%len(simLast)]
	if i >= n {
		name += fmt.Sprintf(" %d", i/n+1)
	}
	return name
}

// simSales lets every player buy his 1 … MaxCards cards in purchases of
// random size, the purchases of all players interleaved at random, until
// all are served or the cards are sold out.
func simSales(t *tournament.Tournament, cfg SimConfig, rng *rand.Rand) error {
	want := make([]int, len(t.Players))
	active := make([]int, len(t.Players)) // indexes of players still buying
	for i := range want {
		want[i] = 1 + rng.IntN(cfg.MaxCards)
		active[i] = i
	}
	for len(active) > 0 && t.Sold() < cfg.Cards {
		j := rng.IntN(len(active))
		i := active[j]
		k := min(1+rng.IntN(want[i]), cfg.Cards-t.Sold())
		if _, err := t.Sell(t.Players[i].ID, k); err != nil {
			return fmt.Errorf("simulate: selling %d cards to %s: %w", k, t.Players[i].Name, err)
		}
		if want[i] -= k; want[i] == 0 {
			active[j] = active[len(active)-1]
			active = active[:len(active)-1]
		}
	}
	return nil
}

// simRound announces, draws and plays one round.
func simRound(t *tournament.Tournament, groups []tournament.DrawGroup, src *rand.ChaCha8, rng *rand.Rand) error {
	seed, err := NewSeed(src)
	if err != nil {
		return err
	}
	if err := t.Announce(tournament.Commitment{Seed: seed, Commitment: Commit(seed)}); err != nil {
		return err
	}
	d, err := Digital(groups, seed)
	if err != nil {
		return err
	}
	if err := t.ApplyDraw(d); err != nil {
		return err
	}
	r := t.Current()
	need := t.Settings.BummerlToWin
	for _, m := range r.Matches {
		if m.Decided() {
			continue // byes and surrenders
		}
		res := tournament.Result{Winner: m.A}
		seat := rng.IntN(2)
		if seat == 1 {
			res.Winner = m.B
		}
		res.Bummerl[seat], res.Bummerl[1-seat] = need, rng.IntN(need)
		if err := t.SetResult(r.No, m.No, m.Version, res); err != nil {
			return err
		}
	}
	return nil
}
