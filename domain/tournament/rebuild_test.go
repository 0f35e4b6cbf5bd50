package tournament

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// rebuilds fails unless Rebuild accepts tr and leaves it as it was.
func rebuilds(t *testing.T, tr *Tournament) {
	t.Helper()
	before := clone(t, tr)
	if err := Rebuild(tr); err != nil {
		t.Fatalf("Rebuild refuses a tournament the methods made: %v", err)
	}
	unchanged(t, before, tr)
}

// callSome calls a random part of the latest round's open matches to free
// tables; a call the rules refuse (P-5, no table free) is skipped.
func callSome(tr *Tournament, rng *rand.Rand, at time.Time) {
	r := tr.Current()
	for _, m := range r.Matches {
		if !m.Decided() && rng.IntN(2) == 0 {
			_, _ = tr.CallFree(r.No, m.No, m.Version, at) // a refusal (P-5, no table free) leaves it waiting
		}
	}
}

// Whatever the methods make, Rebuild makes again: random Preisschnapsen
// tournaments with payments, a hall, matches called to tables by hand or
// by a result (issue 23) and left open there, walkovers and announced
// draws (P-1 … P-9, B-3), checked after every step.
func TestRebuildAcceptsWhatTheMethodsMake(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 1))
	at := time.Date(2026, 3, 14, 19, 0, 0, 0, time.UTC)
	for range 60 {
		n := 4 << rng.IntN(5)
		s := settings(n, min(n, []int{2, 4, 8}[rng.IntN(3)]), rng.IntN(2) == 0)
		s.MaxCards, s.BummerlToWin = 1+rng.IntN(3), 1+rng.IntN(3)
		s.AutoCall = rng.IntN(2) == 0 // results call matches (issue 23)
		tr := mustNew(t, s)
		randomSales(t, tr, rng)
		must(t, tr.PayWith([]CardNo{tr.Cards[0].No}, CardPay))
		must(t, tr.SetTables(rng.IntN(n/2+1)))
		rebuilds(t, tr)
		for round := 1; !tr.Finished(); round++ {
			must(t, tr.ApplyDraw(orderedDraw(t, tr, rng)))
			callSome(tr, rng, at)
			rebuilds(t, tr)
			for _, m := range tr.Current().Matches {
				if m.Decided() {
					continue
				}
				r := result(tr, []CardNo{m.A, m.B}[rng.IntN(2)])
				if rng.IntN(6) == 0 {
					r = Result{Winner: r.Winner, Walkover: true}
				}
				r.At = at
				m, _ := tr.Current().Match(m.No)
				_, err := tr.RecordResult(round, m.No, m.Version, r)
				must(t, err)
			}
			if !tr.Finished() && rng.IntN(2) == 0 {
				seed := fmt.Sprint("seed ", round)
				must(t, tr.Announce(Commitment{Seed: seed, Commitment: commitment(seed)}))
			}
			rebuilds(t, tr)
		}
	}
}

// The same for the Swiss system: a seed list, a withdrawal and a late
// entry before round 3, calls to tables (SW-4, SW-15, SW-16).
func TestRebuildAcceptsSwiss(t *testing.T) {
	at := time.Date(2026, 3, 14, 19, 0, 0, 0, time.UTC)
	for seed := range uint64(10) {
		rng := rand.New(rand.NewPCG(seed, 20))
		tr := mustNew(t, swissSettings(16, 5))
		sellOut(t, tr, 13)
		must(t, tr.SetSwissSeeds([]CardNo{7, 2}))
		for k := 1; k <= 5; k++ {
			if k == 3 {
				must(t, tr.Withdraw(5))
				_, _, err := tr.EnterLate(Player{Name: "Nachzügler"})
				must(t, err)
			}
			must(t, pairNext(t, tr, fmt.Sprintf("seed-%d-%d", seed, k)))
			callSome(tr, rng, at)
			rebuilds(t, tr)
			playSwissRound(t, tr, rng)
			rebuilds(t, tr)
		}
	}
}

// A tournament the methods could not have made is refused with the rule
// it breaks, at the place it breaks it, and is not changed.
func TestRebuildRefuses(t *testing.T) {
	at := time.Date(2026, 3, 14, 19, 0, 0, 0, time.UTC)
	// Preisschnapsen: Huber holds cards 1 and 2 and plays matches 1 and 2;
	// match 1 is open at table 1, match 3 open at table 2, match 4 was
	// won at table 3; 4 tables.
	preis := func() *Tournament {
		tr := mustNew(t, settings(8, 2, false))
		buyer(t, tr, "Huber", 2)
		sellOut(t, tr, 6)
		must(t, tr.SetTables(4))
		must(t, tr.ApplyDraw(pairs{Main: {{1, 3}, {2, 4}, {5, 6}, {7, 8}}}.draw()))
		must(t, tr.CallMatch(1, 1, 1, version(tr, 1, 1), at))
		must(t, tr.CallMatch(1, 3, 2, version(tr, 1, 3), at))
		must(t, tr.CallMatch(1, 4, 3, version(tr, 1, 4), at))
		win(t, tr, 7)
		return tr
	}
	// Swiss: 7 players, round 1 played, a late entry and a withdrawal,
	// round 2 paired.
	swissT := func() *Tournament {
		tr := mustNew(t, swissSettings(8, 3))
		sellOut(t, tr, 7)
		must(t, pairNext(t, tr, "eins"))
		playSwissRound(t, tr, rand.New(rand.NewPCG(1, 2)))
		must(t, tr.Withdraw(5))
		_, _, err := tr.EnterLate(Player{Name: "Nachzügler"})
		must(t, err)
		must(t, pairNext(t, tr, "zwei"))
		return tr
	}
	tests := map[string]struct {
		make   func() *Tournament
		damage func(tr *Tournament)
		want   string // in the German message
	}{
		"two open matches at one table": {preis, func(tr *Tournament) { tr.Rounds[0].Matches[2].Table = 1 },
			"Runde 1, Partie 3: An Tisch 1 wird gerade Partie 1 gespielt"},
		"a player at two tables (P-5)": {preis, func(tr *Tournament) {
			m := &tr.Rounds[0].Matches[1]
			m.Started, m.Table, m.Called = true, 4, at
		}, "Runde 1, Partie 2: Huber spielt gerade Partie 1 an Tisch 1"},
		"a hall without the busy table": {preis, func(tr *Tournament) { tr.Tables = 1 }, "An Tisch 2 wird gerade Partie 3 gespielt"},
		"a table beyond any hall":       {preis, func(tr *Tournament) { tr.Rounds[0].Matches[3].Table = MaxTables + 1 }, "Partie 4: Der Tisch muss zwischen 1 und 2048 liegen, nicht 2049"},
		"a waiting match with a table":  {preis, func(tr *Tournament) { tr.Rounds[0].Matches[1].Table = 3 }, "Partie 2: Die Partie ist nicht aufgerufen, nennt aber Tisch 3"},
		"a bye at a table": {func() *Tournament { return round1(t) }, func(tr *Tournament) {
			tr.Rounds[0].Matches[3].Started, tr.Rounds[0].Matches[3].Table = true, 1
		}, "Runde 1, Partie 4: Ein Freilos oder eine aufgegebene Partie wird nicht gespielt"},
		"a surrender with a score": {func() *Tournament { return round1(t) }, func(tr *Tournament) { tr.Rounds[0].Matches[0].Result.Bummerl = [2]int{2, 0} },
			"Runde 1, Partie 1: Ein Freilos oder eine aufgegebene Partie"},
		"a result against its sheet": {preis, func(tr *Tournament) {
			tr.Rounds[0].Matches[3].Result = &Result{Winner: 7, Sheet: deals(0, 3, 0, 3, 0, 1, 0, 3, 0, 3, 0, 1)}
		}, "Partie 4: Laut Spielzettel gewinnt Karte 7 mit 2:0 Bummerl"},
		"a draw by hand with a seed":  {preis, func(tr *Tournament) { tr.Rounds[0].Draw.Seed = "x" }, "Runde 1: Eine Auslosung von Hand hat keinen Seed"},
		"matches numbered with a gap": {preis, func(tr *Tournament) { tr.Rounds[0].Matches[2].No = 5 }, "Runde 1: Partie 5 müsste Partie 3 sein"},
		"a pending draw of another seed": {preis, func(tr *Tournament) { tr.Pending = &Commitment{Seed: "a", Commitment: commitment("b")} },
			"Die angekündigte Auslosung: Die Festlegung muss der Hex-SHA-256 des Seeds sein"},
		"settings with spaces":     {preis, func(tr *Tournament) { tr.Settings.Name += " " }, "Die Einstellungen enthalten einen Wert"},
		"a player name with space": {preis, func(tr *Tournament) { tr.Players[0].Name = " Huber" }, "Person 1: Name, Verein oder Telefon"},
		"Swiss: two cards for one": {swissT, func(tr *Tournament) { tr.Settings.MaxCards = 2 }, "Die Einstellungen enthalten einen Wert"},
		"Swiss: another pairing": {swissT, func(tr *Tournament) {
			m := tr.Rounds[0].Matches
			m[0].B, m[1].B = m[1].B, m[0].B
		}, "Runde 1, Partie 1: Die Auslosung ergibt hier Karte"},
		"Swiss: withdrawn a round early": {swissT, func(tr *Tournament) { tr.Cards[4].Out = 1 }, "Runde 1"},
		"Swiss: entered after the last round": {swissT, func(tr *Tournament) { tr.Cards[7].From = 4 },
			"Karte 8: Einstiegsrunde 4 und Rückzugsrunde 0 sind hier nicht möglich"},
		"Swiss: tickets from pots": {swissT, func(tr *Tournament) {
			tr.Rounds[1].Draw.Groups = []GroupTickets{{Tickets: []Ticket{{Card: 1, Number: 1}}}}
		}, "Runde 2: Eine Runde im Schweizer System wird mit der angekündigten Zufallszahl gepaart"},
		"Swiss: a draw from pots": {swissT, func(tr *Tournament) { tr.Rounds[1].Draw.Method = Digital }, "Runde 2: Eine Runde im Schweizer System"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tr := tc.make()
			rebuilds(t, tr)
			tc.damage(tr)
			before := clone(t, tr)
			err := Rebuild(tr)
			if e, ok := err.(*Error); !ok || !strings.Contains(e.Text("de"), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			unchanged(t, before, tr)
		})
	}
}
