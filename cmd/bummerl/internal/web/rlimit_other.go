//go:build !unix

package web

// openFilesLimit is 0 where there is no such limit to read (Windows: the
// system bounds sockets by memory).
func openFilesLimit() uint64 { return 0 }
