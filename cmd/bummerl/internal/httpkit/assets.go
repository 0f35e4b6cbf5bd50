package httpkit

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// StaticFiles serves the embedded assets under /static/ (GET and HEAD):
// each with a strong ETag, the hash of its content, so a browser asks
// again with If-None-Match and gets a 304 without the body; kept an hour
// (Cache-Control) before it asks; gzipped ahead once at start for clients
// that accept it (docs/performance.md).
type StaticFiles map[string]*staticFile

type staticFile struct {
	body, gz     []byte // gz nil: not worth compressing
	etag, gzETag string // the gzipped body is another representation
	contentType  string
}

// staticMaxAge is how long a browser keeps an asset without asking.
const staticMaxAge = "public, max-age=3600"

// NewStaticFiles reads every file of fsys.
func NewStaticFiles(fsys fs.FS) (StaticFiles, error) {
	files := StaticFiles{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		if path.Ext(name) == ".js" {
			body = StripLineComments(body)
		}
		sum := sha256.Sum256(body)
		tag := hex.EncodeToString(sum[:16])
		f := &staticFile{body: body, etag: `"` + tag + `"`, contentType: mime.TypeByExtension(path.Ext(name))}
		if f.contentType == "" {
			f.contentType = http.DetectContentType(body)
		}
		if compressible(f.contentType) {
			if gz := gzipBytes(body); len(gz) < len(body) {
				f.gz, f.gzETag = gz, `"`+tag+`-gz"`
			}
		}
		files[name] = f
		return nil
	})
	return files, err
}

// StripLineComments drops the lines of our scripts that are comments
// alone (and blank lines): the source explains itself at length, a phone
// on the venue's Wi-Fi needs none of it. A "//" inside a line (a URL in a
// string) stays; the minified htmx has no such lines.
func StripLineComments(js []byte) []byte {
	var out []byte
	for line := range strings.SplitAfterSeq(string(js), "\n") {
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		out = append(out, line...)
	}
	return out
}

// Serve answers GET and HEAD of /static/NAME.
func (sf StaticFiles) Serve(c echo.Context) error {
	f, ok := sf[c.Param("*")]
	if !ok {
		return echo.ErrNotFound
	}
	req, res := c.Request(), c.Response()
	h := res.Header()
	body, etag := f.body, f.etag
	if f.gz != nil {
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
		if acceptsGzip(req) {
			body, etag = f.gz, f.gzETag
			h.Set(echo.HeaderContentEncoding, "gzip")
		}
	}
	h.Set("ETag", etag)
	h.Set(echo.HeaderCacheControl, staticMaxAge)
	if f.matches(req.Header.Get("If-None-Match")) {
		h.Del(echo.HeaderContentEncoding)
		return c.NoContent(http.StatusNotModified)
	}
	h.Set(echo.HeaderContentType, f.contentType)
	h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	res.WriteHeader(http.StatusOK)
	if req.Method == http.MethodHead {
		return nil
	}
	_, err := res.Write(body)
	return err
}

// matches is If-None-Match's test: any listed tag of either
// representation (weak comparison, as RFC 9110 asks for this header).
func (f *staticFile) matches(ifNoneMatch string) bool {
	if ifNoneMatch == "" {
		return false
	}
	for tag := range strings.SplitSeq(ifNoneMatch, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == f.etag || (f.gzETag != "" && tag == f.gzETag) {
			return true
		}
	}
	return false
}
