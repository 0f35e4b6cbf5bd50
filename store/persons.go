package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"bummerl/domain/season"
	"bummerl/domain/text"
	"bummerl/domain/tournament"
)

// The register of persons (Spielerkartei, issue 24, docs/season.md): one
// person across evenings. Every player sold a card is linked to the person
// of his name (tournament.NameKey, the namesake comparison: a namesake's
// note is part of his name, so he is a person of his own); a name the
// register does not know adds a person. Phones are staff-only.

// ErasedName is what an erased person's players are called on every page,
// print and export of their tournaments: their results stay.
const ErasedName = tournament.ErasedName

// Person is one entry of the register.
type Person struct {
	ID        season.PersonID `json:"id"`
	UID       string          `json:"uid"` // carried by exported documents across databases
	Name      string          `json:"name"`
	Club      string          `json:"club"`
	Phone     string          `json:"phone,omitempty"` // staff only
	FirstSeen time.Time       `json:"first_seen"`
	LastSeen  time.Time       `json:"last_seen"`
	Erased    bool            `json:"erased,omitempty"`
	// Version is a fingerprint of the values an edit changes: a form
	// carries the one it was filled from, and EditPerson refuses it once
	// the person changed since (two helpers editing one person, issue 24).
	Version string `json:"-"`
}

// personVersion is the Version of a person with these values.
func personVersion(name, club, phone string) string {
	sum := sha256.Sum256([]byte(name + "\x00" + club + "\x00" + phone))
	return hex.EncodeToString(sum[:8])
}

type personRow struct {
	ID        int64 `gorm:"primaryKey"`
	UID       string
	Name      string
	NameKey   *string
	Club      string
	Phone     string
	FirstSeen int64
	LastSeen  int64
	ErasedAt  int64
}

func (personRow) TableName() string { return "persons" }

func (r personRow) person() Person {
	return Person{ID: season.PersonID(r.ID), UID: r.UID, Name: r.Name, Club: r.Club, Phone: r.Phone,
		FirstSeen: fromMillis(r.FirstSeen), LastSeen: fromMillis(r.LastSeen), Erased: r.ErasedAt != 0,
		Version: personVersion(r.Name, r.Club, r.Phone)}
}

type playerPersonRow struct {
	TournamentID int64 `gorm:"primaryKey"`
	PlayerID     int   `gorm:"primaryKey"`
	PersonID     int64
}

func (playerPersonRow) TableName() string { return "player_persons" }

// Refusals of the register.
var (
	errPersonName      = kind(ErrBadUser.Code, "person_name_taken") // the other person's name
	errMergeSelf       = kind(ErrBadUser.Code, "person_merge_self")
	errPersonErased    = kind(ErrBadUser.Code, "person_erased")
	errPersonNameEmpty = kind(ErrBadUser.Code, "person_name_empty")
	errMergeErased     = kind(ErrConflict.Code, "person_merge_erased")
	errPersonStale     = kind(ErrConflict.Code, "person_stale") // his name, club and phone now
)

// linkPlayers links every player of tournament tid not yet linked to the
// person of his name, adding the persons the register lacks, and marks
// them seen now. Inside save: a sale links its buyer in its own
// transaction. want names the persons an import matched by uid (player id
// → person id); nil otherwise.
func linkPlayers(tx *gorm.DB, now, tid int64, players []playerRow, want map[int]int64) error {
	if len(players) == 0 {
		return nil
	}
	var linked []int
	if err := tx.Model(&playerPersonRow{}).Where("tournament_id = ?", tid).Pluck("player_id", &linked).Error; err != nil {
		return fmt.Errorf("store: links: %w", err)
	}
	done := make(map[int]bool, len(linked))
	for _, id := range linked {
		done[id] = true
	}
	for _, p := range players {
		if done[p.ID] || p.Name == ErasedName {
			continue
		}
		person := want[p.ID]
		if person == 0 {
			var err error
			if person, err = personOf(tx, now, p.Name, p.Club, p.Phone); err != nil {
				return err
			}
		}
		if err := tx.Create(&playerPersonRow{TournamentID: tid, PlayerID: p.ID, PersonID: person}).Error; err != nil {
			return fmt.Errorf("store: link player %d: %w", p.ID, err)
		}
		if err := tx.Model(&personRow{}).Where("id = ?", person).
			Updates(map[string]any{"last_seen": now}).Error; err != nil {
			return fmt.Errorf("store: person seen: %w", err)
		}
	}
	return nil
}

// personOf is the person named name (by NameKey), added when new. ON
// CONFLICT: two tournaments saved at once on PostgreSQL may add the same
// name; one row wins and both link to it.
func personOf(tx *gorm.DB, now int64, name, club, phone string) (int64, error) {
	key := tournament.NameKey(name)
	for range 3 {
		row := personRow{UID: newUID(), Name: name, NameKey: &key, Club: club, Phone: phone, FirstSeen: now, LastSeen: now}
		if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "name_key"}}, DoNothing: true}).Create(&row).Error; err != nil {
			return 0, fmt.Errorf("store: add person: %w", err)
		}
		q := tx.Model(&personRow{}).Where("name_key = ?", key)
		if tx.Dialector.Name() == "postgres" {
			// The link to him needs his row until the sale commits: a
			// merge or an erasure (lockRegister) waits, or the sale waits
			// for it and finds him gone (issue 24).
			q = q.Clauses(clause.Locking{Strength: "KEY SHARE"})
		}
		var ids []int64
		if err := q.Pluck("id", &ids).Error; err != nil {
			return 0, fmt.Errorf("store: person: %w", err)
		}
		if len(ids) == 1 {
			return ids[0], nil
		}
		// Merged away or erased while the sale waited: add him anew.
	}
	return 0, fmt.Errorf("store: person %q keeps going away", name)
}

func newUID() string { return strings.ToLower(rand.Text()) }

// Persons lists the register by name; query, when given, keeps those whose
// NameKey contains its NameKey (the desk's typeahead: "franz hu" finds
// Fränz Huber). limit 0: all.
func (s *Store) Persons(ctx context.Context, query string, limit int) ([]Person, error) {
	var rows []personRow
	err := s.read(ctx, func(tx *gorm.DB) error {
		q := tx.Where("erased_at = 0").Order("name_key")
		if k := tournament.NameKey(query); k != "" {
			q = q.Where("name_key LIKE ? ESCAPE '\\'", "%"+likeEscape(k)+"%")
		}
		if limit > 0 {
			q = q.Limit(limit)
		}
		return q.Find(&rows).Error
	})
	out := make([]Person, len(rows))
	for i, r := range rows {
		out[i] = r.person()
	}
	return out, err
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// PersonByID is one person; ErrNotFound when there is none.
func (s *Store) PersonByID(ctx context.Context, id season.PersonID) (Person, error) {
	var row personRow
	err := s.read(ctx, func(tx *gorm.DB) error { return tx.Where("id = ?", id).Take(&row).Error })
	return row.person(), notFoundIf(err)
}

func notFoundIf(err error) error {
	if err == gorm.ErrRecordNotFound {
		return ErrNotFound
	}
	return err
}

// EditPerson changes a person's name, club and phone (the namesake rule:
// no two persons of one name), if p.Version is still his: a form filled
// before another change is refused with his values now, nothing changed.
// His players in the tournaments keep the name they were sold under.
func (s *Store) EditPerson(ctx context.Context, actor User, p Person) error {
	name, err := checkText(text.PlayerName, p.Name, errPersonNameEmpty)
	if err != nil {
		return err
	}
	club, err := checkText(text.Club, p.Club, nil)
	if err != nil {
		return err
	}
	phone, err := checkText(text.Phone, p.Phone, nil)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *gorm.DB) error {
		var old personRow
		if err := notFoundIf(tx.Where("id = ?", p.ID).Take(&old).Error); err != nil {
			return err
		}
		if old.ErasedAt != 0 {
			return errPersonErased
		}
		if p.Version != old.person().Version {
			return errPersonStale.with(old.Name, old.Club, old.Phone)
		}
		key := tournament.NameKey(name)
		var other personRow
		if tx.Where("name_key = ? AND id <> ?", key, p.ID).Limit(1).Find(&other); other.ID != 0 {
			return errPersonName.with(other.Name).at("name")
		}
		cur := old
		cur.Name, cur.NameKey, cur.Club, cur.Phone = name, &key, club, phone
		if err := tx.Save(&cur).Error; err != nil {
			return fmt.Errorf("store: edit person: %w", err)
		}
		return writeAudit(tx, s.now(), 0, actor, ActionEditPerson, old.person(), cur.person())
	})
}

// MergeAudit is a merge's audit line before: the entry merged and the one
// it went into (its after is the person as he is then). The users page and
// an erasure read it.
type MergeAudit struct {
	From Person `json:"from"`
	Into Person `json:"into"`
}

// MergePersons makes person from (a second entry of one man) into person
// into: his players link to into, first and last seen widen, from goes.
func (s *Store) MergePersons(ctx context.Context, actor User, from, into season.PersonID) error {
	if from == into {
		return errMergeSelf
	}
	return s.write(ctx, func(tx *gorm.DB) error {
		// PostgreSQL: a sale linking a player to from waits for the merge
		// (or the merge for it), so no link to a deleted from is left.
		if _, err := s.lockRegister(tx, from, into); err != nil {
			return err
		}
		var a, b personRow
		if err := notFoundIf(tx.Where("id = ?", from).Take(&a).Error); err != nil {
			return err
		}
		if err := notFoundIf(tx.Where("id = ?", into).Take(&b).Error); err != nil {
			return err
		}
		// An erased entry has nothing to give and must get nothing back.
		if a.ErasedAt != 0 || b.ErasedAt != 0 {
			return errMergeErased
		}
		if err := tx.Model(&playerPersonRow{}).Where("person_id = ?", a.ID).Update("person_id", b.ID).Error; err != nil {
			return fmt.Errorf("store: merge: %w", err)
		}
		if err := tx.Delete(&a).Error; err != nil {
			return fmt.Errorf("store: merge: %w", err)
		}
		old := b
		b.FirstSeen, b.LastSeen = min(a.FirstSeen, b.FirstSeen), max(a.LastSeen, b.LastSeen)
		if b.Club == "" {
			b.Club = a.Club
		}
		if b.Phone == "" {
			b.Phone = a.Phone
		}
		if err := tx.Save(&b).Error; err != nil {
			return fmt.Errorf("store: merge: %w", err)
		}
		return writeAudit(tx, s.now(), 0, actor, ActionMergePersons, MergeAudit{From: a.person(), Into: old.person()}, b.person())
	})
}

// PersonEvening is one tournament a person played.
type PersonEvening struct {
	Tournament int64  `json:"tournament"`
	Name       string `json:"name"`
	Player     int    `json:"player"`
	Cards      []int  `json:"cards"`
}

// PersonExport is everything the register and the tournaments hold about
// one person (the organiser's answer to a request for his data).
type PersonExport struct {
	Person   Person          `json:"person"`
	Evenings []PersonEvening `json:"evenings"`
}

// ExportPerson gathers a person's data: his entry and his players.
func (s *Store) ExportPerson(ctx context.Context, id season.PersonID) (PersonExport, error) {
	var out PersonExport
	err := s.read(ctx, func(tx *gorm.DB) error {
		var row personRow
		if err := notFoundIf(tx.Where("id = ?", id).Take(&row).Error); err != nil {
			return err
		}
		out.Person = row.person()
		var links []playerPersonRow
		if err := tx.Where("person_id = ?", id).Order("tournament_id, player_id").Find(&links).Error; err != nil {
			return err
		}
		for _, l := range links {
			ev := PersonEvening{Tournament: l.TournamentID, Player: l.PlayerID, Cards: []int{}}
			if err := tx.Model(&tournamentRow{}).Where("id = ?", l.TournamentID).Pluck("name", &ev.Name).Error; err != nil {
				return err
			}
			if err := tx.Model(&cardRow{}).Where("tournament_id = ? AND player_id = ?", l.TournamentID, l.PlayerID).
				Order("no").Pluck("no", &ev.Cards).Error; err != nil {
				return err
			}
			out.Evenings = append(out.Evenings, ev)
		}
		return nil
	})
	return out, err
}

// personsOf maps tournament tid's players to their persons.
func personsOf(tx *gorm.DB, tid int64) (map[int]personRow, error) {
	var links []playerPersonRow
	if err := tx.Where("tournament_id = ?", tid).Find(&links).Error; err != nil {
		return nil, err
	}
	ids := make([]int64, len(links))
	for i, l := range links {
		ids[i] = l.PersonID
	}
	var rows []personRow
	if err := tx.Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, err
	}
	byID := make(map[int64]personRow, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	out := make(map[int]personRow, len(links))
	for _, l := range links {
		out[l.PlayerID] = byID[l.PersonID]
	}
	return out, nil
}

// registerActions are the audit actions of the register.
var registerActions = []Action{ActionEditPerson, ActionMergePersons, ActionErasePerson}

// RegisterAudit lists the latest limit changes of the register (edits,
// merges, erasures), newest first.
func (s *Store) RegisterAudit(ctx context.Context, limit int) ([]AuditEntry, error) {
	var rows []auditRow
	err := s.rdb.WithContext(ctx).Where("tournament_id IS NULL AND action IN ?", registerActions).
		Order("id DESC").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: audit of the register: %w", err)
	}
	return auditEntries(rows), nil
}
