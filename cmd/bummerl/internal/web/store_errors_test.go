package web

import (
	"net/http"
	"strings"
	"testing"

	"bummerl/store"
	"bummerl/views"
)

// Every kind of refusal the store returns has its message in both
// languages in the views' catalogue, and the one error map gives it a
// status of its own (not the 500 of an unknown error); the catalogue has
// no store message that no refusal uses.
func TestStoreErrorsWorded(t *testing.T) {
	kinds := store.Errors()
	if len(kinds) == 0 {
		t.Fatal("store.Errors lists no refusal")
	}
	used := map[string]bool{}
	for _, e := range kinds {
		key := "store." + e.Key()
		used[key] = true
		m, ok := views.Lookup(key)
		if !ok || strings.TrimSpace(m.De) == "" || strings.TrimSpace(m.En) == "" {
			t.Errorf("%s (code %s) has no message in both languages in views/msg_store.go: %+v", key, e.Code, m)
		}
		if status := statusOf(e); status == http.StatusInternalServerError {
			t.Errorf("%s (code %s) has no status in statusOf", key, e.Code)
		}
	}
	for _, key := range views.Keys() {
		if strings.HasPrefix(key, "store.") && !used[key] {
			t.Errorf("%s is no refusal of the store (store.Errors)", key)
		}
	}
}

// A table keeps the store's own refusal to record its result by key, and
// the staff read it in their language (adminTable); a domain refusal is
// kept in German and shown as kept.
func TestTableResultRefusalWorded(t *testing.T) {
	for _, tc := range []struct{ kept, lang, want string }{
		{"table_match_changed", "de", "Die Partie hat jetzt andere Karten"},
		{"table_match_changed", "en", "the match has other cards now"},
		{"Partie 3 hat schon ein Ergebnis", "en", "Partie 3 hat schon ein Ergebnis"},
	} {
		r := store.DigitalTable{ResultError: tc.kept}.ResultRefusal()
		if r == nil {
			t.Fatalf("%q: no refusal", tc.kept)
		}
		if got := ErrorText(r, tc.lang); got != tc.want {
			t.Errorf("%q in %s: %q, want %q", tc.kept, tc.lang, got, tc.want)
		}
	}
	if r := (store.DigitalTable{}).ResultRefusal(); r != nil {
		t.Errorf("a table without a refusal has %v", r)
	}
}
