package web

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/store"
)

// startLimited runs the real app on a real listener with the limits, as
// serve does, and returns its address.
func startLimited(t testing.TB, lim httpkit.Limits) string {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	e, _ := New(st, Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return serveLimited(t, e, lim, func() { st.Close() })
}

func serveLimited(t testing.TB, h http.Handler, lim httpkit.Limits, cleanup func()) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, lln := httpkit.NewServer(h, ln, lim)
	go srv.Serve(lln)
	t.Cleanup(func() {
		srv.Close()
		cleanup()
	})
	return ln.Addr().String()
}

// rawGET sends one keep-alive GET on conn and reads the answer, giving up
// after 10 s.
func rawGET(conn net.Conn, br *bufio.Reader, path string) (int, error) {
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	defer conn.SetDeadline(time.Time{})
	return rawGETNoDeadline(conn, br, path)
}

func rawGETNoDeadline(conn net.Conn, br *bufio.Reader, path string) (int, error) {
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: bummerl.test\r\n\r\n", path); err != nil {
		return 0, err
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, err
}

// closedByServer waits up to limit for the server to close conn: true for
// end of file or a reset, false if the connection is still open then.
func closedByServer(t *testing.T, conn net.Conn, br *bufio.Reader, limit time.Duration) bool {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(limit))
	_, err := br.ReadByte()
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return false
	}
	if err == nil {
		t.Fatal("unexpected bytes from the server")
	}
	return true
}

var testLimits = httpkit.Limits{
	ReadHeaderTimeout: 5 * time.Second,
	ReadTimeout:       5 * time.Second,
	WriteTimeout:      5 * time.Second,
	IdleTimeout:       5 * time.Second,
	MaxConns:          100,
}

// TestIdleConnectionClosed: a keep-alive connection nobody uses is closed
// after the idle timeout, freeing its socket.
func TestIdleConnectionClosed(t *testing.T) {
	lim := testLimits
	lim.IdleTimeout = 200 * time.Millisecond
	addr := startLimited(t, lim)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	br := bufio.NewReader(conn)
	if status, err := rawGET(conn, br, "/login"); err != nil || status != http.StatusSeeOther && status != http.StatusOK {
		t.Fatalf("GET: %d, %v", status, err)
	}
	// Generous: the test checks that it closes, not how fast.
	if !closedByServer(t, conn, br, 10*time.Second) {
		t.Error("idle keep-alive connection still open 10 s after an idle timeout of 200 ms")
	}
}

// TestSlowBodyCut: a body trickled byte by byte is cut off by the read
// timeout instead of holding the connection as long as the client likes.
func TestSlowBodyCut(t *testing.T) {
	lim := testLimits
	lim.ReadTimeout = 300 * time.Millisecond
	addr := startLimited(t, lim)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const size = 200
	fmt.Fprintf(conn, "POST /login HTTP/1.1\r\nHost: bummerl.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n", size)
	ended := make(chan struct{})
	go func() {
		io.Copy(io.Discard, conn) // the answer, if any, then the end of the connection
		close(ended)
	}()
	// One byte each 50 ms would take 10 s for the whole body.
	for i := 0; i < size; i++ {
		select {
		case <-ended:
			return
		case <-time.After(50 * time.Millisecond):
		}
		if _, err := conn.Write([]byte("x")); err != nil {
			return // the server closed the connection
		}
	}
	select {
	case <-ended:
		t.Errorf("the whole trickled body (%d bytes over 10 s) was read despite a read timeout of %v", size, lim.ReadTimeout)
	case <-time.After(5 * time.Second):
		t.Errorf("the connection stayed open after the whole trickled body")
	}
}

// TestConnectionLimit: a connection beyond MaxConns takes the place of an
// idle keep-alive connection; when every connection is busy it is refused
// at once with a 503 and Retry-After instead of waiting unanswered in the
// system's queue (issue 19).
func TestConnectionLimit(t *testing.T) {
	lim := testLimits
	lim.MaxConns = 2
	lim.IdleTimeout = time.Minute
	addr := startLimited(t, lim)
	var held []net.Conn
	for range lim.MaxConns {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := rawGET(conn, bufio.NewReader(conn), "/login"); err != nil {
			t.Fatal(err)
		}
		held = append(held, conn)
	}
	// Both are idle now: a newcomer is served in the place of one.
	extra, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer extra.Close()
	if code, err := rawGET(extra, bufio.NewReader(extra), "/login"); err != nil || code != http.StatusOK {
		t.Fatalf("connection %d while %d idle ones were open: %d, %v", lim.MaxConns+1, lim.MaxConns, code, err)
	}
	closed := 0
	for _, c := range held {
		if closedByServer(t, c, bufio.NewReader(c), time.Second) {
			closed++
		}
	}
	if closed != 1 {
		t.Errorf("%d idle connections closed for the newcomer, want 1", closed)
	}

	// Two half-sent requests keep both places busy (for the header
	// timeout): the next connection is refused at once.
	for _, c := range held {
		c.Close()
	}
	extra.Close()
	for range lim.MaxConns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET /login HTTP/1.1\r\nHost: x\r\n")
	}
	var code int
	var retry string
	start := time.Now()
	for time.Since(start) < 5*time.Second {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := (&http.Client{Transport: &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) { return c, nil }}}).Get("http://" + addr + "/login")
		if err == nil {
			code, retry = resp.StatusCode, resp.Header.Get("Retry-After")
			resp.Body.Close()
		}
		if code == http.StatusServiceUnavailable {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code != http.StatusServiceUnavailable || retry == "" {
		t.Fatalf("a connection beyond %d busy ones: status %d, Retry-After %q, want 503 at once", lim.MaxConns, code, retry)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("the refusal took %v", took)
	}
}

// is cut off.
func TestKeepStreamOpen(t *testing.T) {
	const events = 8
	stream := func(lift bool) echo.HandlerFunc {
		return func(c echo.Context) error {
			if lift {
				if err := httpkit.KeepStreamOpen(c); err != nil {
					return err
				}
			}
			c.Response().Header().Set(echo.HeaderContentType, "text/event-stream")
			c.Response().WriteHeader(http.StatusOK)
			for i := range events {
				if err := c.Request().Context().Err(); err != nil {
					return err
				}
				fmt.Fprintf(c.Response(), "data: %d\n\n", i)
				c.Response().Flush()
				time.Sleep(100 * time.Millisecond)
			}
			return nil
		}
	}
	e := echo.New()
	e.GET("/lifted", stream(true))
	e.GET("/cut", stream(false))
	lim := testLimits
	lim.ReadTimeout, lim.WriteTimeout = 250*time.Millisecond, 250*time.Millisecond
	addr := serveLimited(t, e, lim, func() {})
	client := &http.Client{Timeout: 10 * time.Second}
	count := func(path string) int {
		resp, err := client.Get("http://" + addr + path)
		if err != nil {
			return 0
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return strings.Count(string(b), "data: ")
	}
	if n := count("/lifted"); n != events {
		t.Errorf("stream with keepStreamOpen: %d of %d events", n, events)
	}
	if n := count("/cut"); n == events {
		t.Errorf("stream without keepStreamOpen got all %d events past the timeouts", n)
	}
}

// TestMeasureIdleConnFDs measures the file descriptors the server process
// holds with many idle keep-alive connections (docs/performance.md). It
// runs only on demand, on Linux:
//
//	BUMMERL_MEASURE_FDS=1 go test -run TestMeasureIdleConnFDs -v ./cmd/bummerl/
//
// BUMMERL_MEASURE_IDLE sets the idle timeout (default 2s; the app's is
// 60s); the server runs in a child process so the clients' sockets do not
// count.
func TestMeasureIdleConnFDs(t *testing.T) {
	if os.Getenv("BUMMERL_MEASURE_FDS") == "" {
		t.Skip("set BUMMERL_MEASURE_FDS=1 to measure")
	}
	idle := 2 * time.Second
	if v := os.Getenv("BUMMERL_MEASURE_IDLE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		idle = d
	}
	const conns = 1100
	for _, tc := range []struct {
		name     string
		idle     time.Duration
		maxConns int
	}{
		{"limits", idle, httpkit.DefaultLimits.MaxConns},
		{"no limits (before)", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestFDServerChild$")
			cmd.Env = append(os.Environ(), "BUMMERL_FD_CHILD=1",
				"BUMMERL_FD_IDLE="+tc.idle.String(), "BUMMERL_FD_MAX="+strconv.Itoa(tc.maxConns),
				"BUMMERL_FD_DB="+filepath.Join(t.TempDir(), "fd.db"))
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { cmd.Process.Kill(); cmd.Wait() }()
			line, err := bufio.NewReader(out).ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			addr := strings.TrimSpace(strings.TrimPrefix(line, "ADDR "))
			fds := func() int {
				ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", cmd.Process.Pid))
				if err != nil {
					t.Fatal(err)
				}
				return len(ents)
			}
			base := fds()
			var answered, closed atomic.Int64
			var wg sync.WaitGroup
			start := time.Now()
			for range conns {
				conn, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close()
				wg.Add(1)
				go func() {
					defer wg.Done()
					br := bufio.NewReader(conn)
					if _, err := rawGETNoDeadline(conn, br, "/login"); err == nil {
						answered.Add(1)
					}
					if _, err := br.ReadByte(); err != nil {
						closed.Add(1)
					}
				}()
			}
			time.Sleep(time.Second)
			t.Logf("%d connections opened and used once; server fds: %d before, %d after 1 s (%d answered)",
				conns, base, fds(), answered.Load())
			checks := []time.Duration{tc.idle + 2*time.Second, 2*tc.idle + 4*time.Second}
			if tc.idle == 0 {
				checks = []time.Duration{2*idle + 4*time.Second}
			}
			for _, at := range checks {
				time.Sleep(time.Until(start.Add(at)))
				t.Logf("after %v (idle timeout %v, max conns %d): server fds %d, answered %d, closed by the server %d",
					at, tc.idle, tc.maxConns, fds(), answered.Load(), closed.Load())
			}
		})
	}
}

// TestFDServerChild is the server process of TestMeasureIdleConnFDs.
func TestFDServerChild(t *testing.T) {
	if os.Getenv("BUMMERL_FD_CHILD") == "" {
		t.Skip("the server of TestMeasureIdleConnFDs")
	}
	idle, _ := time.ParseDuration(os.Getenv("BUMMERL_FD_IDLE"))
	maxConns, _ := strconv.Atoi(os.Getenv("BUMMERL_FD_MAX"))
	st, err := store.Open(os.Getenv("BUMMERL_FD_DB"))
	if err != nil {
		t.Fatal(err)
	}
	e, _ := New(st, Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	lim := httpkit.DefaultLimits
	lim.IdleTimeout, lim.MaxConns = idle, maxConns
	if idle == 0 { // the server before issue 7: header timeout only
		lim = httpkit.Limits{ReadHeaderTimeout: httpkit.DefaultLimits.ReadHeaderTimeout}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, lln := httpkit.NewServer(e, ln, lim)
	fmt.Printf("ADDR %s\n", ln.Addr())
	srv.Serve(lln)
}

// TestLiveStreamOutlivesTimeouts: the app's event stream (/t/:id/events)
// outlives the server's read and write timeouts (keepStreamOpen, and a
// deadline per event of its own): a change made after they passed still
// reaches the client.
func TestLiveStreamOutlivesTimeouts(t *testing.T) {
	f := newFixture(t, nil, 1, 1)
	lim := testLimits
	lim.ReadTimeout, lim.WriteTimeout = 300*time.Millisecond, 300*time.Millisecond
	addr := serveLimited(t, echoOf(f.App), lim, func() {})
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Get("http://" + addr + f.Path + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	time.Sleep(3 * lim.ReadTimeout)
	if r := f.Org.Post(f.Path+"/sale", url.Values{"name": {"Spätkommer"}, "count": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sale: status %d", r.Status)
	}
	want := "data: " + strconv.FormatInt(f.Revision(), 10)
	for line := range lines {
		if line == want {
			return
		}
	}
	t.Errorf("the stream ended without %q after the timeouts", want)
}
