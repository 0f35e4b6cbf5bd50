package views

// Automatic calling (issue 23): the setting, the round page's "→ Tisch 7",
// the board and the history.
func init() {
	register(map[string]Msg{
		"settings.calls_legend":   {"Aufruf an die Tische", "Calling to the tables"},
		"settings.auto_call":      {"Automatisch aufrufen: Ein Ergebnis ruft die nächste Partie sofort an den frei gewordenen Tisch", "Call automatically: a result calls the next match to the table it frees at once"},
		"settings.auto_call_hint": {"Gilt, sobald eine Anzahl Tische festgelegt ist (Tische). Jederzeit änderbar, auch nach der Auslosung; Aufrufen von Hand, Verlegen und Zurückstellen gehen weiterhin.", "Applies once a number of tables is set (Tables). Can be changed at any time, also after the draw; calling by hand, moving and sending back still work."},
		"round.then":              {"→ Tisch %d: Partie %d", "→ table %d: match %d"},
		"swiss.round.then":        {"→ Tisch %d: Brett %d", "→ table %d: board %d"},
		"tables.auto_on":          {"Automatischer Aufruf ist an: Jedes Ergebnis ruft die nächste Partie an den frei gewordenen Tisch.", "Automatic calling is on: every result calls the next match to the table it frees."},
		"tables.auto_off":         {"Automatischer Aufruf ist aus: Freie Tische hier besetzen.", "Automatic calling is off: fill free tables here."},
		"tables.auto_settings":    {"Einstellungen", "Settings"},
		"hist.autocall":           {"automatisch aufgerufen: Partie %d an Tisch %d", "called automatically: match %d to table %d"},
		"hist.s_auto_call":        {"Automatisch aufrufen", "Call automatically"},
	})
}
