package web

import (
	"bufio"
	"fmt"
	"net"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web/webtest"
)

// BenchmarkStreamMemory measures what an open phone stream costs the
// server (issue 19, docs/performance.md): 1,000 streams with a part each
// are opened on raw connections (the client side holds no goroutine or
// buffer of its own), and the heap and stacks in use are compared before
// and after. Reported as bytes/stream; ns/op is the time to open them.
func BenchmarkStreamMemory(b *testing.B) {
	const n = 1000
	app, path := benchApp(b, 256)
	serverOf(app).live.perIP = n
	id := webtest.TournamentOf(b, path)
	addr := app.Srv.Listener.Addr().String()
	req := fmt.Sprintf("GET %s/events?%s HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: same-origin\r\n\r\n",
		path, url.Values{"part": {path + "/card/1"}, "rev": {"0"}}.Encode())
	var stack uint64
	inUse := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		stack = ms.StackInuse
		return ms.HeapInuse + ms.StackInuse
	}
	var perStream, stackPer float64
	for b.Loop() {
		before := inUse()
		conns := make([]net.Conn, 0, n)
		for range n {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				b.Fatal(err)
			}
			fmt.Fprint(c, req)
			// The answer's head and the first event: the stream is open.
			br := bufio.NewReaderSize(c, 16)
			c.SetReadDeadline(time.Now().Add(10 * time.Second))
			if line, err := br.ReadString('\n'); err != nil || !strings.Contains(line, "200") {
				b.Fatalf("stream: %q %v", line, err)
			}
			conns = append(conns, c)
		}
		for app.Store.Subscribers(id) < n {
			time.Sleep(time.Millisecond)
		}
		stack0 := stack
		perStream = float64(inUse()-before) / n
		stackPer = float64(stack-stack0) / n
		for _, c := range conns {
			c.Close()
		}
		for app.Store.Subscribers(id) > 0 {
			time.Sleep(time.Millisecond)
		}
	}
	b.ReportMetric(perStream, "bytes/stream")
	b.ReportMetric(stackPer, "stack-bytes/stream")
}
