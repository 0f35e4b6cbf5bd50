// Package swiss holds the pure rules of a Swiss-system Schnapsen tournament
// (docs/swiss.md, rules SW-1 …): the number of rounds, the seeded drawn
// order of round 1, the pairing of one round and the standings with their
// tie-break columns. No I/O, no clock, no global random source.
package swiss

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// PlayerID identifies one entry; SW-1 allows one entry per player.
type PlayerID int

// Error is the package's typed error; Code is stable for programs and tests.
type Error struct {
	Code string
	Args []any
}

func (e *Error) Error() string { return fmt.Sprintf("swiss: %s %v", e.Code, e.Args) }

func errorf(code string, args ...any) error { return &Error{Code: code, Args: args} }

// DefaultRounds is ⌈log2(players)⌉ + 1, at most players − 1 (SW-2).
func DefaultRounds(players int) int {
	if players < 2 {
		return 0
	}
	r := bits.Len(uint(players-1)) + 1
	return min(r, players-1)
}

// ValidateRounds checks a rounds setting against the number of players (SW-2).
func ValidateRounds(rounds, players int) error {
	if players < 2 {
		return errorf("too_few_players", players)
	}
	if rounds < 1 || rounds > players-1 {
		return errorf("rounds_invalid", rounds, players-1)
	}
	return nil
}

// rng returns a generator fully determined by seed (SW-4: seeded, verifiable).
func rng(seed string, salt string) *rand.Rand {
	sum := sha256.Sum256([]byte(salt + "\x00" + seed))
	return rand.New(rand.NewPCG(binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:16])))
}

// lot is a player's lot number for a seed: the last tie-break (SW-14) and the
// order among players that nothing else separates.
func lot(seed string, id PlayerID) uint64 {
	sum := sha256.Sum256(fmt.Appendf(nil, "lot\x00%s\x00%d", seed, id))
	return binary.BigEndian.Uint64(sum[:8])
}

// DrawOrder is the drawn order for round 1 (SW-4): a permutation of ids
// determined only by the seed and the set of ids (their input order does
// not matter). The caller uses the position as Player.Rank.
func DrawOrder(ids []PlayerID, seed string) []PlayerID {
	out := slices.Clone(ids)
	slices.Sort(out)
	r := rng(seed, "draw")
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// SeededOrder is the order for round 1 with a seed list (SW-4): the ids
// named in list, in its order, then the others in DrawOrder of all ids.
// Names in list that are not among ids are passed over; with an empty
// list it is DrawOrder.
func SeededOrder(ids, list []PlayerID, seed string) []PlayerID {
	var out []PlayerID
	listed := map[PlayerID]bool{}
	for _, id := range list {
		if slices.Contains(ids, id) && !listed[id] {
			out = append(out, id)
			listed[id] = true
		}
	}
	for _, id := range DrawOrder(ids, seed) {
		if !listed[id] {
			out = append(out, id)
		}
	}
	return out
}
