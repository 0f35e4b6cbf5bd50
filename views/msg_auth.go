package views

func init() {
	register(map[string]Msg{
		"setup.title":          {"Erster Start", "First start"},
		"setup.intro":          {"Noch gibt es kein Konto. Lege hier das Konto der Turnierleitung an; danach meldest du dich damit an.", "There is no account yet. Create the organiser's account here; you will use it to log in."},
		"setup.submit":         {"Konto anlegen", "Create account"},
		"setup.done":           {"Es gibt bereits ein Konto. Bitte anmelden.", "An account exists already. Please log in."},
		"login.title":          {"Anmelden", "Log in"},
		"login.submit":         {"Anmelden", "Log in"},
		"login.bad":            {"Name oder Passwort ist falsch.", "Wrong name or password."},
		"login.throttled":      {"Zu viele Fehlversuche. Bitte in %d Sekunden wieder versuchen.", "Too many failed attempts. Please try again in %d seconds."},
		"login.required":       {"Bitte zuerst anmelden.", "Please log in first."},
		"user.name":            {"Name", "Name"},
		"user.password":        {"Passwort", "Password"},
		"user.role":            {"Rolle", "Role"},
		"user.name_missing":    {"Bitte einen Namen angeben.", "Please enter a name."},
		"user.password_short":  {"Das Passwort braucht mindestens %d Zeichen.", "The password needs at least %d characters."},
		"user.role_bad":        {"Unbekannte Rolle.", "Unknown role."},
		"user.exists":          {"Diesen Namen gibt es schon.", "This name exists already."},
		"role.organiser":       {"Turnierleitung", "Organiser"},
		"role.helper":          {"Helfer", "Helper"},
		"users.title":          {"Benutzer", "Users"},
		"users.add":            {"Benutzer hinzufügen", "Add user"},
		"users.added":          {"Benutzer angelegt.", "User added."},
		"tokens.title":         {"API-Schlüssel", "API tokens"},
		"tokens.intro":         {"Für Programme, die die JSON-Schnittstelle nutzen (Authorization: Bearer …). Der Schlüssel wird nur einmal angezeigt.", "For programs using the JSON API (Authorization: Bearer …). The token is shown only once."},
		"tokens.label":         {"Bezeichnung", "Label"},
		"tokens.create":        {"Schlüssel erzeugen", "Create token"},
		"tokens.created":       {"Neuer Schlüssel (jetzt kopieren, er wird nicht wieder angezeigt):", "New token (copy it now, it will not be shown again):"},
		"tokens.label_missing": {"Bitte eine Bezeichnung angeben.", "Please enter a label."},
		"auth.forbidden":       {"Diese Seite ist der Turnierleitung vorbehalten.", "This page is for organisers only."},
	})
}
