package views

// Export and import of a tournament document (issue 13, cmd/bummerl/transfer_web.go).
func init() {
	register(map[string]Msg{
		"export.document": {"Turnier exportieren (JSON, zum Import auf einem anderen Server)", "Export tournament (JSON, to import on another server)"},
		"import.link":     {"Turnier importieren", "Import tournament"},
		"import.title":    {"Turnier importieren", "Import a tournament"},
		"import.intro": {"Lädt ein mit „Turnier exportieren“ (oder bummerl export) gespeichertes Turnier als neues Turnier hoch: Spieler, Karten, Runden, Auslosungen, Ergebnisse, Verlauf und Einstellungen. Benutzerkonten werden nicht übernommen.",
			"Uploads a tournament saved with “Export tournament” (or bummerl export) as a new tournament: players, cards, rounds, draws, results, history and settings. User accounts are not carried over."},
		"import.file":     {"Exportierte Datei (.json)", "Exported file (.json)"},
		"import.hint":     {"Nur Dateien im Format bummerl-tournament, Version 1. Ein Turnier, das schon da ist, wird nicht ein zweites Mal angelegt.", "Only files of the format bummerl-tournament, version 1. A tournament that is already here is not created a second time."},
		"import.submit":   {"Importieren", "Import"},
		"import.no_file":  {"Bitte eine exportierte Datei wählen.", "Please choose an exported file."},
		"import.existing": {"Zum vorhandenen Turnier", "Go to the tournament already here"},
		// The organiser confirms the players the register knows by name only (issue 24).
		"import.confirm_title": {"Spieler der Kartei zuordnen", "Match players to the register"},
		"import.confirm_intro": {"„%s“: %d Spieler heißen wie Personen, die schon in der Kartei stehen. Ist es jeweils dieselbe Person? Erst mit „Importieren“ wird das Turnier angelegt.",
			"“%s”: %d players have the names of persons already in the register. Is each the same person? The tournament is created only with “Import”."},
		"import.confirm_again": {"Die Kartei hat sich inzwischen geändert: bitte noch einmal prüfen.", "The register has changed meanwhile: please check again."},
		"import.in_document":   {"In der Datei", "In the file"},
		"import.in_register":   {"In der Kartei", "In the register"},
		"import.seen":          {"zuerst %s, zuletzt %s, %d Abende", "first seen %s, last seen %s, %d evenings"},
		"import.seen1":         {"zuerst %s, zuletzt %s, %d Abend", "first seen %s, last seen %s, %d evening"},
		"import.other_club":    {"Anderer Verein oder Ort als in der Datei", "Another club or place than in the file"},
		"import.same":          {"Dieselbe Person", "The same person"},
		"import.new":           {"Neue Person „%s“", "A new person “%s”"},
		"audit.import":         {"Importiert", "Imported"},
		"hist.import_same":     {"%s als %s bestätigt (Kartei Nr. %d)", "%s confirmed as %s (register no. %d)"},
		"hist.import_unasked":  {"%s dem Namen nach %s zugeordnet, ohne Rückfrage (Kartei Nr. %d)", "%s taken as %s by name, unasked (register no. %d)"},
		"hist.import_new":      {"%s als neue Person „%s“ angelegt (Kartei Nr. %d)", "%s added as a new person “%s” (register no. %d)"},
		"import.bad_choice":    {"Die Auswahl ist ungültig.", "The choice is not valid."},
		"import.bad_by_name":   {"by_name kennt nur „same“.", "by_name takes only “same”."},
		"import.bad_person":    {"person=%s: erwartet Spieler:Person oder Spieler:new, z. B. 3:17 oder 5:new.", "person=%s: expected player:person or player:new, e.g. 3:17 or 5:new."},
	})
}
