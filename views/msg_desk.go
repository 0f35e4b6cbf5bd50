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
		"inline.bummerl_label": {"Partie %d: Bummerl, Sieger zuerst (2:1)", "Match %d: Bummerl, winner first (2:1)"},
		"inline.save":          {"Eintragen", "Enter"},
	})
}
