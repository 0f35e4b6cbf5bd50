package store

import (
	"cmp"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
)

// The row structs mirror the tables of schema.go. They hold no slices or
// pointers, so == tells whether a row changed; that is what makes saving
// diff-based. JSON tags give the audit trail readable before/after values
// (the tournament id is left out: it is the audit row's own column); the
// audit is read back through the same types (audit.go).

type tournamentRow struct {
	ID             int64  `gorm:"column:id;primaryKey" json:"-"`
	Revision       int64  `gorm:"column:revision" json:"-"`
	Version        int    `gorm:"column:version" json:"version"`
	Name           string `gorm:"column:name" json:"name"`
	Cards          int    `gorm:"column:cards" json:"cards"`
	MaxCards       int    `gorm:"column:max_cards" json:"max_cards"`
	PriceCents     int    `gorm:"column:price_cents" json:"price_cents"`
	Variant        string `gorm:"column:variant" json:"variant"`
	Closing        string `gorm:"column:closing" json:"closing"`
	BummerlToWin   int    `gorm:"column:bummerl_to_win" json:"bummerl_to_win"`
	Prizes         string `gorm:"column:prizes" json:"prizes"` // JSON array, "null" for nil
	MultiplePrizes bool   `gorm:"column:multiple_prizes" json:"multiple_prizes"`
	Tables         int    `gorm:"column:tables" json:"tables"`
	// When and where (issue 9, event.go): ISO date, venue, "19:00".
	EventDate string `gorm:"column:event_date" json:"date"`
	Venue     string `gorm:"column:venue" json:"venue"`
	StartTime string `gorm:"column:start_time" json:"start"`
	// The Swiss system (issue 14, swiss.go); empty for Preisschnapsen, so
	// its audit lines read as before.
	Form         string `gorm:"column:form" json:"form,omitempty"`
	SwissRounds  int    `gorm:"column:swiss_rounds" json:"swiss_rounds,omitempty"`
	BuchholzCut1 bool   `gorm:"column:buchholz_cut1" json:"buchholz_cut1,omitempty"`
	SwissSeeds   string `gorm:"column:swiss_seeds" json:"swiss_seeds,omitempty"` // "5 2 7" (SW-4)
	// Automatic calling (issue 23, autocall.go); off reads as before.
	AutoCall bool `gorm:"column:auto_call" json:"auto_call,omitempty"`
	// The audit leaves the seed of an announced draw out: the history would
	// otherwise show it before the draw reveals it (P-4).
	PendingSeed       nullText `gorm:"column:pending_seed" json:"-"`
	PendingCommitment nullText `gorm:"column:pending_commitment" json:"pending_commitment"`
	// Finished is derived (tournament.Finished) for the list page; the
	// audit leaves it out like the bookkeeping columns.
	Finished bool `gorm:"column:finished" json:"-"`
	// Not CreatedAt/UpdatedAt: GORM would fill those in seconds itself.
	Created int64 `gorm:"column:created_at" json:"-"`
	Updated int64 `gorm:"column:updated_at" json:"-"`
}

func (tournamentRow) TableName() string { return "tournaments" }

// sameContent compares everything but the bookkeeping columns the store
// changes on every save and the derived finished flag.
func (r tournamentRow) sameContent(o tournamentRow) bool {
	r.Revision, r.Updated, r.Finished = o.Revision, o.Updated, o.Finished
	return r == o
}

type playerRow struct {
	TournamentID int64  `gorm:"column:tournament_id;primaryKey;autoIncrement:false" json:"-"`
	ID           int    `gorm:"column:id;primaryKey;autoIncrement:false" json:"id"`
	Name         string `gorm:"column:name" json:"name"`
	Club         string `gorm:"column:club" json:"club"`
	Phone        string `gorm:"column:phone" json:"phone"`
}

type cardRow struct {
	TournamentID int64 `gorm:"column:tournament_id;primaryKey;autoIncrement:false" json:"-"`
	No           int   `gorm:"column:no;primaryKey;autoIncrement:false" json:"no"`
	Player       int   `gorm:"column:player_id" json:"player"`
	Sale         int   `gorm:"column:sale" json:"sale"`
	// Money (issue 9, payments.go): "" is cash; 0 is the tournament's price.
	Payment    string `gorm:"column:payment" json:"payment"`
	PriceCents int    `gorm:"column:price_cents" json:"price_cents"`
	// Swiss system (issue 14): late entry's first round, withdrawal's round.
	From int `gorm:"column:swiss_from" json:"from,omitempty"`
	Out  int `gorm:"column:swiss_out" json:"out,omitempty"`
}

type roundRow struct {
	TournamentID int64  `gorm:"column:tournament_id;primaryKey;autoIncrement:false" json:"-"`
	No           int    `gorm:"column:no;primaryKey;autoIncrement:false" json:"no"`
	Method       string `gorm:"column:method" json:"method"`
	Seed         string `gorm:"column:seed" json:"seed"`
	Commitment   string `gorm:"column:commitment" json:"commitment"`
}

type groupRow struct {
	TournamentID int64 `gorm:"column:tournament_id;primaryKey;autoIncrement:false" json:"-"`
	Round        int   `gorm:"column:round_no;primaryKey;autoIncrement:false" json:"round"`
	Group        int   `gorm:"column:grp;primaryKey;autoIncrement:false" json:"group"`
	Bracket      int   `gorm:"column:bracket" json:"bracket"`
}

type ticketRow struct {
	TournamentID int64 `gorm:"column:tournament_id;primaryKey;autoIncrement:false" json:"-"`
	Round        int   `gorm:"column:round_no;primaryKey;autoIncrement:false" json:"round"`
	Group        int   `gorm:"column:grp;primaryKey;autoIncrement:false" json:"group"`
	Idx          int   `gorm:"column:idx;primaryKey;autoIncrement:false" json:"idx"`
	Card         int   `gorm:"column:card_no" json:"card"`
	Pot          int   `gorm:"column:pot" json:"pot"`
	Number       int   `gorm:"column:number" json:"number"`
}

type matchRow struct {
	TournamentID int64    `gorm:"column:tournament_id;primaryKey;autoIncrement:false" json:"-"`
	Round        int      `gorm:"column:round_no;primaryKey;autoIncrement:false" json:"round"`
	No           int      `gorm:"column:no;primaryKey;autoIncrement:false" json:"no"`
	Bracket      int      `gorm:"column:bracket" json:"bracket"`
	A            int      `gorm:"column:a" json:"a"`
	B            int      `gorm:"column:b" json:"b"`
	Surrendered  bool     `gorm:"column:surrendered" json:"surrendered"`
	Table        int      `gorm:"column:table_no" json:"table"`
	Started      bool     `gorm:"column:started" json:"started"`
	Version      int      `gorm:"column:version" json:"version"`
	HasResult    bool     `gorm:"column:has_result" json:"has_result"`
	Winner       int      `gorm:"column:winner" json:"winner"`
	BummerlA     int      `gorm:"column:bummerl_a" json:"bummerl_a"`
	BummerlB     int      `gorm:"column:bummerl_b" json:"bummerl_b"`
	Sheet        nullText `gorm:"column:sheet" json:"sheet"`         // JSON array of schnapsen.DealResult
	CalledAt     int64    `gorm:"column:called_at" json:"called_at"` // UTC milliseconds, 0: not known
	ResultAt     int64    `gorm:"column:result_at" json:"result_at"` // UTC milliseconds, 0: not known
	Walkover     bool     `gorm:"column:walkover" json:"walkover"`   // won kampflos (issue 9)
	// CalledAfter: the match whose result called it (issue 23); 0 reads as before.
	CalledAfter int `gorm:"column:called_after" json:"called_after,omitempty"`
}

// Each child row has a key (the primary key less tournament_id, also its
// place in the aggregate's slices) and the WHERE clause of its key. A map, not a struct: GORM leaves zero
// struct fields out of a condition, and 0 is a valid group or index.

func (playerRow) TableName() string { return "players" }
func (r playerRow) key() [3]int     { return [3]int{r.ID} }
func (r playerRow) keyCols() map[string]any {
	return map[string]any{"tournament_id": r.TournamentID, "id": r.ID}
}
func (r playerRow) describe() string { return fmt.Sprintf("player %d", r.ID) }

func (cardRow) TableName() string { return "cards" }
func (r cardRow) key() [3]int     { return [3]int{r.No} }
func (r cardRow) keyCols() map[string]any {
	return map[string]any{"tournament_id": r.TournamentID, "no": r.No}
}
func (r cardRow) describe() string { return fmt.Sprintf("card %d", r.No) }

func (roundRow) TableName() string { return "rounds" }
func (r roundRow) key() [3]int     { return [3]int{r.No} }
func (r roundRow) keyCols() map[string]any {
	return map[string]any{"tournament_id": r.TournamentID, "no": r.No}
}
func (r roundRow) describe() string { return fmt.Sprintf("round %d", r.No) }

func (groupRow) TableName() string { return "draw_groups" }
func (r groupRow) key() [3]int     { return [3]int{r.Round, r.Group} }
func (r groupRow) keyCols() map[string]any {
	return map[string]any{"tournament_id": r.TournamentID, "round_no": r.Round, "grp": r.Group}
}
func (r groupRow) describe() string { return fmt.Sprintf("round %d draw group %d", r.Round, r.Group) }

func (ticketRow) TableName() string { return "tickets" }
func (r ticketRow) key() [3]int     { return [3]int{r.Round, r.Group, r.Idx} }
func (r ticketRow) keyCols() map[string]any {
	return map[string]any{"tournament_id": r.TournamentID, "round_no": r.Round, "grp": r.Group, "idx": r.Idx}
}
func (r ticketRow) describe() string {
	return fmt.Sprintf("round %d ticket %d of group %d", r.Round, r.Idx, r.Group)
}

func (matchRow) TableName() string { return "matches" }
func (r matchRow) key() [3]int     { return [3]int{r.Round, r.No} }
func (r matchRow) keyCols() map[string]any {
	return map[string]any{"tournament_id": r.TournamentID, "round_no": r.Round, "no": r.No}
}
func (r matchRow) describe() string { return fmt.Sprintf("round %d match %d", r.Round, r.No) }

// nullText is a nullable TEXT column that stays comparable with ==
// (unlike *string) and shows as a plain string or null in audit JSON.
type nullText struct {
	S     string
	Valid bool
}

func someText(s string) nullText { return nullText{S: s, Valid: true} }

func (n *nullText) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*n = nullText{}
	case string:
		*n = someText(v)
	case []byte:
		*n = someText(string(v))
	default:
		return fmt.Errorf("nullText: cannot scan %T", v)
	}
	return nil
}

func (n nullText) Value() (driver.Value, error) {
	if !n.Valid {
		return nil, nil
	}
	return n.S, nil
}

func (n nullText) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(n.S)
}

// UnmarshalJSON reads what MarshalJSON writes: the audit's before and
// after are read back (readChangeSet), and a pending commitment in them is
// a string.
func (n *nullText) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*n = nullText{}
		return nil
	}
	n.Valid = true
	return json.Unmarshal(b, &n.S)
}

// rowSet is a tournament as rows.
type rowSet struct {
	t       tournamentRow
	players []playerRow
	cards   []cardRow
	rounds  []roundRow
	groups  []groupRow
	tickets []ticketRow
	matches []matchRow
}

// toRows flattens the aggregate. Players, cards, rounds and matches come
// back from Load in key order (ID, number, number, number), the order the
// domain methods keep them in; storing positions instead would turn one
// sale between sold numbers into an update of every later card. Draw
// groups and tickets keep their order in index columns: it is the draw.
// Duplicate keys are a bug of the caller and are refused here with a
// message naming the row, rather than as a constraint error.
func toRows(t *tournament.Tournament) (rowSet, error) {
	prizes, err := json.Marshal(t.Settings.Prizes)
	if err != nil {
		return rowSet{}, err
	}
	rs := rowSet{t: tournamentRow{
		ID:             t.ID,
		Version:        t.Version,
		Name:           t.Settings.Name,
		Cards:          t.Settings.Cards,
		MaxCards:       t.Settings.MaxCards,
		PriceCents:     t.Settings.PriceCents,
		EventDate:      t.Settings.Event.Date,
		Venue:          t.Settings.Event.Venue,
		StartTime:      t.Settings.Event.Start,
		Variant:        string(t.Settings.Variant),
		Closing:        string(t.Settings.Closing),
		BummerlToWin:   t.Settings.BummerlToWin,
		Prizes:         string(prizes),
		MultiplePrizes: t.Settings.MultiplePrizes,
		Tables:         t.Tables,
		Finished:       t.Finished(),
		Form:           string(t.Settings.Form),
		SwissRounds:    t.Settings.Swiss.Rounds,
		BuchholzCut1:   t.Settings.Swiss.BuchholzCut1,
		SwissSeeds:     seedsText(t.SwissSeeds),
		AutoCall:       t.Settings.AutoCall,
	}}
	if p := t.Pending; p != nil {
		rs.t.PendingSeed, rs.t.PendingCommitment = someText(p.Seed), someText(p.Commitment)
	}
	for _, p := range t.Players {
		rs.players = append(rs.players, playerRow{TournamentID: t.ID, ID: int(p.ID), Name: p.Name, Club: p.Club, Phone: p.Phone})
	}
	for _, c := range t.Cards {
		rs.cards = append(rs.cards, cardRow{TournamentID: t.ID, No: int(c.No), Player: int(c.Player), Sale: c.Sale,
			Payment: string(c.Payment), PriceCents: c.PriceCents, From: c.From, Out: c.Out})
	}
	for _, r := range t.Rounds {
		rs.rounds = append(rs.rounds, roundRow{TournamentID: t.ID, No: r.No,
			Method: string(r.Draw.Method), Seed: r.Draw.Seed, Commitment: r.Draw.Commitment})
		for g, grp := range r.Draw.Groups {
			rs.groups = append(rs.groups, groupRow{TournamentID: t.ID, Round: r.No, Group: g, Bracket: int(grp.Bracket)})
			for k, tk := range grp.Tickets {
				rs.tickets = append(rs.tickets, ticketRow{TournamentID: t.ID, Round: r.No, Group: g, Idx: k,
					Card: int(tk.Card), Pot: int(tk.Pot), Number: tk.Number})
			}
		}
		for _, m := range r.Matches {
			row := matchRow{TournamentID: t.ID, Round: r.No, No: m.No, Bracket: int(m.Bracket),
				A: int(m.A), B: int(m.B), Surrendered: m.Surrendered, Table: m.Table, Started: m.Started, Version: m.Version,
				CalledAt: toMillis(m.Called), CalledAfter: m.CalledAfter}
			if res := m.Result; res != nil {
				row.HasResult, row.Winner, row.BummerlA, row.BummerlB = true, int(res.Winner), res.Bummerl[0], res.Bummerl[1]
				row.ResultAt, row.Walkover = toMillis(res.At), res.Walkover
				if res.Sheet != nil {
					sheet, err := json.Marshal(res.Sheet)
					if err != nil {
						return rowSet{}, err
					}
					row.Sheet = someText(string(sheet))
				}
			}
			rs.matches = append(rs.matches, row)
		}
	}
	rs.sort()
	for _, err := range []error{unique(rs.players), unique(rs.cards), unique(rs.rounds), unique(rs.matches), rs.cardOwners()} {
		if err != nil {
			return rowSet{}, err
		}
	}
	return rs, nil
}

type keyedRow interface {
	comparable
	key() [3]int
	keyCols() map[string]any
	describe() string
	TableName() string
}

// cmpKeys orders keys: the order of the aggregate's slices.
func cmpKeys(a, b [3]int) int {
	for k := range a {
		if a[k] != b[k] {
			return cmp.Compare(a[k], b[k])
		}
	}
	return 0
}

func sortRows[R keyedRow](rows []R) {
	slices.SortFunc(rows, func(a, b R) int { return cmpKeys(a.key(), b.key()) })
}

// unique checks sorted rows for a key that occurs twice.
func unique[R keyedRow](rows []R) error {
	for i := 1; i < len(rows); i++ {
		if rows[i].key() == rows[i-1].key() {
			return fmt.Errorf("store: duplicate %s", rows[i].describe())
		}
	}
	return nil
}

// cardOwners names a card whose player does not exist (the foreign key
// would refuse it too, without saying which card).
func (rs *rowSet) cardOwners() error {
	for _, c := range rs.cards {
		_, found := slices.BinarySearchFunc(rs.players, c.Player, func(p playerRow, id int) int { return cmp.Compare(p.ID, id) })
		if !found {
			return fmt.Errorf("store: card %d belongs to player %d, who does not exist", c.No, c.Player)
		}
	}
	return nil
}

// sort puts every table in key order, the order of the aggregate.
func (rs *rowSet) sort() {
	sortRows(rs.players)
	sortRows(rs.cards)
	sortRows(rs.rounds)
	sortRows(rs.groups)
	sortRows(rs.tickets)
	sortRows(rs.matches)
}

// toDomain rebuilds the aggregate from sorted rows without changing them
// (the rows may be shared through the cache). Empty slices come back as
// nil; the prizes and a score sheet keep nil and empty apart (they are
// JSON).
func (rs *rowSet) toDomain() (*tournament.Tournament, error) {
	tr := rs.t
	t := &tournament.Tournament{
		ID:      tr.ID,
		Version: tr.Version,
		Tables:  tr.Tables,
		Settings: tournament.Settings{
			Name:           tr.Name,
			Cards:          tr.Cards,
			MaxCards:       tr.MaxCards,
			PriceCents:     tr.PriceCents,
			Variant:        schnapsen.Variant(tr.Variant),
			Closing:        schnapsen.Closing(tr.Closing),
			BummerlToWin:   tr.BummerlToWin,
			MultiplePrizes: tr.MultiplePrizes,
			Event:          tournament.Event{Date: tr.EventDate, Venue: tr.Venue, Start: tr.StartTime},
			Form:           tournament.Form(tr.Form),
			Swiss:          tournament.SwissSettings{Rounds: tr.SwissRounds, BuchholzCut1: tr.BuchholzCut1},
			AutoCall:       tr.AutoCall,
		},
	}
	if err := json.Unmarshal([]byte(tr.Prizes), &t.Settings.Prizes); err != nil {
		return nil, fmt.Errorf("store: tournament %d: prizes: %w", tr.ID, err)
	}
	seeds, err := parseSeedsText(tr.SwissSeeds)
	if err != nil {
		return nil, fmt.Errorf("store: tournament %d: %w", tr.ID, err)
	}
	t.SwissSeeds = seeds
	if tr.PendingSeed.Valid || tr.PendingCommitment.Valid {
		t.Pending = &tournament.Commitment{Seed: tr.PendingSeed.S, Commitment: tr.PendingCommitment.S}
	}
	for _, p := range rs.players {
		t.Players = append(t.Players, tournament.Player{ID: tournament.PlayerID(p.ID), Name: p.Name, Club: p.Club, Phone: p.Phone})
	}
	for _, c := range rs.cards {
		t.Cards = append(t.Cards, tournament.Card{No: tournament.CardNo(c.No), Player: tournament.PlayerID(c.Player), Sale: c.Sale,
			Payment: tournament.PayMethod(c.Payment), PriceCents: c.PriceCents, From: c.From, Out: c.Out})
	}
	roundAt := make(map[int]*tournament.Round, len(rs.rounds))
	t.Rounds = make([]tournament.Round, len(rs.rounds))
	if len(rs.rounds) == 0 {
		t.Rounds = nil
	}
	for i, r := range rs.rounds {
		t.Rounds[i] = tournament.Round{No: r.No, Draw: tournament.Draw{
			Method: tournament.DrawMethod(r.Method), Seed: r.Seed, Commitment: r.Commitment}}
		roundAt[r.No] = &t.Rounds[i]
	}
	// Groups and tickets are sorted by (round, group, index) and the
	// indexes are dense, so appending in order rebuilds them.
	for _, g := range rs.groups {
		d := &roundAt[g.Round].Draw
		d.Groups = append(d.Groups, tournament.GroupTickets{Bracket: tournament.Bracket(g.Bracket)})
	}
	for _, tk := range rs.tickets {
		g := &roundAt[tk.Round].Draw.Groups[tk.Group]
		g.Tickets = append(g.Tickets, tournament.Ticket{Card: tournament.CardNo(tk.Card), Pot: tournament.Pot(tk.Pot), Number: tk.Number})
	}
	for _, m := range rs.matches {
		match := tournament.Match{No: m.No, Bracket: tournament.Bracket(m.Bracket), A: tournament.CardNo(m.A), B: tournament.CardNo(m.B),
			Surrendered: m.Surrendered, Table: m.Table, Started: m.Started, Version: m.Version, Called: fromMillisOrZero(m.CalledAt),
			CalledAfter: m.CalledAfter}
		if m.HasResult {
			match.Result = &tournament.Result{Winner: tournament.CardNo(m.Winner), Bummerl: [2]int{m.BummerlA, m.BummerlB},
				At: fromMillisOrZero(m.ResultAt), Walkover: m.Walkover}
			if m.Sheet.Valid {
				if err := json.Unmarshal([]byte(m.Sheet.S), &match.Result.Sheet); err != nil {
					return nil, fmt.Errorf("store: %s: sheet: %w", m.describe(), err)
				}
			}
		}
		r := roundAt[m.Round]
		r.Matches = append(r.Matches, match)
	}
	return t, nil
}

// toMillis is a time column's value: UTC milliseconds, 0 for the zero time
// (not known).
func toMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMillisOrZero is the inverse of toMillis.
func fromMillisOrZero(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return fromMillis(ms)
}
