package views

// Messages of the board "Wo spiele ich?" (issue 23, names.templ).
func init() {
	register(map[string]Msg{
		"names.title":       {"Wo spiele ich?", "Where do I play?"},
		"names.count":       {"%d Spieler noch im Spiel", "%d players still in"},
		"names.count_one":   {"%d Spieler noch im Spiel", "%d player still in"},
		"names.name":        {"Name", "Name"},
		"names.card":        {"Karte", "Card"},
		"names.match":       {"Partie", "Match"},
		"names.table":       {"Tisch", "Table"},
		"names.opponent":    {"Gegner", "Opponent"},
		"names.versus":      {"gegen", "against"},
		"names.waiting":     {"wartet", "waiting"},
		"names.bye":         {"Freilos", "bye"},
		"names.next":        {"Runde %d", "Round %d"},
		"names.none":        {"Niemand ist mehr im Spiel.", "Nobody is still in."},
		"names.as_of":       {"Stand %s", "as of %s"},
		"names.screen_link": {"Beamer: Wo spiele ich?", "Projector: Where do I play?"},
		"names.print_note":  {"(alle, die noch im Spiel sind, nach Namen: Tisch, Gegner, Karten)", "(everybody still in, by name: table, opponent, cards)"},
		"names.hint": {"Alle, die noch im Turnier sind, nach dem Namen, wie er beim Verkauf geschrieben wurde (Ä wie A, „Maria von Trapp“ unter M). „wartet“: die Partie wird noch zu einem Tisch aufgerufen. Die Liste zeigt jede Änderung von selbst.",
			"Everybody still in, by name as written at the sale desk (Ä as A, “Maria von Trapp” under M). “waiting”: the match is still to be called to a table. The list shows every change by itself."},
	})
}
