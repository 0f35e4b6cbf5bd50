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
