package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"bummerl/domain/text"
)

// Role is what a user may do.
type Role string

const (
	Organiser Role = "organiser" // everything
	Helper    Role = "helper"    // the sale desk and results only
)

// ParseRole accepts "organiser" or "helper".
func ParseRole(s string) (Role, error) {
	switch r := Role(s); r {
	case Organiser, Helper:
		return r, nil
	}
	return "", errBadRole.with(s)
}

// User is someone who can log in.
type User struct {
	ID   int64
	Name string
	Role Role
}

// Password limits. bcrypt reads at most 72 bytes; a longer password is
// refused rather than silently cut. Names are checked by domain/text.
const (
	MinPassword     = 8
	maxPasswordByte = 72
)

type userRow struct {
	ID           int64  `gorm:"column:id;primaryKey"`
	Name         string `gorm:"column:name"`
	NameKey      string `gorm:"column:name_key"` // text.Key(Name): unique
	Role         string `gorm:"column:role"`
	PasswordHash string `gorm:"column:password_hash"`
	Created      int64  `gorm:"column:created_at"`
}

func (userRow) TableName() string { return "users" }

func (r userRow) user() User { return User{ID: r.ID, Name: r.Name, Role: Role(r.Role)} }

// accountChange is the audit's before or after of a change of accounts:
// who the account is and what happened to its password or tokens, never
// a password, a hash or a token.
type accountChange struct {
	User     *auditUser  `json:"user,omitempty"`
	Password string      `json:"password,omitempty"` // "reset": that it changed
	Token    *auditToken `json:"api_token,omitempty"`
	// TokensRevoked counts the user's API tokens a password reset or a
	// change of role revoked.
	TokensRevoked int `json:"api_tokens_revoked,omitempty"`
}

type auditUser struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Role Role   `json:"role"`
}

type auditToken struct {
	User  string `json:"user"`
	Label string `json:"label"`
}

func (r userRow) audit() *auditUser { return &auditUser{ID: r.ID, Name: r.Name, Role: Role(r.Role)} }

// writeAccountAudit records a change of accounts (no tournament) in tx.
func (s *Store) writeAccountAudit(tx *gorm.DB, actor User, action Action, before, after accountChange) error {
	return writeAudit(tx, s.now(), 0, actor, action, before, after)
}

// CountUsers tells whether anyone can log in yet (the first-run setup).
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int64
	if err := s.rdb.WithContext(ctx).Model(&userRow{}).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("store: count users: %w", err)
	}
	return int(n), nil
}

// checkName checks a user name with domain/text (at most 80 characters,
// one line, no invisible characters, NFC) and refuses an empty one.
func checkName(name string) (string, error) {
	return checkText(text.UserName, name, errUserNameEmpty)
}

// checkText cleans a text field with domain/text; a refusal is an
// ErrBadUser naming the field: domain/text's refusal, or empty when the
// text is (empty nil: an optional field).
func checkText(f text.Field, s string, empty *Error) (string, error) {
	out, err := text.Clean(f, s)
	if te := (*text.Error)(nil); errors.As(err, &te) {
		return "", errBadText.with(te).at(f.Name)
	}
	if err == nil && out == "" && empty != nil {
		return "", empty.at(f.Name)
	}
	return out, err
}

// fillNameKeys gives every user the key of his name (migration 3) and
// makes the keys unique. Names that only NOCASE told apart ("Änna" and
// "änna") both stay: the later one's key gets its id, it keeps logging in
// by its exact name, and no new name can take either key.
func fillNameKeys(tx *gorm.DB) error {
	var rows []userRow
	if err := tx.Order("id").Find(&rows).Error; err != nil {
		return err
	}
	taken := map[string]bool{}
	for _, r := range rows {
		key := text.Key(r.Name)
		if taken[key] {
			key += "\x00" + strconv.FormatInt(r.ID, 10) // no name holds a NUL
		}
		taken[key] = true
		if err := tx.Model(&userRow{}).Where("id = ?", r.ID).Update("name_key", key).Error; err != nil {
			return err
		}
	}
	return tx.Exec(`CREATE UNIQUE INDEX users_name_key ON users(name_key)`).Error
}

func checkPassword(password string) error {
	switch {
	case utf8.RuneCountInString(password) < MinPassword:
		return errPasswordShort.with(MinPassword)
	case len(password) > maxPasswordByte:
		return errPasswordLong.with(maxPasswordByte)
	}
	return nil
}

// AddUser creates a user on behalf of actor (audited). Names are unique
// by text.Key, so "Anna", "ANNA", "ａｎｎａ" and "Änna", "änna" cannot both
// exist.
func (s *Store) AddUser(ctx context.Context, actor User, name, password string, role Role) (User, error) {
	name, err := checkName(name)
	if err != nil {
		return User{}, err
	}
	if _, err := ParseRole(string(role)); err != nil {
		return User{}, err
	}
	if err := checkPassword(password); err != nil {
		return User{}, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), PasswordCost)
	if err != nil {
		return User{}, fmt.Errorf("store: hash password: %w", err)
	}
	row := userRow{Name: name, NameKey: text.Key(name), Role: string(role), PasswordHash: string(hash), Created: s.now()}
	err = s.write(ctx, func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&userRow{}).Where("name_key = ? OR name = ?", row.NameKey, name).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return userExistsError(name)
		}
		if err := tx.Create(&row).Error; isUniqueViolation(err) {
			return userExistsError(name) // a second process was quicker
		} else if err != nil {
			return err
		}
		return s.writeAccountAudit(tx, actor, ActionAddUser, accountChange{}, accountChange{User: row.audit()})
	})
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return User{}, err
		}
		return User{}, fmt.Errorf("store: add user: %w", err)
	}
	return row.user(), nil
}

func userExistsError(name string) error {
	return errUserNamed.with(name).at("name")
}

// SetRole changes a user's role; the last organiser stays one. A new role
// revokes the user's API tokens: a script made for what he could do
// before must not keep it (or gain more) unnoticed.
func (s *Store) SetRole(ctx context.Context, actor User, id int64, role Role) error {
	if _, err := ParseRole(string(role)); err != nil {
		return err
	}
	return s.changeUser(ctx, actor, ActionSetRole, id, func(tx *gorm.DB, old userRow) (accountChange, error) {
		if role != Organiser {
			if err := keepOrganiser(tx, old); err != nil {
				return accountChange{}, err
			}
		}
		cur := old
		cur.Role = string(role)
		after := accountChange{User: cur.audit()}
		if Role(old.Role) == role {
			return after, nil
		}
		if err := tx.Model(&userRow{}).Where("id = ?", id).Update("role", string(role)).Error; err != nil {
			return after, err
		}
		var err error
		after.TokensRevoked, err = revokeTokensOf(tx, id)
		return after, err
	})
}

// revokeTokensOf deletes every API token of user id and says how many.
func revokeTokensOf(tx *gorm.DB, id int64) (int, error) {
	res := tx.Where("user_id = ?", id).Delete(&apiTokenRow{})
	return int(res.RowsAffected), res.Error
}

// SetPassword gives a user a new password and ends his sessions and his
// API tokens, so a password reset also locks out whoever knew the old
// password or took a token.
func (s *Store) SetPassword(ctx context.Context, actor User, id int64, password string) error {
	if err := checkPassword(password); err != nil {
		return err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), PasswordCost)
	if err != nil {
		return fmt.Errorf("store: hash password: %w", err)
	}
	return s.changeUser(ctx, actor, ActionResetPassword, id, func(tx *gorm.DB, old userRow) (accountChange, error) {
		if err := tx.Model(&userRow{}).Where("id = ?", id).Update("password_hash", string(hash)).Error; err != nil {
			return accountChange{}, err
		}
		after := accountChange{User: old.audit(), Password: "reset"}
		if err := tx.Where("user_id = ?", id).Delete(&sessionRow{}).Error; err != nil {
			return after, err
		}
		var err error
		after.TokensRevoked, err = revokeTokensOf(tx, id)
		return after, err
	})
}

// RemoveUser deletes a user with his sessions and API tokens (the schema
// cascades); the audit log keeps his entries without the name link. The
// last organiser cannot be removed.
func (s *Store) RemoveUser(ctx context.Context, actor User, id int64) error {
	return s.changeUser(ctx, actor, ActionRemoveUser, id, func(tx *gorm.DB, old userRow) (accountChange, error) {
		if err := keepOrganiser(tx, old); err != nil {
			return accountChange{}, err
		}
		return accountChange{}, tx.Delete(&userRow{}, id).Error
	})
}

// changeUser runs fn on user id in one transaction and audits it as
// action by actor, with the account before and what fn says after;
// ErrNotFound when there is no such user.
func (s *Store) changeUser(ctx context.Context, actor User, action Action, id int64, fn func(tx *gorm.DB, old userRow) (accountChange, error)) error {
	err := s.write(ctx, func(tx *gorm.DB) error {
		var rows []userRow
		if err := tx.Where("id = ?", id).Limit(1).Find(&rows).Error; err != nil {
			return err
		}
		if len(rows) == 0 {
			return ErrNotFound
		}
		after, err := fn(tx, rows[0])
		if err != nil {
			return err
		}
		return s.writeAccountAudit(tx, actor, action, accountChange{User: rows[0].audit()}, after)
	})
	if e := (*Error)(nil); err != nil && !errors.As(err, &e) {
		return fmt.Errorf("store: %s: %w", action, err)
	}
	return err
}

// keepOrganiser refuses to take away u's organiser role when nobody else has it.
func keepOrganiser(tx *gorm.DB, u userRow) error {
	if Role(u.Role) != Organiser {
		return nil
	}
	var n int64
	if err := tx.Model(&userRow{}).Where("role = ?", string(Organiser)).Count(&n).Error; err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastOrganiser
	}
	return nil
}

// PasswordCost is bcrypt's work factor for new password hashes. The web
// app's tests lower it to bcrypt.MinCost before they start (each test app
// hashes and checks passwords; at the default cost that took minutes of
// the suite); nothing else changes it. A stored hash keeps the cost it
// was made with.
var PasswordCost = bcrypt.DefaultCost

// dummyHash is compared against when the user name is unknown, so an
// unknown name costs as much time as a wrong password. It is made on first
// use: hashing at start-up would slow every command down.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("no such user, no such password"), PasswordCost)
	return h
})

// CheckPassword logs a user in; ErrBadLogin for an unknown name or a
// wrong password alike. The name is found by its key (text.Key), so any
// letter case works; an account whose exact name is typed comes first
// (an old twin that only ASCII case told apart, see fillNameKeys).
func (s *Store) CheckPassword(ctx context.Context, name, password string) (User, error) {
	name = strings.TrimSpace(name)
	var rows []userRow
	err := s.rdb.WithContext(ctx).Where("name_key = ? OR name = ?", text.Key(name), name).Order("id").Limit(2).Find(&rows).Error
	if err != nil {
		return User{}, fmt.Errorf("store: check password: %w", err)
	}
	if len(rows) == 0 {
		_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
		return User{}, ErrBadLogin
	}
	row := rows[0]
	if len(rows) > 1 && rows[1].Name == name {
		row = rows[1]
	}
	if bcrypt.CompareHashAndPassword([]byte(row.PasswordHash), []byte(password)) != nil {
		return User{}, ErrBadLogin
	}
	return row.user(), nil
}

// Users lists all users by name.
func (s *Store) Users(ctx context.Context) ([]User, error) {
	var rows []userRow
	if err := s.rdb.WithContext(ctx).Order(s.byName("users")).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: list users: %w", err)
	}
	out := make([]User, len(rows))
	for i, r := range rows {
		out[i] = r.user()
	}
	return out, nil
}

// newToken makes a random 32-byte secret for a cookie or an API header and
// the hash the database keeps: a stolen database copy (a backup) holds no
// usable token.
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

type sessionRow struct {
	TokenHash string `gorm:"column:token_hash;primaryKey"`
	UserID    int64  `gorm:"column:user_id"`
	Created   int64  `gorm:"column:created_at"`
	Expires   int64  `gorm:"column:expires_at"`
}

func (sessionRow) TableName() string { return "sessions" }

// NewSession logs userID in for ttl and returns the session token. Expired
// sessions are swept here, so the table does not grow.
func (s *Store) NewSession(ctx context.Context, userID int64, ttl time.Duration) (string, error) {
	if ttl <= 0 {
		return "", fmt.Errorf("store: session lifetime %v is not positive", ttl)
	}
	token, hash, err := newToken()
	if err != nil {
		return "", fmt.Errorf("store: new session: %w", err)
	}
	now := s.now()
	err = s.write(ctx, func(tx *gorm.DB) error {
		if err := userExists(tx, userID); err != nil {
			return err
		}
		if err := tx.Where("expires_at <= ?", now).Delete(&sessionRow{}).Error; err != nil {
			return err
		}
		return tx.Create(&sessionRow{TokenHash: hash, UserID: userID, Created: now, Expires: now + ttl.Milliseconds()}).Error
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

func userExists(tx *gorm.DB, id int64) error {
	var n int64
	if err := tx.Model(&userRow{}).Where("id = ?", id).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// SessionUser is the user of a live session; ErrNotFound when the token
// is unknown or expired.
func (s *Store) SessionUser(ctx context.Context, token string) (User, error) {
	var rows []userRow
	err := s.rdb.WithContext(ctx).Table("users").Select("users.*").
		Joins("JOIN sessions ON sessions.user_id = users.id").
		Where("sessions.token_hash = ? AND sessions.expires_at > ?", hashToken(token), s.now()).
		Limit(1).Find(&rows).Error
	return oneUser(rows, err)
}

// DeleteSession logs out; an unknown token is not an error.
func (s *Store) DeleteSession(ctx context.Context, token string) error {
	return s.write(ctx, func(tx *gorm.DB) error {
		return tx.Where("token_hash = ?", hashToken(token)).Delete(&sessionRow{}).Error
	})
}

type apiTokenRow struct {
	ID        int64  `gorm:"column:id;primaryKey"`
	TokenHash string `gorm:"column:token_hash"`
	UserID    int64  `gorm:"column:user_id"`
	Label     string `gorm:"column:label"`
	Created   int64  `gorm:"column:created_at"`
	Expires   int64  `gorm:"column:expires_at"`   // 0: never
	LastUsed  int64  `gorm:"column:last_used_at"` // 0: never used
}

func (apiTokenRow) TableName() string { return "api_tokens" }

// APIToken is a token as the users page lists it: never the token itself.
type APIToken struct {
	ID       int64
	UserID   int64
	User     string // the owner's name
	Label    string
	Created  time.Time
	Expires  time.Time // zero: never
	LastUsed time.Time // zero: never used; updated at most once a minute
	Expired  bool      // Expires has passed: the token is refused
}

// lastUsedEvery is how stale "last used" may be: TokenUser writes it at
// most this often per token, not on every request.
const lastUsedEvery = time.Minute

// NewAPIToken creates a token that never expires; see CreateAPIToken.
func (s *Store) NewAPIToken(ctx context.Context, userID int64, label string) (string, error) {
	return s.CreateAPIToken(ctx, userID, label, 0)
}

// CreateAPIToken creates a token for scripts that use the JSON API as
// userID, audited as his action, valid for ttl (0: until revoked). It is
// shown once; only its hash is kept.
func (s *Store) CreateAPIToken(ctx context.Context, userID int64, label string, ttl time.Duration) (string, error) {
	if ttl < 0 {
		return "", fmt.Errorf("store: API token lifetime %v is negative", ttl)
	}
	label, err := checkText(text.TokenLabel, label, errLabelEmpty)
	if err != nil {
		return "", err
	}
	token, hash, err := newToken()
	if err != nil {
		return "", fmt.Errorf("store: new API token: %w", err)
	}
	err = s.write(ctx, func(tx *gorm.DB) error {
		var owner []userRow
		if err := tx.Where("id = ?", userID).Limit(1).Find(&owner).Error; err != nil {
			return err
		}
		if len(owner) == 0 {
			return ErrNotFound
		}
		now := s.now()
		row := apiTokenRow{TokenHash: hash, UserID: userID, Label: label, Created: now}
		if ttl > 0 {
			row.Expires = now + ttl.Milliseconds()
		}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return s.writeAccountAudit(tx, owner[0].user(), ActionCreateToken, accountChange{},
			accountChange{Token: &auditToken{User: owner[0].Name, Label: row.Label}})
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// tokenListRow is a token with its owner's name.
type tokenListRow struct {
	ID       int64  `gorm:"column:id"`
	UserID   int64  `gorm:"column:user_id"`
	User     string `gorm:"column:user_name"`
	Label    string `gorm:"column:label"`
	Created  int64  `gorm:"column:created_at"`
	Expires  int64  `gorm:"column:expires_at"`
	LastUsed int64  `gorm:"column:last_used_at"`
}

const tokenListColumns = "api_tokens.id, api_tokens.user_id, users.name AS user_name, api_tokens.label, " +
	"api_tokens.created_at, api_tokens.expires_at, api_tokens.last_used_at"

// APITokens lists every API token by owner and age, expired ones too
// (marked), until they are revoked.
func (s *Store) APITokens(ctx context.Context) ([]APIToken, error) {
	var rows []tokenListRow
	err := s.rdb.WithContext(ctx).Table("api_tokens").Select(tokenListColumns).
		Joins("JOIN users ON users.id = api_tokens.user_id").
		Order(s.byName("users") + ", api_tokens.created_at, api_tokens.id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: list API tokens: %w", err)
	}
	now := s.now()
	out := make([]APIToken, len(rows))
	for i, r := range rows {
		out[i] = APIToken{ID: r.ID, UserID: r.UserID, User: r.User, Label: r.Label, Created: fromMillis(r.Created),
			Expired: r.Expires != 0 && r.Expires <= now}
		if r.Expires != 0 {
			out[i].Expires = fromMillis(r.Expires)
		}
		if r.LastUsed != 0 {
			out[i].LastUsed = fromMillis(r.LastUsed)
		}
	}
	return out, nil
}

// RevokeAPIToken deletes token id on behalf of actor (audited: whose token
// and its label); ErrNotFound when there is none.
func (s *Store) RevokeAPIToken(ctx context.Context, actor User, id int64) error {
	err := s.write(ctx, func(tx *gorm.DB) error {
		var rows []tokenListRow
		err := tx.Table("api_tokens").Select(tokenListColumns).
			Joins("JOIN users ON users.id = api_tokens.user_id").
			Where("api_tokens.id = ?", id).Limit(1).Find(&rows).Error
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return ErrNotFound
		}
		if err := tx.Delete(&apiTokenRow{}, id).Error; err != nil {
			return err
		}
		return s.writeAccountAudit(tx, actor, ActionRevokeToken,
			accountChange{Token: &auditToken{User: rows[0].User, Label: rows[0].Label}}, accountChange{})
	})
	if e := (*Error)(nil); err != nil && !errors.As(err, &e) {
		return fmt.Errorf("store: revoke API token: %w", err)
	}
	return err
}

// TokenUser is the user of an API token; ErrNotFound when it is unknown,
// revoked or expired. It notes the token's use, at most once a minute, so
// a script polling every second costs one write a minute, not one a call.
func (s *Store) TokenUser(ctx context.Context, token string) (User, error) {
	now := s.now()
	var rows []struct {
		UserID   int64  `gorm:"column:user_id"`
		Name     string `gorm:"column:name"`
		Role     string `gorm:"column:role"`
		TokenID  int64  `gorm:"column:token_id"`
		LastUsed int64  `gorm:"column:last_used_at"`
	}
	err := s.rdb.WithContext(ctx).Table("api_tokens").
		Select("users.id AS user_id, users.name, users.role, api_tokens.id AS token_id, api_tokens.last_used_at").
		Joins("JOIN users ON users.id = api_tokens.user_id").
		Where("api_tokens.token_hash = ? AND (api_tokens.expires_at = 0 OR api_tokens.expires_at > ?)", hashToken(token), now).
		Limit(1).Find(&rows).Error
	if err != nil {
		return User{}, fmt.Errorf("store: find user: %w", err)
	}
	if len(rows) == 0 {
		return User{}, ErrNotFound
	}
	r := rows[0]
	if stale := now - lastUsedEvery.Milliseconds(); r.LastUsed <= stale {
		// Bookkeeping only: a failure here must not refuse the request.
		_ = s.write(ctx, func(tx *gorm.DB) error {
			return tx.Model(&apiTokenRow{}).Where("id = ? AND last_used_at <= ?", r.TokenID, stale).
				Update("last_used_at", now).Error
		})
	}
	return User{ID: r.UserID, Name: r.Name, Role: Role(r.Role)}, nil
}

// byName is the ORDER BY of users by name regardless of case: SQLite's
// users.name has COLLATE NOCASE, PostgreSQL's has none and sorts by the
// folded key (COLLATE "C").
func (s *Store) byName(table string) string {
	if s.pg {
		return table + ".name_key"
	}
	return table + ".name"
}

func oneUser(rows []userRow, err error) (User, error) {
	if err != nil {
		return User{}, fmt.Errorf("store: find user: %w", err)
	}
	if len(rows) == 0 {
		return User{}, ErrNotFound
	}
	return rows[0].user(), nil
}
