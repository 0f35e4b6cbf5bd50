package swiss

import (
	"cmp"
	"slices"
)

// Game is one decided match of a round (SW-3: a win is 1 match point, no
// draws). Bummerl and game points are the match's totals per side; game
// points come from the score sheets and are optional (SW-12).
type Game struct {
	Round         int
	A, B          PlayerID
	Winner        PlayerID // A or B
	BummerlA      int      // Bummerl won by A
	BummerlB      int      // Bummerl won by B
	HasGamePoints bool
	GamePointsA   int
	GamePointsB   int
}

// Bye is a bye given in a round (SW-7: 1 match point).
type Bye struct {
	Round  int
	Player PlayerID
}

// TieBreaks are the tie-break settings (SW-10).
type TieBreaks struct {
	BuchholzCut1 bool // drop the lowest opponent score from the Buchholz (SW-11)
}

// Row is one line of the standings with every tie-break column (SW-10).
type Row struct {
	Place         int
	Player        PlayerID
	Withdrawn     bool
	Points        int
	Buchholz      int
	BummerlDiff   int
	GamePointDiff int // meaningful only when Standings.GamePoints
	Direct        int // match points against the players tied with it up to SW-13
	Lot           uint64
}

// Table is the standings of a Swiss tournament.
type Table struct {
	Rows       []Row
	GamePoints bool // SW-12 applied: every game has its score sheet
}

// Standings ranks the entries (SW-10 … SW-14). Withdrawn players keep their
// results and their line (SW-16). A game naming an unknown player or a
// winner not in the game is refused.
func Standings(players []Player, games []Game, byes []Bye, tb TieBreaks, seed string) (Table, error) {
	rows := make(map[PlayerID]*Row, len(players))
	var order []*Row
	for _, p := range players {
		if p.ID == 0 || rows[p.ID] != nil {
			return Table{}, errorf("player_invalid", p.ID)
		}
		r := &Row{Player: p.ID, Withdrawn: p.Withdrawn, Lot: lot(seed, p.ID)}
		rows[p.ID] = r
		order = append(order, r)
	}
	opps := map[PlayerID][]PlayerID{}
	gp := len(games) > 0
	for _, g := range games {
		a, b := rows[g.A], rows[g.B]
		if a == nil || b == nil || g.A == g.B {
			return Table{}, errorf("game_players_invalid", g.Round, g.A, g.B)
		}
		switch g.Winner {
		case g.A:
			a.Points++
		case g.B:
			b.Points++
		default:
			return Table{}, errorf("winner_invalid", g.Round, g.Winner)
		}
		a.BummerlDiff += g.BummerlA - g.BummerlB
		b.BummerlDiff += g.BummerlB - g.BummerlA
		a.GamePointDiff += g.GamePointsA - g.GamePointsB
		b.GamePointDiff += g.GamePointsB - g.GamePointsA
		gp = gp && g.HasGamePoints
		opps[g.A] = append(opps[g.A], g.B)
		opps[g.B] = append(opps[g.B], g.A)
	}
	for _, by := range byes {
		r := rows[by.Player]
		if r == nil {
			return Table{}, errorf("bye_player_invalid", by.Round, by.Player)
		}
		r.Points++ // SW-7
	}
	// SW-11: Buchholz is the sum of the opponents' match points; a bye
	// brings no opponent. Cut-1 drops the lowest one.
	for _, r := range order {
		var s []int
		for _, o := range opps[r.Player] {
			s = append(s, rows[o].Points)
		}
		slices.Sort(s)
		if tb.BuchholzCut1 && len(s) > 0 {
			s = s[1:]
		}
		for _, v := range s {
			r.Buchholz += v
		}
		if !gp {
			r.GamePointDiff = 0
		}
	}
	before := func(a, b *Row) int {
		c := cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Buchholz, a.Buchholz),
			cmp.Compare(b.BummerlDiff, a.BummerlDiff))
		if c == 0 && gp {
			c = cmp.Compare(b.GamePointDiff, a.GamePointDiff)
		}
		return c
	}
	slices.SortStableFunc(order, before)
	// SW-13: within a group still tied, the direct encounter: match points
	// won in the games among the group's players.
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && before(order[i], order[j]) == 0 {
			j++
		}
		if j-i > 1 {
			in := map[PlayerID]bool{}
			for _, r := range order[i:j] {
				in[r.Player] = true
			}
			for _, g := range games {
				if in[g.A] && in[g.B] {
					rows[g.Winner].Direct++
				}
			}
		}
		i = j
	}
	slices.SortStableFunc(order, func(a, b *Row) int {
		return cmp.Or(before(a, b), cmp.Compare(b.Direct, a.Direct), cmp.Compare(a.Lot, b.Lot)) // SW-14
	})
	t := Table{GamePoints: gp}
	for i, r := range order {
		r.Place = i + 1
		t.Rows = append(t.Rows, *r)
	}
	return t, nil
}
