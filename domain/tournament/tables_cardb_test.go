package tournament

import (
	"maps"
	"slices"
	"testing"
)

// hallB is hall with Huber's second and third cards drawn as card B:
//
//	1: 1–6  2: 7–2  3: 4–5 surrendered  4: 8–3  5: 9–10  6: 11–12  7: 13 bye  8: 14 bye
func hallB(t *testing.T, tables int) *Tournament {
	t.Helper()
	tr := mustNew(t, settings(16, 4, false))
	buyer(t, tr, "Huber", 3) // 1, 2, 3
	buyer(t, tr, "Maier", 2) // 4, 5
	sellOut(t, tr, 9)        // 6 … 14
	must(t, tr.ApplyDraw(pairs{Main: {{1, 6}, {7, 2}, {4, 5}, {8, 3}, {9, 10}, {11, 12}, {13, 0}, {14, 0}}}.draw()))
	must(t, tr.SetTables(tables))
	return tr
}

// A player at a table is busy for his other matches also where he holds
// card B (P-5): the board names his table, the next call skips them, and
// calling one by hand or to a free table is refused.
func TestCallBusyPlayerAsCardB(t *testing.T) {
	tr := hallB(t, 4)
	call(t, tr, 1, 1) // Huber (card 1) at table 1
	busy := map[int]int{}
	for _, w := range tr.Board().Waiting {
		busy[w.Match.No] = w.BusyAt
	}
	if want := map[int]int{2: 1, 4: 1, 5: 0, 6: 0}; !maps.Equal(busy, want) {
		t.Fatalf("waiting matches' busy tables %v, want %v", busy, want)
	}
	call(t, tr, 5, 2) // skips 2 and 4: Huber is their card B
	before := clone(t, tr)
	wantCode(t, tr.CallMatch(1, 2, 3, version(tr, 1, 2), evening), "player_busy")
	_, err := tr.CallFree(1, 4, version(tr, 1, 4), evening)
	wantCode(t, err, "player_busy")
	unchanged(t, before, tr)
	call(t, tr, 6, 3)
	_, err = tr.CallNext(evening)
	wantCode(t, err, "players_busy")

	win(t, tr, 6) // Huber's card 1 loses: he is free, match 2 is called
	call(t, tr, 2, 1)
	if got := seats(tr); !slices.Equal([]int{got[1], got[2], got[3]}, []int{2, 5, 6}) {
		t.Fatalf("tables %v", got)
	}
}
