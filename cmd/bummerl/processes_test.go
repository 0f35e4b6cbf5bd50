package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"

	"bummerl/store"
	"bummerl/store/storetest"
)

// Several app processes on one PostgreSQL database (issue 26, docs/deploy.md):
// real processes — this test binary started again as `bummerl serve` —
// each with its own live hub, page cache and limits.

// serveChildEnv makes the test binary a server: `serve` with these
// arguments (space separated).
const serveChildEnv = "BUMMERL_TEST_SERVE"

// serveChild runs serve and exits when the test binary was started as a
// server by startProcesses.
func serveChild() {
	if args := os.Getenv(serveChildEnv); args != "" {
		os.Exit(serve(strings.Fields(args), nil, os.Stdout, os.Stderr))
	}
}

// process is one app process under test.
type process struct {
	cmd  *exec.Cmd
	base string // http://127.0.0.1:PORT
}

// startProcesses starts n servers on dsn (test must be the running test's
// name, which the child runs to get to serveChild) and stops them when t
// ends.
func startProcesses(t *testing.T, test, dsn string, n int) []*process {
	t.Helper()
	procs := make([]*process, n)
	for i := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
		cmd.Env = append(os.Environ(), serveChildEnv+"=--addr 127.0.0.1:0 --db "+dsn)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		p := &process{cmd: cmd}
		procs[i] = p
		t.Cleanup(func() {
			cmd.Process.Signal(os.Interrupt)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(15 * time.Second):
				cmd.Process.Kill()
				<-done
			}
			if s := stderr.String(); strings.Contains(s, "level=ERROR") || strings.Contains(s, "panic") {
				t.Errorf("process %d: %s", i+1, s)
			}
		})
		// The server names its address once it listens.
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "http://127.0.0.1:"); ok {
				p.base = "http://127.0.0.1:" + strings.TrimSuffix(u, "/")
				break
			}
		}
		if p.base == "" {
			t.Fatalf("process %d did not start: %s", i+1, stderr.String())
		}
		go io.Copy(io.Discard, out)
	}
	return procs
}

// call is a request to a process: JSON in and out, auth an Authorization
// header; it returns the status and the body.
func call(t *testing.T, p *process, method, path, auth string, in, out any) (int, string) {
	t.Helper()
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.base+path, body)
	req.Header.Set("Content-Type", "application/json")
	// As a browser asks: every visitor's page then carries the same token.
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return resp.StatusCode, string(b)
}

// stream is a visitor's live stream and the revisions it brought.
type stream struct {
	mu   sync.Mutex
	revs []int64
}

func (s *stream) seen() []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]int64(nil), s.revs...)
}

// follow opens a stream on p and records the id of every event until ctx
// ends; the server's renewals are followed with Last-Event-ID, as a
// browser does.
func follow(ctx context.Context, t *testing.T, p *process, path string, wg *sync.WaitGroup) *stream {
	s := &stream{}
	wg.Go(func() {
		last := ""
		for ctx.Err() == nil {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, p.base+path, nil)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			if last != "" {
				req.Header.Set("Last-Event-ID", last)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				if ctx.Err() == nil {
					t.Errorf("stream %s%s: %v", p.base, path, err)
				}
				return
			}
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
					rev, _ := strconv.ParseInt(id, 10, 64)
					s.mu.Lock()
					s.revs = append(s.revs, rev)
					s.mu.Unlock()
					last = id
				}
			}
			resp.Body.Close()
		}
	})
	return s
}

// eventually polls cond; a process that never gets there fails the test
// after a generous deadline (not a speed floor).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// TestThreeProcessesLive (issue 26): three app processes on one
// PostgreSQL database, streams on each, results entered through each in
// turn: every stream sees every revision, also those committed while its
// process's listener connection was killed, and at the end the public
// pages are byte for byte the same on all three.
func TestThreeProcessesLive(t *testing.T) {
	serveChild()
	dsn := storetest.Postgres(t)
	auth := organiserToken(t, dsn)
	procs := startProcesses(t, "TestThreeProcessesLive", dsn, 3)
	matches := drawnOver(t, procs[0], auth, 32)

	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { stop(); wg.Wait() }()
	var streams []*stream
	for _, p := range procs {
		streams = append(streams,
			follow(ctx, t, p, "/t/1/events?part=%2Ft%2F1%2Fstandings", &wg), // a visitor's: the parts
			follow(ctx, t, p, "/t/1/events", &wg))                           // without parts: revisions
	}
	rev := currentRevision(t, procs[0])
	start := rev
	everyStreamAt := func(rev int64) {
		t.Helper()
		eventually(t, fmt.Sprintf("every stream at revision %d", rev), func() bool {
			for _, s := range streams {
				if revs := s.seen(); len(revs) == 0 || revs[len(revs)-1] != rev {
					return false
				}
			}
			return true
		})
	}
	everyStreamAt(rev)

	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	listener := fmt.Sprintf("bummerl live %d %%", procs[1].cmd.Process.Pid)
	backend := func() (pid int) {
		db.QueryRow(`SELECT pid FROM pg_stat_activity WHERE application_name LIKE $1`, listener).Scan(&pid)
		return pid
	}
	for i, m := range matches[:9] {
		if i == 4 {
			// Kill process 2's listener; the next result goes in at once,
			// most likely before it connects again: a missed notification.
			old := backend()
			var killed bool
			if err := db.QueryRow(`SELECT pg_terminate_backend($1)`, old).Scan(&killed); err != nil || !killed {
				t.Fatalf("terminate process 2's listener (backend %d): %v %v", old, killed, err)
			}
			defer func() {
				eventually(t, "process 2's listener connects again", func() bool { p := backend(); return p != 0 && p != old })
			}()
		}
		p := procs[i%3]
		path := "/api/tournaments/1/rounds/1/matches/" + strconv.Itoa(m.No) + "/result"
		if code, body := call(t, p, http.MethodPut, path, auth, map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 1}}, nil); code != http.StatusOK {
			t.Fatalf("result %d through process %d: %d %s", i+1, i%3+1, code, body)
		}
		rev++
		everyStreamAt(rev)
	}
	for i, s := range streams {
		revs := s.seen()
		for k, r := range revs {
			if r != start+int64(k) {
				t.Fatalf("stream %d (process %d) saw revisions %v, want each of %d … %d once, in order", i+1, i/2+1, revs, start, rev)
			}
		}
	}

	atRev := `data-live-rev="` + strconv.FormatInt(rev, 10) + `"`
	for page, live := range map[string]bool{"/t/1": false, "/t/1/standings": true, "/t/1/rounds/1": true, "/t/1/card/3": true, "/t/1/screen": true} {
		var first string
		for i, p := range procs {
			code, body := call(t, p, http.MethodGet, page, "", nil, nil)
			switch {
			case code != http.StatusOK || live && !strings.Contains(body, atRev):
				t.Errorf("%s on process %d: status %d, not at revision %d", page, i+1, code, rev)
			case i == 0:
				first = body
			case body != first:
				t.Errorf("%s: process %d's page differs from process 1's", page, i+1)
			}
		}
	}
}

// TestLoginThrottleAcrossProcesses (issue 26): failed logins from one
// address, each with a new name, sent to two processes in turn: the 21st
// is refused whichever process it reaches.
func TestLoginThrottleAcrossProcesses(t *testing.T) {
	serveChild()
	dsn := storetest.Postgres(t)
	organiserToken(t, dsn)
	procs := startProcesses(t, "TestLoginThrottleAcrossProcesses", dsn, 2)
	basic := func(name, password string) string {
		req, _ := http.NewRequest(http.MethodGet, "/", nil)
		req.SetBasicAuth(name, password)
		return req.Header.Get("Authorization")
	}
	for i := range 20 {
		if code, body := call(t, procs[i%2], http.MethodGet, "/api/tournaments", basic("guess"+strconv.Itoa(i), "falsch-falsch"), nil, nil); code != http.StatusUnauthorized {
			t.Fatalf("failure %d on process %d: %d %s", i+1, i%2+1, code, body)
		}
	}
	for i, p := range procs {
		if code, _ := call(t, p, http.MethodGet, "/api/tournaments", basic("anna", "anna-password-1"), nil, nil); code != http.StatusTooManyRequests {
			t.Errorf("21st attempt on process %d: status %d, want 429", i+1, code)
		}
	}
}

// organiserToken adds the organiser anna to the database at dsn and
// returns an Authorization header with an API token of hers.
func organiserToken(t *testing.T, dsn string) string {
	t.Helper()
	st, err := store.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u, err := st.AddUser(t.Context(), store.User{Name: "test"}, "anna", "anna-password-1", store.Organiser)
	if err != nil {
		t.Fatal(err)
	}
	token, err := st.NewAPIToken(t.Context(), u.ID, "test")
	if err != nil {
		t.Fatal(err)
	}
	return "Bearer " + token
}

// apiMatch is a match of GET /api/tournaments/:id/rounds/:round.
type apiMatch struct {
	No      int  `json:"match"`
	A       int  `json:"a"`
	Bye     bool `json:"bye"`
	Version int  `json:"version"`
	Result  any  `json:"result"`
}

// drawnOver creates tournament 1 with cards cards through p's API, sells
// them one to a player, draws round 1 and returns its open matches.
func drawnOver(t *testing.T, p *process, auth string, cards int) []apiMatch {
	t.Helper()
	must := func(code int, body string) {
		t.Helper()
		if code >= 300 {
			t.Fatalf("status %d: %s", code, body)
		}
	}
	must(call(t, p, http.MethodPost, "/api/tournaments", auth, map[string]any{"name": "Drei Prozesse", "cards": cards, "max_cards": 1,
		"price_cents": 1000, "prizes": []string{"Schinken", "Wein"}}, nil))
	for i := range cards {
		must(call(t, p, http.MethodPost, "/api/tournaments/1/sales", auth, map[string]any{"name": "Spieler " + strconv.Itoa(i+1), "count": 1}, nil))
	}
	var ann struct {
		Commitment string `json:"commitment"`
	}
	must(call(t, p, http.MethodPost, "/api/tournaments/1/draw/announce", auth, nil, &ann))
	must(call(t, p, http.MethodPost, "/api/tournaments/1/draw/digital", auth, map[string]any{"commitment": ann.Commitment}, nil))
	var round struct {
		Matches []apiMatch `json:"matches"`
	}
	must(call(t, p, http.MethodGet, "/api/tournaments/1/rounds/1", "", nil, &round))
	var open []apiMatch
	for _, m := range round.Matches {
		if !m.Bye && m.Result == nil {
			open = append(open, m)
		}
	}
	if len(open) < 9 {
		t.Fatalf("%d open matches, want at least 9", len(open))
	}
	return open
}

// currentRevision is the revision a stream without parts announces first.
func currentRevision(t *testing.T, p *process) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, p.base+"/t/1/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			rev, _ := strconv.ParseInt(v, 10, 64)
			return rev
		}
	}
	t.Fatal("no revision on the stream")
	return 0
}
