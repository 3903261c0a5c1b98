package emulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"time"
)

// ErrNotFound is returned by State helpers for unknown repositories.
var ErrNotFound = errors.New("not found")

// Apply adds the seed's users, orgs, teams, apps and repositories to the
// current state.
func (st *State) Apply(seed *Seed) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if err := st.w.apply(seed, st.now()); err != nil {
		return fmt.Errorf("applying seed: %w", err)
	}
	return nil
}

// RepoByName returns a snapshot of the repository owner/name.
func (st *State) RepoByName(owner, name string) (Repo, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	r := st.w.repoByName(owner, name)
	if r == nil {
		return Repo{}, false
	}
	return r.clone(), true
}

// RepoByID returns a snapshot of the repository with the id.
func (st *State) RepoByID(id int64) (Repo, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	r := st.w.repos[id]
	if r == nil {
		return Repo{}, false
	}
	return r.clone(), true
}

// Repos returns snapshots of all repositories ordered by id.
func (st *State) Repos() []Repo {
	st.mu.RLock()
	defer st.mu.RUnlock()
	out := make([]Repo, 0, len(st.w.repos))
	for _, r := range st.w.repos {
		out = append(out, r.clone())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// update runs fn on the named repository under the write lock.
func (st *State) update(owner, name string, fn func(w *world, r *Repo) error) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	r := st.w.repoByName(owner, name)
	if r == nil {
		return fmt.Errorf("repository %s/%s: %w", owner, name, ErrNotFound)
	}
	return fn(st.w, r)
}

// Rename renames a repository out of band; the old name then redirects.
func (st *State) Rename(owner, name, newName string) error {
	return st.update(owner, name, func(w *world, r *Repo) error {
		n, err := NormalizeRepoName(newName)
		if err != nil {
			return fmt.Errorf("renaming %s/%s: %w", owner, name, err)
		}
		if o := w.repoByName(r.Owner, n); o != nil && o.ID != r.ID {
			return fmt.Errorf("renaming %s/%s: %s/%s already exists", owner, name, r.Owner, n)
		}
		w.moveRepo(r, r.Owner, n)
		r.UpdatedAt = st.now()
		return nil
	})
}

// Delete deletes a repository out of band.
func (st *State) Delete(owner, name string) error {
	return st.update(owner, name, func(w *world, r *Repo) error {
		w.removeRepo(r)
		return nil
	})
}

// Archive archives or unarchives a repository out of band.
func (st *State) Archive(owner, name string, archived bool) error {
	return st.SetField(owner, name, "archived", archived)
}

// AddBranch adds a branch (with a fresh head commit) to a repository. The
// first branch of an empty repository becomes its default branch if the
// default branch does not exist yet.
func (st *State) AddBranch(owner, name, branch string) error {
	return st.update(owner, name, func(w *world, r *Repo) error {
		if branch == "" {
			return fmt.Errorf("adding branch to %s/%s: empty branch name", owner, name)
		}
		if r.HasBranch(branch) {
			return fmt.Errorf("adding branch to %s/%s: branch %q exists", owner, name, branch)
		}
		r.Branches = append(r.Branches, Branch{Name: branch, SHA: w.newSHA()})
		if len(r.Branches) == 1 && !r.HasBranch(r.DefaultBranch) {
			r.DefaultBranch = branch
		}
		r.PushedAt = st.now()
		return nil
	})
}

// SetField changes one repository field out of band, bypassing permissions
// and archiving (but not validation). field is the REST API's JSON name:
// every field PATCH /repos/{owner}/{repo} accepts except name (use Rename),
// plus "topics", "disabled", "has_pages", "vulnerability_alerts",
// "private_vulnerability_reporting" and "immutable_releases". Values
// must have the JSON type GitHub uses, e.g. SetField(o, r, "security_and_analysis",
// map[string]any{"secret_scanning": map[string]string{"status": "enabled"}}).
func (st *State) SetField(owner, name, field string, value any) error {
	raw, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("encoding %s: %w", field, err)
	}
	return st.update(owner, name, func(w *world, r *Repo) error {
		var target any
		switch field {
		case "name":
			return fmt.Errorf("use Rename to change the name")
		case "topics":
			var names []string
			if err := json.Unmarshal(raw, &names); err != nil {
				return fmt.Errorf("topics: %w", err)
			}
			topics, problems := NormalizeTopics(names)
			if len(problems) > 0 {
				return fmt.Errorf("topics: %s", strings.Join(problems, "; "))
			}
			r.Topics = topics
			r.UpdatedAt = st.now()
			return nil
		case "disabled":
			target = &r.Disabled
		case "has_pages":
			target = &r.HasPages
		case "vulnerability_alerts":
			target = &r.VulnerabilityAlerts
		case "private_vulnerability_reporting":
			target = &r.PrivateVulnerabilityReporting
		case "immutable_releases":
			target = &r.ImmutableReleases
		}
		if target != nil {
			if err := json.Unmarshal(raw, target); err != nil {
				return fmt.Errorf("%s: %w", field, err)
			}
			r.UpdatedAt = st.now()
			return nil
		}
		c := &reqCtx{header: http.Header{}}
		set, ok := readSettings(c, map[string]json.RawMessage{field: raw})
		if !ok {
			return fmt.Errorf("%s: %s", field, string(c.body))
		}
		if reflect.ValueOf(*set).IsZero() {
			return fmt.Errorf("unknown or null repository field %q", field)
		}
		ownerAcct := w.account(r.Owner)
		if ownerAcct == nil {
			return fmt.Errorf("owner %s of %s/%s: %w", r.Owner, owner, name, ErrNotFound)
		}
		if msg, errs := w.validateSettings(set, r, ownerAcct); msg != "" {
			return fmt.Errorf("%s: %s %+v", field, msg, errs)
		}
		applySettings(set, r)
		r.UpdatedAt = st.now()
		return nil
	})
}

// SetFields changes repository fields out of band, as SetField does each,
// in the order of their names; it stops at the first that fails.
func (st *State) SetFields(owner, name string, fields map[string]json.RawMessage) error {
	names := make([]string, 0, len(fields))
	for f := range fields {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		if err := st.SetField(owner, name, f, fields[f]); err != nil {
			return err
		}
	}
	return nil
}

// IssueInstallationToken mints an installation token without the JWT
// exchange, valid for ttl.
func (st *State) IssueInstallationToken(installationID int64, ttl time.Duration) (string, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.w.installations[installationID] == nil {
		return "", fmt.Errorf("installation %d: %w", installationID, ErrNotFound)
	}
	v, err := newTokenValue("ghs_")
	if err != nil {
		return "", err
	}
	st.w.tokens[v] = &token{value: v, installation: installationID, expiresAt: st.now().Add(ttl)}
	return v, nil
}
