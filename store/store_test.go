package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// MustOpen opens a new database file in a temporary directory, closed
// when the test ends.
func MustOpen(tb testing.TB) *store.Store {
	tb.Helper()
	return mustOpenPath(tb, filepath.Join(tb.TempDir(), "bummerl.db"))
}

// mustLoadBoth loads a tournament through two stores on one database, the
// one that saved it and another (a second process: each save changes the
// revision, so its cache never matches), and checks that the database and
// the cache hold want.
func mustLoadBoth(tb testing.TB, s, reader *store.Store, want *tournament.Tournament) {
	tb.Helper()
	for _, st := range []*store.Store{reader, s} {
		got, err := st.Load(ctx, want.ID)
		if err != nil {
			tb.Fatal(err)
		}
		mustEqual(tb, got, want)
	}
}

func mustOpenPath(tb testing.TB, path string) *store.Store {
	tb.Helper()
	s, err := store.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Error(err)
		}
	})
	return s
}

var (
	ctx   = context.Background()
	admin = store.User{Name: "Organiser"} // ID 0: no user row needed
)

func settings(n int) tournament.Settings {
	return tournament.Settings{
		Name: "Preisschnapsen Gasthaus Zur Post", Cards: n, MaxCards: 3, PriceCents: 1000,
		Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2,
		Prizes: []string{"Schinken", "Speck", "Wein", "Brot"}, MultiplePrizes: true,
	}
}

func mustCreate(tb testing.TB, s *store.Store, set tournament.Settings) *tournament.Tournament {
	tb.Helper()
	t, err := s.Create(ctx, admin, set)
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// fullAggregate fills every field of a tournament by hand: players with
// and without optional fields, cards, a drawn round with two groups, a
// bye, a surrender, a started match, results with a sheet, with an empty
// sheet and without one, and a pending commitment.
func fullAggregate() *tournament.Tournament {
	t := &tournament.Tournament{
		Version:  7,
		Settings: settings(8),
		Players: []tournament.Player{
			{ID: 1, Name: "Anna Huber", Club: "SV Hintertux", Phone: "+43 660 1234567"},
			{ID: 2, Name: "Sepp Maier"},
			{ID: 3, Name: "Rosi Gruber", Club: "Kartenrunde Lienz"},
			{ID: 5, Name: "Ferdl Öhlinger", Phone: "0664/9876543"},
		},
		Cards: []tournament.Card{
			{No: 1, Player: 1, Sale: 1}, {No: 2, Player: 1, Sale: 2}, {No: 3, Player: 2, Sale: 3},
			{No: 4, Player: 3, Sale: 5}, {No: 6, Player: 5, Sale: 4}, {No: 7, Player: 5, Sale: 6},
		},
		Pending: &tournament.Commitment{Seed: "secret", Commitment: "2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b"},
		Tables:  6,
	}
	t.Settings.Variant, t.Settings.Closing, t.Settings.BummerlToWin = schnapsen.Sharp, schnapsen.CountLater, 3
	sheet := []schnapsen.DealResult{
		{Winner: 0, Points: 3, Reason: schnapsen.Declared}, {Winner: 1, Points: 1},
		{Winner: 0, Points: 2, Reason: schnapsen.ClosingFailed},
	}
	t.Rounds = []tournament.Round{{
		No: 1,
		Draw: tournament.Draw{Method: tournament.Digital, Seed: "s33d", Commitment: "c0ffee",
			Groups: []tournament.GroupTickets{
				{Bracket: tournament.Main, Tickets: []tournament.Ticket{
					{Card: 1, Pot: tournament.Left, Number: 2}, {Card: 3, Pot: tournament.Left, Number: 1},
					{Card: 6, Pot: tournament.Right, Number: 2}, {Card: 2, Pot: tournament.Right, Number: 1},
				}},
				{Bracket: tournament.Place3, Tickets: []tournament.Ticket{{Card: 4, Pot: tournament.Left, Number: 1}}},
			}},
		Matches: []tournament.Match{
			{No: 1, Bracket: tournament.Main, A: 3, B: 2, Table: 4, Started: true, Version: 3,
				Called: time.Date(2026, 3, 1, 19, 2, 3, 4e6, time.UTC),
				Result: &tournament.Result{Winner: 3, Bummerl: [2]int{3, 1}, Sheet: sheet, At: time.Date(2026, 3, 1, 19, 40, 0, 0, time.UTC)}},
			{No: 2, Bracket: tournament.Main, A: 1, B: 6, Version: 2,
				Result: &tournament.Result{Winner: 6, Bummerl: [2]int{0, 3}, Sheet: []schnapsen.DealResult{}}},
			{No: 3, Bracket: tournament.Place3, A: 4, Version: 1},
			{No: 4, Bracket: tournament.Main, A: 7, B: 6, Surrendered: true, Version: 1,
				Result: &tournament.Result{Winner: 7, Bummerl: [2]int{3, 0}}},
			{No: 5, Bracket: tournament.Place5to8, A: 2, B: 7, Table: 2, Started: true, Version: 5},
		},
	}, {
		No:   2,
		Draw: tournament.Draw{Method: tournament.Physical},
	}}
	return t
}

// mustEqual compares aggregates field by field, and shows both as JSON
// when they differ.
func mustEqual(tb testing.TB, got, want *tournament.Tournament) {
	tb.Helper()
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		tb.Fatalf("aggregates differ\ngot:  %s\nwant: %s", g, w)
	}
}

// replaceWith is an Update action that makes the tournament equal to want
// (keeping its ID).
func replaceWith(want *tournament.Tournament) func(*tournament.Tournament) error {
	return func(t *tournament.Tournament) error {
		id := t.ID
		*t = *want
		t.ID = id
		return nil
	}
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s, reader := open(), open()
		created := mustCreate(t, s, settings(8))
		want := fullAggregate()
		want.ID = created.ID
		got, err := s.Update(ctx, created.ID, admin, "load everything", replaceWith(want))
		if err != nil {
			t.Fatal(err)
		}
		mustEqual(t, got, want)
		mustLoadBoth(t, s, reader, want)

		// nil and empty are kept apart where they are JSON columns.
		want.Settings.Prizes = nil
		want.Rounds[0].Matches[0].Result.Sheet = nil
		want.Pending = &tournament.Commitment{}
		if _, err := s.Update(ctx, created.ID, admin, "edit", replaceWith(want)); err != nil {
			t.Fatal(err)
		}
		mustLoadBoth(t, s, reader, want)
	})
}

func TestCreate(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		set := settings(64)
		set.Name = "  Bummerlturnier  "
		got := mustCreate(t, s, set)
		if got.ID == 0 {
			t.Fatal("no ID assigned")
		}
		want, err := tournament.New(set)
		if err != nil {
			t.Fatal(err)
		}
		want.ID = got.ID
		mustEqual(t, got, want)
		loaded, err := s.Load(ctx, got.ID)
		if err != nil {
			t.Fatal(err)
		}
		mustEqual(t, loaded, want)

		set.Cards = 100
		_, err = s.Create(ctx, admin, set)
		var te *tournament.Error
		if !errors.As(err, &te) || te.Code != "cards_not_power_of_two" {
			t.Fatalf("Create with 100 cards: got %v, want the domain's cards_not_power_of_two", err)
		}
		list, err := s.Tournaments(ctx)
		if err != nil || len(list) != 1 {
			t.Fatalf("an invalid Create stored something: %v, %v", list, err)
		}
	})
}

func TestNotFound(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		if _, err := s.Load(ctx, 42); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Load: got %v, want ErrNotFound", err)
		}
		called := false
		_, err := s.Update(ctx, 42, admin, "x", func(*tournament.Tournament) error { called = true; return nil })
		if !errors.Is(err, store.ErrNotFound) || called {
			t.Errorf("Update: got %v (fn called: %v), want ErrNotFound without calling fn", err, called)
		}
	})
}

func TestTournaments(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		at := time.Date(2025, 11, 8, 18, 30, 0, 0, time.UTC)
		s.Now = func() time.Time { return at }
		first := mustCreate(t, s, settings(8))
		want := fullAggregate()
		if _, err := s.Update(ctx, first.ID, admin, "fill", replaceWith(want)); err != nil {
			t.Fatal(err)
		}
		second := mustCreate(t, s, settings(16))
		got, err := s.Tournaments(ctx)
		if err != nil {
			t.Fatal(err)
		}
		wantList := []store.Summary{
			{ID: second.ID, Name: second.Settings.Name, Cards: 16, CreatedAt: at},
			{ID: first.ID, Name: want.Settings.Name, Cards: 8, Sold: 6, Rounds: 2, CreatedAt: at},
		}
		if !reflect.DeepEqual(got, wantList) {
			t.Fatalf("got %+v\nwant %+v", got, wantList)
		}
	})
}

// TestUpdateWithDomain runs real domain actions through Update.
func TestUpdateWithDomain(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tour := mustCreate(t, s, settings(8))
		var anna tournament.PlayerID
		got, err := s.Update(ctx, tour.ID, admin, "add player", func(t *tournament.Tournament) (err error) {
			anna, err = t.AddPlayer("Anna", "SV Hintertux", "0660 1")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, tour.ID, admin, "sell", func(t *tournament.Tournament) error {
			_, err := t.Sell(anna, 3)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		_, err = s.Update(ctx, tour.ID, admin, "sell too many", func(t *tournament.Tournament) error {
			_, err := t.Sell(anna, 1)
			return err
		})
		var te *tournament.Error
		if !errors.As(err, &te) || te.Code != "max_cards_exceeded" {
			t.Fatalf("got %v, want the domain error max_cards_exceeded unchanged", err)
		}
		loaded, err := s.Load(ctx, tour.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(loaded.Cards) != 3 || loaded.Version != got.Version+1 {
			t.Fatalf("after sale: %d cards, version %d; want 3 cards, version %d", len(loaded.Cards), loaded.Version, got.Version+1)
		}
	})
}

// changedRows decodes an audit before/after object into table → row count.
func changedRows(tb testing.TB, js string) map[string]int {
	tb.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		tb.Fatalf("audit JSON %q: %v", js, err)
	}
	out := map[string]int{}
	for k, v := range m {
		var rows []json.RawMessage
		if json.Unmarshal(v, &rows) == nil {
			out[k] = len(rows)
		} else {
			out[k] = 1 // the tournament object
		}
	}
	return out
}

// TestUpdateSavesOnlyChanges checks the audit of each action: it lists
// exactly the rows the action changed, so only those were written.
func TestUpdateSavesOnlyChanges(t *testing.T) {
	t.Parallel()
	base := fullAggregate()
	tests := map[string]struct {
		change        func(*tournament.Tournament)
		before, after map[string]int
	}{
		"nothing": {
			change: func(*tournament.Tournament) {},
			before: map[string]int{}, after: map[string]int{},
		},
		"one result": {
			change: func(t *tournament.Tournament) {
				m := &t.Rounds[0].Matches[4]
				m.Result, m.Version = &tournament.Result{Winner: 2, Bummerl: [2]int{3, 2}}, m.Version+1
			},
			before: map[string]int{"matches": 1}, after: map[string]int{"matches": 1},
		},
		"add player": {
			change: func(t *tournament.Tournament) {
				t.Players = append(t.Players, tournament.Player{ID: 6, Name: "Hansi"})
				t.Version++
			},
			before: map[string]int{"tournament": 1}, after: map[string]int{"tournament": 1, "players": 1},
		},
		"remove card, edit player": {
			change: func(t *tournament.Tournament) {
				t.Cards = t.Cards[:len(t.Cards)-1]
				t.Players[1].Club = "Neu"
			},
			before: map[string]int{"cards": 1, "players": 1}, after: map[string]int{"players": 1},
		},
		"drop round 2": {
			change: func(t *tournament.Tournament) { t.Rounds = t.Rounds[:1] },
			before: map[string]int{"rounds": 1}, after: map[string]int{},
		},
		"drop round 1 and 2": {
			change: func(t *tournament.Tournament) { t.Rounds, t.Pending = nil, nil },
			before: map[string]int{"tournament": 1, "rounds": 2, "draw_groups": 2, "tickets": 5, "matches": 5},
			after:  map[string]int{"tournament": 1},
		},
		"append ticket": {
			change: func(t *tournament.Tournament) {
				g := &t.Rounds[0].Draw.Groups[1]
				g.Tickets = append(g.Tickets, tournament.Ticket{Card: 7, Pot: tournament.Right, Number: 1})
			},
			before: map[string]int{}, after: map[string]int{"tickets": 1},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			eachStore(t, func(t *testing.T, open func() *store.Store) {
				s, reader := open(), open()
				id := mustCreate(t, s, settings(8)).ID
				if _, err := s.Update(ctx, id, admin, "fill", replaceWith(base)); err != nil {
					t.Fatal(err)
				}
				want := fullAggregate()
				want.ID = id
				tc.change(want)
				if _, err := s.Update(ctx, id, admin, store.Action(name), replaceWith(want)); err != nil {
					t.Fatal(err)
				}
				entries, err := s.Audit(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if got := changedRows(t, entries[0].Before); !reflect.DeepEqual(got, tc.before) {
					t.Errorf("before: got %v, want %v\n%s", got, tc.before, entries[0].Before)
				}
				if got := changedRows(t, entries[0].After); !reflect.DeepEqual(got, tc.after) {
					t.Errorf("after: got %v, want %v\n%s", got, tc.after, entries[0].After)
				}
				mustLoadBoth(t, s, reader, want)
			})
		})
	}
}

func TestFailingActionWritesNothing(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		id := mustCreate(t, s, settings(8)).ID
		before, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		tests := map[string]func(*tournament.Tournament) error{
			"action error": func(t *tournament.Tournament) error {
				t.Players = append(t.Players, tournament.Player{ID: 1, Name: "half done"})
				return boom
			},
			"duplicate player": func(t *tournament.Tournament) error {
				t.Players = append(t.Players, tournament.Player{ID: 1, Name: "A"}, tournament.Player{ID: 1, Name: "B"})
				return nil
			},
			"card of nobody": func(t *tournament.Tournament) error {
				t.Players = append(t.Players, tournament.Player{ID: 1, Name: "A"})
				t.Cards = append(t.Cards, tournament.Card{No: 1, Player: 9, Sale: 1})
				return nil
			},
			"changed id": func(t *tournament.Tournament) error { t.ID++; return nil },
		}
		for name, fn := range tests {
			t.Run(name, func(t *testing.T) {
				_, err := s.Update(ctx, id, admin, store.Action(name), fn)
				if err == nil {
					t.Fatal("no error")
				}
				if name == "action error" && err != boom {
					t.Fatalf("got %v, want the action's error unchanged", err)
				}
				if want := map[string]string{
					"duplicate player": "duplicate player 1",
					"card of nobody":   "card 1 belongs to player 9, who does not exist",
					"changed id":       "changed the tournament id",
				}[name]; !strings.Contains(err.Error(), want) {
					t.Fatalf("got %q, want it to say %q", err, want)
				}
				for _, st := range []*store.Store{s, open()} { // cache and file
					after, err := st.Load(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					mustEqual(t, after, before)
				}
				entries, err := s.Audit(ctx, id)
				if err != nil || len(entries) != 1 {
					t.Fatalf("audit: %d entries (%v), want only the create", len(entries), err)
				}
			})
		}
	})
}

func TestAudit(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		u, err := s.AddUser(ctx, admin, "Anna", "geheim123", store.Helper)
		if err != nil {
			t.Fatal(err)
		}
		clock := time.Date(2025, 11, 8, 19, 0, 0, 0, time.UTC)
		s.Now = func() time.Time { clock = clock.Add(time.Minute); return clock }
		id := mustCreate(t, s, settings(8)).ID
		_, err = s.Update(ctx, id, u, "add player", func(t *tournament.Tournament) error {
			_, err := t.AddPlayer("Sepp", "", "")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Update(ctx, id, u, "rename player", func(t *tournament.Tournament) error {
			return t.EditPlayer(tournament.Player{ID: 1, Name: "Josef"})
		})
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Audit(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		type entry struct{ User, Action, Before, After string }
		var gotEntries []entry
		for _, e := range got {
			gotEntries = append(gotEntries, entry{e.User, string(e.Action), e.Before, e.After})
		}
		want := []entry{
			{"Anna", "rename player", `{"tournament":{"version":2,`, `{"tournament":{"version":3,`},
			{"Anna", "add player", `{"tournament":{"version":1,`, `{"tournament":{"version":2,`},
			{"Organiser", "create", `{}`, `{"tournament":{"version":1,`},
		}
		if len(got) != len(want) {
			t.Fatalf("got %d entries, want %d", len(got), len(want))
		}
		for i := range want {
			g, w := gotEntries[i], want[i]
			if g.User != w.User || g.Action != w.Action || !strings.HasPrefix(g.Before, w.Before) || !strings.HasPrefix(g.After, w.After) {
				t.Errorf("entry %d: got %+v, want %+v", i, g, w)
			}
			if at := got[i].At; !at.Equal(got[len(got)-1].At.Add(time.Duration(len(got)-1-i) * time.Minute)) {
				t.Errorf("entry %d at %v: not newest first by the clock", i, at)
			}
		}
		for _, frag := range []string{`"players":[{"id":1,"name":"Sepp"`} {
			if !strings.Contains(got[0].Before, frag) || !strings.Contains(got[1].After, frag) {
				t.Errorf("player row %s missing from the before of the rename or the after of the add", frag)
			}
		}
		if !strings.Contains(got[0].After, `"players":[{"id":1,"name":"Josef"`) {
			t.Errorf("rename after: %s", got[0].After)
		}
	})
}

// TestConcurrentUpdates: two stores on one file (like two processes) and
// two goroutines each append players; each action must see the previous
// one (IDs follow without a gap), so none is lost.
func TestConcurrentUpdates(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		stores := []*store.Store{open(), open()}
		id := mustCreate(t, stores[0], settings(8)).ID
		const each = 25
		var wg sync.WaitGroup
		errs := make(chan error, 2*each)
		for w, s := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range each {
					_, err := s.Update(ctx, id, admin, "add", func(t *tournament.Tournament) error {
						_, err := t.AddPlayer(fmt.Sprintf("w%d-%d", w, i), "", "")
						return err
					})
					if err != nil {
						errs <- err
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		got, err := stores[1].Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Players) != 2*each || got.Version != 1+2*each {
			t.Fatalf("%d players, version %d; want %d players, version %d", len(got.Players), got.Version, 2*each, 1+2*each)
		}
		for i, p := range got.Players {
			if int(p.ID) != i+1 {
				t.Fatalf("player %d has ID %d: an update was lost or overlapped", i, p.ID)
			}
		}
		entries, err := stores[0].Audit(ctx, id)
		if err != nil || len(entries) != 2*each+1 {
			t.Fatalf("%d audit entries (%v), want %d", len(entries), err, 2*each+1)
		}
	})
}

func TestReopen(t *testing.T) {
	t.Parallel()
	// The name has the characters of URI syntax; they must stay a name.
	path := filepath.Join(t.TempDir(), "Turnier 50% #1?.db")
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	want := mustCreate(t, s, settings(8))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Migrations must not run twice: schema_version keeps its one row and
	// its number, and what was saved is still there, unchanged.
	schema := func() (rows, version int) {
		t.Helper()
		db := rawDB(t, path)
		defer db.Close()
		if err := db.QueryRow(`SELECT count(*), coalesce(max(version), -1) FROM schema_version`).Scan(&rows, &version); err != nil {
			t.Fatal(err)
		}
		return rows, version
	}
	rows, version := schema()
	if rows != 1 || version < 1 {
		t.Fatalf("after the first open: %d schema_version rows, version %d", rows, version)
	}
	for range 2 {
		s = mustOpenPath(t, path)
		got, err := s.Load(ctx, want.ID)
		if err != nil {
			t.Fatal(err)
		}
		mustEqual(t, got, want)
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if r, v := schema(); r != 1 || v != version {
			t.Fatalf("after reopening: %d schema_version rows, version %d; want 1 row, version %d", r, v, version)
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the database is not at the path given: %v", err)
	}
}
