package views

func init() {
	register(map[string]Msg{
		"api.json_required":  {"Der Inhalt muss JSON sein (Content-Type: application/json).", "The body must be JSON (Content-Type: application/json)."},
		"api.json_empty":     {"Der Inhalt ist leer; erwartet wird ein JSON-Objekt.", "The body is empty; a JSON object is expected."},
		"api.json_trailing":  {"Nach dem JSON-Objekt folgt noch etwas.", "There is more after the JSON object."},
		"api.json_type":      {"Das Feld „%s“ hat den falschen Typ.", "The field “%s” has the wrong type."},
		"api.json_object":    {"Erwartet wird ein JSON-Objekt.", "A JSON object is expected."},
		"api.json_unknown":   {"Unbekanntes Feld „%s“ (Groß- und Kleinschreibung zählen).", "Unknown field “%s” (letter case matters)."},
		"api.json_duplicate": {"Das Feld „%s“ kommt mehrmals vor.", "The field “%s” is given more than once."},
		"api.json_length":    {"Das Feld „%s“ braucht genau %d Einträge.", "The field “%s” needs exactly %d entries."},
		"api.json_utf8":      {"Das Feld „%s“ enthält ungültiges UTF-8.", "The field “%s” contains invalid UTF-8."},
		"api.json_bad":       {"Ungültiges JSON: %s", "Invalid JSON: %s"},
	})
}
