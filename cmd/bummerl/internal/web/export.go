package web

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"bummerl/domain/tournament"
	"bummerl/views"
)

// CSV exports (issue 9, organisers only: players' phones are private):
// players with their cards, all matches with results, the final standings
// with prizes. UTF-8 with a byte order mark so that Excel reads umlauts,
// fields separated by semicolons as Excel expects them in German-speaking
// countries (docs/web.md), headers in the page's language. Every cell
// goes through spreadsheetText: what people typed must not become a
// formula in the organiser's spreadsheet.

// exportKinds are the exports by file name.
var exportKinds = map[string]func(*server, echo.Context, *tournament.Tournament) ([][]string, error){
	"players":   exportPlayers,
	"matches":   exportMatches,
	"standings": exportStandings,
	"till":      exportTill, // the cash book (issue 23, takings.go)
}

// exportFiles are the keys of the exports' file names.
var exportFiles = map[string]string{"players": "export.file_players", "matches": "export.file_matches", "standings": "export.file_standings",
	"till": "export.file_till"}

// exportCSV answers GET …/export/:kind.csv (pages and API alike).
func (s *server) exportCSV(c echo.Context) error {
	t, err := s.loadTournament(c)
	if err != nil {
		return err
	}
	kind := strings.TrimSuffix(c.Param("file"), ".csv")
	rows, ok := exportKinds[kind]
	if !ok || !strings.HasSuffix(c.Param("file"), ".csv") {
		return notFound(c)
	}
	table, err := rows(s, c, t)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return sendCSV(c, t.Settings.Name+"-"+text(c, exportFiles[kind]), table)
}

// sendCSV answers with table as a CSV download named name.csv, the way
// Excel and LibreOffice in German open it at a double click: UTF-8 with a
// byte-order mark, semicolons, CRLF, and no cell read as a formula.
func sendCSV(c echo.Context, name string, table [][]string) error {
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	w := csv.NewWriter(&buf)
	w.Comma = ';'
	w.UseCRLF = true
	if err := w.WriteAll(spreadsheetRows(table)); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s.csv"`, fileName(name)))
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}

// formulaStarts are the first characters that make a spreadsheet program
// read a cell as a formula (or, tab and carriage return, hide one behind
// white space): "=HYPERLINK(…)" typed as a name, "+43 664 …" as a phone.
const formulaStarts = "=+-@\t\r"

// spreadsheetText keeps a cell text in Excel and LibreOffice: a leading
// apostrophe, the spreadsheets' own mark for "this is text", before a cell
// that would start a formula.
func spreadsheetText(cell string) string {
	if cell != "" && strings.ContainsRune(formulaStarts, rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// spreadsheetRows applies spreadsheetText to every cell.
func spreadsheetRows(rows [][]string) [][]string {
	for _, row := range rows {
		for i, cell := range row {
			row[i] = spreadsheetText(cell)
		}
	}
	return rows
}

// fileSafe is what a file name leaves out.
var fileSafe = regexp.MustCompile(`[^a-z0-9äöüß]+`)

// fileName makes a download's name of a text: lower case, runs of other
// characters a dash.
func fileName(s string) string {
	return strings.Trim(fileSafe.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

func exportPlayers(s *server, c echo.Context, t *tournament.Tournament) ([][]string, error) {
	out := [][]string{{text(c, "export.player"), text(c, "export.name"), text(c, "export.club"), text(c, "export.phone"),
		text(c, "export.cards"), text(c, "export.count"), text(c, "export.paid"), text(c, "export.payment")}}
	cards := map[tournament.PlayerID][]tournament.Card{}
	for _, cd := range t.Cards {
		cards[cd.Player] = append(cards[cd.Player], cd)
	}
	for _, p := range t.Players {
		var nos, methods []string
		paid := 0
		for _, cd := range cards[p.ID] {
			nos = append(nos, strconv.Itoa(int(cd.No)))
			paid += t.Price(cd)
			if m := views.PayName(lang(c), cd.Payment); !slices.Contains(methods, m) {
				methods = append(methods, m)
			}
		}
		out = append(out, []string{strconv.Itoa(int(p.ID)), p.Name, p.Club, p.Phone, strings.Join(nos, " "),
			strconv.Itoa(len(nos)), views.Euro(lang(c), paid), strings.Join(methods, ", ")})
	}
	return out, nil
}

func exportMatches(s *server, c echo.Context, t *tournament.Tournament) ([][]string, error) {
	out := [][]string{{text(c, "export.round"), text(c, "export.round_name"), text(c, "export.match"), text(c, "export.table"),
		text(c, "export.card_a"), text(c, "export.name_a"), text(c, "export.card_b"), text(c, "export.name_b"),
		text(c, "export.state"), text(c, "export.winner"), text(c, "export.winner_name"), text(c, "export.score"), text(c, "export.walkover")}}
	ros := newRoster(t)
	l := lang(c)
	for _, r := range t.Rounds {
		for _, m := range r.Matches {
			row := matchRow(ros, r, m, l)
			b, bName := strconv.Itoa(int(m.B)), row.BName
			if m.Bye() {
				b, bName = "", text(c, "round.bye")
			}
			table := ""
			if row.Table > 0 {
				table = strconv.Itoa(row.Table)
			}
			state, winner, winnerName, score, walkover := text(c, "round.open"), "", "", "", text(c, "common.no")
			switch {
			case m.Bye():
				state = text(c, "round.bye")
			case m.Surrendered:
				state = text(c, "round.surrendered")
			case m.Walkover():
				state, walkover = text(c, "hist.walkover"), text(c, "common.yes")
			case m.Result != nil:
				state = text(c, "export.done")
				score = exportScore(m)
			}
			if w := m.Winner(); w != 0 {
				winner, winnerName = strconv.Itoa(int(w)), ros.holder(w).Name
			}
			out = append(out, []string{strconv.Itoa(r.No), row.Name, strconv.Itoa(m.No), table,
				strconv.Itoa(int(m.A)), row.AName, b, bName, state, winner, winnerName, score, walkover})
		}
	}
	return out, nil
}

// exportScore is a match's Bummerl score, the winner's first, with an en
// dash: "2–1". Excel reads "2:1" as the time 02:01 and "2-1" as a date,
// but leaves the en dash text, as the places "3–4" of the standings
// (docs/web.md).
func exportScore(m tournament.Match) string {
	won, lost := m.Score()
	return fmt.Sprintf("%d–%d", won, lost)
}

func exportStandings(s *server, c echo.Context, t *tournament.Tournament) ([][]string, error) {
	out := [][]string{{text(c, "export.place"), text(c, "export.card"), text(c, "export.name"), text(c, "export.club"),
		text(c, "export.prize"), text(c, "export.prize_text")}}
	ros := newRoster(t)
	prize := map[tournament.CardNo]tournament.Award{}
	for _, a := range t.Prizes() {
		if a.Card != 0 {
			prize[a.Card] = a
		}
	}
	for _, st := range t.Standings() {
		place := strconv.Itoa(st.From)
		if st.To != st.From {
			place += "–" + strconv.Itoa(st.To)
		}
		p := ros.holder(st.Card)
		no, desc := "", ""
		if a, ok := prize[st.Card]; ok {
			no, desc = strconv.Itoa(a.Prize), a.Description
		}
		out = append(out, []string{place, strconv.Itoa(int(st.Card)), p.Name, p.Club, no, desc})
	}
	return out, nil
}
