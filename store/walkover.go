package store

import "gorm.io/gorm"

// addWalkover is SQLite's step 6: matches.walkover (issue 9: a result won
// kampflos). It adds the column unless it is there, so the tests that set
// schema_version back over it can run the step again.
func addWalkover(tx *gorm.DB) error {
	return addMissingColumns(tx, "matches", []column{{"walkover", "BOOLEAN NOT NULL DEFAULT 0"}})
}
