package emulator

import (
	"fmt"
	"strings"
)

// IssueToken gives the user login another personal access token, as a
// person creating a new token on GitHub does (for tests of credential
// rotation). The token must not be in use.
func (st *State) IssueToken(login, value string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if strings.TrimSpace(value) == "" {
		return fmt.Errorf("a token value is required")
	}
	if _, dup := st.w.tokens[value]; dup {
		return fmt.Errorf("that token is already in use")
	}
	u := st.w.account(login)
	if u == nil || u.Type != accountUser {
		return fmt.Errorf("user %q: %w", login, ErrNotFound)
	}
	st.w.tokens[value] = &token{value: value, login: u.Login}
	return nil
}

// RevokeToken makes a personal or installation token unknown, as revoking
// it on GitHub does: every request with it is answered 401 Bad credentials.
func (st *State) RevokeToken(value string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if _, ok := st.w.tokens[value]; !ok {
		return fmt.Errorf("token: %w", ErrNotFound)
	}
	delete(st.w.tokens, value)
	return nil
}
