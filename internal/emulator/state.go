package emulator

import (
	"strings"
	"sync"
	"time"
)

// token is an API credential: a personal token or an installation token.
type token struct {
	value        string
	login        string // user login; empty for installation tokens
	installation int64  // installation id for installation tokens
	expiresAt    time.Time
}

// world is the whole mutable state; it is guarded by State.mu.
type world struct {
	accounts      map[string]*Account // lower login
	teams         map[int64]*Team
	tokens        map[string]*token
	apps          map[int64]*App
	installations map[int64]*Installation
	repos         map[int64]*Repo
	byName        map[string]int64 // lower owner/name
	redirects     map[string]int64 // lower old owner/name
	nextRepoID    int64
	nextAccountID int64
	commitCounter int64
	invitationSeq int64 // last repository invitation id; see invite
	// repoRoles maps lower org and role names to custom repository roles' base roles.
	repoRoles     map[string]map[string]string
	nextTeamID    int64 // see newTeamID
	nextRulesetID int64 // see newRulesetID
	// nextSecretKeyID is the next secret store key id; see newSecretKey.
	nextSecretKeyID int64
	ids             map[string]int64 // the last id of each kind that uses newID
}

func newWorld() *world {
	return &world{
		accounts:      map[string]*Account{},
		teams:         map[int64]*Team{},
		tokens:        map[string]*token{},
		apps:          map[int64]*App{},
		installations: map[int64]*Installation{},
		repos:         map[int64]*Repo{},
		byName:        map[string]int64{},
		redirects:     map[string]int64{},
		nextRepoID:    700000001,
		nextAccountID: 180000001,
	}
}

// State is the emulator's in-memory state, safe for concurrent use.
type State struct {
	mu  sync.RWMutex
	w   *world
	now func() time.Time
}

// lock takes the state's lock, the write lock for a write, and returns
// what releases it.
func (st *State) lock(write bool) (unlock func()) {
	if write {
		st.mu.Lock()
		return st.mu.Unlock
	}
	st.mu.RLock()
	return st.mu.RUnlock
}

func key(parts ...string) string { return strings.ToLower(strings.Join(parts, "/")) }

func (w *world) account(login string) *Account { return w.accounts[strings.ToLower(login)] }

func (w *world) newSHA() string {
	w.commitCounter++
	return fakeSHA("commit", w.commitCounter)
}
