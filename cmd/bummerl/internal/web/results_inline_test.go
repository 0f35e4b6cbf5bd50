package web

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"
)

// Issue 9: results typed on the round page. htmx gets the row back (with
// the round's status when it completes the round); refusals keep the
// input and name the problem in the row; without JavaScript the round
// page comes back.
func TestInlineResult(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "8"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	round := f.Path + "/rounds/1"
	page := f.Helper.Get(round)
	webtest.MustContain(t, page.Body, `data-testid="inline-1"`, `data-inline-winner`, `hx-target="#match-row-1"`, `id="round-status"`)
	tr := f.Load()
	post := func(c *webtest.Client, htmx bool, m tournament.Match, winner, score string) webtest.Response {
		v := url.Values{"version": {strconv.Itoa(m.Version)}, "winner": {winner}, "bummerl": {score}, "back": {round + "?open=1"}}
		if htmx {
			return c.Htmx(round+"/matches/"+strconv.Itoa(m.No)+"/inline", v)
		}
		return c.Post(round+"/matches/"+strconv.Itoa(m.No)+"/inline", v)
	}
	ms := tr.Rounds[0].Matches
	if len(ms) != 4 {
		t.Fatalf("%d matches", len(ms))
	}
	// Refusals: the row alone, input kept, message in the row, focus there.
	for _, tc := range []struct{ winner, score, msg string }{
		{"", "2:1", "Sieger"},
		{"99", "2:0", "Der Sieger muss Karte"},
		{strconv.Itoa(int(ms[0].A)), "12", "Gemeint ist wohl 2:1"},
		{strconv.Itoa(int(ms[0].A)), "x", "Bitte den Stand wie 2:1 eingeben."},
	} {
		r := post(f.Helper, true, ms[0], tc.winner, tc.score)
		if r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("%+v: status %d", tc, r.Status)
		}
		webtest.MustContain(t, r.Body, `<tr data-testid="match-1"`, `data-testid="inline-error-1"`, tc.msg, `value="`+tc.score+`"`, "autofocus")
		webtest.MustNotContain(t, r.Body, "<html", `data-saved`)
	}
	// "21" is 2:1; the row comes back decided, marked saved, without a form.
	r := post(f.Helper, true, ms[0], strconv.Itoa(int(ms[0].B)), "21")
	if r.Status != http.StatusOK {
		t.Fatalf("save: %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `<tr data-testid="match-1"`, `data-saved="1"`, "fertig, 2:1", `<template><div id="round-status" hx-swap-oob="true">`)
	webtest.MustNotContain(t, r.Body, `data-testid="inline-1"`, `data-testid="round-complete"`)
	if got := f.MatchOf(1, ms[0].No); got.Result == nil || got.Result.Winner != ms[0].B || got.Result.Bummerl != [2]int{1, 2} {
		t.Fatalf("saved %+v", got.Result)
	}
	// The same form again (stale version): 409, the row shows the result.
	r = post(f.Helper, true, ms[0], strconv.Itoa(int(ms[0].A)), "2:0")
	if r.Status != http.StatusConflict {
		t.Fatalf("stale: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "fertig, 2:1")
	// Without JavaScript: a redirect to the round page as filtered.
	r = post(f.Helper, false, ms[1], strconv.Itoa(int(ms[1].A)), "2-0")
	if r.Status != http.StatusSeeOther || r.Location() != round+"?open=1" {
		t.Fatalf("plain: %d %q", r.Status, r.Location())
	}
	r = post(f.Helper, false, ms[2], "", "2:0")
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("plain refused: %d", r.Status)
	}
	webtest.MustContain(t, r.Body, "<html", `data-testid="inline-error-3"`)
	r = post(f.Helper, true, ms[2], strconv.Itoa(int(ms[2].A)), "2:0")
	webtest.MustNotContain(t, r.Body, `data-testid="round-complete"`)
	// The last result completes the round: the status comes out of band.
	r = post(f.Org, true, ms[3], strconv.Itoa(int(ms[3].A)), "2:1")
	webtest.MustContain(t, r.Body, `data-testid="round-complete"`, `data-testid="draw-next"`)
	// Visitors get no forms.
	webtest.MustNotContain(t, f.App.Client().Get(round).Body, "inline-result")
}

// Issue 9: a walkover (kampflos) is typed as "k" for the score, inline or
// on the match page, or sent as "walkover": true; it is marked kampflos on
// the round page, the printed round list, the player's page, the room
// screen and in the API, and can be corrected like any result.
func TestWalkoverEverywhere(t *testing.T) {
	f := newFixture(t, map[string]string{"cards": "16"}, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	round := f.Path + "/rounds/1"
	ms := f.Load().Rounds[0].Matches
	// Inline: winner, Tab, k, Enter.
	r := f.Helper.Htmx(round+"/matches/1/inline", url.Values{"version": {strconv.Itoa(ms[0].Version)},
		"winner": {strconv.Itoa(int(ms[0].A))}, "bummerl": {"k"}})
	if r.Status != http.StatusOK {
		t.Fatalf("inline walkover: %d\n%s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, "fertig, kampflos")
	if m := f.MatchOf(1, 1); !m.Walkover() || m.Winner() != ms[0].A {
		t.Fatalf("inline walkover saved %+v", m.Result)
	}
	// The match page's quick form: "kampflos" in full.
	r = f.Helper.Post(round+"/matches/2/result", url.Values{"version": {strconv.Itoa(ms[1].Version)},
		"winner": {strconv.Itoa(int(ms[1].B))}, "bummerl": {"Kampflos"}})
	if r.Status != http.StatusSeeOther {
		t.Fatalf("quick walkover: %d\n%s", r.Status, r.Body)
	}
	r = f.Helper.Get(r.Location())
	webtest.MustContain(t, r.Body, "fertig, kampflos", `value="k"`)
	// The API.
	r = f.API.API(http.MethodPut, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/rounds/1/matches/3/result", f.Anna,
		map[string]any{"version": ms[2].Version, "winner": ms[2].A, "walkover": true})
	if r.Status != http.StatusOK {
		t.Fatalf("API walkover: %d %s", r.Status, r.Body)
	}
	webtest.MustContain(t, r.Body, `"walkover":true`)
	r = f.API.API(http.MethodPut, "/api/tournaments/"+strconv.FormatInt(f.ID, 10)+"/rounds/1/matches/4/result", f.Anna,
		map[string]any{"version": ms[3].Version, "winner": ms[3].A, "walkover": true, "bummerl": []int{2, 0}})
	if e := webtest.Decode[apiError](t, r); r.Status != http.StatusUnprocessableEntity || e.Code != "walkover_with_score" {
		t.Fatalf("API walkover with a score: %d %s", r.Status, r.Body)
	}
	// Everywhere it is shown.
	webtest.MustContain(t, f.App.Client().Get(round).Body, "fertig, kampflos")
	webtest.MustContain(t, f.Helper.Get(f.Path+"/print/rounds/1").Body, "fertig, kampflos")
	webtest.MustContain(t, f.App.Client().Get(f.Path+"/card/"+strconv.Itoa(int(ms[0].B))).Body, "kampflos")
	webtest.MustContain(t, f.App.Client().Get(f.Path+"/screen").Body, "kampflos")
	en := f.App.Client()
	en.Get(f.Path + "/rounds/1?lang=en")
	webtest.MustContain(t, en.Get(round).Body, "done, walkover")
	// Corrected to a played result like any other.
	m := f.MatchOf(1, 1)
	r = f.Helper.Htmx(round+"/matches/1/inline", url.Values{"version": {strconv.Itoa(m.Version)},
		"winner": {strconv.Itoa(int(m.B))}, "bummerl": {"2:1"}})
	if r.Status != http.StatusOK {
		t.Fatalf("correction: %d", r.Status)
	}
	if m := f.MatchOf(1, 1); m.Walkover() || m.Winner() != ms[0].B {
		t.Fatalf("corrected %+v", m.Result)
	}
}
