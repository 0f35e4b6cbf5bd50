package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
)

// Issue 9: the history reads one line per action in the page's language,
// naming the match and the people; details folded, no raw JSON; filters
// by round, player and user; pages of historyPageSize.
func TestHistoryLines(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"}, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	f.Helper.Post(f.Path+"/sale", url.Values{"name": {"Spieler 1"}, "count": {"1"}, "ask": {"1"}, "new_player": {"1"}, "note": {"Graz"}})
	f.Org.Post(f.Path+"/players/2/edit", url.Values{"name": {"Maria Berger"}, "club": {"ASK"}, "phone": {""}})
	f.DrawDigital()
	var ms []tournament.Match
	for _, m := range f.Load().Rounds[0].Matches {
		if !m.Bye() && !m.Surrendered {
			ms = append(ms, m)
		}
	}
	m := ms[0]
	f.Quick(f.Helper, 1, m, m.B, "2:1")
	m2 := ms[1]
	f.Quick(f.Helper, 1, m2, m2.A, "k")
	m = f.MatchOf(1, m.No)
	f.Quick(f.Org, 1, m, m.A, "2:0") // a correction
	tr := f.Load()
	name := func(c tournament.CardNo) string {
		cd, _ := tr.Card(c)
		p, _ := tr.Player(cd.Player)
		return p.Name
	}
	h := f.Org.Get(f.Path + "/history").Body
	webtest.MustNotContain(t, h, "<pre>", `"has_result"`, `data-action="edit player">edit player<`)
	webtest.MustContain(t, h,
		"Karten 1, 2 an Spieler 1", "Karte 15 an Spieler 1 (Graz)",
		`data-action="edit player">Spieler geändert<`, "Spieler Spieler 2: Name: „Spieler 2“ → „Maria Berger“, Verein: – → „ASK“",
		"Runde 1 ausgelost: 8 Partien",
		"Ergebnis Runde 1, Partie "+strconv.Itoa(m2.No)+": Sieger Karte "+strconv.Itoa(int(m2.A))+" ("+name(m2.A)+") kampflos",
		"Ergebnis Runde 1, Partie "+strconv.Itoa(m.No)+": Sieger Karte "+strconv.Itoa(int(m.A))+" ("+name(m.A)+") 2:0 (vorher: Sieger Karte "+
			strconv.Itoa(int(m.B))+" ("+name(m.B)+") 2:1)",
		`<details>`, `data-testid="history-count">21 Einträge · Seite 1 von 1<`)
	// English.
	en := f.Org
	en.Get(f.Path + "/history?lang=en")
	h = en.Get(f.Path + "/history").Body
	webtest.MustContain(t, h, `data-action="edit player">Player edited<`, "Result round 1, match "+strconv.Itoa(m.No)+": winner card "+strconv.Itoa(int(m.A)),
		"walkover", "Round 1 drawn: 8 matches", "cards 1, 2 to Spieler 1")
	f.Org.Get(f.Path + "/history?lang=de")
	// Filters.
	count := func(q string) string {
		return webtest.TestidText(t, f.Org.Get(f.Path+"/history?"+q).Body, "history-count")
	}
	if got := count("user=Hans"); !strings.HasPrefix(got, "3 Einträge") { // the sale and two results
		t.Errorf("user filter: %q", got)
	}
	if got := count("round=1"); !strings.HasPrefix(got, "4 Einträge") { // the draw and three results
		t.Errorf("round filter: %q", got)
	}
	// A player's actions: his sale, the draw, the results of matches of
	// his cards (m twice: entered and corrected), Maria's edit.
	results := func(p tournament.PlayerID) int {
		n := 0
		for _, x := range []tournament.Match{m, m, m2} {
			for _, c := range []tournament.CardNo{x.A, x.B} {
				if cd, _ := tr.Card(c); cd.Player == p {
					n++
					break
				}
			}
		}
		return n
	}
	if got, want := count("player="+url.QueryEscape("Maria")), 3+results(2); !strings.HasPrefix(got, strconv.Itoa(want)+" Einträge") {
		t.Errorf("player filter: %q, want %d", got, want)
	}
	holder, _ := tr.Card(m2.A)
	if got, want := count("player="+strconv.Itoa(int(m2.A))), 2+results(holder.Player); holder.Player != 2 && !strings.HasPrefix(got, strconv.Itoa(want)+" Einträge") {
		t.Errorf("card filter: %q, want %d", got, want)
	}
	webtest.MustContain(t, f.Org.Get(f.Path+"/history?user=Hans&round=1").Body, `<option value="1" selected>`, `<option value="Hans" selected>`)
}

// Pages: historyPageSize actions a page, newest first, links both ways
// keeping the filter.
func TestHistoryPages(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1)
	for i := range historyPageSize / 2 {
		f.Org.Post(f.Path+"/sale", url.Values{"player": {"1"}, "count": {"1"}})
		if r := f.Org.Post(f.Path+"/sale/cancel", url.Values{"card": {"2"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("cancel %d: %d", i, r.Status)
		}
	}
	// create + first sale + 2 per loop
	total := 2 + historyPageSize
	h := f.Org.Get(f.Path + "/history").Body
	webtest.MustContain(t, h, "Seite 1 von 2", `rel="next"`, "Karte 2 (Spieler 1) storniert")
	webtest.MustNotContain(t, h, `rel="prev"`, "Turnier angelegt")
	if n := strings.Count(h, `data-testid="history-action"`); n != historyPageSize {
		t.Errorf("%d entries on page 1", n)
	}
	h = f.Org.Get(f.Path + "/history?page=2").Body
	webtest.MustContain(t, h, "Seite 2 von 2", `rel="prev"`, "Turnier angelegt", strconv.Itoa(total)+" Einträge")
	if n := strings.Count(h, `data-testid="history-action"`); n != total-historyPageSize {
		t.Errorf("%d entries on page 2", n)
	}
	h = f.Org.Get(f.Path + "/history?user=Anna&page=2").Body
	webtest.MustContain(t, h, `href="`+f.Path+`/history?user=Anna"`, "Seite 2 von 2")
}

// A finished 4096-card tournament's history stays under 500 KB a page:
// every page of results holds historyPageSize lines like page 1, and the
// biggest single actions — selling all cards at once, drawing 4096 cards —
// show their rows bounded (the page of the oldest actions).
func TestHistoryPageSize4096(t *testing.T) {
	t.Parallel() // slow and on its own app: runs beside the browser tests
	if testing.Short() {
		t.Skip("a 4096-card tournament")
	}
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "4096", "max_cards": "3"}))
	id := webtest.TournamentOf(t, tour)
	actor, _ := app.Store.CheckPassword(t.Context(), "Anna", "Anna-password")
	if _, err := app.Store.Update(t.Context(), id, actor, "sell", func(tr *tournament.Tournament) error {
		for i := range 2048 {
			if _, _, err := tr.SellTo(tournament.Player{Name: "Spielerin mit einem recht langen Namen " + strconv.Itoa(i), Club: "Verein Nummer " + strconv.Itoa(i)}, 2); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	app.DrawRound1(id)
	tr, _ := app.Store.Load(t.Context(), id)
	start := time.Now()
	for i, m := range tr.Rounds[0].Matches[:historyPageSize+10] {
		if _, err := app.Store.Update(t.Context(), id, actor, "result", func(tr *tournament.Tournament) error {
			mt := tr.Rounds[0].Matches[i]
			return tr.SetResult(1, mt.No, mt.Version, tournament.Result{Winner: m.A, Bummerl: [2]int{2, 1}})
		}); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d results in %v", historyPageSize+10, time.Since(start))
	for _, q := range []string{"", "?page=2", "?round=1"} {
		r := org.Get(tour + "/history" + q)
		if r.Status != http.StatusOK {
			t.Fatalf("history%s: %d", q, r.Status)
		}
		if len(r.Body) > 500_000 {
			t.Errorf("history%s: %d bytes", q, len(r.Body))
		}
		t.Logf("history%s: %d bytes", q, len(r.Body))
	}
	_ = draw.Commit
}

// A digital table's start and end read as the match they are for, and the
// round filter finds them.
func TestHistoryDigitalTable(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.Load().Rounds[0].Matches[0]
	f.StartTable(f.Org, m, "0")
	tr := f.Load()
	name := func(c tournament.CardNo) string {
		cd, _ := tr.Card(c)
		p, _ := tr.Player(cd.Player)
		return p.Name
	}
	line := fmt.Sprintf("Runde 1, Partie %d: Karte %d (%s) – Karte %d (%s)", m.No, m.A, name(m.A), m.B, name(m.B))
	h := f.Org.Get(f.Path + "/history?round=1").Body
	webtest.MustContain(t, h, `data-action="start table">Digitalen Tisch gestartet<`, line)
}

// A new tournament's details name its settings, the Swiss system's only
// for a Swiss tournament (a Preisschnapsen tournament's showed "<nil>").
func TestHistoryCreateDetails(t *testing.T) {
	f := newFixture(t, nil)
	h := f.Org.Get(f.Path + "/history").Body
	webtest.MustContain(t, h, "Bummerl pro Partie: 2", "Tische: 0")
	webtest.MustNotContain(t, h, "Turnierform", "&lt;nil&gt;")
	f = swissFixture(t)
	webtest.MustContain(t, f.Org.Get(f.Path+"/history").Body, "Tische: 0, Turnierform: swiss, Runden: 3, Buchholz-Streichwertung: true")
}
