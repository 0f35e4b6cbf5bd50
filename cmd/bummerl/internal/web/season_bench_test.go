package web

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/season"
	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// BenchmarkSeasonPage: the public standings of a season of 20 evenings of
// 256 cards (issue 24's target: under 50 ms), through Echo as a phone asks
// for them. "first" is the first view after the server started (a new
// Store on the same file: every evening is loaded); "again" every later
// view, the evenings unchanged; "after a result" the view after one of
// the evenings changed (only that one is loaded again).
func BenchmarkSeasonPage(b *testing.B) {
	path := filepath.Join(b.TempDir(), "season.db")
	st, err := store.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	org := store.User{Name: "Organiser"}
	se, err := st.CreateSeason(b.Context(), org, "Cup", season.DefaultRules())
	if err != nil {
		b.Fatal(err)
	}
	var last int64
	for i := range 20 {
		sim, err := draw.Simulate(draw.SimConfig{Cards: 256, Players: 192, MaxCards: 3}, uint64(i+1))
		if err != nil {
			b.Fatal(err)
		}
		tr, err := st.Create(b.Context(), org, sim.Settings)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := st.Update(b.Context(), tr.ID, org, "play", func(t *tournament.Tournament) error {
			id := t.ID
			*t = *sim
			t.ID = id
			return nil
		}); err != nil {
			b.Fatal(err)
		}
		if err := st.SetSeasonEvening(b.Context(), org, se.ID, tr.ID, true); err != nil {
			b.Fatal(err)
		}
		last = tr.ID
	}
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	page := "/seasons/" + strconv.FormatInt(se.ID, 10)
	b.Run("first", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			s, err := store.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			app := newTestAppOn(b, s) // closed with its store at the end
			b.StartTimer()
			benchGet(b, app, page)
		}
	})
	s, err := store.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	app := newTestAppOn(b, s)
	benchGet(b, app, page)
	b.Run("again", func(b *testing.B) {
		for b.Loop() {
			benchGet(b, app, page)
		}
	})
	b.Run("after a result", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			if _, err := s.Update(b.Context(), last, org, "rename", func(t *tournament.Tournament) error {
				t.Settings.Name = strings.TrimSuffix(t.Settings.Name, ".") + strings.Repeat(".", 1-strings.Count(t.Settings.Name, "."))
				return nil
			}); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			benchGet(b, app, page)
		}
	})
}
