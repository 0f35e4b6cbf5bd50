package views

func init() {
	register(map[string]Msg{
		"nav.tournaments":   {"Turniere", "Tournaments"},
		"nav.users":         {"Benutzer", "Users"},
		"nav.logout":        {"Abmelden", "Log out"},
		"nav.login":         {"Anmelden", "Log in"},
		"nav.overview":      {"Übersicht", "Overview"},
		"nav.sale":          {"Verkauf", "Sale desk"},
		"nav.entry_cards":   {"Startkarten", "Entry cards"},
		"nav.print":         {"Drucken", "Print"},
		"nav.settings":      {"Einstellungen", "Settings"},
		"error.title":       {"Fehler", "Error"},
		"error.home":        {"Zur Startseite", "To the start page"},
		"error.not_found":   {"Diese Seite gibt es nicht.", "There is no such page."},
		"error.method":      {"Diese Aktion ist hier nicht möglich.", "This action is not possible here."},
		"error.too_large":   {"Die Anfrage ist zu groß.", "The request is too large."},
		"error.bad_request": {"Die Anfrage ist ungültig.", "The request is invalid."},
		"error.internal":    {"Ein interner Fehler ist aufgetreten. Bitte noch einmal versuchen.", "An internal error occurred. Please try again."},
		"csrf.bad":          {"Das Formular ist abgelaufen. Bitte die Seite neu laden und noch einmal senden.", "The form has expired. Please reload the page and send it again."},
		"common.save":       {"Speichern", "Save"},
		"common.yes":        {"ja", "yes"},
		"common.no":         {"nein", "no"},
	})
}
