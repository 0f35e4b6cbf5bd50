package table

import (
	"encoding/json"
	"strconv"

	"bummerl/domain/schnapsen"
)

// DealRecord is the game record of deal i (FORMATS.md) with the fields
// FORMATS.md lets us add: the deal's shuffle seed (revealed once the deal
// is over), its number, and which match seat was forehand. ok is false for
// a deal still in play (its record would give the hands away) and for a
// deal that was never dealt.
func (m *Match) DealRecord(i int) (json.RawMessage, bool) {
	if i < 0 || i >= len(m.deals) {
		return nil, false
	}
	d := &m.deals[i]
	if !d.Dealt || !d.Over() {
		return nil, false
	}
	return dealRecordJSON(i, d), true
}

func dealRecordJSON(i int, d *Deal) json.RawMessage {
	rec, err := json.Marshal(d.Record)
	if err != nil { // never: the engine's own cards and actions
		panic(err)
	}
	// Append the extra fields to the record object.
	extra := `,"deal":` + strconv.Itoa(i+1) + `,"seed":"` + strconv.FormatUint(d.Seed, 10) + `","forehand":` + strconv.Itoa(d.Forehand)
	if d.ResignedBy >= 0 {
		extra += `,"resigned_by":` + strconv.Itoa(d.ResignedBy)
	}
	return append(append(rec[:len(rec)-1:len(rec)-1], extra...), '}')
}

// MatchRecord is the match record of the deals decided so far
// (FORMATS.md): a deal played to its end is its full game record (the
// referee judges it again), a resigned deal a plain line
// {"winner", "points", "resigned_by"} with the cards played so far under
// "game". Seats are match seats; first_dealer says who dealt first.
func (m *Match) MatchRecord() json.RawMessage {
	deals := make([]json.RawMessage, 0, len(m.deals))
	for i := range m.deals {
		d := &m.deals[i]
		if !d.Over() {
			continue
		}
		if d.ResignedBy < 0 {
			deals = append(deals, dealRecordJSON(i, d))
			continue
		}
		line := map[string]any{"winner": d.Result.Winner, "points": d.Result.Points, "resigned_by": d.ResignedBy}
		if d.Dealt {
			line["game"] = dealRecordJSON(i, d)
		}
		b, err := json.Marshal(line)
		if err != nil {
			panic(err)
		}
		deals = append(deals, b)
	}
	b, err := json.Marshal(struct {
		BummerlToWin          int               `json:"bummerl_to_win"`
		SchneiderCountsDouble bool              `json:"schneider_counts_double"`
		FirstDealer           int               `json:"first_dealer"`
		Variant               schnapsen.Variant `json:"variant"`
		Closing               schnapsen.Closing `json:"closing"`
		Seed                  *string           `json:"seed,omitempty"`
		Deals                 []json.RawMessage `json:"deals"`
	}{m.cfg.BummerlToWin, false, m.cfg.FirstDealer, m.cfg.Variant, m.cfg.Closing, m.revealedSeed(), deals})
	if err != nil {
		panic(err)
	}
	return b
}

// revealedSeed is the match's seed once the match is over, nil before:
// with it every deck of the match can be checked.
func (m *Match) revealedSeed() *string {
	if !m.verdict.Finished {
		return nil
	}
	s := m.cfg.Seed
	return &s
}

// MarshalJSON writes a move as an action of FORMATS.md ("seat", "do",
// "card", "suit") with its "id", or {"id", "seat", "resign"}.
func (m Move) MarshalJSON() ([]byte, error) {
	out := map[string]any{"seat": m.Seat}
	if m.ID != "" {
		out["id"] = m.ID
	}
	if m.Resign != "" {
		out["resign"] = m.Resign
		return json.Marshal(out)
	}
	out["do"] = m.Kind.String()
	switch m.Kind {
	case schnapsen.Play:
		out["card"] = m.Card.String()
	case schnapsen.Marriage:
		out["suit"] = m.Suit.String()
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (m *Move) UnmarshalJSON(b []byte) error {
	var j struct {
		ID     string `json:"id"`
		Seat   int    `json:"seat"`
		Do     string `json:"do"`
		Card   string `json:"card"`
		Suit   string `json:"suit"`
		Resign Resign `json:"resign"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*m = Move{ID: j.ID, Seat: j.Seat, Resign: j.Resign}
	if j.Resign != "" {
		return nil
	}
	var err error
	if m.Kind, err = schnapsen.ParseKind(j.Do); err != nil {
		return err
	}
	if j.Card != "" {
		if m.Card, err = schnapsen.ParseCard(j.Card); err != nil {
			return err
		}
	}
	if j.Suit != "" {
		if m.Suit, err = schnapsen.ParseSuit(j.Suit); err != nil {
			return err
		}
	}
	return nil
}
