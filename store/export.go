package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"gorm.io/gorm"

	"bummerl/domain/tournament"
	"bummerl/draw"
)

// Moving a tournament between databases (issue 13, docs/store.md "Export
// and import"): one versioned JSON document holds the tournament, its play
// settings and its audit lines; accounts stay behind.

const (
	// DocumentFormat and DocumentVersion name the document; an importer
	// refuses another format and a version above its own. Version 2 adds
	// the Swiss system (issue 14): Settings.Form and Settings.Swiss, and
	// Cards' From and Out; a version 1 document is a Preisschnapsen and
	// reads as one (the new fields are zero). Version 3 adds the seed list
	// of a Swiss round 1 (SW-4): Tournament.SwissSeeds; a version 2
	// document has none. Version 4 adds automatic calling (issue 23):
	// Settings.AutoCall and Match.CalledAfter; an older document has it
	// off and every call made by hand. Version 5 adds the players'
	// persons of the register (issue 24): Persons; an older document has
	// none and its players are matched by name.
	DocumentFormat  = "bummerl-tournament"
	DocumentVersion = 5
	// MaxDocumentBytes caps what ReadDocument reads: a 4096-card evening
	// with every score sheet and its audit stays well below it.
	MaxDocumentBytes = 64 << 20
)

// Document is an exported tournament.
type Document struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Origin identifies the tournament across databases: the hex SHA-256
	// of its first audit line (its creation), which travels with it. An
	// import of a document whose origin a stored tournament has is refused.
	Origin   string    `json:"origin"`
	Exported time.Time `json:"exported"` // UTC
	// Tournament is the aggregate with its id cleared (field names as in
	// domain/tournament).
	Tournament   tournament.Tournament `json:"tournament"`
	PlaySettings DocPlaySettings       `json:"play_settings"`
	// Audit holds the tournament's audit lines, oldest first.
	Audit []DocAudit `json:"audit"`
	// Persons says which person of the register each player is (version
	// 4), so the importing database links him to its own person of that
	// uid (docs/season.md "Across laptops").
	Persons []DocPerson `json:"persons,omitempty"`
}

// DocPerson is the register's person of one player; the phone stays with
// the player (the tournament's own data) and is not repeated.
type DocPerson struct {
	Player int    `json:"player"`
	UID    string `json:"uid"`
	Name   string `json:"name"`
	Club   string `json:"club"`
}

// DocumentFile is the document as a file: indented JSON with one trailing
// newline; bummerl export and the web's download write the same bytes.
func DocumentFile(doc Document) ([]byte, error) {
	data, err := json.MarshalIndent(doc, "", "  ")
	return append(data, '\n'), err
}

// DocPlaySettings are the settings of the digital tables.
type DocPlaySettings struct {
	GermanSuits bool `json:"german_suits"`
}

// DocAudit is one audit line; the user is kept as the name only.
type DocAudit struct {
	At     time.Time `json:"at"` // UTC, milliseconds
	User   string    `json:"user"`
	Action Action    `json:"action"`
	Before string    `json:"before"` // JSON text, as stored
	After  string    `json:"after"`
}

// Sentinels of an import; compare with errors.Is.
var (
	ErrBadDocument = kind("bad_document", "")
	// ErrDocumentTooLarge: the document is over MaxDocumentBytes (in MiB);
	// the code is the one of any body too large for the server
	// (docs/api.md).
	ErrDocumentTooLarge = kind("too_large", "document_too_large", MaxDocumentBytes>>20)
	// ErrDuplicateImport: the tournament is already stored; the message
	// names it.
	ErrDuplicateImport = kind("duplicate_import", "")
)

// The refusals of an import that say why; the comment says what with is
// given.
var (
	errDocumentJSON        = kind(ErrBadDocument.Code, "document_json")       // the decoder's complaint
	errDocumentFormat      = kind(ErrBadDocument.Code, "document_format")     // the format given, DocumentFormat
	errDocumentVersion     = kind(ErrBadDocument.Code, "document_version")    // the version given, DocumentFormat, DocumentVersion
	errDocumentUnreadable  = kind(ErrBadDocument.Code, "document_unreadable") // the decoder's complaint
	errDocumentHead        = kind(ErrBadDocument.Code, "document_head")       // the format, the version
	errDocumentNoAudit     = kind(ErrBadDocument.Code, "document_no_audit")
	errDocumentOrigin      = kind(ErrBadDocument.Code, "document_origin")
	errDocumentAuditJSON   = kind(ErrBadDocument.Code, "document_audit_json")        // the audit line's number
	errDocumentAuditPayout = kind(ErrBadDocument.Code, "document_audit_payout")      // the audit line's number, its action
	errDocumentDamaged     = kind(ErrBadDocument.Code, "document_damaged")           // the rule's refusal
	errDocumentRound       = kind(ErrBadDocument.Code, "document_round_damaged")     // the round, the draw's refusal
	errDuplicateNamed      = kind(ErrDuplicateImport.Code, "duplicate_import_named") // the id, the name
)

// origin is the document id of a tournament: the hash of its first audit line.
func origin(a DocAudit) string {
	b, _ := json.Marshal([]any{a.At.UnixMilli(), a.User, a.Action, a.Before, a.After})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// ExportTournament builds the document of tournament id.
func (s *Store) ExportTournament(ctx context.Context, id int64) (Document, error) {
	t, err := s.Load(ctx, id)
	if err != nil {
		return Document{}, err
	}
	entries, err := s.Audit(ctx, id)
	if err != nil {
		return Document{}, err
	}
	ps, err := s.PlaySettings(ctx, id)
	if err != nil {
		return Document{}, err
	}
	doc := Document{Format: DocumentFormat, Version: DocumentVersion, Exported: time.UnixMilli(s.now()).UTC(),
		Tournament: *t, PlaySettings: DocPlaySettings{GermanSuits: ps.GermanSuits}}
	doc.Tournament.ID = 0
	err = s.read(ctx, func(tx *gorm.DB) error {
		persons, err := personsOf(tx, id)
		for _, p := range t.Players {
			if pr, ok := persons[int(p.ID)]; ok && pr.ErasedAt == 0 {
				doc.Persons = append(doc.Persons, DocPerson{Player: int(p.ID), UID: pr.UID, Name: pr.Name, Club: pr.Club})
			}
		}
		return err
	})
	if err != nil {
		return Document{}, err
	}
	for i := len(entries) - 1; i >= 0; i-- { // Audit is newest first
		e := entries[i]
		doc.Audit = append(doc.Audit, DocAudit{At: e.At.UTC(), User: e.User, Action: e.Action, Before: e.Before, After: e.After})
	}
	if len(doc.Audit) > 0 {
		doc.Origin = origin(doc.Audit[0])
	}
	return doc, nil
}

// ReadDocument decodes a document of at most MaxDocumentBytes
// (ErrDocumentTooLarge), refusing unknown fields, another format or
// version, and trailing data (ErrBadDocument).
func ReadDocument(r io.Reader) (Document, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return Document{}, err
	}
	if len(data) > MaxDocumentBytes {
		return Document{}, ErrDocumentTooLarge
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return Document{}, errDocumentJSON.with(err.Error())
	}
	if head.Format != DocumentFormat {
		return Document{}, errDocumentFormat.with(head.Format, DocumentFormat)
	}
	if !knownVersion(head.Format, head.Version) {
		return Document{}, errDocumentVersion.with(head.Version, DocumentFormat, DocumentVersion)
	}
	// Strictly, as the API reads bodies: names in their exact case, each
	// once, no unknown ones, valid UTF-8, nothing after the end.
	var doc Document
	if err := jsonv2.Unmarshal(data, &doc, jsonv2.RejectUnknownMembers(true)); err != nil {
		return Document{}, errDocumentUnreadable.with(err.Error())
	}
	return doc, nil
}

// validate checks a document before anything is written: its head, its
// audit, and its tournament, which must be one the pages could have made
// (tournament.Rebuild) with draws that verify as their protocols do.
func (doc *Document) validate() error {
	if !knownVersion(doc.Format, doc.Version) || doc.Version < 2 && doc.Tournament.Settings.IsSwiss() ||
		doc.Version < 3 && len(doc.Tournament.SwissSeeds) > 0 || doc.Version < 4 && autoCalled(&doc.Tournament) ||
		doc.Version < 5 && len(doc.Persons) > 0 {
		return errDocumentHead.with(doc.Format, doc.Version)
	}
	if len(doc.Audit) == 0 {
		return errDocumentNoAudit
	}
	if doc.Origin != origin(doc.Audit[0]) {
		return errDocumentOrigin
	}
	for i, a := range doc.Audit {
		if !json.Valid([]byte(a.Before)) || !json.Valid([]byte(a.After)) {
			return errDocumentAuditJSON.with(i + 1)
		}
		// The till reads its payouts from these lines (payouts.go).
		if a.Action == ActionPayout || a.Action == ActionCancelPayout {
			if _, err := payoutOf(a.Action, a.Before, a.After); err != nil {
				return errDocumentAuditPayout.with(i+1, a.Action)
			}
		}
	}
	t := &doc.Tournament
	if err := tournament.Rebuild(t); err != nil {
		return damaged(err)
	}
	return verifyDraws(t)
}

// verifyDraws checks every round drawn from pots as its public protocol is
// checked (bummerl draw verify): a digital draw's tickets are those its
// seed gives, a draw by hand keeps the pot rules (P-3, P-4). Rebuild paired
// the Swiss rounds again itself.
func verifyDraws(t *tournament.Tournament) error {
	for _, r := range t.Rounds {
		if r.Draw.Method == tournament.SwissPairing {
			continue
		}
		p, err := draw.ProtocolOf(t, r.No)
		if err == nil {
			err = p.Verify()
		}
		if de := (*draw.Error)(nil); errors.As(err, &de) {
			return errDocumentRound.with(r.No, de)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// damaged refuses a document whose tournament breaks a rule, with the
// rule's message; an error without one (no refusal of a rule) stays.
func damaged(err error) error {
	if _, ok := err.(interface{ Text(string) string }); !ok {
		return err
	}
	return errDocumentDamaged.with(err)
}

// ImportTournament stores the document as a new tournament (a new id) with
// its play settings and audit lines, and adds an "import" audit line, in
// one transaction. The document is validated first; a tournament of the
// same origin already stored is refused with its id and name. Its players
// the register knows by name only take choices (ErrPersonsUnconfirmed when
// they do not answer exactly those; ImportMatches lists them).
func (s *Store) ImportTournament(ctx context.Context, actor User, doc Document, choices PersonChoices) (*tournament.Tournament, error) {
	if err := doc.validate(); err != nil {
		return nil, err
	}
	t := doc.Tournament
	t.ID = 0
	cur, err := toRows(&t)
	if err != nil {
		return nil, err
	}
	err = s.write(ctx, func(tx *gorm.DB) error {
		if err := refuseDuplicate(tx, doc.Origin); err != nil {
			return err
		}
		// Created when it was created (its first audit line), wherever.
		now := s.now()
		cur.t.Revision, cur.t.Created, cur.t.Updated = 1, doc.Audit[0].At.UnixMilli(), now
		if err := tx.Create(&cur.t).Error; err != nil {
			return fmt.Errorf("store: import tournament: %w", err)
		}
		cur.setTournament(cur.t.ID)
		// Parents before children, as in save.
		steps := []func(*gorm.DB) error{
			diffRows(nil, cur.players).writeUpserts, diffRows(nil, cur.rounds).writeUpserts,
			diffRows(nil, cur.cards).writeUpserts, diffRows(nil, cur.groups).writeUpserts,
			diffRows(nil, cur.tickets).writeUpserts, diffRows(nil, cur.matches).writeUpserts,
		}
		for _, step := range steps {
			if err := step(tx); err != nil {
				return err
			}
		}
		plan, err := planPersons(tx, &doc)
		if err != nil {
			return err
		}
		ids, decided, err := plan.apply(tx, now, doc.Tournament.Settings.Name, choices)
		if err != nil {
			return err
		}
		if err := linkPlayers(tx, now, cur.t.ID, cur.players, ids); err != nil {
			return err
		}
		if doc.PlaySettings.GermanSuits {
			if err := tx.Create(&playSettingsRow{TournamentID: cur.t.ID, GermanSuits: true}).Error; err != nil {
				return fmt.Errorf("store: import play settings: %w", err)
			}
		}
		id := cur.t.ID
		for _, a := range doc.Audit {
			row := auditRow{TournamentID: &id, At: a.At.UnixMilli(), UserName: a.User, Action: a.Action, Before: a.Before, After: a.After}
			if err := tx.Create(&row).Error; err != nil {
				return fmt.Errorf("store: import audit: %w", err)
			}
		}
		return writeAudit(tx, now, id, actor, ActionImport, nil,
			ImportRecord{Origin: doc.Origin, Exported: doc.Exported.UTC().Format(time.RFC3339), Same: decided.Same, New: decided.New, Unasked: decided.Unasked})
	})
	if err != nil {
		return nil, err
	}
	t.ID = cur.t.ID
	s.hub.publish(cur.t.ID, cur.t.Revision, cur.t.Updated)
	return &t, nil
}

// refuseDuplicate fails when a stored tournament has the origin.
func refuseDuplicate(tx *gorm.DB, want string) error {
	id, name, err := byOrigin(tx, want)
	if err != nil || id == 0 {
		return err
	}
	return errDuplicateNamed.with(id, name)
}

// TournamentByOrigin is the id of the stored tournament whose document id
// is origin (see Document.Origin), or 0: where a refused duplicate import
// already is.
func (s *Store) TournamentByOrigin(ctx context.Context, origin string) (int64, error) {
	id, _, err := byOrigin(s.rdb.WithContext(ctx), origin)
	return id, err
}

// byOrigin finds the tournament whose first audit line has the origin.
func byOrigin(tx *gorm.DB, want string) (id int64, name string, err error) {
	var rows []auditRow
	err = tx.Raw(`SELECT * FROM audit WHERE id IN
		(SELECT MIN(id) FROM audit WHERE tournament_id IS NOT NULL GROUP BY tournament_id)`).Scan(&rows).Error
	if err != nil {
		return 0, "", fmt.Errorf("store: import: %w", err)
	}
	for _, r := range rows {
		a := DocAudit{At: fromMillis(r.At), User: r.UserName, Action: r.Action, Before: r.Before, After: r.After}
		if origin(a) != want {
			continue
		}
		if err := tx.Raw(`SELECT name FROM tournaments WHERE id = ?`, *r.TournamentID).Scan(&name).Error; err != nil {
			return 0, "", fmt.Errorf("store: import: %w", err)
		}
		return *r.TournamentID, name, nil
	}
	return 0, "", nil
}

// knownVersion: this program reads every version up to its own.
func knownVersion(format string, version int) bool {
	return format == DocumentFormat && version >= 1 && version <= DocumentVersion
}
