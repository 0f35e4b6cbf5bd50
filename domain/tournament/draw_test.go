package tournament

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"testing"
)

// P-3, P-4: round 1 is one group in pots of N/2, players in the order of
// their first purchase, each with all his cards in sale order.
func TestNextDrawRoundOne(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	a, _ := buyer(t, tr, "A", 1) // 1
	b, _ := buyer(t, tr, "B", 2) // 2, 3
	_, err := tr.Sell(a, 1)      // 4
	must(t, err)
	c, _ := buyer(t, tr, "C", 1) // 5
	got, err := tr.NextDraw()
	must(t, err)
	want := []DrawGroup{{Bracket: Main, PotSize: 4, Entrants: []Entrant{
		{a, []CardNo{1, 4}}, {b, []CardNo{2, 3}}, {c, []CardNo{5}}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("NextDraw() = %+v, want %+v", got, want)
	}
}

// P-1, P-3: N − sold byes, all in round 1; round 2 has none.
func TestByesOnlyInRoundOne(t *testing.T) {
	tr := mustNew(t, settings(16, 2, false))
	sellOut(t, tr, 9)
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
	byes := 0
	for _, m := range tr.Current().Matches {
		if m.Bye() {
			byes++
			if !m.Decided() || m.Winner() != m.A || m.Loser() != 0 || m.Played() {
				t.Errorf("bye %+v", m)
			}
		}
	}
	if byes != 16-9 || len(tr.Current().Matches) != 8 {
		t.Fatalf("%d byes in %d matches, want 7 in 8", byes, len(tr.Current().Matches))
	}
	_, err := tr.NextDraw()
	wantCode(t, err, "round_unfinished")
	win(t, tr, 9)
	groups, err := tr.NextDraw()
	must(t, err)
	if len(groups) != 1 || groups[0].PotSize != 4 {
		t.Fatalf("groups = %+v", groups)
	}
	// Round 2 holds exactly twice the pot size, so every right number is
	// drawn: a second card on a right number is refused, not made a bye.
	before := clone(t, tr)
	d := pairs{Main: {{9, 2}, {3, 4}, {5, 6}, {7, 8}}}.draw()
	d.Groups[0].Tickets[7].Number = 3
	wantCode(t, tr.ApplyDraw(d), "ticket_number_twice")
	unchanged(t, before, tr)
	d.Groups[0].Tickets[7].Number = 4
	must(t, tr.ApplyDraw(d))
	for _, m := range tr.Current().Matches {
		if m.Bye() {
			t.Errorf("bye in round 2: %+v", m)
		}
	}
}

// P-3: tickets are checked against the group before anything changes.
func TestApplyDrawChecks(t *testing.T) {
	base := pairs{Main: {{1, 3}, {2, 4}, {5, 0}, {6, 0}}}
	tests := map[string]struct {
		edit func(d *Draw)
		code string
	}{
		"valid":         {func(d *Draw) {}, ""},
		"unknown card":  {func(d *Draw) { d.Groups[0].Tickets[0].Card = 7 }, "ticket_unknown_card"},
		"card far out":  {func(d *Draw) { d.Groups[0].Tickets[0].Card = 1 << 40 }, "ticket_unknown_card"},
		"negative card": {func(d *Draw) { d.Groups[0].Tickets[0].Card = -1 }, "ticket_unknown_card"},
		"card twice": {func(d *Draw) {
			d.Groups[0].Tickets = append(d.Groups[0].Tickets, Ticket{Card: 1, Pot: Right, Number: 3})
		}, "ticket_duplicate_card"},
		"missing card":     {func(d *Draw) { d.Groups[0].Tickets = d.Groups[0].Tickets[:5] }, "ticket_missing_card"},
		"bad pot":          {func(d *Draw) { d.Groups[0].Tickets[1].Pot = 2 }, "ticket_pot_invalid"},
		"number 0":         {func(d *Draw) { d.Groups[0].Tickets[0].Number = 0 }, "ticket_number_range"},
		"number above pot": {func(d *Draw) { d.Groups[0].Tickets[1].Number = 5 }, "ticket_number_range"},
		"number twice":     {func(d *Draw) { d.Groups[0].Tickets[0].Number = 3 }, "ticket_number_twice"},
		"left pot not emptied": {func(d *Draw) {
			d.Groups[0].Tickets[5] = Ticket{Card: 6, Pot: Right, Number: 4}
		}, "left_pot_not_empty"},
		"extra group":                  {func(d *Draw) { d.Groups = append(d.Groups, GroupTickets{Bracket: Place3}) }, "draw_groups_mismatch"},
		"wrong bracket":                {func(d *Draw) { d.Groups[0].Bracket = Place3 }, "draw_groups_mismatch"},
		"no groups":                    {func(d *Draw) { d.Groups = nil }, "draw_groups_mismatch"},
		"unknown method":               {func(d *Draw) { d.Method = "dice" }, "draw_method_invalid"},
		"digital without announcement": {func(d *Draw) { d.Method = Digital }, "draw_not_announced"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 2, false))
			buyer(t, tr, "Huber", 2)
			sellOut(t, tr, 4)
			d := base.draw()
			tc.edit(&d)
			before := clone(t, tr)
			err := tr.ApplyDraw(d)
			wantCode(t, err, tc.code)
			if err != nil {
				if tc.code == "draw_groups_mismatch" && err.(*Error).Text("de") != "Die Auslosung muss genau die Gruppen Hauptrunde haben" {
					t.Errorf("text = %q", err.(*Error).Text("de"))
				}
				if e := err.(*Error); e.Kind == Invalid && e.Field == "" {
					t.Errorf("no field in %+v", e)
				}
				unchanged(t, before, tr)
				return
			}
			v := before.Version + 1 // new matches start above every version so far
			want := []Match{
				{No: 1, A: 1, B: 3, Version: v}, {No: 2, A: 2, B: 4, Version: v},
				{No: 3, A: 5, Version: v}, {No: 4, A: 6, Version: v}}
			if r := tr.Current(); r.No != 1 || !reflect.DeepEqual(r.Matches, want) || r.Draw.Method != Physical {
				t.Errorf("round = %+v", r)
			}
		})
	}
}

func commitment(seed string) string {
	sum := sha256.Sum256([]byte(seed))
	return hex.EncodeToString(sum[:])
}

// P-4: a digital draw is announced by its commitment and must reveal that seed.
func TestDigitalDraw(t *testing.T) {
	tr := mustNew(t, settings(4, 2, false))
	sellOut(t, tr, 4)
	before := clone(t, tr)
	wantCode(t, tr.Announce(Commitment{Seed: "a", Commitment: commitment("b")}), "commitment_invalid")
	wantCode(t, tr.Announce(Commitment{Seed: "", Commitment: commitment("")}), "commitment_invalid")
	unchanged(t, before, tr)
	must(t, tr.Announce(Commitment{Seed: "first", Commitment: commitment("first")}))
	must(t, tr.Announce(Commitment{Seed: "second", Commitment: commitment("second")}))
	d := pairs{Main: {{1, 2}, {3, 4}}}.draw()
	d.Method, d.Seed, d.Commitment = Digital, "first", commitment("first")
	wantCode(t, tr.ApplyDraw(d), "draw_seed_mismatch")
	d.Seed, d.Commitment = "second", commitment("second")
	must(t, tr.ApplyDraw(d))
	if tr.Pending != nil || tr.Current().Draw.Seed != "second" {
		t.Errorf("pending %+v, draw %+v", tr.Pending, tr.Current().Draw)
	}
	// An announcement for the final is dropped when round 1 is undone.
	must(t, tr.Announce(Commitment{Seed: "final", Commitment: commitment("final")}))
	must(t, tr.UndoDraw())
	if tr.Pending != nil {
		t.Error("announcement kept after UndoDraw")
	}
}

func TestNextDrawErrors(t *testing.T) {
	tr := mustNew(t, settings(4, 2, false))
	sellOut(t, tr, 4)
	tr.Settings.BummerlToWin = 9 // as a damaged store row could have it
	_, err := tr.NextDraw()
	wantCode(t, err, "bummerl_invalid")
	tr.Settings.BummerlToWin = 2
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
	win(t, tr, 1)
	_, err = tr.NextDraw()
	wantCode(t, err, "round_unfinished")
	if got := err.(*Error).Text("de"); got != "Partie 2 der Runde 1 hat noch kein Ergebnis" {
		t.Errorf("text = %q", got)
	}
	win(t, tr, 2)
	must(t, tr.ApplyDraw(orderedDraw(t, tr, nil)))
	win(t, tr, 2)
	if !tr.Finished() {
		t.Fatal("not finished after the final")
	}
	_, err = tr.NextDraw()
	wantCode(t, err, "tournament_finished")
	wantCode(t, tr.Announce(Commitment{Seed: "x", Commitment: commitment("x")}), "tournament_finished")
}

// P-6: in later rounds players with more than one card draw first.
func TestNextDrawMultiFirst(t *testing.T) {
	tr := mustNew(t, settings(8, 2, false))
	buyer(t, tr, "A", 1)         // 1
	buyer(t, tr, "B", 1)         // 2
	c, _ := buyer(t, tr, "C", 2) // 3, 4
	buyer(t, tr, "D", 1)         // 5
	sellOut(t, tr, 3)            // 6, 7, 8
	must(t, tr.ApplyDraw(pairs{Main: {{1, 5}, {2, 6}, {3, 7}, {4, 8}}}.draw()))
	playRound(t, tr, lowerCard)
	groups, err := tr.NextDraw()
	must(t, err)
	want := []DrawGroup{{Bracket: Main, PotSize: 2, Entrants: []Entrant{
		{c, []CardNo{3, 4}}, {1, []CardNo{1}}, {2, []CardNo{2}}}}}
	if !reflect.DeepEqual(groups, want) {
		t.Errorf("groups = %+v, want %+v", groups, want)
	}
}

// UndoDraw: only while the latest round has no played result; a surrender
// is not one.
func TestUndoDraw(t *testing.T) {
	tr := mustNew(t, settings(4, 2, false))
	wantCode(t, tr.UndoDraw(), "no_round")
	wantCode(t, tr.ApplyDraw(Draw{Method: Physical}), "too_few_cards_sold")
	buyer(t, tr, "Huber", 2)
	sellOut(t, tr, 2)
	must(t, tr.ApplyDraw(pairs{Main: {{1, 2}, {3, 4}}}.draw()))
	if m := tr.Current().Matches[0]; !m.Surrendered || m.Winner() != 1 || m.Loser() != 2 || m.Played() {
		t.Fatalf("self-pairing = %+v", m)
	}
	win(t, tr, 3)
	before := clone(t, tr)
	wantCode(t, tr.UndoDraw(), "undo_has_results")
	unchanged(t, before, tr)
	m := tr.Current().Matches[1]
	must(t, tr.ClearResult(1, 2, m.Version))
	must(t, tr.UndoDraw())
	if tr.Current() != nil || tr.Version != m.Version+2 { // above the cleared match's version
		t.Errorf("after undo: rounds %d, version %d", len(tr.Rounds), tr.Version)
	}
}

// P-4: the announced seed was committed for the groups NextDraw gave then.
// Whatever changes them drops the announcement, so the draw cannot run on
// it; changes that leave the groups alone keep it.
func TestAnnouncementDroppedWhenGroupsChange(t *testing.T) {
	announced := Commitment{Seed: "s", Commitment: commitment("s")}
	tests := map[string]struct {
		stage  int // 0: 6 of 8 sold; 1: drawn as 1–2, 3–4, 5 and 6 with byes; 2: and match 1 won
		change func(t *testing.T, tr *Tournament)
		keep   bool
	}{
		"sell":     {0, func(t *testing.T, tr *Tournament) { _, err := tr.Sell(1, 1); must(t, err) }, false},
		"cancel":   {0, func(t *testing.T, tr *Tournament) { must(t, tr.CancelSale(6)) }, false},
		"resize":   {0, func(t *testing.T, tr *Tournament) { must(t, tr.Resize(16)) }, false},
		"settings": {0, func(t *testing.T, tr *Tournament) { must(t, tr.ChangeSettings(tr.Settings)) }, false},
		"result":   {1, func(t *testing.T, tr *Tournament) { win(t, tr, 3) }, false},
		"correction": {2, func(t *testing.T, tr *Tournament) {
			must(t, tr.SetResult(1, 1, version(tr, 1, 1), result(tr, 2)))
		}, false},
		"clear result": {2, func(t *testing.T, tr *Tournament) { must(t, tr.ClearResult(1, 1, version(tr, 1, 1))) }, false},
		"undo draw":    {1, func(t *testing.T, tr *Tournament) { must(t, tr.UndoDraw()) }, false},
		"new player":   {0, func(t *testing.T, tr *Tournament) { _, err := tr.AddPlayer("Maier", "", ""); must(t, err) }, true},
		"edit player":  {0, func(t *testing.T, tr *Tournament) { must(t, tr.EditPlayer(Player{ID: 1, Name: "Huber"})) }, true},
		"start match":  {1, func(t *testing.T, tr *Tournament) { must(t, tr.StartMatch(1, 2, 4, version(tr, 1, 2))) }, true},
		"refused sale": {0, func(t *testing.T, tr *Tournament) { _, err := tr.Sell(1, 99); wantCode(t, err, "max_cards_exceeded") }, true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := mustNew(t, settings(8, 2, false))
			sellOut(t, tr, 6)
			if tc.stage > 0 {
				must(t, tr.ApplyDraw(pairs{Main: {{1, 2}, {3, 4}, {5, 0}, {6, 0}}}.draw()))
			}
			if tc.stage > 1 {
				win(t, tr, 1)
			}
			must(t, tr.Announce(announced))
			tc.change(t, tr)
			if kept := tr.Pending != nil; kept != tc.keep {
				t.Fatalf("announcement kept = %v, want %v", kept, tc.keep)
			}
			if _, err := tr.NextDraw(); err == nil && !tc.keep {
				wantCode(t, tr.ApplyDraw(Draw{Method: Digital, Seed: announced.Seed, Commitment: announced.Commitment}), "draw_not_announced")
			}
		})
	}
}
