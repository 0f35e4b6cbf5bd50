package store

import "gorm.io/gorm"

// addEvent is SQLite's step 8, when and where a tournament is played
// (issue 9): it adds the columns that are missing.
func addEvent(tx *gorm.DB) error {
	return addMissingColumns(tx, "tournaments", []column{
		{"event_date", "TEXT NOT NULL DEFAULT ''"},
		{"venue", "TEXT NOT NULL DEFAULT ''"},
		{"start_time", "TEXT NOT NULL DEFAULT ''"},
	})
}
