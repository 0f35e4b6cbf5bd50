package browsertest

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
	"bummerl/store"
)

// TestBrowserRegister: the register of persons in headless Chromium
// (issue 24).
func TestBrowserRegister(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	t.Run("desk typeahead by keyboard", inParallel(browser, browserTypeahead))
}

// browserTypeahead (issue 24): at the desk the name field offers the
// register's persons as one types, accent-, case- and ß-insensitively;
// Arrow keys choose, Enter sells to the chosen person with his club from
// the register, or more cards to him when he holds one already (no
// namesake ask); a plain Enter sells the name as typed, and a new name is
// a new person. The keyboard alone.
func browserTypeahead(t *testing.T, browser context.Context) {
	app := newTestApp(t)
	org := app.LoggedIn("Anna", store.Organiser)
	// Last month's evening put three persons into the register.
	last := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "8"}))
	for _, buyer := range []url.Values{
		{"name": {"Fränz Huber"}, "club": {"SV Mödling"}, "count": {"1"}},
		{"name": {"Franziska Berger"}, "count": {"1"}},
		{"name": {"Maria Groß"}, "club": {"Hinterbrühl"}, "count": {"1"}},
	} {
		if r := org.Post(last+"/sale", buyer); r.Status != http.StatusSeeOther {
			t.Fatalf("last month's sale: %d %s", r.Status, r.Body)
		}
	}
	tour := org.CreateTournament(webtest.SettingsForm(map[string]string{"cards": "16", "max_cards": "3"}))
	id := webtest.TournamentOf(t, tour)
	app.AddUser("Hans", store.Helper)
	p := newPage(t, browser, app)
	p.login("Hans")
	p.open(tour+"/sale", testid("sale-form"))
	p.until("focus on the name", `document.activeElement.id === "f-name"`)
	options := `Array.from(document.querySelectorAll('#person-list [role=option]'), o => o.dataset.name).join("|")`
	chosen := `(document.querySelector('#person-list [aria-selected=true]') || {dataset: {}}).dataset.name`
	sold := func(n string) {
		t.Helper()
		p.until(n+" cards sold", `document.querySelector('[data-testid="sold"]').textContent === "`+n+`"`)
		p.until("an empty, focused name field, no list", `document.activeElement.id === "f-name" && document.activeElement.value === "" && document.querySelector('#person-list').children.length === 0`)
	}

	p.step("type fran", chromedp.KeyEvent("fran"))
	p.until("both Franz and Franziska offered", options+` === "Fränz Huber|Franziska Berger" && document.getElementById("f-name").getAttribute("aria-expanded") === "true"`)
	for _, size := range []struct{ w, h int64 }{{1920, 1080}, {390, 844}} {
		p.step("viewport", chromedp.EmulateViewport(size.w, size.h))
		p.shot(fmt.Sprintf("typeahead-%d", size.w))
	}
	p.step("desktop viewport", chromedp.EmulateViewport(1280, 900))
	p.step("down, down, up", chromedp.KeyEvent(kb.ArrowDown+kb.ArrowDown+kb.ArrowUp))
	if got := eval[string](p, chosen); got != "Fränz Huber" {
		t.Fatalf("chosen %q, want Fränz Huber", got)
	}
	if got := eval[string](p, `document.getElementById("f-name").getAttribute("aria-activedescendant")`); got == "" {
		t.Error("the field does not name the chosen option (aria-activedescendant)")
	}
	p.step("Enter", chromedp.KeyEvent(kb.Enter))
	sold("1")
	if got := p.text(testid("last-sale")); !strings.Contains(got, "Fränz Huber") {
		t.Errorf("last sale %q", got)
	}

	// ß is ss, case does not count; Enter sells to Maria with her club.
	p.step("type GROSS", chromedp.KeyEvent("GROSS"))
	p.until("Maria offered", options+` === "Maria Groß"`)
	p.step("down, Enter", chromedp.KeyEvent(kb.ArrowDown+kb.Enter))
	sold("2")

	// Fränz again: the list says he holds card 1; Enter sells him a
	// second card, no namesake question.
	p.step("type franz h", chromedp.KeyEvent("franz h"))
	p.until("Fränz with his card", options+` === "Fränz Huber" && document.querySelector('#person-list').textContent.includes("Karte 1")`)
	p.step("down, Enter", chromedp.KeyEvent(kb.ArrowDown+kb.Enter))
	sold("3")

	// Tab takes the chosen one and moves on to the number of cards: two
	// cards for Franziska (before, Tab dropped her and sold to "franzi").
	p.step("type franzi", chromedp.KeyEvent("franzi"))
	p.until("Franziska offered", options+` === "Franziska Berger"`)
	p.step("down, Tab", chromedp.KeyEvent(kb.ArrowDown+kb.Tab))
	p.until("her name taken, the focus on the count", `document.getElementById("f-name").value === "Franziska Berger" && document.activeElement.id === "f-count" && document.querySelector('#person-list').children.length === 0`)
	p.step("2, Enter", chromedp.KeyEvent("2"+kb.Enter))
	sold("5")

	// A plain Enter with none chosen sells the name as typed; Escape
	// closes the list first, the typed text stays.
	p.step("type Franz Neu", chromedp.KeyEvent("Fran"))
	p.until("offered", options+` !== ""`)
	p.step("Escape", chromedp.KeyEvent(kb.Escape))
	p.until("list closed", `document.querySelector('#person-list').children.length === 0 && document.getElementById("f-name").value === "Fran"`)
	p.step("the rest of the name, Enter", chromedp.KeyEvent("z Neuhold"+kb.Enter))
	sold("6")

	tr, err := app.Store.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		name, club string
		cards      []tournament.CardNo
	}
	var got []row
	for _, pl := range tr.Players {
		got = append(got, row{pl.Name, pl.Club, tr.CardsOf(pl.ID)})
	}
	want := []row{{"Fränz Huber", "SV Mödling", []tournament.CardNo{1, 3}}, {"Maria Groß", "Hinterbrühl", []tournament.CardNo{2}}, {"Franziska Berger", "", []tournament.CardNo{4, 5}}, {"Franz Neuhold", "", []tournament.CardNo{6}}}
	if !slices.EqualFunc(got, want, func(a, b row) bool { return a.name == b.name && a.club == b.club && slices.Equal(a.cards, b.cards) }) {
		t.Errorf("players %v, want %v", got, want)
	}
	// The new name is a person of the register now.
	if ps, err := app.Store.Persons(t.Context(), "neuhold", 0); err != nil || len(ps) != 1 {
		t.Errorf("Franz Neuhold in the register: %v %v", ps, err)
	}
	p.shot("typeahead-sold")
}
