package web

import (
	"cmp"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"bummerl/domain/tournament"
	"bummerl/store"
	"bummerl/views"
)

// The history (issue 9) reads each audit row as one line in the page's
// language, naming the match and the people: "Ergebnis Runde 2, Partie 3:
// Sieger Karte 17 (Franz Huber) 2:1". The rows an action changed come
// from the store as they were written (store.AuditChange); an action whose
// rows cannot be read shows its name.

// score is the match's result winner first ("2:1"), or "kampflos".
func score(m store.AuditMatch, lang string) string {
	if m.Walkover {
		return views.Text(lang, "hist.walkover")
	}
	won, lost := m.BummerlA, m.BummerlB
	if m.Winner == m.B {
		won, lost = lost, won
	}
	return fmt.Sprintf("%d:%d", won, lost)
}

// historyLine is one audit entry read: its line, details and what it
// concerns, for the filters.
type historyLine struct {
	views.HistoryLine
	rounds  map[int]bool
	cards   map[int]bool
	players map[int]bool
}

// describe reads entry e of tournament t (its players and cards now name
// the cards of the entry) in lang.
func describe(e store.AuditEntry, ros roster, lang string) historyLine {
	h := historyLine{HistoryLine: views.HistoryLine{ID: e.ID, Day: e.At.Local().Format("02.01.2006"), Time: e.At.Local().Format("15:04"),
		User: e.User, Action: string(e.Action)},
		rounds: map[int]bool{}, cards: map[int]bool{}, players: map[int]bool{}}
	change, err := e.Change()
	if err != nil {
		return h
	}
	before, after := change.Before, change.After
	for _, set := range []store.AuditRows{before, after} {
		for _, r := range set.Rounds {
			h.rounds[r.No] = true
		}
		for _, m := range set.Matches {
			h.rounds[m.Round] = true
			for _, c := range []int{m.A, m.B} {
				if c != 0 {
					h.cards[c] = true
				}
			}
		}
		for _, c := range set.Cards {
			h.cards[c.No] = true
			h.players[c.Player] = true
		}
		for _, p := range set.Players {
			h.players[p.ID] = true
		}
	}
	f := func(key string, args ...any) string { return views.Textf(lang, key, args...) }
	card := func(no int) string {
		name := ros.holder(tournament.CardNo(no)).Name
		if name == "" {
			return f("hist.card", no)
		}
		return f("hist.card_of", no, name)
	}
	matchLine := func(m store.AuditMatch) string {
		b := f("hist.bye")
		if m.B != 0 {
			b = card(m.B)
		}
		return f("hist.match", m.Round, m.No) + ": " + card(m.A) + " – " + b
	}
	var parts []string
	switch e.Action {
	case store.ActionSell:
		byPlayer := map[int][]tournament.CardNo{}
		late := map[int]int{} // player → the round his late entry joins (SW-15)
		for _, c := range after.Cards {
			byPlayer[c.Player] = append(byPlayer[c.Player], tournament.CardNo(c.No))
			late[c.Player] = c.From
		}
		names := map[int]string{}
		for _, p := range after.Players {
			names[p.ID] = p.Name
		}
		for _, pid := range sortedKeys(byPlayer) {
			name := names[pid]
			if name == "" {
				name = ros.players[tournament.PlayerID(pid)].Name
			}
			key := "hist.sell"
			if len(byPlayer[pid]) == 1 {
				key = "hist.sell1"
			}
			line := f(key, views.CardList(byPlayer[pid]), name)
			if late[pid] > 1 {
				line += " " + f("hist.late", late[pid])
			}
			parts = append(parts, line)
		}
	case store.ActionWithdraw:
		for _, c := range after.Cards {
			parts = append(parts, f("hist.withdraw", card(c.No), c.Out))
		}
	case store.ActionReinstate: // the round he was out of is the one he is back in
		for _, c := range before.Cards {
			parts = append(parts, f("hist.reinstate", card(c.No), c.Out))
		}
	case store.ActionSeeds: // SW-4
		if t := after.Tournament; t != nil && t.SwissSeeds != "" {
			parts = append(parts, f("hist.seeds", t.SwissSeeds))
		} else {
			parts = append(parts, f("hist.seeds_none"))
		}
	case store.ActionCancelSale:
		for _, c := range before.Cards {
			parts = append(parts, f("hist.cancel", c.No, ros.players[tournament.PlayerID(c.Player)].Name))
		}
	case store.ActionEditPlayer:
		for i, p := range after.Players {
			if i < len(before.Players) {
				parts = append(parts, f("hist.edit_player", before.Players[i].Name, playerChanges(lang, before.Players[i], p)))
			}
		}
	case store.ActionResult, store.ActionResultSheet, store.ActionTableResult:
		for _, m := range after.Matches {
			if !m.HasResult { // called to the freed table with it (issue 23)
				if m.CalledAfter != 0 {
					parts = append(parts, f("hist.autocall", m.No, m.Table))
				}
				continue
			}
			line := f("hist.result", m.Round, m.No, card(m.Winner), score(m, lang))
			for _, o := range before.Matches {
				if o.Round == m.Round && o.No == m.No && o.HasResult {
					line += " " + f("hist.was", card(o.Winner), score(o, lang))
				}
			}
			parts = append(parts, line)
		}
	case store.ActionClearResult:
		for _, m := range before.Matches {
			if m.HasResult { // not the matches its result had called (issue 23)
				parts = append(parts, f("hist.clear", m.Round, m.No, card(m.Winner), score(m, lang)))
			}
		}
	case store.ActionDraw, store.ActionPhysicalDraw:
		parts = append(parts, roundLines(after, "hist.draw", f)...)
	case store.ActionUndoDraw:
		parts = append(parts, roundLines(before, "hist.undo", f)...)
	case store.ActionAnnounceDraw:
		if t := after.Tournament; t != nil && t.PendingCommitment != "" {
			parts = append(parts, f("hist.announce", t.PendingCommitment))
		}
	case store.ActionStartMatch, store.ActionCallMatch, store.ActionCallMatches, store.ActionReleaseMatch:
		for _, m := range after.Matches {
			line := matchLine(m)
			if m.Table > 0 && e.Action != store.ActionReleaseMatch {
				line += ", " + f("hist.table", m.Table)
			}
			parts = append(parts, line)
		}
	case store.ActionStartTable, store.ActionAbandonTable:
		if d := after.DigitalTable; d != nil {
			h.rounds[d.Round], h.cards[d.A], h.cards[d.B] = true, true, true
			parts = append(parts, matchLine(store.AuditMatch{Round: d.Round, No: d.Match, A: d.A, B: d.B}))
		}
	case store.ActionPayout, store.ActionCancelPayout: // issue 23
		key, p := "hist.payout", after.Payout
		if e.Action == store.ActionCancelPayout {
			key, p = "hist.cancel_payout", before.Payout
		}
		if p != nil {
			parts = append(parts, f(key, p.No, p.Prize, p.To, views.PayoutWhat(lang, *p)))
		}
	case store.ActionImport:
		parts = append(parts, importLines(lang, e.After)...)
	case store.ActionCreate:
		if t := after.Tournament; t != nil {
			parts = append(parts, f("hist.create", t.Name, strconv.Itoa(t.Cards)))
		}
	default:
		if before.Tournament != nil && after.Tournament != nil {
			if ch := settingsChanges(lang, before.Tournament, after.Tournament); ch != "" {
				parts = append(parts, ch)
			}
		}
	}
	const maxParts = 6 // "call matches" may call every table at once
	if len(parts) > maxParts {
		parts = append(parts[:maxParts], f("hist.more", len(parts)-maxParts))
	}
	h.Line = strings.Join(parts, "; ")
	h.Details = details(lang, before, after)
	return h
}

// importLines read an import's audit line: which players the organiser
// confirmed as the register's person of their name, which he made new
// persons (issue 24 point 5).
func importLines(lang, after string) []string {
	var rec store.ImportRecord
	if json.Unmarshal([]byte(after), &rec) != nil {
		return nil
	}
	same := "hist.import_same"
	if rec.Unasked {
		same = "hist.import_unasked"
	}
	var lines []string // the new persons first: the lines beyond six are cut
	for _, p := range rec.New {
		lines = append(lines, views.Textf(lang, "hist.import_new", p.Name, p.As, p.Person))
	}
	for _, p := range rec.Same {
		lines = append(lines, views.Textf(lang, same, p.Name, p.As, p.Person))
	}
	return lines
}

// roundLines is one line per round of set (a draw made or undone): what
// happened (message key, with the round's number and its count of matches),
// and its seed if any.
func roundLines(set store.AuditRows, key string, f func(string, ...any) string) []string {
	var lines []string
	for _, r := range set.Rounds {
		n := 0
		for _, m := range set.Matches {
			if m.Round == r.No {
				n++
			}
		}
		line := f(key, r.No, n)
		if r.Seed != "" {
			line += " " + f("hist.seed", r.Seed)
		}
		lines = append(lines, line)
	}
	return lines
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

// playerChanges names what an edit changed: "Name: Franz Hubr → Franz Huber".
func playerChanges(lang string, a, b store.AuditPlayer) string {
	var ch []string
	for _, c := range []struct{ key, old, new string }{
		{"hist.f_name", a.Name, b.Name}, {"hist.f_club", a.Club, b.Club}, {"hist.f_phone", a.Phone, b.Phone},
	} {
		if c.old != c.new {
			ch = append(ch, views.Text(lang, c.key)+": "+quote(lang, c.old)+" → "+quote(lang, c.new))
		}
	}
	return strings.Join(ch, ", ")
}

// quote is s in the quotation marks of lang: „…“ in German, “…” in
// English; "–" for nothing.
func quote(lang, s string) string {
	switch {
	case s == "":
		return "–"
	case lang == "en":
		return "“" + s + "”"
	}
	return "„" + s + "“"
}

// settingsField is a field of the tournament the history names: the key
// of its name and its value.
type settingsField struct {
	key   string
	value func(t *store.AuditTournament) any
	swiss bool // the Swiss system's (issue 14)
}

func (f settingsField) text(t *store.AuditTournament) string { return fmt.Sprint(f.value(t)) }

// settingsFields are the tournament's fields the history names, in order.
var settingsFields = []settingsField{
	{key: "hist.s_name", value: func(t *store.AuditTournament) any { return t.Name }},
	{key: "hist.s_cards", value: func(t *store.AuditTournament) any { return t.Cards }},
	{key: "hist.s_max_cards", value: func(t *store.AuditTournament) any { return t.MaxCards }},
	{key: "hist.s_price_cents", value: func(t *store.AuditTournament) any { return t.PriceCents }},
	{key: "hist.s_variant", value: func(t *store.AuditTournament) any { return t.Variant }},
	{key: "hist.s_closing", value: func(t *store.AuditTournament) any { return t.Closing }},
	{key: "hist.s_bummerl_to_win", value: func(t *store.AuditTournament) any { return t.BummerlToWin }},
	{key: "hist.s_prizes", value: func(t *store.AuditTournament) any { return t.Prizes }},
	{key: "hist.s_multiple_prizes", value: func(t *store.AuditTournament) any { return t.MultiplePrizes }},
	{key: "hist.s_tables", value: func(t *store.AuditTournament) any { return t.Tables }},
	// Preisschnapsen's form is "": named "preis", as the history always did.
	{key: "hist.s_form", value: func(t *store.AuditTournament) any { return cmp.Or(string(t.Form), "preis") }, swiss: true},
	{key: "hist.s_swiss_rounds", value: func(t *store.AuditTournament) any { return t.SwissRounds }, swiss: true},
	{key: "hist.s_buchholz_cut1", value: func(t *store.AuditTournament) any { return t.BuchholzCut1 }, swiss: true},
	{key: "hist.s_auto_call", value: func(t *store.AuditTournament) any { return t.AutoCall }}, // issue 23
}

// settingsChanges names the tournament's fields an action changed.
func settingsChanges(lang string, a, b *store.AuditTournament) string {
	var ch []string
	for _, f := range settingsFields {
		o, n := f.text(a), f.text(b)
		if o != n {
			ch = append(ch, views.Text(lang, f.key)+": "+o+" → "+n)
		}
	}
	return strings.Join(ch, ", ")
}

// maxDetailRows bounds the rows of one table the details list: a draw of
// 4096 cards changes thousands (the history page stays small).
const maxDetailRows = 8

// details are the rows an action changed, before and after, readable.
func details(lang string, before, after store.AuditRows) []views.HistoryDetail {
	var out []views.HistoryDetail
	add := func(when string, set *store.AuditRows) {
		var lines []string
		more := 0
		addRows := func(n int, row func(i int) string) {
			for i := range n {
				if i >= maxDetailRows {
					more += n - maxDetailRows
					break
				}
				lines = append(lines, row(i))
			}
		}
		addRows(len(set.Players), func(i int) string {
			p := set.Players[i]
			s := views.Textf(lang, "hist.d_player", p.ID, p.Name)
			if p.Club != "" {
				s += ", " + views.Text(lang, "hist.f_club") + " " + p.Club
			}
			if p.Phone != "" {
				s += ", " + views.Text(lang, "hist.f_phone") + " " + p.Phone
			}
			return s
		})
		addRows(len(set.Cards), func(i int) string {
			c := set.Cards[i]
			return views.Textf(lang, "hist.d_card", c.No, c.Player, c.Sale)
		})
		addRows(len(set.Rounds), func(i int) string {
			r := set.Rounds[i]
			return views.Textf(lang, "hist.d_round", r.No, r.Method, r.Commitment, r.Seed)
		})
		addRows(len(set.Matches), func(i int) string {
			m := set.Matches[i]
			s := views.Textf(lang, "hist.d_match", m.Round, m.No, m.A, m.B, m.Table)
			if m.HasResult {
				s += ", " + views.Textf(lang, "hist.d_result", m.Winner, score(m, lang))
			}
			return s
		})
		if n := set.Tickets; n > 0 {
			lines = append(lines, views.Textf(lang, "hist.d_tickets", n))
		}
		if set.Tournament != nil {
			// The tournament's fields that changed (its version changes
			// with every action and is left out); all of them when new,
			// the Swiss system's for a Swiss tournament only.
			other := before.Tournament
			if set == &before {
				other = after.Tournament
			}
			swiss := set.Tournament.Form == tournament.FormSwiss
			var kv []string
			for _, f := range settingsFields {
				v := f.text(set.Tournament)
				if other == nil && (swiss || !f.swiss) || other != nil && f.text(other) != v {
					kv = append(kv, views.Text(lang, f.key)+": "+v)
				}
			}
			if len(kv) > 0 {
				lines = append(lines, strings.Join(kv, ", "))
			}
		}
		if more > 0 {
			lines = append(lines, views.Textf(lang, "hist.more", more))
		}
		if len(lines) > 0 {
			out = append(out, views.HistoryDetail{When: when, Lines: lines})
		}
	}
	add(views.Text(lang, "history.before"), &before)
	add(views.Text(lang, "history.after"), &after)
	return out
}

// historyFilter is the history page's choice: a round, a player (a part
// of the name or a card number), a user; 0 and "" for any.
type historyFilter struct {
	Round  int
	Player string
	User   string
}

func (f historyFilter) any() bool { return f.Round != 0 || f.Player != "" || f.User != "" }

// playersMatching are the players the filter's player text names: by a
// card number, else by a part of the name.
func playersMatching(t *tournament.Tournament, q string) map[int]bool {
	out := map[int]bool{}
	q = strings.TrimSpace(q)
	if no, err := strconv.Atoi(q); err == nil {
		if c, ok := t.Card(tournament.CardNo(no)); ok {
			out[int(c.Player)] = true
		}
		return out
	}
	key := strings.ToLower(q)
	for _, p := range t.Players {
		if strings.Contains(strings.ToLower(p.Name), key) {
			out[int(p.ID)] = true
		}
	}
	return out
}

// keep reports whether line h passes the filter.
func (f historyFilter) keep(h historyLine, players map[int]bool, owner func(card int) int) bool {
	if f.User != "" && h.User != f.User {
		return false
	}
	if f.Round != 0 && !h.rounds[f.Round] {
		return false
	}
	if f.Player != "" {
		hit := false
		for p := range h.players {
			hit = hit || players[p]
		}
		for c := range h.cards {
			hit = hit || players[owner(c)]
		}
		if !hit {
			return false
		}
	}
	return true
}
