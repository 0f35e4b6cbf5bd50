// Command loadtest is the load harness of the live pages (make load;
// docs/performance.md, "Live load"). It is not part of the product: it
// builds bummerl, starts it on a throwaway database on loopback, sets up a
// tournament (default 256 cards, digital draw of round 1) and then, for a
// fixed time, runs
//
//   - phones: each opens its player's page, holds the live stream
//     (/t/1/events) and fetches the parts of its page marked data-live-src
//     again on every event, as static/app.js does;
//   - projectors: the same with the projector page (/t/1/screen, or the
//     round page where there is none);
//   - a helper entering results through the API at a steady rate.
//
// It reports p50/p99 of the page loads and of the event delivery (result
// sent → event received on a phone), the errors and the server's memory.
//
//	go run ./.ci/loadtest [-phones 500] [-projectors 5] [-rate 2] [-duration 60s]
//
// With -results it measures writes instead (issue 13): -tournaments
// tournaments (default 8) of -cards cards are set up and drawn, then
// -helpers helpers per tournament (default 4), each logged in with his own
// session, enter the results of round 1 through the API as fast as the
// server answers, all at once; it reports results per second, p50/p99 of
// the PUTs and the errors.
//
//	go run ./.ci/loadtest -results [-tournaments 8] [-helpers 4] [-readers 0] [-cards 512] [-db postgres://…]
//
// -readers phones load player's pages meanwhile; their p50/p99 is the
// player's page under that write load.
//
// -db runs the server on that database (an empty one: a SQLite file that
// does not exist yet or an empty PostgreSQL database) instead of a
// throwaway SQLite file.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	cards := flag.Int("cards", 256, "cards of the tournament (about 78 % as many players)")
	phones := flag.Int("phones", 500, "phones holding the live stream")
	projectors := flag.Int("projectors", 5, "projectors holding the live stream")
	rate := flag.Float64("rate", 2, "results entered per second")
	duration := flag.Duration("duration", 60*time.Second, "how long the load runs")
	bin := flag.String("bin", "", "bummerl binary to run (default: build ./cmd/bummerl)")
	maxConns := flag.Int("max-conns", 4000, "the server's --max-conns (each phone holds two connections)")
	db := flag.String("db", "", "database of the server, empty (default: a throwaway SQLite file)")
	results := flag.Bool("results", false, "measure results entered at once into several tournaments instead")
	tournaments := flag.Int("tournaments", 8, "with -results: tournaments")
	helpers := flag.Int("helpers", 4, "with -results: helpers per tournament")
	readers := flag.Int("readers", 0, "with -results: phones loading player's pages meanwhile")
	flag.Parse()
	var err error
	if *results {
		err = runResults(*tournaments, *helpers, *readers, *cards, *bin, *db)
	} else {
		err = run(*cards, *phones, *projectors, *rate, *duration, *bin, *maxConns, *db)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// stats collects durations of one kind.
type stats struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *stats) add(d time.Duration) {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
}

func (s *stats) summary() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.d) == 0 {
		return "none"
	}
	slices.Sort(s.d)
	q := func(p float64) time.Duration { return s.d[int(p*float64(len(s.d)-1))] }
	return fmt.Sprintf("%6d   p50 %8s   p99 %8s   max %8s", len(s.d), round(q(0.5)), round(q(0.99)), round(s.d[len(s.d)-1]))
}

func round(d time.Duration) time.Duration {
	if d > 10*time.Millisecond {
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(10 * time.Microsecond)
}

// errorLog counts errors by kind and keeps the first of each.
type errorLog struct {
	mu    sync.Mutex
	kinds map[string]int
	first map[string]string
}

func (e *errorLog) add(kind string, err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.kinds == nil {
		e.kinds, e.first = map[string]int{}, map[string]string{}
	}
	if e.kinds[kind] == 0 {
		e.first[kind] = err.Error()
	}
	e.kinds[kind]++
}

func (e *errorLog) total() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, c := range e.kinds {
		n += c
	}
	return n
}

type harness struct {
	base    string
	loads   stats // first page loads
	parts   stats // live refetches of a page's parts
	deliver stats // result sent → event received
	saves   stats // PUT of a result
	errs    errorLog
	bytes   atomic.Int64 // body bytes received by page loads (decompressed)

	mu   sync.Mutex
	sent map[int64]time.Time // revision → when its result was sent
}

// server is the bummerl server under load.
type server struct {
	cmd  *exec.Cmd
	base string
	dir  string // temporary files, removed by stop
}

// startServer builds bummerl (unless bin names a build), adds the users
// (name → role; password load-test-pass) to db (default: a throwaway SQLite
// file) and serves it on a free loopback port.
func startServer(bin, db string, users map[string]string, args ...string) (*server, error) {
	dir, err := os.MkdirTemp("", "bummerl-loadtest")
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir}
	if bin == "" {
		bin = filepath.Join(dir, "bummerl")
		fmt.Println("building ./cmd/bummerl …")
		if out, err := exec.Command("go", "build", "-o", bin, "./cmd/bummerl").CombinedOutput(); err != nil {
			s.stop()
			return nil, fmt.Errorf("build: %v\n%s", err, out)
		}
	}
	if db == "" {
		db = filepath.Join(dir, "b.db")
	}
	for name, role := range users {
		add := exec.Command(bin, "user", "add", name, "--role", role, "--db", db)
		add.Stdin = strings.NewReader("load-test-pass\n")
		if out, err := add.CombinedOutput(); err != nil {
			s.stop()
			return nil, fmt.Errorf("user add: %v\n%s", err, out)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.stop()
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s.cmd = exec.Command(bin, append([]string{"serve", "--addr", addr, "--db", db}, args...)...)
	s.cmd.Stdout, s.cmd.Stderr = io.Discard, io.Discard
	if err := s.cmd.Start(); err != nil {
		s.stop()
		return nil, err
	}
	s.base = "http://" + addr
	for i := 0; ; i++ {
		if resp, err := http.Get(s.base + "/api/tournaments"); err == nil {
			resp.Body.Close()
			return s, nil
		}
		if i > 100 {
			s.stop()
			return nil, errors.New("the server did not start")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stop ends the server and removes the temporary files.
func (s *server) stop() {
	defer os.RemoveAll(s.dir)
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
	}
}

func run(cards, phones, projectors int, rate float64, duration time.Duration, bin string, maxConns int, db string) error {
	srv, err := startServer(bin, db, map[string]string{"anna": "organiser"}, "--max-conns", strconv.Itoa(maxConns))
	if err != nil {
		return err
	}
	defer srv.stop()
	h := &harness{base: srv.base, sent: map[int64]time.Time{}}

	fmt.Printf("setting up %d cards …\n", cards)
	staff, err := h.login("anna")
	if err != nil {
		return err
	}
	matches, err := h.setup(staff, 1, cards)
	if err != nil {
		return err
	}
	pid := srv.cmd.Process.Pid
	rss0 := memory(pid, "VmRSS")

	ctx, stop := context.WithTimeout(context.Background(), duration)
	defer stop()
	var wg sync.WaitGroup
	var open atomic.Int64
	var lastSeen sync.Map // client → last revision received
	screen := "/t/1/screen"
	if resp, err := http.Get(h.base + screen); err != nil || resp.StatusCode != http.StatusOK {
		screen = "/t/1/rounds/1"
	} else {
		resp.Body.Close()
	}
	fmt.Printf("%d phones, %d projectors (%s), %.1f results/s for %v …\n", phones, projectors, screen, rate, duration)
	for i := range phones + projectors {
		page := "/t/1/card/" + strconv.Itoa(i%cards+1)
		if i >= phones {
			page = screen
		}
		wg.Go(func() { h.viewer(ctx, i, page, &open, &lastSeen) })
		time.Sleep(2 * time.Millisecond) // phones arrive one after another
	}
	// Results start once everybody holds the stream.
	for open.Load() < int64(phones+projectors) && ctx.Err() == nil {
		time.Sleep(50 * time.Millisecond)
	}
	fmt.Printf("all %d streams open after setup; entering results …\n", open.Load())
	var peak int64
	wg.Go(func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if m := memory(pid, "VmRSS"); m > peak {
					peak = m
				}
			}
		}
	})
	saved := h.helper(ctx, staff, matches, rate)
	wg.Wait()

	final := h.lastRevision()
	behind := 0
	lastSeen.Range(func(_, v any) bool {
		if v.(int64) < final {
			behind++
		}
		return true
	})
	if behind > 0 {
		h.errs.add("missed the last change", fmt.Errorf("%d of %d viewers never got revision %d", behind, phones+projectors, final))
	}
	hwm := memory(pid, "VmHWM")

	fmt.Println()
	fmt.Printf("results saved            %d (%.1f/s)\n", saved, float64(saved)/duration.Seconds())
	fmt.Printf("PUT result               %s\n", h.saves.summary())
	fmt.Printf("page loads (first)       %s\n", h.loads.summary())
	fmt.Printf("live refetches           %s\n", h.parts.summary())
	fmt.Printf("event delivery           %s   (result sent → event on the client)\n", h.deliver.summary())
	fmt.Printf("errors                   %d\n", h.errs.total())
	for k, n := range h.errs.kinds {
		fmt.Printf("   %-22s %d, first: %s\n", k, n, h.errs.first[k])
	}
	fmt.Printf("server memory            %d MB before the load, %d MB peak sampled, %d MB high-water mark (VmHWM)\n", rss0>>10, peak>>10, hwm>>10)
	return nil
}

// memory reads a /proc/PID/status field in KB.
func memory(pid int, field string) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// client is a staff browser: a session cookie, and Sec-Fetch-Site, with
// which the CSRF check lets the API calls through.
type client struct {
	http *http.Client
	base string
}

func (h *harness) login(name string) (*client, error) {
	jar, _ := cookiejar.New(nil)
	c := &client{http: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}, base: h.base}
	req, _ := http.NewRequest(http.MethodPost, h.base+"/login", strings.NewReader(url.Values{"name": {name}, "password": {"load-test-pass"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		return nil, fmt.Errorf("login: status %d", resp.StatusCode)
	}
	return c, nil
}

func (c *client) api(method, path string, in, out any) (int, error) {
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, body)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("%s %s: status %d: %s", method, path, resp.StatusCode, b)
	}
	if out != nil {
		return resp.StatusCode, json.Unmarshal(b, out)
	}
	return resp.StatusCode, nil
}

type match struct {
	No      int  `json:"match"`
	A       int  `json:"a"`
	B       int  `json:"b"`
	Bye     bool `json:"bye"`
	Version int  `json:"version"`
	Result  any  `json:"result"`
}

// setup creates tournament id (the id the next one gets), sells its cards
// and draws round 1.
func (h *harness) setup(c *client, id, cards int) ([]match, error) {
	prizes := []string{"1", "2", "3", "4", "5", "6", "7", "8"}
	var created struct {
		ID int `json:"id"`
	}
	if _, err := c.api(http.MethodPost, "/api/tournaments", map[string]any{"name": "Lasttest " + strconv.Itoa(id), "cards": cards, "max_cards": 3, "price_cents": 1000, "prizes": prizes}, &created); err != nil {
		return nil, err
	}
	if created.ID != id {
		return nil, fmt.Errorf("the new tournament is %d, not %d: is the database empty?", created.ID, id)
	}
	t := "/api/tournaments/" + strconv.Itoa(id)
	players := cards * 200 / 256
	for i := 1; i <= players; i++ {
		n := 1
		if i <= cards-players {
			n = 2
		}
		if _, err := c.api(http.MethodPost, t+"/sales", map[string]any{"name": "Spieler " + strconv.Itoa(i), "count": n}, nil); err != nil {
			return nil, err
		}
	}
	var ann struct {
		Commitment string `json:"commitment"`
	}
	if _, err := c.api(http.MethodPost, t+"/draw/announce", nil, &ann); err != nil {
		return nil, err
	}
	if _, err := c.api(http.MethodPost, t+"/draw/digital", map[string]any{"commitment": ann.Commitment}, nil); err != nil {
		return nil, err
	}
	var round struct {
		Matches []match `json:"matches"`
	}
	if _, err := c.api(http.MethodGet, t+"/rounds/1", nil, &round); err != nil {
		return nil, err
	}
	var open []match
	for _, m := range round.Matches {
		if !m.Bye && m.Result == nil {
			open = append(open, m)
		}
	}
	return open, nil
}

// helper enters results at rate per second until ctx ends, one at a time
// (so the k-th result is revision start+k, which the delivery times need).
func (h *harness) helper(ctx context.Context, c *client, matches []match, rate float64) int {
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	rev := h.currentRevision()
	saved := 0
	for _, m := range matches {
		select {
		case <-ctx.Done():
			return saved
		case <-tick.C:
		}
		start := time.Now()
		h.mu.Lock()
		h.sent[rev+1] = start
		h.mu.Unlock()
		path := "/api/tournaments/1/rounds/1/matches/" + strconv.Itoa(m.No) + "/result"
		if _, err := c.api(http.MethodPut, path, map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 1}}, nil); err != nil {
			h.errs.add("result", err)
			continue
		}
		h.saves.add(time.Since(start))
		rev++
		saved++
	}
	return saved
}

// currentRevision reads the revision the stream announces on connect.
func (h *harness) currentRevision() int64 {
	resp, err := http.Get(h.base + "/t/1/events")
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

func (h *harness) lastRevision() int64 { return h.currentRevision() }

var liveSrc = regexp.MustCompile(`data-live-src="([^"]*)"`)

// viewer is one phone or projector: its own connections, the page, the
// stream, and the page's live parts fetched again on every event.
func (h *harness) viewer(ctx context.Context, id int, page string, open *atomic.Int64, lastSeen *sync.Map) {
	tr := &http.Transport{MaxIdleConnsPerHost: 2}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	get := func(path string, htmx bool, into *stats) (string, error) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.base+path, nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin") // as a browser; gzip is asked for by Go
		if htmx {
			req.Header.Set("HX-Request", "true")
		}
		start := time.Now()
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
		into.add(time.Since(start))
		h.bytes.Add(int64(len(b)))
		return string(b), nil
	}
	body, err := get(page, false, &h.loads)
	if err != nil {
		if ctx.Err() == nil {
			h.errs.add("page load", err)
		}
		return
	}
	var parts []string
	for _, m := range liveSrc.FindAllStringSubmatch(body, -1) {
		parts = append(parts, m[1])
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.base+"/t/1/events", nil)
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		h.errs.add("stream", err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		h.errs.add("stream", fmt.Errorf("status %d", resp.StatusCode))
		return
	}
	open.Add(1)
	br := bufio.NewReader(resp.Body)
	first := true
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			if ctx.Err() == nil {
				h.errs.add("stream", err)
			}
			return
		}
		v, ok := strings.CutPrefix(strings.TrimSpace(line), "data: ")
		if !ok {
			continue
		}
		at := time.Now()
		rev, _ := strconv.ParseInt(v, 10, 64)
		lastSeen.Store(id, rev)
		if first {
			first = false
			continue // the page is current
		}
		h.mu.Lock()
		sent, ok := h.sent[rev]
		h.mu.Unlock()
		if ok {
			h.deliver.add(at.Sub(sent))
		}
		for _, p := range parts {
			if _, err := get(p, true, &h.parts); err != nil && ctx.Err() == nil {
				h.errs.add("live refetch", err)
			}
		}
	}
}
