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
