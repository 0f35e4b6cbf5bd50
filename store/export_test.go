package store_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// storedFinished stores a simulated finished tournament in s.
func storedFinished(t *testing.T, s *store.Store, cards int) int64 {
	t.Helper()
	sim, err := draw.Simulate(draw.SimConfig{Cards: cards, Players: cards * 3 / 4, MaxCards: 3}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if !sim.Finished() {
		t.Fatal("the simulated tournament is not finished")
	}
	created := mustCreate(t, s, sim.Settings)
	if _, err := s.Update(ctx, created.ID, admin, "play", func(tt *tournament.Tournament) error {
		id := tt.ID
		*tt = *sim
		tt.ID = id
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlaySettings(ctx, created.ID, admin, store.PlaySettings{GermanSuits: true}); err != nil {
		t.Fatal(err)
	}
	return created.ID
}

// viaJSON writes doc out and reads it back as a file would be.
func viaJSON(t *testing.T, doc store.Document) store.Document {
	t.Helper()
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	back, err := store.ReadDocument(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func TestExportImportRoundTrip(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		laptop := mustOpenPath(t, filepath.Join(t.TempDir(), "laptop.db"))
		id := storedFinished(t, laptop, 256)
		first, err := laptop.ExportTournament(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if first.Format != "bummerl-tournament" || first.Version != store.DocumentVersion || len(first.Origin) != 64 || first.Tournament.ID != 0 {
			t.Fatalf("head %q %d %q id %d", first.Format, first.Version, first.Origin, first.Tournament.ID)
		}

		server := open()                    // the server: each backend
		mustCreate(t, server, settings(16)) // the ids differ from the laptop's
		imported, err := server.ImportTournament(ctx, store.User{Name: "Verband"}, viaJSON(t, first))
		if err != nil {
			t.Fatal(err)
		}
		if imported.ID == id {
			t.Fatalf("imported under the laptop's id %d", id)
		}
		loaded, err := server.Load(ctx, imported.ID)
		if err != nil {
			t.Fatal(err)
		}
		orig, _ := laptop.Load(ctx, id)
		orig.ID = loaded.ID
		mustEqual(t, loaded, orig)
		// Created when it was created on the laptop, not when it was imported.
		was, _ := laptop.Tournaments(ctx)
		is, _ := server.Tournaments(ctx)
		if !is[0].CreatedAt.Equal(was[0].CreatedAt) || is[0].ID != imported.ID {
			t.Fatalf("created %v on the server, %v on the laptop", is[0].CreatedAt, was[0].CreatedAt)
		}

		second, err := server.ExportTournament(ctx, imported.ID)
		if err != nil {
			t.Fatal(err)
		}
		// The second export adds the import's audit line; the rest is equal.
		last := second.Audit[len(second.Audit)-1]
		if last.Action != "import" || last.User != "Verband" || !strings.Contains(last.After, first.Origin) {
			t.Fatalf("last audit line %+v", last)
		}
		second.Audit = second.Audit[:len(second.Audit)-1]
		second.Exported = first.Exported
		if !reflect.DeepEqual(viaJSON(t, second), viaJSON(t, first)) {
			t.Fatal("the second export differs from the first")
		}

		// The same tournament again, from either export: refused, naming the copy.
		for _, doc := range []store.Document{first, second} {
			_, err = server.ImportTournament(ctx, admin, doc)
			if !errors.Is(err, store.ErrDuplicateImport) || !strings.Contains(err.Error(), first.Tournament.Settings.Name) {
				t.Fatalf("second import: %v", err)
			}
		}
		list, _ := server.Tournaments(ctx)
		if len(list) != 2 {
			t.Fatalf("%d tournaments after the refused import", len(list))
		}
	})
}

func TestImportRefusesDamage(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		laptop := mustOpenPath(t, filepath.Join(t.TempDir(), "laptop.db"))
		doc, err := laptop.ExportTournament(ctx, storedFinished(t, laptop, 16))
		if err != nil {
			t.Fatal(err)
		}
		good, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		reads := map[string]string{
			"bad JSON":        string(good[:len(good)/2]),
			"unknown version": strings.Replace(string(good), fmt.Sprintf(`"version":%d`, store.DocumentVersion), fmt.Sprintf(`"version":%d`, store.DocumentVersion+1), 1),
			"other format":    strings.Replace(string(good), `"bummerl-tournament"`, `"bummerl-backup"`, 1),
			"unknown field":   strings.Replace(string(good), `"format"`, `"extra":1,"format"`, 1),
			"trailing data":   string(good) + "{}",
			"name twice":      strings.Replace(string(good), `"format"`, `"origin":"x","format"`, 1),
			"name's case":     strings.Replace(string(good), `"Settings"`, `"settings"`, 1),
			"invalid UTF-8":   strings.Replace(string(good), `"bummerl-tournament"`, "\"bummerl-tournament\xff\"", 1),
		}
		for name, in := range reads {
			if _, err := store.ReadDocument(strings.NewReader(in)); !errors.Is(err, store.ErrBadDocument) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if _, err := store.ReadDocument(strings.NewReader(strings.Repeat(" ", store.MaxDocumentBytes+1))); !errors.Is(err, store.ErrBadDocument) ||
			!strings.Contains(err.Error(), "larger") {
			t.Errorf("too large: %v", err)
		}

		damage := map[string]func(d *store.Document){
			"invalid settings": func(d *store.Document) { d.Tournament.Settings.Cards = 17 },
			"missing player": func(d *store.Document) { // the card of a player who is not there
				owner := d.Tournament.Cards[0].Player
				d.Tournament.Players = slices.DeleteFunc(d.Tournament.Players, func(p tournament.Player) bool { return p.ID == owner })
			},
			"player name": func(d *store.Document) { d.Tournament.Players[0].Name = " " },
			"foreign winner": func(d *store.Document) {
				d.Tournament.Rounds[0].Matches[0].Result.Winner = 999
			},
			"no audit":   func(d *store.Document) { d.Audit = nil },
			"bad origin": func(d *store.Document) { d.Origin = strings.Repeat("0", 64) },
		}
		server := open() // the server: each backend
		for name, damageFn := range damage {
			d := viaJSON(t, doc) // a deep copy
			damageFn(&d)
			if _, err := server.ImportTournament(ctx, admin, d); err == nil {
				t.Errorf("%s: imported", name)
			} else if errors.Is(err, store.ErrDuplicateImport) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if list, _ := server.Tournaments(ctx); len(list) != 0 {
			t.Fatalf("%d tournaments written by refused imports", len(list))
		}
		if entries, _ := server.Audit(ctx, 1); len(entries) != 0 {
			t.Fatalf("%d audit lines written by refused imports", len(entries))
		}
	})
}

// TestExportImportEveryField carries the hand-built aggregate with every
// field set (score sheets nil, empty and full, a walkover, byes, a
// surrender, a pending commitment) across exactly.
func TestExportImportEveryField(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		laptop := mustOpenPath(t, filepath.Join(t.TempDir(), "laptop.db"))
		want := fullAggregate()
		want.ID = mustCreate(t, laptop, settings(8)).ID
		want.Rounds[0].Matches[1].Result = &tournament.Result{Winner: want.Rounds[0].Matches[1].A, Walkover: true}
		if _, err := laptop.Update(ctx, want.ID, admin, "fill", replaceWith(want)); err != nil {
			t.Fatal(err)
		}
		want, _ = laptop.Load(ctx, want.ID)
		doc, err := laptop.ExportTournament(ctx, want.ID)
		if err != nil {
			t.Fatal(err)
		}
		server := open() // the server: each backend
		got, err := server.ImportTournament(ctx, admin, viaJSON(t, doc))
		if err != nil {
			t.Fatal(err)
		}
		loaded, err := server.Load(ctx, got.ID)
		if err != nil {
			t.Fatal(err)
		}
		mustEqual(t, loaded, want)
		mustEqual(t, got, want)
		if ps, _ := server.PlaySettings(ctx, got.ID); ps.GermanSuits {
			t.Fatal("play settings changed")
		}
	})
}
