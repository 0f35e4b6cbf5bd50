package main

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// connGate admits the server's connections (docs/web.md, "Connections"):
// at most MaxConns at once and at most PerIP from one address. A new
// connection over a bound first takes the place of an idle keep-alive
// connection (its browser opens a new one when it needs it, at the cost
// of a handshake); only when every connection is busy is it refused at
// once with a 503 and Retry-After, instead of waiting unanswered in the
// system's queue as it did behind netutil.LimitListener. Streams, the
// only long-lived connections, are bounded below MaxConns by the live
// streams' own admission (liveStreams.admit), so busy connections that
// are not streams finish quickly and a logged-in organiser's request
// always finds a place.
type connGate struct {
	max, perIP int
	trusted    []*net.IPNet // proxies: many clients share their address

	mu     sync.Mutex
	open   int
	byIP   map[string]int
	idle   map[*gatedConn]time.Time // keep-alive connections between requests, since when
	refuse chan struct{}            // bounds the goroutines answering refusals

	refusedTotal, refusedIP, evicted atomic.Int64
}

// gatedConn is an admitted connection; it gives its place back on Close.
type gatedConn struct {
	net.Conn
	gate *connGate
	ip   string
	once sync.Once
}

func (c *gatedConn) Close() error {
	c.once.Do(func() { c.gate.release(c) })
	return c.Conn.Close()
}

func newConnGate(maxConns, perIP int, trusted []*net.IPNet) *connGate {
	return &connGate{max: maxConns, perIP: perIP, trusted: trusted, byIP: map[string]int{},
		idle: map[*gatedConn]time.Time{}, refuse: make(chan struct{}, 64)}
}

// gateListener hands the server only admitted connections.
type gateListener struct {
	net.Listener
	gate *connGate
}

func (l gateListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := hostOf(c.RemoteAddr())
		gc, reason := l.gate.admit(c, ip)
		if gc != nil {
			return gc, nil
		}
		l.gate.turnAway(c, reason)
	}
}

// admit counts c in, making room by closing an idle connection when a
// bound is reached; nil and the refusal's text when there is none.
func (g *connGate) admit(c net.Conn, ip string) (*gatedConn, string) {
	g.mu.Lock()
	var victim *gatedConn
	limitIP := g.perIP > 0 && !g.isTrusted(ip)
	switch {
	case limitIP && g.byIP[ip] >= g.perIP:
		victim = g.idleOf(ip)
		if victim == nil {
			g.mu.Unlock()
			g.refusedIP.Add(1)
			return nil, "Zu viele Verbindungen von dieser Adresse / too many connections from this address"
		}
	case g.max > 0 && g.open >= g.max:
		victim = g.idleOf("")
		if victim == nil {
			g.mu.Unlock()
			g.refusedTotal.Add(1)
			return nil, "Server ausgelastet / server busy"
		}
	}
	if victim != nil {
		// Its place is ours now: count it out here, not when its
		// goroutine gets to Close, so two newcomers cannot take one place.
		delete(g.idle, victim)
		victim.once.Do(func() { g.releaseLocked(victim) })
		g.evicted.Add(1)
	}
	gc := &gatedConn{Conn: c, gate: g, ip: ip}
	g.open++
	g.byIP[ip]++
	g.mu.Unlock()
	if victim != nil {
		_ = victim.Conn.Close()
	}
	return gc, ""
}

// idleOf is an idle connection, of address ip if not "" (g.mu held).
func (g *connGate) idleOf(ip string) *gatedConn {
	for c := range g.idle {
		if ip == "" || c.ip == ip {
			return c
		}
	}
	return nil
}

func (g *connGate) release(c *gatedConn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.releaseLocked(c)
}

func (g *connGate) releaseLocked(c *gatedConn) {
	delete(g.idle, c)
	g.open--
	if g.byIP[c.ip]--; g.byIP[c.ip] <= 0 {
		delete(g.byIP, c.ip)
	}
}

func (g *connGate) isTrusted(ip string) bool {
	a := net.ParseIP(ip)
	for _, n := range g.trusted {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// idlePerIP is how many idle keep-alive connections one address keeps: a
// browser opens several for a page's files at once and would hold them
// all, beside its stream, for the next page (issue 19: at most three per
// browser); the next request of a closed one costs a handshake.
const idlePerIP = 2

// connState is the http.Server's ConnState hook: it keeps the set of idle
// connections, the ones that may give way to a newcomer, and closes the
// oldest idle one of an address that keeps more than idlePerIP.
func (g *connGate) connState(c net.Conn, st http.ConnState) {
	gc, ok := c.(*gatedConn)
	if !ok {
		return
	}
	g.mu.Lock()
	if st != http.StateIdle {
		delete(g.idle, gc)
		g.mu.Unlock()
		return
	}
	if _, counted := g.byIP[gc.ip]; !counted {
		g.mu.Unlock()
		return
	}
	g.idle[gc] = time.Now()
	var oldest *gatedConn
	n := 0
	for ic, since := range g.idle {
		if ic.ip == gc.ip {
			n++
			if oldest == nil || since.Before(g.idle[oldest]) {
				oldest = ic
			}
		}
	}
	if n <= idlePerIP || g.isTrusted(gc.ip) {
		g.mu.Unlock()
		return
	}
	delete(g.idle, oldest)
	oldest.once.Do(func() { g.releaseLocked(oldest) })
	g.mu.Unlock()
	_ = oldest.Conn.Close()
}

// refusalRetry is the Retry-After of a refused connection, in seconds.
const refusalRetry = 5

// turnAway answers a refused connection with a 503 at once and closes it.
// The request is read first (for a second at most): closing a socket with
// unread data makes the system send a reset, and the client would see
// that instead of the answer. At most 64 refusals are answered at once;
// the rest are closed.
func (g *connGate) turnAway(c net.Conn, reason string) {
	select {
	case g.refuse <- struct{}{}:
	default:
		_ = c.Close()
		return
	}
	go func() {
		defer func() { <-g.refuse }()
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(time.Second))
		buf := make([]byte, 4096)
		_, _ = c.Read(buf)
		body := reason + "\n"
		_, _ = fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"+
			"Retry-After: %d\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", refusalRetry, len(body), body)
	}()
}

// gateStats is what the status page shows of the connections.
type gateStats struct {
	Open, Max, PerIP  int
	Idle              int
	RefusedTotal      int64
	RefusedPerAddress int64
	Evicted           int64
	Top               []addrCount
}

type addrCount struct {
	Addr  string
	Count int
}

func (g *connGate) stats(top int) gateStats {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := gateStats{Open: g.open, Max: g.max, PerIP: g.perIP, Idle: len(g.idle),
		RefusedTotal: g.refusedTotal.Load(), RefusedPerAddress: g.refusedIP.Load(), Evicted: g.evicted.Load()}
	st.Top = topCounts(g.byIP, top)
	return st
}

// topCounts are the n largest counts, largest first (ties by address).
func topCounts(m map[string]int, n int) []addrCount {
	out := make([]addrCount, 0, len(m))
	for a, k := range m {
		out = append(out, addrCount{a, k})
	}
	slices.SortFunc(out, func(a, b addrCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Addr, b.Addr))
	})
	return out[:min(n, len(out))]
}

// gateKey finds the gate of a request's connection in its context.
type gateKey struct{}

func gateOf(ctx context.Context) *connGate {
	g, _ := ctx.Value(gateKey{}).(*connGate)
	return g
}

// hostOf is the IP address of addr without the port.
func hostOf(addr net.Addr) string {
	if ta, ok := addr.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return host
}
