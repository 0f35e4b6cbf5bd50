package store

import (
	"gorm.io/gorm"

	"bummerl/domain/tournament"
)

// addAutoCall is step 12, automatic calling (issue 23, the domain's
// autocall.go): tournaments.auto_call, off for every tournament before it
// (its calls were made by hand), and matches.called_after, the match
// whose result called it to its table (0: none). It adds only the columns
// that are missing; the two databases differ only in the default of a
// BOOLEAN.
func addAutoCall(postgres bool) func(tx *gorm.DB) error {
	no := "0"
	if postgres {
		no = "false"
	}
	return func(tx *gorm.DB) error {
		if err := addMissingColumns(tx, "tournaments", []column{{"auto_call", "BOOLEAN NOT NULL DEFAULT " + no}}); err != nil {
			return err
		}
		return addMissingColumns(tx, "matches", []column{{"called_after", "INTEGER NOT NULL DEFAULT 0"}})
	}
}

// autoCalled reports whether t holds anything of automatic calling: what
// a document before version 4 cannot hold.
func autoCalled(t *tournament.Tournament) bool {
	if t.Settings.AutoCall {
		return true
	}
	for _, r := range t.Rounds {
		for _, m := range r.Matches {
			if m.CalledAfter != 0 {
				return true
			}
		}
	}
	return false
}
