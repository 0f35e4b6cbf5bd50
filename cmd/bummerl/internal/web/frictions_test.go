package web

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
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
	de := app.LoggedIn("Anna", store.Organiser)
	form := de.Get("/tournaments/new").Body
	webtest.MustContain(t, form, `placeholder="Preis 1"`, `placeholder="Preis 8"`, "Ohne Beschreibung heißt ein Preis „Preis 1“")
	en := app.LoggedIn("Emma", store.Organiser)
	webtest.MustContain(t, en.Get("/tournaments/new?lang=en").Body, `placeholder="Prize 2"`)

	prizes := func(path string) []string {
		t.Helper()
		tr, err := app.Store.Load(t.Context(), webtest.TournamentOf(t, path))
		if err != nil {
			t.Fatal(err)
		}
		return tr.Settings.Prizes
	}
	four := map[string]string{"prizes": "4", "prize_1": "Schinken", "prize_2": " ", "prize_3": "", "prize_4": "Wein"}
	if got, want := prizes(de.CreateTournament(webtest.SettingsForm(four))), []string{"Schinken", "Preis 2", "Preis 3", "Wein"}; !slices.Equal(got, want) {
		t.Errorf("German form: prizes %q, want %q", got, want)
	}
	enPath := en.CreateTournament(webtest.SettingsForm(map[string]string{"prize_1": ""}))
	if got, want := prizes(enPath), []string{"Prize 1", "Wein"}; !slices.Equal(got, want) {
		t.Errorf("English form: prizes %q, want %q", got, want)
	}
	// Changed later, an emptied description becomes the default again.
	if r := en.Post(enPath+"/settings", webtest.SettingsForm(map[string]string{"prize_2": ""})); r.Status != http.StatusSeeOther {
		t.Fatalf("settings: %d\n%s", r.Status, r.Body)
	}
	if got, want := prizes(enPath), []string{"Schinken", "Prize 2"}; !slices.Equal(got, want) {
		t.Errorf("changed settings: prizes %q, want %q", got, want)
	}

	// The API: English unless the client asks for German.
	body := map[string]any{"name": "API", "cards": 8, "max_cards": 1, "prizes": []string{"", "Wein"}}
	r := app.Client().API(http.MethodPost, "/api/tournaments", webtest.Basic("Anna", "Anna-password"), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("API: %d %s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `"prizes":["Prize 1","Wein"]`)
}

// TestSoldOutNoNamesakeAsk: with every card sold the desk does not ask
// "Franz Huber hat schon Karten 1, 2 — ihm verkaufen?" (P-1): it says that
// all cards are sold, with and without JavaScript, in German and English.
func TestSoldOutNoNamesakeAsk(t *testing.T) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "4", "max_cards": "2"}))
	for _, name := range []string{"Franz Huber", "Maria Gruber"} {
		if r := org.Post(tour+"/sale", url.Values{"name": {name}, "count": {"2"}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d\n%s", name, r.Status, r.Body)
		}
	}
	helper := app.LoggedIn("Hans", store.Helper)
	again := url.Values{"name": {"franz huber"}, "count": {"1"}}
	for name, r := range map[string]webtest.Response{"htmx": helper.Htmx(tour+"/sale", again), "plain form": helper.Post(tour+"/sale", again)} {
		if r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: status %d\n%s", name, r.Status, r.Body)
		}
		webtest.MustContain(t, r.Body, `data-testid="error-count"`, "Alle 4 Karten sind verkauft")
		webtest.MustNotContain(t, r.Body, "verkaufen?", `data-testid="sale-ask"`)
	}
	helper.Get(tour + "/sale?lang=en")
	r := helper.Htmx(tour+"/sale", again)
	webtest.MustContain(t, r.Body, "all 4 cards are sold")
	webtest.MustNotContain(t, r.Body, "sell to him?")
	if tr, _ := app.Store.Load(t.Context(), webtest.TournamentOf(t, tour)); len(tr.Players) != 2 || tr.Sold() != 4 {
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
	f.DrawDigital()
	m := f.FirstPlayable(1)
	no := strconv.Itoa(m.No)
	visitor := f.App.Client()
	round := f.Path + "/rounds/1"
	status := func(body string) string { return webtest.TestidText(t, body, "status-"+no) }
	if got := status(visitor.Get(round).Body); got != "offen" {
		t.Fatalf("before: %q", got)
	}
	rev := f.Revision()
	seats := f.StartTable(f.Helper, m, "0")
	if f.Revision() != rev+1 {
		t.Errorf("starting the table: revision %d, want %d", f.Revision(), rev+1)
	}
	page := visitor.Get(round).Body
	webtest.MustContain(t, page, `data-live-rev="`+strconv.FormatInt(rev+1, 10)+`"`)
	if got := status(page); got != "läuft am Digitaltisch" {
		t.Errorf("visitor's round page: %q", got)
	}
	webtest.MustNotContain(t, page, "/play\"")
	part := visitor.Request(http.MethodGet, round, nil, map[string]string{"HX-Request": "true"}).Body // what the stream sends
	webtest.MustContain(t, part, "läuft am Digitaltisch")
	link := `<a href="` + views.PlayAdminPath(f.ID, 1, m.No) + `" data-testid="`
	staff := f.Helper.Get(round).Body
	webtest.MustContain(t, staff, link+`status-`+no+`">läuft am Digitaltisch</a>`)
	if strings.Count(staff, "läuft am Digitaltisch") != 1 {
		t.Error("another match shown at a digital table")
	}
	webtest.MustContain(t, f.Helper.Get(round+"/matches/"+no).Body, link+`match-status">läuft am Digitaltisch</a>`)
	f.Helper.Get(round + "?lang=en")
	webtest.MustContain(t, f.Helper.Get(round+"/matches/"+no).Body, link+`match-status">being played at a digital table</a>`)
	webtest.MustContain(t, visitor.Get(round+"?lang=en").Body, "being played at a digital table")

	// Abandoned (paper), the match is open again, at once.
	dt, _, err := f.App.Store.TableBySeat(t.Context(), seats[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	if r := f.Helper.Post(views.PlayTablePath(f.ID, dt.ID, "/abandon"), nil); r.Status != http.StatusSeeOther {
		t.Fatalf("abandon: %d %s", r.Status, r.Body)
	}
	if got := status(visitor.Get(round + "?lang=de").Body); got != "offen" || f.Revision() != rev+2 {
		t.Errorf("after abandoning: %q at revision %d", got, f.Revision())
	}
}

// TestSwissMatchPageBoard: a Swiss match page names its board (SW-8,
// docs/swiss.md "Boards, not matches"), as the round page does, and so does
// the way back from its digital table's page; Preisschnapsen keeps "Partie".
func TestSwissMatchPageBoard(t *testing.T) {
	f := swissFixture(t)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	no := strconv.Itoa(m.No)
	page := f.Helper.Get(f.Path + "/rounds/1/matches/" + no).Body
	webtest.MustContain(t, page, "<h1>Ergebnis: Runde 1, Brett "+no+"</h1>", "<title>Ergebnis: Runde 1, Brett "+no+" · ")
	webtest.MustNotContain(t, page, "Partie "+no)
	webtest.MustContain(t, f.Helper.Get(views.PlayAdminPath(f.ID, 1, m.No)).Body, ">Zurück zu Brett "+no+"</a>")
	en := f.App.LoggedIn("Emma", store.Helper)
	en.Get("/?lang=en")
	webtest.MustContain(t, en.Get(f.Path+"/rounds/1/matches/"+no).Body, "<h1>Result: Round 1, board "+no+"</h1>")
	webtest.MustContain(t, en.Get(views.PlayAdminPath(f.ID, 1, m.No)).Body, ">Back to board "+no+"</a>")

	p := newFixture(t, nil, 1, 1, 1, 1, 1)
	p.DrawDigital()
	pm := p.FirstPlayable(1)
	webtest.MustContain(t, p.Helper.Get(p.Path+"/rounds/1/matches/"+strconv.Itoa(pm.No)).Body, ", Partie "+strconv.Itoa(pm.No)+"</h1>")
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
	f.DrawDigital()
	p := webtest.ToDeclare(t, f, true)
	s, _ := p.State(t)
	question := fmt.Sprintf("Du hast erst %d Augen. Wer mit weniger als 66 ausmeldet, verliert das Spiel", *s.Points)
	page := p.Client.Get(p.Path("")).Body
	webtest.MustContain(t, page, `<form method="get" action="`+p.Path("")+`" hx-post="`+p.Path("/move")+`" hx-vals="{`,
		`hx-confirm="`+question, `name="ask" value="declare"`, `data-testid="act-declare"`, ">Genug!</button>")
	en := p.Client.Get(p.Path("?ask=declare&lang=en")).Body
	webtest.MustContain(t, en, fmt.Sprintf("You have only %d card points.", *s.Points), "Yes, declare out", "No, play on")

	ask := p.Client.Get(p.Path("?ask=declare&lang=de")).Body
	webtest.MustContain(t, ask, `data-testid="declare-ask"`, question, `data-testid="declare-yes">Ja, ausmelden</button>`,
		`href="`+p.Path("")+`" data-testid="declare-no">Nein, weiterspielen</a>`)
	webtest.MustNotContain(t, ask, `data-testid="act-declare"`)
	yes := ask[strings.Index(ask, `data-testid="declare-ask"`):]
	yes = yes[:strings.Index(yes, `data-testid="declare-yes"`)]
	form := url.Values{}
	for _, m := range hiddenField.FindAllStringSubmatch(yes, -1) {
		form.Set(m[1], m[2])
	}
	if form.Get("do") != "declare" || form.Get("seq") != strconv.Itoa(s.Seq) {
		t.Fatalf("the answer's form: %v", form)
	}
	if r := p.Client.Post(p.Path("/move"), form); r.Status != http.StatusSeeOther {
		t.Fatalf("declare: %d\n%s", r.Status, r.Body)
	}
	after, _ := p.State(t)
	if after.Previous == nil || after.Previous.Reason != schnapsen.WrongDeclaration || after.Previous.Winner == s.Seat {
		t.Fatalf("after the declaration: %+v", after.Previous)
	}

	// 66 or more: a plain move, nothing asked, not even with ?ask=declare.
	p = webtest.ToDeclare(t, f, false)
	for _, path := range []string{p.Path(""), p.Path("?ask=declare")} {
		page = p.Client.Get(path).Body
		webtest.MustContain(t, page, `data-testid="act-declare"`, ">Genug!</button>")
		webtest.MustNotContain(t, page, "hx-confirm", `data-testid="declare-ask"`, `name="ask"`)
	}

	sharp := newFixture(t, map[string]string{"variant": "sharp"}, 1, 1, 1, 1, 1, 1, 1, 1)
	sharp.DrawDigital()
	p = webtest.ToDeclare(t, sharp, true)
	webtest.MustNotContain(t, p.Client.Get(p.Path("")).Body, "hx-confirm", `name="ask"`)
}

// TestPhoneWording: the phone speaks of its own player in grammatical
// German and English ("von dir zugedreht", not "zugedreht von Du"; issue
// 23), of the other by name, and names its two score rows apart: the game
// points of this Bummerl, counted down from 7 (B-1), and the Bummerl won
// in the match (B-3).
func TestPhoneWording(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	phones := f.StartTable(f.Helper, m, "1") // seat 0 is forehand in deal 1
	dt, _, err := f.App.Store.TableBySeat(t.Context(), phones[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	names := dt.Names
	act := func(seat int, mv table.Move) {
		t.Helper()
		s, _ := phones[seat].State(t)
		mv.ID = views.MoveID(s.Seq, seat, mv)
		if r := phones[seat].Move(s.Seq, mv); r.Status != http.StatusOK {
			t.Fatalf("%+v: %d\n%s", mv, r.Status, r.Body)
		}
	}
	page := func(seat int, lang string) string {
		t.Helper()
		return phones[seat].Client.Get(phones[seat].Path("/table?lang=" + lang)).Body
	}
	webtest.MustContain(t, page(0, "de"), "<td>Punkte im Bummerl (von 7 herunter)</td>", "<td>Gewonnene Bummerl (2 zum Sieg)</td>")
	webtest.MustContain(t, page(0, "en"), "<td>Game points this Bummerl (7 down to 0)</td>", "<td>Bummerl won (2 to win)</td>")

	act(0, table.Move{Kind: schnapsen.Close})
	s, _ := phones[0].State(t)
	act(0, table.Move{Kind: schnapsen.Play, Card: s.Hand[0]})
	webtest.MustContain(t, page(0, "de"), ">von dir zugedreht<", "von dir ausgespielt")
	webtest.MustContain(t, page(0, "en"), ">closed by you<", "led by you")
	webtest.MustContain(t, page(1, "de"), ">zugedreht von "+names[0]+"<", "ausgespielt von "+names[0])
	webtest.MustContain(t, page(1, "en"), ">closed by "+names[0]+"<", "led by "+names[0])

	act(1, table.Move{Resign: table.ResignDeal})
	webtest.MustContain(t, page(0, "de"), "Spiel 1: du gewinnst 3 (aufgegeben von "+names[1]+")")
	webtest.MustContain(t, page(1, "de"), "Spiel 1: "+names[0]+" gewinnt 3 (von dir aufgegeben)")
	webtest.MustContain(t, page(0, "en"), "Deal 1: you win 3 (resigned by "+names[1]+")")
	webtest.MustContain(t, page(1, "en"), "Deal 1: "+names[0]+" wins 3 (resigned by you)")
	act(1, table.Move{Resign: table.ResignMatch})
	webtest.MustContain(t, page(1, "de"), "Du hast die Partie aufgegeben.")
	webtest.MustContain(t, page(1, "en"), "You resigned the match.")
	webtest.MustContain(t, page(0, "de"), "Die Partie hat "+names[1]+" aufgegeben.")
	for seat := range 2 {
		for _, lang := range []string{"de", "en"} {
			webtest.MustNotContain(t, page(seat, lang), "von Du", "Du hat", "Du gewinnt", "hat Du", "by You", "You wins")
		}
	}
}
