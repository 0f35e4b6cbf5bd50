// Package referee judges a game or match record of either game the app
// referees: Russian Schnapsen "1000" when the record says "game": "1000"
// (RULES-1000.md, docs/rules-1000.md), Schnapsen and Sechsundsechzig
// otherwise. bummerl referee and POST /api/referee both call Judge, so
// the command line and the web answer alike.
package referee

import (
	"bummerl/domain/schnapsen"
	"bummerl/domain/thousand"
)

// Judge returns the verdict of a record, or the error that makes the
// record impossible; either encodes as the referee's JSON (FORMATS.md).
func Judge(data []byte) (any, error) {
	if thousand.IsRecord(data) {
		return thousand.Referee(data)
	}
	return schnapsen.Referee(data)
}
