package web

import (
	"net/http"
	"net/url"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// Issue 9: date, start time and venue are settings, shown on every page
// of the tournament — public and printed — and may be corrected after the
// draw, alone.
func TestEventShown(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8", "date": "2026-03-14", "start": "19:00", "venue": "Gasthaus Zur Post, Kirchberg"}, 1, 1, 1, 1, 1, 1, 1, 1)
	const line = "Sa., 14.03.2026 · Beginn 19:00 Uhr · Gasthaus Zur Post, Kirchberg"
	webtest.MustContain(t, f.Org.Get(f.Path+"/settings").Body, `name="date" id="f-date" value="2026-03-14"`, `name="start" id="f-start" value="19:00"`)
	f.DrawDigital()
	anon := f.App.Client()
	for _, p := range []string{"", "/rounds", "/rounds/1", "/standings", "/card/1"} {
		webtest.MustContain(t, anon.Get(f.Path+p).Body, `data-testid="event-line">`+line+`<`)
	}
	for _, p := range []string{"/print/rounds/1", "/print/rounds/1/sheets", "/print/prizes", "/entry-cards", "/sale"} {
		if r := f.Org.Get(f.Path + p); r.Status == http.StatusOK {
			webtest.MustContain(t, r.Body, `data-testid="event-line">`+line+`<`)
		} else {
			t.Errorf("%s: %d", p, r.Status)
		}
	}
	// A long list repeats its heading on every printed page, with the
	// evening; the prize list names date and venue beside the signatures.
	webtest.MustContain(t, f.Org.Get(f.Path+"/print/rounds/1").Body,
		`class="repeat-title"><th colspan="5">Runde 1 · Nach Partien · `+line+`<`,
		`class="repeat-title"><th colspan="5">Runde 1 · Nach Namen · `+line+`<`)
	webtest.MustContain(t, f.Org.Get(f.Path+"/print/prizes").Body, "<strong>Sa., 14.03.2026</strong>", "<strong>Gasthaus Zur Post, Kirchberg</strong>")
	// Cut from their page, an entry card and a score sheet name the day
	// themselves; the bracket has the line inside its sheet, on its page
	// (issue 23: the layout's line is not printed above a print sheet).
	webtest.MustContain(t, f.Org.Get(f.Path+"/entry-cards").Body, `Startkarte · <span class="day">Sa., 14.03.2026</span>`)
	webtest.MustContain(t, f.Org.Get(f.Path+"/print/rounds/1/sheets").Body, `Preisschnapsen Hinterbrühl · <span class="day">Sa., 14.03.2026</span> · Partie auf 2 Bummerl`)
	webtest.MustContain(t, f.Org.Get(f.Path+"/print/bracket?paper=a3").Body, `<p class="sheet-event" data-testid="sheet-event">`+line+`<`)
	// After the draw the start time can still be corrected, nothing else.
	r := f.Org.Post(f.Path+"/settings", url.Values{"date": {"2026-03-14"}, "start": {"19:30"}, "venue": {"Gasthaus Zur Post, Kirchberg"}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("event after the draw: %d\n%s", r.Status, r.Body)
	}
	if e := f.Load().Settings.Event; e.Start != "19:30" || f.Load().Settings.Cards != 8 {
		t.Errorf("event %+v", e)
	}
	r = f.Org.Post(f.Path+"/settings", url.Values{"date": {"14.3."}, "start": {"19:30"}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Errorf("bad date: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "Das Datum muss ein Tag wie 2026-03-14 sein")
	en := f.App.Client()
	en.Get(f.Path + "?lang=en")
	webtest.MustContain(t, en.Get(f.Path).Body, "Sat 14 March 2026 · starts 19:30 · Gasthaus Zur Post, Kirchberg")
	// The API reads and writes them.
	webtest.MustContain(t, f.API.Get("/api/tournaments/"+itoa64(f.ID)).Body, `"date":"2026-03-14","start":"19:30","venue":"Gasthaus Zur Post, Kirchberg"`)
}
