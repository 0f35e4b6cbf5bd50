//go:build unix

package httpkit

import "syscall"

// OpenFilesLimit raises the soft limit of open files to the hard one (a
// venue's phones each hold a connection, and each connection a file) and
// returns it; 0 if it cannot be read.
func OpenFilesLimit() uint64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = raised.Max
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised) == nil {
			lim = raised
		}
	}
	return lim.Cur
}
