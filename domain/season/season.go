// Package season adds a club's evenings up to season standings
// (Jahreswertung, Cup; issue 24, docs/season.md): points by final place,
// the best card or every card of a player on a Preisschnapsen evening,
// the best n of m evenings, and the tie-breaks. Pure: the standings are
// always recomputed from the evenings, never stored.
package season

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"strconv"
)

// PersonID identifies a person of the register (Spielerkartei).
type PersonID int64

// Count says which cards of a player count on a Preisschnapsen evening.
type Count string

const (
	// BestCard: only a player's best card scores (the default): the
	// season ranks persons, and buying three cards must not buy three
	// times the points (docs/season.md).
	BestCard Count = "best"
	// EveryCard: every card a player held scores.
	EveryCard Count = "every"
)

// Rules are a season's scoring.
type Rules struct {
	// Points[i] is the points of final place i+1; a place beyond the
	// table scores Taking (for taking part).
	Points []int
	Taking int
	Count  Count
	// Best counts only a person's best n evenings (Streichresultate); 0
	// counts all.
	Best int
}

// DefaultRules: 20, 16, 13, 11, 9, 8, 7, 6 points for places 1–8 and 2
// for taking part, best card only, every evening counted.
func DefaultRules() Rules {
	return Rules{Points: []int{20, 16, 13, 11, 9, 8, 7, 6}, Taking: 2, Count: BestCard}
}

// Points of a final place range From…To: the points of its best place
// From, so cards out in the same round score alike (9–16 all score
// place 9's points).
func (r Rules) points(from int) int {
	if from >= 1 && from <= len(r.Points) {
		return r.Points[from-1]
	}
	return r.Taking
}

// Entry is one card's outcome on an evening (a Swiss player has one).
type Entry struct {
	Person   PersonID
	From, To int // final place range; From 0: not decided, scores nothing
	Wins     int // matches the card won
}

// Evening is one tournament of the season. Played: its places are final
// (an evening still running or not yet played scores nothing).
type Evening struct {
	ID      int64
	Swiss   bool
	Played  bool
	Entries []Entry
}

// Score is what one evening gave one person.
type Score struct {
	Evening int64
	Points  int
	Place   int // best place From that evening
	To      int
	Wins    int
	Counted bool // among his best n
}

// Row is one person's line in the season standings.
type Row struct {
	Place    int // 1-based; rows tied on everything but the lot share nothing: the lot orders them
	Person   PersonID
	Points   int // over the counted evenings
	Counted  int // evenings counted
	Evenings int // evenings played
	Best     int // best place on any evening
	Wins     int // match wins on the counted evenings
	Lot      bool
	Scores   []Score // in the order of the season's evenings
}

// Standings ranks everyone who scored on a played evening: more points,
// then more evenings counted, a better best place, more match wins, and
// the lot (a hash of seed and person, so it is the same on every
// recomputation).
func Standings(evs []Evening, r Rules, seed string) []Row {
	rows := map[PersonID]*Row{}
	for _, ev := range evs {
		if !ev.Played {
			continue
		}
		scored := map[PersonID]int{} // index into the person's Scores for this evening
		for _, e := range ev.Entries {
			if e.From <= 0 {
				continue
			}
			row := rows[e.Person]
			if row == nil {
				row = &Row{Person: e.Person}
				rows[e.Person] = row
			}
			i, ok := scored[e.Person]
			if !ok {
				row.Scores = append(row.Scores, Score{Evening: ev.ID, Place: e.From, To: e.To})
				i = len(row.Scores) - 1
				scored[e.Person] = i
			}
			sc := &row.Scores[i]
			p := r.points(e.From)
			if r.Count == EveryCard && !ev.Swiss {
				sc.Points += p
				sc.Wins += e.Wins
			} else if !ok || p > sc.Points || (p == sc.Points && e.Wins > sc.Wins) {
				sc.Points, sc.Wins = p, e.Wins
			}
			if e.From < sc.Place {
				sc.Place, sc.To = e.From, e.To
			}
		}
	}
	out := make([]Row, 0, len(rows))
	for _, row := range rows {
		row.count(r.Best)
		out = append(out, *row)
	}
	lots := make(map[PersonID]uint64, len(out))
	for _, row := range out {
		lots[row.Person] = lot(seed, row.Person)
	}
	slices.SortFunc(out, func(a, b Row) int {
		return cmp.Or(tie(a, b), cmp.Compare(lots[a.Person], lots[b.Person]), cmp.Compare(a.Person, b.Person))
	})
	for i := range out {
		out[i].Place = i + 1
		out[i].Lot = (i > 0 && tie(out[i-1], out[i]) == 0) || (i+1 < len(out) && tie(out[i], out[i+1]) == 0)
	}
	return out
}

// count marks the best n scores counted (more points first, then the
// earlier evening) and adds them up.
func (row *Row) count(n int) {
	row.Evenings = len(row.Scores)
	idx := make([]int, len(row.Scores))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(row.Scores[b].Points, row.Scores[a].Points) })
	if n <= 0 || n > len(idx) {
		n = len(idx)
	}
	for k, i := range idx {
		sc := &row.Scores[i]
		if row.Best == 0 || sc.Place < row.Best {
			row.Best = sc.Place
		}
		if k < n {
			sc.Counted = true
			row.Points += sc.Points
			row.Wins += sc.Wins
			row.Counted++
		}
	}
}

// tie compares two rows by the documented criteria, better first.
func tie(a, b Row) int {
	return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Counted, a.Counted),
		cmp.Compare(a.Best, b.Best), cmp.Compare(b.Wins, a.Wins))
}

func lot(seed string, p PersonID) uint64 {
	h := sha256.Sum256([]byte(seed + "/" + strconv.FormatInt(int64(p), 10)))
	return binary.BigEndian.Uint64(h[:8])
}

// Progress is how many of the season's evenings are played: "nach 5 von
// 8 Abenden".
func Progress(evs []Evening) (played, total int) {
	for _, ev := range evs {
		if ev.Played {
			played++
		}
	}
	return played, len(evs)
}
