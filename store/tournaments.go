package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bummerl/domain/tournament"
)

// Summary is one line of the tournament list.
type Summary struct {
	ID       int64
	Name     string
	Cards    int // N, the cards issued
	Sold     int
	Rounds   int // rounds drawn
	Finished bool
	// CreatedAt is in UTC.
	CreatedAt time.Time
}

// Tournaments lists all tournaments, newest first.
func (s *Store) Tournaments(ctx context.Context) ([]Summary, error) {
	var rows []struct {
		ID       int64
		Name     string
		Cards    int
		Sold     int
		Rounds   int
		Finished bool
		Created  int64
	}
	err := s.rdb.WithContext(ctx).Raw(`SELECT t.id, t.name, t.cards, t.finished, t.created_at AS created,
		(SELECT COUNT(*) FROM cards c WHERE c.tournament_id = t.id) AS sold,
		(SELECT COUNT(*) FROM rounds r WHERE r.tournament_id = t.id) AS rounds
		FROM tournaments t ORDER BY t.id DESC`).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: list tournaments: %w", err)
	}
	out := make([]Summary, len(rows))
	for i, r := range rows {
		out[i] = Summary{ID: r.ID, Name: r.Name, Cards: r.Cards, Sold: r.Sold, Rounds: r.Rounds,
			Finished: r.Finished, CreatedAt: fromMillis(r.Created)}
	}
	return out, nil
}

// Create validates the settings (tournament.New), stores the new
// tournament and writes the "create" audit row. A validation error is
// returned as tournament.New gave it.
func (s *Store) Create(ctx context.Context, actor User, set tournament.Settings) (*tournament.Tournament, error) {
	t, err := tournament.New(set)
	if err != nil {
		return nil, err
	}
	cur, err := toRows(t)
	if err != nil {
		return nil, err
	}
	err = s.write(ctx, func(tx *gorm.DB) error {
		return s.save(tx, &rowSet{}, &cur, actor, ActionCreate)
	})
	if err != nil {
		return nil, err
	}
	t.ID = cur.t.ID
	s.hub.publish(cur.t.ID, cur.t.Revision, cur.t.Updated) // committed: tell the live pages
	return t, nil
}

// Load reads a whole tournament; ErrNotFound if there is none with id.
func (s *Store) Load(ctx context.Context, id int64) (*tournament.Tournament, error) {
	var rs *rowSet
	// A read transaction (deferred on the reader pool) gives one snapshot,
	// so the seven SELECTs cannot straddle a concurrent save.
	err := s.read(ctx, func(tx *gorm.DB) error {
		var err error
		rs, err = s.loadRows(tx, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return rs.toDomain()
}

// Update runs one user action as one transaction: load the tournament,
// apply fn (a domain method), save the rows that changed and write one
// audit row. If fn fails, nothing is written and its error is returned
// unchanged; the caller shows it to the user.
func (s *Store) Update(ctx context.Context, id int64, actor User, action Action, fn func(*tournament.Tournament) error) (*tournament.Tournament, error) {
	var t *tournament.Tournament
	var saved *rowSet
	err := s.writeTournament(ctx, id, func(tx *gorm.DB) error {
		old, err := s.loadRows(tx, id)
		if err != nil {
			return err
		}
		if t, err = old.toDomain(); err != nil {
			return err
		}
		if err := fn(t); err != nil {
			return err
		}
		if t.ID != id {
			return fmt.Errorf("store: action %q changed the tournament id from %d to %d", action, id, t.ID)
		}
		cur, err := toRows(t)
		if err != nil {
			return err
		}
		saved = &cur
		return s.save(tx, old, &cur, actor, action)
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(saved) // only now: a rolled back save must not be cached
	s.hub.publish(id, saved.t.Revision, saved.t.Updated)
	return t, nil
}

// loadRows reads every row of tournament id, sorted, or takes them from
// the cache when the revision there is the one in the database. The
// result is shared: read it, never change it.
func (s *Store) loadRows(tx *gorm.DB, id int64) (*rowSet, error) {
	var t tournamentRow
	if err := tx.Where("id = ?", id).Take(&t).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("store: load tournament %d: %w", id, err)
	}
	if rs := s.cache.get(t); rs != nil {
		return rs, nil
	}
	rs, err := readRows(tx, t)
	if err != nil {
		return nil, err
	}
	s.cache.put(rs)
	return rs, nil
}

// readRows reads the rows of tournament t from the database.
func readRows(tx *gorm.DB, t tournamentRow) (*rowSet, error) {
	rs := &rowSet{t: t}
	for _, dest := range []any{&rs.players, &rs.cards, &rs.rounds, &rs.groups, &rs.tickets, &rs.matches} {
		if err := tx.Where("tournament_id = ?", t.ID).Find(dest).Error; err != nil {
			return nil, fmt.Errorf("store: load tournament %d: %w", t.ID, err)
		}
	}
	rs.sort()
	return rs, nil
}

// changeSet is the audit's before or after: the rows an action changed,
// or the digital table it started or abandoned. Read back by
// readChangeSet (audit.go).
type changeSet struct {
	Tournament   *tournamentRow `json:"tournament,omitempty"`
	Players      []playerRow    `json:"players,omitempty"`
	Cards        []cardRow      `json:"cards,omitempty"`
	Rounds       []roundRow     `json:"rounds,omitempty"`
	Groups       []groupRow     `json:"draw_groups,omitempty"`
	Tickets      []ticketRow    `json:"tickets,omitempty"`
	Matches      []matchRow     `json:"matches,omitempty"`
	DigitalTable *AuditTable    `json:"digital_table,omitempty"`
	Payout       *payoutRow     `json:"payout,omitempty"` // a payout recorded or cancelled (payouts.go)
}

// rowDiff is what one table needs written.
type rowDiff[R keyedRow] struct {
	upsert  []R // new or changed rows, as they are now
	remove  []R // rows that are gone
	changed []R // changed or removed rows, as they were
}

// diffRows compares the rows of one table, both sorted by key, in one
// merge pass.
func diffRows[R keyedRow](old, cur []R) rowDiff[R] {
	var d rowDiff[R]
	i, j := 0, 0
	for i < len(old) || j < len(cur) {
		c := 1 // only old rows left: they are gone
		if i == len(old) {
			c = -1
		} else if j < len(cur) {
			c = cmpKeys(cur[j].key(), old[i].key())
		}
		switch {
		case c < 0: // new
			d.upsert = append(d.upsert, cur[j])
			j++
		case c > 0: // gone
			d.remove = append(d.remove, old[i])
			d.changed = append(d.changed, old[i])
			i++
		default:
			if old[i] != cur[j] {
				d.upsert = append(d.upsert, cur[j])
				d.changed = append(d.changed, old[i])
			}
			i++
			j++
		}
	}
	return d
}

// upsertBatch bounds the SQL variables of one INSERT (16 columns × 400 is
// well below SQLite's limit of 32766).
const upsertBatch = 400

func (d rowDiff[R]) writeUpserts(tx *gorm.DB) error {
	if len(d.upsert) == 0 {
		return nil
	}
	err := tx.Clauses(clause.OnConflict{UpdateAll: true}).CreateInBatches(d.upsert, upsertBatch).Error
	if err != nil {
		return fmt.Errorf("store: save %s: %w", d.upsert[0].TableName(), err)
	}
	return nil
}

func (d rowDiff[R]) writeRemovals(tx *gorm.DB) error {
	for _, r := range d.remove {
		var zero R
		if err := tx.Where(r.keyCols()).Delete(&zero).Error; err != nil {
			return fmt.Errorf("store: delete %s: %w", r.describe(), err)
		}
	}
	return nil
}

// save writes cur over old (old.t.ID == 0: a new tournament) and the audit
// row, inside the caller's transaction. The tournament row is always
// updated, with a check of the revision it was loaded at: the IMMEDIATE
// transaction already excludes a concurrent writer, so a mismatch means
// something outside this code wrote, and the action is refused.
func (s *Store) save(tx *gorm.DB, old, cur *rowSet, actor User, action Action) error {
	now := s.now()
	var before, after changeSet
	cur.t.Updated = now
	if old.t.ID == 0 {
		cur.t.Revision, cur.t.Created = 1, now
		if err := tx.Create(&cur.t).Error; err != nil {
			return fmt.Errorf("store: create tournament: %w", err)
		}
		cur.setTournament(cur.t.ID)
		after.Tournament = &cur.t
	} else {
		cur.t.Revision, cur.t.Created = old.t.Revision+1, old.t.Created
		res := tx.Model(&cur.t).Where("revision = ?", old.t.Revision).
			Select("*").Omit("id", "created_at").Updates(&cur.t)
		if res.Error != nil {
			return fmt.Errorf("store: save tournament %d: %w", cur.t.ID, res.Error)
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		if !old.t.sameContent(cur.t) {
			before.Tournament, after.Tournament = &old.t, &cur.t
		}
	}

	players, cards, rounds := diffRows(old.players, cur.players), diffRows(old.cards, cur.cards), diffRows(old.rounds, cur.rounds)
	groups, tickets, matches := diffRows(old.groups, cur.groups), diffRows(old.tickets, cur.tickets), diffRows(old.matches, cur.matches)
	// The order keeps every foreign key satisfied: children leave first,
	// parents arrive before their children, parents leave last.
	steps := []func(*gorm.DB) error{
		tickets.writeRemovals, matches.writeRemovals, groups.writeRemovals, cards.writeRemovals,
		players.writeUpserts, rounds.writeUpserts,
		cards.writeUpserts, groups.writeUpserts, tickets.writeUpserts, matches.writeUpserts,
		rounds.writeRemovals, players.writeRemovals,
	}
	for _, step := range steps {
		if err := step(tx); err != nil {
			return err
		}
	}
	if err := linkPlayers(tx, now, cur.t.ID, players.upsert, nil); err != nil {
		return err
	}
	before.Players, after.Players = players.changed, players.upsert
	before.Cards, after.Cards = cards.changed, cards.upsert
	before.Rounds, after.Rounds = rounds.changed, rounds.upsert
	before.Groups, after.Groups = groups.changed, groups.upsert
	before.Tickets, after.Tickets = tickets.changed, tickets.upsert
	before.Matches, after.Matches = matches.changed, matches.upsert
	if err := writeAudit(tx, now, cur.t.ID, actor, action, before, after); err != nil {
		return err
	}
	return s.notify(tx, cur.t.ID, cur.t.Revision, cur.t.Updated) // the other processes' live pages, at the commit
}

// setTournament stamps the id of a newly created tournament on its rows.
func (rs *rowSet) setTournament(id int64) {
	rs.t.ID = id
	for i := range rs.players {
		rs.players[i].TournamentID = id
	}
	for i := range rs.cards {
		rs.cards[i].TournamentID = id
	}
	for i := range rs.rounds {
		rs.rounds[i].TournamentID = id
	}
	for i := range rs.groups {
		rs.groups[i].TournamentID = id
	}
	for i := range rs.tickets {
		rs.tickets[i].TournamentID = id
	}
	for i := range rs.matches {
		rs.matches[i].TournamentID = id
	}
}

type auditRow struct {
	ID           int64  `gorm:"column:id;primaryKey"`
	TournamentID *int64 `gorm:"column:tournament_id"` // nil: user management
	At           int64  `gorm:"column:at"`
	UserID       *int64 `gorm:"column:user_id"` // nil: the command line, no login
	UserName     string `gorm:"column:user_name"`
	Action       Action `gorm:"column:action"`
	Before       string `gorm:"column:before"`
	After        string `gorm:"column:after"`
}

func (auditRow) TableName() string { return "audit" }

// writeAudit records an action in the caller's transaction: on tournament
// tournamentID, or on the accounts when it is 0. before and after are
// marshalled to JSON; they must not hold passwords, hashes or tokens.
func writeAudit(tx *gorm.DB, now, tournamentID int64, actor User, action Action, before, after any) error {
	b, err := json.Marshal(before)
	if err != nil {
		return err
	}
	a, err := json.Marshal(after)
	if err != nil {
		return err
	}
	row := auditRow{At: now, UserName: actor.Name, Action: action, Before: string(b), After: string(a)}
	if tournamentID != 0 {
		row.TournamentID = &tournamentID
	}
	if actor.ID != 0 {
		row.UserID = &actor.ID
	}
	if err := tx.Create(&row).Error; err != nil {
		return fmt.Errorf("store: write audit: %w", err)
	}
	return nil
}

// AuditEntry is one action on a tournament. Before and After are JSON
// objects holding the rows the action changed, by table.
type AuditEntry struct {
	ID     int64
	At     time.Time // UTC
	User   string
	Action Action
	Before string
	After  string
}

// Audit lists the actions on a tournament, newest first.
func (s *Store) Audit(ctx context.Context, tournamentID int64) ([]AuditEntry, error) {
	var rows []auditRow
	err := s.rdb.WithContext(ctx).Where("tournament_id = ?", tournamentID).Order("id DESC").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: audit of tournament %d: %w", tournamentID, err)
	}
	return auditEntries(rows), nil
}

// UserAudit lists the latest limit changes of accounts (users, roles,
// passwords, API tokens), newest first.
func (s *Store) UserAudit(ctx context.Context, limit int) ([]AuditEntry, error) {
	var rows []auditRow
	err := s.rdb.WithContext(ctx).Where("tournament_id IS NULL").Order("id DESC").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: audit of the users: %w", err)
	}
	return auditEntries(rows), nil
}

func auditEntries(rows []auditRow) []AuditEntry {
	out := make([]AuditEntry, len(rows))
	for i, r := range rows {
		out[i] = AuditEntry{ID: r.ID, At: fromMillis(r.At), User: r.UserName, Action: r.Action, Before: r.Before, After: r.After}
	}
	return out
}
