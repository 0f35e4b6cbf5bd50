package views

// The referee's bound on judgments (issue 20, cmd/bummerl/referee_limits.go).
func init() {
	register(map[string]Msg{
		"referee.busy":     {"Der Schiedsrichter prüft gerade zu viele Protokolle. Bitte in ein paar Sekunden wieder versuchen.", "The referee is judging too many records right now. Please try again in a few seconds."},
		"referee.too_many": {"Von dieser Adresse werden schon Protokolle geprüft. Bitte warten, bis sie fertig sind, und dann wieder versuchen.", "Records from this address are being judged already. Please wait until they are done, then try again."},
	})
}
