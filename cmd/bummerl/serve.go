package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/cmd/bummerl/internal/web"
	"bummerl/store"
)

func init() {
	commands["serve"] = command{summary: "run the web app (default)", run: serve}
}

// serve runs the web app until SIGINT or SIGTERM, then lets running
// requests finish.
func serve(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return serveWith(args, stdout, stderr, serveOptions{})
}

// serveOptions are what the desktop start (desktop.go) and the tests add
// to serve's flags.
type serveOptions struct {
	ctx     context.Context // its end stops the server like a signal; nil: signals only
	dataDir string          // named in the first line (the desktop start's data folder)
	// started is called once the addresses are printed, with the address
	// the laptop itself opens (http://localhost:8080/) and the number of
	// accounts.
	started func(local string, users int)
}

func serveWith(args []string, stdout, stderr io.Writer, opts serveOptions) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr("BUMMERL_ADDR", ":8080"), "address to listen on (BUMMERL_ADDR)")
	db := fs.String("db", defaultDB(), dbUsage)
	maxConns := fs.Int("max-conns", 0, "connections served at once; 0 sizes it from the open-files limit (BUMMERL_MAX_CONNS)")
	streamsPerIP := fs.Int("streams-per-ip", web.DefaultStreamsPerIP, "live pages one client address may follow at once; raise it when a whole hall shares one router's address (BUMMERL_STREAMS_PER_IP)")
	baseURL := fs.String("base-url", envOr("BUMMERL_BASE_URL", ""), "address players reach the app under, for QR codes; https makes cookies Secure (BUMMERL_BASE_URL)")
	for flagName, env := range map[string]string{"max-conns": "BUMMERL_MAX_CONNS", "streams-per-ip": "BUMMERL_STREAMS_PER_IP"} {
		if v := os.Getenv(env); v != "" {
			if err := fs.Set(flagName, v); err != nil {
				fmt.Fprintf(stderr, "serve: %s: %v\n", env, err)
				return 2
			}
		}
	}
	var proxies httpkit.ProxyList
	fs.Var(&proxies, "trusted-proxy", "CIDR range or address of a reverse proxy whose X-Forwarded-For names the client; repeatable or comma separated (BUMMERL_TRUSTED_PROXY); without it the connection's address counts")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *maxConns < 0 {
		fmt.Fprintf(stderr, "serve: --max-conns must be at least 1 (or 0: from the open-files limit), not %d\n", *maxConns)
		return 2
	}
	if *streamsPerIP < 1 {
		fmt.Fprintf(stderr, "serve: --streams-per-ip must be at least 1, not %d\n", *streamsPerIP)
		return 2
	}
	if len(proxies) == 0 { // the flag replaces the environment
		if err := proxies.Set(os.Getenv("BUMMERL_TRUSTED_PROXY")); err != nil {
			fmt.Fprintf(stderr, "serve: BUMMERL_TRUSTED_PROXY: %v\n", err)
			return 2
		}
	}
	if *baseURL != "" && !strings.HasPrefix(*baseURL, "http://") && !strings.HasPrefix(*baseURL, "https://") {
		fmt.Fprintf(stderr, "serve: --base-url must start with http:// or https://, not %q\n", *baseURL)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))

	// Open the database (the schema is created or updated).
	st, err := store.Open(*db)
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	defer st.Close()

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	e, _ := web.New(st, web.Config{BaseURL: *baseURL, Log: log, TrustedProxies: proxies, StreamsPerIP: *streamsPerIP})
	files := httpkit.OpenFilesLimit()
	limits := httpkit.DefaultLimits
	limits.MaxConns, limits.PerIP, limits.TrustedProxies = *maxConns, 2**streamsPerIP, proxies
	if limits.MaxConns == 0 {
		limits.MaxConns = connsFor(files)
	}
	srv, ln := httpkit.NewServer(e, ln, limits)

	if opts.dataDir != "" {
		fmt.Fprintf(stdout, "Bummerl läuft / is running (Datenordner / data folder %s, database %s).\n", opts.dataDir, store.Redact(*db))
	} else {
		fmt.Fprintf(stdout, "Bummerl läuft / is running (database %s).\n", store.Redact(*db))
	}
	fmt.Fprintf(stdout, "Hält / holds %d connections (%d phones or projectors live, %d per address; open files %s). Open:\n",
		limits.MaxConns, limits.MaxConns-web.StreamReserve(limits.MaxConns), *streamsPerIP, filesText(files))
	for _, u := range listenURLs(ln.Addr().(*net.TCPAddr), *baseURL) {
		fmt.Fprintf(stdout, "  %s\n", u)
	}

	// Ctrl-C is SIGINT everywhere. On Windows, Go delivers the console
	// window's close event (and log-off and shutdown) as SIGTERM, so
	// closing the window of a double-clicked bummerl.exe shuts down here
	// too; Windows ends the process about 5 s after that event, before
	// the 10 s below run out if requests hang, which SQLite's journal
	// survives (every committed write is on disk).
	parent := opts.ctx
	if parent == nil {
		parent = context.Background()
	}
	ctx, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	if opts.started != nil {
		users, err := st.CountUsers(ctx)
		if err != nil {
			fmt.Fprintf(stderr, "serve: %v\n", err)
		}
		opts.started(listenURLs(ln.Addr().(*net.TCPAddr), "")[0], users)
	}
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "Bummerl wird beendet / shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		fmt.Fprintf(stderr, "serve: shutdown: %v\n", err)
		return 1
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	return 0
}

// connsFor is the default --max-conns for an open-files limit: what it
// leaves after the database, the log and a margin, at most 10,000 (about
// 40 KB of memory each: docs/web.md, "Connections"); 4,096 where the
// limit is unknown.
func connsFor(files uint64) int {
	switch {
	case files == 0:
		return 4096
	case files < 256:
		return 64
	}
	return int(min(files-128, 10000))
}

func filesText(files uint64) string {
	if files == 0 {
		return "–"
	}
	return fmt.Sprint(files)
}

// listenURLs lists the addresses to open: the base URL if set, localhost,
// and every LAN IPv4 address of the machine, so phones on the venue's
// Wi-Fi can connect.
func listenURLs(addr *net.TCPAddr, baseURL string) []string {
	var urls []string
	add := func(u string) { // once each, whether or not it ends in "/"
		if !slices.Contains(urls, u) && !slices.Contains(urls, strings.TrimSuffix(u, "/")) {
			urls = append(urls, u)
		}
	}
	if baseURL != "" {
		urls = append(urls, baseURL)
	}
	port := fmt.Sprint(addr.Port)
	if !addr.IP.IsUnspecified() {
		add("http://" + net.JoinHostPort(addr.IP.String(), port) + "/")
		return urls
	}
	add("http://localhost:" + port + "/")
	ifaces, err := net.InterfaceAddrs()
	if err != nil {
		return urls
	}
	for _, a := range ifaces {
		ipnet, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		if ip4 := ipnet.IP.To4(); ip4 != nil && !ip4.IsLoopback() && !ip4.IsLinkLocalUnicast() {
			add("http://" + net.JoinHostPort(ip4.String(), port) + "/")
		}
	}
	return urls
}
