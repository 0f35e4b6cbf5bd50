package views

func init() {
	register(map[string]Msg{
		"sale.title":          {"Kartenverkauf", "Sale desk"},
		"sale.sold":           {"Verkauft", "Sold"},
		"sale.left":           {"Frei", "Left"},
		"sale.takings":        {"Einnahmen", "Takings"},
		"sale.closed":         {"Runde 1 ist ausgelost: Verkauf und Storno sind geschlossen.", "Round 1 is drawn: sales and cancellations are closed."},
		"sale.shortfall":      {"Erst %[1]d von %[3]d Karten verkauft; für die Auslosung müssen es mehr als %[2]d sein.", "Only %[1]d of %[3]d cards sold; the draw needs more than %[2]d."},
		"sale.suggest":        {"Vorschlag: das Turnier mit %d Karten spielen.", "Suggestion: play the tournament with %d cards."},
		"sale.suggest_prizes": {"Die Preise %d–%d entfallen dann (so wenige Karten entscheiden keine weiteren Plätze).", "Prizes %d–%d are then dropped (so few cards decide no further places)."},
		"sale.accept_resize":  {"Auf %d Karten verkleinern", "Reduce to %d cards"},
		"sale.done":           {"Verkauft an %s – Kartennummern:", "Sold to %s – card numbers:"},
		"sale.name":           {"Name", "Name"},
		"sale.club":           {"Verein (optional)", "Club (optional)"},
		"sale.phone":          {"Telefon (optional, nicht öffentlich)", "Phone (optional, not public)"},
		"sale.count":          {"Karten", "Cards"},
		// Pre-printed cards and printing at the desk (issue 23, docs/print.md).
		"sale.numbers":             {"Vorgedruckte Nr.", "Pre-printed no."},
		"sale.numbers_placeholder": {"leer: nächste freie", "empty: next free"},
		"sale.numbers_short":       {"Nr.", "No."},
		"sale.numbers_bad":         {"Kartennummern wie 17 oder 17, 18", "card numbers like 17 or 17, 18"},
		"sale.print_cards":         {"Karten drucken", "Print the cards"},
		"sale.print_key":           {"(Alt+K)", "(Alt+K)"},
		"sale.reprint":             {"drucken", "print"},
		"sale.reprint_for":         {"Karte %d drucken", "Print card %d"},
		"sale.sell":                {"Verkaufen", "Sell"},
		"sale.search":              {"Spieler suchen (Name, Verein oder Kartennummer)", "Find a player (name, club or card number)"},
		"sale.no_results":          {"Niemand gefunden.", "Nobody found."},
		"sale.card":                {"Karte", "Card"},
		"sale.cancel":              {"Verkauf stornieren", "Cancel the sale"},
		"sale.cancel_confirm":      {"Den Verkauf von Karte %d an %s stornieren?", "Cancel the sale of card %d to %s?"},
		"sale.cancelled":           {"Verkauf von Karte %d storniert; die Karte ist wieder frei.", "Sale of card %d cancelled; the card is free again."},
		"sale.sell_more":           {"Karten dazu verkaufen", "Sell more cards"},
	})
}
