package web

import (
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
	"bummerl/store"
	"bummerl/views"
)

// The smaller frictions of the second evening (issue 23, point 7), over
// HTTP; browser_frictions_test.go has the ones about layout and script.

// TestPrizeDescriptionsOptional: a prize without a description is no
// refusal (it used to be one, shown under "Anzahl Preise"): it is called
// "Preis n", "Prize n" in English, on the form and through the API (P-9).
func TestPrizeDescriptionsOptional(t *testing.T) {
	app := newTestApp(t)
	de := app.loggedIn("Anna", store.Organiser)
	form := de.get("/tournaments/new").body
	mustContain(t, form, `placeholder="Preis 1"`, `placeholder="Preis 8"`, "Ohne Beschreibung heißt ein Preis „Preis 1“")
	en := app.loggedIn("Emma", store.Organiser)
	mustContain(t, en.get("/tournaments/new?lang=en").body, `placeholder="Prize 2"`)

	prizes := func(path string) []string {
		t.Helper()
		tr, err := app.store.Load(t.Context(), tournamentOf(t, path))
		if err != nil {
			t.Fatal(err)
		}
		return tr.Settings.Prizes
	}
	four := map[string]string{"prizes": "4", "prize_1": "Schinken", "prize_2": " ", "prize_3": "", "prize_4": "Wein"}
	if got, want := prizes(de.createTournament(settingsForm(four))), []string{"Schinken", "Preis 2", "Preis 3", "Wein"}; !slices.Equal(got, want) {
		t.Errorf("German form: prizes %q, want %q", got, want)
	}
	enPath := en.createTournament(settingsForm(map[string]string{"prize_1": ""}))
	if got, want := prizes(enPath), []string{"Prize 1", "Wein"}; !slices.Equal(got, want) {
		t.Errorf("English form: prizes %q, want %q", got, want)
	}
	// Changed later, an emptied description becomes the default again.
	if r := en.post(enPath+"/settings", settingsForm(map[string]string{"prize_2": ""})); r.status != http.StatusSeeOther {
		t.Fatalf("settings: %d\n%s", r.status, r.body)
	}
	if got, want := prizes(enPath), []string{"Schinken", "Prize 2"}; !slices.Equal(got, want) {
		t.Errorf("changed settings: prizes %q, want %q", got, want)
	}

	// The API: English unless the client asks for German.
	body := map[string]any{"name": "API", "cards": 8, "max_cards": 1, "prizes": []string{"", "Wein"}}
	r := app.client().api(http.MethodPost, "/api/tournaments", basic("Anna", "Anna-password"), body)
	if r.status != http.StatusCreated {
		t.Fatalf("API: %d %s", r.status, r.body)
	}
	mustContain(t, r.body, `"prizes":["Prize 1","Wein"]`)
}

// TestSoldOutNoNamesakeAsk: with every card sold the desk does not ask
// "Franz Huber hat schon Karten 1, 2 — ihm verkaufen?" (P-1): it says that
// all cards are sold, with and without JavaScript, in German and English.
func TestSoldOutNoNamesakeAsk(t *testing.T) {
	app := newTestApp(t)
	org := app.loggedIn("Anna", store.Organiser)
	tour := org.createTournament(settingsForm(map[string]string{"cards": "4", "max_cards": "2"}))
	for _, name := range []string{"Franz Huber", "Maria Gruber"} {
		if r := org.post(tour+"/sale", url.Values{"name": {name}, "count": {"2"}}); r.status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d\n%s", name, r.status, r.body)
		}
	}
	helper := app.loggedIn("Hans", store.Helper)
	again := url.Values{"name": {"franz huber"}, "count": {"1"}}
	for name, r := range map[string]response{"htmx": helper.htmx(tour+"/sale", again), "plain form": helper.post(tour+"/sale", again)} {
		if r.status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: status %d\n%s", name, r.status, r.body)
		}
		mustContain(t, r.body, `data-testid="error-count"`, "Alle 4 Karten sind verkauft")
		mustNotContain(t, r.body, "verkaufen?", `data-testid="sale-ask"`)
	}
	helper.get(tour + "/sale?lang=en")
	r := helper.htmx(tour+"/sale", again)
	mustContain(t, r.body, "all 4 cards are sold")
	mustNotContain(t, r.body, "sell to him?")
	if tr, _ := app.store.Load(t.Context(), tournamentOf(t, tour)); len(tr.Players) != 2 || tr.Sold() != 4 {
		t.Errorf("after the refusals: %d players, %d sold", len(tr.Players), tr.Sold())
	}
}

// TestDigitalTableShown: while a match is played at a digital table the
// round page's row and the match page say so ("läuft am Digitaltisch"),
// staff with a link to the table's page. Starting and abandoning the
// table give the tournament a new revision, so the public round page,
// kept per revision and live, shows it at once.
func TestDigitalTableShown(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	no := strconv.Itoa(m.No)
	visitor := f.app.client()
	round := f.path + "/rounds/1"
	status := func(body string) string { return testidText(t, body, "status-"+no) }
	if got := status(visitor.get(round).body); got != "offen" {
		t.Fatalf("before: %q", got)
	}
	rev := f.revision()
	seats := f.startTable(f.helper, m, "0")
	if f.revision() != rev+1 {
		t.Errorf("starting the table: revision %d, want %d", f.revision(), rev+1)
	}
	page := visitor.get(round).body
	mustContain(t, page, `data-live-rev="`+strconv.FormatInt(rev+1, 10)+`"`)
	if got := status(page); got != "läuft am Digitaltisch" {
		t.Errorf("visitor's round page: %q", got)
	}
	mustNotContain(t, page, "/play\"")
	part := visitor.request(http.MethodGet, round, nil, map[string]string{"HX-Request": "true"}).body // what the stream sends
	mustContain(t, part, "läuft am Digitaltisch")
	link := `<a href="` + views.PlayAdminPath(f.id, 1, m.No) + `" data-testid="`
	staff := f.helper.get(round).body
	mustContain(t, staff, link+`status-`+no+`">läuft am Digitaltisch</a>`)
	if strings.Count(staff, "läuft am Digitaltisch") != 1 {
		t.Error("another match shown at a digital table")
	}
	mustContain(t, f.helper.get(round+"/matches/"+no).body, link+`match-status">läuft am Digitaltisch</a>`)
	f.helper.get(round + "?lang=en")
	mustContain(t, f.helper.get(round+"/matches/"+no).body, link+`match-status">being played at a digital table</a>`)
	mustContain(t, visitor.get(round+"?lang=en").body, "being played at a digital table")

	// Abandoned (paper), the match is open again, at once.
	dt, _, err := f.app.store.TableBySeat(t.Context(), seats[0].token)
	if err != nil {
		t.Fatal(err)
	}
	if r := f.helper.post(views.PlayTablePath(f.id, dt.ID, "/abandon"), nil); r.status != http.StatusSeeOther {
		t.Fatalf("abandon: %d %s", r.status, r.body)
	}
	if got := status(visitor.get(round + "?lang=de").body); got != "offen" || f.revision() != rev+2 {
		t.Errorf("after abandoning: %q at revision %d", got, f.revision())
	}
}

// TestSwissMatchPageBoard: a Swiss match page names its board (SW-8,
// docs/swiss.md "Boards, not matches"), as the round page does, and so does
// the way back from its digital table's page; Preisschnapsen keeps "Partie".
func TestSwissMatchPageBoard(t *testing.T) {
	f := swissFixture(t)
	f.drawDigital()
	m := f.firstPlayable(1)
	no := strconv.Itoa(m.No)
	page := f.helper.get(f.path + "/rounds/1/matches/" + no).body
	mustContain(t, page, "<h1>Ergebnis: Runde 1, Brett "+no+"</h1>", "<title>Ergebnis: Runde 1, Brett "+no+" · ")
	mustNotContain(t, page, "Partie "+no)
	mustContain(t, f.helper.get(views.PlayAdminPath(f.id, 1, m.No)).body, ">Zurück zu Brett "+no+"</a>")
	en := f.app.loggedIn("Emma", store.Helper)
	en.get("/?lang=en")
	mustContain(t, en.get(f.path+"/rounds/1/matches/"+no).body, "<h1>Result: Round 1, board "+no+"</h1>")
	mustContain(t, en.get(views.PlayAdminPath(f.id, 1, m.No)).body, ">Back to board "+no+"</a>")

	p := newFixture(t, nil, 1, 1, 1, 1, 1)
	p.drawDigital()
	pm := p.firstPlayable(1)
	mustContain(t, p.helper.get(p.path+"/rounds/1/matches/"+strconv.Itoa(pm.No)).body, ", Partie "+strconv.Itoa(pm.No)+"</h1>")
}

// toDeclare plays fixture f's soft or sharp digital tables through the
// seat links, cards and marriages only, until the seat to move may declare
// out (S-13) with fewer than 66 card points (doubt) or with 66 or more,
// and returns its phone. A match that ends first gives way to the next
// match's table.
func toDeclare(t *testing.T, f fixture, doubt bool) seatPhone {
	t.Helper()
	r := mrand.New(mrand.NewPCG(1, 23))
	for _, m := range f.load().Rounds[0].Matches {
		if playing, _ := f.app.store.PlayingTables(t.Context(), f.id); m.Decided() || slices.ContainsFunc(playing, func(dt store.DigitalTable) bool { return dt.Match == m.No }) {
			continue
		}
		phones := f.startTable(f.helper, m, "0")
		for {
			s0, _ := phones[0].state(t)
			if s0.Finished {
				break
			}
			p := phones[s0.ToMove]
			s, _ := p.state(t)
			var moves []table.Move
			canDeclare := false
			for _, mv := range s.Legal {
				switch mv.Kind {
				case schnapsen.Declare:
					canDeclare = true
				case schnapsen.Play, schnapsen.Marriage:
					moves = append(moves, mv)
				}
			}
			if canDeclare && (s.Points == nil || *s.Points < 66) == doubt {
				return p
			}
			mv := moves[r.IntN(len(moves))]
			mv.ID = views.MoveID(s.Seq, s.Seat, mv)
			if res := p.move(s.Seq, mv); res.status != http.StatusOK {
				t.Fatalf("move %+v: %d\n%s", mv, res.status, res.body)
			}
		}
	}
	t.Fatalf("no table came to a declaration (doubt %v)", doubt)
	return seatPhone{}
}

var hiddenField = regexp.MustCompile(`name="(id|seq|do)" value="([^"]*)"`)

// TestDeclareAsksOnce: "Genug!" with fewer than 66 card points is legal
// but loses the deal (S-15), so the phone asks once: with JavaScript the
// browser's confirm (hx-confirm, then htmx posts the move); without, the
// button opens the page with the question (?ask=declare), whose "Ja,
// ausmelden" posts it. With 66 or more, and in sharp Schnapsen, where the
// phone shows no points (S-18), it does not ask (issue 23).
func TestDeclareAsksOnce(t *testing.T) {
	f := newFixture(t, map[string]string{"variant": "soft"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	p := toDeclare(t, f, true)
	s, _ := p.state(t)
	question := fmt.Sprintf("Du hast erst %d Augen. Wer mit weniger als 66 ausmeldet, verliert das Spiel", *s.Points)
	page := p.c.get(p.path("")).body
	mustContain(t, page, `<form method="get" action="`+p.path("")+`" hx-post="`+p.path("/move")+`" hx-vals="{`,
		`hx-confirm="`+question, `name="ask" value="declare"`, `data-testid="act-declare"`, ">Genug!</button>")
	en := p.c.get(p.path("?ask=declare&lang=en")).body
	mustContain(t, en, fmt.Sprintf("You have only %d card points.", *s.Points), "Yes, declare out", "No, play on")

	ask := p.c.get(p.path("?ask=declare&lang=de")).body
	mustContain(t, ask, `data-testid="declare-ask"`, question, `data-testid="declare-yes">Ja, ausmelden</button>`,
		`href="`+p.path("")+`" data-testid="declare-no">Nein, weiterspielen</a>`)
	mustNotContain(t, ask, `data-testid="act-declare"`)
	yes := ask[strings.Index(ask, `data-testid="declare-ask"`):]
	yes = yes[:strings.Index(yes, `data-testid="declare-yes"`)]
	form := url.Values{}
	for _, m := range hiddenField.FindAllStringSubmatch(yes, -1) {
		form.Set(m[1], m[2])
	}
	if form.Get("do") != "declare" || form.Get("seq") != strconv.Itoa(s.Seq) {
		t.Fatalf("the answer's form: %v", form)
	}
	if r := p.c.post(p.path("/move"), form); r.status != http.StatusSeeOther {
		t.Fatalf("declare: %d\n%s", r.status, r.body)
	}
	after, _ := p.state(t)
	if after.Previous == nil || after.Previous.Reason != schnapsen.WrongDeclaration || after.Previous.Winner == s.Seat {
		t.Fatalf("after the declaration: %+v", after.Previous)
	}

	// 66 or more: a plain move, nothing asked, not even with ?ask=declare.
	p = toDeclare(t, f, false)
	for _, path := range []string{p.path(""), p.path("?ask=declare")} {
		page = p.c.get(path).body
		mustContain(t, page, `data-testid="act-declare"`, ">Genug!</button>")
		mustNotContain(t, page, "hx-confirm", `data-testid="declare-ask"`, `name="ask"`)
	}

	sharp := newFixture(t, map[string]string{"variant": "sharp"}, 1, 1, 1, 1, 1, 1, 1, 1)
	sharp.drawDigital()
	p = toDeclare(t, sharp, true)
	mustNotContain(t, p.c.get(p.path("")).body, "hx-confirm", `name="ask"`)
}

// TestPhoneWording: the phone speaks of its own player in grammatical
// German and English ("von dir zugedreht", not "zugedreht von Du"; issue
// 23), of the other by name, and names its two score rows apart: the game
// points of this Bummerl, counted down from 7 (B-1), and the Bummerl won
// in the match (B-3).
func TestPhoneWording(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.drawDigital()
	m := f.firstPlayable(1)
	phones := f.startTable(f.helper, m, "1") // seat 0 is forehand in deal 1
	dt, _, err := f.app.store.TableBySeat(t.Context(), phones[0].token)
	if err != nil {
		t.Fatal(err)
	}
	names := dt.Names
	act := func(seat int, mv table.Move) {
		t.Helper()
		s, _ := phones[seat].state(t)
		mv.ID = views.MoveID(s.Seq, seat, mv)
		if r := phones[seat].move(s.Seq, mv); r.status != http.StatusOK {
			t.Fatalf("%+v: %d\n%s", mv, r.status, r.body)
		}
	}
	page := func(seat int, lang string) string {
		t.Helper()
		return phones[seat].c.get(phones[seat].path("/table?lang=" + lang)).body
	}
	mustContain(t, page(0, "de"), "<td>Punkte im Bummerl (von 7 herunter)</td>", "<td>Gewonnene Bummerl (2 zum Sieg)</td>")
	mustContain(t, page(0, "en"), "<td>Game points this Bummerl (7 down to 0)</td>", "<td>Bummerl won (2 to win)</td>")

	act(0, table.Move{Kind: schnapsen.Close})
	s, _ := phones[0].state(t)
	act(0, table.Move{Kind: schnapsen.Play, Card: s.Hand[0]})
	mustContain(t, page(0, "de"), ">von dir zugedreht<", "von dir ausgespielt")
	mustContain(t, page(0, "en"), ">closed by you<", "led by you")
	mustContain(t, page(1, "de"), ">zugedreht von "+names[0]+"<", "ausgespielt von "+names[0])
	mustContain(t, page(1, "en"), ">closed by "+names[0]+"<", "led by "+names[0])

	act(1, table.Move{Resign: table.ResignDeal})
	mustContain(t, page(0, "de"), "Spiel 1: du gewinnst 3 (aufgegeben von "+names[1]+")")
	mustContain(t, page(1, "de"), "Spiel 1: "+names[0]+" gewinnt 3 (von dir aufgegeben)")
	mustContain(t, page(0, "en"), "Deal 1: you win 3 (resigned by "+names[1]+")")
	mustContain(t, page(1, "en"), "Deal 1: "+names[0]+" wins 3 (resigned by you)")
	act(1, table.Move{Resign: table.ResignMatch})
	mustContain(t, page(1, "de"), "Du hast die Partie aufgegeben.")
	mustContain(t, page(1, "en"), "You resigned the match.")
	mustContain(t, page(0, "de"), "Die Partie hat "+names[1]+" aufgegeben.")
	for seat := range 2 {
		for _, lang := range []string{"de", "en"} {
			mustNotContain(t, page(seat, lang), "von Du", "Du hat", "Du gewinnt", "hat Du", "by You", "You wins")
		}
	}
}
