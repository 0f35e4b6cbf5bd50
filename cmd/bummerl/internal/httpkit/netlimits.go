package httpkit

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// Limits bound how long one connection may take and how many there may
// be, so slow or idle clients cannot hold the server's sockets and file
// descriptors (docs/web.md, "Limits and timeouts").
type Limits struct {
	// ReadHeaderTimeout bounds reading a request's header.
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds reading a whole request, body included, from its
	// first byte (net/http lifts it once the body is read).
	ReadTimeout time.Duration
	// WriteTimeout bounds handling and writing a response, from the end of
	// its request's header: long enough to download a backup.
	WriteTimeout time.Duration
	// IdleTimeout closes a keep-alive connection nobody uses.
	IdleTimeout time.Duration
	// MaxConns is how many connections are served at once and PerIP how
	// many of them one address may hold (connGate); a connection over a
	// bound takes the place of an idle one or is refused at once with a
	// 503. 0: no bound.
	MaxConns, PerIP int
	// TrustedProxies are exempt from PerIP: their clients share their
	// address (--trusted-proxy).
	TrustedProxies []*net.IPNet
	// IdleGrace is how long a keep-alive connection beyond the second of
	// its address may idle before the sweep closes it (Gate); 0: 10 s.
	IdleGrace time.Duration
}

// DefaultLimits suit a venue: forms are small, a backup of a big
// database over a slow Wi-Fi takes minutes at most. A phone on a live page
// holds one connection (its stream, which also brings the page's parts);
// MaxConns is sized from the open-files limit at start (serveConns).
// PerIP lets a school class or a club's table behind one router in, and
// keeps one guest from holding the room's connections.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      5 * time.Minute,
	IdleTimeout:       60 * time.Second,
	MaxConns:          2000,
	PerIP:             200, // serve sets twice --streams-per-ip
}

// NewServer is the HTTP server of the app with the limits, and the
// listener to serve it on: ln admits connections through a Gate
// (lim.MaxConns, lim.PerIP), which every request finds in its context.
// serve uses it, and tests start the real server with short limits.
func NewServer(h http.Handler, ln net.Listener, lim Limits) (*http.Server, net.Listener) {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: lim.ReadHeaderTimeout,
		ReadTimeout:       lim.ReadTimeout,
		WriteTimeout:      lim.WriteTimeout,
		IdleTimeout:       lim.IdleTimeout,
	}
	_, ln = Gated(srv, ln, lim)
	return srv, ln
}

// Gated puts srv's connections from ln through a new Gate with lim's
// bounds and puts the gate in every request's context (GateOf). It
// returns the gate and the listener to serve on; tests gate an httptest
// server with it.
func Gated(srv *http.Server, ln net.Listener, lim Limits) (*Gate, net.Listener) {
	gate := newConnGate(lim.MaxConns, lim.PerIP, lim.TrustedProxies)
	if lim.IdleGrace > 0 {
		gate.idleGrace = lim.IdleGrace
	}
	srv.ConnState = gate.connState
	srv.ConnContext = func(ctx context.Context, _ net.Conn) context.Context {
		return context.WithValue(ctx, gateKey{}, gate)
	}
	return gate, newGateListener(ln, gate)
}

// KeepStreamOpen lifts the write timeout (and the read timeout, should a
// body still be unread) for this one response, for a stream that stays
// open as long as the client listens: server-sent events. Call it first
// thing in such a handler and for nothing else; every other response
// keeps the server's limits. The connection still counts against
// MaxConns while it is open.
func KeepStreamOpen(c echo.Context) error {
	rc := http.NewResponseController(c.Response())
	if err := rc.SetReadDeadline(time.Time{}); err != nil {
		return err
	}
	return rc.SetWriteDeadline(time.Time{})
}

// ClientIPExtractor decides which address a request comes from, for the
// login throttle (c.RealIP()). Without trusted proxies it is the address of
// the connection: X-Forwarded-For and X-Real-IP are anybody's to write, so
// trusting them would let a guesser rotate addresses, a locked-out client
// walk in with a new header and anybody lock out another person by naming
// his address. Behind proxies the organiser names (--trusted-proxy), the
// X-Forwarded-For header is read from the right: the first address that is
// not one of those proxies is the client. Loopback, link-local and private
// addresses are trusted only when named, unlike Echo's default.
func ClientIPExtractor(proxies []*net.IPNet) echo.IPExtractor {
	if len(proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range proxies {
		opts = append(opts, echo.TrustIPRange(p))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// ProxyList is the --trusted-proxy flag: repeatable, each value one or
// more comma-separated CIDR ranges or single addresses.
type ProxyList []*net.IPNet

func (l *ProxyList) String() string {
	if l == nil {
		return ""
	}
	s := make([]string, len(*l))
	for i, n := range *l {
		s[i] = n.String()
	}
	return strings.Join(s, ",")
}

func (l *ProxyList) Set(v string) error {
	for part := range strings.SplitSeq(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n, err := ParseProxy(part)
		if err != nil {
			return err
		}
		*l = append(*l, n)
	}
	return nil
}

// ParseProxy reads a CIDR range ("10.0.0.0/8") or one address ("10.0.0.1",
// taken as /32, or /128 for IPv6).
func ParseProxy(s string) (*net.IPNet, error) {
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
