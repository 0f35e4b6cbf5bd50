package views

// The store's refusals (store.Error), keyed "store." + their Key; the
// values are the error's Args in order, a refusal among them already
// worded (web.ErrorText).
func init() {
	register(map[string]Msg{
		"store.not_found":   {"nicht gefunden", "not found"},
		"store.bad_login":   {"Unbekannter Benutzername oder falsches Passwort", "unknown user name or wrong password"},
		"store.conflict":    {"Das Turnier wurde gleichzeitig geändert; bitte neu laden und noch einmal versuchen", "the tournament was changed at the same time; please reload and try again"},
		"store.user_exists": {"Ein Benutzer mit diesem Namen existiert bereits", "a user of that name exists already"},
		"store.bad_user":    {"Ungültiger Benutzer", "invalid user"},
		"store.last_organiser": {"Der letzte Organisator kann nicht entfernt oder zum Helfer gemacht werden",
			"the last organiser cannot be removed or made a helper"},
		"store.backup_exists": {"Die Sicherungsdatei existiert bereits", "the backup file exists already"},
		"store.backup_postgres": {"Diese Datenbank ist PostgreSQL: Sicherungen macht der Datenbankserver mit pg_dump, " +
			"z. B. pg_dump --format=custom --file=bummerl.dump DATENBANK-URL (zurück mit pg_restore).",
			"This database is PostgreSQL: back it up on the database server with pg_dump, " +
				"e.g. pg_dump --format=custom --file=bummerl.dump DATABASE-URL (restore with pg_restore)."},

		"store.user_exists_named":  {"Ein Benutzer namens %q existiert bereits", "a user named %q exists already"},
		"store.backup_exists_file": {"Die Sicherungsdatei %s existiert bereits", "the backup file %s exists already"},
		"store.bad_role":           {"Unbekannte Rolle %q (organiser oder helper)", "unknown role %q (want organiser or helper)"},
		"store.bad_text":           {"%s", "%s"},
		"store.user_name_empty":    {"Der Benutzername ist leer", "the user name is empty"},
		"store.token_label_empty":  {"Die Bezeichnung fehlt", "the label is empty"},
		"store.password_short":     {"Das Passwort ist kürzer als %d Zeichen", "the password is shorter than %d characters"},
		"store.password_long":      {"Das Passwort ist länger als %d Bytes", "the password is longer than %d bytes"},

		"store.bad_document":       {"Das Dokument kann nicht importiert werden", "the document cannot be imported"},
		"store.document_too_large": {"Das Dokument ist größer als %d MiB", "the document is larger than %d MiB"},
		"store.duplicate_import":   {"Dieses Turnier ist schon da", "this tournament is already here"},
		"store.persons_unconfirmed": {"Spieler des Turniers stimmen nur dem Namen nach mit Personen der Kartei überein (oder die Kartei hat sich seit der Rückfrage geändert): bitte für jeden bestätigen, ob er dieselbe Person ist; nichts wurde importiert",
			"players of the tournament match persons of the register by name only (or the register changed since asked): confirm for each whether he is the same person; nothing was imported"},
		"store.document_json": {"Das Dokument ist kein gültiges JSON: %s", "the document is not valid JSON: %s"},
		"store.document_format": {"Das ist kein exportiertes Bummerl-Turnier (Format „%s“, nicht „%s“)",
			"this is no exported Bummerl tournament (format %q, not %q)"},
		"store.document_version": {"Das Dokument ist Version %d von %s; dieses Bummerl liest nur Version 1 bis %d (von einer anderen Bummerl-Version exportiert?)",
			"the document is version %d of %s; this Bummerl reads versions 1 to %d only (exported by another Bummerl version?)"},
		"store.document_unreadable": {"Das Dokument ist nicht lesbar: %s", "the document cannot be read: %s"},
		// The details of a damaged head or audit are the same in both
		// languages: they name the document's fields.
		"store.document_head":          {"Das Dokument ist beschädigt: format %q version %d", "the document is damaged: format %q version %d"},
		"store.document_no_audit":      {"Das Dokument ist beschädigt: no audit lines", "the document is damaged: no audit lines"},
		"store.document_origin":        {"Das Dokument ist beschädigt: the origin does not match the first audit line", "the document is damaged: the origin does not match the first audit line"},
		"store.document_audit_json":    {"Das Dokument ist beschädigt: audit line %d is not JSON", "the document is damaged: audit line %d is not JSON"},
		"store.document_audit_payout":  {"Das Dokument ist beschädigt: audit line %d (%s) holds no payout", "the document is damaged: audit line %d (%s) holds no payout"},
		"store.document_damaged":       {"Das Dokument ist beschädigt: %s", "the document is damaged: %s"},
		"store.document_round_damaged": {"Das Dokument ist beschädigt: Runde %d: %s", "the document is damaged: round %d: %s"},
		"store.duplicate_import_named": {"Dieses Turnier ist schon da: Turnier %d „%s“; nichts wurde importiert",
			"this tournament is already here: tournament %d %q; nothing was imported"},

		"store.table_running":       {"Für diese Partie läuft schon ein digitaler Tisch", "a digital match is already running for this match"},
		"store.table_closed":        {"Dieser digitale Tisch ist beendet oder wurde aufgegeben", "this digital match is over or was abandoned"},
		"store.table_match_changed": {"Die Partie hat jetzt andere Karten", "the match has other cards now"},
	})
}
