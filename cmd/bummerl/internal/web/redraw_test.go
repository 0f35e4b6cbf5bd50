package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
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
	f.drawDigital()
	path := matchURL(matchRef{f.id, 1, 1})
	opened := formVersion(t, f.helper.get(path).body)
	if r := f.helper.post(path+"/start", url.Values{"table": {"3"}, "version": {opened}}); r.status != http.StatusSeeOther {
		t.Fatalf("start: status %d\n%s", r.status, r.body)
	}
	started := formVersion(t, f.helper.get(path).body)
	if r := f.org.post(f.path+"/draw/undo", url.Values{"round": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("undo: status %d\n%s", r.status, r.body)
	}
	f.drawDigital()
	m := f.matchOf(1, 1)
	for _, old := range []string{opened, started} {
		r := f.helper.post(path+"/start", url.Values{"table": {"3"}, "version": {old}})
		if r.status != http.StatusConflict {
			t.Errorf("start with version %s from before the re-draw: status %d", old, r.status)
		}
		r = f.helper.post(path+"/result", url.Values{"winner": {strconv.Itoa(int(m.A))}, "bummerl": {"2:0"}, "version": {old}})
		if r.status != http.StatusConflict {
			t.Errorf("result with version %s from before the re-draw: status %d", old, r.status)
		}
	}
	if got := f.matchOf(1, 1); got.Started || got.Result != nil {
		t.Fatalf("a stale form changed the new match: %+v", got)
	}
	// The page of the new pairing carries its own version, which works.
	fresh := formVersion(t, f.helper.get(path).body)
	if fresh != strconv.Itoa(m.Version) || fresh == opened || fresh == started {
		t.Fatalf("form version %s, match version %d, old %s and %s", fresh, m.Version, opened, started)
	}
	if r := f.helper.post(path+"/start", url.Values{"table": {"3"}, "version": {fresh}}); r.status != http.StatusSeeOther {
		t.Fatalf("start with the fresh version: status %d\n%s", r.status, r.body)
	}
}

// P-4: a sale after the announcement changes who draws; the announcement
// is gone and the draw must be announced again.
func TestSaleDropsAnnouncement(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1) // 5 of 8
	if r := f.org.post(f.path+"/draw/announce", nil); r.status != http.StatusSeeOther {
		t.Fatalf("announce: status %d", r.status)
	}
	commitment := testidText(t, f.org.get(f.path+"/draw").body, "commitment")
	if r := f.org.post(f.path+"/sale", url.Values{"name": {"Spät"}, "count": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("sell: status %d\n%s", r.status, r.body)
	}
	page := f.org.get(f.path + "/draw").body
	mustContain(t, page, `data-testid="announce"`)
	mustNotContain(t, page, `data-testid="perform"`, commitment)
	r := f.org.post(f.path+"/draw/digital", url.Values{"commitment": {commitment}})
	if r.status != http.StatusConflict || len(f.load().Rounds) != 0 {
		t.Fatalf("draw on the old announcement: status %d, rounds %d", r.status, len(f.load().Rounds))
	}
	mustContain(t, r.body, "muss zuerst angekündigt werden")
}

// A bye is not played: the player's page and the API name no table for it.
func TestByeHasNoTable(t *testing.T) {
	f := newFixture(t, nil, 1, 1, 1, 1, 1, 1) // 6 of 8: two byes
	f.drawDigital()
	for _, m := range f.load().Rounds[0].Matches {
		card := strconv.Itoa(int(m.A))
		page := f.app.client().get(f.path + "/card/" + card).body
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
		r := f.app.client().get("/api/tournaments/" + strconv.FormatInt(f.id, 10) + "/cards/" + card + "/next")
		if err := json.Unmarshal([]byte(r.body), &next); err != nil || len(next.Next) != 1 {
			t.Fatalf("next of card %s: %v\n%s", card, err, r.body)
		}
		n := next.Next[0]
		if m.Bye() {
			mustContain(t, item, "Freilos")
			mustNotContain(t, item, "Tisch")
			if n.Table != 0 || !n.Bye {
				t.Errorf("API next of bye card %s: %+v", card, n)
			}
		} else {
			mustContain(t, item, "Tisch "+strconv.Itoa(m.No))
			if n.Table != m.No || n.Bye {
				t.Errorf("API next of card %s: %+v", card, n)
			}
		}
	}
}
