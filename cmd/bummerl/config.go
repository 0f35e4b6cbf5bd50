package main

import "os"

// envOr returns the environment variable key, or def when it is unset or empty.
// Every flag of the commands has such an environment variable, so a laptop
// or a server can be configured either way.
func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// defaultDB is the SQLite file the app uses unless told otherwise.
func defaultDB() string { return envOr("BUMMERL_DB", "bummerl.db") }

// dbUsage is the help of every --db flag: a SQLite file, or a PostgreSQL
// database by its DSN (store.Open, docs/store.md).
const dbUsage = "SQLite database file, or a PostgreSQL database as postgres://user:password@host/db (BUMMERL_DB)"
