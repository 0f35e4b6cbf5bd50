package store_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// The history reads what an action changed through AuditEntry.Change
// (issue 21). It used to copy the audit's JSON names by hand, so a tag
// renamed on a row type lost a field silently; here an action is written
// through Update and read back, every field the history sees compared.
func TestAuditChange(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		id := mustCreate(t, s, settings(8)).ID
		tr := fullAggregate()
		// What fullAggregate leaves at zero: the Swiss system's fields, a walkover,
		// automatic calling.
		tr.Settings.Form, tr.Settings.Swiss = tournament.FormSwiss, tournament.SwissSettings{Rounds: 3, BuchholzCut1: true}
		tr.SwissSeeds = []tournament.CardNo{4, 2}
		tr.Cards[5].From, tr.Cards[5].Out = 2, 3
		tr.Rounds[0].Matches[3].Result.Walkover = true
		tr.Settings.AutoCall, tr.Rounds[0].Matches[4].CalledAfter = true, 1 // issue 23
		if _, err := s.Update(ctx, id, admin, store.ActionSettings, replaceWith(tr)); err != nil {
			t.Fatal(err)
		}
		entries, err := s.Audit(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		prizes := `["Schinken","Speck","Wein","Brot"]`
		want := store.AuditChange{
			Before: store.AuditRows{Tournament: &store.AuditTournament{Name: "Preisschnapsen Gasthaus Zur Post", Cards: 8, MaxCards: 3,
				PriceCents: 1000, Variant: string(schnapsen.Soft), Closing: string(schnapsen.AtClose), BummerlToWin: 2, Prizes: prizes,
				MultiplePrizes: true}},
			After: store.AuditRows{
				Tournament: &store.AuditTournament{Name: "Preisschnapsen Gasthaus Zur Post", Cards: 8, MaxCards: 3,
					PriceCents: 1000, Variant: string(schnapsen.Sharp), Closing: string(schnapsen.CountLater), BummerlToWin: 3,
					Prizes: prizes, MultiplePrizes: true, Tables: 6, Form: tournament.FormSwiss, SwissRounds: 3, BuchholzCut1: true,
					SwissSeeds: "4 2", AutoCall: true, PendingCommitment: tr.Pending.Commitment},
				Players: []store.AuditPlayer{{ID: 1, Name: "Anna Huber", Club: "SV Hintertux", Phone: "+43 660 1234567"},
					{ID: 2, Name: "Sepp Maier"}, {ID: 3, Name: "Rosi Gruber", Club: "Kartenrunde Lienz"},
					{ID: 5, Name: "Ferdl Öhlinger", Phone: "0664/9876543"}},
				Cards: []store.AuditCard{{No: 1, Player: 1, Sale: 1}, {No: 2, Player: 1, Sale: 2}, {No: 3, Player: 2, Sale: 3},
					{No: 4, Player: 3, Sale: 5}, {No: 6, Player: 5, Sale: 4}, {No: 7, Player: 5, Sale: 6, From: 2, Out: 3}},
				Rounds: []store.AuditRound{{No: 1, Method: "digital", Seed: "s33d", Commitment: "c0ffee"},
					{No: 2, Method: "physical"}},
				Tickets: 5,
				Matches: []store.AuditMatch{
					{Round: 1, No: 1, A: 3, B: 2, Table: 4, HasResult: true, Winner: 3, BummerlA: 3, BummerlB: 1},
					{Round: 1, No: 2, A: 1, B: 6, HasResult: true, Winner: 6, BummerlA: 0, BummerlB: 3},
					{Round: 1, No: 3, A: 4},
					{Round: 1, No: 4, A: 7, B: 6, HasResult: true, Winner: 7, BummerlA: 3, Walkover: true},
					{Round: 1, No: 5, A: 2, B: 7, Table: 2, CalledAfter: 1},
				},
			},
		}
		sameChange(t, entries[0], want)
		// A field added to a type above but not read into it stays zero
		// everywhere; so does one this test forgets to fill.
		got, _ := entries[0].Change()
		everyFieldSet(t, *got.After.Tournament)
		everyFieldSet(t, got.After.Players...)
		everyFieldSet(t, got.After.Cards...)
		everyFieldSet(t, got.After.Rounds...)
		everyFieldSet(t, got.After.Matches...)

		// A digital table's start and end name its match.
		tr = drawnTournament(t, s)
		m := firstPlayable(t, tr)
		dt, err := s.StartTable(ctx, tr.ID, 1, m.No, admin, "audit", 0, seatTokens(1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AbandonTable(ctx, dt.ID, admin); err != nil {
			t.Fatal(err)
		}
		if entries, err = s.Audit(ctx, tr.ID); err != nil {
			t.Fatal(err)
		}
		for i, state := range []string{store.TableAbandoned, store.TablePlaying} {
			sameChange(t, entries[i], store.AuditChange{After: store.AuditRows{DigitalTable: &store.AuditTable{ID: dt.ID, Round: 1,
				Match: m.No, A: int(m.A), B: int(m.B), State: state}}})
		}
	})
	// Nothing on a side reads as empty; what is not JSON is an error.
	if got, err := (store.AuditEntry{Before: "", After: "null"}).Change(); err != nil || !reflect.DeepEqual(got, store.AuditChange{}) {
		t.Errorf("empty sides: %+v, %v", got, err)
	}
	if _, err := (store.AuditEntry{Before: "{}", After: `{"players":`}).Change(); err == nil {
		t.Error("broken JSON read without an error")
	}
}

// sameChange fails when entry e does not read back as want, showing both.
func sameChange(t *testing.T, e store.AuditEntry, want store.AuditChange) {
	t.Helper()
	got, err := e.Change()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("%s: read back\n%s\nwant\n%s", e.Action, g, w)
	}
}

// everyFieldSet fails for a field of T that is zero in every row.
func everyFieldSet[T any](t *testing.T, rows ...T) {
	t.Helper()
	typ := reflect.TypeFor[T]()
	for i := range typ.NumField() {
		if !slices.ContainsFunc(rows, func(r T) bool { return !reflect.ValueOf(r).Field(i).IsZero() }) {
			t.Errorf("%s.%s is zero in every row", typ.Name(), typ.Field(i).Name)
		}
	}
}
