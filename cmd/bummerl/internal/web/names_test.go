package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

var (
	namesRowPattern  = regexp.MustCompile(`(?s)<tr data-testid="names-card-(\d+)">(.*?)</tr>`)
	namesCellPattern = regexp.MustCompile(`(?s)<t[hd][^>]*>(.*?)</t[hd]>`)
	tagPattern       = regexp.MustCompile(`<[^>]*>`)
	namesOfPage      = regexp.MustCompile(`<th scope="rowgroup"[^>]*>([^<]*)</th>`)
	namesOfScreen    = regexp.MustCompile(`(?s)<li class="names-row( later)?" data-letter="([^"]*)" data-testid="names-player"><span class="names-name">([^<]*)</span>`)
)

// plain is an HTML fragment's text as the browser shows it, its white
// space collapsed (a space missing between two elements stays missing).
func plain(s string) string {
	return strings.Join(strings.Fields(html.UnescapeString(tagPattern.ReplaceAllString(s, ""))), " ")
}

// namesRows reads the board page: card → its row's cells, "|" between
// them (the first row of a player starts with his name).
func namesRows(t *testing.T, body string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range namesRowPattern.FindAllStringSubmatch(body, -1) {
		var cells []string
		for _, c := range namesCellPattern.FindAllStringSubmatch(m[2], -1) {
			cells = append(cells, plain(c[1]))
		}
		out[m[1]] = strings.Join(cells, "|")
	}
	return out
}

// TestNamesBoard: the board "Wo spiele ich?" (issue 23) names for every
// player still in where each of his cards plays now: the table it was
// called to, "wartet", a bye, or the next round once its match is won;
// a player out is gone. P-5: Spieler 1's second match waits while he
// plays the first.
func TestNamesBoard(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 2)
	anon := f.App.Client()
	for range 2 { // match 1 to table 1; match 2 waits for Spieler 1, so match 3 to table 2
		if r := f.Helper.Post(f.Path+"/tables/call", nil); r.Status != http.StatusSeeOther {
			t.Fatalf("call: %d", r.Status)
		}
	}
	r := anon.Get(f.Path + "/names")
	if r.Status != http.StatusOK {
		t.Fatalf("names: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "<h1>Wo spiele ich?</h1>", "Runde 1 · 6 Spieler noch im Spiel", `data-live-src="`+f.Path+`/names"`)
	webtest.MustNotContain(t, r.Body, `data-testid="names-screen-link"`, `data-testid="print-button"`) // staff only
	want := map[string]string{
		"1": "Spieler 1|1|1|1|3 Spieler 2",
		"2": "2|2|wartet|4 Spieler 3",
		"3": "Spieler 2|3|1|1|1 Spieler 1",
		"4": "Spieler 3|4|2|wartet|2 Spieler 1",
		"5": "Spieler 4|5|3|2|6 Spieler 5",
		"6": "Spieler 5|6|3|2|5 Spieler 4",
		"7": "Spieler 6|7|4|Freilos|",
	}
	checkRows(t, "called", namesRows(t, r.Body), want)

	// Match 3 won by card 5: Spieler 5 is out, Spieler 4 plays in round 2.
	if r := f.Quick(f.Helper, 1, f.MatchOf(1, 3), 5, "2:1"); r.Status != http.StatusSeeOther {
		t.Fatalf("result: %d", r.Status)
	}
	delete(want, "6")
	want["5"] = "Spieler 4|5|3|Runde 2|"
	r = anon.Get(f.Path + "/names")
	checkRows(t, "after a result", namesRows(t, r.Body), want)
	webtest.MustContain(t, r.Body, "5 Spieler noch im Spiel")

	// The fragment the live script swaps in, and English.
	frag := anon.Request(http.MethodGet, f.Path+"/names?lang=en", nil, map[string]string{"HX-Request": "true"})
	webtest.MustContain(t, frag.Body, "Round 1 · 5 players still in", ">waiting<", ">Round 2<", ">bye<")
	webtest.MustNotContain(t, frag.Body, "<html", "tournament-nav")
	webtest.MustContain(t, anon.Get(f.Path+"/names?lang=en").Body, "<h1>Where do I play?</h1>")

	// Staff get the print button and the projector's link.
	webtest.MustContain(t, f.Helper.Get(f.Path+"/names").Body, `data-testid="print-button"`,
		`href="`+f.Path+`/screen/names?lang=de" data-testid="names-screen-link"`)
}

// TestNamesWithoutTables: without a number of tables every open match is
// at the table of its number, as on the printed round list (P-5).
func TestNamesWithoutTables(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 0)
	checkRows(t, "no tables", namesRows(t, f.App.Client().Get(f.Path+"/names").Body), map[string]string{
		"1": "Spieler 1|1|1|1|3 Spieler 2",
		"2": "2|2|2|4 Spieler 3",
		"3": "Spieler 2|3|1|1|1 Spieler 1",
		"4": "Spieler 3|4|2|2|2 Spieler 1",
		"5": "Spieler 4|5|3|3|6 Spieler 5",
		"6": "Spieler 5|6|3|3|5 Spieler 4",
		"7": "Spieler 6|7|4|Freilos|",
	})
	// Before the draw everybody waits.
	g := newFixture(t, nil, 2, 1)
	checkRows(t, "before the draw", namesRows(t, g.App.Client().Get(g.Path+"/names").Body), map[string]string{
		"1": "Spieler 1|1||wartet|", "2": "2||wartet|", "3": "Spieler 2|3||wartet|",
	})
}

func checkRows(t *testing.T, when string, got, want map[string]string) {
	t.Helper()
	for card, w := range want {
		if got[card] != w {
			t.Errorf("%s: card %s reads %q, want %q", when, card, got[card], w)
		}
	}
	for card := range got {
		if _, ok := want[card]; !ok {
			t.Errorf("%s: card %s is on the board: %q", when, card, got[card])
		}
	}
}

// TestNamesOrder: the board sorts by the name as written, in German
// order: case ignored, Ä with A, Ö with O; "von" is no exception (issue
// 23: "Maria von Trapp" under M, "von Trapp Georg" under V). A player with
// two cards is one entry with both. The projector's page without
// JavaScript says which letters it shows.
func TestNamesOrder(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"})
	sell := map[string]int{"Zoe Ziegler": 1, "von Trapp Georg": 1, "Otto Riegler": 1, "Ödön Horváth": 1,
		"Maria von Trapp": 1, "anton Zach": 1, "Anna Berger": 2, "Ägidius Auer": 1}
	for name, k := range sell {
		if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {name}, "count": {strconv.Itoa(k)}}); r.Status != http.StatusSeeOther {
			t.Fatalf("sell to %s: %d\n%s", name, r.Status, r.Body)
		}
	}
	f.DrawDigital()
	want := []string{"Ägidius Auer", "Anna Berger", "anton Zach", "Maria von Trapp", "Ödön Horváth", "Otto Riegler", "von Trapp Georg", "Zoe Ziegler"}
	for _, lang := range []string{"de", "en"} {
		var got []string
		for _, m := range namesOfPage.FindAllStringSubmatch(f.App.Client().Get(f.Path+"/names?lang="+lang).Body, -1) {
			got = append(got, html.UnescapeString(m[1]))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: board page in the order\n%q, want\n%q", lang, got, want)
		}
		screen := f.App.Client().Get(f.Path + "/screen/names?lang=" + lang).Body
		got, letters := nil, ""
		for _, m := range namesOfScreen.FindAllStringSubmatch(screen, -1) {
			got, letters = append(got, html.UnescapeString(m[3])), letters+m[2]
		}
		if !slices.Equal(got, want) || letters != "AAAMOOVZ" {
			t.Errorf("%s: projector in the order\n%q (letters %s), want\n%q", lang, got, letters, want)
		}
	}
	if n := strings.Count(f.App.Client().Get(f.Path+"/names").Body, `data-testid="names-player"`); n != len(want) {
		t.Errorf("%d entries on the board, want one per player: %d", n, len(want))
	}
}

// TestNamesScreenWithoutScript: without JavaScript the projector shows a
// page of the board at a time (?page=) and reloads itself with the next
// after 10 s, the last with the first; the pages hold every player exactly
// once, a player's cards together on one page.
func TestNamesScreenWithoutScript(t *testing.T) {
	counts := []int{2, 1, 1, 3, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1} // 33 cards
	f := newFixture(t, map[string]string{"cards": "64"}, counts...)
	f.DrawDigital()
	anon := f.App.Client()
	const pages = 4 // 33 lines, at most 10 a page, no player split
	seen := map[string]int{}
	for page := 1; page <= pages; page++ {
		r := anon.Get(f.Path + "/screen/names?page=" + strconv.Itoa(page))
		next := f.Path + "/screen/names?lang=de&amp;page=" + strconv.Itoa(page%pages+1)
		webtest.MustContain(t, r.Body, `<meta http-equiv="refresh" content="10;url=`+next+`">`,
			`data-testid="names-page-info">Seite `+strconv.Itoa(page)+"/"+strconv.Itoa(pages)+" · S</span>")
		lines := 0
		for _, m := range namesOfScreen.FindAllStringSubmatch(r.Body, -1) {
			if m[1] == "" {
				seen[m[3]]++
				lines += counts[playerNo(t, m[3])-1]
			}
		}
		if lines > namesPerPage || lines == 0 {
			t.Errorf("page %d shows %d lines", page, lines)
		}
	}
	for i := range counts {
		if name := "Spieler " + strconv.Itoa(i+1); seen[name] != 1 {
			t.Errorf("%s is on %d pages, want 1", name, seen[name])
		}
	}
	// A page past the end (the list got shorter) or no number: the first.
	for _, q := range []string{"?page=99", "?page=x", ""} {
		webtest.MustContain(t, anon.Get(f.Path+"/screen/names"+q).Body, `data-testid="names-page-info">Seite 1/4`)
	}
	// Live: the fragment alone for the script, English too.
	frag := anon.Request(http.MethodGet, f.Path+"/screen/names?lang=en", nil, map[string]string{"HX-Request": "true"})
	webtest.MustContain(t, frag.Body, `<h1 data-testid="names-title">Where do I play?</h1>`, `data-pages="names"`)
	webtest.MustNotContain(t, frag.Body, "<html")
}

func playerNo(t *testing.T, name string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.TrimPrefix(name, "Spieler "))
	if err != nil {
		t.Fatalf("player %q", name)
	}
	return n
}

// TestScreenMatchCardNumbers: the projector's match lines name each
// card's number beside its holder (issue 23): at the tables, waiting and
// the byes.
func TestScreenMatchCardNumbers(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"}, 2, 1, 1, 1, 1, 1, 1, 1) // round 1 of 16: lists, not the bracket
	f.DrawDigital()
	f.Org.Post(f.Path+"/tables/count", url.Values{"tables": {"1"}})
	f.Helper.Post(f.Path+"/tables/call", nil)
	tr := f.Load()
	ros := newRoster(tr)
	side := func(c tournament.CardNo) string { return strconv.Itoa(int(c)) + " " + ros.holder(c).Name }
	want := map[string]string{}
	for _, m := range tr.Rounds[0].Matches {
		switch {
		case m.Bye():
			want["screen-bye-"+strconv.Itoa(int(m.A))] = side(m.A) + " Freilos: kommt weiter"
		case m.AtTable():
			want["screen-call-"+strconv.Itoa(m.Table)] = "Tisch " + strconv.Itoa(m.Table) + ": " + side(m.A) + " – " + side(m.B)
		default:
			want["screen-open-"+strconv.Itoa(m.No)] = "Partie " + strconv.Itoa(m.No) + ": " + side(m.A) + " – " + side(m.B)
		}
	}
	body := f.App.Client().Get(f.Path + "/screen").Body
	for id, w := range want {
		m := regexp.MustCompile(`(?s)data-testid="` + id + `">(.*?)</li>`).FindStringSubmatch(body)
		if m == nil || plain(m[1]) != w {
			t.Errorf("%s: %q, want %q", id, m, w)
			continue
		}
		if strings.Count(m[1], `<span class="cards">`) != strings.Count(w, "Spieler") {
			t.Errorf("%s: the card numbers are not marked as such: %s", id, m[1])
		}
	}
	if len(want) < 8 {
		t.Errorf("only %d lines", len(want))
	}
}

// TestNamesLive: the board's page is a live part a phone's stream brings
// after a change, byte for byte its own fetch; the projector's board is
// a part too (its ?lang= makes the stream say "rev" and the page fetch,
// as the projector's screen does).
func TestNamesLive(t *testing.T) {
	f := webtest.HallFixture(t, newTestApp(t), nil, 2)
	names := f.Path + "/names"
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	q := url.Values{"rev": {strconv.FormatInt(f.Revision(), 10)}, "part": {names}}
	s := openStream(t, f.App, tr, f.Path+"/events?"+q.Encode(), map[string]string{"Sec-Fetch-Site": "same-origin"})
	if r := f.Helper.Post(f.Path+"/tables/call", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("call: %d", r.Status)
	}
	_, parts := partsOf(t, s.next())
	want := f.API.Request(http.MethodGet, names, nil, map[string]string{"HX-Request": "true", "Sec-Fetch-Site": "same-origin"})
	if parts[names] != want.Body {
		t.Errorf("the pushed board differs from its fetch:\npushed %q\nfetched %q", parts[names], want.Body)
	}
	if rows := namesRows(t, parts[names]); rows["1"] != "Spieler 1|1|1|1|3 Spieler 2" {
		t.Errorf("the pushed board does not show the call: card 1 reads %q", rows["1"])
	}
	screen := openStream(t, f.App, tr, f.Path+"/events?rev=0&part="+url.QueryEscape(f.Path+"/screen/names?lang=de"), nil)
	if ev := screen.next(); ev.name != "rev" {
		t.Errorf("the projector's board: event %+v, want rev", ev)
	}
}

// TestNamesSwiss: in a Swiss tournament everybody plays every round, the
// losers too; a player withdrawn from the next round (SW-16) leaves the
// board once his round is over (a result or a bye).
func TestNamesSwiss(t *testing.T) {
	f := swissFixture(t) // 5 players: two boards and a bye
	f.DrawDigital()
	f.FinishRound(1)
	if r := f.Org.Post(f.Path+"/swiss/withdraw", url.Values{"card": {"2"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("withdraw: %d", r.Status)
	}
	rows := namesRows(t, f.App.Client().Get(f.Path+"/names").Body)
	for _, c := range []string{"1", "3", "4", "5"} {
		if row := rows[c]; !strings.HasPrefix(row, "Spieler "+c+"|"+c+"|") ||
			!strings.HasSuffix(row, "|Runde 2|") && !strings.HasSuffix(row, "|Freilos|") {
			t.Errorf("card %s reads %q, want its next round or its bye", c, row)
		}
	}
	if row, ok := rows["2"]; ok || len(rows) != 4 {
		t.Errorf("the withdrawn card 2 on the board (%q), %d cards", row, len(rows))
	}
}
