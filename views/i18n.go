// Package views renders the web app's pages with templ. It holds view
// models and the message catalogue only; it never sees the store or Echo.
package views

import (
	"context"
	"fmt"
	"net/url"
	"strings"
)

// Msg is one user-facing text in both languages.
type Msg struct{ De, En string }

// Languages the app speaks; the first is the default.
var Languages = []string{"de", "en"}

// catalogue maps a message key to its texts. Each page family keeps its
// keys in its own msg_*.go file; register merges them at start-up.
var catalogue = map[string]Msg{}

// register adds a page family's messages; a key defined twice is a
// programming error caught at start-up (and by the tests).
func register(msgs map[string]Msg) {
	for k, m := range msgs {
		if _, dup := catalogue[k]; dup {
			panic("views: message key defined twice: " + k)
		}
		catalogue[k] = m
	}
}

// Text returns the message for key in lang ("de" or "en"); an unknown key
// shows itself so a missing text is visible instead of silently empty.
func Text(lang, key string) string {
	m, ok := catalogue[key]
	if !ok {
		return key
	}
	if lang == "en" {
		return m.En
	}
	return m.De
}

// Textf formats the message for key with args (fmt verbs in the texts).
func Textf(lang, key string, args ...any) string {
	return fmt.Sprintf(Text(lang, key), args...)
}

// Refusalf is Textf for a refusal whose values may be refusals too (a
// domain error inside a store's): those are worded in lang as well.
func Refusalf(lang, key string, args ...any) string {
	worded := make([]any, len(args))
	for i, a := range args {
		if t, ok := a.(interface{ Text(string) string }); ok {
			a = t.Text(lang)
		}
		worded[i] = a
	}
	return Textf(lang, key, worded...)
}

// Countf is Textf for a message about n things whose first argument is
// n: with n = 1 the key's singular, key + "_one" ("1 pt", not "1 pts").
func Countf(lang, key string, n int, args ...any) string {
	if n == 1 {
		key += "_one"
	}
	return Textf(lang, key, append([]any{n}, args...)...)
}

// Keys lists every message key; the tests check them.
func Keys() []string {
	keys := make([]string, 0, len(catalogue))
	for k := range catalogue {
		keys = append(keys, k)
	}
	return keys
}

// Lookup reports the texts of key and whether it exists.
func Lookup(key string) (Msg, bool) {
	m, ok := catalogue[key]
	return m, ok
}

// Env is what every page needs besides its own view model: who is
// looking, in which language, and the CSRF token for its forms. The
// handlers put it into the context that templ passes to every component.
type Env struct {
	Lang  string // "de" or "en"
	CSRF  string
	User  string // "" when nobody is logged in
	Role  string // "organiser" or "helper"
	Path  string // the current path, for the language switch
	Query string // the current raw query, kept by the language switch
	Setup bool   // first start: no account exists, so there is nobody to log in as
	Event string // a tournament page's date, start and venue in words, or "" (issue 9)
	// NoBackup hides the backup download: PostgreSQL is backed up with
	// pg_dump on the database server (issue 13).
	NoBackup bool
}

type envKey struct{}

// WithEnv returns ctx carrying env.
func WithEnv(ctx context.Context, env Env) context.Context {
	return context.WithValue(ctx, envKey{}, env)
}

// EnvOf returns the Env in ctx, or the default (German, anonymous).
func EnvOf(ctx context.Context) Env {
	if e, ok := ctx.Value(envKey{}).(Env); ok {
		return e
	}
	return Env{Lang: "de"}
}

// t is the templates' shorthand for the message key in the page's language.
func t(ctx context.Context, key string) string { return Text(EnvOf(ctx).Lang, key) }

// tf is t with fmt arguments.
func tf(ctx context.Context, key string, args ...any) string {
	return Textf(EnvOf(ctx).Lang, key, args...)
}

// isOrganiser reports whether the viewer may use organiser-only controls.
func isOrganiser(ctx context.Context) bool { return EnvOf(ctx).Role == "organiser" }

// loggedIn reports whether somebody is logged in.
func loggedIn(ctx context.Context) bool { return EnvOf(ctx).User != "" }

// langURL is the current page in another language: the same path and
// query (a search, a filter), only lang replaced. lang goes last so the
// rest of the address reads as before.
func langURL(ctx context.Context, lang string) string {
	env := EnvOf(ctx)
	p := env.Path
	if p == "" || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") {
		p = "/"
	}
	// The path is decoded: escape it again, or a typed "/%5Cevil.example"
	// would link to "/\evil.example", which browsers read as another site.
	p = (&url.URL{Path: p}).EscapedPath()
	// A query that does not parse is dropped rather than passed on.
	q, err := url.ParseQuery(env.Query)
	if err != nil {
		q = url.Values{}
	}
	q.Del("lang")
	if rest := q.Encode(); rest != "" {
		return p + "?" + rest + "&lang=" + url.QueryEscape(lang)
	}
	return p + "?lang=" + url.QueryEscape(lang)
}
