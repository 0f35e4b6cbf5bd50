package views

import (
	"context"
	"io"
	"io/fs"
	"strconv"

	"bummerl/static"

	"github.com/a-h/templ"
)

// Live pages (docs/web.md, "Live updates"). A page that refreshes itself
// is drawn with LiveLayout instead of Layout: its <body> then carries
// data-live="/t/ID/events" (the stream of the tournament's revisions) and
// data-live-rev (the revision the page was drawn at), and visitors without
// JavaScript get a slow meta refresh. Each part to refresh carries
// data-live-src="URL", a URL that answers the part alone with the header
// HX-Request: true: a visitor's stream brings it rendered after every
// change, a logged-in user's page fetches it (static/app.js).

type liveKey struct{}

type revisionKey struct{}

// WithRevision records the tournament revision a page is drawn at; the
// server sets it for the public pages of a tournament.
func WithRevision(ctx context.Context, rev int64) context.Context {
	return context.WithValue(ctx, revisionKey{}, rev)
}

// LiveURL is the event stream of tournament id.
func LiveURL(id int64) string { return tournamentPath(id, "/events") }

// LiveLayout is Layout for a live page of tournament id.
func LiveLayout(title string, id int64) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return Layout(title).Render(context.WithValue(ctx, liveKey{}, LiveURL(id)), w)
	})
}

// liveURL is the stream of a live page, "" for other pages.
func liveURL(ctx context.Context) string {
	u, _ := ctx.Value(liveKey{}).(string)
	return u
}

// liveRev is the revision a live page was drawn at, "" if unknown (the
// script then fetches the parts once on the first event).
func liveRev(ctx context.Context) string {
	if rev, ok := ctx.Value(revisionKey{}).(int64); ok {
		return strconv.FormatInt(rev, 10)
	}
	return ""
}

// metaRefresh is the fallback without JavaScript: visitors' live pages
// reload themselves this often (seconds). Staff pages do not, so a form
// being typed is not lost.
const metaRefresh = "30"

type assetsKey struct{}

// withAssets renders page with a page family's own style sheet and script,
// /static/NAME.css and /static/NAME.js if there is one, loaded after style.css and before
// app.js (Layout, screenFrame): what the other pages, above all a phone's
// player page, need not load.
func withAssets(name string, page templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return page.Render(context.WithValue(ctx, assetsKey{}, name), w)
	})
}

// ownScript is the path of the page family's script, "" when withAssets
// names none or the family has a style sheet only.
func ownScript(ctx context.Context) string {
	name := ownAssets(ctx)
	if name == "" {
		return ""
	}
	if _, err := fs.Stat(static.FS, name+".js"); err != nil {
		return ""
	}
	return "/static/" + name + ".js"
}

// ownAssets is the name given to withAssets, "" for none.
func ownAssets(ctx context.Context) string {
	s, _ := ctx.Value(assetsKey{}).(string)
	return s
}
