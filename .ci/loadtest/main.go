// Command loadtest is the load harness of the live pages (make load;
// docs/performance.md, "Live room at venue scale"). It is not part of the
// product: it builds bummerl, starts it on a throwaway database on
// loopback (with the server's own connection bounds: no --max-conns unless
// -max-conns is given), sets up a tournament (default 256 cards, digital
// draw of round 1) and then, for a fixed time, runs
//
//   - phones: each loads its player's page (/t/1/card/N), reads the
//     page's data-live-src parts and data-live-rev, and holds ONE stream
//     /t/1/events?rev=N&part=… on one connection, as static/app.js does: on
//     every "parts" event it checks the parts' HTML; when the server ends
//     the stream (renewal, about every 60–80 s) it reconnects with
//     Last-Event-ID. Phones are spread over loopback addresses (32 per
//     address), so the server's per-address bounds see a hall of phones;
//   - projectors: the same with the projector page (/t/1/screen);
//   - a helper entering results through the API at a steady rate;
//   - samplers: the organiser's sale desk (/t/1/sale, logged in), a
//     player's page (anonymous, an address of its own) and a seat page of a
//     digital table, loaded every 100 ms, p50/p99 reported;
//   - -hog N: N visitor streams opened at once from ONE address (a
//     misbehaving client); those over the per-address bound must be
//     refused at once, and the samplers must not notice;
//   - -loaders N: N staff clients loading the round page logged in (never
//     from the page cache) as fast as they are answered.
//
// Delivery is measured as the issue defines it: from the moment the PUT
// of a result returned to the harness to the moment a phone read the event
// with that revision's parts (negative values, an event before the
// response, count as 0).
//
//	go run ./.ci/loadtest [-phones 2000] [-projectors 5] [-cards 256] [-rate 2] [-duration 60s] [-hog 0] [-loaders 0] [-db …]
//
// -processes N (issue 26) serves the database (PostgreSQL) with N app
// processes: phone i and its stream go to process i mod N, the k-th
// result is entered through process k mod N, so most deliveries cross
// processes (LISTEN/NOTIFY); memory and /api/status are reported per
// process.
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
	"bytes"
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
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	cards := flag.Int("cards", 256, "cards of the tournament (about 78 % as many players)")
	phones := flag.Int("phones", 2000, "phones holding the live stream (one per card in turn)")
	projectors := flag.Int("projectors", 5, "projectors holding the live stream")
	rate := flag.Float64("rate", 2, "results entered per second")
	duration := flag.Duration("duration", 60*time.Second, "how long results are entered")
	hog := flag.Int("hog", 0, "streams opened at once from one address while the run goes")
	loaders := flag.Int("loaders", 0, "staff clients loading the round page (never cached) flat out during the run")
	bin := flag.String("bin", "", "bummerl binary to run (default: build ./cmd/bummerl)")
	maxConns := flag.Int("max-conns", 0, "the server's --max-conns (0: not passed, the server sizes it from its open-files limit)")
	db := flag.String("db", "", "database of the server, empty (default: a throwaway SQLite file)")
	processes := flag.Int("processes", 1, "app processes serving the database (more than one: -db must name an empty PostgreSQL database); phones and results are spread over them")
	results := flag.Bool("results", false, "measure results entered at once into several tournaments instead")
	tournaments := flag.Int("tournaments", 8, "with -results: tournaments")
	helpers := flag.Int("helpers", 4, "with -results: helpers per tournament")
	readers := flag.Int("readers", 0, "with -results: phones loading player's pages meanwhile")
	flag.Parse()
	var err error
	if *processes > 1 && !strings.HasPrefix(*db, "postgres") {
		err = errors.New("-processes needs -db with an empty PostgreSQL database (postgres://…)")
	} else if *results {
		err = runResults(*tournaments, *helpers, *readers, *cards, *bin, *db)
	} else {
		err = run(liveConfig{cards: *cards, phones: *phones, projectors: *projectors, rate: *rate, duration: *duration,
			hog: *hog, loaders: *loaders, bin: *bin, maxConns: *maxConns, db: *db, processes: *processes})
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
	base  string
	loads stats // first page loads
	saves stats // PUT of a result
	errs  errorLog
	bytes atomic.Int64 // body bytes received by page loads (decompressed)

	mu       sync.Mutex
	returned map[int64]time.Time // revision → when the PUT of its result returned
	arrivals []arrival           // parts events read by viewers
}

// arrival is a revision's parts read by a viewer.
type arrival struct {
	rev int64
	at  time.Time
}

// server is the bummerl server under load.
type server struct {
	cmd  *exec.Cmd
	base string
	dir  string // temporary files (the build, a SQLite file), removed by stop
}

// startServers builds bummerl (unless bin names a build), adds the users
// (name → role; password load-test-pass) to db (default: a throwaway SQLite
// file) and serves it with n processes, each on a free loopback port.
func startServers(bin, db string, n int, users map[string]string, args ...string) ([]*server, error) {
	dir, err := os.MkdirTemp("", "bummerl-loadtest")
	if err != nil {
		return nil, err
	}
	first := &server{dir: dir}
	if bin == "" {
		bin = filepath.Join(dir, "bummerl")
		fmt.Println("building ./cmd/bummerl …")
		if out, err := exec.Command("go", "build", "-o", bin, "./cmd/bummerl").CombinedOutput(); err != nil {
			first.stop()
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
			first.stop()
			return nil, fmt.Errorf("user add: %v\n%s", err, out)
		}
	}
	servers := []*server{first}
	stopAll := func() {
		for _, s := range servers {
			s.stop()
		}
	}
	for i := range n {
		s := first
		if i > 0 {
			s = &server{}
			servers = append(servers, s)
		}
		if err := s.start(bin, db, args); err != nil {
			stopAll()
			return nil, err
		}
	}
	return servers, nil
}

// start serves db with bin on a free loopback port.
func (s *server) start(bin, db string, args []string) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	ln.Close()
	s.cmd = exec.Command(bin, append([]string{"serve", "--addr", addr, "--db", db}, args...)...)
	s.cmd.Stdout, s.cmd.Stderr = io.Discard, io.Discard
	if err := s.cmd.Start(); err != nil {
		return err
	}
	s.base = "http://" + addr
	for i := 0; ; i++ {
		if resp, err := http.Get(s.base + "/api/tournaments"); err == nil {
			resp.Body.Close()
			return nil
		}
		if i > 100 {
			return errors.New("the server did not start")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stop ends the server and removes the temporary files (the first
// server's).
func (s *server) stop() {
	if s.dir != "" {
		defer os.RemoveAll(s.dir)
	}
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
