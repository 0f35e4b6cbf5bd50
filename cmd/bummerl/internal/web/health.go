package web

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"bummerl/store"
)

// GET /healthz (issue 26, docs/deploy.md "Health"): for a reverse proxy
// or an orchestrator, no login. It tells that the process is up, that the
// database answers and at which schema version, and nothing else:
//
//	200 {"status":"ok","database":"ok","schema":12}
//	503 {"status":"unavailable","database":"unreachable"}
//	503 {"status":"unavailable","database":"ok","schema":11}  (not this program's version)
//
// One small query answers it, at most once a second however many ask
// (healthMemo), and it is never cached by anyone.
type health struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	Schema   int    `json:"schema,omitempty"`
}

// healthEvery is how long one answer of the database stands; healthWait
// bounds the query.
const (
	healthEvery = time.Second
	healthWait  = 2 * time.Second
)

// healthMemo keeps the last answer.
type healthMemo struct {
	mu   sync.Mutex
	at   time.Time
	last health
}

func (s *server) healthz(c echo.Context) error {
	h := s.health.get(func() health {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Request().Context()), healthWait)
		defer cancel()
		v, err := s.store.SchemaVersion(ctx)
		switch {
		case err != nil:
			return health{Status: "unavailable", Database: "unreachable"}
		case v != store.ProgramSchema:
			return health{Status: "unavailable", Database: "ok", Schema: v}
		}
		return health{Status: "ok", Database: "ok", Schema: v}
	})
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	status := http.StatusOK
	if h.Status != "ok" {
		status = http.StatusServiceUnavailable
	}
	return c.JSON(status, h)
}

// get is the last answer if it is recent, else check's.
func (m *healthMemo) get(check func() health) health {
	m.mu.Lock()
	defer m.mu.Unlock()
	if time.Since(m.at) >= healthEvery {
		m.last, m.at = check(), time.Now()
	}
	return m.last
}
