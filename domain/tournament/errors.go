package tournament

import (
	"errors"
	"fmt"
)

// Kind tells the caller what went wrong in terms it can map to a response
// in one place (the web app: 422, 409, 404).
type Kind string

const (
	Invalid  Kind = "invalid"   // the input breaks a rule
	Conflict Kind = "conflict"  // not possible in the current state, or changed meanwhile
	NotFound Kind = "not_found" // no such player, card, round or match
)

// Error is the one error type of the package (after benbjohnson/wtf).
// Code is stable for programs and tests; Field names the input it concerns
// so a form can show the message beside it.
type Error struct {
	Kind  Kind
	Code  string
	Field string
	Deal  int // 0-based score-sheet deal the error is about, or -1
	// Player is the player a refusal is about (player_exists), or 0.
	Player PlayerID
	Args   []any // values for the message; an arg with a Text(lang) method is translated
}

// message is one entry of the catalogue: printf formats in both languages.
type message struct{ en, de string }

// messages is the catalogue of every code the package returns.
var messages = map[string]message{
	"name_required":              {"the name is required", "Der Name fehlt"},
	"cards_not_power_of_two":     {"the number of cards must be a power of two from 4 to 4096, not %d", "Die Anzahl der Karten muss eine Zweierpotenz von 4 bis 4096 sein, nicht %d"},
	"max_cards_invalid":          {"cards per player must be at least 1, not %d", "Karten pro Person müssen mindestens 1 sein, nicht %d"},
	"price_negative":             {"the price must not be negative", "Der Preis darf nicht negativ sein"},
	"price_too_high":             {"the price must be at most 10,000.00 €", "Der Preis darf höchstens 10.000,00 € betragen"},
	"variant_invalid":            {"unknown variant %q (want soft, sharp or sixty-six)", "Unbekannte Spielart %q (weich, scharf oder sixty-six)"},
	"closing_invalid":            {"unknown closing rule %q (want at-close or count-later)", "Unbekannte Zudreh-Regel %q (at-close oder count-later)"},
	"bummerl_invalid":            {"Bummerl per match must be 1, 2 or 3, not %d", "Bummerl pro Partie müssen 1, 2 oder 3 sein, nicht %d"},
	"prizes_count":               {"there must be 2, 4 or 8 prizes, not %d", "Es muss 2, 4 oder 8 Preise geben, nicht %d"},
	"prizes_exceed_cards":        {"%[1]d prizes need at least %[1]d cards, not %[2]d: N cards decide only N places", "Für %[1]d Preise braucht es mindestens %[1]d Karten, nicht %[2]d: N Karten entscheiden nur N Plätze"},
	"prize_description_required": {"prize %d has no description", "Preis %d hat keine Beschreibung"},
	"settings_locked":            {"the settings are fixed once round 1 is drawn", "Die Einstellungen stehen fest, sobald Runde 1 ausgelost ist"},
	"cards_below_sold":           {"%d cards are sold already; the tournament cannot have fewer", "Es sind schon %d Karten verkauft; das Turnier kann nicht weniger haben"},
	"max_cards_below_held":       {"%s holds %d cards already", "%s hat schon %d Karten"},
	"player_not_found":           {"there is no player %d", "Es gibt keine Person %d"},
	"card_not_found":             {"card %d is not sold", "Karte %d ist nicht verkauft"},
	"sell_count_invalid":         {"the number of cards to sell must be at least 1, not %d", "Die Anzahl der zu verkaufenden Karten muss mindestens 1 sein, nicht %d"},
	"sales_closed":               {"no sales or cancellations after the draw of round 1", "Nach der Auslosung der Runde 1 kann nichts mehr verkauft oder storniert werden"},
	"max_cards_exceeded":         {"%s holds %d cards; at most %d are allowed", "%s hat %d Karten; erlaubt sind höchstens %d"},
	"cards_sold_out":             {"only %d cards are left", "Es sind nur noch %d Karten frei"},
	"sell_numbers_count":         {"the number of cards (%d) and of card numbers (%d) differ", "Die Anzahl der Karten (%d) und der Kartennummern (%d) weichen voneinander ab"},
	"card_number_range":          {"there is no card %d: the numbers run from 1 to %d", "Karte %d gibt es nicht: die Nummern gehen von 1 bis %d"},
	"card_number_twice":          {"card %d is given twice", "Karte %d ist zweimal angegeben"},
	"card_sold":                  {"card %d is sold already, to %s", "Karte %d ist schon verkauft, an %s"},
	"cards_all_sold":             {"all %d cards are sold", "Alle %d Karten sind verkauft"},
	"too_few_cards_sold":         {"%d cards sold; more than %d are needed", "%d Karten verkauft; es müssen mehr als %d sein"},
	"round_unfinished":           {"match %d of round %d has no result yet", "Partie %d der Runde %d hat noch kein Ergebnis"},
	"tournament_finished":        {"the tournament is finished", "Das Turnier ist beendet"},
	"commitment_invalid":         {"the commitment must be the hex SHA-256 of the seed", "Die Festlegung muss der Hex-SHA-256 des Seeds sein"},
	"draw_method_invalid":        {"unknown draw method %q (want digital or physical)", "Unbekannte Auslosungsart %q (digital oder physical)"},
	"draw_not_announced":         {"a digital draw must be announced first", "Eine digitale Auslosung muss zuerst angekündigt werden"},
	"draw_seed_mismatch":         {"the seed or commitment differs from the announced one", "Seed oder Festlegung weichen von der Ankündigung ab"},
	"draw_groups_mismatch":       {"the draw must have exactly the groups %s", "Die Auslosung muss genau die Gruppen %s haben"},
	"ticket_unknown_card":        {"%s: card %d does not draw in this group", "%s: Karte %d lost in dieser Gruppe nicht"},
	"ticket_duplicate_card":      {"%s: card %d has more than one ticket", "%s: Karte %d hat mehr als ein Los"},
	"ticket_missing_card":        {"%s: card %d has no ticket", "%s: Karte %d hat kein Los"},
	"ticket_pot_invalid":         {"%s: card %d: unknown pot", "%s: Karte %d: unbekannter Topf"},
	"ticket_number_range":        {"%s: card %d: number %d is not within 1 to %d", "%s: Karte %d: Nummer %d liegt nicht zwischen 1 und %d"},
	"ticket_number_twice":        {"%s: number %d is drawn twice from the %s pot", "%s: Nummer %d wurde zweimal aus dem %s Topf gezogen"},
	"left_pot_not_empty":         {"%s: number %d of the left pot was not drawn", "%s: Nummer %d des linken Topfs wurde nicht gezogen"},
	"no_round":                   {"no round has been drawn", "Es wurde noch keine Runde ausgelost"},
	"undo_has_results":           {"round %d has results; clear them first", "Runde %d hat schon Ergebnisse; zuerst löschen"},
	"round_not_found":            {"there is no round %d", "Es gibt keine Runde %d"},
	"match_not_found":            {"round %d has no match %d", "Runde %d hat keine Partie %d"},
	"version_conflict":           {"changed meanwhile, please check", "Inzwischen geändert, bitte prüfen"},
	"undo_next_draw_first":       {"round %d is drawn already; undo its draw first", "Runde %d ist schon ausgelost; zuerst deren Auslosung zurücknehmen"},
	"match_is_bye":               {"match %d is a bye", "Partie %d ist ein Freilos"},
	"match_surrendered":          {"match %d was surrendered (one player holds both cards)", "Partie %d wurde aufgegeben (beide Karten gehören einer Person)"},
	"match_decided":              {"match %d has a result already", "Partie %d hat schon ein Ergebnis"},
	"match_no_result":            {"match %d has no result", "Partie %d hat kein Ergebnis"},
	"table_old_round":            {"the next round is drawn already", "Die nächste Runde ist schon ausgelost"},
	"table_no_opponent":          {"this match has no opponent", "Diese Partie hat keinen Gegner"},
	"table_has_result":           {"this match has a result already", "Diese Partie hat schon ein Ergebnis"},
	"table_invalid":              {"the table must be from 1 to %d, not %d", "Der Tisch muss zwischen 1 und %d liegen, nicht %d"},
	"winner_not_in_match":        {"the winner must be card %d or %d, not %d", "Der Sieger muss Karte %d oder %d sein, nicht %d"},
	"bummerl_result_invalid":     {"the winner needs %d Bummerl and the loser fewer, not %d:%d", "Der Sieger braucht %d Bummerl und der Verlierer weniger, nicht %d:%d"},
	"sheet_invalid":              {"score sheet, deal %d: %s", "Spielzettel, Spiel %d: %s"},
	"sheet_unfinished":           {"the score sheet does not finish the match", "Der Spielzettel beendet die Partie nicht"},
	"note_required":              {"a different person of the same name needs a note that tells the two apart (e.g. place or year of birth)", "Eine andere Person gleichen Namens braucht einen Zusatz, der die beiden unterscheidet (z. B. Ort oder Geburtsjahr)"},
	"event_date_invalid":         {"the date must be a day like 2026-03-14, not %q", "Das Datum muss ein Tag wie 2026-03-14 sein, nicht %q"},
	"event_start_invalid":        {"the start time must be like 19:00, not %q", "Die Beginnzeit muss wie 19:00 sein, nicht %q"},
	"name_taken":                 {"%s is another player already (no. %d); add a note to tell them apart, e.g. the place", "%s ist schon ein anderer Spieler (Nr. %d); zum Unterscheiden einen Zusatz anfügen, z. B. den Ort"},
	"payment_invalid":            {"the payment must be cash, card or other, not %q", "Die Zahlungsart muss bar, Karte oder andere sein, nicht %q"},
	"walkover_with_score":        {"a walkover (kampflos) has no Bummerl and no score sheet", "Ein kampfloser Sieg hat keine Bummerl und keinen Spielzettel"},
	"form_invalid":               {"unknown tournament form %q (want preis or swiss)", "Unbekannte Turnierform %q (preis oder swiss)"},
	"swiss_cards_invalid":        {"a Swiss tournament needs room for 2 to 4096 players, not %d", "Ein Turnier im Schweizer System braucht Platz für 2 bis 4096 Personen, nicht %d"},
	"swiss_rounds_invalid":       {"the number of rounds must be 0 (default) or 1 to %[2]d, not %[1]d", "Die Anzahl der Runden muss 0 (Vorgabe) oder 1 bis %[2]d sein, nicht %[1]d"},
	"swiss_too_few_players":      {"%d players cannot play %d rounds: every round needs two players and nobody meets anyone twice (SW-2)", "%d Personen können keine %d Runden spielen: jede Runde braucht zwei Personen, und niemand trifft jemanden zweimal (SW-2)"},
	"swiss_no_bye":               {"round %d cannot be paired: everyone has had the bye (SW-7); end the tournament or enter a player", "Runde %d lässt sich nicht paaren: alle hatten schon ein Freilos (SW-7); das Turnier beenden oder eine Person nachtragen"},
	"swiss_one_entry":            {"%s holds a card already: one entry per player in the Swiss system", "%s hat schon eine Karte: im Schweizer System hat jede Person nur eine"},
	"swiss_pairing_only":         {"a Swiss round is paired from the announced seed, not drawn from pots", "Eine Runde im Schweizer System wird mit der angekündigten Zufallszahl gepaart, nicht aus Töpfen gezogen"},
	"swiss_end_not_latest":       {"round %d is no longer the latest (round %d is); please check", "Runde %d ist nicht mehr die letzte (sondern Runde %d); bitte prüfen"},
	"swiss_only":                 {"only in a Swiss-system tournament", "Nur in einem Turnier im Schweizer System"},
	"late_entry_before_draw":     {"before round 1 players are entered at the sale desk", "Vor der Runde 1 werden Personen beim Verkauf eingetragen"},
	"late_entry_too_late":        {"all %d rounds are paired; nobody can enter any more", "Alle %d Runden sind gepaart; niemand kann mehr einsteigen"},
	"withdraw_before_draw":       {"before round 1, cancel the sale instead", "Vor der Runde 1 stattdessen den Verkauf stornieren"},
	"seeds_unknown_card":         {"the seed list names card %d, which no player holds", "Die Setzliste nennt Karte %d, die niemand hat"},
	"seeds_twice":                {"the seed list names card %d twice", "Die Setzliste nennt Karte %d zweimal"},
	"seeds_after_draw":           {"round 1 is paired; the seed list can no longer change (undo round 1 first)", "Runde 1 ist gepaart; die Setzliste lässt sich nicht mehr ändern (zuerst Runde 1 zurücknehmen)"},
	"not_withdrawn":              {"the player of card %d has not withdrawn", "Die Person mit Karte %d hat sich nicht zurückgezogen"},
	"reinstate_too_late":         {"round %[2]d is paired without the player of card %[1]d; the withdrawal can no longer be taken back", "Runde %[2]d ist ohne die Person mit Karte %[1]d gepaart; der Rückzug lässt sich nicht mehr zurücknehmen"},
	"withdrawn_already":          {"the player of card %d has withdrawn already", "Die Person mit Karte %d hat sich schon zurückgezogen"},
	"sheet_disagrees":            {"the score sheet gives card %d the win with %d:%d Bummerl", "Laut Spielzettel gewinnt Karte %d mit %d:%d Bummerl"},
}

func newError(kind Kind, code, field string, args ...any) *Error {
	return &Error{Kind: kind, Code: code, Field: field, Deal: -1, Args: args}
}

func invalid(code, field string, args ...any) *Error {
	return newError(Invalid, code, field, args...)
}

func conflict(code, field string, args ...any) *Error {
	return newError(Conflict, code, field, args...)
}

func notFound(code, field string, args ...any) *Error {
	return newError(NotFound, code, field, args...)
}

// Error gives the English message.
func (e *Error) Error() string { return e.Text("en") }

// Text gives the message in German ("de") or English (anything else).
// A code of another package (domain/text) is not in the catalogue: its one
// argument, that package's error, gives the text.
func (e *Error) Text(lang string) string {
	m, ok := messages[e.Code]
	if !ok {
		if len(e.Args) == 1 {
			if t, ok := e.Args[0].(interface{ Text(string) string }); ok {
				return t.Text(lang)
			}
		}
		return e.Code
	}
	format := m.en
	if lang == "de" {
		format = m.de
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if t, ok := a.(interface{ Text(string) string }); ok {
			a = t.Text(lang)
		}
		args[i] = a
	}
	return fmt.Sprintf(format, args...)
}

// ErrorKind returns the kind of a tournament error, or "" for any other error.
func ErrorKind(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}

// ErrorCode returns the code of a tournament error, or "" for any other error.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
