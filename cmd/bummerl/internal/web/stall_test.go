package web

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// stalledBody sends the first part of a form and then nothing until
// released: a client on a bad connection, or one holding a request open
// on purpose.
type stalledBody struct {
	first   io.Reader
	release chan struct{}
}

func (b *stalledBody) Read(p []byte) (int, error) {
	if n, err := b.first.Read(p); n > 0 || err != io.EOF {
		return n, err
	}
	<-b.release
	return 0, io.EOF
}

// TestStalledPhysicalDrawBlocksNoWrite: a physical draw whose body stalls
// half way must not hold the store's single writer (issue 7, item 4): while
// it hangs, a sale at another tournament's desk still goes through.
func TestStalledPhysicalDrawBlocksNoWrite(t *testing.T) {
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1)
	other := f.Org.CreateTournament(webtest.SettingsForm(nil))
	form := physicalForm(t, f.Load())
	form.Set("_csrf", f.Org.CSRF())
	enc := form.Encode()

	body := &stalledBody{first: strings.NewReader(enc[:len(enc)/2]), release: make(chan struct{})}
	req, err := http.NewRequest(http.MethodPost, f.App.Srv.URL+f.Path+"/draw/physical", body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", f.Org.CSRF())
	req.ContentLength = int64(len(enc)) // the rest is promised but never comes
	stalled := make(chan int, 1)
	go func() {
		resp, err := f.Org.HTTP.Do(req)
		if err != nil {
			stalled <- 0
			return
		}
		resp.Body.Close()
		stalled <- resp.StatusCode
	}()
	t.Cleanup(func() { close(body.release) })

	// Give the stalled request time to reach the handler, then write.
	time.Sleep(200 * time.Millisecond)
	sold := make(chan webtest.Response, 1)
	go func() {
		sold <- f.Helper.Post(other+"/sale", url.Values{"name": {"Maria Berger"}, "count": {"1"}})
	}()
	select {
	case r := <-sold:
		if r.Status != http.StatusSeeOther {
			t.Fatalf("sale while a draw stalls: status %d\n%s", r.Status, r.Body)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a sale waited behind a stalled physical draw: the draw holds the writer while its body arrives")
	}
	select {
	case code := <-stalled:
		t.Fatalf("the stalled draw was answered (%d) before its body came", code)
	default:
	}
	if n := len(f.Load().Rounds); n != 0 {
		t.Fatalf("%d rounds drawn from half a form", n)
	}
}
