package web

import (
	"net/http"
	"net/url"
	"testing"
)

// Issue 9: date, start time and venue are settings, shown on every page
// of the tournament — public and printed — and may be corrected after the
// draw, alone.
func TestEventShown(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8", "date": "2026-03-14", "start": "19:00", "venue": "Gasthaus Zur Post, Kirchberg"}, 1, 1, 1, 1, 1, 1, 1, 1)
	const line = "Sa., 14.03.2026 · Beginn 19:00 Uhr · Gasthaus Zur Post, Kirchberg"
	mustContain(t, f.org.get(f.path+"/settings").body, `name="date" id="f-date" value="2026-03-14"`, `name="start" id="f-start" value="19:00"`)
	f.drawDigital()
	anon := f.app.client()
	for _, p := range []string{"", "/rounds", "/rounds/1", "/standings", "/card/1"} {
		mustContain(t, anon.get(f.path+p).body, `data-testid="event-line">`+line+`<`)
	}
	for _, p := range []string{"/print/rounds/1", "/print/rounds/1/sheets", "/print/prizes", "/entry-cards", "/sale"} {
		if r := f.org.get(f.path + p); r.status == http.StatusOK {
			mustContain(t, r.body, `data-testid="event-line">`+line+`<`)
		} else {
			t.Errorf("%s: %d", p, r.status)
		}
	}
	// A long list repeats its heading on every printed page, with the
	// evening; the prize list names date and venue beside the signatures.
	mustContain(t, f.org.get(f.path+"/print/rounds/1").body,
		`class="repeat-title"><th colspan="5">Runde 1 · Nach Partien · `+line+`<`,
		`class="repeat-title"><th colspan="5">Runde 1 · Nach Namen · `+line+`<`)
	mustContain(t, f.org.get(f.path+"/print/prizes").body, "<strong>Sa., 14.03.2026</strong>", "<strong>Gasthaus Zur Post, Kirchberg</strong>")
	// Cut from their page, an entry card and a score sheet name the day
	// themselves; the bracket has the line inside its sheet, on its page
	// (issue 23: the layout's line is not printed above a print sheet).
	mustContain(t, f.org.get(f.path+"/entry-cards").body, `Startkarte · <span class="day">Sa., 14.03.2026</span>`)
	mustContain(t, f.org.get(f.path+"/print/rounds/1/sheets").body, `Preisschnapsen Hinterbrühl · <span class="day">Sa., 14.03.2026</span> · Partie auf 2 Bummerl`)
	mustContain(t, f.org.get(f.path+"/print/bracket?paper=a3").body, `<p class="sheet-event" data-testid="sheet-event">`+line+`<`)
	// After the draw the start time can still be corrected, nothing else.
	r := f.org.post(f.path+"/settings", url.Values{"date": {"2026-03-14"}, "start": {"19:30"}, "venue": {"Gasthaus Zur Post, Kirchberg"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("event after the draw: %d\n%s", r.status, r.body)
	}
	if e := f.load().Settings.Event; e.Start != "19:30" || f.load().Settings.Cards != 8 {
		t.Errorf("event %+v", e)
	}
	r = f.org.post(f.path+"/settings", url.Values{"date": {"14.3."}, "start": {"19:30"}})
	if r.status != http.StatusUnprocessableEntity {
		t.Errorf("bad date: %d", r.status)
	}
	mustContain(t, r.body, "Das Datum muss ein Tag wie 2026-03-14 sein")
	en := f.app.client()
	en.get(f.path + "?lang=en")
	mustContain(t, en.get(f.path).body, "Sat 14 March 2026 · starts 19:30 · Gasthaus Zur Post, Kirchberg")
	// The API reads and writes them.
	mustContain(t, f.api.get("/api/tournaments/"+itoa64(f.id)).body, `"date":"2026-03-14","start":"19:30","venue":"Gasthaus Zur Post, Kirchberg"`)
}
