package views

// The register of persons and the seasons (issue 24, docs/season.md).
func init() {
	register(map[string]Msg{
		"store.person_name_taken": {"Es gibt schon eine Person namens %q; ein Zusatz unterscheidet Namensvettern", "there is a person named %q already; a note tells namesakes apart"},
		"store.person_merge_self": {"Eine Person kann nicht mit sich selbst zusammengeführt werden", "a person cannot be merged with himself"},
		"store.person_erased":     {"Diese Person ist gelöscht", "this person is erased"},
		"store.person_name_empty": {"Der Name fehlt", "the name is empty"},
		"store.season_name_empty": {"Der Name der Wertung fehlt", "the season's name is empty"},
		"store.season_rules":      {"Ungültige Wertung: %s", "invalid season rules: %s"},
		"audit.edit_person":       {"Person geändert", "Person edited"},
		"audit.merge_persons":     {"Personen zusammengeführt", "Persons merged"},
		"audit.erase_person":      {"Person gelöscht", "Person erased"},
		"audit.create_season":     {"Wertung angelegt", "Season created"},
		"audit.season_rules":      {"Wertung geändert", "Season rules changed"},
		"audit.season_evenings":   {"Abende der Wertung geändert", "Season evenings changed"},
		"season.title":            {"Jahreswertung", "Season standings"},
		"season.progress":         {"Jahreswertung nach %d von %d Abenden", "Season standings after %d of %d evenings"},
		"season.place":            {"Platz %d in der Jahreswertung", "Place %d in the season standings"},
		"season.col_place":        {"Platz", "Place"},
		"season.col_name":         {"Name", "Name"},
		"season.col_club":         {"Verein/Ort", "Club/place"},
		"season.col_points":       {"Punkte", "Points"},
		"season.col_counted":      {"Abende gewertet", "Evenings counted"},
		"season.col_best":         {"Bester Platz", "Best place"},
		"season.col_wins":         {"Siege", "Wins"},
		"season.lot":              {"Los", "lot"},
		"season.erased":           {"gelöscht", "deleted"},
		"season.evenings":         {"Abende", "Evenings"},
		"season.not_played":       {"noch nicht gespielt", "not played yet"},
		"season.none":             {"Noch keine Wertungen", "No seasons yet"},
		"season.rules_best":       {"Es zählt die beste Karte eines Spielers je Abend", "A player's best card counts on an evening"},
		"season.rules_every":      {"Es zählt jede Karte eines Spielers", "Every card of a player counts"},
		"season.rules_streich":    {"Die besten %d Abende zählen", "The best %d evenings count"},
	})
}
