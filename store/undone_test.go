package store_test

import (
	"testing"

	"bummerl/domain/tournament"
	"bummerl/store"
)

// An undone draw stays on record (issue 9, P-4): round, who and when,
// method and its pairings, read back from the audit of the undo.
func TestUndoneDraws(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s, _ := open(), open()
		tr := drawnTournament(t, s)
		want := tr.Current().Matches
		if _, err := s.Update(ctx, tr.ID, admin, "undo draw", func(tr *tournament.Tournament) error { return tr.UndoDraw() }); err != nil {
			t.Fatal(err)
		}
		got, err := s.UndoneDraws(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 {
			t.Fatalf("undone draws %+v", got)
		}
		u := got[0]
		if u.Round != 1 || u.Method != "physical" || u.By != admin.Name || u.At.IsZero() || len(u.Pairings) != len(want) {
			t.Fatalf("undone %+v", u)
		}
		for i, m := range want {
			if u.Pairings[i] != [2]int{int(m.A), int(m.B)} {
				t.Errorf("pairing %d: %v, want %d–%d", i, u.Pairings[i], m.A, m.B)
			}
		}
	})
}
