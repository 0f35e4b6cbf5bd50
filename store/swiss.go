package store

import (
	"fmt"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"bummerl/domain/tournament"
)

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

// addSwissSeeds is step 10: the seed list (Setzliste) for round 1 of a
// Swiss tournament (SW-4), its card numbers best first, separated by
// spaces; ” is none, so every tournament before it has none. The same
// SQL on both databases.
func addSwissSeeds(tx *gorm.DB) error {
	return addMissingColumns(tx, "tournaments", []column{{"swiss_seeds", "TEXT NOT NULL DEFAULT ''"}})
}

// seedsText is the column's form of a seed list: "5 2 7".
func seedsText(list []tournament.CardNo) string {
	var b strings.Builder
	for i, c := range list {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(c)))
	}
	return b.String()
}

// parseSeedsText reads the column back; "" is nil.
func parseSeedsText(s string) ([]tournament.CardNo, error) {
	var out []tournament.CardNo
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("seed list %q: %w", s, err)
		}
		out = append(out, tournament.CardNo(n))
	}
	return out, nil
}
