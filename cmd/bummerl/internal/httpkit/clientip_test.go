package httpkit

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestClientIPPrivateNotProxy: requests from the venue network's private
// (192.168.x, fd00::/8) and link-local (169.254.x, fe80::/10) addresses
// that were not named with --trusted-proxy are their connection's own
// address, whatever X-Forwarded-For says: Echo trusts such addresses as
// proxies by default, which would let any phone on the Wi-Fi pick the
// address the login throttle counts.
func TestClientIPPrivateNotProxy(t *testing.T) {
	proxy, err := ParseProxy("10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ remote, xff, want string }{
		{"192.168.1.20", "203.0.113.9", "192.168.1.20"},
		{"192.168.1.20", "192.168.1.99", "192.168.1.20"},
		{"169.254.3.4", "203.0.113.9", "169.254.3.4"},
		{"169.254.3.4", "203.0.113.9, 169.254.3.5", "169.254.3.4"},
		{"fd12::7", "2001:db8::9", "fd12::7"},
		{"fe80::1", "2001:db8::9", "fe80::1"},
		// Through the named proxy the header counts from the right, and a
		// private hop in it is the client, not another proxy.
		{"10.0.0.1", "203.0.113.9, 192.168.1.20", "192.168.1.20"},
		{"10.0.0.1", "203.0.113.9, 169.254.3.4", "169.254.3.4"},
	} {
		for name, proxies := range map[string][]*net.IPNet{"no proxy": nil, "proxy 10.0.0.1": {proxy}} {
			want := tc.want
			if proxies == nil {
				want = tc.remote // without proxies the header is never read
			}
			req := httptest.NewRequest(http.MethodGet, "/login", nil)
			req.RemoteAddr = net.JoinHostPort(tc.remote, "51234")
			req.Header.Set("X-Forwarded-For", tc.xff)
			if got := ClientIPExtractor(proxies)(req); got != want {
				t.Errorf("%s: from %s with X-Forwarded-For %q: client %s, want %s", name, tc.remote, tc.xff, got, want)
			}
		}
	}
}
