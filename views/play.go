package views

import (
	"context"
	"encoding/json"
	"io"
	"slices"
	"strconv"

	"github.com/a-h/templ"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
)

// PlayModel is one seat's phone at a digital table (issue 11): only what
// table.Match.View(seat) gives, the players' names and the look of the
// cards.
type PlayModel struct {
	// Base is the seat link's path: /play/TOKEN at a tournament's table,
	// /practice/TOKEN at a practice game (Practice).
	Base       string
	Tournament string // the tournament's name
	Names      [2]string
	German     bool   // German-suited cards (Herz, Schelle, Eichel, Laub)
	State      string // playing, finished, abandoned
	Live       int64  // the page's live revision (PlayRevision)
	V          table.SeatView
	Error      string // why the last move was refused, or ""
	// AskDeclare: the page asks whether to declare out with fewer than
	// 66 card points (?ask=declare, without JavaScript; declareForm).
	AskDeclare bool
	// Practice: a game against the bot (issue 25) that never counts for
	// a tournament; Back is the page it was started from.
	Practice bool
	Back     string
	Again    string // the start page of another practice game
}

// PlayPath is the seat page of a token; rest is appended.
func PlayPath(token, rest string) string { return "/play/" + token + rest }

func (m PlayModel) path(rest string) string { return m.Base + rest }

func (m PlayModel) me() int  { return m.V.Seat }
func (m PlayModel) opp() int { return 1 - m.V.Seat }

// playing: the match runs and moves may be made.
func (m PlayModel) playing() bool { return m.State == "playing" && !m.V.Finished }

// myTurn: this seat is to move.
func (m PlayModel) myTurn() bool { return m.playing() && m.V.ToMove == m.me() }

// countdown is the Bummerl count of a seat, from 7 down (B-1).
func (m PlayModel) countdown(seat int) int { return 7 - m.V.Running[seat] }

// doubtfulDeclare: declaring out now would be wrong (S-13, S-15: fewer
// than 66 card points). In sharp Schnapsen the phone shows no points
// (S-18), so it does not ask either: counting is the player's part.
func (m PlayModel) doubtfulDeclare() bool { return m.V.Points != nil && *m.V.Points < 66 }

// declareQuestion asks whether to declare out all the same.
func (m PlayModel) declareQuestion(ctx context.Context) string {
	return tf(ctx, "play.declare_doubt", *m.V.Points)
}

// moveVals are the fields of a move without card or suit (declaring out)
// as htmx sends them (hx-vals) from declareForm, which has none of its own.
func (m PlayModel) moveVals(mv table.Move) string {
	b, _ := json.Marshal(map[string]string{"id": m.moveID(mv), "seq": strconv.Itoa(m.V.Seq), "do": mv.Kind.String()})
	return string(b)
}

// legalCard reports whether playing c is a legal move now.
func (m PlayModel) legalCard(c schnapsen.Card) bool {
	for _, a := range m.V.Legal {
		if a.Kind == schnapsen.Play && a.Card == c {
			return true
		}
	}
	return false
}

// legalOther are the legal moves other than playing a card, in the
// engine's order: marriages, exchange, close, declare.
func (m PlayModel) legalOther() []table.Move {
	var out []table.Move
	for _, a := range m.V.Legal {
		if a.Kind != schnapsen.Play {
			out = append(out, a)
		}
	}
	return out
}

// hand is the own hand sorted: trumps first, then the other suits in the
// order H D S C, each high to low.
func (m PlayModel) hand() []schnapsen.Card {
	h := slices.Clone(m.V.Hand)
	trump := m.V.TrumpSuit
	slices.SortStableFunc(h, func(a, b schnapsen.Card) int {
		ka, kb := int(a), int(b)
		if a.Suit() == trump {
			ka -= 100
		}
		if b.Suit() == trump {
			kb -= 100
		}
		return ka - kb
	})
	return h
}

// MoveID is the id a move offered at seq gets: the same move offered in
// two tabs of one seat has the same id, so it counts once.
func MoveID(seq, seat int, mv table.Move) string {
	id := "s" + strconv.Itoa(seq) + "-" + strconv.Itoa(seat) + "-" + mv.Kind.String()
	switch mv.Kind {
	case schnapsen.Play:
		id += "-" + mv.Card.String()
	case schnapsen.Marriage:
		id += "-" + mv.Suit.String()
	}
	return id
}

func (m PlayModel) moveID(mv table.Move) string { return MoveID(m.V.Seq, m.me(), mv) }

func (m PlayModel) resignID(what table.Resign) string {
	return "s" + strconv.Itoa(m.V.Seq) + "-" + strconv.Itoa(m.me()) + "-resign-" + string(what)
}

func cardArg(mv table.Move) string {
	if mv.Kind == schnapsen.Play {
		return mv.Card.String()
	}
	return ""
}

func suitArg(mv table.Move) string {
	if mv.Kind == schnapsen.Marriage {
		return mv.Suit.String()
	}
	return ""
}

// moveLabel names an action button.
func (m PlayModel) moveLabel(ctx context.Context, mv table.Move) string {
	switch mv.Kind {
	case schnapsen.Marriage:
		return tf(ctx, "play.marriage", m.marriagePoints(mv.Suit), suitName(ctx, mv.Suit, m.German))
	case schnapsen.Exchange:
		return t(ctx, "play.exchange")
	case schnapsen.Close:
		return t(ctx, "play.close")
	case schnapsen.Declare:
		return t(ctx, "play.declare")
	}
	return mv.Kind.String()
}

// marriagePoints are what a marriage in suit s announces (S-9): 40 in
// trumps, 20 otherwise.
func marriagePoints(s, trump schnapsen.Suit) int {
	if s == trump {
		return 40
	}
	return 20
}

func (m PlayModel) marriagePoints(s schnapsen.Suit) int { return marriagePoints(s, m.V.TrumpSuit) }

// Suit and rank names.
var (
	frenchSymbols = [4]string{"♥", "♦", "♠", "♣"}
	suitKeysF     = [4]string{"play.suit_h", "play.suit_d", "play.suit_s", "play.suit_c"}
	suitKeysG     = [4]string{"play.gsuit_h", "play.gsuit_d", "play.gsuit_s", "play.gsuit_c"}
	rankKeysF     = [6]string{"play.rank_a", "play.rank_t", "play.rank_k", "play.rank_q", "play.rank_j", "play.rank_9"}
	rankKeysG     = [6]string{"play.grank_a", "play.rank_t", "play.rank_k", "play.grank_q", "play.grank_j", "play.rank_9"}
)

func suitName(ctx context.Context, s schnapsen.Suit, german bool) string {
	if german {
		return t(ctx, suitKeysG[s&3])
	}
	return t(ctx, suitKeysF[s&3])
}

// suitMark is what a card shows for its suit: the French symbol, or the
// German suit's name.
func suitMark(ctx context.Context, s schnapsen.Suit, german bool) string {
	if german {
		return t(ctx, suitKeysG[s&3])
	}
	return frenchSymbols[s&3]
}

// rankMark is the short rank a card shows: "A", "10", "K", "D"/"Q", "B"/"J"
// (German suits: "A", "10", "K", "O", "U").
func rankMark(ctx context.Context, r schnapsen.Rank, german bool) string {
	if german {
		return t(ctx, rankKeysG[r%6]+"_short")
	}
	return t(ctx, rankKeysF[r%6]+"_short")
}

// cardName is the full name read out for a card: "Herz Dame".
func cardName(ctx context.Context, c schnapsen.Card, german bool) string {
	keys := rankKeysF
	if german {
		keys = rankKeysG
	}
	return suitName(ctx, c.Suit(), german) + " " + t(ctx, keys[c.Rank()%6])
}

// cardLabel is the spoken name of a card's button: what the card shows
// first, so that a voice command saying it finds the button (WCAG 2.5.3),
// then the full name: "K ♥, Herz König".
func cardLabel(ctx context.Context, c schnapsen.Card, german bool) string {
	return rankMark(ctx, c.Rank(), german) + " " + suitMark(ctx, c.Suit(), german) + ", " + cardName(ctx, c, german)
}

func suitClass(s schnapsen.Suit) string { return "suit-" + s.String() }

// name of a seat as this phone says it: "Du" for itself.
func (m PlayModel) name(ctx context.Context, seat int) string {
	if seat == m.me() {
		return t(ctx, "play.you")
	}
	if m.Names[seat] == "" {
		return t(ctx, "play.opponent")
	}
	return m.Names[seat]
}

// Refusal says why the engine refused this phone's own move mv (code is
// the engine's error code) in the phone's words: the move as the phone
// names it and the players by name. The engine's own text names its
// seats, which are not the match's seats and change every deal; a phone
// only ever sends moves of its own seat, so the player refused is "du".
func (m PlayModel) Refusal(ctx context.Context, code string, mv table.Move) string {
	return tf(ctx, "play.refused", m.moveText(ctx, mv), m.refusalReason(ctx, code))
}

// refusalReasons are the reasons of the engine's refusals, by its codes;
// any other code reads "play.why_other".
var refusalReasons = map[string]string{
	schnapsen.CodeNotInHand:  "play.why_not_in_hand",
	schnapsen.CodeMustFollow: "play.why_must_follow",
	schnapsen.CodeMarriage:   "play.why_marriage",
	schnapsen.CodeExchange:   "play.why_exchange",
	schnapsen.CodeClose:      "play.why_close",
	schnapsen.CodeDeclare:    "play.why_declare",
}

func (m PlayModel) refusalReason(ctx context.Context, code string) string {
	if code == schnapsen.CodeOutOfTurn { // the other player, as this phone names him
		return tf(ctx, "play.why_out_of_turn", m.name(ctx, m.opp()))
	}
	if key, ok := refusalReasons[code]; ok {
		return t(ctx, key)
	}
	return t(ctx, "play.why_other")
}

// moveText names a move as a phrase to go with "geht nicht": "Herz Dame
// spielen", "20 ansagen (Herz)", "Zudrehen".
func (m PlayModel) moveText(ctx context.Context, mv table.Move) string {
	return actionPhrase(ctx, schnapsen.Action{Kind: mv.Kind, Card: mv.Card, Suit: mv.Suit}, m.German, m.V.TrumpSuit)
}

// actionPhrase names an action without its player, trump the deal's
// trump suit (a marriage's points).
func actionPhrase(ctx context.Context, a schnapsen.Action, german bool, trump schnapsen.Suit) string {
	switch a.Kind {
	case schnapsen.Play:
		return tf(ctx, "play.act_play", cardName(ctx, a.Card, german))
	case schnapsen.Marriage:
		return tf(ctx, "play.act_marriage", marriagePoints(a.Suit, trump), suitName(ctx, a.Suit, german))
	case schnapsen.Exchange:
		return t(ctx, "play.act_exchange")
	case schnapsen.Close:
		return t(ctx, "play.act_close")
	}
	return t(ctx, "play.act_declare")
}

func reasonText(ctx context.Context, r schnapsen.Reason) string {
	if r == "" {
		return ""
	}
	return t(ctx, "play.reason_"+string(r))
}

// bySeat is what message key says about seat: with the seat's name, or
// for this phone's own seat its twin key+"_me", worded for "du" ("von dir
// zugedreht", not "zugedreht von Du"; issue 23).
func (m PlayModel) bySeat(ctx context.Context, key string, seat int) string {
	if seat == m.me() {
		return t(ctx, key+"_me")
	}
	return tf(ctx, key, m.name(ctx, seat))
}

// outcome describes the deal before: who won how much and how.
func (m PlayModel) outcome(ctx context.Context) string {
	o := m.V.Previous
	s := tf(ctx, "play.outcome", o.Deal, m.name(ctx, o.Winner), o.Points)
	if o.Winner == m.me() {
		s = tf(ctx, "play.outcome_me", o.Deal, o.Points)
	}
	switch {
	case o.ResignedBy != nil:
		s += " (" + m.bySeat(ctx, "play.resigned_by", *o.ResignedBy) + ")"
	case o.Reason != "":
		s += " (" + reasonText(ctx, o.Reason) + ")"
	}
	if o.CardPoints != nil {
		s += " · " + tf(ctx, "play.card_points", o.CardPoints[m.me()], o.CardPoints[m.opp()])
	}
	return s
}

func (m PlayModel) status(ctx context.Context) string {
	switch {
	case m.State == "abandoned":
		return t(ctx, "play.abandoned")
	case m.V.Finished && m.V.Winner != nil && *m.V.Winner == m.me():
		return t(ctx, "play.match_won")
	case m.V.Finished:
		return t(ctx, "play.match_lost")
	case m.myTurn():
		return t(ctx, "play.your_turn")
	}
	return tf(ctx, "play.their_turn", m.name(ctx, m.opp()))
}

// marks is a row of n filled circles: Bummerl won.
func marks(n int) string {
	s := ""
	for range n {
		s += "●"
	}
	if s == "" {
		return "–"
	}
	return s
}

func intPtr(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// PlayRevision is a table's live revision: it changes with every move and
// with the table's state (playing 0, finished 1, abandoned 2).
func PlayRevision(seq int, state string) int64 {
	code := int64(0)
	switch state {
	case "finished":
		code = 1
	case "abandoned":
		code = 2
	}
	return int64(seq)*4 + code
}

// playLayout is Layout for a seat page: live from the table's own stream.
func playLayout(title, stream string, rev int64) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		ctx = context.WithValue(ctx, liveKey{}, stream)
		ctx = context.WithValue(ctx, revisionKey{}, rev)
		return withAssets("play", Layout(title)).Render(ctx, w)
	})
}
