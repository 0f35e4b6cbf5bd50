package views

func init() {
	register(map[string]Msg{
		"api.json_required": {"Der Inhalt muss JSON sein (Content-Type: application/json).", "The body must be JSON (Content-Type: application/json)."},
		"api.json_empty":    {"Der Inhalt ist leer; erwartet wird ein JSON-Objekt.", "The body is empty; a JSON object is expected."},
		"api.json_trailing": {"Nach dem JSON-Objekt folgt noch etwas.", "There is more after the JSON object."},
		"api.json_type":     {"Das Feld %q hat den falschen Typ.", "The field %q has the wrong type."},
		"api.json_bad":      {"Ungültiges JSON: %s", "Invalid JSON: %s"},
	})
}
