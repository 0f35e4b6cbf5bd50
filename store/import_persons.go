package store

import (
	"cmp"
	"context"
	"fmt"
	"strconv"

	"gorm.io/gorm"

	"bummerl/domain/season"
	"bummerl/domain/text"
	"bummerl/domain/tournament"
)

// An import's players and the register (issue 24 point 5, docs/season.md
// "Across laptops"): a player whose document carries the uid of a person
// here is that person; one the register knows by name only is confirmed by
// the organiser (the same person, or a new one); anybody else is a new
// person keeping the document's uid.

// NameMatch is a player of a document whom the register knows by name
// only: the document's name and club, the register's person of that name
// (without his phone) with the number of his evenings here, and the name
// he would have in the register as a new person (newPersonName).
type NameMatch struct {
	Player   int    `json:"player"`
	Name     string `json:"name"`
	Club     string `json:"club"`
	Person   Person `json:"person"`
	Evenings int    `json:"evenings"`
	NewName  string `json:"new_name"`
	uid      string // the document's, kept by a new person
}

// NewPerson, as a player's answer in PersonChoices.Confirmed: he is not
// the register's person of his name but a new one.
const NewPerson season.PersonID = 0

// PersonChoices answer an import's name matches.
type PersonChoices struct {
	// Confirmed maps each player matched by name to the person confirmed
	// as him (the NameMatch's person id) or NewPerson. It answers exactly
	// the matches ImportMatches lists; a match it misses, or a person that
	// is no longer the match (the register changed since), refuses the
	// import with ErrPersonsUnconfirmed.
	Confirmed map[int]season.PersonID
	// TrustNames takes every name match as the same person unasked (the
	// console's bummerl import, an API client that says so).
	TrustNames bool
}

// ErrPersonsUnconfirmed: the import's name matches are not (or no longer)
// answered; nothing was imported.
var ErrPersonsUnconfirmed = kind("persons_unconfirmed", "")

// ImportRecord is the import's audit line: the document and how the
// players the register knew by name were decided.
type ImportRecord struct {
	Origin   string `json:"origin"`
	Exported string `json:"exported"`
	// Same: confirmed as the register's person of their name (or taken
	// unasked, TrustNames: Unasked); New: made new persons though the
	// register knew their name.
	Same    []ImportedPerson `json:"same,omitempty"`
	New     []ImportedPerson `json:"new,omitempty"`
	Unasked bool             `json:"unasked,omitempty"`
}

// ImportedPerson is one player so decided: his name in the document and
// the person he is linked to, with that person's name in the register.
type ImportedPerson struct {
	Player int             `json:"player"`
	Name   string          `json:"name"`
	Person season.PersonID `json:"person"`
	As     string          `json:"as"`
}

// personPlan is where an import's players go before the organiser's
// answer: found by uid, matched by name, or new.
type personPlan struct {
	ids    map[int]int64 // player → person, by uid
	byName []NameMatch
	fresh  []DocPerson // persons to add, with the document's uid if any
}

// planPersons reads where each player of doc goes. A player without a
// document person (a document before version 5) is matched by his name.
func planPersons(tx *gorm.DB, doc *Document) (personPlan, error) {
	plan := personPlan{ids: map[int]int64{}}
	carried := make(map[int]DocPerson, len(doc.Persons))
	for _, dp := range doc.Persons {
		carried[dp.Player] = dp
	}
	for _, p := range doc.Tournament.Players {
		if p.Erased() {
			continue
		}
		dp, ok := carried[int(p.ID)]
		if !ok {
			dp = DocPerson{Player: int(p.ID), Name: p.Name, Club: p.Club}
		}
		var row personRow
		if dp.UID != "" {
			if err := tx.Where("uid = ?", dp.UID).Limit(1).Find(&row).Error; err != nil {
				return plan, err
			}
			if row.ID != 0 {
				plan.ids[dp.Player] = row.ID
				continue
			}
		}
		if err := tx.Where("name_key = ?", tournament.NameKey(dp.Name)).Limit(1).Find(&row).Error; err != nil {
			return plan, err
		}
		if row.ID == 0 {
			plan.fresh = append(plan.fresh, dp)
			continue
		}
		var evenings int64
		if err := tx.Model(&playerPersonRow{}).Where("person_id = ?", row.ID).Distinct("tournament_id").Count(&evenings).Error; err != nil {
			return plan, err
		}
		newName, err := newPersonName(tx, dp.Name, cmp.Or(dp.Club, doc.Tournament.Settings.Name))
		if err != nil {
			return plan, err
		}
		person := row.person()
		person.Phone = "" // not needed to decide; the answer may leave the server
		plan.byName = append(plan.byName, NameMatch{Player: dp.Player, Name: dp.Name, Club: dp.Club, Person: person,
			Evenings: int(evenings), NewName: newName, uid: dp.UID})
	}
	return plan, nil
}

// apply adds the new persons and answers the name matches with choices:
// player → person for linkPlayers, and the decisions for the audit line.
// A new person whose name the register holds gets a namesake's note
// (newPersonName).
func (plan personPlan) apply(tx *gorm.DB, now int64, tournamentName string, choices PersonChoices) (map[int]int64, ImportRecord, error) {
	var rec ImportRecord
	if !choices.TrustNames && len(choices.Confirmed) != len(plan.byName) {
		return nil, rec, ErrPersonsUnconfirmed
	}
	add := func(dp DocPerson, name string) (int64, error) {
		key, uid := tournament.NameKey(name), dp.UID
		if uid == "" {
			uid = newUID()
		}
		row := personRow{UID: uid, Name: name, NameKey: &key, Club: dp.Club, FirstSeen: now, LastSeen: now}
		if err := tx.Create(&row).Error; err != nil {
			return 0, fmt.Errorf("store: import person: %w", err)
		}
		return row.ID, nil
	}
	ids := plan.ids
	for _, dp := range plan.fresh {
		id, err := add(dp, dp.Name)
		if err != nil {
			return nil, rec, err
		}
		ids[dp.Player] = id
	}
	rec.Unasked = choices.TrustNames && len(plan.byName) > 0
	for _, m := range plan.byName {
		want, ok := choices.Confirmed[m.Player]
		switch {
		case choices.TrustNames || ok && want == m.Person.ID:
			ids[m.Player] = int64(m.Person.ID)
			rec.Same = append(rec.Same, ImportedPerson{Player: m.Player, Name: m.Name, Person: m.Person.ID, As: m.Person.Name})
		case ok && want == NewPerson:
			name, err := newPersonName(tx, m.Name, cmp.Or(m.Club, tournamentName)) // again: a fresh person may have taken it
			if err != nil {
				return nil, rec, err
			}
			id, err := add(DocPerson{Player: m.Player, UID: m.uid, Name: m.Name, Club: m.Club}, name)
			if err != nil {
				return nil, rec, err
			}
			ids[m.Player] = id
			rec.New = append(rec.New, ImportedPerson{Player: m.Player, Name: m.Name, Person: season.PersonID(id), As: name})
		default:
			return nil, rec, ErrPersonsUnconfirmed
		}
	}
	return ids, rec, nil
}

// newPersonName is the register's name of a new person whose name another
// person has (the namesake rule: one person per name): the name with a
// note, his club or else the tournament's name, "Franz Huber (SC
// Strasshof)", numbered when that is taken too ("… (SC Strasshof 2)"),
// shortened to a name's length.
func newPersonName(tx *gorm.DB, name, note string) (string, error) {
	for n := 1; ; n++ {
		suffix := ""
		if n > 1 {
			suffix = " " + strconv.Itoa(n)
		}
		room := text.MaxName - len([]rune(name)) - len([]rune(suffix)) - len(" ()")
		r := []rune(note)
		if room < len(r) {
			r = r[:max(room, 0)]
		}
		cand := name + " (" + string(r) + suffix + ")"
		var taken int64
		if err := tx.Model(&personRow{}).Where("name_key = ?", tournament.NameKey(cand)).Count(&taken).Error; err != nil {
			return "", err
		}
		if taken == 0 {
			return cand, nil
		}
	}
}

// ImportMatches lists the players of doc whom the register knows by name
// only, for the organiser to confirm before ImportTournament. A document
// that would be refused is refused here already, with the same error.
func (s *Store) ImportMatches(ctx context.Context, doc Document) ([]NameMatch, error) {
	if err := doc.validate(); err != nil {
		return nil, err
	}
	var plan personPlan
	err := s.read(ctx, func(tx *gorm.DB) error {
		if err := refuseDuplicate(tx, doc.Origin); err != nil {
			return err
		}
		var err error
		plan, err = planPersons(tx, &doc)
		return err
	})
	return plan.byName, err
}
