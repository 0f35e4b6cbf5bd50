package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
)

// The desktop start (docs/release.md, issue 27): an organiser who
// downloaded the release file double-clicks it. With no arguments and
// started from a desktop, bummerl serves from a data folder of its own
// and opens the browser on the setup page; from a terminal (go run
// ./cmd/bummerl, ./bummerl) it behaves as it always did: serve with
// bummerl.db in the working directory, no browser.

// launch is how the program was started; main fills it from the process,
// the tests by hand.
type launch struct {
	goos         string
	exe          string // the program's path; "" if unknown
	terminal     bool   // stdin is a terminal
	getenv       func(string) string
	home         string                 // the user's home folder
	open         func(url string) error // opens the organiser's browser
	ctx          context.Context        // its end stops the server; nil: signals only
	pauseOnError bool                   // wait for Enter before a failed start closes its window
}

func main() {
	os.Exit(start(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, hostLaunch()))
}

// start runs a command, or with no arguments serves: as a desktop start
// or, from a terminal, as serve without flags.
func start(args []string, stdin io.Reader, stdout, stderr io.Writer, l launch) int {
	if len(args) > 0 {
		return run(args, stdin, stdout, stderr)
	}
	if !l.desktop() {
		return serveWith(nil, stdout, stderr, serveOptions{ctx: l.ctx})
	}
	return desktop(stdin, stdout, stderr, l)
}

func hostLaunch() launch {
	exe, err := os.Executable()
	if err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
	} else {
		exe = ""
	}
	home, _ := os.UserHomeDir()
	fd := os.Stdin.Fd()
	return launch{
		goos:         runtime.GOOS,
		exe:          exe,
		terminal:     isatty.IsTerminal(fd) || isatty.IsCygwinTerminal(fd),
		getenv:       os.Getenv,
		home:         home,
		open:         openBrowser,
		pauseOnError: runtime.GOOS == "windows",
	}
}

// desktop tells a start without arguments from a desktop from one in a
// terminal. Windows: always, since a double-click and cmd.exe look
// alike and an organiser there double-clicks. Linux: when stdin is no
// terminal and a graphical session is there (DISPLAY or WAYLAND_DISPLAY),
// so a terminal in that session and a service without one keep serve's
// behaviour. Never for go run, whose program lives in Go's go-build
// temporary folder. Other systems: never.
func (l launch) desktop() bool {
	if l.exe == "" || strings.Contains(strings.ReplaceAll(l.exe, `\`, "/"), "/go-build") {
		return false
	}
	switch l.goos {
	case "windows":
		return true
	case "linux":
		return !l.terminal && (l.getenv("DISPLAY") != "" || l.getenv("WAYLAND_DISPLAY") != "")
	}
	return false
}

// desktop serves from the data folder (unless BUMMERL_DB names a
// database) and opens the browser on the setup page, or on the start page
// once an account exists, unless BUMMERL_NO_BROWSER is set (not "0").
func desktop(stdin io.Reader, stdout, stderr io.Writer, l launch) int {
	var args []string
	opts := serveOptions{ctx: l.ctx}
	if l.getenv("BUMMERL_DB") == "" {
		dir, err := dataDir(l.goos, filepath.Dir(l.exe), l.getenv, l.home)
		if err != nil {
			fmt.Fprintf(stderr, "bummerl: kein Datenordner / no data folder: %v\n", err)
			return l.failed(stdin, stdout, 1)
		}
		opts.dataDir = dir
		args = []string{"--db", filepath.Join(dir, "bummerl.db")}
	}
	if v := l.getenv("BUMMERL_NO_BROWSER"); v == "" || v == "0" {
		opts.started = func(local string, users int) {
			u := local
			if users == 0 {
				u += "setup"
			}
			if err := l.open(u); err != nil {
				fmt.Fprintf(stdout, "Browser nicht geöffnet / could not open a browser (%v): öffne / open %s\n", err, u)
				return
			}
			fmt.Fprintf(stdout, "Browser geöffnet / browser opened: %s\n", u)
		}
	}
	return l.failed(stdin, stdout, serveWith(args, stdout, stderr, opts))
}

// failed keeps the window of a failed start open until Enter, so the
// organiser can read why (Windows closes a double-clicked program's
// window when it ends).
func (l launch) failed(stdin io.Reader, stdout io.Writer, code int) int {
	if code != 0 && l.pauseOnError {
		fmt.Fprintln(stdout, "Enter drücken zum Schließen / press Enter to close")
		bufio.NewReader(stdin).ReadString('\n')
	}
	return code
}

// dataDir is the desktop start's data folder: the program's own folder if
// the program may write there (a USB stick, Downloads), else the user's
// folder for programs' data: Windows %LOCALAPPDATA%\Bummerl, elsewhere
// $XDG_DATA_HOME/bummerl or ~/.local/share/bummerl, created if missing.
func dataDir(goos, exeDir string, getenv func(string) string, home string) (string, error) {
	if writable(exeDir) {
		return exeDir, nil
	}
	var base, name string
	switch goos {
	case "windows":
		base, name = getenv("LOCALAPPDATA"), "Bummerl"
		if base == "" && home != "" {
			base = filepath.Join(home, "AppData", "Local")
		}
	default:
		base, name = getenv("XDG_DATA_HOME"), "bummerl"
		if !filepath.IsAbs(base) && home != "" { // the XDG rule: a relative value counts as unset
			base = filepath.Join(home, ".local", "share")
		}
	}
	if base == "" {
		return "", fmt.Errorf("%s ist nicht beschreibbar und kein Benutzerordner bekannt / is not writable and there is no user folder", exeDir)
	}
	dir := filepath.Join(base, name)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("%s ist nicht beschreibbar / is not writable, %w", exeDir, err)
	}
	return dir, nil
}

// writable tells whether a file can be created in dir.
func writable(dir string) bool {
	f, err := os.CreateTemp(dir, ".bummerl-write-check-*")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}

// openBrowser opens url in the default browser: Windows through
// url.dll's FileProtocolHandler, elsewhere xdg-open. It reports a
// failure that shows within 3 s; a browser that takes longer to start is
// not waited for.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	if runtime.GOOS == "windows" {
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	} else {
		path, err := exec.LookPath("xdg-open")
		if err != nil {
			return errors.New("xdg-open fehlt / is missing")
		}
		cmd = exec.Command(path, url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(3 * time.Second):
		return nil
	}
}
