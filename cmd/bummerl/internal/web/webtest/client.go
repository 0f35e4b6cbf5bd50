package webtest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Response is what a test looks at.
type Response struct {
	Status int
	Header http.Header
	Body   string
}

// Location is where a redirect leads.
func (r Response) Location() string { return r.Header.Get("Location") }

// Do sends req and reads the whole answer.
func (c *Client) Do(req *http.Request) Response {
	c.App.T.Helper()
	resp, err := c.HTTP.Do(req)
	if err != nil {
		c.App.T.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.App.T.Fatal(err)
	}
	return Response{resp.StatusCode, resp.Header, string(b)}
}

// Request sends a request to path of the app with the given headers.
func (c *Client) Request(method, path string, body io.Reader, header map[string]string) Response {
	c.App.T.Helper()
	req, err := http.NewRequest(method, c.App.Srv.URL+path, body)
	if err != nil {
		c.App.T.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return c.Do(req)
}

// Get loads path of the app.
func (c *Client) Get(path string) Response {
	c.App.T.Helper()
	return c.Request(http.MethodGet, path, nil, nil)
}

// CSRF is the browser's CSRF token, fetched with a page if it has none yet.
func (c *Client) CSRF() string {
	c.App.T.Helper()
	u, _ := url.Parse(c.App.Srv.URL)
	for range 2 {
		for _, ck := range c.HTTP.Jar.Cookies(u) {
			if ck.Name == CSRFCookie {
				return ck.Value
			}
		}
		c.Get("/login")
	}
	c.App.T.Fatal("no CSRF cookie")
	return ""
}

// Post sends a form with the CSRF token, as the browser does.
func (c *Client) Post(path string, form url.Values) Response {
	c.App.T.Helper()
	form = cloneValues(form)
	form.Set("_csrf", c.CSRF())
	return c.PostRaw(path, form, nil)
}

// Htmx sends a form the way htmx does: token in the header, HX-Request set.
func (c *Client) Htmx(path string, form url.Values) Response {
	c.App.T.Helper()
	return c.PostRaw(path, form, map[string]string{"HX-Request": "true", "X-CSRF-Token": c.CSRF()})
}

// PostRaw sends a form as it is (no CSRF token added) with the headers.
func (c *Client) PostRaw(path string, form url.Values, header map[string]string) Response {
	c.App.T.Helper()
	h := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
	for k, v := range header {
		h[k] = v
	}
	return c.Request(http.MethodPost, path, strings.NewReader(form.Encode()), h)
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

// API sends a JSON request with the given Authorization header ("" for none).
func (c *Client) API(method, path, auth string, body any) Response {
	c.App.T.Helper()
	var r io.Reader
	h := map[string]string{}
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.App.T.Fatal(err)
		}
		r = strings.NewReader(string(b))
		h["Content-Type"] = "application/json"
	}
	if auth != "" {
		h["Authorization"] = auth
	}
	return c.Request(method, path, r, h)
}

// CreateTournament creates a tournament through the form and returns its path /t/ID.
func (c *Client) CreateTournament(form url.Values) string {
	c.App.T.Helper()
	r := c.Post("/tournaments", form)
	if r.Status != http.StatusSeeOther {
		c.App.T.Fatalf("create tournament: status %d\n%s", r.Status, r.Body)
	}
	return strings.TrimSuffix(r.Location(), "/sale")
}

// LoginWith posts the login form with extra headers.
func (c *Client) LoginWith(name, password string, header map[string]string) Response {
	c.App.T.Helper()
	form := url.Values{"name": {name}, "password": {password}, "_csrf": {c.CSRF()}}
	return c.PostRaw("/login", form, header)
}

// BasicWith calls a staff API route with HTTP Basic and extra headers.
func (c *Client) BasicWith(name, password string, header map[string]string) Response {
	c.App.T.Helper()
	h := map[string]string{"Authorization": Basic(name, password)}
	for k, v := range header {
		h[k] = v
	}
	return c.Request(http.MethodGet, "/api/tournaments", nil, h)
}

// Upload posts a file as the import form does: multipart, the CSRF token
// in the form's _csrf field (csrf false leaves it out).
func (c *Client) Upload(path, name string, data []byte, csrf bool) Response {
	c.App.T.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	if csrf {
		w.WriteField("_csrf", c.CSRF())
	}
	if name != "" {
		fw, err := w.CreateFormFile("file", name)
		if err != nil {
			c.App.T.Fatal(err)
		}
		fw.Write(data)
	}
	w.Close()
	return c.Request(http.MethodPost, path, &body, map[string]string{"Content-Type": w.FormDataContentType()})
}

// CookieHeader is the client's cookies for the app, as a Cookie header.
func (c *Client) CookieHeader() string {
	u, _ := url.Parse(c.App.Srv.URL)
	var parts []string
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		parts = append(parts, ck.Name+"="+ck.Value)
	}
	return strings.Join(parts, "; ")
}

// Basic is the Authorization header of HTTP Basic for name and pw.
func Basic(name, pw string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(name+":"+pw))
}

// Decode reads r's JSON body into a T, failing the test on bad JSON.
func Decode[T any](t *testing.T, r Response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(r.Body), &v); err != nil {
		t.Fatalf("decode %q: %v", r.Body, err)
	}
	return v
}

// CSRFCookie is the web app's CSRF cookie (web's csrfCookie, which
// TestCSRFCookieName keeps equal).
const CSRFCookie = "bummerl_csrf"
