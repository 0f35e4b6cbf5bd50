package draw

import (
	"errors"
	"fmt"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
)

// swissEvening is a Swiss tournament of 9 players over 3 rounds with a
// withdrawal and a late entry before round 3 (issue 14).
func swissEvening(t *testing.T) *tournament.Tournament {
	t.Helper()
	tr, err := tournament.New(tournament.Settings{Name: "Schweizer", Form: tournament.FormSwiss, Cards: 16,
		Variant: schnapsen.Soft, Closing: schnapsen.AtClose, BummerlToWin: 2, Prizes: []string{"Wein", "Speck"},
		Swiss: tournament.SwissSettings{Rounds: 3}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 9 {
		if _, _, err := tr.SellTo(tournament.Player{Name: fmt.Sprint("Spieler ", i+1)}, 1); err != nil {
			t.Fatal(err)
		}
	}
	for k := 1; k <= 3; k++ {
		if k == 3 {
			mustDo(t, tr.Withdraw(4))
			if _, _, err := tr.EnterLate(tournament.Player{Name: "Spät"}); err != nil {
				t.Fatal(err)
			}
		}
		seed := fmt.Sprint("abend-", k)
		mustDo(t, tr.Announce(tournament.Commitment{Seed: seed, Commitment: Commit(seed)}))
		mustDo(t, tr.ApplyDraw(tournament.Draw{Method: tournament.SwissPairing, Seed: seed, Commitment: Commit(seed)}))
		for _, m := range tr.Current().Matches {
			if !m.Bye() {
				w := m.A
				if (int(m.A)+k)%3 == 0 {
					w = m.B
				}
				mustDo(t, tr.SetResult(k, m.No, m.Version, m.ScoredResult(w, 2, 1)))
			}
		}
	}
	return tr
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSwissProtocol: every round's protocol pairs again from its seed
// (SW-4), round 1 from the drawn order; a changed board, a changed rank
// in round 1, a changed input and a seed that is not the commitment's are
// found.
func TestSwissProtocol(t *testing.T) {
	tr := swissEvening(t)
	for k := 1; k <= 3; k++ {
		p, err := ProtocolOf(tr, k)
		mustDo(t, err)
		if p.Method != "swiss" || p.Swiss == nil || len(p.Groups) != 0 {
			t.Fatalf("round %d: %+v", k, p)
		}
		if err := p.Verify(); err != nil {
			t.Fatalf("round %d: %v", k, err)
		}
		if k == 3 && (len(p.Swiss.Players) != 10 || !p.Swiss.Players[3].Withdrawn) {
			t.Fatalf("round 3 input: %+v", p.Swiss.Players)
		}
		wrong := func(what string, change func(*Protocol), code Code) {
			t.Helper()
			q, _ := ProtocolOf(tr, k)
			change(&q)
			var de *Error
			if err := q.Verify(); !errors.As(err, &de) || de.Code != code {
				t.Errorf("round %d, %s: %v, want code %s", k, what, err, code)
			}
		}
		wrong("boards swapped", func(q *Protocol) { q.Swiss.Boards[0], q.Swiss.Boards[1] = q.Swiss.Boards[1], q.Swiss.Boards[0] }, CodeTicket)
		wrong("another seed", func(q *Protocol) { q.Seed = "anders" }, CodeCommitment)
		wrong("no pairing", func(q *Protocol) { q.Swiss = nil }, CodeProtocol)
		if k == 1 {
			wrong("ranks swapped", func(q *Protocol) {
				q.Swiss.Players[0].Rank, q.Swiss.Players[1].Rank = q.Swiss.Players[1].Rank, q.Swiss.Players[0].Rank
			}, CodeTicket)
		} else {
			wrong("points changed", func(q *Protocol) {
				for i := range q.Swiss.Players {
					q.Swiss.Players[i].Points = 0 // one score group: another pairing
					q.Swiss.Players[i].Rank = len(q.Swiss.Players) - i
				}
			}, CodeTicket)
		}
	}
}
