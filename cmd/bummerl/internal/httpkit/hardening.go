package httpkit

import (
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// MaxHostLen bounds the Host header used in links and QR codes: a DNS
// name has at most 253 characters, a port six more.
const MaxHostLen = 253 + 6

// ValidHost reports whether h (the request's Host header) is a host name
// or an IP address with an optional port, short enough for a link.
func ValidHost(h string) bool {
	if h == "" || len(h) > MaxHostLen {
		return false
	}
	host, port, err := net.SplitHostPort(h)
	if err != nil {
		host, port = h, ""
	} else if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || strings.Trim(port, "0123456789") != "" {
		return false
	}
	if net.ParseIP(host) != nil {
		return true
	}
	for label := range strings.SplitSeq(host, ".") {
		if label == "" || len(label) > 63 ||
			strings.Trim(strings.ToLower(label), "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return false
		}
	}
	return true
}

// RequestHostBase is the base URL of the request when no --base-url is
// set: its scheme (http or https only) and its Host header, or, for a
// missing, overlong or malformed Host header, the local address the
// connection came in on.
func RequestHostBase(c echo.Context) string {
	scheme := "http"
	if c.Scheme() == "https" {
		scheme = "https"
	}
	host := c.Request().Host
	if !ValidHost(host) {
		host = "localhost"
		if a, ok := c.Request().Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			host = a.String()
		}
	}
	return scheme + "://" + host
}

// CSRFTokenFromBody hands the _csrf field of a posted form body to the
// CSRF check as if it came in the header: the check reads the header only,
// because Echo's form lookup (FormValue) also takes ?_csrf= from the
// address, which ends up in logs, history and Referer headers.
func CSRFTokenFromBody(c echo.Context) {
	r := c.Request()
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return
	}
	if r.Header.Get(echo.HeaderXCSRFToken) != "" {
		return
	}
	if tok := r.PostFormValue("_csrf"); tok != "" {
		r.Header.Set(echo.HeaderXCSRFToken, tok)
	}
}
