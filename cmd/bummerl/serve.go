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
	"strings"
	"syscall"
	"time"

	"bummerl/store"
)

func init() {
	commands["serve"] = command{summary: "run the web app (default)", run: serve}
}

// serve runs the web app until SIGINT or SIGTERM, then lets running
// requests finish.
func serve(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr("BUMMERL_ADDR", ":8080"), "address to listen on (BUMMERL_ADDR)")
	db := fs.String("db", defaultDB(), dbUsage)
	maxConns := fs.Int("max-conns", defaultNetLimits.MaxConns, "connections served at once; more wait until one closes (BUMMERL_MAX_CONNS)")
	baseURL := fs.String("base-url", envOr("BUMMERL_BASE_URL", ""), "address players reach the app under, for QR codes; https makes cookies Secure (BUMMERL_BASE_URL)")
	if v := os.Getenv("BUMMERL_MAX_CONNS"); v != "" {
		if err := fs.Set("max-conns", v); err != nil {
			fmt.Fprintf(stderr, "serve: BUMMERL_MAX_CONNS: %v\n", err)
			return 2
		}
	}
	var proxies proxyList
	fs.Var(&proxies, "trusted-proxy", "CIDR range or address of a reverse proxy whose X-Forwarded-For names the client; repeatable or comma separated (BUMMERL_TRUSTED_PROXY); without it the connection's address counts")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *maxConns < 1 {
		fmt.Fprintf(stderr, "serve: --max-conns must be at least 1, not %d\n", *maxConns)
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
	e, _ := newServer(st, serverConfig{BaseURL: *baseURL, Log: log, TrustedProxies: proxies})
	limits := defaultNetLimits
	limits.MaxConns = *maxConns
	srv, ln := newHTTPServer(e, ln, limits)

	fmt.Fprintf(stdout, "Bummerl läuft / is running (database %s). Open:\n", store.Redact(*db))
	for _, u := range listenURLs(ln.Addr().(*net.TCPAddr), *baseURL) {
		fmt.Fprintf(stdout, "  %s\n", u)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
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

// listenURLs lists the addresses to open: the base URL if set, localhost,
// and every LAN IPv4 address of the machine, so phones on the venue's
// Wi-Fi can connect.
func listenURLs(addr *net.TCPAddr, baseURL string) []string {
	var urls []string
	if baseURL != "" {
		urls = append(urls, baseURL)
	}
	port := fmt.Sprint(addr.Port)
	if !addr.IP.IsUnspecified() {
		return append(urls, "http://"+net.JoinHostPort(addr.IP.String(), port)+"/")
	}
	urls = append(urls, "http://localhost:"+port+"/")
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
			urls = append(urls, "http://"+net.JoinHostPort(ip4.String(), port)+"/")
		}
	}
	return urls
}
