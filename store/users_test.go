package store_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"bummerl/store"
)

func TestAddUser(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		if n, err := s.CountUsers(ctx); n != 0 || err != nil {
			t.Fatalf("CountUsers of a new database: %d, %v", n, err)
		}
		anna, err := s.AddUser(ctx, admin, "  Anna  ", "geheim123", store.Organiser)
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
			text           string // part of the log text: the message's key and values
		}{
			"duplicate":          {"Anna", "geheim123", store.Helper, store.ErrUserExists, "user_exists_named [Anna]"},
			"duplicate any case": {"ANNA", "geheim123", store.Helper, store.ErrUserExists, "user_exists_named [ANNA]"},
			"empty name":         {"   ", "geheim123", store.Helper, store.ErrBadUser, "user_name_empty"},
			"long name":          {strings.Repeat("x", 81), "geheim123", store.Helper, store.ErrBadUser, "at most 80 characters"},
			"control character":  {"Anna\nBerta", "geheim123", store.Helper, store.ErrBadUser, "control character"},
			"zero-width twin":    {"anna\u200b", "geheim123", store.Helper, store.ErrBadUser, "invisible character (U+200B)"},
			"RLO":                {"\u202eannA", "geheim123", store.Helper, store.ErrBadUser, "invisible character (U+202E)"},
			"invalid UTF-8":      {"Ann\xe4", "geheim123", store.Helper, store.ErrBadUser, "not valid UTF-8"},
			"full-width twin":    {"ＡＮＮＡ", "geheim123", store.Helper, store.ErrUserExists, "user_exists_named [ＡＮＮＡ]"},
			"short password":     {"Berta", "1234567", store.Helper, store.ErrBadUser, "password_short [8]"},
			"long password":      {"Berta", strings.Repeat("p", 73), store.Helper, store.ErrBadUser, "password_long [72]"},
			"unknown role":       {"Berta", "geheim123", "admin", store.ErrBadUser, "bad_role [admin]"},
		}
		for name, tc := range tests {
			t.Run(name, func(t *testing.T) {
				_, err := s.AddUser(ctx, admin, tc.name, tc.password, tc.role)
				if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
					t.Fatalf("got %v, want %v containing %q", err, tc.want, tc.text)
				}
			})
		}
		// Names are unique after Unicode case folding, not only ASCII's.
		if _, err := s.AddUser(ctx, admin, "Ärger", "geheim123", store.Helper); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddUser(ctx, admin, "äRGER", "geheim123", store.Helper); !errors.Is(err, store.ErrUserExists) {
			t.Fatalf("Ärger twice: %v", err)
		}
		if err := s.RemoveUser(ctx, admin, anna.ID+1); err != nil {
			t.Fatal(err)
		}
		// Names are stored in NFC.
		if u, err := s.AddUser(ctx, admin, "Zo\u0308e", "geheim123", store.Helper); err != nil || u.Name != "Zöe" {
			t.Fatalf("NFC: %+v, %v", u, err)
		} else if err := s.RemoveUser(ctx, admin, u.ID); err != nil {
			t.Fatal(err)
		}
		berta, err := s.AddUser(ctx, admin, "Berta", "12345678", store.Helper)
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
	})
}

func TestCheckPassword(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		anna, err := s.AddUser(ctx, admin, "Anna", "Geheim123!", store.Helper)
		if err != nil {
			t.Fatal(err)
		}
		tests := map[string]struct {
			name, password string
			ok             bool
		}{
			"right":          {"Anna", "Geheim123!", true},
			"name any case":  {"anna", "Geheim123!", true},
			"name folded":    {"ＡＮＮＡ", "Geheim123!", true},
			"name with ZWSP": {"an\u200bna", "Geheim123!", true},
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
	})
}

func TestSessions(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		now := time.Date(2025, 11, 8, 18, 0, 0, 0, time.UTC)
		s.Now = func() time.Time { return now }
		anna, err := s.AddUser(ctx, admin, "Anna", "geheim123", store.Organiser)
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
	})
}

func TestAPITokens(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		anna, err := s.AddUser(ctx, admin, "Anna", "geheim123", store.Organiser)
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
	})
}

// Organisers manage the accounts: change a role, reset a password, remove
// a user. The last organiser stays one; a reset or a removal ends the
// user's sessions.
func TestChangeUsers(t *testing.T) {
	t.Parallel()
	type users struct{ anna, berta, hans store.User }
	tests := map[string]struct {
		change    func(s *store.Store, u users) error
		want      error
		role      map[string]store.Role // roles after, by name; missing: removed
		loggedOut string                // whose session ends
	}{
		"helper to organiser": {func(s *store.Store, u users) error { return s.SetRole(ctx, admin, u.hans.ID, store.Organiser) }, nil,
			map[string]store.Role{"Anna": store.Organiser, "Berta": store.Organiser, "Hans": store.Organiser}, ""},
		"organiser to helper": {func(s *store.Store, u users) error { return s.SetRole(ctx, admin, u.berta.ID, store.Helper) }, nil,
			map[string]store.Role{"Anna": store.Organiser, "Berta": store.Helper, "Hans": store.Helper}, ""},
		"last organiser to helper": {func(s *store.Store, u users) error {
			if err := s.SetRole(ctx, admin, u.berta.ID, store.Helper); err != nil {
				return err
			}
			return s.SetRole(ctx, admin, u.anna.ID, store.Helper)
		}, store.ErrLastOrganiser, map[string]store.Role{"Anna": store.Organiser, "Berta": store.Helper, "Hans": store.Helper}, ""},
		"unknown role": {func(s *store.Store, u users) error { return s.SetRole(ctx, admin, u.hans.ID, "boss") }, store.ErrBadUser,
			map[string]store.Role{"Anna": store.Organiser, "Berta": store.Organiser, "Hans": store.Helper}, ""},
		"role of nobody": {func(s *store.Store, u users) error { return s.SetRole(ctx, admin, 99, store.Helper) }, store.ErrNotFound,
			map[string]store.Role{"Anna": store.Organiser, "Berta": store.Organiser, "Hans": store.Helper}, ""},
		"reset password": {func(s *store.Store, u users) error { return s.SetPassword(ctx, admin, u.hans.ID, "neues-passwort") }, nil,
			map[string]store.Role{"Anna": store.Organiser, "Berta": store.Organiser, "Hans": store.Helper}, "Hans"},
		"password too short": {func(s *store.Store, u users) error { return s.SetPassword(ctx, admin, u.hans.ID, "kurz") }, store.ErrBadUser,
			map[string]store.Role{"Anna": store.Organiser, "Berta": store.Organiser, "Hans": store.Helper}, ""},
		"remove helper": {func(s *store.Store, u users) error { return s.RemoveUser(ctx, admin, u.hans.ID) }, nil,
			map[string]store.Role{"Anna": store.Organiser, "Berta": store.Organiser}, "Hans"},
		"remove organiser": {func(s *store.Store, u users) error { return s.RemoveUser(ctx, admin, u.berta.ID) }, nil,
			map[string]store.Role{"Anna": store.Organiser, "Hans": store.Helper}, "Berta"},
		"remove last organiser": {func(s *store.Store, u users) error {
			if err := s.RemoveUser(ctx, admin, u.berta.ID); err != nil {
				return err
			}
			return s.RemoveUser(ctx, admin, u.anna.ID)
		}, store.ErrLastOrganiser, map[string]store.Role{"Anna": store.Organiser, "Hans": store.Helper}, "Berta"},
		"remove nobody": {func(s *store.Store, u users) error { return s.RemoveUser(ctx, admin, 99) }, store.ErrNotFound,
			map[string]store.Role{"Anna": store.Organiser, "Berta": store.Organiser, "Hans": store.Helper}, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			eachStore(t, func(t *testing.T, open func() *store.Store) {
				s := open()
				var u users
				sessions := map[string]string{}
				for _, a := range []struct {
					p    *store.User
					name string
					role store.Role
				}{{&u.anna, "Anna", store.Organiser}, {&u.berta, "Berta", store.Organiser}, {&u.hans, "Hans", store.Helper}} {
					var err error
					if *a.p, err = s.AddUser(ctx, admin, a.name, a.name+"-password", a.role); err != nil {
						t.Fatal(err)
					}
					if sessions[a.name], err = s.NewSession(ctx, a.p.ID, time.Hour); err != nil {
						t.Fatal(err)
					}
				}
				if err := tc.change(s, u); !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
					t.Fatalf("err = %v, want %v", err, tc.want)
				}
				all, err := s.Users(ctx)
				if err != nil {
					t.Fatal(err)
				}
				got := map[string]store.Role{}
				for _, x := range all {
					got[x.Name] = x.Role
				}
				if !reflect.DeepEqual(got, tc.role) {
					t.Errorf("users %v, want %v", got, tc.role)
				}
				for who, tok := range sessions {
					_, err := s.SessionUser(ctx, tok)
					if ended := errors.Is(err, store.ErrNotFound); ended != (who == tc.loggedOut) {
						t.Errorf("session of %s ended: %v, want %v", who, ended, who == tc.loggedOut)
					}
				}
			})
		})
	}
}

// A reset password is the one that logs in afterwards.
func TestSetPasswordLogin(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		hans, err := s.AddUser(ctx, admin, "Hans", "altes-passwort", store.Helper)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetPassword(ctx, admin, hans.ID, "neues-passwort"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CheckPassword(ctx, "Hans", "altes-passwort"); err != store.ErrBadLogin {
			t.Errorf("old password: %v", err)
		}
		if u, err := s.CheckPassword(ctx, "Hans", "neues-passwort"); err != nil || u != hans {
			t.Errorf("new password: %+v, %v", u, err)
		}
	})
}

// Every change of accounts writes one audit row without a tournament in
// its own transaction: who, what, the account before and after, never a
// password, hash or token. A refused change writes none.
func TestUserAudit(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	type want struct {
		action, user, before, after string
	}
	tests := map[string]struct {
		change func(s *store.Store, anna, hans store.User) (secret string, err error)
		want   *want // nil: refused, nothing audited
	}{
		"add user": {func(s *store.Store, anna, _ store.User) (string, error) {
			_, err := s.AddUser(ctx, anna, "Berta", "berta-geheim", store.Helper)
			return "berta-geheim", err
		}, &want{"add user", "Anna", `{}`, `{"user":{"id":3,"name":"Berta","role":"helper"}}`}},
		"set role": {func(s *store.Store, anna, hans store.User) (string, error) {
			return "", s.SetRole(ctx, anna, hans.ID, store.Organiser)
		}, &want{"set role", "Anna", `{"user":{"id":2,"name":"Hans","role":"helper"}}`, `{"user":{"id":2,"name":"Hans","role":"organiser"}}`}},
		"reset password": {func(s *store.Store, anna, hans store.User) (string, error) {
			return "neues-passwort", s.SetPassword(ctx, anna, hans.ID, "neues-passwort")
		}, &want{"reset password", "Anna", `{"user":{"id":2,"name":"Hans","role":"helper"}}`, `{"user":{"id":2,"name":"Hans","role":"helper"},"password":"reset"}`}},
		"remove user": {func(s *store.Store, anna, hans store.User) (string, error) {
			return "", s.RemoveUser(ctx, anna, hans.ID)
		}, &want{"remove user", "Anna", `{"user":{"id":2,"name":"Hans","role":"helper"}}`, `{}`}},
		"create API token": {func(s *store.Store, _, hans store.User) (string, error) {
			return s.NewAPIToken(ctx, hans.ID, "Anzeigetafel")
		}, &want{"create API token", "Hans", `{}`, `{"api_token":{"user":"Hans","label":"Anzeigetafel"}}`}},
		"last organiser refused": {func(s *store.Store, anna, _ store.User) (string, error) {
			return "", s.SetRole(ctx, anna, anna.ID, store.Helper)
		}, nil},
		"short password refused": {func(s *store.Store, anna, hans store.User) (string, error) {
			return "", s.SetPassword(ctx, anna, hans.ID, "kurz")
		}, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			eachStore(t, func(t *testing.T, open func() *store.Store) {
				s := open()
				anna, err := s.AddUser(ctx, admin, "Anna", "anna-geheim", store.Organiser)
				if err != nil {
					t.Fatal(err)
				}
				hans, err := s.AddUser(ctx, anna, "Hans", "hans-geheim", store.Helper)
				if err != nil {
					t.Fatal(err)
				}
				secret, err := tc.change(s, anna, hans)
				if (err == nil) != (tc.want != nil) {
					t.Fatalf("change: %v", err)
				}
				got, err := s.UserAudit(ctx, 10)
				if err != nil {
					t.Fatal(err)
				}
				// The two setup rows, newest first, then the change.
				if len(got) < 2 || got[len(got)-1].Action != "add user" || got[len(got)-1].User != "Organiser" {
					t.Fatalf("audit %+v does not end with the setup", got)
				}
				if tc.want == nil {
					if len(got) != 2 {
						t.Errorf("refused change audited: %+v", got[0])
					}
					return
				}
				if len(got) != 3 {
					t.Fatalf("%d audit rows, want 3: %+v", len(got), got)
				}
				e := got[0]
				if (want{string(e.Action), e.User, e.Before, e.After}) != *tc.want {
					t.Errorf("audit %q by %q: %s → %s\nwant %q by %q: %s → %s", e.Action, e.User, e.Before, e.After,
						tc.want.action, tc.want.user, tc.want.before, tc.want.after)
				}
				for _, x := range []string{"geheim", "hash", "$2a$"} {
					if strings.Contains(e.Before+e.After, x) {
						t.Errorf("audit holds %q: %s → %s", x, e.Before, e.After)
					}
				}
				if secret != "" && strings.Contains(e.Before+e.After, secret) {
					t.Errorf("audit holds the secret: %s → %s", e.Before, e.After)
				}
				// Tournament audits do not list it.
				if rows, err := s.Audit(ctx, 0); err != nil || len(rows) != 0 {
					t.Errorf("tournament 0's audit: %v, %+v", err, rows)
				}
			})
		})
	}
}

// A database from before migration 3 gets the folded name keys. Names that
// only ASCII case told apart there ("ÄNNA" and "änna") both stay and both
// log in by their exact names; no new name can take their key.
func TestMigrateNameKeys(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddUser(ctx, admin, "ÄNNA", "anna-geheim", store.Organiser); err != nil {
		t.Fatal(err)
	}
	s.Close()
	hash, err := bcrypt.GenerateFromPassword([]byte("zweite-anna"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	db := rawDB(t, path)
	for _, q := range []string{
		`DROP INDEX users_name_key`,
		`ALTER TABLE users DROP COLUMN name_key`,
		`INSERT INTO users (name, role, password_hash, created_at) VALUES ('änna', 'helper', '` + string(hash) + `', 0)`,
		`UPDATE schema_version SET version = 2`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s = mustOpenPath(t, path)
	for name, pw := range map[string]string{"ÄNNA": "anna-geheim", "änna": "zweite-anna", "Änna": "anna-geheim"} {
		if _, err := s.CheckPassword(ctx, name, pw); err != nil {
			t.Errorf("login %q: %v", name, err)
		}
	}
	for _, name := range []string{"Änna", "änna", "ａｎｎａ"} {
		if _, err := s.AddUser(ctx, admin, name, "geheim123", store.Helper); name != "ａｎｎａ" && !errors.Is(err, store.ErrUserExists) {
			t.Errorf("add %q: %v", name, err)
		}
	}
	if users, _ := s.Users(ctx); len(users) != 3 {
		t.Errorf("users %+v", users)
	}
}

// API tokens are listed with owner, creation, expiry and last use, can be
// revoked (audited), expire, and die with a password reset or a change of
// role of their owner, in the same transaction.
func TestAPITokenLifecycle(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		s := open()
		now := time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
		s.Now = func() time.Time { return now }
		anna, err := s.AddUser(ctx, admin, "Anna", "anna-geheim", store.Organiser)
		if err != nil {
			t.Fatal(err)
		}
		hans, err := s.AddUser(ctx, anna, "Hans", "hans-geheim", store.Helper)
		if err != nil {
			t.Fatal(err)
		}
		forever, err := s.NewAPIToken(ctx, anna.ID, "Anzeigetafel")
		if err != nil {
			t.Fatal(err)
		}
		day, err := s.CreateAPIToken(ctx, hans.ID, "Tagesskript", 24*time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateAPIToken(ctx, hans.ID, "x", -time.Hour); err == nil {
			t.Error("a token that expired before it was made")
		}
		works := func(token string, want store.User) {
			t.Helper()
			if got, err := s.TokenUser(ctx, token); err != nil || got != want {
				t.Errorf("at %v: TokenUser = %+v, %v; want %+v", now, got, err, want)
			}
		}
		refused := func(token string) {
			t.Helper()
			if _, err := s.TokenUser(ctx, token); err != store.ErrNotFound {
				t.Errorf("at %v: TokenUser = %v, want ErrNotFound", now, err)
			}
		}
		list := func() map[string]store.APIToken {
			t.Helper()
			tokens, err := s.APITokens(ctx)
			if err != nil {
				t.Fatal(err)
			}
			m := map[string]store.APIToken{}
			for _, tok := range tokens {
				m[tok.Label] = tok
			}
			return m
		}

		// Listed with owner and times; never used yet.
		got := list()
		if a := got["Anzeigetafel"]; len(got) != 2 || a.User != "Anna" || a.UserID != anna.ID || !a.Created.Equal(now) ||
			!a.Expires.IsZero() || !a.LastUsed.IsZero() || a.ID == 0 {
			t.Fatalf("tokens %+v", got)
		}
		if d := got["Tagesskript"]; !d.Expires.Equal(now.Add(24*time.Hour)) || d.User != "Hans" || d.Expired {
			t.Errorf("day token %+v", d)
		}

		// Last use is written at most once a minute.
		works(forever, anna)
		if got := list()["Anzeigetafel"].LastUsed; !got.Equal(now) {
			t.Errorf("last used %v, want %v", got, now)
		}
		used := now
		now = now.Add(59 * time.Second)
		works(forever, anna)
		if got := list()["Anzeigetafel"].LastUsed; !got.Equal(used) {
			t.Errorf("last used %v after 59 s, want still %v", got, used)
		}
		now = now.Add(time.Second)
		works(forever, anna)
		if got := list()["Anzeigetafel"].LastUsed; !got.Equal(now) {
			t.Errorf("last used %v after a minute, want %v", got, now)
		}

		// Expiry: valid until the last millisecond, refused from then on.
		start := list()["Tagesskript"].Created
		now = start.Add(24*time.Hour - time.Millisecond)
		works(day, hans)
		now = start.Add(24 * time.Hour)
		refused(day)
		if d := list()["Tagesskript"]; !d.Expired {
			t.Errorf("expired token listed as %+v", d)
		}
		works(forever, anna)

		// Revoke: audited, gone, a second time not found.
		id := list()["Anzeigetafel"].ID
		if err := s.RevokeAPIToken(ctx, hans, id); err != nil {
			t.Fatal(err)
		}
		refused(forever)
		if err := s.RevokeAPIToken(ctx, hans, id); err != store.ErrNotFound {
			t.Errorf("revoke twice: %v", err)
		}
		audit, err := s.UserAudit(ctx, 1)
		if err != nil || len(audit) != 1 || audit[0].Action != "revoke API token" || audit[0].User != "Hans" ||
			audit[0].Before != `{"api_token":{"user":"Anna","label":"Anzeigetafel"}}` || audit[0].After != `{}` {
			t.Errorf("audit %+v, %v", audit, err)
		}

		// A password reset and a change of role revoke the owner's tokens, not
		// other users' ones; a refused change keeps them.
		for _, change := range []struct {
			name string
			do   func() error
			ok   bool
		}{
			{"short password", func() error { return s.SetPassword(ctx, anna, hans.ID, "kurz") }, false},
			{"last organiser", func() error { return s.SetRole(ctx, anna, anna.ID, store.Helper) }, false},
			{"same role", func() error { return s.SetRole(ctx, anna, hans.ID, store.Helper) }, false},
			{"reset password", func() error { return s.SetPassword(ctx, anna, hans.ID, "neues-passwort") }, true},
			{"set role", func() error { return s.SetRole(ctx, anna, hans.ID, store.Organiser) }, true},
		} {
			hansTok, err := s.NewAPIToken(ctx, hans.ID, "Hans' Skript")
			if err != nil {
				t.Fatal(err)
			}
			annaTok, err := s.NewAPIToken(ctx, anna.ID, "Annas Skript")
			if err != nil {
				t.Fatal(err)
			}
			err = change.do()
			if _, tokErr := s.TokenUser(ctx, hansTok); (tokErr == store.ErrNotFound) != change.ok {
				t.Errorf("%s (%v): Hans' token: %v", change.name, err, tokErr)
			}
			if _, err := s.TokenUser(ctx, annaTok); err != nil {
				t.Errorf("%s: Anna's token: %v", change.name, err)
			}
			if change.ok {
				a, _ := s.UserAudit(ctx, 1)
				if !strings.Contains(a[0].After, `"api_tokens_revoked":`) {
					t.Errorf("%s: audit %s", change.name, a[0].After)
				}
			}
		}
	})
}

// A database from before migration 4 keeps its API tokens: they work, get
// an id, never expire and were never used.
func TestMigrateAPITokens(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	anna, err := s.AddUser(ctx, admin, "Anna", "anna-geheim", store.Organiser)
	if err != nil {
		t.Fatal(err)
	}
	token, err := s.NewAPIToken(ctx, anna.ID, "Anzeigetafel")
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db := rawDB(t, path)
	for _, q := range []string{
		`CREATE TABLE api_tokens_old (
			token_hash TEXT PRIMARY KEY,
			user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
			label      TEXT NOT NULL,
			created_at INTEGER NOT NULL)`,
		`INSERT INTO api_tokens_old SELECT token_hash, user_id, label, created_at FROM api_tokens`,
		`DROP TABLE api_tokens`,
		`ALTER TABLE api_tokens_old RENAME TO api_tokens`,
		`UPDATE schema_version SET version = 3`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s = mustOpenPath(t, path)
	tokens, err := s.APITokens(ctx)
	if err != nil || len(tokens) != 1 || tokens[0].ID == 0 || tokens[0].Label != "Anzeigetafel" || !tokens[0].Expires.IsZero() ||
		!tokens[0].LastUsed.IsZero() || tokens[0].Expired {
		t.Fatalf("tokens %+v, %v", tokens, err)
	}
	if u, err := s.TokenUser(ctx, token); err != nil || u != anna {
		t.Errorf("TokenUser: %+v, %v", u, err)
	}
	// Removing the owner still takes his tokens (ON DELETE CASCADE).
	if _, err := s.AddUser(ctx, admin, "Berta", "berta-geheim", store.Organiser); err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveUser(ctx, admin, anna.ID); err != nil {
		t.Fatal(err)
	}
	if tokens, err := s.APITokens(ctx); err != nil || len(tokens) != 0 {
		t.Errorf("tokens of a removed user: %+v, %v", tokens, err)
	}
}
