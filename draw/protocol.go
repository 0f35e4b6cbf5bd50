package draw

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"bummerl/domain/tournament"
)

// ProtocolFormat names the version of the protocol document.
const ProtocolFormat = "bummerl-draw-protocol/1"

// Protocol is the public record of one round's draw (P-4): who came to the
// pots in which order with which cards, the commitment and the seed of a
// digital draw, and every ticket. Anyone can check it with Verify (or
// `bummerl draw verify`): the commitment is SHA-256 of the seed and the
// seed gives exactly these tickets; a physical draw is checked against the
// pot rules. It holds no private data (no phone numbers).
type Protocol struct {
	Format     string          `json:"format"`
	Tournament string          `json:"tournament"`
	Round      int             `json:"round"`
	Method     string          `json:"method"` // "digital" or "physical"
	Commitment string          `json:"commitment,omitempty"`
	Seed       string          `json:"seed,omitempty"`
	Groups     []ProtocolGroup `json:"groups"`
	// Undone lists the earlier draws of this round that were undone (issue
	// 9), so nobody can redraw quietly until a wanted pairing comes out.
	// Verify checks the draw above and ignores these.
	Undone []ProtocolUndone `json:"undone_draws,omitempty"`
	// Swiss is the pairing of a Swiss round (method "swiss", swiss.go);
	// absent otherwise.
	Swiss *ProtocolSwiss `json:"swiss,omitempty"`
}

// ProtocolUndone is an undone draw of the round: when and by whom it was
// undone, its method, commitment and revealed seed, and its pairings
// (card A, card B; 0 for a bye) in match order.
type ProtocolUndone struct {
	UndoneAt   time.Time              `json:"undone_at"`
	UndoneBy   string                 `json:"undone_by"`
	Method     string                 `json:"method"`
	Commitment string                 `json:"commitment,omitempty"`
	Seed       string                 `json:"seed,omitempty"`
	Pairings   [][2]tournament.CardNo `json:"pairings"`
}

// ProtocolGroup is one bracket's pots; entrants are in the order they drew.
type ProtocolGroup struct {
	Bracket  string            `json:"bracket"` // tournament.Bracket.Code
	PotSize  int               `json:"pot_size"`
	Entrants []ProtocolEntrant `json:"entrants"`
	Tickets  []ProtocolTicket  `json:"tickets"`
}

// ProtocolEntrant is a player at the pots with the cards he drew for, in order.
type ProtocolEntrant struct {
	Player tournament.PlayerID `json:"player"`
	Name   string              `json:"name"`
	Cards  []tournament.CardNo `json:"cards"`
}

// ProtocolTicket is one number a card drew; cards with the same number
// meet, a left number without a right ticket is a bye.
type ProtocolTicket struct {
	Card   tournament.CardNo `json:"card"`
	Pot    string            `json:"pot"` // "left" or "right"
	Number int               `json:"number"`
}

// potNamesJSON are the protocol's names of the pots, and potByName the reverse.
var (
	potNamesJSON = map[tournament.Pot]string{tournament.Left: "left", tournament.Right: "right"}
	potByName    = map[string]tournament.Pot{"left": tournament.Left, "right": tournament.Right}
)

// ProtocolOf builds the protocol of round roundNo (1, 2, …) of t from the
// stored draw. Tickets are stored in the order drawn, so consecutive
// tickets of one player's cards are one entrant, and the left tickets
// number the pot size (the left pot is always emptied).
func ProtocolOf(t *tournament.Tournament, roundNo int) (Protocol, error) {
	var round *tournament.Round
	for i := range t.Rounds {
		if t.Rounds[i].No == roundNo {
			round = &t.Rounds[i]
		}
	}
	if round == nil {
		return Protocol{}, newError(CodeNoSuchRound, -1, -1, "",
			fmt.Sprintf("round %d has not been drawn", roundNo),
			fmt.Sprintf("Runde %d wurde noch nicht gelost", roundNo))
	}
	owner := make(map[tournament.CardNo]tournament.PlayerID, len(t.Cards))
	for _, c := range t.Cards {
		owner[c.No] = c.Player
	}
	names := make(map[tournament.PlayerID]string, len(t.Players))
	for _, p := range t.Players {
		names[p.ID] = p.Name
	}
	p := Protocol{Format: ProtocolFormat, Tournament: t.Settings.Name, Round: roundNo,
		Method: string(round.Draw.Method), Commitment: round.Draw.Commitment, Seed: round.Draw.Seed}
	if round.Draw.Method == tournament.SwissPairing {
		sw, err := swissProtocol(t, *round)
		p.Swiss = sw
		return p, err
	}
	for gi, gt := range round.Draw.Groups {
		pg := ProtocolGroup{Bracket: gt.Bracket.Code()}
		for _, tk := range gt.Tickets {
			player, ok := owner[tk.Card]
			if !ok {
				return Protocol{}, newError(CodeTicketOwners, gi, -1, "cards",
					fmt.Sprintf("card %d drew but was never sold", tk.Card),
					fmt.Sprintf("Karte %d hat gezogen, wurde aber nie verkauft", tk.Card))
			}
			if n := len(pg.Entrants); n == 0 || pg.Entrants[n-1].Player != player {
				pg.Entrants = append(pg.Entrants, ProtocolEntrant{Player: player, Name: names[player]})
			}
			last := &pg.Entrants[len(pg.Entrants)-1]
			last.Cards = append(last.Cards, tk.Card)
			if tk.Pot == tournament.Left {
				pg.PotSize++
			}
			pg.Tickets = append(pg.Tickets, ProtocolTicket{Card: tk.Card, Pot: potNamesJSON[tk.Pot], Number: tk.Number})
		}
		p.Groups = append(p.Groups, pg)
	}
	return p, nil
}

// ReadProtocol decodes a protocol document. Unknown fields are allowed so
// that later versions can add fields.
func ReadProtocol(r io.Reader) (Protocol, error) {
	var p Protocol
	if err := json.NewDecoder(r).Decode(&p); err != nil {
		return Protocol{}, protocolError(-1, fmt.Sprintf("not a draw protocol: %v", err),
			fmt.Sprintf("kein Auslosungsprotokoll: %v", err))
	}
	return p, nil
}

// Verify checks the protocol: a digital draw's seed must hash to the
// commitment and give exactly the listed tickets; a physical draw's tickets
// must obey the pot rules. It returns nil or the first problem as an *Error
// (Code CodeProtocol when the document itself is malformed).
func (p Protocol) Verify() error {
	if p.Format != ProtocolFormat {
		return protocolError(-1, fmt.Sprintf("format is %q, want %q", p.Format, ProtocolFormat),
			fmt.Sprintf("Format ist %q, erwartet %q", p.Format, ProtocolFormat))
	}
	if p.Method == string(tournament.SwissPairing) {
		return p.verifySwiss()
	}
	if len(p.Groups) == 0 {
		return protocolError(-1, "the protocol lists no groups", "Das Protokoll enthält keine Gruppen")
	}
	groups, err := p.drawGroups()
	if err != nil {
		return err
	}
	var want tournament.Draw
	switch tournament.DrawMethod(p.Method) {
	case tournament.Digital:
		if !strings.EqualFold(Commit(p.Seed), p.Commitment) {
			return newError(CodeCommitment, -1, -1, "commitment",
				fmt.Sprintf("SHA-256 of the seed is %s, but the commitment is %s", Commit(p.Seed), p.Commitment),
				fmt.Sprintf("SHA-256 des Seeds ist %s, die Festlegung aber %s", Commit(p.Seed), p.Commitment))
		}
		want, err = Digital(groups, p.Seed)
	case tournament.Physical:
		var entries [][]PhysicalEntry
		if entries, err = p.entries(); err == nil {
			want, err = Physical(groups, entries)
		}
	default:
		return protocolError(-1, fmt.Sprintf("method is %q, want digital or physical", p.Method),
			fmt.Sprintf("Methode ist %q, erwartet digital oder physical", p.Method))
	}
	if err != nil {
		return err
	}
	for gi := range p.Groups {
		if err := p.compare(gi, groups[gi], want.Groups[gi].Tickets); err != nil {
			return err
		}
	}
	return nil
}

// drawGroups turns the protocol's groups into the draw's input.
func (p Protocol) drawGroups() ([]tournament.DrawGroup, error) {
	groups := make([]tournament.DrawGroup, len(p.Groups))
	for gi, pg := range p.Groups {
		b, ok := tournament.ParseBracket(pg.Bracket)
		if !ok {
			return nil, protocolError(gi, fmt.Sprintf("unknown bracket %q", pg.Bracket),
				fmt.Sprintf("unbekannte Spielgruppe %q", pg.Bracket))
		}
		groups[gi] = tournament.DrawGroup{Bracket: b, PotSize: pg.PotSize}
		for _, e := range pg.Entrants {
			groups[gi].Entrants = append(groups[gi].Entrants, tournament.Entrant{Player: e.Player, Cards: e.Cards})
		}
	}
	return groups, nil
}

// ticketMap indexes a group's protocol tickets by card, refusing a card
// with two tickets or a ticket for a card not in the group.
func (p Protocol) ticketMap(gi int) (map[tournament.CardNo]ProtocolTicket, error) {
	inGroup := map[tournament.CardNo]bool{}
	for _, e := range p.Groups[gi].Entrants {
		for _, c := range e.Cards {
			inGroup[c] = true
		}
	}
	m := make(map[tournament.CardNo]ProtocolTicket, len(p.Groups[gi].Tickets))
	for _, tk := range p.Groups[gi].Tickets {
		if _, dup := m[tk.Card]; dup || !inGroup[tk.Card] {
			return nil, newError(CodeTicket, gi, -1, "",
				fmt.Sprintf("card %d has a ticket but no (other) place among the entrants", tk.Card),
				fmt.Sprintf("Karte %d hat ein Los, aber keinen (weiteren) Platz unter den Ziehenden", tk.Card))
		}
		if _, ok := potByName[tk.Pot]; !ok {
			return nil, protocolError(gi, fmt.Sprintf("card %d: pot is %q, want left or right", tk.Card, tk.Pot),
				fmt.Sprintf("Karte %d: Topf ist %q, erwartet left oder right", tk.Card, tk.Pot))
		}
		m[tk.Card] = tk
	}
	return m, nil
}

// entries reads a physical draw back from the protocol's tickets: each
// entrant's numbers per pot, in his card order.
func (p Protocol) entries() ([][]PhysicalEntry, error) {
	out := make([][]PhysicalEntry, len(p.Groups))
	for gi, pg := range p.Groups {
		byCard, err := p.ticketMap(gi)
		if err != nil {
			return nil, err
		}
		for ei, e := range pg.Entrants {
			entry := PhysicalEntry{Player: e.Player}
			for _, c := range e.Cards {
				tk, ok := byCard[c]
				if !ok {
					return nil, missingTicket(gi, ei, c)
				}
				if tk.Pot == "left" {
					entry.Left = append(entry.Left, tk.Number)
				} else {
					entry.Right = append(entry.Right, tk.Number)
				}
			}
			out[gi] = append(out[gi], entry)
		}
	}
	return out, nil
}

// compare reports the first ticket, in drawing order, where the protocol
// differs from the draw the seed or the recorded numbers give.
func (p Protocol) compare(gi int, g tournament.DrawGroup, want []tournament.Ticket) error {
	byCard, err := p.ticketMap(gi)
	if err != nil {
		return err
	}
	entryOf := map[tournament.CardNo]int{}
	for ei, e := range g.Entrants {
		for _, c := range e.Cards {
			entryOf[c] = ei
		}
	}
	for _, w := range want {
		got, ok := byCard[w.Card]
		if !ok {
			return missingTicket(gi, entryOf[w.Card], w.Card)
		}
		wantPot := potNamesJSON[w.Pot]
		if got.Pot != wantPot || got.Number != w.Number {
			en, de := potNames(w.Pot)
			_, gotDe := potNames(potByName[got.Pot])
			return newError(CodeTicket, gi, entryOf[w.Card], wantPot,
				fmt.Sprintf("card %d: the protocol says %s %d, the draw gives %s %d",
					w.Card, got.Pot, got.Number, en, w.Number),
				fmt.Sprintf("Karte %d: das Protokoll sagt %d aus dem %s Topf, die Auslosung ergibt %d aus dem %s Topf",
					w.Card, got.Number, gotDe, w.Number, de))
		}
	}
	return nil
}

func missingTicket(gi, ei int, c tournament.CardNo) *Error {
	return newError(CodeTicket, gi, ei, "cards",
		fmt.Sprintf("card %d has no ticket", c), fmt.Sprintf("Karte %d hat kein Los", c))
}

func protocolError(gi int, en, de string) *Error {
	return newError(CodeProtocol, gi, -1, "", en, de)
}
