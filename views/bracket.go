package views

import (
	"context"
	"fmt"
	"html"
	"strings"
	"unicode/utf8"

	"github.com/a-h/templ"

	"bummerl/domain/tournament"
)

// The bracket of the final rounds as an SVG picture (issue 10): the main
// rounds from the quarterfinal (or the first round of fewer cards) to the
// final, joined by lines, the rounds still to come as empty boxes to
// write in, and beside them a column of the placement matches (P-7). The
// same picture is on the standings page, the print sheet (A4 or A3
// landscape, scaled to the paper) and the projector. It is drawn in
// user units of one pixel at the font size given: the projector shows it
// at that size or larger, print scales it to the page.
//
// Everything is drawn with presentation attributes and currentColor: the
// CSP allows no inline style, and the projector's light-on-black follows
// from its CSS colour.

// BracketSVGOptions are the drawing's knobs.
type BracketSVGOptions struct {
	FontSize float64 // user units; the projector uses 32
	MaxName  int     // names longer than this many characters are shortened with "…"; 0 keeps them whole
	Tables   bool    // label a called match with its table
	// PlaceBelow puts the placement matches under the main bracket (print,
	// the standings page) instead of in a column beside it (projector).
	PlaceBelow bool
	Part       BracketPart // the whole picture, or one part of it alone
	TestID     string      // data-testid of the <svg>
}

// BracketPart is what of the bracket a picture shows: the projector's end
// screen shows the main bracket and the placement matches one after the
// other, each twice as large as both together (issue 23).
type BracketPart int

const (
	BracketAll       BracketPart = iota
	BracketMain                  // the main bracket alone
	BracketPlacement             // the placement matches alone: a column per bracket, 5th and 7th place in one
)

// bracketBox is one match box in the picture.
type bracketBox struct {
	x, y  float64
	m     BracketMatch
	empty bool // a match still to be drawn: blank lines to write in
}

// placementOrder is the placement column from the top: the brackets as the
// model names them (Kind).
var placementOrder = []string{"place-3", "place-5-8", "place-5", "place-7"}

// BracketSVG draws the bracket of m.
func BracketSVG(ctx context.Context, m StandingsModel, o BracketSVGOptions) templ.Component {
	return templ.Raw(bracketSVG(ctx, m, o))
}

func bracketSVG(ctx context.Context, m StandingsModel, o BracketSVGOptions) string {
	f := o.FontSize
	if f <= 0 {
		f = 16
	}
	line := 1.45 * f      // one side of a match
	boxH := 2*line + .3*f // a match box
	slot := boxH + 1.1*f  // a first-round match with its gap
	head := 1.8 * f       // column titles
	gap := 2.2 * f        // between columns
	name := func(s string) string { return shorten(s, o.MaxName) }
	if o.PlaceBelow {
		// Under each other the picture is about twice as wide as high, a
		// printed page about 1.5: use the height for room to write in
		// the boxes and between them.
		line = 2 * f
		boxH = 2*line + .3*f
		slot = boxH + 3*f
	}

	// Columns of the main bracket: those played, then the ones to come.
	cols := append([]BracketColumn(nil), m.Bracket...)
	for len(cols) > 0 && len(cols[len(cols)-1].Matches) > 1 {
		n := len(cols[len(cols)-1].Matches) / 2
		cols = append(cols, BracketColumn{Name: mainRoundName(ctx, 2*n), Matches: make([]BracketMatch, n)})
	}
	planned := len(m.Bracket)
	if o.Part == BracketPlacement {
		cols = nil
	}

	// Placement matches, those played and those to come.
	var place []BracketColumn
	for _, kind := range placementOrder {
		col, ok := findKind(m.Placement, kind)
		want := placementMatches(kind, len(m.Prizes))
		switch {
		case ok:
			place = append(place, col)
		case want > 0:
			place = append(place, BracketColumn{Name: placementName(ctx, kind), Kind: kind, Matches: make([]BracketMatch, want)})
		}
	}
	if o.Part == BracketMain {
		place = nil
	}

	// Widths from the longest texts: about 0.72 em a letter, enough for bold.
	longest := 6
	cardDigits := 2
	for _, c := range append(append([]BracketColumn(nil), cols...), place...) {
		longest = max(longest, utf8.RuneCountInString(c.Name)*9/10)
		for _, bm := range c.Matches {
			longest = max(longest, utf8.RuneCountInString(name(bm.AName)), utf8.RuneCountInString(name(bm.BName)))
			cardDigits = max(cardDigits, len(itoa(int(bm.A))), len(itoa(int(bm.B))))
		}
	}
	cardW := float64(cardDigits)*.62*f + .9*f
	scoreW := 2.6 * f
	boxW := cardW + float64(longest)*.72*f + scoreW + .4*f

	var boxes []bracketBox
	var lines strings.Builder
	first := 1
	if len(cols) > 0 {
		first = max(1, len(cols[0].Matches))
	}
	mainH := head + float64(first)*slot
	centers := make([]float64, first)
	for i := range centers {
		centers[i] = head + float64(i)*slot + slot/2
	}
	for ci, c := range cols {
		x := float64(ci) * (boxW + gap)
		var next []float64
		for i := range c.Matches {
			var cy float64
			switch {
			case ci == 0 || len(centers) != 2*len(c.Matches):
				cy = head + (float64(i)+.5)*(mainH-head)/float64(len(c.Matches))
			default:
				a, b := centers[2*i], centers[2*i+1]
				cy = (a + b) / 2
				// Lines from the two feeders to this box.
				xm := x - gap/2
				fmt.Fprintf(&lines, `<path d="M%.1f %.1fH%.1fV%.1fH%.1fM%.1f %.1fH%.1f" />`,
					x-gap, a, xm, b, x-gap, xm, cy, x)
			}
			next = append(next, cy)
			boxes = append(boxes, bracketBox{x: x, y: cy - boxH/2, m: c.Matches[i], empty: ci >= planned})
		}
		centers = next
	}
	width := float64(max(1, len(cols)))*(boxW+gap) - gap
	height := mainH
	var titles strings.Builder
	for ci, c := range cols {
		fmt.Fprintf(&titles, `<text x="%.1f" y="%.1f" font-weight="700">%s</text>`, float64(ci)*(boxW+gap), head-.6*f, esc(c.Name))
	}
	if len(place) > 0 && o.PlaceBelow {
		// Under the main bracket: places 5–8 under the first round, their
		// matches for 5th and 7th under the second, the 3rd place under
		// the final.
		ys := make([]float64, max(1, len(cols)))
		for i := range ys {
			ys[i] = mainH + .8*f
		}
		for _, c := range place {
			ci := 0
			switch c.Kind {
			case "place-5", "place-7":
				ci = min(1, len(ys)-1)
			case "place-3":
				ci = len(ys) - 1
			}
			x, y := float64(ci)*(boxW+gap), ys[ci]
			fmt.Fprintf(&titles, `<text x="%.1f" y="%.1f" font-weight="700">%s</text>`, x, y+head-.6*f, esc(c.Name))
			y += head
			for _, bm := range c.Matches {
				boxes = append(boxes, bracketBox{x: x, y: y, m: bm, empty: bm.A == 0 && bm.B == 0})
				y += boxH + .6*f
			}
			ys[ci] = y + .4*f
			height = max(height, y)
		}
	} else if len(place) > 0 {
		x, y := width+gap, 0.0
		step := boxH + .6*f
		if o.Tables {
			step += f // room for a table's label above the next box
		}
		alone := len(cols) == 0
		for i, c := range place {
			// Beside the main bracket one column; alone, wide rather than
			// tall: a column per bracket, the 7th place under the 5th.
			switch {
			case alone && i == 0:
				x = 0
			case alone && c.Kind != "place-7":
				x, y = x+boxW+gap, 0
			}
			fmt.Fprintf(&titles, `<text x="%.1f" y="%.1f" font-weight="700">%s</text>`, x, y+head-.6*f, esc(c.Name))
			y += head
			for _, bm := range c.Matches {
				boxes = append(boxes, bracketBox{x: x, y: y, m: bm, empty: bm.A == 0 && bm.B == 0})
				y += step
			}
			y += .4 * f
			height = max(height, y)
		}
		width = x + boxW
	}

	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="bracket-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" font-size="%.0f" font-family="system-ui, sans-serif" fill="currentColor" role="img" aria-label="%s" data-testid="%s">`,
		width+2, height+2, width+2, height+2, f, esc(m.BracketTitle), esc(o.TestID))
	b.WriteString(`<g transform="translate(1 1)">`)
	b.WriteString(titles.String())
	fmt.Fprintf(&b, `<g fill="none" stroke="currentColor" stroke-width="%.1f">%s</g>`, max(1, f/12), lines.String())
	for _, bx := range boxes {
		drawBox(ctx, &b, bx, boxW, boxH, line, cardW, scoreW, f, name, o)
	}
	b.WriteString(`</g></svg>`)
	return b.String()
}

// drawBox draws one match: two lines, card number, name, the Bummerl of
// each side; the winner bold with a mark.
func drawBox(ctx context.Context, b *strings.Builder, bx bracketBox, w, h, line, cardW, scoreW, f float64, name func(string) string, o BracketSVGOptions) {
	fmt.Fprintf(b, `<g data-testid="bracket-match"><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="none" stroke="currentColor" stroke-width="%.1f"/>`,
		bx.x, bx.y, w, h, f/5, max(1, f/12))
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="currentColor" stroke-width="%.1f" stroke-opacity=".5"/>`,
		bx.x, bx.y+h/2, bx.x+w, bx.y+h/2, max(.5, f/24))
	m := bx.m
	if o.Tables && m.Table > 0 && m.Winner == 0 {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end" font-weight="700">%s</text>`, bx.x+w, bx.y-.25*f, esc(tf(ctx, "print.table_of", m.Table)))
	}
	if m.Walkover {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end" font-style="italic">%s</text>`, bx.x+w, bx.y-.25*f, esc(t(ctx, "bracket.walkover")))
	}
	if bx.empty {
		b.WriteString(`</g>`)
		return
	}
	won, lost := scoreParts(m.Score)
	side := func(i int, no int, who string, bye bool) {
		y := bx.y + .15*f + line*float64(i) + line*.72
		bold := m.Winner != 0 && int(m.Winner) == no
		weight := ""
		if bold {
			weight = ` font-weight="700"`
		}
		if bye {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-style="italic">%s</text>`, bx.x+cardW, y, esc(t(ctx, "round.bye")))
			return
		}
		if no == 0 {
			return
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end"%s>%d</text>`, bx.x+cardW-.35*f, y, weight, no)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f"%s>%s</text>`, bx.x+cardW, y, weight, esc(name(who)))
		score := ""
		switch {
		case m.Surrendered && bold:
			score = "✔"
		case m.Surrendered:
			score = "–"
		case m.Score != "" && bold:
			score = "✔ " + won
		case m.Score != "":
			score = lost
		case bold:
			score = "✔"
		}
		if score != "" {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end"%s>%s</text>`, bx.x+w-.35*f, y, weight, esc(score))
		}
	}
	side(0, int(m.A), m.AName, false)
	side(1, int(m.B), m.BName, m.Bye)
	b.WriteString(`</g>`)
}

// scoreParts splits "2:1" into the winner's and the loser's Bummerl.
func scoreParts(s string) (string, string) {
	w, l, ok := strings.Cut(s, ":")
	if !ok {
		return "", ""
	}
	return w, l
}

func esc(s string) string { return html.EscapeString(s) }

// shorten keeps at most n characters of s, the last one "…"; n 0 keeps all.
func shorten(s string, n int) string {
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

func findKind(cols []BracketColumn, kind string) (BracketColumn, bool) {
	for _, c := range cols {
		if c.Kind == kind {
			return c, true
		}
	}
	return BracketColumn{}, false
}

// placementMatches is how many matches a placement bracket has when it is
// played with this many prizes (P-7): the 3rd place from 4 prizes on,
// places 5–8 with 8.
func placementMatches(kind string, prizes int) int {
	switch {
	case kind == "place-3" && prizes >= 4:
		return 1
	case kind == "place-5-8" && prizes >= 8:
		return 2
	case (kind == "place-5" || kind == "place-7") && prizes >= 8:
		return 1
	}
	return 0
}

func placementName(ctx context.Context, kind string) string {
	b, _ := tournament.ParseBracket(kind)
	return b.Name().Text(EnvOf(ctx).Lang)
}

// mainRoundName names a main round still to come by its cards.
func mainRoundName(ctx context.Context, cards int) string {
	switch cards {
	case 2:
		return t(ctx, "bracket.final")
	case 4:
		return t(ctx, "bracket.semifinal")
	}
	return t(ctx, "bracket.quarterfinal")
}

// BracketTitle is the bracket's title by what is played: places 1–8 with
// 8 prizes, 1–4 with 4, else the final (P-7).
func BracketTitle(lang string, prizes int) string {
	switch {
	case prizes >= 8:
		return Text(lang, "print.places_1_8")
	case prizes >= 4:
		return Text(lang, "print.places_1_4")
	}
	return Text(lang, "print.places_1_2")
}
