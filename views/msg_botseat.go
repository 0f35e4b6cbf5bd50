package views

// Messages of the bot seated at a match whose opponent does not come
// (issue 25, play_bot.templ).
func init() {
	register(map[string]Msg{
		"botseat.title":        {"Gegen den Computer", "Against the computer"},
		"botseat.never_counts": {"Übungspartie gegen den Computer — zählt nicht für das Turnier. Das Ergebnis dieser Partie bitte wie immer eintragen (z. B. kampflos).", "Practice game against the computer — it does not count for the tournament. Please enter this match's result as always (a walkover, say)."},
		"botseat.hint":         {"Kommt der Gegner nicht, spielt der anwesende Spieler auf seinem Handy gegen den Computer, mit den Regeln des Turniers.", "If the opponent does not come, the player who is there plays against the computer on his phone, with the tournament's rules."},
		"botseat.player":       {"Spieler", "Player"},
		"botseat.start":        {"Partie gegen den Computer starten", "Start a game against the computer"},
		"botseat.started":      {"Die Übungspartie gegen den Computer ist gestartet: der Spieler scannt seinen QR-Code. Sie zählt nicht für das Turnier.", "The practice game against the computer has started: the player scans his QR code. It does not count for the tournament."},
		"botseat.against":      {"gegen den Computer", "against the computer"},
		"botseat.winner":       {"Sieger: %s (zählt nicht)", "Winner: %s (does not count)"},
		"botseat.running":      {"Für diese Partie läuft schon eine Übungspartie gegen den Computer; ihr Link steht unten.", "A practice game against the computer is already running for this match; its link is below."},
		"botseat.banner":       {"Übungspartie gegen den Computer — zählt nicht für das Turnier.", "Practice game against the computer — it does not count for the tournament."},
		"botseat.your_result":  {"Dein Ergebnis in Runde %d trägt die Turnierleitung ein.", "The staff enter your result of round %d."},
	})
}
