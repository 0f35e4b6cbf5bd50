package views

func init() {
	register(map[string]Msg{
		"sale.title":         {"Kartenverkauf", "Sale desk"},
		"sale.sold":          {"Verkauft", "Sold"},
		"sale.left":          {"Frei", "Left"},
		"sale.takings":       {"Einnahmen", "Takings"},
		"sale.closed":        {"Runde 1 ist ausgelost: Verkauf und Storno sind geschlossen.", "Round 1 is drawn: sales and cancellations are closed."},
		"sale.shortfall":     {"Erst %d Karten verkauft; für die Auslosung müssen es mehr als %d sein (N = %d).", "Only %d cards sold; the draw needs more than %d (N = %d)."},
		"sale.suggest":       {"Vorschlag: das Turnier mit N = %d Karten spielen.", "Suggestion: play the tournament with N = %d cards."},
		"sale.accept_resize": {"Auf %d Karten verkleinern", "Reduce to %d cards"},
		"sale.done":          {"Verkauft an %s – Kartennummern:", "Sold to %s – card numbers:"},
		"sale.name":          {"Name", "Name"},
		"sale.club":          {"Verein (optional)", "Club (optional)"},
		"sale.phone":         {"Telefon (optional, nicht öffentlich)", "Phone (optional, not public)"},
		"sale.count":         {"Karten", "Cards"},
		"sale.sell":          {"Verkaufen", "Sell"},
		"sale.search":        {"Spieler suchen (Name, Verein oder Kartennummer)", "Find a player (name, club or card number)"},
		"sale.no_results":    {"Niemand gefunden.", "Nobody found."},
		"sale.card":          {"Karte", "Card"},
		"sale.cancel":        {"Verkauf stornieren", "Cancel the sale"},
		"sale.sell_more":     {"Karten dazu verkaufen", "Sell more cards"},
	})
}
