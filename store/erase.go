package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bummerl/domain/season"
	"bummerl/domain/tournament"
)

// ErasePerson forgets who a person was (issue 24, docs/season.md,
// "Privacy"): his name, club and phone go from the register and, in every
// tournament he played, from his players (they read ErasedName), from the
// audit lines about them (the history and the tournament export carry
// those), from the payouts recorded to his name and from the names of his
// digital tables; the register's own edit and merge lines about him (and
// about the entries merged into him) lose them too. His results stay, and
// his season points with them. The erasure's audit line keeps only his id.
func (s *Store) ErasePerson(ctx context.Context, actor User, id season.PersonID) error {
	var touched []*touch
	err := s.write(ctx, func(tx *gorm.DB) error {
		tids, err := s.lockRegister(tx, id)
		if err != nil {
			return err
		}
		var row personRow
		if err := notFoundIf(tx.Where("id = ?", id).Take(&row).Error); err != nil {
			return err
		}
		var players []playerRow
		sub := tx.Model(&playerPersonRow{}).Select("tournament_id, player_id").Where("person_id = ?", id)
		if err := tx.Where("(tournament_id, id) IN (?)", sub).Find(&players).Error; err != nil {
			return fmt.Errorf("store: erase players: %w", err)
		}
		if err := tx.Model(&playerRow{}).Where("(tournament_id, id) IN (?)", sub).
			Updates(map[string]any{"name": ErasedName, "club": "", "phone": ""}).Error; err != nil {
			return fmt.Errorf("store: erase players: %w", err)
		}
		now := s.now()
		for _, tid := range tids {
			e := erasure{players: map[int]bool{}, names: map[string]bool{}}
			if row.Name != "" {
				e.names[tournament.NameKey(row.Name)] = true
			}
			for _, p := range players {
				if p.TournamentID == tid {
					e.players[p.ID] = true
					e.names[tournament.NameKey(p.Name)] = true
				}
			}
			if err := e.scrubTournament(tx, tid); err != nil {
				return err
			}
			// The tournaments' pages are cached by revision: a new one
			// shows the erasure.
			var t tournamentRow
			if err := tx.Where("id = ?", tid).Take(&t).Error; err != nil {
				return err
			}
			tc, err := s.touchTournament(tx, t, now)
			if err != nil {
				return err
			}
			touched = append(touched, tc)
		}
		if err := scrubRegisterAudit(tx, id); err != nil {
			return err
		}
		if err := tx.Model(&row).Updates(map[string]any{"name": "", "name_key": nil, "club": "", "phone": "", "erased_at": now}).Error; err != nil {
			return fmt.Errorf("store: erase person: %w", err)
		}
		return writeAudit(tx, now, 0, actor, ActionErasePerson, map[string]any{"id": id}, map[string]any{"id": id, "erased": true})
	})
	if err == nil {
		for _, tc := range touched {
			// Not announce: the players' rows changed, so the rows cached
			// at the old revision are not those of the new one.
			s.hub.publish(tc.from.ID, tc.from.Revision+1, tc.updated)
		}
	}
	return err
}

// lockRegister takes, on PostgreSQL, the locks an erasure or a merge of
// persons needs and returns the tournaments the persons play in,
// ascending. Tournament writes (writeTournament) lock the tournament's row
// first and a person's row after (personOf); so do these: first the
// persons' tournaments in ascending id order, then the persons' rows (FOR
// UPDATE, ascending), else the two wait on each other (issue 24). A sale
// that linked a person between the first look and the lock of his row has
// committed by then; its tournament is locked after the others. SQLite:
// write holds the file's one write lock already.
func (s *Store) lockRegister(tx *gorm.DB, ids ...season.PersonID) ([]int64, error) {
	tids, err := tournamentsOfPersons(tx, ids)
	if err != nil || !s.pg {
		return tids, err
	}
	for _, tid := range tids {
		if err := lockTournament(tx, tid); err != nil {
			return nil, err
		}
	}
	var locked []int64
	if err := tx.Model(&personRow{}).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id IN ?", ids).
		Order("id").Pluck("id", &locked).Error; err != nil {
		return nil, fmt.Errorf("store: lock persons: %w", err)
	}
	again, err := tournamentsOfPersons(tx, ids)
	if err != nil {
		return nil, err
	}
	for _, tid := range again {
		if !slices.Contains(tids, tid) {
			if err := lockTournament(tx, tid); err != nil {
				return nil, err
			}
		}
	}
	return again, nil
}

// tournamentsOfPersons lists the tournaments the persons play in, ascending.
func tournamentsOfPersons(tx *gorm.DB, ids []season.PersonID) ([]int64, error) {
	var tids []int64
	if err := tx.Model(&playerPersonRow{}).Distinct("tournament_id").Where("person_id IN ?", ids).
		Order("tournament_id").Pluck("tournament_id", &tids).Error; err != nil {
		return nil, fmt.Errorf("store: tournaments of persons: %w", err)
	}
	return tids, nil
}

// erasure is what an erasure removes from one tournament: his players
// (by id) and the names they and he went by (by NameKey), for the payouts,
// whose receiver is typed.
type erasure struct {
	players map[int]bool
	names   map[string]bool
}

// scrubTournament rewrites the audit lines of tournament tid that name
// the erased players (their rows in a line's before or after, a payout to
// one of their names) and the names of the digital tables they sat at.
func (e erasure) scrubTournament(tx *gorm.DB, tid int64) error {
	var rows []auditRow
	if err := tx.Select("id", "before", "after").Where("tournament_id = ?", tid).
		Where(`"before" LIKE ? OR "after" LIKE ? OR "before" LIKE ? OR "after" LIKE ?`,
			`%"players"%`, `%"players"%`, `%"payout"%`, `%"payout"%`).Find(&rows).Error; err != nil {
		return fmt.Errorf("store: erase from the audit: %w", err)
	}
	for _, r := range rows {
		if err := rewriteAudit(tx, r, e.scrubChangeSet); err != nil {
			return err
		}
	}
	ids := make([]int, 0, len(e.players))
	for id := range e.players {
		ids = append(ids, id)
	}
	cards := tx.Model(&cardRow{}).Select("no").Where("tournament_id = ? AND player_id IN ?", tid, ids)
	for _, side := range [][2]string{{"card_a", "name_a"}, {"card_b", "name_b"}} {
		if err := tx.Model(&digitalTableRow{}).Where("tournament_id = ? AND "+side[0]+" IN (?)", tid, cards).
			Update(side[1], ErasedName).Error; err != nil {
			return fmt.Errorf("store: erase from the digital tables: %w", err)
		}
	}
	return nil
}

// rewriteAudit writes audit row r's before and after through scrub, when
// it changes either.
func rewriteAudit(tx *gorm.DB, r auditRow, scrub func(string) (string, bool)) error {
	before, b := scrub(r.Before)
	after, a := scrub(r.After)
	if !a && !b {
		return nil
	}
	if err := tx.Model(&auditRow{}).Where("id = ?", r.ID).
		Updates(map[string]any{"before": before, "after": after}).Error; err != nil {
		return fmt.Errorf("store: erase from audit line %d: %w", r.ID, err)
	}
	return nil
}

// jsonObject is one JSON object of an audit line, its members kept as
// written: a rewrite changes the erased values only.
type jsonObject map[string]json.RawMessage

var erasedJSON, _ = json.Marshal(ErasedName)

// erase blanks an object's name, club and phone; the name reads ErasedName.
func (o jsonObject) erase() {
	o["name"], o["club"], o["phone"] = erasedJSON, json.RawMessage(`""`), json.RawMessage(`""`)
}

// scrubChangeSet is a tournament audit line's before or after without
// the erased players' names, clubs and phones; false: nothing to change.
func (e erasure) scrubChangeSet(s string) (string, bool) {
	var set jsonObject
	if json.Unmarshal([]byte(s), &set) != nil {
		return s, false
	}
	changed := false
	var players []jsonObject
	if json.Unmarshal(set["players"], &players) == nil {
		for _, p := range players {
			var id int
			if json.Unmarshal(p["id"], &id) == nil && e.players[id] {
				p.erase()
				changed = true
			}
		}
		set["players"], _ = json.Marshal(players)
	}
	var payout jsonObject
	var to string
	if json.Unmarshal(set["payout"], &payout) == nil && json.Unmarshal(payout["to"], &to) == nil && e.names[tournament.NameKey(to)] {
		payout["to"] = erasedJSON
		set["payout"], _ = json.Marshal(payout)
		changed = true
	}
	if !changed {
		return s, false
	}
	out, _ := json.Marshal(set)
	return string(out), true
}

// scrubRegisterAudit erases person id from the register's edit and merge
// lines: the entries merged into him were him too, so their lines go as
// well (newest first: a merge into him names the merged entry, whose own
// earlier lines follow).
func scrubRegisterAudit(tx *gorm.DB, id season.PersonID) error {
	var rows []auditRow
	if err := tx.Where("tournament_id IS NULL AND action IN ?", []Action{ActionEditPerson, ActionMergePersons}).
		Order("id DESC").Find(&rows).Error; err != nil {
		return fmt.Errorf("store: erase from the register's audit: %w", err)
	}
	him := map[season.PersonID]bool{id: true}
	for _, r := range rows {
		var merge MergeAudit
		if r.Action == ActionMergePersons && json.Unmarshal([]byte(r.Before), &merge) == nil && him[merge.Into.ID] {
			him[merge.From.ID] = true
		}
	}
	scrub := func(s string) (string, bool) {
		var o jsonObject
		if json.Unmarshal([]byte(s), &o) != nil {
			return s, false
		}
		// A merge's before holds two persons; other lines leave these nil.
		var from, into jsonObject
		if json.Unmarshal(o["from"], &from) != nil || json.Unmarshal(o["into"], &into) != nil {
			from, into = nil, nil
		}
		changed := false
		for _, p := range []jsonObject{o, from, into} {
			var id season.PersonID
			if json.Unmarshal(p["id"], &id) == nil && him[id] {
				p.erase()
				p["erased"] = json.RawMessage("true")
				changed = true
			}
		}
		if !changed {
			return s, false
		}
		if from != nil {
			o["from"], _ = json.Marshal(from)
			o["into"], _ = json.Marshal(into)
		}
		out, _ := json.Marshal(o)
		return string(out), true
	}
	for _, r := range rows {
		if err := rewriteAudit(tx, r, scrub); err != nil {
			return err
		}
	}
	return nil
}
