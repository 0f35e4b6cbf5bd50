package views

// Messages of the organiser's desk (issue 9): the namesake ask.
func init() {
	register(map[string]Msg{
		"desk.ask_same":   {"Ja, %s verkaufen", "Yes, sell to %s"},
		"desk.ask_note":   {"Andere Person gleichen Namens – Zusatz (z. B. Ort, Geburtsjahr)", "A different person of the same name – note (e.g. place, year of birth)"},
		"desk.ask_other":  {"Als andere Person anlegen", "Add as a different person"},
		"desk.ask_cancel": {"Abbrechen", "Cancel"},
	})
}

func init() {
	register(map[string]Msg{
		"inline.winner":        {"Sieger", "Winner"},
		"inline.winner_label":  {"Partie %d: Sieger (Karte %d oder %d)", "Match %d: winner (card %d or %d)"},
		"inline.bummerl_label": {"Partie %d: Bummerl, Sieger zuerst (2:1), k für kampflos", "Match %d: Bummerl, winner first (2:1), k for a walkover"},
		"inline.save":          {"Eintragen", "Enter"},
	})
}

// Walkovers (kampflos, issue 9).
func init() {
	register(map[string]Msg{
		"round.walkover":         {"fertig, kampflos", "done, walkover"},
		"player.history_won_wo":  {"%s gegen %s: kampflos gewonnen", "%s against %s: won by walkover"},
		"player.history_lost_wo": {"%s gegen %s: kampflos verloren (nicht angetreten)", "%s against %s: lost by walkover (did not turn up)"},
		"player.won_walkover":    {"kampflos gewonnen", "won by walkover"},
		"player.lost_walkover":   {"kampflos verloren (nicht angetreten)", "lost by walkover (did not turn up)"},
		"inline.walkover_hint":   {"k = kampflos", "k = walkover"},
		"bracket.walkover":       {"kampflos", "walkover"},
	})
}

// Corrections that ask first, and undone draws (issue 9).
func init() {
	register(map[string]Msg{
		"undone.title":      {"Zurückgenommene Auslosungen", "Undone draws"},
		"undone.why":        {"Jede zurückgenommene Auslosung bleibt hier sichtbar, mit Festlegung und Zufallszahl: so kann niemand still neu auslosen, bis eine gewünschte Paarung herauskommt.", "Every undone draw stays visible here with its commitment and seed, so nobody can redraw quietly until a wanted pairing comes out."},
		"undone.line":       {"Runde %d: zurückgenommen am %s von %s", "Round %d: undone on %s by %s"},
		"undone.pairings":   {"Die %d Paarungen dieser Auslosung", "The %d pairings of this draw"},
		"undo.title":        {"Auslosung zurücknehmen", "Undo the draw"},
		"undo.heading":      {"Auslosung von Runde %d zurücknehmen", "Undo the draw of round %d"},
		"undo.warning":      {"Diese %d Paarungen von Runde %d werden entfernt. Die Auslosung bleibt mit Festlegung und Zufallszahl öffentlich als zurückgenommen sichtbar.", "These %d pairings of round %d are removed. The draw stays publicly visible as undone, with its commitment and seed."},
		"undo.removed":      {"Was entfernt wird", "What is removed"},
		"undo.confirm":      {"Ja, Auslosung von Runde %d zurücknehmen", "Yes, undo the draw of round %d"},
		"undo.cancel":       {"Abbrechen", "Cancel"},
		"undo.open":         {"Auslosung zurücknehmen …", "Undo the draw …"},
		"resize.title":      {"Turnier verkleinern", "Make the tournament smaller"},
		"resize.heading":    {"Von %d auf %d Karten verkleinern", "Reduce from %d to %d cards"},
		"resize.warning":    {"Die Kartennummern %d–%d entfallen.", "Card numbers %d–%d go."},
		"resize.none":       {"Keine verkaufte Karte liegt über %d: keine Nummer ändert sich.", "No sold card is above %d: no number changes."},
		"resize.renumbered": {"Diese Karten bekommen eine neue Nummer (bitte auf der Startkarte ändern):", "These cards get a new number (please change it on the entry card):"},
		"resize.card":       {"Karte %d wird Karte %d (%s)", "Card %d becomes card %d (%s)"},
		"resize.dropped":    {"Diese Preise entfallen:", "These prizes are dropped:"},
		"resize.confirm":    {"Ja, auf %d Karten verkleinern", "Yes, reduce to %d cards"},
	})
}

// The history's lines (issue 9, cmd/bummerl/history_lines.go).
func init() {
	register(map[string]Msg{
		"hist.filter_round":      {"Runde", "Round"},
		"hist.filter_player":     {"Spieler oder Kartennummer", "Player or card number"},
		"hist.filter_user":       {"Benutzer", "User"},
		"hist.all":               {"alle", "all"},
		"hist.count":             {"%d Einträge · Seite %d von %d", "%d entries · page %d of %d"},
		"hist.count1":            {"1 Eintrag · Seite %d von %d", "1 entry · page %d of %d"},
		"hist.newer":             {"← Neuere", "← Newer"},
		"hist.older":             {"Ältere →", "Older →"},
		"hist.walkover":          {"kampflos", "walkover"},
		"hist.card":              {"Karte %d", "card %d"},
		"hist.card_of":           {"Karte %d (%s)", "card %d (%s)"},
		"hist.bye":               {"Freilos", "bye"},
		"hist.match":             {"Runde %d, Partie %d", "Round %d, match %d"},
		"hist.table":             {"Tisch %d", "table %d"},
		"hist.sell":              {"Karten %s an %s", "cards %s to %s"},
		"hist.cancel":            {"Karte %d (%s) storniert", "card %d (%s) cancelled"},
		"hist.edit_player":       {"Spieler %s: %s", "Player %s: %s"},
		"hist.result":            {"Ergebnis Runde %d, Partie %d: Sieger %s %s", "Result round %d, match %d: winner %s %s"},
		"hist.was":               {"(vorher: Sieger %s %s)", "(before: winner %s %s)"},
		"hist.clear":             {"Ergebnis Runde %d, Partie %d gelöscht (war: Sieger %s %s)", "Result round %d, match %d cleared (was: winner %s %s)"},
		"hist.draw":              {"Runde %d ausgelost: %d Partien", "Round %d drawn: %d matches"},
		"hist.undo":              {"Auslosung von Runde %d zurückgenommen (%d Partien)", "Draw of round %d undone (%d matches)"},
		"hist.seed":              {"– Zufallszahl %s", "– seed %s"},
		"hist.announce":          {"Festlegung %s", "commitment %s"},
		"hist.more":              {"… und %d weitere", "… and %d more"},
		"hist.f_name":            {"Name", "Name"},
		"hist.f_club":            {"Verein", "Club"},
		"hist.f_phone":           {"Telefon", "Phone"},
		"hist.s_name":            {"Name", "Name"},
		"hist.s_cards":           {"Karten", "Cards"},
		"hist.s_max_cards":       {"Karten pro Person", "Cards per player"},
		"hist.s_price_cents":     {"Preis (Cent)", "Price (cents)"},
		"hist.s_variant":         {"Variante", "Variant"},
		"hist.s_closing":         {"Zudrehen", "Closing"},
		"hist.s_bummerl_to_win":  {"Bummerl pro Partie", "Bummerl per match"},
		"hist.s_prizes":          {"Preise", "Prizes"},
		"hist.s_multiple_prizes": {"Mehrere Preise pro Person", "Several prizes per player"},
		"hist.s_tables":          {"Tische", "Tables"},
		"hist.d_player":          {"Spieler %d: %s", "player %d: %s"},
		"hist.sell1":             {"Karte %s an %s", "card %s to %s"},
		"hist.create":            {"„%s“ mit %s Karten", "“%s” with %s cards"},
		"hist.d_card":            {"Karte %d: Spieler %d, Verkauf Nr. %d", "card %d: player %d, sale no. %d"},
		"hist.d_round":           {"Runde %d: %s, Festlegung %q, Zufallszahl %q", "round %d: %s, commitment %q, seed %q"},
		"hist.d_match":           {"Runde %d, Partie %d: Karte %d – %d, Tisch %d", "round %d, match %d: card %d – %d, table %d"},
		"hist.d_result":          {"Sieger %d %s", "winner %d %s"},
		"hist.d_tickets":         {"%d Lose", "%d tickets"},
		"audit.edit_player":      {"Spieler geändert", "Player edited"},
	})
}

// Money (issue 9): payment methods and the takings.
func init() {
	register(map[string]Msg{
		"pay.label":              {"Bezahlt", "Paid"},
		"pay.cash":               {"bar", "cash"},
		"pay.card":               {"Karte (Bankomat)", "card"},
		"pay.other":              {"anders", "other"},
		"takings.title":          {"Kassa", "Takings"},
		"takings.link":           {"Kassa (Einnahmen)", "Takings"},
		"takings.made":           {"Stand %s", "As of %s"},
		"takings.price":          {"Karte %s", "card %s"},
		"takings.sold":           {"%d Karten verkauft", "%d cards sold"},
		"takings.refunded":       {"%d Karten storniert und zurückgezahlt", "%d cards cancelled and refunded"},
		"takings.sold1":          {"1 Karte verkauft", "1 card sold"},
		"takings.refunded1":      {"1 Karte storniert und zurückgezahlt", "1 card cancelled and refunded"},
		"takings.net":            {"Einnahmen", "Takings"},
		"takings.by_method":      {"Nach Zahlungsart", "By payment method"},
		"takings.by_user":        {"Nach Verkäufer", "By seller"},
		"takings.col_sold":       {"Karten", "Cards"},
		"takings.col_sold_sum":   {"Verkauft", "Sold"},
		"takings.col_refunded":   {"Storniert", "Cancelled"},
		"takings.col_refund_sum": {"Zurückgezahlt", "Refunded"},
		"takings.signature":      {"Kassa übergeben: ____________________   übernommen: ____________________", "Cash handed over: ____________________   received: ____________________"},
	})
}

// CSV exports (issue 9, cmd/bummerl/export.go): headers and file names.
func init() {
	register(map[string]Msg{
		"export.title":          {"Export (CSV, für Excel)", "Export (CSV, for Excel)"},
		"export.players":        {"Spieler und Karten", "Players and cards"},
		"export.matches":        {"Alle Partien mit Ergebnissen", "All matches with results"},
		"export.standings":      {"Platzierung und Preise", "Standings and prizes"},
		"export.file_players":   {"spieler", "players"},
		"export.file_matches":   {"partien", "matches"},
		"export.file_standings": {"platzierung", "standings"},
		"export.player":         {"Spieler-Nr.", "Player no."},
		"export.name":           {"Name", "Name"},
		"export.club":           {"Verein", "Club"},
		"export.phone":          {"Telefon", "Phone"},
		"export.cards":          {"Karten", "Cards"},
		"export.count":          {"Anzahl", "Count"},
		"export.paid":           {"Bezahlt", "Paid"},
		"export.payment":        {"Zahlungsart", "Payment"},
		"export.round":          {"Runde", "Round"},
		"export.round_name":     {"Rundenname", "Round name"},
		"export.match":          {"Partie", "Match"},
		"export.table":          {"Tisch", "Table"},
		"export.card_a":         {"Karte A", "Card A"},
		"export.name_a":         {"Name A", "Name A"},
		"export.card_b":         {"Karte B", "Card B"},
		"export.name_b":         {"Name B", "Name B"},
		"export.state":          {"Stand", "State"},
		"export.done":           {"fertig", "done"},
		"export.winner":         {"Sieger-Karte", "Winner card"},
		"export.winner_name":    {"Sieger", "Winner"},
		"export.score":          {"Bummerl (Sieger zuerst)", "Bummerl (winner first)"},
		"export.walkover":       {"kampflos", "walkover"},
		"export.place":          {"Platz", "Place"},
		"export.card":           {"Karte", "Card"},
		"export.prize":          {"Preis-Nr.", "Prize no."},
		"export.prize_text":     {"Preis", "Prize"},
	})
}

// When and where (issue 9).
func init() {
	register(map[string]Msg{
		"event.legend": {"Wann und wo (auf allen öffentlichen und gedruckten Seiten)", "When and where (on every public and printed page)"},
		"event.date":   {"Datum", "Date"},
		"event.start":  {"Beginn", "Start"},
		"event.venue":  {"Ort", "Venue"},
		"event.starts": {"Beginn %s Uhr", "starts %s"},
	})
}

// The score sheet as on paper (issue 9).
func init() {
	register(map[string]Msg{
		"sheet.bummerl":    {"Bummerl für Karte %d – Stand %d:%d", "Bummerl to card %d – score %d:%d"},
		"sheet.decided":    {"Spiel %d: die Partie ist bei %d:%d schon entschieden", "Game %d: already decided at %d:%d"},
		"sheet.incomplete": {"Spiel %d: Sieger und Punkte angeben", "Deal %d: give the winner and the points"},
		"sheet.field":      {"Spiel %d: %s", "Deal %d: %s"},
	})
}
