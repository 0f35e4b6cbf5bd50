package bot

import (
	"testing"

	"bummerl/domain/schnapsen"
)

// TestYield (issue 25: the web app's practice pool gives way to the
// tournament in Options.Yield): Yield is called while the bot searches,
// and the decisions and estimates are the same as without it.
func TestYield(t *testing.T) {
	var views []View
	positions(t, schnapsen.Soft, 30, 5, func(_ schnapsen.GameRecord, _ *schnapsen.Deal, v View) { views = append(views, v) })
	calls := 0
	plain := New(Options{Seed: 7, Worlds: 16, Nodes: 50_000})
	yielding := New(Options{Seed: 7, Worlds: 16, Nodes: 50_000, Yield: func() { calls++ }})
	for _, v := range views {
		want, err := plain.Explain(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := yielding.Explain(v)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%d estimates with Yield, %d without", len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("estimate %d with Yield %+v, without %+v", i, got[i], want[i])
			}
		}
	}
	if calls == 0 {
		t.Fatal("Yield never called")
	}
}
