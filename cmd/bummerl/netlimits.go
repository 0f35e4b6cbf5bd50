package main

import (
	"fmt"
	"net"
	"strings"

	"github.com/labstack/echo/v4"
)

// clientIPExtractor decides which address a request comes from, for the
// login throttle (c.RealIP()). Without trusted proxies it is the address of
// the connection: X-Forwarded-For and X-Real-IP are anybody's to write, so
// trusting them would let a guesser rotate addresses, a locked-out client
// walk in with a new header and anybody lock out another person by naming
// his address. Behind proxies the organiser names (--trusted-proxy), the
// X-Forwarded-For header is read from the right: the first address that is
// not one of those proxies is the client. Loopback, link-local and private
// addresses are trusted only when named, unlike Echo's default.
func clientIPExtractor(proxies []*net.IPNet) echo.IPExtractor {
	if len(proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range proxies {
		opts = append(opts, echo.TrustIPRange(p))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// proxyList is the --trusted-proxy flag: repeatable, each value one or
// more comma-separated CIDR ranges or single addresses.
type proxyList []*net.IPNet

func (l *proxyList) String() string {
	if l == nil {
		return ""
	}
	s := make([]string, len(*l))
	for i, n := range *l {
		s[i] = n.String()
	}
	return strings.Join(s, ",")
}

func (l *proxyList) Set(v string) error {
	for part := range strings.SplitSeq(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n, err := parseProxy(part)
		if err != nil {
			return err
		}
		*l = append(*l, n)
	}
	return nil
}

// parseProxy reads a CIDR range ("10.0.0.0/8") or one address ("10.0.0.1",
// taken as /32, or /128 for IPv6).
func parseProxy(s string) (*net.IPNet, error) {
	if _, n, err := net.ParseCIDR(s); err == nil {
		return n, nil
	}
	ip := net.ParseIP(s)
	if ip == nil {
		return nil, fmt.Errorf("not an address or CIDR range: %q", s)
	}
	if ip4 := ip.To4(); ip4 != nil {
		return &net.IPNet{IP: ip4, Mask: net.CIDRMask(32, 32)}, nil
	}
	return &net.IPNet{IP: ip, Mask: net.CIDRMask(128, 128)}, nil
}
