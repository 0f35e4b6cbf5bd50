package web

import (
	"encoding/json"
	"strings"

	"bummerl/store"
	"bummerl/views"
)

// The changes outside tournaments in words (issue 24): the users page
// lists every one of them (accounts, the register, the seasons), the
// register page those of the register. Like the tournament history's
// lines (history_lines.go) each says who or what was changed and how,
// from the audit line as it was written; a line that cannot be read
// names the action only ("").

// changeLine reads an audit entry without a tournament in lang.
func changeLine(lang string, e store.AuditEntry) string {
	switch e.Action {
	case store.ActionEditPerson, store.ActionMergePersons, store.ActionErasePerson:
		return registerLine(lang, e)
	case store.ActionCreateSeason, store.ActionSeasonRules, store.ActionSeasonEvenings:
		return seasonLine(lang, e)
	}
	return accountSummary(lang, e.Action, e.Before, e.After)
}

// registerLine: "Person „Huber Franz“ mit „Huber Franz (Strasshof)“
// zusammengeführt". An erasure names the number only, as its audit line.
func registerLine(lang string, e store.AuditEntry) string {
	var before struct { // an edit's person, or a merge's two
		store.Person
		store.MergeAudit
	}
	var after store.Person
	if json.Unmarshal([]byte(e.Before), &before) != nil || json.Unmarshal([]byte(e.After), &after) != nil {
		return ""
	}
	// An erased person's lines hold the marker (store/erase.go), worded
	// in the reader's language.
	for _, p := range []*store.Person{&before.Person, &before.From, &before.Into, &after} {
		if p.Erased {
			p.Name, p.Club = views.Text(lang, "season.erased"), ""
		}
	}
	switch e.Action {
	case store.ActionEditPerson:
		if after.Erased { // what was changed is erased with him
			return views.Textf(lang, "changes.person_edit_erased", after.Name)
		}
		var ch []string
		for _, c := range []struct{ key, old, new string }{
			{"hist.f_name", before.Name, after.Name}, {"hist.f_club", before.Club, after.Club},
		} {
			if c.old != c.new {
				ch = append(ch, views.Text(lang, c.key)+" "+quote(lang, c.old)+" → "+quote(lang, c.new))
			}
		}
		if before.Phone != after.Phone { // the number stays off this page
			ch = append(ch, views.Text(lang, "changes.phone"))
		}
		if len(ch) == 0 {
			return views.Textf(lang, "changes.person_same", before.Name)
		}
		return views.Textf(lang, "changes.person_edit", before.Name, strings.Join(ch, ", "))
	case store.ActionMergePersons:
		return views.Textf(lang, "changes.person_merge", withClub(before.From), withClub(before.Into))
	default:
		return views.Textf(lang, "changes.person_erase", before.ID)
	}
}

// withClub is "Huber Franz (Strasshof)", or the name alone.
func withClub(p store.Person) string {
	if p.Club == "" {
		return p.Name
	}
	return p.Name + " (" + p.Club + ")"
}

// seasonLine: "Wertung „Cup 2026“: Abend „Preisschnapsen März“
// hinzugefügt", or what changed of its name and rules.
func seasonLine(lang string, e store.AuditEntry) string {
	var before, after store.SeasonAudit
	if json.Unmarshal([]byte(e.After), &after) != nil || e.Before != "null" && json.Unmarshal([]byte(e.Before), &before) != nil {
		return ""
	}
	name := quote(lang, after.Name)
	if after.Name == "" { // written before the names were (issue 24)
		name = views.Textf(lang, "changes.season_no", after.Season)
	}
	switch e.Action {
	case store.ActionCreateSeason:
		return views.Textf(lang, "changes.season_create", name)
	case store.ActionSeasonEvenings:
		evening := quote(lang, after.TournamentName)
		if after.TournamentName == "" {
			evening = views.Textf(lang, "changes.evening_no", after.Tournament)
		}
		key := "changes.evening_out"
		if after.In {
			key = "changes.evening_in"
		}
		return views.Textf(lang, key, name, evening)
	}
	var ch []string
	if before.Name != after.Name {
		ch = append(ch, views.Text(lang, "hist.f_name")+" "+quote(lang, before.Name)+" → "+quote(lang, after.Name))
	}
	if before.Rules != nil && after.Rules != nil {
		old, now := rulesText(*before.Rules, lang), rulesText(*after.Rules, lang)
		for i := range min(len(old), len(now)) {
			if old[i] != now[i] {
				ch = append(ch, old[i]+" → "+now[i])
			}
		}
	}
	if len(ch) == 0 {
		return views.Textf(lang, "changes.season_same", name)
	}
	return views.Textf(lang, "changes.season_rules", name, strings.Join(ch, "; "))
}
