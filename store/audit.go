package store

import (
	"encoding/json"
	"fmt"

	"bummerl/domain/tournament"
)

// An action's audit row holds the rows it changed as JSON (changeSet),
// written with the row types' tags. Everything that reads them back — the
// history page, the takings, the undone draws — goes through
// readChangeSet into the same types, so the JSON names live in one place
// and a renamed tag changes writing and reading alike. The history sees
// them as the exported view below (issue 21).

// AuditChange is what one action changed: the rows as they were (Before:
// changed and removed rows) and as they are (After: new and changed rows).
type AuditChange struct {
	Before, After AuditRows
}

// AuditRows are the rows of one side of an action, by table.
type AuditRows struct {
	Tournament *AuditTournament // nil: settings, version and pending commitment unchanged
	Players    []AuditPlayer
	Cards      []AuditCard
	Rounds     []AuditRound
	Tickets    int // draw tickets: a draw changes thousands, the history counts them
	Matches    []AuditMatch
	// DigitalTable is the table a "start table" or "abandon table" is for.
	DigitalTable *AuditTable
	// Payout is the payout a "payout" records (after) or a "cancel
	// payout" takes back (before); its time and user are the entry's.
	Payout *tournament.Payout
}

// AuditTournament is the tournament row: its settings as stored.
type AuditTournament struct {
	Name           string
	Cards          int
	MaxCards       int
	PriceCents     int
	Variant        string
	Closing        string
	BummerlToWin   int
	Prizes         string // JSON array, as stored
	MultiplePrizes bool
	Tables         int
	Form           tournament.Form
	SwissRounds    int
	BuchholzCut1   bool
	SwissSeeds     string // "5 2 7" (SW-4)
	AutoCall       bool   // automatic calling (issue 23)
	// PendingCommitment is an announced draw's commitment, "" for none
	// (its seed is never in the audit, P-4).
	PendingCommitment string
}

// AuditPlayer is a player row.
type AuditPlayer struct {
	ID                int
	Name, Club, Phone string
}

// AuditCard is a card row. From and Out are the Swiss system's: a late
// entry's first round (SW-15), the round a withdrawn card is not paired
// from (SW-16); 0 otherwise.
type AuditCard struct {
	No, Player, Sale int
	From, Out        int
}

// AuditRound is a round row: how it was drawn.
type AuditRound struct {
	No                       int
	Method, Seed, Commitment string
}

// AuditMatch is a match row: its cards (B 0: a bye), its table (0: none),
// the match whose result called it there (0: none) and its result if
// HasResult.
type AuditMatch struct {
	Round, No, A, B, Table int
	CalledAfter            int
	HasResult              bool
	Winner                 int
	BummerlA, BummerlB     int
	Walkover               bool
}

// AuditTable is what the audit keeps of a digital table: never its seed
// or its seat links. Unlike the rows it is written as it is (tableAudit).
type AuditTable struct {
	ID    int64  `json:"id"`
	Round int    `json:"round"`
	Match int    `json:"match"`
	A     int    `json:"a"`
	B     int    `json:"b"`
	State string `json:"state"`
	Moves int    `json:"moves"`
}

// Change reads the entry's before and after. An error means JSON that no
// tournament action writes, e.g. from a damaged imported document.
func (e AuditEntry) Change() (AuditChange, error) {
	before, err := readChangeSet(e.Before)
	if err != nil {
		return AuditChange{}, fmt.Errorf("store: audit %d before: %w", e.ID, err)
	}
	after, err := readChangeSet(e.After)
	if err != nil {
		return AuditChange{}, fmt.Errorf("store: audit %d after: %w", e.ID, err)
	}
	return AuditChange{Before: before.view(), After: after.view()}, nil
}

// readChangeSet reads an audit row's before or after; "" and null (an
// action that names no rows on that side) are empty.
func readChangeSet(s string) (changeSet, error) {
	var c changeSet
	if s == "" || s == "null" {
		return c, nil
	}
	err := json.Unmarshal([]byte(s), &c)
	return c, err
}

// view is the change set as the history reads it.
func (c changeSet) view() AuditRows {
	v := AuditRows{Tickets: len(c.Tickets), DigitalTable: c.DigitalTable}
	if c.Payout != nil {
		p := c.Payout.domain()
		v.Payout = &p
	}
	if t := c.Tournament; t != nil {
		v.Tournament = &AuditTournament{Name: t.Name, Cards: t.Cards, MaxCards: t.MaxCards, PriceCents: t.PriceCents,
			Variant: t.Variant, Closing: t.Closing, BummerlToWin: t.BummerlToWin, Prizes: t.Prizes,
			MultiplePrizes: t.MultiplePrizes, Tables: t.Tables, Form: tournament.Form(t.Form), SwissRounds: t.SwissRounds,
			BuchholzCut1: t.BuchholzCut1, SwissSeeds: t.SwissSeeds, AutoCall: t.AutoCall, PendingCommitment: t.PendingCommitment.S}
	}
	for _, p := range c.Players {
		v.Players = append(v.Players, AuditPlayer{ID: p.ID, Name: p.Name, Club: p.Club, Phone: p.Phone})
	}
	for _, cd := range c.Cards {
		v.Cards = append(v.Cards, AuditCard{No: cd.No, Player: cd.Player, Sale: cd.Sale, From: cd.From, Out: cd.Out})
	}
	for _, r := range c.Rounds {
		v.Rounds = append(v.Rounds, AuditRound{No: r.No, Method: r.Method, Seed: r.Seed, Commitment: r.Commitment})
	}
	for _, m := range c.Matches {
		v.Matches = append(v.Matches, AuditMatch{Round: m.Round, No: m.No, A: m.A, B: m.B, Table: m.Table, CalledAfter: m.CalledAfter,
			HasResult: m.HasResult, Winner: m.Winner, BummerlA: m.BummerlA, BummerlB: m.BummerlB, Walkover: m.Walkover})
	}
	return v
}
