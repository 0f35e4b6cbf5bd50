//go:build unix

package web

import (
	"syscall"
	"time"
)

// processCPU is the processor time the process used so far
// (BenchmarkPracticeLoad); 0 where unknown.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
