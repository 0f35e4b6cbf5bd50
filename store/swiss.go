package store

import "gorm.io/gorm"

// addSwiss is step 9, the Swiss system (issue 14, docs/swiss.md): the
// tournament's form and Swiss settings, and per card the round a late
// entry joins (SW-15) and the round from which a withdrawn player is no
// longer paired (SW-16). The defaults make every tournament before it a
// Preisschnapsen with no Swiss data. It adds only the columns that are
// missing, so it can run again; the two databases differ only in the
// default of a BOOLEAN.
func addSwiss(postgres bool) func(tx *gorm.DB) error {
	no := "0"
	if postgres {
		no = "false"
	}
	return func(tx *gorm.DB) error {
		if err := addMissingColumns(tx, "tournaments", []column{
			{"form", "TEXT NOT NULL DEFAULT ''"},
			{"swiss_rounds", "INTEGER NOT NULL DEFAULT 0"},
			{"buchholz_cut1", "BOOLEAN NOT NULL DEFAULT " + no},
		}); err != nil {
			return err
		}
		return addMissingColumns(tx, "cards", []column{
			{"swiss_from", "INTEGER NOT NULL DEFAULT 0"},
			{"swiss_out", "INTEGER NOT NULL DEFAULT 0"},
		})
	}
}
