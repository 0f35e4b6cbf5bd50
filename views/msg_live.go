package views

// Messages of the live streams and the organiser's view of the room.
func init() {
	register(map[string]Msg{
		"live.too_many_streams": {"Zu viele Live-Verbindungen von dieser Adresse. Die Seite versucht es gleich wieder.", "Too many live connections from this address. The page will try again shortly."},
		"live.server_busy":      {"Der Server ist ausgelastet. Die Seite versucht es gleich wieder.", "The server is busy. The page will try again shortly."},
		"live.part_bad":         {"Ungültiger Seitenteil für die Live-Aktualisierung.", "Invalid page part for live updates."},
	})
}
