package web

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/views"
)

// The organiser's view of the room (issue 19): open streams by kind,
// connections and the addresses holding most of them, what the bounds
// refused, and how long the parts of each revision took to render, so a
// problem shows here before the hall notices it. GET /status for staff,
// GET /api/status for scripts.

// roomStatus is the status page's model and the API's answer.
type roomStatus struct {
	Streams         streamCounts     `json:"streams"`
	StreamAddresses []addrCountJSON  `json:"stream_addresses"`
	Connections     *connectionsJSON `json:"connections,omitempty"` // nil without the gate (tests)
	Refused         refusalsJSON     `json:"refused"`
	Renewed         int64            `json:"streams_renewed"`
	Renders         []renderJSON     `json:"renders"`
	PageCache       cacheJSON        `json:"page_cache"`
}

type streamCounts struct {
	Staff      int `json:"staff"`
	Phones     int `json:"phones"`
	Projectors int `json:"projectors"`
	Seats      int `json:"seats"`
	PerAddress int `json:"per_address_limit"`
}

type addrCountJSON struct {
	Addr  string `json:"addr"`
	Count int    `json:"count"`
}

type connectionsJSON struct {
	Open       int             `json:"open"`
	Idle       int             `json:"idle"`
	Max        int             `json:"max"`
	PerAddress int             `json:"per_address_limit"`
	Top        []addrCountJSON `json:"top_addresses"`
}

type refusalsJSON struct {
	StreamsPerAddress     int64 `json:"streams_per_address"`
	StreamsServerFull     int64 `json:"streams_server_full"`
	ConnectionsPerAddress int64 `json:"connections_per_address"`
	ConnectionsServerFull int64 `json:"connections_server_full"`
	IdleClosedForNew      int64 `json:"idle_closed_for_new"`
}

type renderJSON struct {
	Scope  string    `json:"scope"`
	Rev    int64     `json:"rev"`
	Parts  int       `json:"parts"`
	Millis float64   `json:"ms"`
	At     time.Time `json:"at"`
}

type cacheJSON struct {
	Hits   int64 `json:"hits"`
	Misses int64 `json:"misses"`
	Pages  int   `json:"pages"`
}

// topN is how many addresses the status names.
const topN = 5

func (s *server) roomStatus(c echo.Context) roomStatus {
	l := s.live
	l.mu.Lock()
	st := roomStatus{Streams: streamCounts{Staff: l.open[kindStaff], Phones: l.open[kindPhone],
		Projectors: l.open[kindProjector], Seats: l.open[kindSeat], PerAddress: l.perIP}}
	streamAddrs := httpkit.TopCounts(l.byIP, topN)
	l.mu.Unlock()
	st.StreamAddresses = addrJSON(streamAddrs)
	st.Refused = refusalsJSON{StreamsPerAddress: l.stats.refusedIP.Load(), StreamsServerFull: l.stats.refusedFull.Load()}
	st.Renewed = l.stats.renewed.Load()
	if g := httpkit.GateOf(c.Request().Context()); g != nil {
		gs := g.Stats(topN)
		st.Connections = &connectionsJSON{Open: gs.Open, Idle: gs.Idle, Max: gs.Max, PerAddress: gs.PerIP, Top: addrJSON(gs.Top)}
		st.Refused.ConnectionsPerAddress, st.Refused.ConnectionsServerFull = gs.RefusedPerAddress, gs.RefusedTotal
		st.Refused.IdleClosedForNew = gs.Evicted
	}
	l.stats.mu.Lock()
	for _, r := range slices.Backward(l.stats.renders) { // newest first
		st.Renders = append(st.Renders, renderJSON{Scope: publicScope(r.Scope), Rev: r.Rev, Parts: r.Parts,
			Millis: float64(r.Took.Microseconds()) / 1000, At: r.At})
	}
	l.stats.mu.Unlock()
	if s.pages != nil {
		st.PageCache = cacheJSON{Hits: s.pages.Hits.Load(), Misses: s.pages.Misses.Load(), Pages: s.pages.Len()}
	}
	return st
}

// publicScope names a stream's source without a seat's secret: a digital
// table's link would let whoever reads the status play for that seat.
func publicScope(scope string) string {
	if strings.HasPrefix(scope, "/play/") {
		return "/play/…"
	}
	return scope
}

func addrJSON(in []httpkit.AddrCount) []addrCountJSON {
	out := make([]addrCountJSON, len(in))
	for i, a := range in {
		out[i] = addrCountJSON(a)
	}
	return out
}

// statusPage is the room's status for staff.
func (s *server) statusPage(c echo.Context) error {
	st := s.roomStatus(c)
	m := views.StatusModel{Staff: st.Streams.Staff, Phones: st.Streams.Phones, Projectors: st.Streams.Projectors,
		Seats: st.Streams.Seats, StreamsPerAddress: st.Streams.PerAddress, Renewed: st.Renewed,
		RefusedStreamsAddr: st.Refused.StreamsPerAddress, RefusedStreamsFull: st.Refused.StreamsServerFull,
		RefusedConnsAddr: st.Refused.ConnectionsPerAddress, RefusedConnsFull: st.Refused.ConnectionsServerFull,
		Evicted: st.Refused.IdleClosedForNew, CacheHits: st.PageCache.Hits, CacheMisses: st.PageCache.Misses}
	for _, a := range st.StreamAddresses {
		m.StreamAddrs = append(m.StreamAddrs, views.AddrCount(a))
	}
	if cn := st.Connections; cn != nil {
		m.Gate, m.Open, m.Idle, m.MaxConns, m.ConnsPerAddress = true, cn.Open, cn.Idle, cn.Max, cn.PerAddress
		for _, a := range cn.Top {
			m.ConnAddrs = append(m.ConnAddrs, views.AddrCount(a))
		}
	}
	for _, r := range st.Renders {
		m.Renders = append(m.Renders, views.RenderRow{Scope: r.Scope, Rev: r.Rev, Parts: r.Parts, Millis: r.Millis, At: r.At.Local().Format("15:04:05")})
	}
	return render(c, http.StatusOK, views.StatusPage(m))
}

// apiStatus is the room's status as JSON.
func (s *server) apiStatus(c echo.Context) error { return c.JSON(http.StatusOK, s.roomStatus(c)) }
