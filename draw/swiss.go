package draw

import (
	"fmt"
	"slices"
	"strings"

	"bummerl/domain/swiss"
	"bummerl/domain/tournament"
)

// A Swiss round (issue 14, docs/swiss.md) has no pots: its protocol lists
// what swiss.PairRound was given — every player's points, opponents, bye
// and rank before the round — and the boards it gave. Verify pairs the
// round again from the revealed seed (SW-4: the same input and seed give
// the same pairing, the best by the criteria of SW-5); in round 1 it also
// draws the order from the seed. A protocol whose boards differ is refused
// with the first criterion its pairing does worse on. Points, opponents
// and ranks of later rounds follow from the public results of the rounds
// before.

// ProtocolSwiss is the pairing of a Swiss round.
type ProtocolSwiss struct {
	// Seeds is round 1's seed list, best first (SW-4): these cards rank
	// first, the others follow in the order drawn from the seed. Only in
	// round 1, and only when the organiser gave one.
	Seeds   []tournament.CardNo   `json:"seeds,omitempty"`
	Players []ProtocolSwissPlayer `json:"players"`
	// Boards in order, card A first; [card, 0] is the bye (SW-7, SW-8).
	Boards [][2]tournament.CardNo `json:"boards"`
}

// ProtocolSwissPlayer is one player as the pairing saw him.
type ProtocolSwissPlayer struct {
	Card      tournament.CardNo   `json:"card"`
	Name      string              `json:"name"`
	Points    int                 `json:"points"`
	Opponents []tournament.CardNo `json:"opponents"`
	HadBye    bool                `json:"had_bye"`
	Withdrawn bool                `json:"withdrawn"`
	Rank      int                 `json:"rank"`
}

// swissProtocol is the pairing record of Swiss round r of t.
func swissProtocol(t *tournament.Tournament, r tournament.Round) (*ProtocolSwiss, error) {
	in, err := t.SwissPairingInput(r.No)
	if err != nil {
		return nil, err
	}
	names := map[tournament.CardNo]string{}
	for _, c := range t.Cards {
		if p, ok := t.Player(c.Player); ok {
			names[c.No] = p.Name
		}
	}
	out := &ProtocolSwiss{Players: []ProtocolSwissPlayer{}, Boards: [][2]tournament.CardNo{}}
	for _, p := range in {
		pp := ProtocolSwissPlayer{Card: tournament.CardNo(p.ID), Name: names[tournament.CardNo(p.ID)], Points: p.Points,
			Opponents: []tournament.CardNo{}, HadBye: p.HadBye, Withdrawn: p.Withdrawn, Rank: p.Rank}
		for _, o := range p.Opponents {
			pp.Opponents = append(pp.Opponents, tournament.CardNo(o))
		}
		out.Players = append(out.Players, pp)
	}
	if r.No == 1 {
		out.Seeds = t.SwissSeeds
	}
	for _, m := range r.Matches {
		out.Boards = append(out.Boards, [2]tournament.CardNo{m.A, m.B})
	}
	return out, nil
}

// verifySwiss pairs the round again from the protocol's input and seed.
func (p Protocol) verifySwiss() error {
	if p.Swiss == nil {
		return protocolError(-1, "the protocol of a Swiss round lists no pairing", "Das Protokoll einer Runde im Schweizer System enthält keine Paarung")
	}
	if !strings.EqualFold(Commit(p.Seed), p.Commitment) {
		return newError(CodeCommitment, -1, -1, "commitment",
			fmt.Sprintf("SHA-256 of the seed is %s, but the commitment is %s", Commit(p.Seed), p.Commitment),
			fmt.Sprintf("SHA-256 des Seeds ist %s, die Festlegung aber %s", Commit(p.Seed), p.Commitment))
	}
	var in []swiss.Player
	var ids []swiss.PlayerID
	for _, pp := range p.Swiss.Players {
		sp := swiss.Player{ID: swiss.PlayerID(pp.Card), Points: pp.Points, HadBye: pp.HadBye, Withdrawn: pp.Withdrawn, Rank: pp.Rank}
		for _, o := range pp.Opponents {
			sp.Opponents = append(sp.Opponents, swiss.PlayerID(o))
		}
		in = append(in, sp)
		ids = append(ids, sp.ID)
	}
	if p.Round == 1 { // SW-4: the seed list first, the others drawn from the seed
		var list []swiss.PlayerID
		for _, c := range p.Swiss.Seeds {
			list = append(list, swiss.PlayerID(c))
		}
		for i, id := range swiss.SeededOrder(ids, list, p.Seed) {
			if j := slices.IndexFunc(in, func(sp swiss.Player) bool { return sp.ID == id }); in[j].Rank != i+1 {
				return newError(CodeTicket, -1, -1, "rank",
					fmt.Sprintf("card %d has rank %d, but the seed list and the seed give it %d.", id, in[j].Rank, i+1),
					fmt.Sprintf("Karte %d hat Rang %d, Setzliste und Seed geben ihr aber %d.", id, in[j].Rank, i+1))
			}
		}
	}
	pg, err := swiss.PairRound(in, p.Seed)
	if err != nil {
		return protocolError(-1, "the pairing input cannot be paired: "+err.Error(), "Die Eingabe der Paarung lässt sich nicht paaren: "+err.Error())
	}
	var want [][2]tournament.CardNo
	for _, pr := range pg.Pairs {
		want = append(want, [2]tournament.CardNo{tournament.CardNo(pr.A), tournament.CardNo(pr.B)})
	}
	if pg.Bye != 0 {
		want = append(want, [2]tournament.CardNo{tournament.CardNo(pg.Bye), 0})
	}
	for i := range max(len(want), len(p.Swiss.Boards)) {
		var got, exp [2]tournament.CardNo
		if i < len(p.Swiss.Boards) {
			got = p.Swiss.Boards[i]
		}
		if i < len(want) {
			exp = want[i]
		}
		if got != exp {
			en, de := p.Swiss.why(in, p.Seed, pg.Quality)
			return newError(CodeTicket, -1, -1, "boards",
				fmt.Sprintf("board %d is %d–%d, but the seed pairs %d–%d: %s", i+1, got[0], got[1], exp[0], exp[1], en),
				fmt.Sprintf("Brett %d ist %d–%d, der Seed paart aber %d–%d: %s", i+1, got[0], got[1], exp[0], exp[1], de))
		}
	}
	return nil
}

// criteria name the criteria of SW-5 in the order of swiss.Quality's
// Criteria, to say which one a protocol's pairing loses on: what it has
// (%[1]d) and what the best pairing has (%[2]d).
var criteria = [9][2]string{
	{"%d rematches where %d will do (SW-6)", "%d Wiederholungspaarungen, wo %d genügen (SW-6)"},
	{"the bye goes to a player with %d eligible players ranked below him where %d will do (SW-7)",
		"das Freilos geht an einen Spieler mit %d berechtigten Spielern hinter ihm, wo %d genügen (SW-7)"},
	{"%d floater pairs where %d will do (SW-5)", "%d Floater-Paare, wo %d genügen (SW-5)"},
	{"score differences of %d where %d will do (SW-5)", "Punktedifferenzen von %d, wo %d genügen (SW-5)"},
	{"%d score groups crossed where %d will do (SW-5)", "%d überquerte Punktgruppen, wo %d genügen (SW-5)"},
	{"floaters %d places from the edges of their score groups where %d will do (SW-5)",
		"Floater %d Plätze von den Rändern ihrer Punktgruppen, wo %d genügen (SW-5)"},
	{"a rank distance within score groups of %d where %d is possible: top half against bottom half (SW-5)",
		"ein Rangabstand innerhalb der Punktgruppen von %d, wo %d möglich ist: obere gegen untere Hälfte (SW-5)"},
	{"squared rank distances of %d where %d will do (SW-5)", "quadrierte Rangabstände von %d, wo %d genügen (SW-5)"},
	{"a lot of %d where %d is drawn (SW-5)", "ein Los von %d, wo %d gezogen ist (SW-5)"},
}

// why says why the protocol's boards are not the pairing the criteria give
// (best): the first criterion on which they do worse, or that they do not
// pair everyone once, or only their order.
func (s *ProtocolSwiss) why(in []swiss.Player, seed string, best swiss.Quality) (en, de string) {
	var pairs []swiss.Pair
	var bye swiss.PlayerID
	for _, b := range s.Boards {
		if b[1] == 0 {
			bye = swiss.PlayerID(b[0])
		} else {
			pairs = append(pairs, swiss.Pair{A: swiss.PlayerID(b[0]), B: swiss.PlayerID(b[1])})
		}
	}
	q, err := swiss.Assess(in, seed, swiss.Options{}, pairs, bye)
	if err != nil {
		return "the boards do not pair every player once, or give the bye to a player who may not have it (SW-7)",
			"die Bretter paaren nicht jeden Spieler genau einmal oder geben das Freilos einem Spieler, der es nicht bekommen darf (SW-7)"
	}
	got, want := q.Criteria(), best.Criteria()
	for k := range got {
		if got[k] != want[k] {
			g, w := got[k], want[k]
			if k == 6 { // Apart counts larger as better; Criteria negates it
				g, w = -g, -w
			}
			return fmt.Sprintf(criteria[k][0], g, w), fmt.Sprintf(criteria[k][1], g, w)
		}
	}
	return "the same pairing, but the boards are not in order (SW-8)",
		"dieselbe Paarung, aber die Bretter sind nicht in Reihenfolge (SW-8)"
}
