package web

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/draw"
)

// TestWholeEvening runs a Preisschnapsen evening through HTTP: 64 cards
// with 8 prizes sold to 40 players, a digital draw per round whose
// commitment is public before and verifiable after, every result entered
// (quick or as a full sheet, one corrected), the placement stage, and the
// standings and prizes checked against what the results imply (P-7).
func TestWholeEvening(t *testing.T) {
	settings := map[string]string{"name": "Preisschnapsen Gumpoldskirchen", "cards": "64", "max_cards": "3", "prizes": "8"}
	for i := 1; i <= 8; i++ {
		settings["prize_"+strconv.Itoa(i)] = "Preis " + strconv.Itoa(i)
	}
	// 40 players: 8 with three cards, 8 with two, 24 with one: 64 cards.
	var counts []int
	for i := range 40 {
		counts = append(counts, map[bool]int{true: 1, false: 3 - i%2}[i >= 16])
	}
	f := newFixture(t, settings, counts...)
	if tr := f.Load(); tr.Sold() != 64 || len(tr.Players) != 40 {
		t.Fatalf("sold %d cards to %d players", tr.Sold(), len(tr.Players))
	}
	anon := f.App.Client()
	rng := rand.New(rand.NewPCG(4, 64))

	want := map[tournament.CardNo][2]int{} // card → the place range the results imply
	var names []string
	corrected, sheets, quicks := false, 0, 0
	for round := 1; ; round++ {
		next := webtest.Decode[nextDrawJSON](t, anon.API(http.MethodGet, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/draw", "", nil))
		if next.Blocked != nil {
			if next.Blocked.Code != "tournament_finished" || round != 7 {
				t.Fatalf("round %d: nothing to draw: %+v", round, next.Blocked)
			}
			break
		}
		// Commitment public before the draw; seed revealed after; protocol verifies.
		commitment := f.DrawDigital()
		rj := webtest.Decode[roundJSON](t, anon.API(http.MethodGet, apiRoundPath(f.ID, round)+"?lang=de", "", nil))
		sum := sha256.Sum256([]byte(rj.Seed))
		if rj.Commitment != commitment || hex.EncodeToString(sum[:]) != commitment {
			t.Fatalf("round %d: seed %q does not hash to the commitment %s shown before", round, rj.Seed, commitment)
		}
		p, err := draw.ReadProtocol(strings.NewReader(anon.Get(f.Path + "/rounds/" + strconv.Itoa(round) + "/protocol.json").Body))
		if err != nil || p.Verify() != nil {
			t.Fatalf("round %d: protocol %v / %v", round, err, p.Verify())
		}
		names = append(names, rj.Name)

		// Every result, alternately quick and as a full score sheet.
		mainCards := 0
		for _, m := range rj.Matches {
			if m.Bracket == "main" {
				mainCards += 2
			}
		}
		for _, m := range rj.Matches {
			winner, loser := m.A, m.B
			if !m.Surrendered {
				if m.Bye {
					t.Fatalf("round %d match %d: a bye with all 64 cards sold", round, m.Match)
				}
				seat := rng.IntN(2)
				if seat == 1 {
					winner, loser = m.B, m.A
				}
				lost := rng.IntN(2)
				ref := matchRef{f.ID, round, m.Match}
				var r webtest.Response
				if (quicks+sheets)%2 == 0 {
					quicks++
					if !corrected { // enter it wrong first, then correct it
						r = f.Quick(f.Helper, round, tournament.Match{No: m.Match, Version: m.Version}, loser, "2:0")
						if r.Status != http.StatusSeeOther {
							t.Fatalf("wrong result: %d\n%s", r.Status, r.Body)
						}
						m.Version++
						corrected = true
					}
					r = f.Quick(f.Helper, round, tournament.Match{No: m.Match, Version: m.Version}, winner, "2:"+strconv.Itoa(lost))
				} else {
					sheets++
					r = f.Helper.Post(matchURL(ref)+"/sheet", sheetForm(m.Version, winningSheet(seat, lost, 2)...))
				}
				if r.Status != http.StatusSeeOther {
					t.Fatalf("round %d match %d: status %d\n%s", round, m.Match, r.Status, r.Body)
				}
			}
			// P-7: what this result implies for the places.
			switch {
			case m.Bracket == "main" && mainCards == 2:
				want[winner], want[loser] = [2]int{1, 1}, [2]int{2, 2}
			case m.Bracket == "main" && mainCards > 8:
				want[loser] = [2]int{mainCards/2 + 1, mainCards}
			case m.Bracket == "place-3":
				want[winner], want[loser] = [2]int{3, 3}, [2]int{4, 4}
			case m.Bracket == "place-5":
				want[winner], want[loser] = [2]int{5, 5}, [2]int{6, 6}
			case m.Bracket == "place-7":
				want[winner], want[loser] = [2]int{7, 7}, [2]int{8, 8}
			}
		}
	}

	wantNames := []string{"Runde 1", "Runde 2", "Achtelfinale", "Viertelfinale", "Halbfinale, Platz 5–8",
		"Finale, Spiel um Platz 3, Spiel um Platz 5, Spiel um Platz 7"}
	if strings.Join(names, " | ") != strings.Join(wantNames, " | ") {
		t.Errorf("rounds %q, want %q", names, wantNames)
	}
	if sheets < 20 || quicks < 20 {
		t.Errorf("%d sheets and %d quick results", sheets, quicks)
	}

	// Standings: every card placed as the results imply.
	st := webtest.Decode[standingsJSON](t, anon.API(http.MethodGet, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/standings", "", nil))
	if !st.Finished || len(st.Cards) != 64 || len(want) != 64 {
		t.Fatalf("finished %v, %d cards placed, %d expected", st.Finished, len(st.Cards), len(want))
	}
	best := map[tournament.PlayerID][2]int{}
	byPlace := map[int]standingJSON{}
	for _, c := range st.Cards {
		if !c.Decided || [2]int{c.From, c.To} != want[c.Card] {
			t.Errorf("card %d: %d–%d (decided %v), want %v", c.Card, c.From, c.To, c.Decided, want[c.Card])
		}
		if b, ok := best[c.Player]; !ok || c.From < b[0] {
			best[c.Player] = [2]int{c.From, c.To}
		}
		if c.From == c.To {
			byPlace[c.From] = c
		}
	}
	if len(st.Players) != 40 {
		t.Fatalf("%d players placed", len(st.Players))
	}
	for _, p := range st.Players {
		if [2]int{p.From, p.To} != best[p.Player] {
			t.Errorf("player %d: %d–%d, want %v", p.Player, p.From, p.To, best[p.Player])
		}
	}

	// Prizes: prize i to the card in place i (several prizes per player allowed).
	prizes := webtest.Decode[[]prizeJSON](t, anon.API(http.MethodGet, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/prizes", "", nil))
	if len(prizes) != 8 {
		t.Fatalf("%d prizes", len(prizes))
	}
	for _, pz := range prizes {
		c := byPlace[pz.Prize]
		if !pz.Decided || pz.Card != c.Card || pz.Name != c.Name || pz.Description != "Preis "+strconv.Itoa(pz.Prize) {
			t.Errorf("prize %d: %+v, want card %d (%s)", pz.Prize, pz, c.Card, c.Name)
		}
	}

	// The pages show the same: standings, bracket, prize list, print sheets.
	page := anon.Get(f.Path + "/standings").Body
	webtest.MustContain(t, page, `data-testid="finished"`, `data-testid="bracket"`, "Viertelfinale", "Finale", "Spiel um Platz 7", "33.–64.")
	if got := webtest.TestidText(t, page, "cards-place-"+strconv.Itoa(int(byPlace[1].Card))); got != "1." {
		t.Errorf("standings page: winner's place %q", got)
	}
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/prizes").Body, byPlace[1].Name, "Preis 8")
	// The players' phones: the winner's page names his place and prize;
	// a card out in round 1 shows its shared place.
	win := strconv.Itoa(int(byPlace[1].Card))
	webtest.MustContain(t, anon.Get(f.Path+"/card/"+win).Body, `data-testid="place-`+win+`"`, "Platz 1.", "1. Preis: Preis 1")
	for card, w := range want {
		if w == [2]int{33, 64} {
			no := strconv.Itoa(int(card))
			webtest.MustContain(t, anon.Get(f.Path+"/card/"+no).Body, `data-testid="place-`+no+`"`, "Platz 33.–64.")
			break
		}
	}
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/bracket").Body, `data-testid="bracket"`)
	// Every page of the history (issue 9: pages of historyPageSize).
	hist := ""
	for page := 1; page < 50; page++ {
		body := f.Org.Get(f.Path + "/history?page=" + strconv.Itoa(page)).Body
		hist += body
		if !strings.Contains(body, `rel="next"`) {
			break
		}
	}
	if n := strings.Count(hist, `data-action="result">Ergebnis eingetragen</td>`); n < quicks {
		t.Errorf("history lists %d quick results, want at least %d", n, quicks)
	}
	for _, a := range regexp.MustCompile(`data-action="([^"]*)">([^<]*)<`).FindAllStringSubmatch(hist, -1) {
		if a[1] == a[2] {
			t.Errorf("history shows the action code %q instead of its German name", a[1])
		}
	}
	webtest.MustContain(t, hist, `data-action="announce draw">Auslosung angekündigt<`, `data-action="result sheet">Spielzettel eingetragen<`, `data-action="sell">Karten verkauft<`)
	if r := f.Org.Post(f.Path+"/draw/announce", url.Values{}); r.Status != http.StatusConflict {
		t.Errorf("announce after the end: %d", r.Status)
	}
}

// winningSheet is a score sheet seat wins with need Bummerl against lost:
// the loser's Bummerl first (3+3+1), then the winner's (3+2+2).
func winningSheet(seat, lost, need int) []string {
	w, l := strconv.Itoa(seat), strconv.Itoa(1-seat)
	var deals []string
	for range lost {
		deals = append(deals, l+"/3/declared", l+"/3/closing_failed", l+"/1/last_trick")
	}
	for range need {
		deals = append(deals, w+"/3/declared", w+"/2", w+"/2/wrong_declaration")
	}
	return deals
}
