package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"bummerl/store"
)

func envMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// TestDataDir: the program's folder when it is writable, else the user's
// folder for programs' data, per system.
func TestDataDir(t *testing.T) {
	exeDir := t.TempDir()
	home := t.TempDir()
	local := t.TempDir()
	if got, err := dataDir("windows", exeDir, envMap(nil), home); err != nil || got != exeDir {
		t.Errorf("writable program folder: got %q, %v; want %q", got, err, exeDir)
	}

	// A folder below a file cannot be written even by root.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	blocked := filepath.Join(file, "dir")
	for _, c := range []struct {
		name, goos string
		env        map[string]string
		want       string
	}{
		{"windows", "windows", map[string]string{"LOCALAPPDATA": local}, filepath.Join(local, "Bummerl")},
		{"windows without LOCALAPPDATA", "windows", nil, filepath.Join(home, "AppData", "Local", "Bummerl")},
		{"linux XDG_DATA_HOME", "linux", map[string]string{"XDG_DATA_HOME": local}, filepath.Join(local, "bummerl")},
		{"linux relative XDG_DATA_HOME", "linux", map[string]string{"XDG_DATA_HOME": "rel"}, filepath.Join(home, ".local", "share", "bummerl")},
		{"linux", "linux", nil, filepath.Join(home, ".local", "share", "bummerl")},
	} {
		got, err := dataDir(c.goos, blocked, envMap(c.env), home)
		if err != nil || got != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
		if fi, err := os.Stat(c.want); err != nil || !fi.IsDir() {
			t.Errorf("%s: %s not created: %v", c.name, c.want, err)
		}
	}
	if _, err := dataDir("linux", blocked, envMap(nil), ""); err == nil || !strings.Contains(err.Error(), "not writable") {
		t.Errorf("no user folder: err %v", err)
	}

	// A read-only program folder; root writes there regardless.
	if os.Geteuid() == 0 {
		t.Log("read-only folder case skipped: root ignores permissions (the folder below a file covered it)")
		return
	}
	ro := t.TempDir()
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(ro, 0o755)
	if got, err := dataDir("linux", ro, envMap(map[string]string{"XDG_DATA_HOME": local}), home); err != nil || got != filepath.Join(local, "bummerl") {
		t.Errorf("read-only program folder: got %q, %v", got, err)
	}
}

// TestDesktopDecision: which starts without arguments are desktop starts.
func TestDesktopDecision(t *testing.T) {
	display := envMap(map[string]string{"DISPLAY": ":0"})
	wayland := envMap(map[string]string{"WAYLAND_DISPLAY": "wayland-0"})
	for _, c := range []struct {
		name string
		l    launch
		want bool
	}{
		{"windows double-click", launch{goos: "windows", exe: `C:\Users\Anna\Downloads\bummerl-windows-amd64.exe`, terminal: true, getenv: envMap(nil)}, true},
		{"windows go run", launch{goos: "windows", exe: `C:\Users\Anna\AppData\Local\Temp\go-build123\b001\exe\bummerl.exe`, terminal: true, getenv: envMap(nil)}, false},
		{"linux file manager", launch{goos: "linux", exe: "/home/anna/bummerl-linux-arm64", getenv: display}, true},
		{"linux file manager, wayland", launch{goos: "linux", exe: "/home/anna/bummerl-linux-arm64", getenv: wayland}, true},
		{"linux terminal on a desktop", launch{goos: "linux", exe: "/home/anna/bummerl", terminal: true, getenv: display}, false},
		{"linux go run, no terminal", launch{goos: "linux", exe: "/tmp/go-build42/b001/exe/bummerl", getenv: display}, false},
		{"linux service", launch{goos: "linux", exe: "/usr/local/bin/bummerl", getenv: envMap(nil)}, false},
		{"unknown program path", launch{goos: "windows", getenv: envMap(nil)}, false},
		{"darwin", launch{goos: "darwin", exe: "/Applications/bummerl", getenv: display}, false},
	} {
		if got := c.l.desktop(); got != c.want {
			t.Errorf("%s: desktop() = %v, want %v", c.name, got, c.want)
		}
	}
}

// syncBuffer is stdout shared between the server and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startNoArgs runs start without arguments until stop is called, which
// returns the exit status.
func startNoArgs(t *testing.T, l launch) (stdout, stderr *syncBuffer, stop func() int) {
	t.Helper()
	t.Setenv("BUMMERL_ADDR", "127.0.0.1:0")
	ctx, cancel := context.WithCancel(context.Background())
	l.ctx = ctx
	stdout, stderr = &syncBuffer{}, &syncBuffer{}
	code := make(chan int, 1)
	go func() { code <- start(nil, strings.NewReader(""), stdout, stderr, l) }()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(stdout.String(), "Open:\n  http") {
		select {
		case c := <-code:
			t.Fatalf("ended with %d before serving; stdout %q stderr %q", c, stdout.String(), stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("not serving after 20 s; stdout %q stderr %q", stdout.String(), stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	return stdout, stderr, func() int {
		cancel()
		select {
		case c := <-code:
			return c
		case <-time.After(15 * time.Second):
			t.Fatal("did not stop")
			return -1
		}
	}
}

// TestDesktopStart: a double-clicked program serves from its data folder,
// says so in its first line and opens the browser on the setup page, the
// start page once an account exists; BUMMERL_NO_BROWSER=1 keeps it closed.
func TestDesktopStart(t *testing.T) {
	t.Setenv("BUMMERL_DB", "")
	exeDir := t.TempDir()
	opened := make(chan string, 1)
	l := launch{
		goos: "linux",
		exe:  filepath.Join(exeDir, "bummerl-linux-amd64"),
		getenv: func(k string) string {
			if k == "DISPLAY" {
				return ":0"
			}
			return os.Getenv(k) // BUMMERL_DB, BUMMERL_NO_BROWSER as set below
		},
		home: t.TempDir(),
		open: func(u string) error { opened <- u; return nil },
	}
	stdout, _, stop := startNoArgs(t, l)
	var url string
	select {
	case url = <-opened:
	case <-time.After(10 * time.Second):
		t.Fatalf("no browser opened; stdout %q", stdout.String())
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/setup") {
		t.Errorf("browser opened on %q, want the setup page", url)
	}
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`action="/setup"`)) {
		t.Errorf("GET %s: %d, setup form missing", url, res.StatusCode)
	}
	if code := stop(); code != 0 {
		t.Errorf("exit status %d", code)
	}
	first, _, _ := strings.Cut(stdout.String(), "\n")
	if !strings.HasPrefix(first, "Bummerl läuft / is running") || !strings.Contains(first, "data folder "+exeDir) {
		t.Errorf("first line %q does not name the data folder %s", first, exeDir)
	}
	db := filepath.Join(exeDir, "bummerl.db")
	if _, err := os.Stat(db); err != nil {
		t.Errorf("database not in the program's folder: %v", err)
	}

	// With an account: the start page.
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddUser(context.Background(), store.User{Name: "test"}, "Anna", "Anna-password", store.Organiser); err != nil {
		t.Fatal(err)
	}
	st.Close()
	_, _, stop = startNoArgs(t, l)
	select {
	case url = <-opened:
	case <-time.After(10 * time.Second):
		t.Fatal("no browser opened")
	}
	stop()
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Errorf("with an account the browser opened %q, want the start page", url)
	}

	// BUMMERL_NO_BROWSER=1; a failing opener is one line, not fatal.
	t.Setenv("BUMMERL_NO_BROWSER", "1")
	stdout, _, stop = startNoArgs(t, l)
	if code := stop(); code != 0 || len(opened) > 0 || strings.Contains(stdout.String(), "Browser") {
		t.Errorf("BUMMERL_NO_BROWSER=1: status %d, opened %d, stdout %q", code, len(opened), stdout.String())
	}
	t.Setenv("BUMMERL_NO_BROWSER", "")
	l.open = func(string) error { return os.ErrNotExist }
	stdout, _, stop = startNoArgs(t, l)
	time.Sleep(50 * time.Millisecond)
	if code := stop(); code != 0 || !strings.Contains(stdout.String(), "could not open a browser (file does not exist): öffne / open http://127.0.0.1:") {
		t.Errorf("failing opener: status %d, stdout %q", code, stdout.String())
	}
}

// TestTerminalStart: go run ./cmd/bummerl in a terminal (even of a
// graphical session) serves bummerl.db in the working directory and opens
// no browser, as the README says.
func TestTerminalStart(t *testing.T) {
	t.Setenv("BUMMERL_DB", "")
	wd := t.TempDir()
	t.Chdir(wd)
	l := launch{
		goos:     runtime.GOOS,
		exe:      "/tmp/go-build1234/b001/exe/bummerl",
		terminal: true,
		getenv:   envMap(map[string]string{"DISPLAY": ":0"}),
		home:     t.TempDir(),
		open:     func(u string) error { t.Errorf("browser opened on %s", u); return nil },
	}
	for _, exe := range []string{l.exe, filepath.Join(t.TempDir(), "bummerl")} { // go run, ./bummerl
		l.exe = exe
		stdout, _, stop := startNoArgs(t, l)
		if code := stop(); code != 0 {
			t.Errorf("%s: exit status %d", exe, code)
		}
		if first, _, _ := strings.Cut(stdout.String(), "\n"); first != "Bummerl läuft / is running (database bummerl.db)." {
			t.Errorf("%s: first line %q", exe, first)
		}
		if _, err := os.Stat(filepath.Join(wd, "bummerl.db")); err != nil {
			t.Errorf("%s: no bummerl.db in the working directory: %v", exe, err)
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(exe), "bummerl.db")); err == nil {
			t.Errorf("%s: a database beside the program", exe)
		}
	}
}
