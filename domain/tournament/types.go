// Package tournament holds the rules of a Preisschnapsen tournament
// (RULES.md P-1 … P-9) as plain data and pure functions: no I/O, no clock,
// no global randomness. The store persists a Tournament; the web app, the
// JSON API and the command line call its methods.
package tournament

import (
	"time"

	"bummerl/domain/schnapsen"
)

// CardNo is the number of an entry card (Los, Leben), 1…N, printed on the card.
type CardNo int

// PlayerID identifies a player within one tournament, 1, 2, … in order of registration.
type PlayerID int

// Settings are fixed before the first draw (P-9).
type Settings struct {
	Name           string
	Cards          int // N, a power of two from 4 to 4096 (P-1)
	MaxCards       int // cards one player may buy (P-1)
	PriceCents     int // price of one entry card
	Variant        schnapsen.Variant
	Closing        schnapsen.Closing
	BummerlToWin   int           // Bummerl per match, 1–3 (B-3)
	Prizes         []string      // descriptions; 2, 4 or 8 of them (P-7)
	MultiplePrizes bool          // P-8
	Event          Event         // date, venue, start time (issue 9): shown, no rule
	Form           Form          // Preisschnapsen ("") or Swiss system (swiss.go)
	Swiss          SwissSettings // zero for Preisschnapsen
	// AutoCall: a result that frees a table calls the next match to it at
	// once (autocall.go). Only with a number of tables; no rule of play,
	// so it may change during the evening like the event.
	AutoCall bool
}

// Player is a person at the tournament; he holds zero or more entry cards.
type Player struct {
	ID    PlayerID
	Name  string
	Club  string // optional
	Phone string // optional, private: never shown on public pages
}

// Card is a sold entry card. Unsold numbers have no Card; they become byes (P-1).
type Card struct {
	No     CardNo
	Player PlayerID
	Sale   int // sale sequence, 1, 2, …: the order of purchase gives the draw order (P-4)
	// Money (issue 9, payments.go): how it was paid ("" is cash) and the
	// price it was sold at.
	Payment    PayMethod
	PriceCents int
	// Swiss system only (swiss.go): From is the round a late entry is
	// first paired in (SW-15; 0 from the start), Out the round from which
	// a withdrawn player is no longer paired (SW-16; 0 plays on).
	From, Out int
}

// Pot is the left or the right pot of the two-pot draw (P-3).
type Pot int

const (
	Left Pot = iota
	Right
)

// Ticket is one number a card drew from a pot. Cards holding the same
// number meet; a left number nobody drew from the right pot is a bye.
type Ticket struct {
	Card   CardNo
	Pot    Pot
	Number int // 1 … pot size
}

// Bracket tells which part of the tournament a match belongs to (P-7).
type Bracket int

const (
	Main      Bracket = iota // the knock-out for 1st place
	Place3                   // Spiel um Platz 3: the semifinal losers
	Place5to8                // Platz 5–8: the quarterfinal losers
	Place5                   // Spiel um Platz 5: the winners of Platz 5–8
	Place7                   // Spiel um Platz 7: the losers of Platz 5–8
)

// DrawGroup is the set of cards drawn together in one bracket of a round,
// in the order they come to the pots (P-4, P-6).
type DrawGroup struct {
	Bracket  Bracket
	PotSize  int // numbers in each pot: N/2 in round 1, half the group's cards later
	Entrants []Entrant
}

// Entrant is a player coming to the pots with the cards he draws for.
type Entrant struct {
	Player PlayerID
	Cards  []CardNo
}

// DrawMethod says how a round was drawn (P-4).
type DrawMethod string

const (
	Digital  DrawMethod = "digital"  // seeded, committed before, revealed after
	Physical DrawMethod = "physical" // numbers drawn by hand and typed in
)

// Draw is how a round was drawn: every ticket of every group.
type Draw struct {
	Method     DrawMethod
	Seed       string // digital: revealed after the draw
	Commitment string // digital: hex SHA-256 of the seed, shown before the draw
	Groups     []GroupTickets
}

// GroupTickets are the tickets drawn in one bracket.
type GroupTickets struct {
	Bracket Bracket
	Tickets []Ticket
}

// Commitment is a digital draw announced but not yet performed: the
// commitment is public, the seed stays secret until the draw.
type Commitment struct {
	Seed       string
	Commitment string
}

// Round is one draw and the matches it produced.
type Round struct {
	No      int // 1, 2, …
	Draw    Draw
	Matches []Match
}

// Result is the outcome of a played match.
type Result struct {
	Winner  CardNo
	Bummerl [2]int                 // Bummerl won by A and by B (B-3)
	Sheet   []schnapsen.DealResult // optional full score sheet, seat 0 = A (B-4)
	At      time.Time              // when it was entered (the caller's clock); zero if not known
	// Walkover (kampflos): the loser did not turn up; no Bummerl, no sheet.
	// It counts like any loss of that card (P-5); see docs/tournament.md.
	Walkover bool
}

// Match is two cards that meet, or one card with a bye.
type Match struct {
	No      int // 1, 2, … within the round; also the default table
	Bracket Bracket
	A       CardNo // the left-pot card
	B       CardNo // the right-pot card; 0 for a bye (Freilos)
	// Surrendered: A and B belong to the same player, who could not avoid
	// meeting himself; B is surrendered and A advances (P-6).
	Surrendered bool
	Table       int       // set when the match is called to a table (starts); 0 = not started
	Started     bool      // called to its table: being played, or played there once decided
	Called      time.Time // when it was called to its table; zero if not known
	// CalledAfter is the match whose result called this one to its table
	// (automatic calling, autocall.go): the table that result freed. 0: it
	// was called by hand, or not at all.
	CalledAfter int
	Result      *Result
	Version     int // bumped on every change; stale versions are a conflict
}

// Tournament is the aggregate the store loads and saves whole.
type Tournament struct {
	ID       int64 // assigned by the store
	Version  int   // bumped on every change of settings, players or sales
	Settings Settings
	Players  []Player
	Cards    []Card
	Rounds   []Round
	Pending  *Commitment // a digital draw announced for the next round
	// SwissSeeds is the seed list (Setzliste) of a Swiss tournament, best
	// first: round 1 ranks these cards first, the others after them in the
	// drawn order (SW-4). Empty: round 1 in the drawn order only.
	SwissSeeds []CardNo
	// Tables in the hall, numbered 1 … Tables; 0 when not set: then every
	// match plays at the table of its number (see tables.go).
	Tables int
}
