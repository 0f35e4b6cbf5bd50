package store

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"

	"gorm.io/gorm"

	"bummerl/domain/season"
	"bummerl/domain/text"
	"bummerl/domain/tournament"
)

// Seasons (Jahreswertung, Cup; issue 24, docs/season.md): a name, the
// scoring rules and the tournaments that are its evenings. The standings
// are never stored: SeasonTable recomputes them from the tournaments.

// Season is a season with its evenings (tournament ids, in the order
// added).
type Season struct {
	ID       int64        `json:"id"`
	Name     string       `json:"name"`
	Rules    season.Rules `json:"rules"`
	Evenings []int64      `json:"evenings"`
}

type seasonRow struct {
	ID        int64 `gorm:"primaryKey"`
	Name      string
	Rules     string
	CreatedAt int64
}

func (seasonRow) TableName() string { return "seasons" }

type seasonEveningRow struct {
	SeasonID     int64 `gorm:"primaryKey"`
	TournamentID int64 `gorm:"primaryKey"`
}

func (seasonEveningRow) TableName() string { return "season_evenings" }

// MaxSeasonPlaces bounds a points table (places 1 … 64 score apart).
const MaxSeasonPlaces = 64

// maxSeasonPoints bounds the points of a place and of taking part;
// maxSeasonBest bounds the best n evenings.
const maxSeasonPoints, maxSeasonBest = 10000, 1000

var (
	errSeasonName        = kind(ErrBadUser.Code, "season_name_empty")
	errSeasonPointsEmpty = kind(ErrBadUser.Code, "season_points_empty")
	errSeasonPointsLong  = kind(ErrBadUser.Code, "season_points_long")  // the most places
	errSeasonPoints      = kind(ErrBadUser.Code, "season_points_range") // the least and the most
	errSeasonTaking      = kind(ErrBadUser.Code, "season_taking_range") // the least and the most
	errSeasonCount       = kind(ErrBadUser.Code, "season_count")
	errSeasonBest        = kind(ErrBadUser.Code, "season_best_range") // the most
)

// checkRules refuses an empty points table (it would score every place
// alike, and the rules would read "places 1–0"), one too long, points out
// of range, an unknown count and a best n out of range, each at its field.
func checkRules(r season.Rules) error {
	switch {
	case len(r.Points) == 0:
		return errSeasonPointsEmpty.at("points")
	case len(r.Points) > MaxSeasonPlaces:
		return errSeasonPointsLong.with(MaxSeasonPlaces).at("points")
	case slices.ContainsFunc(r.Points, func(p int) bool { return p < 0 || p > maxSeasonPoints }):
		return errSeasonPoints.with(0, maxSeasonPoints).at("points")
	case r.Taking < 0 || r.Taking > maxSeasonPoints:
		return errSeasonTaking.with(0, maxSeasonPoints).at("taking")
	case r.Count != season.BestCard && r.Count != season.EveryCard:
		return errSeasonCount.at("count")
	case r.Best < 0 || r.Best > maxSeasonBest:
		return errSeasonBest.with(maxSeasonBest).at("best")
	}
	return nil
}

// CreateSeason adds a season with rules.
func (s *Store) CreateSeason(ctx context.Context, actor User, name string, r season.Rules) (Season, error) {
	name, err := checkText(text.TournamentName, name, errSeasonName)
	if err != nil {
		return Season{}, err
	}
	if err := checkRules(r); err != nil {
		return Season{}, err
	}
	rules, _ := json.Marshal(r)
	row := seasonRow{Name: name, Rules: string(rules), CreatedAt: s.now()}
	err = s.write(ctx, func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			return fmt.Errorf("store: create season: %w", err)
		}
		return writeAudit(tx, row.CreatedAt, 0, actor, ActionCreateSeason, nil, SeasonAudit{Season: row.ID, Name: name, Rules: &r})
	})
	return Season{ID: row.ID, Name: name, Rules: r, Evenings: []int64{}}, err
}

// SeasonAudit is a season's audit line, its before (a rules change) and
// after, as the users page reads it (web/change_lines.go): the season, its
// name and rules, or the evening added (In) or taken out, by id and by its
// name then.
type SeasonAudit struct {
	Season         int64         `json:"season"`
	Name           string        `json:"name"`
	Rules          *season.Rules `json:"rules,omitempty"`
	Tournament     int64         `json:"tournament,omitempty"`
	TournamentName string        `json:"tournament_name,omitempty"`
	In             bool          `json:"in,omitempty"`
}

// SetSeasonRules changes a season's name and rules.
func (s *Store) SetSeasonRules(ctx context.Context, actor User, id int64, name string, r season.Rules) error {
	name, err := checkText(text.TournamentName, name, errSeasonName)
	if err != nil {
		return err
	}
	if err := checkRules(r); err != nil {
		return err
	}
	rules, _ := json.Marshal(r)
	return s.write(ctx, func(tx *gorm.DB) error {
		var old seasonRow
		if err := notFoundIf(tx.Where("id = ?", id).Take(&old).Error); err != nil {
			return err
		}
		// On a copy: Updates writes the new values into the struct it is
		// given, and the audit line's before is old.
		if err := tx.Model(&seasonRow{ID: old.ID}).Updates(map[string]any{"name": name, "rules": string(rules)}).Error; err != nil {
			return fmt.Errorf("store: season rules: %w", err)
		}
		var was season.Rules
		if err := json.Unmarshal([]byte(old.Rules), &was); err != nil {
			return fmt.Errorf("store: season %d rules: %w", id, err)
		}
		return writeAudit(tx, s.now(), 0, actor, ActionSeasonRules,
			SeasonAudit{Season: id, Name: old.Name, Rules: &was}, SeasonAudit{Season: id, Name: name, Rules: &r})
	})
}

// SetSeasonEvening adds tournament tid to the season (in) or takes it out;
// before or after it is played.
func (s *Store) SetSeasonEvening(ctx context.Context, actor User, id, tid int64, in bool) error {
	return s.write(ctx, func(tx *gorm.DB) error {
		// Their names go into the audit line: the history reads "Wertung
		// „Cup 2026“: Abend „Preisschnapsen März“ hinzugefügt".
		var names []string
		if err := tx.Model(&seasonRow{}).Where("id = ?", id).Pluck("name", &names).Error; err != nil || len(names) == 0 {
			return cmpErr(err, ErrNotFound)
		}
		var evening []string
		if err := tx.Model(&tournamentRow{}).Where("id = ?", tid).Pluck("name", &evening).Error; err != nil || len(evening) == 0 {
			return cmpErr(err, ErrNotFound)
		}
		row := seasonEveningRow{SeasonID: id, TournamentID: tid}
		var err error
		if in {
			err = tx.Where(row).FirstOrCreate(&row).Error
		} else {
			err = tx.Where(row).Delete(&seasonEveningRow{}).Error
		}
		if err != nil {
			return fmt.Errorf("store: season evening: %w", err)
		}
		return writeAudit(tx, s.now(), 0, actor, ActionSeasonEvenings, nil,
			SeasonAudit{Season: id, Name: names[0], Tournament: tid, TournamentName: evening[0], In: in})
	})
}

// cmpErr is err, or none when nil.
func cmpErr(err, none error) error {
	if err != nil {
		return err
	}
	return none
}

// Seasons lists every season, newest first.
func (s *Store) Seasons(ctx context.Context) ([]Season, error) {
	var out []Season
	err := s.read(ctx, func(tx *gorm.DB) error {
		var rows []seasonRow
		if err := tx.Order("id DESC").Find(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			se, err := seasonOf(tx, r)
			if err != nil {
				return err
			}
			out = append(out, se)
		}
		return nil
	})
	return out, err
}

func seasonOf(tx *gorm.DB, r seasonRow) (Season, error) {
	se := Season{ID: r.ID, Name: r.Name, Evenings: []int64{}}
	if err := json.Unmarshal([]byte(r.Rules), &se.Rules); err != nil {
		return se, fmt.Errorf("store: season %d rules: %w", r.ID, err)
	}
	err := tx.Model(&seasonEveningRow{}).Joins("JOIN tournaments ON tournaments.id = season_evenings.tournament_id").
		Where("season_id = ?", r.ID).Order("tournaments.event_date, tournaments.id").Pluck("tournament_id", &se.Evenings).Error
	return se, err
}

// SeasonEvening is one evening of a season's table.
type SeasonEvening struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Date   string `json:"date"` // as the tournament's event date, or ""
	Swiss  bool   `json:"swiss"`
	Played bool   `json:"played"`
}

// PublicPerson is a person as the public pages show him: no phone.
type PublicPerson struct {
	ID     season.PersonID `json:"id"`
	Name   string          `json:"name"` // "" when erased
	Club   string          `json:"club"`
	Erased bool            `json:"erased,omitempty"`
}

// SeasonTable is a season's standings, recomputed.
type SeasonTable struct {
	Season   Season                           `json:"season"`
	Evenings []SeasonEvening                  `json:"evenings"`
	Played   int                              `json:"played"`
	Rows     []season.Row                     `json:"rows"`
	Persons  map[season.PersonID]PublicPerson `json:"persons"`
}

// SeasonTable loads season id's tournaments and ranks its persons. Each
// evening's places and wins come from the evening cache while its
// tournament is unchanged; the persons are read afresh, so a merge, an
// edit or an erasure shows at once.
func (s *Store) SeasonTable(ctx context.Context, id int64) (SeasonTable, error) {
	var st SeasonTable
	var evs []season.Evening
	st.Persons = map[season.PersonID]PublicPerson{}
	err := s.read(ctx, func(tx *gorm.DB) error {
		var row seasonRow
		if err := notFoundIf(tx.Where("id = ?", id).Take(&row).Error); err != nil {
			return err
		}
		var err error
		if st.Season, err = seasonOf(tx, row); err != nil {
			return err
		}
		links, err := seasonLinks(tx, st.Season.Evenings)
		if err != nil {
			return err
		}
		for _, tid := range st.Season.Evenings {
			ce, err := s.seasonEvening(tx, tid)
			if err != nil {
				return err
			}
			ev := season.Evening{ID: tid, Swiss: ce.info.Swiss, Played: ce.info.Played}
			for _, e := range ce.entries {
				// A player no person is linked to does not score.
				if p, ok := links[eveningPlayer{tid, e.player}]; ok {
					e.Entry.Person = p
					ev.Entries = append(ev.Entries, e.Entry)
					st.Persons[p] = PublicPerson{ID: p}
				}
			}
			evs = append(evs, ev)
			st.Evenings = append(st.Evenings, ce.info)
		}
		return publicPersons(tx, st.Persons)
	})
	if err != nil {
		return st, err
	}
	st.Played, _ = season.Progress(evs)
	st.Rows = season.Standings(evs, st.Season.Rules, "season "+strconv.FormatInt(id, 10))
	return st, nil
}

// eveningPlayer is a player of a season's evening.
type eveningPlayer struct {
	tournament int64
	player     int
}

// seasonLinks is the person of each player of the evenings. One query read
// by hand: a season of 20 evenings of 256 cards has 5,000 links, which
// GORM's scanning made the largest part of the page's time.
func seasonLinks(tx *gorm.DB, evenings []int64) (map[eveningPlayer]season.PersonID, error) {
	links := map[eveningPlayer]season.PersonID{}
	if len(evenings) == 0 {
		return links, nil
	}
	rows, err := tx.Model(&playerPersonRow{}).Select("tournament_id, player_id, person_id").Where("tournament_id IN ?", evenings).Rows()
	if err != nil {
		return nil, fmt.Errorf("store: season links: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var ep eveningPlayer
		var p season.PersonID
		if err := rows.Scan(&ep.tournament, &ep.player, &p); err != nil {
			return nil, fmt.Errorf("store: season links: %w", err)
		}
		links[ep] = p
	}
	return links, rows.Err()
}

// publicPersons fills in the name and club of the persons keyed in ps.
func publicPersons(tx *gorm.DB, ps map[season.PersonID]PublicPerson) error {
	ids := slices.Collect(maps.Keys(ps))
	for len(ids) > 0 { // in chunks: SQLite allows 32,766 parameters
		chunk := ids[:min(len(ids), 10000)]
		ids = ids[len(chunk):]
		var rows []personRow
		if err := tx.Select("id, name, club, erased_at").Where("id IN ?", chunk).Find(&rows).Error; err != nil {
			return fmt.Errorf("store: season persons: %w", err)
		}
		for _, r := range rows {
			ps[season.PersonID(r.ID)] = PublicPerson{ID: season.PersonID(r.ID), Name: r.Name, Club: r.Club, Erased: r.ErasedAt != 0}
		}
	}
	return nil
}

// cachedEvening is a tournament as a season sees it: each card's place
// (once decided) and match wins by its player (persons are linked per
// request), tagged with the tournament row's revision and update time as
// rowCache tags its entries.
type cachedEvening struct {
	rev, updated int64
	info         SeasonEvening
	entries      []playerEntry
}

type playerEntry struct {
	player int
	season.Entry
}

// eveningCache keeps the evenings of the seasons shown last. A season of
// 20 evenings of 256 cards then reloads only the evening that changed (the
// one played tonight), and its old evenings never go through rowCache,
// whose few places belong to the tournaments being played.
type eveningCache struct {
	mu      sync.Mutex
	entries map[int64]*cachedEvening
}

// eveningCacheSize bounds memory: an evening of 256 cards takes about 10 KB.
const eveningCacheSize = 512

// seasonEvening is tournament tid as the season sees it, from the evening
// cache if its tournament is unchanged, else loaded (from rowCache if it
// is there, without putting it there).
func (s *Store) seasonEvening(tx *gorm.DB, tid int64) (*cachedEvening, error) {
	var t tournamentRow
	if err := tx.Where("id = ?", tid).Take(&t).Error; err != nil {
		return nil, fmt.Errorf("store: load evening %d: %w", tid, err)
	}
	c := &s.evenings
	c.mu.Lock()
	ce := c.entries[tid]
	c.mu.Unlock()
	if ce != nil && ce.rev == t.Revision && ce.updated == t.Updated {
		return ce, nil
	}
	rs := s.cache.get(t)
	if rs == nil {
		var err error
		if rs, err = readRows(tx, t); err != nil {
			return nil, err
		}
	}
	tr, err := rs.toDomain()
	if err != nil {
		return nil, err
	}
	ce = &cachedEvening{rev: t.Revision, updated: t.Updated, info: SeasonEvening{ID: tid, Name: tr.Settings.Name,
		Date: tr.Settings.Event.Date, Swiss: tr.Settings.IsSwiss(), Played: tr.Finished()}, entries: eveningEntries(tr)}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[int64]*cachedEvening)
	}
	if _, ok := c.entries[tid]; !ok && len(c.entries) >= eveningCacheSize {
		for k := range c.entries { // any one; the map's order is random
			delete(c.entries, k)
			break
		}
	}
	c.entries[tid] = ce
	return ce, nil
}

// eveningEntries are each card's final place (once decided) and match
// wins, by its player.
func eveningEntries(t *tournament.Tournament) []playerEntry {
	wins := map[tournament.CardNo]int{}
	for _, r := range t.Rounds {
		for _, m := range r.Matches {
			if m.Played() {
				wins[m.Winner()]++
			}
		}
	}
	var out []playerEntry
	for _, st := range t.Standings() {
		e := playerEntry{player: int(st.Player), Entry: season.Entry{Wins: wins[st.Card]}}
		if st.Decided {
			e.From, e.To = st.From, st.To
		}
		out = append(out, e)
	}
	return out
}

// SeasonsOf lists the seasons tournament tid is an evening of, newest
// first (the player's page and the projector show its standing).
func (s *Store) SeasonsOf(ctx context.Context, tid int64) ([]int64, error) {
	var ids []int64
	err := s.read(ctx, func(tx *gorm.DB) error {
		return tx.Model(&seasonEveningRow{}).Where("tournament_id = ?", tid).Order("season_id DESC").Pluck("season_id", &ids).Error
	})
	return ids, err
}

// PlayerPersons maps tournament tid's players to their persons.
func (s *Store) PlayerPersons(ctx context.Context, tid int64) (map[int]season.PersonID, error) {
	var links []playerPersonRow
	err := s.read(ctx, func(tx *gorm.DB) error { return tx.Where("tournament_id = ?", tid).Find(&links).Error })
	out := make(map[int]season.PersonID, len(links))
	for _, l := range links {
		out[l.PlayerID] = season.PersonID(l.PersonID)
	}
	return out, err
}
