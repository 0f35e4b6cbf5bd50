package httpkit

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

// Gate admits the server's connections (docs/web.md, "Connections"):
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
type Gate struct {
	max, perIP int
	trusted    []*net.IPNet  // proxies: many clients share their address
	idleGrace  time.Duration // see idlePerIP; tests shorten it

	mu     sync.Mutex
	open   int
	byIP   map[string]int
	idle   map[*gatedConn]time.Time // keep-alive connections between requests, since when
	refuse chan struct{}            // bounds the goroutines answering refusals

	refusedTotal, refusedIP, evicted atomic.Int64
}

// Max is how many connections the gate admits in all.
func (g *Gate) Max() int { return g.max }

// gatedConn is an admitted connection; it gives its place back on Close,
// or when the gate closes it to make room (released, under the gate's
// lock: one lock for both ways, so they cannot wait on each other).
type gatedConn struct {
	net.Conn
	gate     *Gate
	ip       string
	released bool // g.mu
}

func (c *gatedConn) Close() error {
	c.gate.release(c)
	return c.Conn.Close()
}

func newConnGate(maxConns, perIP int, trusted []*net.IPNet) *Gate {
	return &Gate{max: maxConns, perIP: perIP, trusted: trusted, idleGrace: 10 * time.Second, byIP: map[string]int{},
		idle: map[*gatedConn]time.Time{}, refuse: make(chan struct{}, 64)}
}

// gateListener hands the server only admitted connections, and sweeps
// the idle ones (sweepIdle) until it is closed.
type gateListener struct {
	net.Listener
	gate *Gate
	stop chan struct{}
	once *sync.Once
}

func newGateListener(ln net.Listener, g *Gate) gateListener {
	l := gateListener{Listener: ln, gate: g, stop: make(chan struct{}), once: &sync.Once{}}
	go g.sweep(time.Second, l.stop)
	return l
}

func (l gateListener) Close() error {
	l.once.Do(func() { close(l.stop) })
	return l.Listener.Close()
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
func (g *Gate) admit(c net.Conn, ip string) (*gatedConn, string) {
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
		g.releaseLocked(victim)
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
func (g *Gate) idleOf(ip string) *gatedConn {
	for c := range g.idle {
		if ip == "" || c.ip == ip {
			return c
		}
	}
	return nil
}

func (g *Gate) release(c *gatedConn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.releaseLocked(c)
}

// releaseLocked gives c's place back once (g.mu held).
func (g *Gate) releaseLocked(c *gatedConn) {
	if c.released {
		return
	}
	c.released = true
	delete(g.idle, c)
	g.open--
	if g.byIP[c.ip]--; g.byIP[c.ip] <= 0 {
		delete(g.byIP, c.ip)
	}
}

func (g *Gate) isTrusted(ip string) bool {
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
// browser). Those beyond it are closed once idle for idleGrace: clients
// reuse their newest idle connection first, so the ones idle longest are
// the least likely to carry a request at the moment they close (a request
// that meets a closing connection fails, and clients other than browsers
// do not send a POST again).
const idlePerIP = 2

// connState is the http.Server's ConnState hook: it keeps the set of idle
// connections (and since when), the ones that may give way to a newcomer
// or to idlePerIP (sweepIdle).
func (g *Gate) connState(c net.Conn, st http.ConnState) {
	gc, ok := c.(*gatedConn)
	if !ok {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if st != http.StateIdle {
		delete(g.idle, gc)
		return
	}
	if !gc.released {
		g.idle[gc] = time.Now()
	}
}

// sweepIdle closes, per address, the idle connections beyond idlePerIP
// that have been idle for idleGrace, oldest first; proxies keep theirs.
func (g *Gate) sweepIdle() {
	g.mu.Lock()
	byIP := map[string][]*gatedConn{}
	for c := range g.idle {
		byIP[c.ip] = append(byIP[c.ip], c)
	}
	var closing []*gatedConn
	for ip, conns := range byIP {
		if len(conns) <= idlePerIP || g.isTrusted(ip) {
			continue
		}
		slices.SortFunc(conns, func(a, b *gatedConn) int { return g.idle[a].Compare(g.idle[b]) })
		for _, c := range conns[:len(conns)-idlePerIP] {
			if time.Since(g.idle[c]) < g.idleGrace {
				break
			}
			delete(g.idle, c)
			g.releaseLocked(c)
			closing = append(closing, c)
		}
	}
	g.mu.Unlock()
	for _, c := range closing {
		_ = c.Conn.Close()
	}
}

// sweep runs sweepIdle every interval until stop is closed.
func (g *Gate) sweep(interval time.Duration, stop <-chan struct{}) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			g.sweepIdle()
		}
	}
}

// refusalRetry is the Retry-After of a refused connection, in seconds.
const refusalRetry = 5

// turnAway answers a refused connection with a 503 at once and closes it.
// The request is read first (for a second at most): closing a socket with
// unread data makes the system send a reset, and the client would see
// that instead of the answer. At most 64 refusals are answered at once;
// the rest are closed.
func (g *Gate) turnAway(c net.Conn, reason string) {
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

// GateStats is what the status page shows of the connections.
type GateStats struct {
	Open, Max, PerIP  int
	Idle              int
	RefusedTotal      int64
	RefusedPerAddress int64
	Evicted           int64
	Top               []AddrCount
}

type AddrCount struct {
	Addr  string
	Count int
}

func (g *Gate) Stats(top int) GateStats {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := GateStats{Open: g.open, Max: g.max, PerIP: g.perIP, Idle: len(g.idle),
		RefusedTotal: g.refusedTotal.Load(), RefusedPerAddress: g.refusedIP.Load(), Evicted: g.evicted.Load()}
	st.Top = TopCounts(g.byIP, top)
	return st
}

// TopCounts are the n largest counts, largest first (ties by address).
func TopCounts(m map[string]int, n int) []AddrCount {
	out := make([]AddrCount, 0, len(m))
	for a, k := range m {
		out = append(out, AddrCount{a, k})
	}
	slices.SortFunc(out, func(a, b AddrCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Addr, b.Addr))
	})
	return out[:min(n, len(out))]
}

// gateKey finds the gate of a request's connection in its context.
type gateKey struct{}

func GateOf(ctx context.Context) *Gate {
	g, _ := ctx.Value(gateKey{}).(*Gate)
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
