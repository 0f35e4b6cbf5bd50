package httpkit

import (
	"compress/gzip"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"
)

// Compress gzips answers of HTML, CSS, JavaScript and JSON for clients
// that accept gzip (docs/performance.md): a player's page shrinks to a
// fifth over the venue's Wi-Fi. Anything else passes unchanged: the event
// stream (text/event-stream, whose events must not wait in a compressor),
// images, downloads, empty answers, and answers already compressed (the
// static files and the page cache keep theirs gzipped ahead).
func Compress(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.Method == http.MethodHead || !acceptsGzip(req) {
			return next(c)
		}
		res := c.Response()
		gw := &gzipWriter{ResponseWriter: res.Writer}
		res.Writer = gw
		defer func() {
			gw.finish()
			res.Writer = gw.ResponseWriter
		}()
		// Error pages too: the central handler writes them here, while
		// the compressing writer is in place.
		if err := next(c); err != nil {
			c.Error(err)
		}
		return nil
	}
}

// acceptsGzip reports whether the request's Accept-Encoding names gzip
// (not refused with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, h := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(h, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
				continue
			}
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// compressible is whether a content type is worth gzipping on the fly.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	switch strings.TrimSpace(strings.ToLower(ct)) {
	case "text/html", "text/css", "text/javascript", "application/javascript", "application/json":
		return true
	}
	return false
}

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// gzipWriter decides at the first byte of the body whether to compress:
// by then the handler has set the content type.
type gzipWriter struct {
	http.ResponseWriter
	status  int // from WriteHeader, not yet sent
	decided bool
	gz      *gzip.Writer // nil: pass through
}

func (w *gzipWriter) WriteHeader(code int) {
	if w.decided || w.status != 0 {
		return
	}
	if code < 200 || code == http.StatusNoContent || code == http.StatusNotModified {
		w.decided = true
		w.ResponseWriter.WriteHeader(code)
		return
	}
	w.status = code
}

// decide sends the header, compressed or not.
func (w *gzipWriter) decide() {
	if w.decided {
		return
	}
	w.decided = true
	h := w.Header()
	if h.Get(echo.HeaderContentEncoding) == "" && compressible(h.Get(echo.HeaderContentType)) {
		h.Set(echo.HeaderContentEncoding, "gzip")
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
		h.Del(echo.HeaderContentLength)
		w.gz = gzipWriters.Get().(*gzip.Writer)
		w.gz.Reset(w.ResponseWriter)
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.ResponseWriter.WriteHeader(w.status)
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	w.decide()
	if w.gz != nil {
		return w.gz.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// Flush sends what is compressed so far; the event stream relies on
// flushing (it passes uncompressed).
func (w *gzipWriter) Flush() {
	w.decide()
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the connection (the event
// stream's write deadlines).
func (w *gzipWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish ends the gzip stream, or sends a header nobody wrote a body for.
func (w *gzipWriter) finish() {
	if w.gz != nil {
		_ = w.gz.Close()
		w.gz.Reset(nil)
		gzipWriters.Put(w.gz)
		w.gz = nil
		return
	}
	if !w.decided && w.status != 0 {
		w.decided = true
		w.ResponseWriter.WriteHeader(w.status)
	}
}
