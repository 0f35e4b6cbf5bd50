package store_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"bummerl/domain/season"
	"bummerl/store"
)

// TestImportConfirmsNameMatches: a document's players whom the register
// knows by name only are imported as the organiser confirms them, each
// the same person or a new one; unanswered or stale answers refuse the
// import and write nothing (issue 24 point 5, docs/season.md "Across
// laptops").
func TestImportConfirmsNameMatches(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		server, clubA, clubB := open(), MustOpen(t), MustOpen(t)
		export := func(s *store.Store, id int64) store.Document {
			doc, err := s.ExportTournament(ctx, id)
			must(t, err)
			return viaJSON(t, doc)
		}
		a := export(clubA, storedSimulation(t, clubA, 16, 1))
		_, err := server.ImportTournament(ctx, admin, a, store.PersonChoices{})
		must(t, err) // an empty register matches nobody by name
		b := export(clubB, storedSimulation(t, clubB, 16, 3))
		before := contents(t, server)
		persons, _ := server.Persons(ctx, "", 0)

		if _, err := server.ImportTournament(ctx, admin, b, store.PersonChoices{}); !errors.Is(err, store.ErrPersonsUnconfirmed) {
			t.Fatalf("unconfirmed import: %v", err)
		}
		matches, err := server.ImportMatches(ctx, b)
		must(t, err)
		if len(matches) < 2 {
			t.Fatalf("%d name matches", len(matches))
		}
		for _, m := range matches {
			if m.Person.Phone != "" || m.Evenings != 1 || m.Person.Name != m.Name {
				t.Errorf("match %+v", m)
			}
		}
		// Stale: the register's person of that name is another one now.
		stale := store.PersonChoices{Confirmed: map[int]season.PersonID{}}
		for _, m := range matches {
			stale.Confirmed[m.Player] = m.Person.ID
		}
		stale.Confirmed[matches[1].Player] = matches[1].Person.ID + 1000
		for name, c := range map[string]store.PersonChoices{"stale": stale, "one missing": {Confirmed: map[int]season.PersonID{matches[0].Player: store.NewPerson}}} {
			if _, err := server.ImportTournament(ctx, admin, b, c); !errors.Is(err, store.ErrPersonsUnconfirmed) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if now, after := contents(t, server), mustPersons(t, server); now != before || len(after) != len(persons) {
			t.Fatal("a refused import changed the database")
		}

		// The first match is somebody else of that name; the rest are the
		// register's persons.
		choices := store.PersonChoices{Confirmed: map[int]season.PersonID{matches[0].Player: store.NewPerson}}
		for _, m := range matches[1:] {
			choices.Confirmed[m.Player] = m.Person.ID
		}
		imported, err := server.ImportTournament(ctx, admin, b, choices)
		must(t, err)
		back, err := server.ExportTournament(ctx, imported.ID)
		must(t, err)
		carried := map[int]store.DocPerson{}
		for _, dp := range b.Persons {
			carried[dp.Player] = dp
		}
		got := map[int]store.DocPerson{}
		for _, dp := range back.Persons {
			got[dp.Player] = dp
		}
		newName := matches[0].Name + " (" + b.Tournament.Settings.Name + ")" // the simulation's players have no club
		if p := got[matches[0].Player]; p.Name != newName || p.UID != carried[matches[0].Player].UID {
			t.Errorf("new person %+v, want %q with the document's uid %q", p, newName, carried[matches[0].Player].UID)
		}
		for _, m := range matches[1:] {
			if p := got[m.Player]; p.Name != m.Person.Name || p.UID != m.Person.UID {
				t.Errorf("player %d is %+v, want the register's %+v", m.Player, p, m.Person)
			}
		}
		entries, err := server.Audit(ctx, imported.ID)
		must(t, err)
		var rec store.ImportRecord
		must(t, json.Unmarshal([]byte(entries[0].After), &rec))
		if entries[0].Action != store.ActionImport || len(rec.New) != 1 || rec.New[0].As != newName || len(rec.Same) != len(matches)-1 || rec.Unasked {
			t.Errorf("audit line %s %+v", entries[0].Action, rec)
		}

		// Club B's next evening: the new person matches by his uid now;
		// the console's import takes the others by name unasked.
		b2 := export(clubB, storedSimulation(t, clubB, 16, 5))
		next, err := server.ImportMatches(ctx, b2)
		must(t, err)
		uid := carried[matches[0].Player].UID
		if !slices.ContainsFunc(b2.Persons, func(dp store.DocPerson) bool { return dp.UID == uid }) {
			t.Fatalf("%s does not play club B's next evening", matches[0].Name)
		}
		for _, m := range next {
			if m.Name == matches[0].Name {
				t.Errorf("%s is matched by name again", m.Name)
			}
		}
		imported, err = server.ImportTournament(ctx, admin, b2, store.PersonChoices{TrustNames: true})
		must(t, err)
		entries, _ = server.Audit(ctx, imported.ID)
		rec = store.ImportRecord{}
		must(t, json.Unmarshal([]byte(entries[0].After), &rec))
		if !rec.Unasked || len(rec.Same) != len(next) {
			t.Errorf("unasked import: %+v, %d matches", rec, len(next))
		}
	})
}

func mustPersons(t *testing.T, s *store.Store) []store.Person {
	t.Helper()
	ps, err := s.Persons(ctx, "", 0)
	must(t, err)
	return ps
}
