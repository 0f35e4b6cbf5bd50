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
	for _, col := range []string{"event_date", "venue", "start_time"} {
		var n int
		if err := tx.Raw(`SELECT count(*) FROM pragma_table_info('tournaments') WHERE name = ?`, col).Scan(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			if err := tx.Exec(`ALTER TABLE tournaments ADD COLUMN ` + col + ` TEXT NOT NULL DEFAULT ''`).Error; err != nil {
				return err
			}
		}
	}
	return nil
}
