package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/draw"
)

// A refused draw is a 422 at the entry it names, wherever it comes from:
// the central handler knows draw errors, also wrapped (P-3).
func TestExplainDrawError(t *testing.T) {
	groups := []tournament.DrawGroup{{Bracket: tournament.Main, PotSize: 2, Entrants: []tournament.Entrant{
		{Player: 1, Cards: []tournament.CardNo{1}}, {Player: 2, Cards: []tournament.CardNo{2}},
		{Player: 3, Cards: []tournament.CardNo{3}}, {Player: 4, Cards: []tournament.CardNo{4}},
	}}}
	_, err := draw.Physical(groups, [][]draw.PhysicalEntry{{
		{Player: 1, Left: []int{1}}, {Player: 2, Left: []int{2}}, {Player: 3, Right: []int{1}}, {Player: 4, Right: []int{1}},
	}})
	if err == nil {
		t.Fatal("a number drawn twice was accepted")
	}
	tests := map[string]struct {
		path, field string
	}{
		"page": {"/t/1/draw/physical", "g0_r3"},
		"api":  {"/api/tournaments/1/draw/physical", "groups[0][3].right"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			c := echo.New().NewContext(httptest.NewRequest(http.MethodPost, tc.path, nil), httptest.NewRecorder())
			p := explain(c, fmt.Errorf("in the transaction: %w", err))
			if p.status != http.StatusUnprocessableEntity || p.code != "draw_number_twice" || p.field != tc.field || p.msg == "" {
				t.Errorf("explain = %+v, want 422 draw_number_twice at %s", p, tc.field)
			}
		})
	}
}
