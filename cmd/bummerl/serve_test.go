package main

import (
	"net"
	"strings"
	"testing"
)

// TestConnsFor: the default connection bound follows the open-files limit.
func TestConnsFor(t *testing.T) {
	for files, want := range map[uint64]int{0: 4096, 100: 64, 1024: 896, 1 << 20: 10000} {
		if got := connsFor(files); got != want {
			t.Errorf("connsFor(%d) = %d, want %d", files, got, want)
		}
	}
}

// TestListenURLsOnce: the start-up line names each address once, with the
// base URL as given (the trailing "/" made it twice before).
func TestListenURLsOnce(t *testing.T) {
	for _, base := range []string{"http://127.0.0.1:8080", "http://127.0.0.1:8080/"} {
		got := listenURLs(&net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8080}, base)
		if len(got) != 1 || got[0] != base {
			t.Errorf("base %q: %q, want it alone", base, got)
		}
	}
}

// TestServeLimitFlags: bad limits are refused before anything starts.
func TestServeLimitFlags(t *testing.T) {
	for name, tc := range map[string]struct {
		args []string
		env  string
		want string
	}{
		"no connections": {[]string{"--max-conns", "-1"}, "", "--max-conns must be at least 1"},
		"no streams":     {[]string{"--streams-per-ip", "0"}, "", "--streams-per-ip must be at least 1"},
		"bad proxy":      {[]string{"--trusted-proxy", "proxy.example"}, "", "not an address or CIDR range"},
		"bad proxy env":  {nil, "10.0.0.0/33", "BUMMERL_TRUSTED_PROXY"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Setenv("BUMMERL_TRUSTED_PROXY", tc.env)
			var out, errOut strings.Builder
			if code := serve(tc.args, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), tc.want) {
				t.Errorf("status %d, stderr %q; want 2 and %q", code, errOut.String(), tc.want)
			}
		})
	}
}
