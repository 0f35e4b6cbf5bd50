//go:build !unix

package httpkit

// OpenFilesLimit is 0 where there is no such limit to read (Windows: the
// system bounds sockets by memory).
func OpenFilesLimit() uint64 { return 0 }
