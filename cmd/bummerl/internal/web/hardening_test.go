package web

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/store"
)

// TestSetupStalledBody: a setup request whose body stalls does not hold
// the setup lock; the person at the laptop can still set up at once.
func TestSetupStalledBody(t *testing.T) {
	app := newTestApp(t)
	conn, err := net.Dial("tcp", app.Srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A same-origin browser needs no token, so nothing reads the body
	// before the handler; half of it never comes.
	body := "name=Mallory&password=geheim123"
	fmt.Fprintf(conn, "POST /setup HTTP/1.1\r\nHost: bummerl.test\r\nSec-Fetch-Site: same-origin\r\n"+
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s", 2*len(body), body)
	time.Sleep(300 * time.Millisecond) // let it reach the handler

	c := app.Client()
	c.HTTP.Timeout = 5 * time.Second
	form := url.Values{"name": {"Anna"}, "password": {"geheim123"}, "_csrf": {c.CSRF()}}
	req, err := http.NewRequest(http.MethodPost, app.Srv.URL+"/setup", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatalf("setup while another setup's body stalls: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("setup: status %d, want 303", resp.StatusCode)
	}
	if _, err := app.Store.CheckPassword(t.Context(), "Anna", "geheim123"); err != nil {
		t.Errorf("Anna after setup: %v", err)
	}
	if n, err := app.Store.CountUsers(t.Context()); err != nil || n != 1 {
		t.Errorf("users = %d, %v; want 1", n, err)
	}
}

// TestStaticFilesOnly: /static/ serves the assets, not a listing of them.
func TestStaticFilesOnly(t *testing.T) {
	app := newTestApp(t)
	c := app.Client()
	for _, p := range []string{"/static/", "/static/./", "/static"} {
		r := c.Get(p)
		if r.Status != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, r.Status)
		}
		webtest.MustNotContain(t, r.Body, `href="app.js"`, `href="style.css"`) // a listing
	}
	if r := c.Get("/static/style.css"); r.Status != http.StatusOK {
		t.Errorf("GET /static/style.css: status %d", r.Status)
	}
	if r := c.Request(http.MethodHead, "/static/htmx.min.js", nil, nil); r.Status != http.StatusOK {
		t.Errorf("HEAD /static/htmx.min.js: status %d", r.Status)
	}
}

// TestCSRFNotFromQuery: the token counts in the posted form or the header,
// not in the address (?_csrf=), where logs and Referer headers keep it.
func TestCSRFNotFromQuery(t *testing.T) {
	app := newTestApp(t)
	c := app.LoggedIn("Anna", store.Organiser)
	tok := c.CSRF()
	if r := c.PostRaw("/tournaments?_csrf="+url.QueryEscape(tok), webtest.SettingsForm(nil), nil); r.Status != http.StatusForbidden {
		t.Errorf("token in the query: status %d, want 403", r.Status)
	}
	if list, err := app.Store.Tournaments(t.Context()); err != nil || len(list) != 0 {
		t.Fatalf("tournaments after the refused post: %v, %v", list, err)
	}
	if r := c.Post("/tournaments", webtest.SettingsForm(nil)); r.Status != http.StatusSeeOther {
		t.Errorf("token in the form: status %d, want 303", r.Status)
	}
	if r := c.Htmx("/tournaments", webtest.SettingsForm(nil)); r.Status != http.StatusSeeOther {
		t.Errorf("token in the header: status %d, want 303", r.Status)
	}
}

// TestQRHostBounded: without --base-url the QR codes link to the request's
// Host; an overlong or malformed one gives the connection's local address
// instead of a 500.
func TestQRHostBounded(t *testing.T) {
	app := newTestAppConfig(t, func(c *Config) { c.BaseURL = "" })
	org := app.LoggedIn("Anna", store.Organiser)
	path := org.CreateTournament(webtest.SettingsForm(nil))
	if r := org.Post(path+"/sale", url.Values{"name": {"Franz"}, "count": {"1"}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sale: status %d\n%s", r.Status, r.Body)
	}
	withHost := func(c *webtest.Client, p, host string) webtest.Response {
		req, err := http.NewRequest(http.MethodGet, app.Srv.URL+p, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		// The client's cookie jar goes by the Host header: send the
		// session of the server's address by hand.
		for _, ck := range c.HTTP.Jar.Cookies(req.URL) {
			req.AddCookie(ck)
		}
		return c.Do(req)
	}
	local := "http://" + app.Srv.Listener.Addr().String()
	long := strings.Repeat("a", 5000) + ".example"
	r := withHost(app.Client(), path+"/card/1/qr.png", long)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "image/png" {
		t.Errorf("QR code with a 5,000-character Host: status %d, %s", r.Status, r.Header.Get("Content-Type"))
	}
	for host, base := range map[string]string{
		long:                  local,
		"bummerl.local:8080":  "http://bummerl.local:8080",
		"192.168.1.20:8080":   "http://192.168.1.20:8080",
		"a_b.example":         local,
		"bummerl.local:99999": local,
	} {
		r := withHost(org, path+"/entry-cards", host)
		if r.Status != http.StatusOK {
			t.Errorf("entry cards with Host %.40q: status %d %s", host, r.Status, r.Location())
			continue
		}
		webtest.MustContain(t, r.Body, base+path+"/card/1")
		if len(host) > httpkit.MaxHostLen {
			webtest.MustNotContain(t, r.Body, host[:300])
		}
	}
}

func TestValidHost(t *testing.T) {
	for h, want := range map[string]bool{
		"localhost": true, "localhost:8080": true, "bummerl.local": true, "192.168.1.20:8080": true,
		"[::1]:8080": true, "xn--brhl-1ra.at": true,
		"": false, strings.Repeat("a", 64) + ".at": false, strings.Repeat("a.", 130) + "at": false,
		"a..b": false, "a_b": false, "host:": false, "host:80x": false, "host:123456": false, "a b": false,
	} {
		if got := httpkit.ValidHost(h); got != want {
			t.Errorf("validHost(%.40q) = %v, want %v", h, got, want)
		}
	}
}
