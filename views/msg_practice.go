package views

// Messages of practice against the computer and the bot's explanations
// (issue 25).
func init() {
	register(map[string]Msg{
		"practice.title":        {"Üben gegen den Computer", "Practice against the computer"},
		"practice.intro":        {"Spiel ein Bummerl gegen den Computer, während du wartest: auf deinen Gegner, auf die nächste Runde oder einfach so. Nach jedem Spiel kannst du es nachspielen und bei jedem Zug fragen, was der Computer davon hält.", "Play a Bummerl against the computer while you wait: for your opponent, for the next round, or just for fun. After every deal you can replay it and ask at every move what the computer thinks of it."},
		"practice.never_counts": {"Eine Übungspartie zählt nie für das Turnier.", "A practice game never counts for the tournament."},
		"practice.rules":        {"Gespielt wird ein Bummerl %s.", "You play one Bummerl of %s."},
		"practice.german":       {"Deutsche Karten (Herz, Schelle, Eichel, Laub)", "German-suited cards (Herz, Schelle, Eichel, Laub)"},
		"practice.start":        {"Übungspartie starten", "Start a practice game"},
		"practice.back":         {"Zurück", "Back"},
		"practice.banner":       {"Übung gegen den Computer.", "Practice against the computer."},
		"practice.review":       {"Spiel %d nachspielen: warum?", "Replay deal %d: why?"},
		"practice.again":        {"Noch eine Übungspartie", "Another practice game"},
		"practice.player":       {"Spieler", "Player"},
		"practice.replay_title": {"Übungspartie gegen %s nachspielen", "Replay of the practice game against %s"},
		"practice.too_many":     {"Von diesem Gerät laufen schon %d Übungspartien. Spiel eine zu Ende oder gib sie auf; eine liegen gelassene Partie endet nach %d Minuten.", "%d practice games are already running from this device. Finish or resign one; a game left alone ends after %d minutes."},
		"practice.full":         {"Gerade laufen so viele Übungspartien, wie der Server neben dem Turnier verträgt. Bitte versuch es in ein paar Minuten noch einmal.", "As many practice games as the server takes beside the tournament are running. Please try again in a few minutes."},
		"why.short":             {"Warum?", "Why?"},
		"why.label":             {"Warum? Was der Computer vor „%s“ von jedem Zug hält", "Why? What the computer thinks of each move before “%s”"},
		"why.link_step":         {"Warum? Was der Computer hier an Stelle von %s spielen würde", "Why? What the computer would play here for %s"},
		"why.title":             {"Was der Computer hier von jedem Zug hält (%s ist dran)", "What the computer thinks of each move here (%s to move)"},
		"why.action":            {"Zug", "Move"},
		"why.bummerl":           {"Bummerl", "Bummerl"},
		"why.win":               {"Spiel", "Deal"},
		"why.points":            {"Punkte", "Points"},
		"why.best":              {"★ bester Zug", "★ best move"},
		"why.played":            {"← gespielt", "← played"},
		"why.note":              {"Bummerl, Spiel: die Chance, das Bummerl und dieses Spiel mit dem Zug zu gewinnen; Punkte: die erwarteten gewonnenen minus verlorenen Punkte des Spiels (−3 bis 3). Geschätzt aus vielen möglichen Verteilungen der Karten, die dieser Spieler nicht sehen konnte, jede offen zu Ende gespielt; die Werte sind daher vorsichtig. Vergleiche die Züge miteinander.", "Bummerl, Deal: the chance to win the Bummerl and this deal with the move; Points: the expected game points won minus lost in this deal (−3 to 3). Estimated from many possible distributions of the cards this player could not see, each played to the end with open cards, so the values are cautious. Compare the moves with each other."},
		"why.too_many":          {"Der Computer denkt schon über eine Frage von diesem Gerät nach. Bitte einen Moment.", "The computer is already thinking about a question from this device. Please wait a moment."},
		"why.busy":              {"Der Computer ist gerade beschäftigt. Bitte versuch es gleich noch einmal.", "The computer is busy right now. Please try again in a moment."},
	})
}
