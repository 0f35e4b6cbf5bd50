package views

// Messages of the live streams and the organiser's view of the room.
func init() {
	register(map[string]Msg{
		"live.too_many_streams": {"Zu viele Live-Verbindungen von dieser Adresse. Die Seite versucht es gleich wieder.", "Too many live connections from this address. The page will try again shortly."},
		"live.server_busy":      {"Der Server ist ausgelastet. Die Seite versucht es gleich wieder.", "The server is busy. The page will try again shortly."},
		"live.part_bad":         {"Ungültiger Seitenteil für die Live-Aktualisierung.", "Invalid page part for live updates."},
	})
}

func init() {
	register(map[string]Msg{
		"status.title":                {"Verbindungen im Saal", "Connections in the hall"},
		"status.intro":                {"Wer gerade live mitliest, wer abgewiesen wurde und wie schnell die Seiten nach jeder Änderung fertig sind. Die Seite zeigt den Stand beim Laden.", "Who follows live right now, who was turned away and how fast the pages are ready after each change. The page shows the state when it was loaded."},
		"status.refused_note":         {"Seit dem Start wurden Verbindungen abgewiesen (siehe unten). Viele von einer Adresse: vermutlich ein einzelnes Gerät oder ein Router, hinter dem der ganze Saal hängt (dann --streams-per-ip erhöhen).", "Connections were turned away since the start (see below). Many from one address: most likely a single device, or a router the whole hall sits behind (then raise --streams-per-ip)."},
		"status.streams":              {"Live-Seiten", "Live pages"},
		"status.phones":               {"Handys (Spielerseiten, Runden, Tabelle)", "Phones (player pages, rounds, standings)"},
		"status.projectors":           {"Beamer", "Projectors"},
		"status.seats":                {"Digitale Tische (Sitze)", "Digital tables (seats)"},
		"status.staff":                {"Veranstalter und Helfer", "Organisers and helpers"},
		"status.renewed":              {"Erneuert (nach etwa einer Minute)", "Renewed (after about a minute)"},
		"status.stream_addrs":         {"Adressen mit den meisten Live-Seiten (höchstens %d je Adresse)", "Addresses with the most live pages (at most %d each)"},
		"status.connections":          {"Verbindungen", "Connections"},
		"status.open":                 {"Offen", "Open"},
		"status.open_of":              {"%d von höchstens %d", "%d of at most %d"},
		"status.idle":                 {"Davon unbenutzt (werden bei Bedarf geschlossen)", "Of these idle (closed when a place is needed)"},
		"status.conn_addrs":           {"Adressen mit den meisten Verbindungen (höchstens %d je Adresse)", "Addresses with the most connections (at most %d each)"},
		"status.conn_addrs_unbounded": {"Adressen mit den meisten Verbindungen", "Addresses with the most connections"},
		"status.refusals":             {"Abgewiesen seit dem Start", "Turned away since the start"},
		"status.refused_streams_addr": {"Live-Seiten: zu viele von einer Adresse", "Live pages: too many from one address"},
		"status.refused_streams_full": {"Live-Seiten: Server voll", "Live pages: server full"},
		"status.refused_conns_addr":   {"Verbindungen: zu viele von einer Adresse", "Connections: too many from one address"},
		"status.refused_conns_full":   {"Verbindungen: Server voll", "Connections: server full"},
		"status.evicted":              {"Unbenutzte Verbindungen für neue geschlossen", "Idle connections closed for new ones"},
		"status.renders":              {"Aufbau der Live-Seiten je Änderung", "Building the live pages per change"},
		"status.no_renders":           {"Noch keine Änderung, seit jemand live mitliest.", "No change yet since someone followed live."},
		"status.at":                   {"Zeit", "Time"},
		"status.page":                 {"Seite", "Page"},
		"status.rev":                  {"Stand", "Revision"},
		"status.parts":                {"Teile", "Parts"},
		"status.took":                 {"Dauer", "Took"},
		"status.cache":                {"Seiten-Cache: %d Treffer, %d neu gebaut.", "Page cache: %d hits, %d built afresh."},
		"nav.status":                  {"Verbindungen", "Connections"},
	})
}
