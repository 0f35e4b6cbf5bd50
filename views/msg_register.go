package views

// The register pages for staff (issue 24, docs/season.md).
func init() {
	register(map[string]Msg{
		"nav.persons":           {"Kartei", "Register"},
		"persons.title":         {"Spielerkartei", "Player register"},
		"persons.hint":          {"Wer an einem Abend Karten kauft, steht in der Kartei. Telefonnummern sieht nur das Personal.", "Whoever buys cards on an evening is in the register. Only staff see phone numbers."},
		"persons.search":        {"Name suchen", "Find a name"},
		"persons.find":          {"Suchen", "Search"},
		"persons.none":          {"Niemand gefunden.", "Nobody found."},
		"persons.more":          {"Es gibt mehr Einträge: die Suche grenzt sie ein.", "There are more entries: search to narrow them down."},
		"persons.phone":         {"Telefon", "Phone"},
		"persons.first_seen":    {"Zuerst", "First seen"},
		"persons.last_seen":     {"Zuletzt", "Last seen"},
		"persons.audit":         {"Letzte Änderungen der Kartei", "Latest changes of the register"},
		"persons.back":          {"← Spielerkartei", "← Player register"},
		"persons.saved":         {"Gespeichert.", "Saved."},
		"persons.seen":          {"Zuerst gesehen %s, zuletzt %s", "First seen %s, last seen %s"},
		"persons.edit_hint":     {"Die Spieler vergangener Turniere behalten den Namen, unter dem sie gespielt haben.", "The players of past tournaments keep the name they played under."},
		"persons.no_evenings":   {"Noch kein Abend.", "No evening yet."},
		"persons.erased_note":   {"Diese Person ist gelöscht: Name, Verein und Telefon sind entfernt, ihre Ergebnisse bleiben.", "This person is erased: name, club and phone are gone, the results stay."},
		"persons.privacy":       {"Zusammenführen und Datenschutz", "Merging and privacy"},
		"persons.merge":         {"Mit anderem Eintrag zusammenführen", "Merge with another entry"},
		"persons.merge_title":   {"Zwei Einträge zusammenführen", "Merge two entries"},
		"persons.merge_hint":    {"%s ist derselbe Mensch wie …", "%s is the same man as …"},
		"persons.merge_confirm": {"%s (%s) und %s (%s) zusammenführen? Es bleibt der zweite Eintrag mit allen Abenden beider.", "Merge %s (%s) and %s (%s)? The second entry stays, with the evenings of both."},
		"persons.merged":        {"Zusammengeführt.", "Merged."},
		"persons.erase":         {"Person löschen", "Erase the person"},
		"persons.erase_confirm": {"%s löschen? Name, Verein und Telefon werden aus der Kartei und aus allen Turnieren entfernt; die Ergebnisse bleiben und heißen dann „gelöscht“. Das lässt sich nicht rückgängig machen.", "Erase %s? Name, club and phone go from the register and from every tournament; the results stay, shown as “deleted”. This cannot be undone."},
		"persons.erased":        {"Die Person ist gelöscht.", "The person is erased."},
		"persons.cancel":        {"Abbrechen", "Cancel"},
		"persons.export":        {"Daten dieser Person (JSON)", "This person's data (JSON)"},
		"persons.export_file":   {"person", "person"},
		"persons.summary_edit":  {"%s → %s", "%s → %s"},
		"persons.summary_merge": {"%s in %s", "%s into %s"},
		"persons.summary_erase": {"Nr. %d", "no. %d"},
	})
}
