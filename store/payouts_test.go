package store_test

import (
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"bummerl/domain/tournament"
	"bummerl/store"
)

// Issue 23: payouts are recorded and cancelled each in one transaction
// with its audit line, read back in order with who and when, refused
// without writing anything, and travel with an exported tournament.
func TestPayouts(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		clock := time.Date(2026, 3, 14, 22, 30, 0, 0, time.UTC)
		s.Now = func() time.Time { return clock }
		id := mustCreate(t, s, settings(8)).ID
		anna, hans := store.User{Name: "Anna"}, store.User{Name: "Hans"}

		p, err := s.RecordPayout(ctx, id, anna, tournament.Payout{Prize: 1, To: " Franz Huber ", Cents: 10000})
		want := tournament.Payout{No: 1, Prize: 1, To: "Franz Huber", Cents: 10000, Payment: tournament.Cash, At: clock, By: "Anna"}
		if err != nil || !reflect.DeepEqual(p, want) {
			t.Fatalf("record: %+v %v", p, err)
		}
		if _, err := s.RecordPayout(ctx, id, hans, tournament.Payout{Prize: 2, To: "Rosi Gruber", Goods: "Speck"}); err != nil {
			t.Fatal(err)
		}
		// Refused, nothing written: a prize twice, an unknown prize, a negative amount.
		before := auditCount(t, s, id)
		for code, bad := range map[string]tournament.Payout{
			"prize_paid":      {Prize: 1, To: "Sepp", Cents: 100},
			"prize_not_found": {Prize: 5, To: "Sepp", Cents: 100},
			"amount_negative": {Prize: 3, To: "Sepp", Cents: -100},
		} {
			if _, err := s.RecordPayout(ctx, id, anna, bad); tournament.ErrorCode(err) != code {
				t.Errorf("%+v: %v, want %s", bad, err, code)
			}
		}
		if _, err := s.CancelPayout(ctx, id, anna, 7); tournament.ErrorCode(err) != "payout_not_found" {
			t.Errorf("cancel 7: %v", err)
		}
		if n := auditCount(t, s, id); n != before {
			t.Errorf("refusals wrote %d audit lines", n-before)
		}
		if _, err := s.RecordPayout(ctx, id+100, anna, tournament.Payout{Prize: 1, To: "X", Cents: 1}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("no such tournament: %v", err)
		}

		// A wrong payout is cancelled and recorded again under a new number.
		clock = clock.Add(time.Minute)
		if c, err := s.CancelPayout(ctx, id, hans, 1); err != nil || !c.Cancelled || c.CancelledBy != "Hans" {
			t.Fatalf("cancel: %+v %v", c, err)
		}
		if _, err := s.CancelPayout(ctx, id, hans, 1); tournament.ErrorCode(err) != "payout_cancelled" {
			t.Errorf("cancel twice: %v", err)
		}
		if p, err := s.RecordPayout(ctx, id, anna, tournament.Payout{Prize: 1, To: "Franz Huber", Cents: 8000, Payment: tournament.CardPay}); err != nil || p.No != 3 {
			t.Fatalf("again: %+v %v", p, err)
		}
		got, err := open().Payouts(ctx, id) // another process reads the same
		if err != nil {
			t.Fatal(err)
		}
		wantAll := []tournament.Payout{
			{No: 1, Prize: 1, To: "Franz Huber", Cents: 10000, Payment: tournament.Cash, At: clock.Add(-time.Minute), By: "Anna",
				Cancelled: true, CancelledAt: clock, CancelledBy: "Hans"},
			{No: 2, Prize: 2, To: "Rosi Gruber", Goods: "Speck", At: clock.Add(-time.Minute), By: "Hans"},
			{No: 3, Prize: 1, To: "Franz Huber", Cents: 8000, Payment: tournament.CardPay, At: clock, By: "Anna"},
		}
		if !reflect.DeepEqual(got, wantAll) {
			t.Errorf("payouts\n got %+v\nwant %+v", got, wantAll)
		}

		// The history reads each line.
		entries, _ := s.Audit(ctx, id)
		ch, err := entries[1].Change() // the cancellation, newest first: payout 3, cancel 1, …
		if err != nil || entries[1].Action != store.ActionCancelPayout || ch.Before.Payout == nil || ch.Before.Payout.No != 1 {
			t.Errorf("cancel line %+v %+v %v", entries[1], ch, err)
		}

		// Exported and imported: the same payouts on the other side.
		doc, err := s.ExportTournament(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		other := MustOpen(t)
		imported, err := other.ImportTournament(ctx, admin, viaJSON(t, doc), store.PersonChoices{})
		if err != nil {
			t.Fatal(err)
		}
		if moved, _ := other.Payouts(ctx, imported.ID); !reflect.DeepEqual(moved, wantAll) {
			t.Errorf("imported payouts %+v", moved)
		}
	})
}

// Issue 23: two desks handing out the same prize at once (two processes
// on one database): one payout is recorded, the other refused.
func TestPayoutsAtOnce(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		a, b := open(), open()
		id := mustCreate(t, a, settings(8)).ID
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = []*store.Store{a, b}[i%2].RecordPayout(ctx, id, admin, tournament.Payout{Prize: 3, To: "Sepp", Cents: 100 + i})
			})
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch tournament.ErrorCode(err) {
			case "":
				ok++
			case "prize_paid":
			default:
				t.Errorf("unexpected: %v", err)
			}
		}
		got, _ := a.Payouts(ctx, id)
		if ok != 1 || len(got) != 1 {
			t.Errorf("%d recorded, %d stored; want 1", ok, len(got))
		}
	})
}

// Issue 23: an imported document whose payout line holds no payout is
// refused before anything is written (the till could not read it).
func TestImportRefusesBrokenPayout(t *testing.T) {
	t.Parallel()
	s := MustOpen(t)
	id := mustCreate(t, s, settings(8)).ID
	if _, err := s.RecordPayout(ctx, id, admin, tournament.Payout{Prize: 1, To: "Sepp", Cents: 100}); err != nil {
		t.Fatal(err)
	}
	doc, _ := s.ExportTournament(ctx, id)
	doc.Audit[len(doc.Audit)-1].After = `{"payout": 5}`
	_, err := MustOpen(t).ImportTournament(ctx, admin, doc, store.PersonChoices{})
	if !errors.Is(err, store.ErrBadDocument) || err.Error() == "" {
		t.Fatalf("import: %v", err)
	}
	var se *store.Error
	if !errors.As(err, &se) || se.Key() != "document_audit_payout" {
		t.Errorf("refusal %v", err)
	}
}

func auditCount(t *testing.T, s *store.Store, id int64) int {
	t.Helper()
	entries, err := s.Audit(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return len(entries)
}
