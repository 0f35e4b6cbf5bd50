package web

import (
	"os"
	"testing"

	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store/storetest"
)

// TestMain runs the tests as webtest.Setup prepares them and says loudly
// when PostgreSQL tests were skipped.
func TestMain(m *testing.M) {
	webtest.Setup()
	code := m.Run()
	storetest.Report("bummerl/cmd/bummerl/internal/web")
	os.Exit(code)
}
