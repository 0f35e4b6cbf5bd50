package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"bummerl/store"
	"bummerl/views"
)

// Login throttling: after freeAttempts failures for one name from one
// address, each further attempt must wait, twice as long every time. The
// failures are counted in the database (store.TryLogin), so every process
// on it counts the same.
const (
	freeAttempts = 5
	firstWait    = 30 * time.Second
	maxWait      = 15 * time.Minute
)

// home is the start page: the setup form on the very first start, the
// tournament list for staff, the public list for everybody else.
func (s *server) home(c echo.Context) error {
	rc := c.Request().Context()
	n, err := s.store.CountUsers(rc)
	if err != nil {
		return err
	}
	if n == 0 {
		return redirect(c, "/setup")
	}
	if _, ok := currentUser(c); ok {
		return redirect(c, "/tournaments")
	}
	rows, err := s.tournamentRows(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.HomePage(rows))
}

// setupForm shows the first-organiser form while no account exists.
func (s *server) setupForm(c echo.Context) error {
	n, err := s.store.CountUsers(c.Request().Context())
	if err != nil {
		return err
	}
	if n > 0 {
		return redirect(c, "/login")
	}
	c.Set(setupKey, true)
	return render(c, http.StatusOK, views.SetupPage(views.NewForm(nil)))
}

// setup creates the first organiser and logs him in. Once any account
// exists the page is gone: nobody can make himself organiser later.
func (s *server) setup(c echo.Context) error {
	rc := c.Request().Context()
	// Parse and check the form before taking the lock: a body that
	// trickles in slowly must not keep the person at the laptop waiting.
	f := accountForm(c)
	password := c.FormValue("password")
	s.setupMu.Lock()
	defer s.setupMu.Unlock()
	n, err := s.store.CountUsers(rc)
	if err != nil {
		return err
	}
	if n > 0 {
		return forbidden(c, "setup_done", "setup.done")
	}
	c.Set(setupKey, true)
	if !f.OK() {
		return render(c, http.StatusUnprocessableEntity, views.SetupPage(f))
	}
	// Create the organiser and log in.
	// Nobody is logged in yet: the person at the laptop acts as himself.
	u, err := s.store.AddUser(rc, store.User{Name: f.Value("name")}, f.Value("name"), password, store.Organiser)
	if err != nil {
		return formError(c, f, err, func(status int, f views.Form) error {
			return render(c, status, views.SetupPage(f))
		})
	}
	if err := s.startSession(c, u); err != nil {
		return err
	}
	return redirect(c, "/tournaments")
}

// accountForm reads and checks name and password of a new account. The
// password is never put back into the form.
func accountForm(c echo.Context) views.Form {
	f := views.NewForm(map[string]string{
		"name": strings.TrimSpace(c.FormValue("name")),
		"role": c.FormValue("role"),
	})
	if f.Value("name") == "" {
		f.Fail("name", text(c, "user.name_missing"))
	}
	if utf8.RuneCountInString(c.FormValue("password")) < store.MinPassword {
		f.Fail("password", textf(c, "user.password_short", store.MinPassword))
	}
	return f
}

// loginForm shows the login page.
func (s *server) loginForm(c echo.Context) error {
	if _, ok := currentUser(c); ok {
		return redirect(c, "/tournaments")
	}
	return render(c, http.StatusOK, views.LoginPage(views.NewForm(nil), localPath(c.QueryParam("next"))))
}

// login checks name and password, throttled per name and address and
// per address (checkLogin).
func (s *server) login(c echo.Context) error {
	name := strings.TrimSpace(c.FormValue("name"))
	next := localPath(c.FormValue("next"))
	f := views.NewForm(map[string]string{"name": name})
	u, wait, err := s.checkLogin(c, name, c.FormValue("password"))
	// Refused at once while locked, without checking the password.
	if wait > 0 {
		f.Fail(views.General, textf(c, "login.throttled", seconds(wait)))
		c.Response().Header().Set("Retry-After", strconv.Itoa(seconds(wait)))
		return render(c, http.StatusTooManyRequests, views.LoginPage(f, next))
	}
	if errors.Is(err, store.ErrBadLogin) {
		f.Fail(views.General, text(c, "login.bad"))
		return render(c, http.StatusUnauthorized, views.LoginPage(f, next))
	}
	if err != nil {
		return err
	}
	if err := s.startSession(c, u); err != nil {
		return err
	}
	return redirect(c, next)
}

// localPath keeps a "next" target on this site, so the login form cannot
// be abused to send people elsewhere.
func localPath(p string) string {
	// Browsers drop tabs and newlines from URLs and read a backslash as a
	// slash, so "/\t/evil.example" would become "//evil.example": refuse
	// both anywhere, not only at the start.
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") ||
		strings.ContainsFunc(p, func(r rune) bool { return r == '\\' || unicode.IsControl(r) }) {
		return "/"
	}
	return p
}

// logout ends the session on the server and in the browser.
func (s *server) logout(c echo.Context) error {
	if ck, err := c.Cookie(sessionCookie); err == nil && ck.Value != "" {
		if err := s.store.DeleteSession(c.Request().Context(), ck.Value); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	s.clearSession(c)
	return redirect(c, "/")
}

// userAuditShown is how many of the latest changes of accounts the users
// page lists.
const userAuditShown = 20

// usersPage lists the accounts with the forms to add one and to create an
// API token.
func (s *server) usersPage(c echo.Context) error {
	return s.renderUsers(c, http.StatusOK, views.UsersModel{Done: userDone[c.QueryParam("done")]})
}

// userDone are the messages after a change of an account, by ?done=.
var userDone = map[string]string{"role": "users.role_set", "password": "users.password_set", "remove": "users.removed",
	"token": "tokens.revoked"}

// changeUser runs a change of account :uid by the logged-in organiser and
// goes back to the list; a refusal (the last organiser, a short password)
// is shown above it.
func (s *server) changeUser(c echo.Context, done string, change func(me store.User, id int64) error) error {
	id, err := pathInt64(c, "uid")
	if err != nil {
		return err
	}
	if err := change(actor(c), id); err != nil {
		return formError(c, views.NewForm(map[string]string{}), err, func(status int, f views.Form) error {
			return s.renderUsers(c, status, views.UsersModel{Manage: f})
		})
	}
	return redirect(c, "/users?done="+done)
}

// setRole makes an account a helper or an organiser.
func (s *server) setRole(c echo.Context) error {
	return s.changeUser(c, "role", func(me store.User, id int64) error {
		return s.store.SetRole(c.Request().Context(), me, id, store.Role(c.FormValue("role")))
	})
}

// setPassword resets an account's password; its sessions end.
func (s *server) setPassword(c echo.Context) error {
	return s.changeUser(c, "password", func(me store.User, id int64) error {
		return s.store.SetPassword(c.Request().Context(), me, id, c.FormValue("password"))
	})
}

// confirmRemoveUser asks before an account is removed (no JavaScript
// needed): the confirmation page posts the removal.
func (s *server) confirmRemoveUser(c echo.Context) error {
	id, err := pathInt64(c, "uid")
	if err != nil {
		return err
	}
	users, err := s.store.Users(c.Request().Context())
	if err != nil {
		return err
	}
	me := actor(c)
	for _, u := range users {
		if u.ID == id {
			return render(c, http.StatusOK, views.RemoveUserPage(views.UserRow{ID: u.ID, Name: u.Name, Role: string(u.Role), Self: u.ID == me.ID}))
		}
	}
	return notFound(c)
}

// removeUser deletes an account and ends its sessions; an organiser cannot
// remove himself (he would lock himself out mid-evening).
func (s *server) removeUser(c echo.Context) error {
	return s.changeUser(c, "remove", func(me store.User, id int64) error {
		if me.ID == id {
			return &webError{http.StatusConflict, "not_yourself", "", text(c, "users.not_yourself")}
		}
		return s.store.RemoveUser(c.Request().Context(), me, id)
	})
}

// renderUsers draws the users page with the accounts and the latest
// changes of accounts (the route is for organisers only).
func (s *server) renderUsers(c echo.Context, status int, m views.UsersModel) error {
	users, err := s.store.Users(c.Request().Context())
	if err != nil {
		return err
	}
	audit, err := s.store.UserAudit(c.Request().Context(), userAuditShown)
	if err != nil {
		return err
	}
	for i, e := range historyEntries(audit) {
		m.Audit = append(m.Audit, views.UserAuditEntry{At: e.At, User: e.User, Action: e.Action,
			Summary: changeLine(lang(c), audit[i])})
	}
	me := actor(c)
	for _, u := range users {
		m.Users = append(m.Users, views.UserRow{ID: u.ID, Name: u.Name, Role: string(u.Role), Self: u.ID == me.ID})
	}
	if m.UserForm.Values == nil {
		m.UserForm = views.NewForm(map[string]string{"role": string(store.Helper)})
	}
	if m.Tokens, err = s.tokenRows(c); err != nil {
		return err
	}
	return render(c, status, views.UsersPage(m))
}

// addUser creates a helper or organiser account.
func (s *server) addUser(c echo.Context) error {
	// Parse and check the form.
	f := accountForm(c)
	role := store.Role(f.Value("role"))
	if role != store.Organiser && role != store.Helper {
		f.Fail("role", text(c, "user.role_bad"))
	}
	m := views.UsersModel{UserForm: f}
	if !f.OK() {
		return s.renderUsers(c, http.StatusUnprocessableEntity, m)
	}
	// Create the account.
	_, err := s.store.AddUser(c.Request().Context(), actor(c), f.Value("name"), c.FormValue("password"), role)
	if err != nil {
		return formError(c, f, err, func(status int, f views.Form) error {
			return s.renderUsers(c, status, views.UsersModel{UserForm: f})
		})
	}
	return redirect(c, "/users")
}

// addToken creates an API token for the logged-in organiser, valid for
// the lifetime chosen (tokens.go), and shows it once.
func (s *server) addToken(c echo.Context) error {
	u := actor(c)
	label := strings.TrimSpace(c.FormValue("label"))
	m := views.UsersModel{TokenForm: views.NewForm(map[string]string{"label": label, "expires": c.FormValue("expires")})}
	if label == "" {
		m.TokenForm.Fail("label", text(c, "tokens.label_missing"))
	}
	ttl, ok := tokenLifetimes[c.FormValue("expires")]
	if !ok {
		m.TokenForm.Fail("expires", text(c, "tokens.expires_bad"))
	}
	if !m.TokenForm.OK() {
		return s.renderUsers(c, http.StatusUnprocessableEntity, m)
	}
	tok, err := s.store.CreateAPIToken(c.Request().Context(), u.ID, label, ttl)
	if err != nil { // a label too long or with invisible characters
		return formError(c, m.TokenForm, err, func(status int, f views.Form) error {
			return s.renderUsers(c, status, views.UsersModel{TokenForm: f})
		})
	}
	m.NewToken = tok
	m.TokenForm = views.NewForm(nil)
	return s.renderUsers(c, http.StatusOK, m)
}

func seconds(d time.Duration) int { return int((d + time.Second - 1) / time.Second) }

// auditAccount is the part of the store's audit record of an account
// change (before or after) that the users page puts in words.
type auditAccount struct {
	User *struct {
		Name string     `json:"name"`
		Role store.Role `json:"role"`
	} `json:"user"`
	Token *struct {
		User  string `json:"user"`
		Label string `json:"label"`
	} `json:"api_token"`
	TokensRevoked int `json:"api_tokens_revoked"`
}

// accountSummary says in one line what a change of accounts did, from the
// audit's before and after; "" for a record it cannot read, which the
// page then names by its action alone.
func accountSummary(lang string, action store.Action, beforeJSON, afterJSON string) string {
	var before, after auditAccount
	_ = json.Unmarshal([]byte(beforeJSON), &before) // an empty or odd record leaves nil parts
	_ = json.Unmarshal([]byte(afterJSON), &after)
	role := func(r store.Role) string { return views.Text(lang, "role."+string(r)) }
	switch {
	case action == store.ActionAddUser && after.User != nil:
		return views.Textf(lang, "users.did_add", after.User.Name, role(after.User.Role))
	case action == store.ActionSetRole && before.User != nil && after.User != nil:
		return views.Textf(lang, "users.did_role", before.User.Name, role(before.User.Role), role(after.User.Role)) + revoked(lang, after)
	case action == store.ActionResetPassword && before.User != nil:
		return views.Textf(lang, "users.did_password", before.User.Name) + revoked(lang, after)
	case action == store.ActionRemoveUser && before.User != nil:
		return views.Textf(lang, "users.did_remove", before.User.Name)
	case action == store.ActionCreateToken && after.Token != nil:
		return views.Textf(lang, "users.did_token", after.Token.Label, after.Token.User)
	case action == store.ActionRevokeToken && before.Token != nil:
		return views.Textf(lang, "users.did_revoke", before.Token.Label, before.Token.User)
	}
	return ""
}

// revoked tells how many API tokens a change of accounts revoked, if any.
func revoked(lang string, after auditAccount) string {
	if after.TokensRevoked == 0 {
		return ""
	}
	return views.Textf(lang, "users.tokens_revoked", after.TokensRevoked)
}
