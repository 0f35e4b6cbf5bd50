package store_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"bummerl/domain/table"
	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/store/storetest"
)

// seatTokens are two distinct test tokens (the web app makes random ones).
func seatTokens(n int) [2]string {
	return [2]string{fmt.Sprintf("seat-a-%016d", n), fmt.Sprintf("seat-b-%016d", n)}
}

// firstPlayable is the first match of round 1 between two cards.
func firstPlayable(t *testing.T, tr *tournament.Tournament) tournament.Match {
	t.Helper()
	for _, m := range tr.Rounds[0].Matches {
		if !m.Bye() && !m.Surrendered {
			return m
		}
	}
	t.Fatal("no match to play")
	return tournament.Match{}
}

func view(t *testing.T, s *store.Store, id int64, seat int) table.SeatView {
	t.Helper()
	var v table.SeatView
	if err := s.ReadTable(ctx, id, func(_ store.DigitalTable, m *table.Match) error {
		v = m.View(seat)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return v
}

// A digital match played move by move through a store that is closed and
// opened again in the middle (a restart): every move is kept, the state
// is the same, a move sent twice counts once, and the decided match's
// result is in the tournament with the audit action "table result".
func TestDigitalTablePlayedAndRecorded(t *testing.T) {
	t.Parallel()
	storetest.EachBackend(t, func(t *testing.T, dsn string) { playAndRecord(t, dsn) })
}

func playAndRecord(t *testing.T, dsn string) {
	s, err := store.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	tr := drawnTournament(t, s)
	mt := firstPlayable(t, tr)
	dt, err := s.StartTable(ctx, tr.ID, 1, mt.No, admin, "store-seed", 1, seatTokens(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.StartTable(ctx, tr.ID, 1, mt.No, admin, "other", 0, seatTokens(2)); !errors.Is(err, store.ErrTableBusy) {
		t.Fatalf("second table for the match: %v", err)
	}
	if _, err := s.StartTable(ctx, tr.ID, 1, 99, admin, "other", 0, seatTokens(3)); tournament.ErrorCode(err) != "match_not_found" {
		t.Fatalf("unknown match: %v", err)
	}
	got, seat, err := s.TableBySeat(ctx, dt.Seats[1])
	if err != nil || seat != 1 || got.ID != dt.ID || got.Names[0] == "" || got.Names[1] == "" {
		t.Fatalf("by seat: %v %d %v", got, seat, err)
	}
	if _, _, err := s.TableBySeat(ctx, "seat-x-0000000000000001"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown seat: %v", err)
	}
	events, unsubscribe := s.SubscribeTable(dt.ID)
	defer unsubscribe()

	r := rand.New(rand.NewPCG(1, 2))
	restarted := false
	for n := 0; ; n++ {
		v := view(t, s, dt.ID, 0)
		if v.Finished {
			break
		}
		seat := v.ToMove
		legal := view(t, s, dt.ID, seat).Legal
		mv := legal[r.IntN(len(legal))]
		mv.ID = fmt.Sprint("mv", n)
		_, applied, err := s.PlayMove(ctx, dt.ID, mv, -1)
		if err != nil || !applied {
			t.Fatalf("move %d: %v %v", n, applied, err)
		}
		if n == 5 { // sent again: counts once
			before := view(t, s, dt.ID, 0).Seq
			if _, applied, err := s.PlayMove(ctx, dt.ID, mv, -1); applied || err != nil {
				t.Fatalf("repeat: %v %v", applied, err)
			}
			if view(t, s, dt.ID, 0).Seq != before {
				t.Fatal("repeat counted")
			}
			select {
			case <-events:
			default:
				t.Fatal("no event for a move")
			}
		}
		if n == 30 && !restarted { // restart: a new process reads the file
			before := [2]table.SeatView{view(t, s, dt.ID, 0), view(t, s, dt.ID, 1)}
			unsubscribe()
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if s, err = store.Open(dsn); err != nil {
				t.Fatal(err)
			}
			after := [2]table.SeatView{view(t, s, dt.ID, 0), view(t, s, dt.ID, 1)}
			if !reflect.DeepEqual(before, after) {
				t.Fatal("the match changed over a restart")
			}
			events, unsubscribe = s.SubscribeTable(dt.ID)
			restarted = true
		}
	}
	defer s.Close()
	if !restarted {
		t.Fatal("the match ended before the restart")
	}
	final, err := s.Table(ctx, dt.ID)
	if err != nil || final.State != store.TableFinished || !final.Recorded || final.ResultError != "" {
		t.Fatalf("table after the match: %+v %v", final, err)
	}
	var verdict table.SeatView
	var sheetLen int
	_ = s.ReadTable(ctx, dt.ID, func(_ store.DigitalTable, m *table.Match) error {
		verdict, sheetLen = m.View(0), len(m.Sheet())
		return nil
	})
	loaded, err := s.Load(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	res := loaded.Rounds[0].Matches[mt.No-1].Result
	if res == nil || res.Bummerl != verdict.Bummerl || res.Winner != []tournament.CardNo{mt.A, mt.B}[*verdict.Winner] || len(res.Sheet) != sheetLen {
		t.Fatalf("result %+v, table %+v", res, verdict)
	}
	audit, err := s.Audit(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if audit[0].Action != "table result" || audit[0].User != store.TableActor {
		t.Fatalf("audit: %+v", audit[0])
	}
	if _, _, err := s.PlayMove(ctx, dt.ID, table.Move{ID: "late", Seat: 0, Resign: table.ResignDeal}, -1); err == nil {
		t.Fatal("a move after the match")
	}
}

// A result entered by hand while the table plays wins: the table's
// decided match keeps the reason, nothing is overwritten. An abandoned
// table takes no more moves.
func TestDigitalTableConflictAndAbandon(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tr := drawnTournament(t, s)
		mt := firstPlayable(t, tr)
		dt, err := s.StartTable(ctx, tr.ID, 1, mt.No, admin, "conflict", 0, seatTokens(1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, tr.ID, admin, "result", func(t *tournament.Tournament) error {
			return t.SetResult(1, mt.No, mt.Version, mt.ScoredResult(mt.A, 2, 0))
		}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.PlayMove(ctx, dt.ID, table.Move{ID: "x", Seat: 1, Resign: table.ResignMatch}, -1); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Table(ctx, dt.ID)
		if got.State != store.TableFinished || got.Recorded || got.ResultError == "" {
			t.Fatalf("table: %+v", got)
		}
		loaded, _ := s.Load(ctx, tr.ID)
		if r := loaded.Rounds[0].Matches[mt.No-1].Result; r.Winner != mt.A || r.Sheet != nil {
			t.Fatalf("hand result overwritten: %+v", r)
		}
		if _, err := s.StartTable(ctx, tr.ID, 1, mt.No, admin, "again", 0, seatTokens(2)); err == nil {
			t.Fatal("table for a match with a result")
		}

		// Abandon another match's table.
		var other tournament.Match
		for _, m := range tr.Rounds[0].Matches {
			if !m.Bye() && m.No != mt.No {
				other = m
			}
		}
		dt2, err := s.StartTable(ctx, tr.ID, 1, other.No, admin, "abandon", 0, seatTokens(3))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AbandonTable(ctx, dt2.ID, admin); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AbandonTable(ctx, dt2.ID, admin); !errors.Is(err, store.ErrTableClosed) {
			t.Fatalf("abandoned twice: %v", err)
		}
		if _, _, err := s.PlayMove(ctx, dt2.ID, table.Move{ID: "y", Seat: 0, Resign: table.ResignDeal}, -1); !errors.Is(err, store.ErrTableClosed) {
			t.Fatalf("move at an abandoned table: %v", err)
		}
		// After abandoning, a new table may start for that match.
		if _, err := s.StartTable(ctx, tr.ID, 1, other.No, admin, "again", 0, seatTokens(4)); err != nil {
			t.Fatal(err)
		}
		list, err := s.TablesOfMatch(ctx, tr.ID, 1, other.No)
		if err != nil || len(list) != 2 || list[0].State != store.TablePlaying || list[1].State != store.TableAbandoned {
			t.Fatalf("tables of the match: %+v %v", list, err)
		}
		// Play settings.
		if p, _ := s.PlaySettings(ctx, tr.ID); p.GermanSuits {
			t.Fatal("German suits by default")
		}
		if err := s.SetPlaySettings(ctx, tr.ID, admin, store.PlaySettings{GermanSuits: true}); err != nil {
			t.Fatal(err)
		}
		if p, _ := s.PlaySettings(ctx, tr.ID); !p.GermanSuits {
			t.Fatal("German suits not saved")
		}
	})
}

// Two tabs of one seat send the same moves at once while phones read the
// table: every move counts once, the readers always see a whole state,
// and the result is recorded once (run with -race).
func TestDigitalTableConcurrent(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tr := drawnTournament(t, s)
		mt := firstPlayable(t, tr)
		dt, err := s.StartTable(ctx, tr.ID, 1, mt.No, admin, "concurrent", 1, seatTokens(1))
		if err != nil {
			t.Fatal(err)
		}
		stop := make(chan struct{})
		var readers sync.WaitGroup
		for range 3 {
			readers.Add(1)
			go func() {
				defer readers.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					err := s.ReadTable(ctx, dt.ID, func(_ store.DigitalTable, m *table.Match) error {
						if v := m.View(0); v.Seq != m.Seq() {
							return fmt.Errorf("view at %d of a match at %d", v.Seq, m.Seq())
						}
						return nil
					})
					if err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		r := rand.New(rand.NewPCG(7, 7))
		moves := 0
		for n := 0; ; n++ {
			v := view(t, s, dt.ID, 0)
			if v.Finished {
				break
			}
			legal := view(t, s, dt.ID, v.ToMove).Legal
			mv := legal[r.IntN(len(legal))]
			mv.ID = fmt.Sprint("c", n)
			var tabs sync.WaitGroup
			var mu sync.Mutex
			applied := 0
			for range 2 {
				tabs.Add(1)
				go func() {
					defer tabs.Done()
					_, ok, err := s.PlayMove(ctx, dt.ID, mv, v.Seq)
					if err != nil {
						t.Error(err)
					}
					if ok {
						mu.Lock()
						applied++
						mu.Unlock()
					}
				}()
			}
			tabs.Wait()
			if applied != 1 {
				t.Fatalf("move %d applied %d times", n, applied)
			}
			moves++
		}
		close(stop)
		readers.Wait()
		if got := view(t, s, dt.ID, 1).Seq; got != moves {
			t.Fatalf("%d moves stored, %d made", got, moves)
		}
		audit, _ := s.Audit(ctx, tr.ID)
		results := 0
		for _, a := range audit {
			if a.Action == "table result" {
				results++
			}
		}
		if results != 1 {
			t.Fatalf("%d result audit rows", results)
		}
	})
}

// A digital table that starts, ends unrecorded or is abandoned gives its
// tournament a new revision and publishes it: the round and match pages,
// kept per revision and live, say "läuft am Digitaltisch" (issue 23).
// The tournament itself is unchanged, and the next action on it works.
func TestDigitalTableTouchesTournament(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		tr := drawnTournament(t, s)
		ch, unsubscribe := s.Subscribe(tr.ID)
		defer unsubscribe()
		rev := func() int64 {
			t.Helper()
			r, _, err := s.Revision(ctx, tr.ID)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		playing := func(want int) {
			t.Helper()
			list, err := s.PlayingTables(ctx, tr.ID)
			if err != nil || len(list) != want {
				t.Fatalf("playing tables: %+v %v, want %d", list, err, want)
			}
		}
		step := func(what string, fn func()) {
			t.Helper()
			before := rev()
			fn()
			if got := next(t, ch); got != before+1 || rev() != before+1 {
				t.Fatalf("%s: published revision %d, revision %d, want %d", what, got, rev(), before+1)
			}
			if loaded, err := s.Load(ctx, tr.ID); err != nil || !reflect.DeepEqual(loaded.Rounds, tr.Rounds) || loaded.Version != tr.Version {
				t.Fatalf("%s changed the tournament: %v", what, err)
			}
		}
		var ms []tournament.Match
		for _, m := range tr.Rounds[0].Matches {
			if !m.Bye() {
				ms = append(ms, m)
			}
		}
		var dts []store.DigitalTable
		for i, m := range ms[:2] {
			step("start", func() {
				dt, err := s.StartTable(ctx, tr.ID, 1, m.No, admin, "touch", 0, seatTokens(i))
				if err != nil {
					t.Fatal(err)
				}
				dts = append(dts, dt)
			})
		}
		playing(2)
		step("abandon", func() {
			if _, err := s.AbandonTable(ctx, dts[0].ID, admin); err != nil {
				t.Fatal(err)
			}
		})
		playing(1)
		// A result entered by hand meanwhile: the table's end is not recorded.
		m := ms[1]
		tr2, err := s.Update(ctx, tr.ID, admin, "result", func(t *tournament.Tournament) error {
			return t.SetResult(1, m.No, m.Version, m.ScoredResult(m.A, 2, 0))
		})
		if err != nil {
			t.Fatal(err)
		}
		next(t, ch)
		tr = tr2
		step("unrecorded end", func() {
			if _, _, err := s.PlayMove(ctx, dts[1].ID, table.Move{ID: "r", Seat: 0, Resign: table.ResignMatch}, -1); err != nil {
				t.Fatal(err)
			}
		})
		playing(0)
		rename(t, s, tr.ID, "Nach den Tischen")
		if next(t, ch) != rev() {
			t.Fatal("the rename after the tables published an old revision")
		}
	})
}
