package tournament

import (
	"fmt"
	"math"
)

// Rebuilding a tournament that comes from outside (issue 20): an imported
// document holds an aggregate that no method of this package made. Rebuild
// makes it again through the methods the pages call, so an import passes
// every check a tournament built on the pages passed.

// MaxSerial bounds the numbers that only count up: versions, player
// numbers and sale sequences. The databases keep them in 32-bit columns.
const MaxSerial = math.MaxInt32

func init() {
	for code, m := range map[string]message{
		"at_round":            {"round %d: %s", "Runde %d: %s"},
		"at_match":            {"round %d, match %d: %s", "Runde %d, Partie %d: %s"},
		"at_player":           {"player %d: %s", "Person %d: %s"},
		"at_card":             {"card %d: %s", "Karte %d: %s"},
		"at_seeds":            {"the seed list: %s", "Die Setzliste: %s"},
		"at_pending":          {"the announced draw: %s", "Die angekündigte Auslosung: %s"},
		"settings_not_clean":  {"the settings hold a value the settings page would have changed (spaces around a text, or a setting of the other tournament form)", "Die Einstellungen enthalten einen Wert, den die Einstellungsseite geändert hätte (Leerzeichen um einen Text oder eine Einstellung der anderen Turnierform)"},
		"player_id_invalid":   {"player number %d must be from 1 to %d and given once", "Die Personennummer %d muss zwischen 1 und %d liegen und darf nur einmal vorkommen"},
		"text_not_clean":      {"the name, club or phone has spaces or characters the sale desk would have removed", "Name, Verein oder Telefon enthält Leerzeichen oder Zeichen, die der Verkauf entfernt hätte"},
		"card_outside":        {"card %d is not within 1 to %d", "Karte %d liegt nicht zwischen 1 und %d"},
		"card_twice":          {"card %d is sold twice", "Karte %d ist zweimal verkauft"},
		"card_owner_missing":  {"card %d belongs to player %d, who is not there", "Karte %d gehört Person %d, die es nicht gibt"},
		"card_sale_invalid":   {"card %d: the sale number %d must be from 1 to %d and given once", "Karte %d: Die Verkaufsnummer %d muss zwischen 1 und %d liegen und darf nur einmal vorkommen"},
		"card_price_invalid":  {"card %d: the price must be from 0 to 10,000.00 €, not %d cents", "Karte %d: Der Preis muss zwischen 0 und 10.000,00 € liegen, nicht %d Cent"},
		"card_rounds_invalid": {"card %d: entry round %d and withdrawal round %d are not possible here", "Karte %d: Einstiegsrunde %d und Rückzugsrunde %d sind hier nicht möglich"},
		"version_invalid":     {"the version %d must be from 1 to %d", "Die Version %d muss zwischen 1 und %d liegen"},
		"round_number":        {"round %d must be round %d: rounds are numbered 1, 2, 3, … without gaps", "Runde %d müsste Runde %d sein: Runden sind ohne Lücke 1, 2, 3, … nummeriert"},
		"match_number":        {"match %d must be match %d: matches are numbered 1, 2, 3, … without gaps", "Partie %d müsste Partie %d sein: Partien sind ohne Lücke 1, 2, 3, … nummeriert"},
		"round_match_count":   {"%d matches, but the draw gives %d", "%d Partien, die Auslosung ergibt aber %d"},
		"bracket_invalid":     {"there is no bracket %d", "Es gibt keine Spielgruppe %d"},
		"match_self":          {"card %d plays against itself", "Karte %d spielt gegen sich selbst"},
		"match_differs":       {"the draw gives %[2]s here, not %[1]s", "Die Auslosung ergibt hier %[2]s, nicht %[1]s"},
		"bracket_differs":     {"the draw puts the match in %[2]s, not in %[1]s", "Die Auslosung stellt die Partie in %[2]s, nicht in %[1]s"},
		"unplayed_changed":    {"a bye or a surrendered match is not played: no table, no result", "Ein Freilos oder eine aufgegebene Partie wird nicht gespielt: kein Tisch, kein Ergebnis"},
		"table_without_call":  {"the match is not called to a table but names table %d or a time of call", "Die Partie ist nicht aufgerufen, nennt aber Tisch %d oder eine Aufrufzeit"},
		"called_after_bad":    {"the match names match %d as the result that called it, but that match has no result played at a table", "Die Partie nennt Partie %d als das Ergebnis, das sie aufgerufen hat, aber diese hat kein Ergebnis von einem Tisch"},
		"physical_with_seed":  {"a draw by hand has no seed and no commitment", "Eine Auslosung von Hand hat keinen Seed und keine Festlegung"},
	} {
		messages[code] = m
	}
}

// Rebuild builds t again through the methods the pages call — New for the
// settings (P-9), the players' texts as the sale desk cleans them, the
// cards within the limits of a sale (P-1), SetSwissSeeds (SW-4), ApplyDraw
// for every round (P-2 … P-4, P-6, SW-4 … SW-8), CallMatch and SetResult
// for every match (P-5, B-3, B-4), SetTables and Announce — and compares
// every step with t. It returns the first refusal or difference, naming
// the round, match, card or player; nil when the pages could have made t.
// t is not changed. Versions and the times of calls and results are t's
// own history, which no rule decides: only their range is checked.
//
// A round's tickets are checked against the pots here; that a digital
// draw's tickets are those its seed gives is package draw's to check.
func Rebuild(t *Tournament) error {
	b, err := rebuildEntries(t)
	if err != nil {
		return err
	}
	for i, r := range t.Rounds {
		if err := b.rebuildRound(r, i+1); err != nil {
			return err
		}
	}
	// After the rounds: the hall may have shrunk since a decided match
	// was played at a higher table, but not below a busy one.
	if err := b.SetTables(t.Tables); err != nil {
		return err
	}
	if t.Pending != nil {
		if err := b.Announce(*t.Pending); err != nil {
			return invalid("at_pending", "", err)
		}
	}
	if !serial(t.Version) {
		return invalid("version_invalid", "version", t.Version, MaxSerial)
	}
	return nil
}

// serial reports whether n is a valid version, player number or sale
// sequence.
func serial(n int) bool { return n >= 1 && n <= MaxSerial }

// rebuildEntries makes a tournament of t's settings, players, cards and
// seed list.
func rebuildEntries(t *Tournament) (*Tournament, error) {
	b, err := New(t.Settings)
	if err != nil {
		return nil, err
	}
	if !sameRules(b.Settings, t.Settings) || b.Settings.Event != t.Settings.Event {
		return nil, invalid("settings_not_clean", "")
	}
	if err := b.rebuildPlayers(t.Players); err != nil {
		return nil, err
	}
	if err := b.rebuildCards(t.Cards, len(t.Rounds)); err != nil {
		return nil, err
	}
	if len(t.SwissSeeds) > 0 {
		if err := b.SetSwissSeeds(t.SwissSeeds); err != nil {
			return nil, invalid("at_seeds", "seeds", err)
		}
	}
	return b, nil
}

// rebuildPlayers adds the players as the sale desk would have: numbered
// once each, their texts clean.
func (b *Tournament) rebuildPlayers(players []Player) error {
	seen := map[PlayerID]bool{}
	for _, p := range players {
		if !serial(int(p.ID)) || seen[p.ID] {
			return invalid("player_id_invalid", "players", int(p.ID), MaxSerial)
		}
		seen[p.ID] = true
		clean, err := cleanPlayer(p)
		if err == nil && clean != p {
			err = invalid("text_not_clean", "players")
		}
		if err != nil {
			return invalid("at_player", "players", int(p.ID), err)
		}
		b.Players = append(b.Players, p)
	}
	return nil
}

// rebuildCards adds the cards as sales would have (P-1): numbers 1 … N,
// each once, of players who are there, at most MaxCards per player, each
// with its own sale sequence (the draw's order, P-4), a known payment and a
// price in range. Entry and withdrawal rounds are the Swiss system's
// (SW-15, SW-16), at most the round after the last.
func (b *Tournament) rebuildCards(cards []Card, rounds int) error {
	n := CardNo(b.Settings.Cards)
	sold := newCardTable[bool](n)
	sales := map[int]bool{}
	held := map[PlayerID]int{}
	for _, c := range cards {
		switch {
		case c.No < 1 || c.No > n:
			return invalid("card_outside", "cards", int(c.No), int(n))
		case sold.get(c.No):
			return invalid("card_twice", "cards", int(c.No))
		case b.playerIndex(c.Player) < 0:
			return invalid("card_owner_missing", "cards", int(c.No), int(c.Player))
		case !serial(c.Sale) || sales[c.Sale]:
			return invalid("card_sale_invalid", "cards", int(c.No), c.Sale, MaxSerial)
		case c.PriceCents < 0 || c.PriceCents > MaxPriceCents:
			return invalid("card_price_invalid", "cards", int(c.No), c.PriceCents)
		case !b.entryRounds(c, rounds):
			return invalid("card_rounds_invalid", "cards", int(c.No), c.From, c.Out)
		}
		if _, err := ParsePayMethod(string(c.Payment)); err != nil {
			return invalid("at_card", "cards", int(c.No), err)
		}
		sold.set(c.No, true)
		sales[c.Sale] = true
		if held[c.Player]++; held[c.Player] > b.Settings.MaxCards {
			p, _ := b.Player(c.Player)
			return invalid("max_cards_exceeded", "cards", p.Name, held[c.Player], b.Settings.MaxCards)
		}
		b.Cards = append(b.Cards, c)
	}
	return nil
}

// entryRounds reports whether card c's entry and withdrawal rounds are
// possible with the rounds drawn: none in Preisschnapsen; in the Swiss
// system a round up to the one after the last (SW-15, SW-16).
func (b *Tournament) entryRounds(c Card, rounds int) bool {
	limit := 0
	if b.Settings.swiss() {
		limit = rounds + 1
	}
	return c.From >= 0 && c.From <= limit && c.Out >= 0 && c.Out <= limit
}

// rebuildRound draws round no as r was drawn and plays its matches as r
// records them.
func (b *Tournament) rebuildRound(r Round, no int) error {
	if r.No != no {
		return invalid("round_number", "rounds", r.No, no)
	}
	if err := b.drawRound(r.Draw); err != nil {
		return invalid("at_round", "rounds", no, err)
	}
	drawn := b.Rounds[no-1].Matches
	if len(r.Matches) != len(drawn) {
		return invalid("at_round", "rounds", no, invalid("round_match_count", "matches", len(r.Matches), len(drawn)))
	}
	owner := b.owners()
	for j, m := range r.Matches {
		if m.No != j+1 {
			return invalid("at_round", "rounds", no, invalid("match_number", "matches", m.No, j+1))
		}
		if err := b.samePairing(owner, m, drawn[j]); err != nil {
			return invalid("at_match", "matches", no, m.No, err)
		}
	}
	// Decided matches first: the table each was played at is history and
	// free again. The open ones then sit down as they sit now (P-5).
	for _, open := range []bool{false, true} {
		for _, m := range r.Matches {
			if (m.Result == nil) != open {
				continue
			}
			if err := b.replayMatch(r, m); err != nil {
				return invalid("at_match", "matches", no, m.No, err)
			}
		}
	}
	return nil
}

// drawRound draws the next round with d as the pages did: a seeded round
// reveals the seed its commitment binds, announced before (P-4, SW-4); a
// draw by hand has neither; a Swiss round has no tickets.
func (b *Tournament) drawRound(d Draw) error {
	switch {
	case d.Method.Seeded() && !commits(d.Commitment, d.Seed):
		return invalid("commitment_invalid", "commitment")
	case d.Method.Seeded():
		b.Pending = &Commitment{Seed: d.Seed, Commitment: d.Commitment}
	case d.Method == Physical && (d.Seed != "" || d.Commitment != ""):
		return invalid("physical_with_seed", "seed")
	}
	if err := b.ApplyDraw(d); err != nil {
		return err
	}
	if b.Settings.swiss() && len(d.Groups) > 0 {
		return invalid("swiss_pairing_only", "method")
	}
	return nil
}

// samePairing checks that match m is the match the draw made (drawn):
// the same bracket and cards, surrendered alike (P-6).
func (b *Tournament) samePairing(owner cardTable[PlayerID], m, drawn Match) error {
	n := CardNo(b.Settings.Cards)
	if _, ok := bracketNames[m.Bracket]; !ok {
		return invalid("bracket_invalid", "bracket", int(m.Bracket))
	}
	for i, c := range [2]CardNo{m.A, m.B} {
		switch {
		case i == 1 && c == 0: // a bye
		case c < 1 || c > n:
			return invalid("card_outside", "cards", int(c), int(n))
		case owner.get(c) == 0:
			return invalid("card_not_found", "cards", int(c))
		}
	}
	switch {
	case m.A == m.B:
		return invalid("match_self", "cards", int(m.A))
	case m.Bracket != drawn.Bracket:
		return invalid("bracket_differs", "bracket", m.Bracket.Name(), drawn.Bracket.Name())
	case m.A != drawn.A || m.B != drawn.B || m.Surrendered != drawn.Surrendered:
		return invalid("match_differs", "cards", pairing(m), pairing(drawn))
	case !serial(m.Version):
		return invalid("version_invalid", "version", m.Version, MaxSerial)
	}
	return nil
}

// replayMatch calls m, a match of r, to its table and enters its result
// as the pages do, and checks that they keep what m records. A bye or a
// surrender is never played (P-1, P-6).
func (b *Tournament) replayMatch(r Round, m Match) error {
	round := r.No
	got := &b.Rounds[round-1].Matches[m.No-1]
	switch {
	case got.Bye() || got.Surrendered:
		if !unplayed(m, got.Result) {
			return invalid("unplayed_changed", "result")
		}
		return nil
	case !m.Started && (m.Table != 0 || !m.Called.IsZero()):
		return invalid("table_without_call", "table", m.Table)
	case m.CalledAfter != 0 && !calledBy(r, m):
		return invalid("called_after_bad", "called_after", m.CalledAfter)
	}
	if m.Started {
		if err := b.CallMatch(round, m.No, m.Table, got.Version, m.Called); err != nil {
			return err
		}
		got.CalledAfter = m.CalledAfter // CallMatch is a call by hand
	}
	if m.Result == nil {
		return nil
	}
	if err := b.SetResult(round, m.No, got.Version, *m.Result); err != nil {
		return err
	}
	// SetResult takes a winner or Bummerl left out from the sheet.
	if r := got.Result; r.Winner != m.Result.Winner || r.Bummerl != m.Result.Bummerl {
		return invalid("sheet_disagrees", "sheet", int(r.Winner), r.Bummerl[0], r.Bummerl[1])
	}
	return nil
}

// calledBy reports whether m can have been called by the result of the
// match it names (automatic calling): m sits at a table, and that other
// match of r has a result and was played at a table.
func calledBy(r Round, m Match) bool {
	o, ok := r.Match(m.CalledAfter)
	return m.Started && ok && o.No != m.No && o.Result != nil && o.Started
}

// unplayed reports whether m, a bye or a surrender, is as the draw made
// it: the result want (the surrendered card's opponent advances) and no table.
func unplayed(m Match, want *Result) bool {
	r := m.Result
	same := r == want || r != nil && want != nil && r.Winner == want.Winner && r.Bummerl == [2]int{} &&
		len(r.Sheet) == 0 && r.At.IsZero() && !r.Walkover
	return same && !m.Started && m.Table == 0 && m.Called.IsZero() && m.CalledAfter == 0
}

// pairing shows a match's cards in a message.
type pairing Match

func (p pairing) Text(lang string) string {
	de := lang == "de"
	var s string
	switch {
	case p.B == 0 && de:
		s = fmt.Sprintf("Karte %d mit Freilos", p.A)
	case p.B == 0:
		s = fmt.Sprintf("card %d with a bye", p.A)
	case de:
		s = fmt.Sprintf("Karte %d gegen Karte %d", p.A, p.B)
	default:
		s = fmt.Sprintf("card %d against card %d", p.A, p.B)
	}
	switch {
	case p.Surrendered && de:
		s += " (aufgegeben)"
	case p.Surrendered:
		s += " (surrendered)"
	}
	return s
}
