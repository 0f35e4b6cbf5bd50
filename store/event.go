package store

import (
	"slices"

	"gorm.io/gorm"
)

// eventMigration adds when and where a tournament is played (issue 9):
// its SQL does nothing, addEvent adds the columns that are missing.
const eventMigration = `SELECT 'tournaments.event_date, venue, start_time (issue 9)';`

func init() {
	migrationCode[slices.Index(migrations, eventMigration)+1] = addEvent
}

func addEvent(tx *gorm.DB) error {
	return addMissingColumns(tx, "tournaments", []column{
		{"event_date", "TEXT NOT NULL DEFAULT ''"},
		{"venue", "TEXT NOT NULL DEFAULT ''"},
		{"start_time", "TEXT NOT NULL DEFAULT ''"},
	})
}
