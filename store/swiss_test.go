package store_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bummerl/domain/tournament"
	"bummerl/store"
)

// swissPlayed is a Swiss tournament of 7 players (issue 14) after two
// rounds, a withdrawal (SW-16), a late entry (SW-15) and round 3 paired.
func swissPlayed(t *testing.T) *tournament.Tournament {
	t.Helper()
	set := settings(10)
	set.Form, set.Swiss = tournament.FormSwiss, tournament.SwissSettings{Rounds: 4, BuchholzCut1: true}
	tr, err := tournament.New(set)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 7 {
		if _, _, err := tr.SellTo(tournament.Player{Name: fmt.Sprintf("Spieler %d", i+1)}, 1); err != nil {
			t.Fatal(err)
		}
	}
	must(t, tr.SetSwissSeeds([]tournament.CardNo{6, 3})) // SW-4
	for k := 1; k <= 3; k++ {
		if k == 3 {
			must(t, tr.Withdraw(2))
			_, _, err := tr.EnterLate(tournament.Player{Name: "Nachzügler"})
			must(t, err)
		}
		seed := fmt.Sprint("seed ", k)
		sum := sha256.Sum256([]byte(seed))
		c := tournament.Commitment{Seed: seed, Commitment: hex.EncodeToString(sum[:])}
		must(t, tr.Announce(c))
		must(t, tr.ApplyDraw(tournament.Draw{Method: tournament.SwissPairing, Seed: seed, Commitment: c.Commitment}))
		if k == 3 {
			break
		}
		for _, m := range tr.Current().Matches {
			if !m.Bye() {
				must(t, tr.SetResult(k, m.No, m.Version, m.ScoredResult(m.A, 2, 1)))
			}
		}
	}
	return tr
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSwissRoundTrip: the form, the Swiss settings and every card's late
// entry and withdrawal round and the seed list (SW-4) are stored and
// loaded (issue 14), through the database and the cache, on both
// databases, and travel in an export document (version 3 on).
func TestSwissRoundTrip(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s, reader := open(), open()
		want := swissPlayed(t)
		want.ID = mustCreate(t, s, want.Settings).ID
		if _, err := s.Update(ctx, want.ID, admin, "play", replaceWith(want)); err != nil {
			t.Fatal(err)
		}
		want, _ = s.Load(ctx, want.ID)
		mustLoadBoth(t, s, reader, want)
		if !want.Settings.IsSwiss() || want.Settings.Swiss.Rounds != 4 || !want.Settings.Swiss.BuchholzCut1 {
			t.Fatalf("settings %+v", want.Settings)
		}
		if c, _ := want.Card(2); c.Out != 3 {
			t.Fatalf("withdrawn card %+v", c)
		}
		if c, _ := want.Card(8); c.From != 3 {
			t.Fatalf("late card %+v", c)
		}
		if !slices.Equal(want.SwissSeeds, []tournament.CardNo{6, 3}) {
			t.Fatalf("seed list %v", want.SwissSeeds)
		}

		doc, err := s.ExportTournament(ctx, want.ID)
		must(t, err)
		if doc.Version != store.DocumentVersion {
			t.Fatalf("document version %d", doc.Version)
		}
		server := mustOpenPath(t, filepath.Join(t.TempDir(), "server.db"))
		got, err := server.ImportTournament(ctx, admin, viaJSON(t, doc), store.PersonChoices{})
		must(t, err)
		loaded, err := server.Load(ctx, got.ID)
		must(t, err)
		want.ID = got.ID
		mustEqual(t, loaded, want)

		// A version 1 document is a Preisschnapsen: one that claims the Swiss
		// system is damaged. (Without the persons, which version 4 added:
		// the refusal is the Swiss system's.)
		doc.Persons = nil
		data, _ := json.Marshal(doc)
		current := fmt.Sprintf(`"version":%d`, store.DocumentVersion)
		v1 := strings.Replace(string(data), current, `"version":1`, 1)
		back, err := store.ReadDocument(strings.NewReader(v1))
		must(t, err)
		if _, err := server.ImportTournament(ctx, admin, back, store.PersonChoices{}); !errors.Is(err, store.ErrBadDocument) {
			t.Fatalf("swiss in version 1: %v", err)
		}
		// A version 2 document knows no seed list (SW-4).
		v2 := strings.Replace(string(data), current, `"version":2`, 1)
		back, err = store.ReadDocument(strings.NewReader(v2))
		must(t, err)
		if _, err := server.ImportTournament(ctx, admin, back, store.PersonChoices{}); !errors.Is(err, store.ErrBadDocument) {
			t.Fatalf("seed list in version 2: %v", err)
		}
		// A seed list naming a card twice or no card is damage.
		for _, list := range [][]tournament.CardNo{{6, 6}, {6, 10}} {
			bad := doc
			bad.Tournament.SwissSeeds = list
			if _, err := server.ImportTournament(ctx, admin, bad, store.PersonChoices{}); !errors.Is(err, store.ErrBadDocument) {
				t.Fatalf("seed list %v: %v", list, err)
			}
		}
		// A withdrawal round beyond the next round is damage too.
		doc.Tournament.Cards[0].Out = 9
		if _, err := server.ImportTournament(ctx, admin, doc, store.PersonChoices{}); !errors.Is(err, store.ErrBadDocument) {
			t.Fatalf("withdrawal round 9: %v", err)
		}
	})
}
