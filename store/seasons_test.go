package store_test

import (
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bummerl/domain/season"
	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// seasonPoints is the season table as name → points (erased: "").
func seasonPoints(t *testing.T, s *store.Store, id int64) map[string]int {
	t.Helper()
	st, err := s.SeasonTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, r := range st.Rows {
		out[st.Persons[r.Person].Name] += r.Points
	}
	return out
}

// expectedPoints recomputes the standings from the tournaments themselves,
// a person being a name (issue 24: the register links by NameKey).
func expectedPoints(t *testing.T, s *store.Store, rules season.Rules, ids ...int64) map[string]int {
	t.Helper()
	key := map[string]season.PersonID{}
	name := map[season.PersonID]string{}
	var evs []season.Evening
	for _, id := range ids {
		tr, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		ev := season.Evening{ID: id, Played: tr.Finished()}
		for _, st := range tr.Standings() {
			p, _ := tr.Player(st.Player)
			k := tournament.NameKey(p.Name)
			if key[k] == 0 {
				key[k] = season.PersonID(len(key) + 1)
				name[key[k]] = p.Name
			}
			wins := 0
			for _, m := range tr.CardMatches(st.Card) {
				if m.Decided && m.Won {
					wins++
				}
			}
			ev.Entries = append(ev.Entries, season.Entry{Person: key[k], From: st.From, To: st.To, Wins: wins})
		}
		evs = append(evs, ev)
	}
	out := map[string]int{}
	for _, r := range season.Standings(evs, rules, "") {
		out[name[r.Person]] = r.Points
	}
	return out
}

// TestSeasonAcrossLaptops: two clubs run evenings on their laptops, the
// federation's server imports them, and one season spans both clubs; the
// persons keep their register ids (uid) and the standings equal a
// recomputation from the tournaments (issue 24).
func TestSeasonAcrossLaptops(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		clubA, clubB, server := MustOpen(t), MustOpen(t), open()
		a1, a2 := storedSimulation(t, clubA, 32, 1), storedSimulation(t, clubA, 32, 2)
		b1 := storedSimulation(t, clubB, 32, 3)
		var ids []int64
		for _, ev := range []struct {
			s  *store.Store
			id int64
		}{{clubA, a1}, {clubA, a2}, {clubB, b1}} {
			doc, err := ev.s.ExportTournament(ctx, ev.id)
			if err != nil {
				t.Fatal(err)
			}
			if len(doc.Persons) == 0 {
				t.Fatal("the document carries no persons")
			}
			// The organiser confirms every name match as the same
			// person: club B's regulars are club A's (the simulation's
			// names), club A's second evening matches by uid.
			matches, err := server.ImportMatches(ctx, viaJSON(t, doc))
			if err != nil {
				t.Fatal(err)
			}
			if want := ev.s == clubB; (len(matches) > 0) != want {
				t.Errorf("evening %d: %d name matches, want some: %v", ev.id, len(matches), want)
			}
			choices := store.PersonChoices{Confirmed: map[int]season.PersonID{}}
			for _, m := range matches {
				choices.Confirmed[m.Player] = m.Person.ID
			}
			tr, err := server.ImportTournament(ctx, admin, viaJSON(t, doc), choices)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, tr.ID)
		}
		// Club A's persons arrive with their uid: the server's person of
		// that name is the laptop's.
		onA, _ := clubA.Persons(ctx, "", 0)
		onServer, _ := server.Persons(ctx, "", 0)
		uid := map[string]string{}
		for _, p := range onServer {
			uid[p.Name] = p.UID
			if p.Phone != "" {
				t.Errorf("%s has a phone", p.Name)
			}
		}
		for _, p := range onA {
			if uid[p.Name] != p.UID {
				t.Errorf("%s: uid %q on the server, %q on the laptop", p.Name, uid[p.Name], p.UID)
			}
		}
		rules := season.DefaultRules()
		rules.Best = 2
		se, err := server.CreateSeason(ctx, admin, "Cup 2026", rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			if err := server.SetSeasonEvening(ctx, admin, se.ID, id, true); err != nil {
				t.Fatal(err)
			}
		}
		got, want := seasonPoints(t, server, se.ID), expectedPoints(t, server, rules, ids...)
		if !maps.Equal(got, want) {
			t.Errorf("season points\n got %v\nwant %v", got, want)
		}
		st, _ := server.SeasonTable(ctx, se.ID)
		if st.Played != 3 || len(st.Evenings) != 3 {
			t.Errorf("played %d of %d", st.Played, len(st.Evenings))
		}
	})
}

// TestRegister: sales link persons by NameKey; the typeahead finds them
// accent-, case- and ß-insensitively; merge and erase keep the results;
// the export holds the person's evenings (issue 24).
func TestRegister(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		id1, id2 := storedSimulation(t, s, 16, 4), storedSimulation(t, s, 16, 5)
		found, err := s.Persons(ctx, "ANNA hüber", 10)
		if err != nil || len(found) != 1 || found[0].Name != "Anna Huber" {
			t.Fatalf("typeahead: %v %v", found, err)
		}
		// A second entry of Anna Huber, typed differently on a third
		// evening ("Anna Hubér" is her by NameKey; "A. Huber" is not).
		tr := mustCreate(t, s, settings(4))
		if _, err := s.Update(ctx, tr.ID, admin, store.ActionSell, func(x *tournament.Tournament) error {
			_, _, err := x.SellTo(tournament.Player{Name: "A. Huber"}, 1)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		second, _ := s.Persons(ctx, "a. huber", 1)
		anna := found[0]
		se, err := s.CreateSeason(ctx, admin, "Jahreswertung", season.DefaultRules())
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{id1, id2, tr.ID} {
			if err := s.SetSeasonEvening(ctx, admin, se.ID, id, true); err != nil {
				t.Fatal(err)
			}
		}
		before := seasonPoints(t, s, se.ID)
		if err := s.MergePersons(ctx, admin, second[0].ID, anna.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.MergePersons(ctx, admin, anna.ID, anna.ID); !errors.Is(err, store.ErrBadUser) {
			t.Errorf("merge with himself: %v", err)
		}
		exp, err := s.ExportPerson(ctx, anna.ID)
		if err != nil || len(exp.Evenings) != 3 {
			t.Fatalf("export: %+v %v", exp, err)
		}
		other, _ := s.Persons(ctx, "josef", 1)
		if err := s.EditPerson(ctx, admin, store.Person{ID: anna.ID, Name: "  " + other[0].Name + "  ", Version: anna.Version}); !errors.Is(err, store.ErrBadUser) {
			t.Errorf("renamed like another: %v", err)
		}
		if err := s.ErasePerson(ctx, admin, anna.ID); err != nil {
			t.Fatal(err)
		}
		after := seasonPoints(t, s, se.ID)
		if after[""] != before["Anna Huber"] || after["Anna Huber"] != 0 {
			t.Errorf("erased: before %v after %v", before, after)
		}
		loaded, _ := s.Load(ctx, id1)
		if !slices.ContainsFunc(loaded.Players, func(p tournament.Player) bool { return p.Name == store.ErasedName }) {
			t.Error("the erased player keeps his name")
		}
		if _, ok := loaded.Namesake("Anna Huber"); ok {
			t.Error("Anna Huber is still a player")
		}
	})
}

// TestSeasonTableFollowsChanges: SeasonTable keeps each evening's places
// while its tournament is unchanged (the evening cache); after a changed
// evening, a merge and an erasure it still equals the standings a second
// Store on the same file computes without any cache (issue 24: recomputed
// from the tournaments, never stale).
func TestSeasonTableFollowsChanges(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "season.db")
	s := mustOpenPath(t, path)
	a, b := storedSimulation(t, s, 32, 1), storedSimulation(t, s, 32, 2)
	se, err := s.CreateSeason(ctx, admin, "Cup", season.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []int64{a, b} {
		if err := s.SetSeasonEvening(ctx, admin, se.ID, id, true); err != nil {
			t.Fatal(err)
		}
	}
	same := func(step string) map[string]int {
		t.Helper()
		got := seasonPoints(t, s, se.ID)
		if want := seasonPoints(t, mustOpenPath(t, path), se.ID); !maps.Equal(got, want) {
			t.Fatalf("%s: season points\n got %v\nwant %v", step, got, want)
		}
		return got
	}
	before := same("at first")
	// Evening a played again with other results.
	sim, err := draw.Simulate(draw.SimConfig{Cards: 32, Players: 24, MaxCards: 3}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, a, admin, "play", func(tt *tournament.Tournament) error {
		id, name := tt.ID, tt.Settings.Name
		*tt = *sim
		tt.ID, tt.Settings.Name = id, name
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if after := same("evening changed"); maps.Equal(after, before) {
		t.Fatal("the changed evening changed no points: the test proves nothing")
	}
	ps, err := s.Persons(ctx, "", 0)
	if err != nil || len(ps) < 3 {
		t.Fatalf("persons %v %v", ps, err)
	}
	if err := s.MergePersons(ctx, admin, ps[0].ID, ps[1].ID); err != nil {
		t.Fatal(err)
	}
	same("merged")
	if err := s.ErasePerson(ctx, admin, ps[2].ID); err != nil {
		t.Fatal(err)
	}
	same("erased")
}

// sellTo sells one card of tournament id to each name.
func sellTo(t *testing.T, s *store.Store, id int64, names ...string) {
	t.Helper()
	if _, err := s.Update(ctx, id, admin, store.ActionSell, func(x *tournament.Tournament) error {
		for _, n := range names {
			if _, _, err := x.SellTo(tournament.Player{Name: n, Club: "SV " + n, Phone: "0664 " + n}, 1); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// personNamed is the register's person of name.
func personNamed(t *testing.T, s *store.Store, name string) store.Person {
	t.Helper()
	ps, err := s.Persons(ctx, name, 1)
	if err != nil || len(ps) != 1 {
		t.Fatalf("person %q: %v %v", name, ps, err)
	}
	return ps[0]
}

// TestMergeErased (issue 24): a merge with an erased entry, either way, is
// refused as a conflict and changes nothing: it would put data back on a
// person who asked to be forgotten.
func TestMergeErased(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tr := mustCreate(t, s, settings(4))
		sellTo(t, s, tr.ID, "Anna", "Berta")
		anna, berta := personNamed(t, s, "Anna"), personNamed(t, s, "Berta")
		if err := s.ErasePerson(ctx, admin, anna.ID); err != nil {
			t.Fatal(err)
		}
		for _, pair := range [][2]season.PersonID{{berta.ID, anna.ID}, {anna.ID, berta.ID}} {
			if err := s.MergePersons(ctx, admin, pair[0], pair[1]); !errors.Is(err, store.ErrConflict) {
				t.Errorf("merge %d into %d: %v", pair[0], pair[1], err)
			}
		}
		a, _ := s.PersonByID(ctx, anna.ID)
		b, _ := s.PersonByID(ctx, berta.ID)
		if !a.Erased || a.Name != "" || a.Club != "" || a.Phone != "" || b != berta {
			t.Errorf("after refused merges: %+v %+v", a, b)
		}
		ex, _ := s.ExportPerson(ctx, berta.ID)
		if len(ex.Evenings) != 1 {
			t.Errorf("Berta's evenings: %+v", ex.Evenings)
		}
	})
}

// TestTwoErasedPlayers (issue 24): two erased players of one tournament
// both read ErasedName and do not block each other's edits as namesakes;
// a buyer is never taken for one of them.
func TestTwoErasedPlayers(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tr := mustCreate(t, s, settings(4))
		sellTo(t, s, tr.ID, "Anna", "Berta")
		for _, n := range []string{"Anna", "Berta"} {
			if err := s.ErasePerson(ctx, admin, personNamed(t, s, n).ID); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Update(ctx, tr.ID, admin, store.ActionEditPlayer, func(x *tournament.Tournament) error {
			p, _ := x.Player(2)
			if _, ok := x.Namesake(store.ErasedName); ok {
				t.Error("a buyer named like the erased is taken for one of them")
			}
			return x.EditPlayer(p)
		}); err != nil {
			t.Errorf("edit of the second erased player: %v", err)
		}
	})
}

// TestEraseAudit (issue 24): after an erasure no audit line of his
// tournament holds his name, club or phone — his sale's rows read
// ErasedName, and so does a payout recorded to his name as typed — while
// the other players' lines keep theirs.
func TestEraseAudit(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tr := mustCreate(t, s, settings(4))
		sellTo(t, s, tr.ID, "Anna Zorn", "Berta")
		if _, err := s.RecordPayout(ctx, tr.ID, admin, tournament.Payout{Prize: 1, To: " anna ZORN ", Goods: "Speck"}); err != nil {
			t.Fatal(err)
		}
		if err := s.ErasePerson(ctx, admin, personNamed(t, s, "Anna Zorn").ID); err != nil {
			t.Fatal(err)
		}
		audit, err := s.Audit(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, e := range audit {
			all.WriteString(e.Before + e.After)
		}
		for _, gone := range []string{"Anna", "ZORN", "Zorn"} {
			if strings.Contains(all.String(), gone) {
				t.Errorf("the audit still holds %q:\n%s", gone, all.String())
			}
		}
		if !strings.Contains(all.String(), "0664 Berta") {
			t.Error("Berta's phone went too")
		}
		if ps, _ := s.Payouts(ctx, tr.ID); len(ps) != 1 || ps[0].To != store.ErasedName {
			t.Errorf("payouts: %+v", ps)
		}
	})
}
