//go:build !unix

package web

import "time"

// processCPU is unknown here (processcpu_unix_test.go).
func processCPU() time.Duration { return 0 }
