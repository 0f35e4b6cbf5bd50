// Package table is the digital table (play on site): one tournament match
// played on the players' phones, a pure state machine over
// domain/schnapsen. It deals every deal from a seeded shuffle, alternates
// the dealer across Bummerl (S-2), scores the deals into Bummerl and the
// match (B-1 … B-3), takes resignations, and makes every move idempotent by
// its id. It does no I/O: the store persists the moves, the web app shows
// View(seat) to each phone.
//
// Seats are match seats: 0 is the match's card A, 1 its card B. The
// engine's seats (0 forehand, 1 dealer) change every deal; this package
// maps between them.
package table

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"bummerl/domain/schnapsen"
)

// Config fixes a digital match when it starts.
type Config struct {
	Variant      schnapsen.Variant
	Closing      schnapsen.Closing
	BummerlToWin int // B-3: 1, 2 or 3
	// FirstDealer is the match seat that deals the first deal (S-2).
	FirstDealer int
	// Seed is the secret the decks are shuffled from; it is revealed in
	// the records of the deals once they are over.
	Seed string
}

// Validate checks the configuration.
func (c Config) Validate() error {
	if _, err := schnapsen.ParseVariant(string(c.Variant)); err != nil || c.Variant == "" {
		return newError(CodeBadConfig, fmt.Sprintf("unknown variant %q", c.Variant), fmt.Sprintf("unbekannte Spielart %q", c.Variant))
	}
	if _, err := schnapsen.ParseClosing(string(c.Closing)); err != nil || c.Closing == "" {
		return newError(CodeBadConfig, fmt.Sprintf("unknown closing %q", c.Closing), fmt.Sprintf("unbekannte Zudreh-Regel %q", c.Closing))
	}
	switch {
	case c.BummerlToWin < 1 || c.BummerlToWin > 3:
		return newError(CodeBadConfig, "bummerl to win must be 1, 2 or 3", "Bummerl zum Sieg muss 1, 2 oder 3 sein")
	case c.FirstDealer != 0 && c.FirstDealer != 1:
		return newError(CodeBadConfig, "the first dealer must be seat 0 or 1", "der erste Geber muss Sitz 0 oder 1 sein")
	case c.Seed == "":
		return newError(CodeBadConfig, "the seed is empty", "der Startwert ist leer")
	}
	return nil
}

// DealSeed is the shuffle seed of deal i (0-based): the first 8 bytes of
// SHA-256(seed, i), so revealing one deal's seed tells nothing of the
// others.
func DealSeed(seed string, i int) uint64 {
	h := sha256.New()
	h.Write([]byte(seed))
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(i))
	h.Write(n[:])
	return binary.BigEndian.Uint64(h.Sum(nil)[:8])
}

// FirstDealerOf draws the first dealer from the seed (S-2: drawn), for a
// match whose staff did not set it by hand.
func FirstDealerOf(seed string) int {
	s := sha256.Sum256([]byte("first dealer:" + seed))
	return int(s[0] & 1)
}

// Resign is what a player gives up.
type Resign string

const (
	ResignDeal  Resign = "deal"  // the current deal
	ResignMatch Resign = "match" // the whole match
)

// ResignPoints are the game points the opponent scores for a resigned
// deal: the most a deal can give, as for a renonce (S-8). See docs/play.md.
const ResignPoints = 3

// Move is one step of a player at the table: an engine action (Kind,
// Card, Suit as in schnapsen.Action) or a resignation. ID is chosen by the
// phone; a move sent again with the same ID by the same seat counts once.
// Each seat has ids of its own: an id one seat used never binds the
// other, so no player can take the id his opponent's phone will send
// next and block him (docs/play.md, "Two tabs, retries").
type Move struct {
	ID     string
	Seat   int // match seat
	Kind   schnapsen.Kind
	Card   schnapsen.Card
	Suit   schnapsen.Suit
	Resign Resign
}

// MaxIDLen bounds a move's id.
const MaxIDLen = 64

// same reports whether m and o ask for the same thing.
func (m Move) same(o Move) bool {
	if m.Seat != o.Seat || m.Kind != o.Kind || m.Resign != o.Resign {
		return false
	}
	switch m.Kind {
	case schnapsen.Play:
		return m.Card == o.Card
	case schnapsen.Marriage:
		return m.Suit == o.Suit
	}
	return true
}

// Deal is one deal of the match.
type Deal struct {
	Seed     uint64 // shuffle seed of the deck
	Forehand int    // match seat that is forehand, engine seat 0 (S-2)
	Record   schnapsen.GameRecord
	// Result is the deal's line of the score sheet once it is over.
	Result *schnapsen.DealResult
	// Verdict is the engine's verdict (engine seats); nil while the deal
	// is played and for a resigned deal.
	Verdict *schnapsen.Verdict
	// ResignedBy is the match seat that gave the deal up, -1 if nobody.
	ResignedBy int
	// Dealt is false for a deal counted only because the match was
	// resigned: it was never dealt and has no record.
	Dealt bool

	state schnapsen.Deal
	trump schnapsen.Suit
	// the card led to the trick in play, if led
	lead schnapsen.Card
	led  bool
	// last trick: who led it and who won it (match seats)
	lastLeader, lastWinner int
}

// Over reports whether the deal is decided.
func (d *Deal) Over() bool { return d.Result != nil }

// Match is a digital match: the deals played so far and the one in play.
type Match struct {
	cfg     Config
	deals   []Deal
	sheet   []schnapsen.DealResult
	verdict schnapsen.MatchVerdict
	moves   []Move
	ids     map[moveKey]int // index into moves
	// resigned is the seat that resigned the match, -1 if none.
	resigned int
}

// moveKey is a move's id in its seat's namespace.
type moveKey struct {
	seat int
	id   string
}

func (m Move) key() moveKey { return moveKey{m.Seat, m.ID} }

// New starts a match and deals its first deal.
func New(cfg Config) (*Match, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	m := &Match{cfg: cfg, ids: map[moveKey]int{}, resigned: -1}
	if err := m.deal(); err != nil {
		return nil, err
	}
	m.verdict, _ = schnapsen.ScoreMatch(m.rules(), nil)
	return m, nil
}

// Replay rebuilds a match from its configuration and moves, as the store
// does after a restart. Every move must apply.
func Replay(cfg Config, moves []Move) (*Match, error) {
	m, err := New(cfg)
	if err != nil {
		return nil, err
	}
	for i, mv := range moves {
		if _, err := m.Apply(mv); err != nil {
			return nil, fmt.Errorf("table: replay move %d (%s): %w", i, mv.ID, err)
		}
	}
	return m, nil
}

func (m *Match) rules() schnapsen.MatchRules {
	return schnapsen.MatchRules{BummerlToWin: m.cfg.BummerlToWin}
}

// Config is the match's configuration.
func (m *Match) Config() Config { return m.cfg }

// forehand is the match seat that is forehand in deal i: the dealer
// alternates every deal, across Bummerl too (S-2), as in
// schnapsen.MatchRecord.Forehand.
func (m *Match) forehand(i int) int { return (m.cfg.FirstDealer + 1 + i) % 2 }

// deal deals the next deal from its seed (S-3, X-2).
func (m *Match) deal() error {
	i := len(m.deals)
	seed := DealSeed(m.cfg.Seed, i)
	deck := schnapsen.ShuffledDeck(m.cfg.Variant, seed)
	st, err := schnapsen.NewDeal(m.cfg.Variant, m.cfg.Closing, deck)
	if err != nil {
		return err
	}
	m.deals = append(m.deals, Deal{
		Seed: seed, Forehand: m.forehand(i), ResignedBy: -1, Dealt: true, state: st, lastLeader: -1, lastWinner: -1,
		trump:  st.View(0).TrumpSuit,
		Record: schnapsen.GameRecord{Variant: m.cfg.Variant, Closing: m.cfg.Closing, Deck: deck},
	})
	return nil
}

// Finished reports whether the match is decided (B-3).
func (m *Match) Finished() bool { return m.verdict.Finished }

// Verdict is the match verdict of the deals so far (FORMATS.md).
func (m *Match) Verdict() schnapsen.MatchVerdict { return m.verdict }

// Sheet is the score sheet so far, match seats (B-4).
func (m *Match) Sheet() []schnapsen.DealResult {
	return append([]schnapsen.DealResult(nil), m.sheet...)
}

// Deals are the deals so far, the current one last while the match runs.
// The slice is shared: read it, never change it.
func (m *Match) Deals() []Deal { return m.deals }

// Moves are the moves applied so far, in order.
func (m *Match) Moves() []Move { return append([]Move(nil), m.moves...) }

// Seq is the number of moves applied: it changes with every move.
func (m *Match) Seq() int { return len(m.moves) }

// ResignedBy is the seat that resigned the match, -1 if none.
func (m *Match) ResignedBy() int { return m.resigned }

// current is the deal in play, nil once the match is over.
func (m *Match) current() *Deal {
	if m.verdict.Finished || len(m.deals) == 0 {
		return nil
	}
	return &m.deals[len(m.deals)-1]
}

// ToMove is the match seat whose move is awaited, -1 once the match is over.
func (m *Match) ToMove() int {
	d := m.current()
	if d == nil {
		return -1
	}
	return d.state.ToMove() ^ d.Forehand
}

// ApplyAt is Apply for a phone that saw the match at seq moves: a new
// move made from an older state is refused (CodeStale), so a second tab
// showing an old state cannot play a card the player never chose. A move
// sent again (same id) is recognised whatever seq it names.
func (m *Match) ApplyAt(mv Move, seq int) (bool, error) {
	if _, known := m.ids[mv.key()]; !known && seq != len(m.moves) {
		return false, newError(CodeStale, "the table has moved on since this move was chosen", "am Tisch ist inzwischen weitergespielt worden")
	}
	return m.Apply(mv)
}

// Apply performs a move. applied is false for a move whose id its seat
// used before with the same content (sent twice, it counts once); the
// same id for another move of that seat is an error. A refused move
// changes nothing.
func (m *Match) Apply(mv Move) (applied bool, err error) {
	switch {
	case mv.ID == "" || len(mv.ID) > MaxIDLen:
		return false, newError(CodeBadMove, "a move needs an id of 1 to 64 characters", "ein Zug braucht eine Kennung mit 1 bis 64 Zeichen")
	case mv.Seat != 0 && mv.Seat != 1:
		return false, newError(CodeBadMove, "the seat must be 0 or 1", "der Sitz muss 0 oder 1 sein")
	}
	if i, ok := m.ids[mv.key()]; ok {
		if m.moves[i].same(mv) {
			return false, nil
		}
		return false, newError(CodeDuplicateID, "this move id was already used for another move", "diese Zugkennung gehört schon zu einem anderen Zug")
	}
	d := m.current()
	if d == nil {
		return false, newError(CodeMatchOver, "the match is already decided", "die Partie ist schon entschieden")
	}
	switch mv.Resign {
	case "":
		if err := m.play(d, mv); err != nil {
			return false, err
		}
	case ResignDeal:
		m.resignDeal(d, mv.Seat)
	case ResignMatch:
		m.resigned = mv.Seat
		m.resignDeal(d, mv.Seat)
		// Resigning the match gives up every deal until it is decided.
		for !m.verdict.Finished {
			m.deals = append(m.deals, Deal{Forehand: m.forehand(len(m.deals)), ResignedBy: mv.Seat, lastLeader: -1, lastWinner: -1})
			m.finishDeal(&m.deals[len(m.deals)-1], schnapsen.DealResult{Winner: 1 - mv.Seat, Points: ResignPoints})
		}
	default:
		return false, newError(CodeBadMove, fmt.Sprintf("unknown resignation %q", mv.Resign), fmt.Sprintf("unbekannte Aufgabe %q", mv.Resign))
	}
	m.ids[mv.key()] = len(m.moves)
	m.moves = append(m.moves, mv)
	if !m.verdict.Finished && m.current().Over() {
		if err := m.deal(); err != nil {
			return true, err // never: the deck is the variant's own
		}
	}
	return true, nil
}

// play applies an engine action of the seat to the deal in play.
func (m *Match) play(d *Deal, mv Move) error {
	if mv.Kind < schnapsen.Play || mv.Kind > schnapsen.Declare {
		return newError(CodeBadMove, "unknown action", "unbekannte Aktion")
	}
	a := schnapsen.Action{Seat: uint8(mv.Seat ^ d.Forehand), Kind: mv.Kind, Card: mv.Card, Suit: mv.Suit}
	if err := d.state.Apply(a); err != nil { // S-7: live play refuses, never a renonce
		return err
	}
	d.Record.Actions = append(d.Record.Actions, a)
	if mv.Kind == schnapsen.Play {
		if d.led { // the trick is complete
			d.lastLeader, d.lastWinner = 1-mv.Seat, 1-mv.Seat
			if trickWinner(d.lead, mv.Card, d.trump) == 1 {
				d.lastWinner = mv.Seat
			}
		}
		d.lead, d.led = mv.Card, !d.led
	}
	if d.state.Over() {
		v := d.state.Verdict()
		d.Verdict = &v
		m.finishDeal(d, schnapsen.DealResult{Winner: v.Winner ^ d.Forehand, Points: v.Points, Reason: v.Reason})
	}
	return nil
}

// trickWinner is 0 if the lead wins the trick, 1 if the follow does (S-4).
func trickWinner(lead, follow schnapsen.Card, trump schnapsen.Suit) int {
	switch {
	case follow.Suit() == lead.Suit():
		if follow < lead { // lower index, higher card
			return 1
		}
		return 0
	case follow.Suit() == trump:
		return 1
	}
	return 0
}

// resignDeal ends the deal in play: the opponent scores ResignPoints.
func (m *Match) resignDeal(d *Deal, seat int) {
	d.ResignedBy = seat
	m.finishDeal(d, schnapsen.DealResult{Winner: 1 - seat, Points: ResignPoints})
}

// finishDeal writes the deal's line on the sheet and scores the match.
func (m *Match) finishDeal(d *Deal, r schnapsen.DealResult) {
	d.Result = &r
	m.sheet = append(m.sheet, r)
	v, err := schnapsen.ScoreMatch(m.rules(), m.sheet)
	if err != nil { // never: the lines are the engine's own
		panic(fmt.Sprintf("table: score sheet refused: %v", err))
	}
	m.verdict = v
}

// Error is a refused move or configuration: a stable code and a message
// in German and English.
type Error struct {
	Code string
	en   string
	de   string
}

// Error codes of the table.
const (
	CodeBadConfig   = "bad_config"
	CodeBadMove     = "bad_move"
	CodeDuplicateID = "duplicate_move_id"
	CodeMatchOver   = "match_over"
	CodeStale       = "stale_move"
)

func newError(code, en, de string) *Error { return &Error{Code: code, en: en, de: de} }

func (e *Error) Error() string { return e.en }

// Text gives the message in the language "de" or "en".
func (e *Error) Text(lang string) string {
	if lang == "de" {
		return e.de
	}
	return e.en
}
