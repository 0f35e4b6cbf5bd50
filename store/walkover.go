package store

import (
	"slices"

	"gorm.io/gorm"
)

// walkoverMigration is the step that adds matches.walkover (issue 9: a
// result won kampflos). Its SQL does nothing; addWalkover adds the column
// unless it is there, so the tests that set schema_version back over it
// can run the step again.
const walkoverMigration = `SELECT 'matches.walkover (issue 9)';`

func init() {
	migrationCode[slices.Index(migrations, walkoverMigration)+1] = addWalkover
}

func addWalkover(tx *gorm.DB) error {
	var n int
	if err := tx.Raw(`SELECT count(*) FROM pragma_table_info('matches') WHERE name = 'walkover'`).Scan(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	return tx.Exec(`ALTER TABLE matches ADD COLUMN walkover BOOLEAN NOT NULL DEFAULT 0`).Error
}
