package web

import (
	"context"
	"net/http"

	"bummerl/cmd/bummerl/internal/httpkit"
	"bummerl/views"

	"github.com/labstack/echo/v4"
)

// Every request gets the revision in its context (views.WithRevision, for
// the live script); anonymous GETs are answered from the cache. A render
// takes a render slot (renderslots.go); an answer from the cache none.
func (s *server) cached(next echo.HandlerFunc) echo.HandlerFunc {
	rendered := s.inSlot(next) // what a render runs: in a render slot
	return func(c echo.Context) error {
		req := c.Request()
		id, err := tournamentID(c)
		if err != nil || req.Method != http.MethodGet {
			return next(c)
		}
		rev, updated, err := s.store.Revision(req.Context(), id)
		if err != nil {
			return next(c) // the handler tells what is wrong (404)
		}
		ctx := views.WithRevision(req.Context(), rev)
		// The handler may share the revision's snapshot (snapshot.go).
		ctx = context.WithValue(ctx, snapshotStampKey{}, httpkit.PageStamp{Rev: rev, Updated: updated.UnixMilli()})
		c.SetRequest(req.WithContext(ctx))
		if _, ok := currentUser(c); ok || s.pages == nil {
			return rendered(c)
		}
		setup, _ := c.Get(setupKey).(bool)
		key := httpkit.PageKey{
			ID: id, Stamp: httpkit.PageStamp{Rev: rev, Updated: updated.UnixMilli()}, URL: req.URL.RequestURI(),
			Lang: lang(c), Fragment: isHTMX(c), Setup: setup,
		}
		return s.pages.Serve(c, key, rendered)
	}
}

// liveRenderKey marks the context of a live part's render (renderPart).
type liveRenderKey struct{}

// inSlot runs a page's handler in a render slot.
func (s *server) inSlot(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx := c.Request().Context()
		live, _ := ctx.Value(liveRenderKey{}).(bool)
		if err := s.slots.Acquire(ctx, live); err != nil {
			return err
		}
		defer s.slots.Release()
		return next(c)
	}
}
