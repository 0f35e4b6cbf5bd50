package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"gorm.io/gorm"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/domain/tournament"
)

// Digital tables (play on site, domain/table): a tournament match played
// on the players' phones. The store keeps the table's configuration and
// every move in the order applied; the state is the moves replayed
// through domain/table (pure and deterministic), so a restart rebuilds
// every match exactly. Each move is written in the transaction that
// applies it; the move that decides the match also records the result in
// the tournament in that transaction, through tournament.RecordResult with
// its checks, version bump and audit row ("table result").
//
// The seat links are secrets (at least 128 bits, made by the caller). They
// are kept as they are, not hashed: staff must be able to show a seat's QR
// code again when a phone is changed.

// Table states.
const (
	TablePlaying   = "playing"
	TableFinished  = "finished"  // the match is decided
	TableAbandoned = "abandoned" // staff gave up the digital match: paper
)

// TableActor is the name the audit shows for what a digital table does.
const TableActor = "Digitaler Tisch"

// DigitalTable is a digital match and where it stands.
type DigitalTable struct {
	ID           int64
	TournamentID int64
	Round, Match int
	// Cards are the match's cards A and B, seats 0 and 1.
	Cards [2]tournament.CardNo
	// Names are the players of the cards when the table started.
	Names  [2]string
	Config table.Config
	// Seats are the secret seat links' tokens, seat 0 and 1.
	Seats [2]string
	State string
	Seq   int // moves applied
	// Recorded: the result is in the tournament. ResultError says why
	// it could not be recorded (a result entered by hand meanwhile): the
	// store's refusal by its Key, a domain refusal in German; ResultRefusal
	// gives it back as an error to word.
	Recorded    bool
	ResultError string
	Created     time.Time
	Updated     time.Time
}

type digitalTableRow struct {
	ID           int64  `gorm:"column:id;primaryKey"`
	TournamentID int64  `gorm:"column:tournament_id"`
	RoundNo      int    `gorm:"column:round_no"`
	MatchNo      int    `gorm:"column:match_no"`
	CardA        int    `gorm:"column:card_a"`
	CardB        int    `gorm:"column:card_b"`
	NameA        string `gorm:"column:name_a"`
	NameB        string `gorm:"column:name_b"`
	Variant      string `gorm:"column:variant"`
	Closing      string `gorm:"column:closing"`
	BummerlToWin int    `gorm:"column:bummerl_to_win"`
	FirstDealer  int    `gorm:"column:first_dealer"`
	Seed         string `gorm:"column:seed"`
	Seat0        string `gorm:"column:seat0"`
	Seat1        string `gorm:"column:seat1"`
	State        string `gorm:"column:state"`
	Seq          int    `gorm:"column:seq"`
	Recorded     bool   `gorm:"column:recorded"`
	ResultError  string `gorm:"column:result_error"`
	Created      int64  `gorm:"column:created_at"`
	Updated      int64  `gorm:"column:updated_at"`
}

func (digitalTableRow) TableName() string { return "digital_tables" }

type digitalMoveRow struct {
	TableID int64  `gorm:"column:table_id;primaryKey;autoIncrement:false"`
	Seq     int    `gorm:"column:seq;primaryKey;autoIncrement:false"`
	MoveID  string `gorm:"column:move_id"`
	Seat    int    `gorm:"column:seat"`
	Kind    int    `gorm:"column:kind"`
	Card    int    `gorm:"column:card"`
	Suit    int    `gorm:"column:suit"`
	Resign  string `gorm:"column:resign"`
	At      int64  `gorm:"column:at"`
}

func (digitalMoveRow) TableName() string { return "digital_moves" }

// Migration step 11: a move id is unique per seat of a table, as
// domain/table keeps it, so the id one seat used never blocks the other
// seat's move. SQLite cannot drop a table's UNIQUE constraint: the table
// is made anew with its rows. Both forms can run again (the tests of older
// steps set schema_version back).
const (
	sqliteSeatMoveIDs11 = `CREATE TABLE digital_moves_11 (
		table_id INTEGER NOT NULL REFERENCES digital_tables(id) ON DELETE CASCADE,
		seq      INTEGER NOT NULL,
		move_id  TEXT NOT NULL,
		seat     INTEGER NOT NULL,
		kind     INTEGER NOT NULL,
		card     INTEGER NOT NULL,
		suit     INTEGER NOT NULL,
		resign   TEXT NOT NULL,
		at       INTEGER NOT NULL,
		PRIMARY KEY (table_id, seq),
		UNIQUE (table_id, seat, move_id)
	);
	INSERT INTO digital_moves_11 (table_id, seq, move_id, seat, kind, card, suit, resign, at)
		SELECT table_id, seq, move_id, seat, kind, card, suit, resign, at FROM digital_moves;
	DROP TABLE digital_moves;
	ALTER TABLE digital_moves_11 RENAME TO digital_moves;`
	postgresSeatMoveIDs11 = `ALTER TABLE digital_moves DROP CONSTRAINT IF EXISTS digital_moves_table_id_move_id_key;
	ALTER TABLE digital_moves DROP CONSTRAINT IF EXISTS digital_moves_seat_move_id;
	ALTER TABLE digital_moves ADD CONSTRAINT digital_moves_seat_move_id UNIQUE (table_id, seat, move_id);`
)

func (r digitalTableRow) config() table.Config {
	return table.Config{Variant: schnapsen.Variant(r.Variant), Closing: schnapsen.Closing(r.Closing),
		BummerlToWin: r.BummerlToWin, FirstDealer: r.FirstDealer, Seed: r.Seed}
}

func (r digitalTableRow) domain() DigitalTable {
	return DigitalTable{ID: r.ID, TournamentID: r.TournamentID, Round: r.RoundNo, Match: r.MatchNo,
		Cards: [2]tournament.CardNo{tournament.CardNo(r.CardA), tournament.CardNo(r.CardB)}, Names: [2]string{r.NameA, r.NameB},
		Config: r.config(),
		Seats:  [2]string{r.Seat0, r.Seat1}, State: r.State, Seq: r.Seq, Recorded: r.Recorded, ResultError: r.ResultError,
		Created: fromMillis(r.Created), Updated: fromMillis(r.Updated)}
}

func (r digitalMoveRow) move() table.Move {
	return table.Move{ID: r.MoveID, Seat: r.Seat, Kind: schnapsen.Kind(r.Kind), Card: schnapsen.Card(r.Card),
		Suit: schnapsen.Suit(r.Suit), Resign: table.Resign(r.Resign)}
}

// ResultRefusal is ResultError as an error: the store's refusal it keeps
// the key of, else the text as kept; nil when there is none.
func (t DigitalTable) ResultRefusal() error {
	if t.ResultError == "" {
		return nil
	}
	for _, k := range kinds {
		if k.Key() == t.ResultError {
			return k
		}
	}
	return errors.New(t.ResultError)
}

// Errors of the digital tables. ErrTableMatchChanged is only ever kept
// as a table's ResultError.
var (
	ErrTableBusy         = kind("table_running", "")
	ErrTableClosed       = kind("table_closed", "")
	ErrTableMatchChanged = kind("table_match_changed", "")
)

// matchCache keeps the replayed matches of the tables in play, keyed by
// table id and tagged with the number of moves, so a move does not replay
// the whole match. An entry is only used under its lock and only when its
// seq is the database's.
type matchCache struct {
	mu sync.Mutex
	m  map[int64]*table.Match
}

// matchCacheSize bounds the memory: a match is a few tens of KB.
const matchCacheSize = 512

func (c *matchCache) take(id int64, seq int) *table.Match {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.m[id]
	delete(c.m, id)
	if m != nil && m.Seq() == seq {
		return m
	}
	return nil
}

// read runs fn with the cached match of table id if it is at seq, under
// the cache's lock (fn must be quick and must not keep m), and reports
// whether it did. Readers do not take the entry, so a writer finds it.
func (c *matchCache) read(id int64, seq int, fn func(*table.Match)) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.m[id]
	if m == nil || m.Seq() != seq {
		return false
	}
	fn(m)
	return true
}

// putNewer caches m unless the cache holds the table at a later state.
// The entry is compared under the lock: only there is it nobody's.
func (c *matchCache) putNewer(id int64, m *table.Match) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[id]; old != nil && old.Seq() >= m.Seq() {
		return
	}
	c.putLocked(id, m)
}

func (c *matchCache) put(id int64, m *table.Match) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(id, m)
}

func (c *matchCache) putLocked(id int64, m *table.Match) {
	if c.m == nil {
		c.m = map[int64]*table.Match{}
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= matchCacheSize {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[id] = m
}

// tableKey is the hub key of a digital table: negative, so it never meets
// a tournament's id. One hub serves both (DESIGN.md).
func tableKey(id int64) int64 { return -id }

// SubscribeTable is Subscribe for a digital table: its channel receives
// the table's number of moves after each committed move or change.
func (s *Store) SubscribeTable(id int64) (<-chan int64, func()) { return s.Subscribe(tableKey(id)) }

// StartTable starts a digital match for match no of round round: the
// match must be playable (tournament.PlayableMatch: of the latest round,
// between two cards, without a result) and without a table in play. cfg's variant, closing and Bummerl are the
// tournament's (the caller gives the seed and the first dealer); seats are
// the two secret seat tokens.
func (s *Store) StartTable(ctx context.Context, tournamentID int64, round, match int, actor User, seed string, firstDealer int, seats [2]string) (DigitalTable, error) {
	var row digitalTableRow
	var touched *touch
	err := s.writeTournament(ctx, tournamentID, func(tx *gorm.DB) error {
		rs, err := s.loadRows(tx, tournamentID)
		if err != nil {
			return err
		}
		t, err := rs.toDomain()
		if err != nil {
			return err
		}
		m, err := t.PlayableMatch(round, match)
		if err != nil {
			return err
		}
		var busy int64
		if err := tx.Model(&digitalTableRow{}).Where("tournament_id = ? AND round_no = ? AND match_no = ? AND state = ?",
			tournamentID, round, match, TablePlaying).Count(&busy).Error; err != nil {
			return err
		}
		if busy > 0 {
			return ErrTableBusy
		}
		cfg := table.Config{Variant: t.Settings.Variant, Closing: t.Settings.Closing, BummerlToWin: t.Settings.BummerlToWin,
			FirstDealer: firstDealer, Seed: seed}
		if cfg.Variant == "" {
			cfg.Variant = schnapsen.Soft
		}
		if cfg.Closing == "" {
			cfg.Closing = schnapsen.AtClose
		}
		if _, err := table.New(cfg); err != nil {
			return err
		}
		now := s.now()
		row = digitalTableRow{TournamentID: tournamentID, RoundNo: round, MatchNo: match, CardA: int(m.A), CardB: int(m.B),
			NameA: cardPlayer(t, m.A), NameB: cardPlayer(t, m.B),
			Variant: string(cfg.Variant), Closing: string(cfg.Closing), BummerlToWin: cfg.BummerlToWin, FirstDealer: firstDealer,
			Seed: seed, Seat0: seats[0], Seat1: seats[1], State: TablePlaying, Created: now, Updated: now}
		if err := tx.Create(&row).Error; err != nil {
			return fmt.Errorf("store: start table: %w", err)
		}
		if touched, err = s.touchTournament(tx, rs.t, now); err != nil {
			return err
		}
		return writeAudit(tx, now, tournamentID, actor, ActionStartTable, nil, tableAudit(row))
	})
	if err != nil {
		return DigitalTable{}, err
	}
	s.announce(touched)
	return row.domain(), nil
}

// touch is a tournament's new revision that changed none of its rows
// (touchTournament), to announce after the commit.
type touch struct {
	from    tournamentRow // the tournament's row before
	updated int64
}

// touchTournament gives tournament t a new revision in the caller's
// transaction, for a change its pages show that is not in its rows: a
// digital table started, ended or abandoned ("läuft am Digitaltisch" on
// the round and match pages, issue 23). Pages kept per revision are then
// drawn again; the caller announces the touch after the commit, so the
// live pages follow.
func (s *Store) touchTournament(tx *gorm.DB, t tournamentRow, now int64) (*touch, error) {
	res := tx.Model(&tournamentRow{}).Where("id = ? AND revision = ?", t.ID, t.Revision).
		Updates(map[string]any{"revision": t.Revision + 1, "updated_at": now})
	if res.Error != nil {
		return nil, fmt.Errorf("store: touch tournament %d: %w", t.ID, res.Error)
	}
	if res.RowsAffected != 1 {
		return nil, ErrConflict
	}
	return &touch{from: t, updated: now}, s.notify(tx, t.ID, t.Revision+1, now) // the other processes' pages
}

// touchTableTournament is touchTournament for the tournament of table row.
func (s *Store) touchTableTournament(tx *gorm.DB, row digitalTableRow) (*touch, error) {
	var t tournamentRow
	if err := tx.Where("id = ?", row.TournamentID).Take(&t).Error; err != nil {
		return nil, fmt.Errorf("store: tournament of table %d: %w", row.ID, err)
	}
	return s.touchTournament(tx, t, row.Updated)
}

// announce tells the live pages of a committed touch; the rows cached at
// the old revision are those of the new one. A nil touch is none.
func (s *Store) announce(tc *touch) {
	if tc == nil {
		return
	}
	s.cache.retag(tc.from, tc.from.Revision+1, tc.updated)
	s.hub.publish(tc.from.ID, tc.from.Revision+1, tc.updated)
}

// tableAudit is what the audit shows of a table.
func tableAudit(r digitalTableRow) changeSet {
	return changeSet{DigitalTable: &AuditTable{ID: r.ID, Round: r.RoundNo, Match: r.MatchNo,
		A: r.CardA, B: r.CardB, State: r.State, Moves: r.Seq}}
}

// cardPlayer is the name of the player holding card no.
func cardPlayer(t *tournament.Tournament, no tournament.CardNo) string {
	c, ok := t.Card(no)
	if !ok {
		return ""
	}
	p, _ := t.Player(c.Player)
	return p.Name
}

// Table reads digital table id.
func (s *Store) Table(ctx context.Context, id int64) (DigitalTable, error) {
	var row digitalTableRow
	if err := s.rdb.WithContext(ctx).Where("id = ?", id).Take(&row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return DigitalTable{}, ErrNotFound
		}
		return DigitalTable{}, fmt.Errorf("store: table %d: %w", id, err)
	}
	return row.domain(), nil
}

// TableBySeat finds the table and seat of a secret seat token.
func (s *Store) TableBySeat(ctx context.Context, token string) (DigitalTable, int, error) {
	if len(token) < 16 {
		return DigitalTable{}, 0, ErrNotFound
	}
	var row digitalTableRow
	err := s.rdb.WithContext(ctx).Where("seat0 = ? OR seat1 = ?", token, token).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return DigitalTable{}, 0, ErrNotFound
	}
	if err != nil {
		return DigitalTable{}, 0, fmt.Errorf("store: table by seat: %w", err)
	}
	seat := 0
	if row.Seat1 == token {
		seat = 1
	}
	return row.domain(), seat, nil
}

// TablesOfMatch lists the digital tables of a match, newest first.
func (s *Store) TablesOfMatch(ctx context.Context, tournamentID int64, round, match int) ([]DigitalTable, error) {
	return s.tablesWhere(ctx, "tournament_id = ? AND round_no = ? AND match_no = ?", tournamentID, round, match)
}

// TablesOfTournament lists the digital tables of a tournament, newest first.
func (s *Store) TablesOfTournament(ctx context.Context, tournamentID int64) ([]DigitalTable, error) {
	return s.tablesWhere(ctx, "tournament_id = ?", tournamentID)
}

// PlayingTables lists the digital tables of a tournament in play, newest
// first: the matches its round pages show as played at a digital table.
func (s *Store) PlayingTables(ctx context.Context, tournamentID int64) ([]DigitalTable, error) {
	return s.tablesWhere(ctx, "tournament_id = ? AND state = ?", tournamentID, TablePlaying)
}

// tablesWhere lists the digital tables the condition selects, newest first.
func (s *Store) tablesWhere(ctx context.Context, cond string, args ...any) ([]DigitalTable, error) {
	var rows []digitalTableRow
	if err := s.rdb.WithContext(ctx).Where(cond, args...).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: digital tables: %w", err)
	}
	out := make([]DigitalTable, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out, nil
}

// loadMatch rebuilds table row's match for a writer: from the cache when
// it is at the row's seq (taken out: the caller owns it), else by
// replaying its moves.
func (s *Store) loadMatch(tx *gorm.DB, row digitalTableRow) (*table.Match, error) {
	if m := s.tables.take(row.ID, row.Seq); m != nil {
		return m, nil
	}
	return s.replayMatch(tx, row)
}

// replayMatch replays the stored moves of table row.
func (s *Store) replayMatch(tx *gorm.DB, row digitalTableRow) (*table.Match, error) {
	var rows []digitalMoveRow
	if err := tx.Where("table_id = ?", row.ID).Order("seq").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: moves of table %d: %w", row.ID, err)
	}
	if len(rows) != row.Seq {
		return nil, fmt.Errorf("store: table %d has %d moves, expected %d", row.ID, len(rows), row.Seq)
	}
	moves := make([]table.Move, len(rows))
	for i, r := range rows {
		moves[i] = r.move()
	}
	return table.Replay(row.config(), moves)
}

// ReadTable runs fn with table id's match as of now. fn must only read
// the match, be quick and not keep it: it may be the cached one, read
// under the cache's lock.
func (s *Store) ReadTable(ctx context.Context, id int64, fn func(DigitalTable, *table.Match) error) error {
	var row digitalTableRow
	if err := s.rdb.WithContext(ctx).Where("id = ?", id).Take(&row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		return fmt.Errorf("store: table %d: %w", id, err)
	}
	var ferr error
	if s.tables.read(id, row.Seq, func(m *table.Match) { ferr = fn(row.domain(), m) }) {
		return ferr
	}
	// Not cached at this state: replay the moves of one snapshot.
	var m *table.Match
	err := s.read(ctx, func(tx *gorm.DB) error {
		if err := tx.Where("id = ?", id).Take(&row).Error; err != nil {
			return err
		}
		var err error
		m, err = s.replayMatch(tx, row)
		return err
	})
	if err != nil {
		return err
	}
	defer s.tables.putNewer(id, m)
	return fn(row.domain(), m)
}

// TableInfo is what a seat's page shows of its tournament: the name and
// whether the cards are German-suited, in one query.
func (s *Store) TableInfo(ctx context.Context, tournamentID int64) (name string, german bool, err error) {
	var r struct {
		Name   string
		German bool
	}
	err = s.rdb.WithContext(ctx).Raw(`SELECT t.name AS name, COALESCE(p.german_suits, false) AS german
		FROM tournaments t LEFT JOIN play_settings p ON p.tournament_id = t.id WHERE t.id = ?`, tournamentID).Scan(&r).Error
	if err != nil {
		return "", false, fmt.Errorf("store: table info: %w", err)
	}
	return r.Name, r.German, nil
}

// writeTable is writeTournament for a write of digital table id: it locks
// the table's tournament, whose result the move may record. ErrNotFound
// when there is no such table.
func (s *Store) writeTable(ctx context.Context, id int64, fn func(tx *gorm.DB) error) error {
	tournamentID := int64(0) // SQLite: write locks everything anyway
	if s.pg {
		// A table never moves to another tournament: reading its
		// tournament before the lock is safe.
		t, err := s.Table(ctx, id)
		if err != nil {
			return err
		}
		tournamentID = t.TournamentID
	}
	return s.writeTournament(ctx, tournamentID, fn)
}

// PlayMove applies a move at table id in one transaction: the move row,
// the table's seq and, when the move decides the match, the result in the
// tournament (tournament.RecordResult, audit "table result"). applied is
// false for a move sent again (same id, same move): it counts once. A
// refused move writes nothing and returns the domain's error.
//
// at is the number of moves the phone saw when the move was chosen
// (table.Match.ApplyAt); -1 skips that check.
func (s *Store) PlayMove(ctx context.Context, id int64, mv table.Move, at int) (dt DigitalTable, applied bool, err error) {
	var row digitalTableRow
	var m *table.Match
	var saved *rowSet
	var touched *touch
	err = s.writeTable(ctx, id, func(tx *gorm.DB) error {
		if err := tx.Where("id = ?", id).Take(&row).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return ErrNotFound
			}
			return err
		}
		if m, err = s.loadMatch(tx, row); err != nil {
			return err
		}
		if row.State == TableAbandoned {
			return ErrTableClosed
		}
		if at < 0 {
			at = m.Seq()
		}
		if applied, err = m.ApplyAt(mv, at); err != nil || !applied {
			return err // a repeated move: nothing to write
		}
		now := s.now()
		mr := digitalMoveRow{TableID: id, Seq: row.Seq, MoveID: mv.ID, Seat: mv.Seat, Kind: int(mv.Kind), Card: int(mv.Card),
			Suit: int(mv.Suit), Resign: string(mv.Resign), At: now}
		if err := tx.Create(&mr).Error; err != nil {
			return fmt.Errorf("store: move of table %d: %w", id, err)
		}
		row.Seq, row.Updated = m.Seq(), now
		if m.Finished() {
			row.State = TableFinished
			saved, err = s.recordTableResult(tx, &row, m)
			if err != nil {
				return err
			}
			if saved == nil { // not recorded: the table's end is news all the same
				if touched, err = s.touchTableTournament(tx, row); err != nil {
					return err
				}
			}
		}
		res := tx.Model(&row).Where("seq = ?", row.Seq-1).Select("seq", "updated_at", "state", "recorded", "result_error").Updates(&row)
		if res.Error != nil {
			return fmt.Errorf("store: save table %d: %w", id, res.Error)
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		return s.notify(tx, tableKey(id), int64(row.Seq), row.Updated)
	})
	if err != nil {
		m = nil // it may have applied the move: not to be cached
		return DigitalTable{}, false, err
	}
	s.tables.put(id, m)
	if saved != nil {
		s.cache.put(saved)
		s.hub.publish(row.TournamentID, saved.t.Revision, saved.t.Updated)
	}
	s.announce(touched)
	if applied {
		s.hub.publish(tableKey(id), int64(row.Seq), row.Updated)
	}
	return row.domain(), applied, nil
}

// recordTableResult sets the decided match's result in the tournament,
// inside the move's transaction, exactly as a score sheet entered by hand
// (tournament.RecordResult: the engine scores the sheet, the winner and
// Bummerl follow from it, the match version is checked and bumped, and
// with automatic calling the freed table gets the next match) with the
// audit action "table result". When the tournament refuses (a result
// was entered by hand meanwhile, the next round is drawn), the move still
// counts and the table keeps the reason for the staff.
func (s *Store) recordTableResult(tx *gorm.DB, row *digitalTableRow, m *table.Match) (*rowSet, error) {
	old, err := s.loadRows(tx, row.TournamentID)
	if err != nil {
		return nil, err
	}
	t, err := old.toDomain()
	if err != nil {
		return nil, err
	}
	mt, err := t.PlayableMatch(row.RoundNo, row.MatchNo)
	if err == nil && (int(mt.A) != row.CardA || int(mt.B) != row.CardB) {
		err = ErrTableMatchChanged
	}
	if err == nil { // with automatic calling the freed table is called again at once (issue 23)
		_, err = t.RecordResult(row.RoundNo, row.MatchNo, mt.Version, tournament.Result{Sheet: m.Sheet(), At: s.Now()})
	}
	if err != nil {
		var (
			se *Error
			te interface{ Text(string) string }
		)
		switch {
		case errors.As(err, &se): // the store holds no wording: the key, worded when shown
			row.ResultError = se.Key()
		case errors.As(err, &te):
			row.ResultError = te.Text("de")
		default:
			row.ResultError = err.Error()
		}
		return nil, nil
	}
	cur, err := toRows(t)
	if err != nil {
		return nil, err
	}
	if err := s.save(tx, old, &cur, User{Name: TableActor}, ActionTableResult); err != nil {
		return nil, err
	}
	row.Recorded = true
	return &cur, nil
}

// AbandonTable ends a digital match without a result: the players go on
// with cards and paper, the staff enter the result by hand.
func (s *Store) AbandonTable(ctx context.Context, id int64, actor User) (DigitalTable, error) {
	var row digitalTableRow
	var touched *touch
	err := s.writeTable(ctx, id, func(tx *gorm.DB) error {
		if err := tx.Where("id = ?", id).Take(&row).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return ErrNotFound
			}
			return err
		}
		if row.State != TablePlaying {
			return ErrTableClosed
		}
		row.State, row.Updated = TableAbandoned, s.now()
		if err := tx.Model(&row).Select("state", "updated_at").Updates(&row).Error; err != nil {
			return err
		}
		var err error
		if touched, err = s.touchTableTournament(tx, row); err != nil {
			return err
		}
		if err := writeAudit(tx, row.Updated, row.TournamentID, actor, ActionAbandonTable, nil, tableAudit(row)); err != nil {
			return err
		}
		return s.notify(tx, tableKey(id), int64(row.Seq), row.Updated)
	})
	if err != nil {
		return DigitalTable{}, err
	}
	s.announce(touched)
	s.hub.publish(tableKey(id), int64(row.Seq), row.Updated) // the phones read the state again
	return row.domain(), nil
}

// PlaySettings are a tournament's settings of the digital tables.
type PlaySettings struct {
	GermanSuits bool // Herz, Schelle, Eichel, Laub instead of the French suits
}

type playSettingsRow struct {
	TournamentID int64 `gorm:"column:tournament_id;primaryKey;autoIncrement:false"`
	GermanSuits  bool  `gorm:"column:german_suits"`
}

func (playSettingsRow) TableName() string { return "play_settings" }

// PlaySettings reads a tournament's play settings (defaults if none).
func (s *Store) PlaySettings(ctx context.Context, tournamentID int64) (PlaySettings, error) {
	var rows []playSettingsRow
	if err := s.rdb.WithContext(ctx).Where("tournament_id = ?", tournamentID).Find(&rows).Error; err != nil {
		return PlaySettings{}, fmt.Errorf("store: play settings: %w", err)
	}
	if len(rows) == 0 {
		return PlaySettings{}, nil
	}
	return PlaySettings{GermanSuits: rows[0].GermanSuits}, nil
}

// SetPlaySettings saves a tournament's play settings, with an audit row.
func (s *Store) SetPlaySettings(ctx context.Context, tournamentID int64, actor User, p PlaySettings) error {
	return s.writeTournament(ctx, tournamentID, func(tx *gorm.DB) error {
		row := playSettingsRow{TournamentID: tournamentID, GermanSuits: p.GermanSuits}
		if err := tx.Save(&row).Error; err != nil {
			return fmt.Errorf("store: play settings: %w", err)
		}
		return writeAudit(tx, s.now(), tournamentID, actor, ActionPlaySettings, nil,
			map[string]any{"german_suits": strconv.FormatBool(p.GermanSuits)})
	})
}
