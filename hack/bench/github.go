package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// github reads the emulator's state through GitHub's own API, as a user
// would: what exists on "GitHub", to compare with the managed resources.
type github struct {
	url, token string
	c          *http.Client
}

func newGitHub(url, token string) github {
	return github{url: url, token: token, c: &http.Client{Timeout: 30 * time.Second}}
}

// get reads path into out (when not nil) and returns the status; a 404 is
// not an error.
func (g github) get(path string, out any) (int, error) {
	return g.do(http.MethodGet, path, out)
}

func (g github) do(method, path string, out any) (int, error) {
	return g.send(method, path, "", out)
}

// post sends body (JSON) to path and returns the status.
func (g github) post(path, body string) (int, error) {
	return g.send(http.MethodPost, path, body, nil)
}

func (g github) send(method, path, body string, out any) (int, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, g.url+path, rd) //nolint:noctx // bounded by the client's timeout
	if err != nil {
		return 0, err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "token "+g.token)
	req.Header.Set("Accept", "application/vnd.github+json")
	resp, err := g.c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return resp.StatusCode, nil
	case resp.StatusCode >= 300:
		return resp.StatusCode, fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, b)
	}
	if out != nil && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	return resp.StatusCode, nil
}

// names reads a list at path (an array, or an object holding the array
// under field) and returns each element's key, as key picks it.
func (g github) names(path, field string, key func(map[string]any) string) ([]string, error) {
	var raw json.RawMessage
	status, err := g.get(path, &raw)
	if err != nil || status == http.StatusNotFound {
		return nil, err
	}
	var items []map[string]any
	if field == "" {
		err = json.Unmarshal(raw, &items)
	} else {
		var obj map[string]json.RawMessage
		if err = json.Unmarshal(raw, &obj); err == nil {
			err = json.Unmarshal(obj[field], &items)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", path, err)
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, key(it))
	}
	return out, nil
}

// exists returns [what] when path answers 2xx, none when it answers 404.
func (g github) exists(path, what string) ([]string, error) {
	status, err := g.get(path, nil)
	if err != nil || status == http.StatusNotFound {
		return nil, err
	}
	return []string{what}, nil
}

// roleHeldBy lists role once for each time the role's holders list at
// path (every page of it) shows the team of slug holding it directly
// (GitHub's assignment direct or mixed); what the team holds only through
// a parent team is not its own.
func (g github) roleHeldBy(path, role, slug string) ([]string, error) {
	var out []string
	for page := 1; ; page++ {
		held, err := g.names(fmt.Sprintf("%s?per_page=100&page=%d", path, page), "", func(m map[string]any) string {
			a, _ := m["assignment"].(string)
			return fmt.Sprintf("%v %s", m["slug"], a)
		})
		if err != nil {
			return nil, err
		}
		for _, h := range held {
			if h == slug+" direct" || h == slug+" mixed" {
				out = append(out, role)
			}
		}
		if len(held) < 100 {
			return out, nil
		}
	}
}

func field(name string) func(map[string]any) string {
	return func(m map[string]any) string { s, _ := m[name].(string); return s }
}

// acceptInvitations accepts every repository invitation pending for g's
// user, as the invitee does on github.com; it returns how many.
func (g github) acceptInvitations() (int, error) {
	var invs []struct {
		ID int64 `json:"id"`
	}
	if _, err := g.get("/user/repository_invitations?per_page=100", &invs); err != nil {
		return 0, err
	}
	for _, i := range invs {
		if _, err := g.do(http.MethodPatch, fmt.Sprintf("/user/repository_invitations/%d", i.ID), nil); err != nil {
			return 0, err
		}
	}
	return len(invs), nil
}
