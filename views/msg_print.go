package views

// Messages of the print sheets (issue 10): round list, score sheets,
// entry cards, bracket and prize list.
func init() {
	register(map[string]Msg{
		"print.button":         {"Drucken", "Print"},
		"print.by_match":       {"Nach Partien", "By match"},
		"print.by_player":      {"Nach Namen", "By name"},
		"print.winner_mark":    {"✔ = Sieger der Partie (fett)", "✔ = winner of the match (bold)"},
		"print.player":         {"Name", "Name"},
		"print.won":            {"✔ gewonnen %d:%d", "✔ won %d:%d"},
		"print.lost":           {"verloren %d:%d", "lost %d:%d"},
		"print.won_walkover":   {"✔ weiter (Gegenkarte aufgegeben)", "✔ through (other card surrendered)"},
		"print.won_no_show":    {"✔ kampflos gewonnen", "✔ won by walkover"},
		"print.lost_no_show":   {"kampflos verloren", "lost by walkover"},
		"print.surrendered":    {"aufgegeben", "surrendered"},
		"print.bye_through":    {"✔ Freilos", "✔ bye"},
		"print.open":           {"offen", "open"},
		"print.per_page":       {"Pro A4-Seite:", "Per A4 page:"},
		"print.per_page_n":     {"%d Zettel", "%d sheets"},
		"print.sheets_count":   {"%d Spielzettel", "%d score sheets"},
		"print.bummerl":        {"Bummerl", "Bummerl"},
		"print.match_of":       {"Partie %d", "Match %d"},
		"print.table_of":       {"Tisch %d", "Table %d"},
		"print.to_win":         {"Partie auf %d Bummerl", "Match to %d Bummerl"},
		"print.sheet_hint":     {"Von Sieben herunter: dem Sieger eines Spiels die Punkte abziehen; wer 0 erreicht, gewinnt das Bummerl.", "Counted down from seven: take the winner's points off; whoever reaches 0 wins the Bummerl."},
		"print.result_line":    {"Ergebnis (Bummerl):", "Result (Bummerl):"},
		"print.winner_line":    {"Sieger (Karte):", "Winner (card):"},
		"print.signatures":     {"Unterschriften:", "Signatures:"},
		"print.cards_scan":     {"Scannen: deine nächste Partie und dein Tisch", "Scan: your next match and your table"},
		"print.card_label":     {"Startkarte", "Entry card"},
		"print.paper":          {"Papier:", "Paper:"},
		"print.paper_a4":       {"A4 quer", "A4 landscape"},
		"print.paper_a3":       {"A3 quer", "A3 landscape"},
		"print.places_1_8":     {"Plätze 1–8", "Places 1–8"},
		"print.places_1_4":     {"Plätze 1–4", "Places 1–4"},
		"print.places_1_2":     {"Plätze 1–2", "Places 1–2"},
		"print.date":           {"Datum:", "Date:"},
		"print.venue":          {"Ort:", "Venue:"},
		"print.organiser_sign": {"Unterschrift der Turnierleitung", "Signature of the organiser"},
		"print.place_sign":     {"Ort, Datum", "Place, date"},
		"print.page_of":        {"Blatt %d von %d", "Sheet %d of %d"},
	})
}

func init() {
	register(map[string]Msg{
		"bracket.heading":      {"Finalrunden: %s", "Final stage: %s"},
		"bracket.final":        {"Finale", "Final"},
		"bracket.semifinal":    {"Halbfinale", "Semifinal"},
		"bracket.quarterfinal": {"Viertelfinale", "Quarterfinal"},
	})
}
