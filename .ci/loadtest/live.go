package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// liveConfig are the flags of the live run.
type liveConfig struct {
	cards, phones, projectors int
	rate                      float64
	duration                  time.Duration
	hog, loaders              int
	bin, db                   string
	maxConns, processes       int
}

// phonesPerAddress is how many phones share a loopback address (a hall's
// phones come from many addresses; the server bounds each).
const phonesPerAddress = 32

// loopback is the n-th client address in 127.b.c.d; group b keeps the
// phones, the hog, the samplers and the loaders apart.
func loopback(group byte, n int) net.IP {
	return net.IPv4(127, group, byte(n/250), byte(n%250+1))
}

// viewer is one phone or projector: the connections it dialled and the
// newest revision it received.
type viewer struct {
	dials, streams, open, maxOpen atomic.Int64
	last                          atomic.Int64
}

// countedConn gives its place in the viewer's count back on Close.
type countedConn struct {
	net.Conn
	v    *viewer
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.v.open.Add(-1) })
	return c.Conn.Close()
}

// boundClient is an HTTP client whose connections come from ip; v, when
// set, counts them.
func boundClient(ip net.IP, v *viewer, jar http.CookieJar) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 10 * time.Second}
	tr := &http.Transport{
		MaxIdleConnsPerHost: 1,
		IdleConnTimeout:     90 * time.Second,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := d.DialContext(ctx, network, addr)
			if err != nil || v == nil {
				return c, err
			}
			v.dials.Add(1)
			n := v.open.Add(1)
			for {
				m := v.maxOpen.Load()
				if n <= m || v.maxOpen.CompareAndSwap(m, n) {
					break
				}
			}
			return &countedConn{Conn: c, v: v}, nil
		},
	}
	return &http.Client{Transport: tr, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

var (
	liveSrc = regexp.MustCompile(`data-live-src="([^"]*)"`)
	liveRev = regexp.MustCompile(`data-live-rev="([0-9]+)"`)
	seatURL = regexp.MustCompile(`/play/([A-Za-z0-9_-]{20,})`)
)

// livePage is what a page tells its stream: its parts and revision.
func livePage(body string) (parts []string, rev string) {
	for _, m := range liveSrc.FindAllStringSubmatch(body, -1) {
		parts = append(parts, html.UnescapeString(m[1]))
	}
	if m := liveRev.FindStringSubmatch(body); m != nil {
		rev = m[1]
	}
	return parts, rev
}

// streamURL is the stream on the server at base of a page with parts
// drawn at rev.
func streamURL(base string, parts []string, rev string) string {
	q := url.Values{"part": parts}
	if rev != "" {
		q.Set("rev", rev)
	}
	return base + "/t/1/events?" + q.Encode()
}

// get loads path with c as a browser does (gzip, Sec-Fetch-Site).
func get(ctx context.Context, c *http.Client, base, path string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin") // gzip is asked for by Go
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET %s: status %d", path, resp.StatusCode)
	}
	return string(b), nil
}

// counters of the live run besides the harness's.
type liveRun struct {
	*harness
	renewals  atomic.Int64
	sale      stats // organiser's sale desk, logged in
	player    stats // a player's page, anonymous
	seat      stats // a seat page of a digital table
	loaded    stats // loaders' round pages
	hogRefuse stats // time to a hog stream's refusal
	hogFirst  struct{ ok, refused, failed atomic.Int64 }
	hogOpen   atomic.Int64
	hogPeak   atomic.Int64
	hogRef    struct{ tooMany, busy, other atomic.Int64 }
}

func run(cfg liveConfig) error {
	var args []string
	if cfg.maxConns > 0 {
		args = append(args, "--max-conns", strconv.Itoa(cfg.maxConns))
	}
	srvs, err := startServers(cfg.bin, cfg.db, max(cfg.processes, 1), map[string]string{"anna": "organiser"}, args...)
	if err != nil {
		return err
	}
	defer func() {
		for _, s := range srvs {
			s.stop()
		}
	}()
	h := &liveRun{harness: &harness{base: srvs[0].base, returned: map[int64]time.Time{}}}

	fmt.Printf("setting up %d cards …\n", cfg.cards)
	staff, err := h.login("anna")
	if err != nil {
		return err
	}
	matches, err := h.setup(staff, 1, cfg.cards)
	if err != nil {
		return err
	}
	// A digital table on the last open match, for the seat page; the
	// helper leaves that match alone.
	seat := ""
	if len(matches) > 1 {
		if seat, err = h.startSeat(staff, matches[len(matches)-1]); err != nil {
			fmt.Println("no seat page:", err)
		} else {
			matches = matches[:len(matches)-1]
		}
	}
	// The staff's session is in the database: every process knows it.
	staffs := make([]*client, len(srvs))
	pids, rss0 := make([]int, len(srvs)), make([]int64, len(srvs))
	for k, s := range srvs {
		staffs[k] = &client{http: staff.http, base: s.base}
		pids[k] = s.cmd.Process.Pid
		rss0[k] = memory(pids[k], "VmRSS")
	}

	screen := "/t/1/screen"
	if _, err := get(context.Background(), http.DefaultClient, h.base, screen); err != nil {
		screen = "/t/1/rounds/1"
	}
	viewersCtx, stopViewers := context.WithCancel(context.Background())
	defer stopViewers()
	var wg sync.WaitGroup
	var open atomic.Int64
	n := cfg.phones + cfg.projectors
	viewers := make([]*viewer, n)
	fmt.Printf("%d phones, %d projectors (%s), %d per address, %d processes …\n", cfg.phones, cfg.projectors, screen, phonesPerAddress, len(srvs))
	t0 := time.Now()
	for i := range n {
		page := "/t/1/card/" + strconv.Itoa(i%cfg.cards+1)
		if i >= cfg.phones {
			page = screen
		}
		viewers[i] = &viewer{}
		base := srvs[i%len(srvs)].base
		wg.Go(func() { h.view(viewersCtx, viewers[i], loopback(1, i/phonesPerAddress), base, page, &open) })
		time.Sleep(time.Millisecond) // phones arrive one after another
	}
	for open.Load() < int64(n) && time.Since(t0) < 2*time.Minute {
		time.Sleep(50 * time.Millisecond)
	}
	fmt.Printf("%d streams open after %v\n", open.Load(), time.Since(t0).Round(100*time.Millisecond))

	ctx, stop := context.WithTimeout(context.Background(), cfg.duration)
	defer stop()
	var side sync.WaitGroup
	peak := make([]atomic.Int64, len(srvs))
	wg.Go(func() {
		tick := time.NewTicker(500 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-viewersCtx.Done():
				return
			case <-tick.C:
				for k, pid := range pids {
					if m := memory(pid, "VmRSS"); m > peak[k].Load() {
						peak[k].Store(m)
					}
				}
			}
		}
	})
	if cfg.hog > 0 {
		card, _ := get(ctx, http.DefaultClient, h.base, "/t/1/card/1")
		parts, rev := livePage(card)
		u := streamURL(h.base, parts, rev)
		var ready sync.WaitGroup
		gate := make(chan struct{})
		for range cfg.hog {
			ready.Add(1)
			side.Go(func() { h.hogStream(ctx, u, &ready, gate) })
		}
		ready.Wait()
		close(gate) // all at once
	}
	for k := range cfg.loaders {
		c := boundClient(loopback(4, k), nil, staff.http.Jar)
		side.Go(func() {
			for ctx.Err() == nil {
				t := time.Now()
				if _, err := get(ctx, c, h.base, "/t/1/rounds/1"); err != nil {
					if ctx.Err() == nil {
						h.errs.add("loader", err)
					}
					continue
				}
				h.loaded.add(time.Since(t))
			}
		})
	}
	sample := func(c *http.Client, path string, into *stats, kind string) {
		side.Go(func() {
			tick := time.NewTicker(100 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
				t := time.Now()
				if _, err := get(ctx, c, h.base, path); err != nil {
					if ctx.Err() == nil {
						h.errs.add(kind, err)
					}
					continue
				}
				into.add(time.Since(t))
			}
		})
	}
	sample(boundClient(net.IPv4(127, 0, 0, 1), nil, staff.http.Jar), "/t/1/sale", &h.sale, "sale desk")
	sample(boundClient(loopback(3, 0), nil, nil), "/t/1/card/1", &h.player, "player's page")
	if seat != "" {
		sample(boundClient(loopback(3, 1), nil, nil), "/play/"+seat, &h.seat, "seat page")
	}

	fmt.Printf("entering %.1f results/s for %v (hog %d, loaders %d) …\n", cfg.rate, cfg.duration, cfg.hog, cfg.loaders)
	start := h.currentRevision()
	saved := h.helper(ctx, staffs, matches, cfg.rate, start)
	side.Wait()
	// The last result's parts get time to arrive before the phones go.
	time.Sleep(3 * time.Second)
	final := start + int64(saved)
	if now := h.currentRevision(); now != final {
		h.errs.add("revision count", fmt.Errorf("the tournament is at revision %d, expected %d (%d + %d results)", now, final, start, saved))
	}
	sts, stErrs := make([]roomStatus, len(srvs)), make([]error, len(srvs))
	for k, c := range staffs {
		_, stErrs[k] = c.api(http.MethodGet, "/api/status", nil, &sts[k])
	}
	stopViewers()
	wg.Wait()
	hwm := make([]int64, len(srvs))
	for k, pid := range pids {
		hwm[k] = memory(pid, "VmHWM")
	}

	behind, maxOpen, maxDials, extra := 0, int64(0), int64(0), int64(0)
	for i, v := range viewers {
		if saved > 0 && v.last.Load() < final {
			behind++
		}
		if i < cfg.phones { // a projector fetches its parts on a connection of its own (ownQuery)
			maxOpen = max(maxOpen, v.maxOpen.Load())
		}
		maxDials = max(maxDials, v.dials.Load())
		extra = max(extra, v.dials.Load()-v.streams.Load())
	}
	if behind > 0 {
		h.errs.add("missed the last change", fmt.Errorf("%d of %d viewers never got revision %d", behind, n, final))
	}
	if maxOpen > 1 {
		h.errs.add("more than one connection", fmt.Errorf("a phone held %d connections at once", maxOpen))
	}
	var deliver stats
	h.mu.Lock()
	for _, a := range h.arrivals {
		if at, ok := h.returned[a.rev]; ok {
			deliver.add(max(0, a.at.Sub(at)))
		}
	}
	h.mu.Unlock()

	fmt.Println()
	fmt.Printf("store                    %s, %d processes\n", storeName(cfg.db), len(srvs))
	fmt.Printf("results saved            %d (%.2f/s)\n", saved, float64(saved)/cfg.duration.Seconds())
	fmt.Printf("PUT result               %s\n", h.saves.summary())
	fmt.Printf("page loads (first)       %s\n", h.loads.summary())
	fmt.Printf("delivery                 %s   (PUT returned → parts event read)\n", deliver.summary())
	fmt.Printf("missed the last revision %d of %d viewers\n", behind, n)
	fmt.Printf("connections per phone    at most %d open at once; at most %d dials (renewals: %d in all), dials beyond one per stream: %d (a keep-alive connection closed by the server)\n", maxOpen, maxDials, h.renewals.Load(), extra)
	fmt.Printf("organiser's sale desk    %s\n", h.sale.summary())
	fmt.Printf("player's page (anon)     %s\n", h.player.summary())
	if seat != "" {
		fmt.Printf("seat page                %s\n", h.seat.summary())
	}
	if cfg.loaders > 0 {
		fmt.Printf("loaders' round pages     %s   (%.0f pages/s)\n", h.loaded.summary(), float64(len(h.loaded.d))/cfg.duration.Seconds())
	}
	if cfg.hog > 0 {
		fmt.Printf("hog (%d at once)       first attempt: %d streams, %d refused, %d failed; at most %d held at once\n",
			cfg.hog, h.hogFirst.ok.Load(), h.hogFirst.refused.Load(), h.hogFirst.failed.Load(), h.hogPeak.Load())
		fmt.Printf("hog refusals             429 %d, 503 %d, other %d; time to refusal %s\n",
			h.hogRef.tooMany.Load(), h.hogRef.busy.Load(), h.hogRef.other.Load(), h.hogRefuse.summary())
	}
	fmt.Printf("errors                   %d\n", h.errs.total())
	for k, c := range h.errs.kinds {
		fmt.Printf("   %-22s %d, first: %s\n", k, c, h.errs.first[k])
	}
	for k := range srvs {
		printProcess(k, len(srvs), n, h.hogPeak.Load(), rss0[k], peak[k].Load(), hwm[k], sts[k], stErrs[k])
	}
	return nil
}

// printProcess reports the memory and /api/status of process k of
// procs, which held its share of the viewers' streams (and the hog's,
// which all go to the first).
func printProcess(k, procs, viewers int, hog, rss0, peak, hwm int64, st roomStatus, stErr error) {
	prefix := ""
	if procs > 1 {
		prefix = fmt.Sprintf("process %d: ", k+1)
	}
	streams := int64((viewers + procs - 1 - k) / procs) // every viewer holds one stream (a few are between two at any moment)
	if k == 0 {
		streams += hog
	}
	perStream := int64(0)
	if streams > 0 {
		perStream = (hwm - rss0) / streams
	}
	fmt.Printf("%sserver memory            %d MB before, %d MB peak sampled, %d MB VmHWM; %d KB per open stream (%d streams)\n",
		prefix, rss0>>10, peak>>10, hwm>>10, perStream, streams)
	if stErr != nil {
		fmt.Println(prefix+"/api/status:", stErr)
		return
	}
	var ms []float64
	for _, r := range st.Renders {
		ms = append(ms, r.Millis)
	}
	slices.Sort(ms)
	renders := "none"
	if len(ms) > 0 {
		renders = fmt.Sprintf("%d revisions: median %.1f ms, max %.1f ms (parts %d)", len(ms), ms[len(ms)/2], ms[len(ms)-1], st.Renders[0].Parts)
	}
	fmt.Printf("%s/api/status streams      staff %d, phones %d, projectors %d, seats %d (per address %d); renewed %d\n",
		prefix, st.Streams.Staff, st.Streams.Phones, st.Streams.Projectors, st.Streams.Seats, st.Streams.PerAddress, st.Renewed)
	fmt.Printf("%s/api/status connections  open %d, idle %d, max %d, per address %d\n", prefix, st.Connections.Open, st.Connections.Idle, st.Connections.Max, st.Connections.PerAddress)
	fmt.Printf("%s/api/status refused      streams: per address %d, server full %d; connections: per address %d, server full %d; idle closed %d\n",
		prefix, st.Refused.StreamsPerAddress, st.Refused.StreamsServerFull, st.Refused.ConnectionsPerAddress, st.Refused.ConnectionsServerFull, st.Refused.IdleClosedForNew)
	fmt.Printf("%s/api/status renders      %s\n", prefix, renders)
	fmt.Printf("%s/api/status page cache   hits %d, misses %d, pages %d\n", prefix, st.PageCache.Hits, st.PageCache.Misses, st.PageCache.Pages)
}

// roomStatus is what the harness reads of GET /api/status.
type roomStatus struct {
	Streams struct {
		Staff, Phones, Projectors, Seats int
		PerAddress                       int `json:"per_address_limit"`
	} `json:"streams"`
	Connections struct {
		Open, Idle, Max int
		PerAddress      int `json:"per_address_limit"`
	} `json:"connections"`
	Refused struct {
		StreamsPerAddress     int64 `json:"streams_per_address"`
		StreamsServerFull     int64 `json:"streams_server_full"`
		ConnectionsPerAddress int64 `json:"connections_per_address"`
		ConnectionsServerFull int64 `json:"connections_server_full"`
		IdleClosedForNew      int64 `json:"idle_closed_for_new"`
	} `json:"refused"`
	Renewed int64 `json:"streams_renewed"`
	Renders []struct {
		Parts  int     `json:"parts"`
		Millis float64 `json:"ms"`
	} `json:"renders"`
	PageCache struct{ Hits, Misses, Pages int64 } `json:"page_cache"`
}

// startSeat starts a digital table on m as the staff do and returns a
// seat's token.
func (h *harness) startSeat(c *client, m match) (string, error) {
	path := "/t/1/rounds/1/matches/" + strconv.Itoa(m.No) + "/play"
	req, _ := http.NewRequest(http.MethodPost, h.base+path, strings.NewReader(url.Values{"first_dealer": {"draw"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		return "", fmt.Errorf("POST %s: status %d", path, resp.StatusCode)
	}
	body, err := get(context.Background(), c.http, h.base, path)
	if err != nil {
		return "", err
	}
	m2 := seatURL.FindStringSubmatch(body)
	if m2 == nil {
		return "", errors.New("no seat link on " + path)
	}
	return m2[1], nil
}

// helper enters results at rate per second until ctx ends, one at a time,
// so the k-th result is revision start+k, through the processes in turn
// (cs: the staff's client of each); it notes when each PUT returned.
func (h *liveRun) helper(ctx context.Context, cs []*client, matches []match, rate float64, rev int64) int {
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	saved := 0
	for k, m := range matches {
		select {
		case <-ctx.Done():
			return saved
		case <-tick.C:
		}
		c := cs[k%len(cs)]
		start := time.Now()
		path := "/api/tournaments/1/rounds/1/matches/" + strconv.Itoa(m.No) + "/result"
		if _, err := c.api(http.MethodPut, path, map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 1}}, nil); err != nil {
			h.errs.add("result", err)
			continue
		}
		done := time.Now()
		h.saves.add(done.Sub(start))
		rev++
		saved++
		h.mu.Lock()
		h.returned[rev] = done
		h.mu.Unlock()
	}
	return saved
}

// currentRevision reads the revision a stream without parts announces on
// connect (event: rev).
func (h *harness) currentRevision() int64 {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.base+"/t/1/events", nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return 0
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "data: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
}

// view is one phone or projector from address ip on the server at base:
// the page, then its one stream, renewed as the server asks, until ctx
// ends.
func (h *liveRun) view(ctx context.Context, v *viewer, ip net.IP, base, page string, open *atomic.Int64) {
	c := boundClient(ip, v, nil)
	defer c.Transport.(*http.Transport).CloseIdleConnections()
	t := time.Now()
	body, err := get(ctx, c, base, page)
	if err != nil {
		if ctx.Err() == nil {
			h.errs.add("page load", err)
		}
		return
	}
	h.loads.add(time.Since(t))
	parts, rev := livePage(body)
	if len(parts) == 0 || rev == "" {
		h.errs.add("page without live parts", fmt.Errorf("%s: %d parts, rev %q", page, len(parts), rev))
		return
	}
	r, _ := strconv.ParseInt(rev, 10, 64)
	v.last.Store(r)
	u := streamURL(base, parts, rev)
	lastID := ""
	counted := false
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Accept", "text/event-stream")
		if lastID != "" {
			req.Header.Set("Last-Event-ID", lastID)
		}
		v.streams.Add(1)
		resp, err := c.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				h.errs.add("stream connect", err)
				sleep(ctx, 2*time.Second)
			}
			continue
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			h.errs.add("stream refused "+strconv.Itoa(resp.StatusCode), fmt.Errorf("%s: status %d, Retry-After %s", page, resp.StatusCode, resp.Header.Get("Retry-After")))
			wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			sleep(ctx, time.Duration(max(wait, 1))*time.Second)
			continue
		}
		if !counted {
			counted = true
			open.Add(1)
		}
		retry, err := h.read(v, resp.Body, parts, &lastID, func(rev int64) { h.fetchParts(ctx, c, base, v, parts, rev) })
		resp.Body.Close()
		if ctx.Err() != nil {
			return
		}
		if retry < 0 {
			h.errs.add("stream ended", fmt.Errorf("%s: ended without a renewal: %v", page, err))
			retry = 2000
		} else {
			h.renewals.Add(1)
		}
		sleep(ctx, time.Duration(retry)*time.Millisecond)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// read reads a stream's events until it ends: the parts of each "parts"
// event are checked and its arrival noted. It returns the renewal's retry
// delay in ms, or -1 if the stream ended without one.
func (h *liveRun) read(v *viewer, body io.Reader, parts []string, lastID *string, fetch func(rev int64)) (int, error) {
	br := bufio.NewReaderSize(body, 64<<10)
	var id, event, data string
	retry, fields, blocks := -1, 0, 0
	renewal := -1
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return renewal, err
		}
		line = strings.TrimSuffix(line, "\n")
		if line == "" { // dispatch
			blocks++
			switch {
			case event == "parts":
				h.parts(v, id, data, parts)
				*lastID = id
			case event == "rev" && slices.ContainsFunc(parts, ownQuery):
				rev, _ := strconv.ParseInt(data, 10, 64)
				fetch(rev)
				*lastID = id
			case event == "rev":
				h.errs.add("rev event for a visitor", fmt.Errorf("revision %s without parts", data))
				*lastID = id
			case fields == 0 && retry >= 0 && blocks > 1:
				renewal = retry
			}
			id, event, data, fields, retry = "", "", "", 0, -1
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		name, val, _ := strings.Cut(line, ":")
		val = strings.TrimPrefix(val, " ")
		switch name {
		case "retry":
			retry, _ = strconv.Atoi(val)
		case "id":
			id, fields = val, fields+1
		case "event":
			event, fields = val, fields+1
		case "data":
			data, fields = data+val, fields+1
		}
	}
}

// ownQuery is the server's rule (web/live.go): a part with a query of
// its own (the projector's ?lang=) is not pushed; its stream says "rev"
// and the page fetches the part, as static/app.js does.
func ownQuery(part string) bool {
	_, q, _ := strings.Cut(part, "?")
	return q != "" && q != "open=1"
}

// fetchParts loads a page's parts at revision rev as the live script
// does after a "rev" event, and notes the arrival once they are read.
func (h *liveRun) fetchParts(ctx context.Context, c *http.Client, base string, v *viewer, parts []string, rev int64) {
	for _, p := range parts {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+p, nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("HX-Request", "true")
		resp, err := c.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				h.errs.add("part fetch", err)
			}
			return
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || len(bytes.TrimSpace(b)) == 0 {
			h.errs.add("part fetch", fmt.Errorf("%s: status %d, %d bytes, %v", p, resp.StatusCode, len(b), err))
			return
		}
	}
	v.last.Store(rev)
	h.mu.Lock()
	h.arrivals = append(h.arrivals, arrival{rev, time.Now()})
	h.mu.Unlock()
}

// parts checks a parts event and notes its arrival.
func (h *liveRun) parts(v *viewer, id, data string, parts []string) {
	at := time.Now()
	var ev struct {
		Rev   int64             `json:"rev"`
		Parts map[string]string `json:"parts"`
	}
	if err := json.Unmarshal([]byte(data), &ev); err != nil {
		h.errs.add("parts event", err)
		return
	}
	for _, p := range parts {
		if strings.TrimSpace(ev.Parts[p]) == "" {
			h.errs.add("empty part", fmt.Errorf("revision %d: part %s empty or missing (%d parts)", ev.Rev, p, len(ev.Parts)))
		}
	}
	if strconv.FormatInt(ev.Rev, 10) != id {
		h.errs.add("parts event", fmt.Errorf("id %s, rev %d", id, ev.Rev))
	}
	v.last.Store(ev.Rev)
	h.mu.Lock()
	h.arrivals = append(h.arrivals, arrival{ev.Rev, at})
	h.mu.Unlock()
}

// hogStream is one of the hog's streams, all from one address: it opens
// its stream when the gate opens, holds it while it is allowed and after
// a refusal tries again after Retry-After, like a browser.
func (h *liveRun) hogStream(ctx context.Context, u string, ready *sync.WaitGroup, gate chan struct{}) {
	c := boundClient(loopback(2, 0), nil, nil)
	defer c.Transport.(*http.Transport).CloseIdleConnections()
	ready.Done()
	<-gate
	first := true
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Accept", "text/event-stream")
		t := time.Now()
		resp, err := c.Do(req)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			h.hogRef.other.Add(1)
			h.hogRefuse.add(time.Since(t))
			if first {
				h.hogFirst.failed.Add(1)
			}
			first = false
			sleep(ctx, 5*time.Second)
			continue
		}
		if resp.StatusCode != http.StatusOK {
			h.hogRefuse.add(time.Since(t))
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			switch resp.StatusCode {
			case http.StatusTooManyRequests:
				h.hogRef.tooMany.Add(1)
			case http.StatusServiceUnavailable:
				h.hogRef.busy.Add(1)
			default:
				h.hogRef.other.Add(1)
			}
			if first {
				h.hogFirst.refused.Add(1)
			}
			first = false
			wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			sleep(ctx, time.Duration(max(wait, 1))*time.Second)
			continue
		}
		if first {
			h.hogFirst.ok.Add(1)
		}
		first = false
		if n := h.hogOpen.Add(1); n > h.hogPeak.Load() {
			h.hogPeak.Store(n) // racy but close enough for a report
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		h.hogOpen.Add(-1)
	}
}
