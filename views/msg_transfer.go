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
	})
}
