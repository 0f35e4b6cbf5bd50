package views

func init() {
	register(map[string]Msg{
		"player_edit.title":    {"Person bearbeiten", "Edit player"},
		"player_edit.link":     {"Bearbeiten", "Edit"},
		"player_edit.link_for": {"%s bearbeiten", "Edit %s"},
		"player_edit.hint":     {"Tippfehler im Namen, falscher Verein oder falsche Telefonnummer: hier ausbessern. Die Karten bleiben gleich; Rundenlisten zeigen den neuen Namen.", "A typo in the name, a wrong club or phone number: correct it here. The cards stay the same; round lists show the new name."},
		"player_edit.cards":    {"Karten", "Cards"},
		"player_edit.no_cards": {"keine", "none"},
		"player_edit.back":     {"Zurück ohne Speichern", "Back without saving"},
		"player_edit.unknown":  {"Es gibt keine Person %d.", "There is no player %d."},
	})
}
