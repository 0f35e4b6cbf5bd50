package views

func init() {
	register(map[string]Msg{
		"overview.prizes":     {"Preise", "Prizes"},
		"overview.players":    {"Teilnehmer", "Players"},
		"overview.club":       {"Verein", "Club"},
		"overview.cards":      {"Karten", "Cards"},
		"player.your_card":    {"Deine Kartennummer", "Your card number"},
		"player.show":         {"Meine Partien zeigen", "Show my matches"},
		"player.card_unknown": {"Karte %d ist nicht verkauft.", "Card %d is not sold."},
		"player.not_drawn":    {"Noch nicht ausgelost. Diese Seite aktualisiert sich von selbst.", "Not drawn yet. This page updates itself."},
		"player.out":          {"Keine Karte mehr im Spiel.", "No card left in play."},
		"player.match":        {"Partie %d", "match %d"},
		"player.table":        {"Tisch %d", "Table %d"},
		"player.against":      {"gegen", "against"},
		"player.bye":          {"Freilos: diese Karte kommt ohne Partie weiter", "Bye: this card advances without playing"},
		"player.surrendered":  {"Gegen die eigene Karte – keine Partie: eine Karte kommt kampflos weiter, die andere scheidet aus.", "Against your own card – no match: one card advances without playing, the other is out."},
		"player.places":       {"Platzierung", "Placing"},
		"player.place":        {"Platz %s", "Place %s"},
		"player.prize":        {"%d. Preis: %s", "Prize %d: %s"},
		"player.won":          {"gewonnen", "won"},
		"player.lost":         {"verloren", "lost"},
		"player.won_score":    {"gewonnen, %d:%d", "won, %d:%d"},
		"player.lost_score":   {"verloren, %d:%d", "lost, %d:%d"},
		"player.playing":      {"wird gespielt", "being played"},
		"player.waiting":      {"noch nicht begonnen", "not started yet"},
		"player.refresh":      {"Die Seite aktualisiert sich alle 15 Sekunden.", "This page updates every 15 seconds."},
		"cards.title":         {"Startkarten", "Entry cards"},
		"cards.hint":          {"Zum Drucken: acht Karten pro A4-Seite, an den gestrichelten Linien schneiden. Der QR-Code führt zur Seite des Spielers.", "For printing: eight cards per A4 page, cut along the dashed lines. The QR code leads to the player's page."},
		"cards.loopback":      {"Achtung: Die QR-Codes zeigen auf %s – diese Adresse erreicht nur dieser Computer, kein Handy. Bummerl mit --base-url und der Adresse im WLAN starten (z. B. --base-url http://192.168.1.20:8080), dann die Startkarten drucken.", "Note: the QR codes point to %s – only this computer reaches that address, no phone does. Start Bummerl with --base-url and its address on the Wi-Fi (e.g. --base-url http://192.168.1.20:8080), then print the entry cards."},
		"cards.qr":            {"QR-Code zur Spielerseite", "QR code of the player's page"},
	})
}
