package store_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"bummerl/store"
)

func TestAddUser(t *testing.T) {
	s := MustOpen(t)
	if n, err := s.CountUsers(ctx); n != 0 || err != nil {
		t.Fatalf("CountUsers of a new database: %d, %v", n, err)
	}
	anna, err := s.AddUser(ctx, "  Anna  ", "geheim123", store.Organiser)
	if err != nil {
		t.Fatal(err)
	}
	if anna.ID == 0 || anna.Name != "Anna" || anna.Role != store.Organiser {
		t.Fatalf("got %+v", anna)
	}
	tests := map[string]struct {
		name, password string
		role           store.Role
		want           error
		text           string // part of the English message
	}{
		"duplicate":          {"Anna", "geheim123", store.Helper, store.ErrUserExists, `"Anna" exists`},
		"duplicate any case": {"ANNA", "geheim123", store.Helper, store.ErrUserExists, `"ANNA" exists`},
		"empty name":         {"   ", "geheim123", store.Helper, store.ErrBadUser, "name is empty"},
		"long name":          {strings.Repeat("x", 65), "geheim123", store.Helper, store.ErrBadUser, "longer than 64"},
		"control character":  {"Anna\nBerta", "geheim123", store.Helper, store.ErrBadUser, "control character"},
		"short password":     {"Berta", "1234567", store.Helper, store.ErrBadUser, "shorter than 8"},
		"long password":      {"Berta", strings.Repeat("p", 73), store.Helper, store.ErrBadUser, "longer than 72"},
		"unknown role":       {"Berta", "geheim123", "admin", store.ErrBadUser, `unknown role "admin"`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := s.AddUser(ctx, tc.name, tc.password, tc.role)
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
				t.Fatalf("got %v, want %v containing %q", err, tc.want, tc.text)
			}
			var e *store.Error
			if !errors.As(err, &e) || e.Text("de") == "" || e.Text("de") == e.Text("en") {
				t.Fatalf("%v has no German text", err)
			}
		})
	}
	berta, err := s.AddUser(ctx, "Berta", "12345678", store.Helper)
	if err != nil {
		t.Fatal(err)
	}
	users, err := s.Users(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []store.User{anna, berta}; !reflect.DeepEqual(users, want) {
		t.Fatalf("Users: got %+v, want %+v", users, want)
	}
	if n, err := s.CountUsers(ctx); n != 2 || err != nil {
		t.Fatalf("CountUsers: %d, %v", n, err)
	}
}

func TestCheckPassword(t *testing.T) {
	s := MustOpen(t)
	anna, err := s.AddUser(ctx, "Anna", "Geheim123!", store.Helper)
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]struct {
		name, password string
		ok             bool
	}{
		"right":          {"Anna", "Geheim123!", true},
		"name any case":  {"anna", "Geheim123!", true},
		"wrong password": {"Anna", "geheim123!", false},
		"empty password": {"Anna", "", false},
		"unknown user":   {"Otto", "Geheim123!", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := s.CheckPassword(ctx, tc.name, tc.password)
			if tc.ok {
				if err != nil || got != anna {
					t.Fatalf("got %+v, %v; want %+v", got, err, anna)
				}
			} else if err != store.ErrBadLogin {
				t.Fatalf("got %+v, %v; want ErrBadLogin", got, err)
			}
		})
	}
}

func TestSessions(t *testing.T) {
	s := MustOpen(t)
	now := time.Date(2025, 11, 8, 18, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { return now }
	anna, err := s.AddUser(ctx, "Anna", "geheim123", store.Organiser)
	if err != nil {
		t.Fatal(err)
	}
	token, err := s.NewSession(ctx, anna.ID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.NewSession(ctx, anna.ID, 3*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if len(token) < 40 || token == other {
		t.Fatalf("tokens %q and %q are not long random strings", token, other)
	}
	check := func(token string, want error) {
		t.Helper()
		got, err := s.SessionUser(ctx, token)
		if err != want || (want == nil && got != anna) {
			t.Fatalf("SessionUser at %v: %+v, %v; want %v", now, got, err, want)
		}
	}
	check(token, nil)
	check(token+"x", store.ErrNotFound)
	check("", store.ErrNotFound)
	now = now.Add(time.Hour - time.Millisecond)
	check(token, nil)
	now = now.Add(time.Millisecond)
	check(token, store.ErrNotFound) // expired
	check(other, nil)
	if err := s.DeleteSession(ctx, other); err != nil {
		t.Fatal(err)
	}
	check(other, store.ErrNotFound)
	if err := s.DeleteSession(ctx, other); err != nil {
		t.Fatalf("logging out twice: %v", err)
	}
	if _, err := s.NewSession(ctx, anna.ID+1, time.Hour); err != store.ErrNotFound {
		t.Fatalf("session for an unknown user: %v", err)
	}
	if _, err := s.NewSession(ctx, anna.ID, 0); err == nil {
		t.Fatal("session with no lifetime")
	}
}

func TestAPITokens(t *testing.T) {
	s := MustOpen(t)
	anna, err := s.AddUser(ctx, "Anna", "geheim123", store.Organiser)
	if err != nil {
		t.Fatal(err)
	}
	token, err := s.NewAPIToken(ctx, anna.ID, "Anzeigetafel")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.TokenUser(ctx, token); err != nil || got != anna {
		t.Fatalf("TokenUser: %+v, %v", got, err)
	}
	if _, err := s.TokenUser(ctx, token[1:]); err != store.ErrNotFound {
		t.Fatalf("TokenUser of a wrong token: %v", err)
	}
	session, err := s.NewSession(ctx, anna.ID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.TokenUser(ctx, session); err != store.ErrNotFound {
		t.Fatalf("a session token works as an API token: %v", err)
	}
	if _, err := s.NewAPIToken(ctx, 99, "x"); err != store.ErrNotFound {
		t.Fatalf("API token for an unknown user: %v", err)
	}
}
