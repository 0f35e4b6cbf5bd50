package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Issue 23: the projector's latest results name the winner first with
// his Bummerl, the loser after: "Spieler 9 2:1 Spieler 4" when the right
// card wins, never the score before both names; a walkover reads
// "Sieger – Verlierer kampflos". German and English.
func TestScreenResultsWinnerFirst(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"}, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	ros := newRoster(f.Load())
	m1, m2 := f.MatchOf(1, 1), f.MatchOf(1, 2)
	if r := f.Quick(f.Helper, 1, m1, m1.B, "2:1"); r.Status != http.StatusSeeOther {
		t.Fatalf("result: %d", r.Status)
	}
	if r := f.Quick(f.Helper, 1, m2, m2.A, "k"); r.Status != http.StatusSeeOther {
		t.Fatalf("walkover: %d", r.Status)
	}
	a1, b1 := ros.holder(m1.A).Name, ros.holder(m1.B).Name
	a2, b2 := ros.holder(m2.A).Name, ros.holder(m2.B).Name
	for _, lang := range []string{"de", "en"} {
		page := f.App.Client().Get(f.Path + "/screen?" + url.Values{"lang": {lang}}.Encode()).Body
		var lines []string
		for _, li := range strings.Split(page, `data-testid="screen-result">`)[1:] {
			lines = append(lines, visibleText(li[:strings.Index(li, "</li>")]))
		}
		walkover := map[string]string{"de": "kampflos", "en": "walkover"}[lang]
		want := []string{a2 + " – " + b2 + " " + walkover, b1 + " 2:1 " + a1}
		if strings.Join(lines, "|") != strings.Join(want, "|") {
			t.Errorf("%s: results %q, want %q", lang, lines, want)
		}
		if !strings.Contains(page, "<b>"+b1+"</b>") || strings.Contains(page, "<b>"+a1+"</b>") {
			t.Errorf("%s: the winner %s not in bold alone", lang, b1)
		}
	}
}

// visibleText is HTML as read: the tags dropped, the spaces squashed
// (unlike plain, a tag counts as a space: winner and score are in
// separate elements).
func visibleText(html string) string {
	return strings.Join(strings.Fields(tagPattern.ReplaceAllString(html, " ")), " ")
}
