package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// formVersion is the match version a match page's forms carry.
func formVersion(t *testing.T, page string) string {
	t.Helper()
	m := regexp.MustCompile(`name="version" value="(\d+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no version in the form:\n%s", page)
	}
	return m[1]
}

// A match form opened before the draw was undone and made anew is stale:
// whatever pairing now has the match's number, nobody saw it in that form.
func TestOldMatchFormAfterRedraw(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	path := matchURL(matchRef{f.ID, 1, 1})
	opened := formVersion(t, f.Helper.Get(path).Body)
	if r := f.Helper.Post(path+"/start", url.Values{"table": {"3"}, "version": {opened}}); r.Status != http.StatusSeeOther {
		t.Fatalf("start: status %d\n%s", r.Status, r.Body)
	}
	started := formVersion(t, f.Helper.Get(path).Body)
	if r := f.Org.Post(f.Path+"/draw/undo", url.Values{"round": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("undo: status %d\n%s", r.Status, r.Body)
	}
	f.DrawDigital()
	m := f.MatchOf(1, 1)
	for _, old := range []string{opened, started} {
		r := f.Helper.Post(path+"/start", url.Values{"table": {"3"}, "version": {old}})
		if r.Status != http.StatusConflict {
			t.Errorf("start with version %s from before the re-draw: status %d", old, r.Status)
		}
		r = f.Helper.Post(path+"/result", url.Values{"winner": {strconv.Itoa(int(m.A))}, "bummerl": {"2:0"}, "version": {old}})
		if r.Status != http.StatusConflict {
			t.Errorf("result with version %s from before the re-draw: status %d", old, r.Status)
		}
	}
	if got := f.MatchOf(1, 1); got.Started || got.Result != nil {
		t.Fatalf("a stale form changed the new match: %+v", got)
	}
	// The page of the new pairing carries its own version, which works.
	fresh := formVersion(t, f.Helper.Get(path).Body)
	if fresh != strconv.Itoa(m.Version) || fresh == opened || fresh == started {
		t.Fatalf("form version %s, match version %d, old %s and %s", fresh, m.Version, opened, started)
	}
	if r := f.Helper.Post(path+"/start", url.Values{"table": {"3"}, "version": {fresh}}); r.Status != http.StatusSeeOther {
		t.Fatalf("start with the fresh version: status %d\n%s", r.Status, r.Body)
	}
}

// P-4: a sale after the announcement changes who draws; the announcement
// is gone and the draw must be announced again.
func TestSaleDropsAnnouncement(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1) // 5 of 8
	if r := f.Org.Post(f.Path+"/draw/announce", nil); r.Status != http.StatusSeeOther {
		t.Fatalf("announce: status %d", r.Status)
	}
	commitment := webtest.TestidText(t, f.Org.Get(f.Path+"/draw").Body, "commitment")
	if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {"Spät"}, "count": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sell: status %d\n%s", r.Status, r.Body)
	}
	page := f.Org.Get(f.Path + "/draw").Body
	webtest.MustContain(t, page, `data-testid="announce"`)
	webtest.MustNotContain(t, page, `data-testid="perform"`, commitment)
	r := f.Org.Post(f.Path+"/draw/digital", url.Values{"commitment": {commitment}})
	if r.Status != http.StatusConflict || len(f.Load().Rounds) != 0 {
		t.Fatalf("draw on the old announcement: status %d, rounds %d", r.Status, len(f.Load().Rounds))
	}
	webtest.MustContain(t, r.Body, "muss zuerst angekündigt werden")
}

// A bye is not played: the player's page and the API name no table for it.
func TestByeHasNoTable(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1) // 6 of 8: two byes
	f.DrawDigital()
	for _, m := range f.Load().Rounds[0].Matches {
		card := strconv.Itoa(int(m.A))
		page := f.App.Client().Get(f.Path + "/card/" + card).Body
		start := strings.Index(page, `data-testid="next-`+card+`"`)
		if start < 0 {
			t.Fatalf("card %s not on its page:\n%s", card, page)
		}
		item := page[start:]
		item = item[:strings.Index(item, "</li>")]
		var next struct {
			Next []struct {
				Table int  `json:"table"`
				Bye   bool `json:"bye"`
			} `json:"next"`
		}
		r := f.App.Client().Get("/api/tournaments/" + strconv.FormatInt(f.ID, 10) + "/cards/" + card + "/next")
		if err := json.Unmarshal([]byte(r.Body), &next); err != nil || len(next.Next) != 1 {
			t.Fatalf("next of card %s: %v\n%s", card, err, r.Body)
		}
		n := next.Next[0]
		if m.Bye() {
			webtest.MustContain(t, item, "Freilos")
			webtest.MustNotContain(t, item, "Tisch")
			if n.Table != 0 || !n.Bye {
				t.Errorf("API next of bye card %s: %+v", card, n)
			}
		} else {
			webtest.MustContain(t, item, "Tisch "+strconv.Itoa(m.No))
			if n.Table != m.No || n.Bye {
				t.Errorf("API next of card %s: %+v", card, n)
			}
		}
	}
}
