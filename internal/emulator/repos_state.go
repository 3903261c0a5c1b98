package emulator

import (
	"sort"
	"strings"
	"time"
)

// Repository visibilities.
const (
	VisibilityPublic   = "public"
	VisibilityPrivate  = "private"
	VisibilityInternal = "internal"
)

// Feature statuses used by security_and_analysis.
const (
	StatusEnabled  = "enabled"
	StatusDisabled = "disabled"
)

// Branch is a git branch of a repository (only its head commit).
type Branch struct {
	Name string `json:"name"`
	SHA  string `json:"sha"`
}

// Repo is the emulator's record of a repository. Copies returned by State
// helpers are snapshots; changing them does not change the emulator.
type Repo struct {
	ID          int64   `json:"id"`
	Owner       string  `json:"owner"`
	Name        string  `json:"name"`
	Description *string `json:"description"`
	Homepage    *string `json:"homepage"`
	Visibility  string  `json:"visibility"`

	HasIssues      bool `json:"hasIssues"`
	HasProjects    bool `json:"hasProjects"`
	HasWiki        bool `json:"hasWiki"`
	HasDiscussions bool `json:"hasDiscussions"`
	HasDownloads   bool `json:"hasDownloads"`
	HasPages       bool `json:"hasPages"`
	IsTemplate     bool `json:"isTemplate"`
	Archived       bool `json:"archived"`
	Disabled       bool `json:"disabled"`

	AllowSquashMerge          bool   `json:"allowSquashMerge"`
	AllowMergeCommit          bool   `json:"allowMergeCommit"`
	AllowRebaseMerge          bool   `json:"allowRebaseMerge"`
	AllowAutoMerge            bool   `json:"allowAutoMerge"`
	DeleteBranchOnMerge       bool   `json:"deleteBranchOnMerge"`
	AllowUpdateBranch         bool   `json:"allowUpdateBranch"`
	AllowForking              bool   `json:"allowForking"`
	WebCommitSignoffRequired  bool   `json:"webCommitSignoffRequired"`
	UseSquashPRTitleAsDefault bool   `json:"useSquashPrTitleAsDefault"`
	SquashMergeCommitTitle    string `json:"squashMergeCommitTitle"`
	SquashMergeCommitMessage  string `json:"squashMergeCommitMessage"`
	MergeCommitTitle          string `json:"mergeCommitTitle"`
	MergeCommitMessage        string `json:"mergeCommitMessage"`

	DefaultBranch string   `json:"defaultBranch"`
	Branches      []Branch `json:"branches"`
	Topics        []string `json:"topics"`
	License       string   `json:"license,omitempty"` // license key, empty for none
	TeamID        int64    `json:"teamId,omitempty"`

	VulnerabilityAlerts bool `json:"vulnerabilityAlerts"`
	// PrivateVulnerabilityReporting and ImmutableReleases are the
	// repository's own switches (its organization may enforce immutable
	// releases on it besides).
	PrivateVulnerabilityReporting bool   `json:"privateVulnerabilityReporting"`
	ImmutableReleases             bool   `json:"immutableReleases"`
	AdvancedSecurity              string `json:"advancedSecurity"`
	SecretScanning                string `json:"secretScanning"`
	SecretScanningPushProtection  string `json:"secretScanningPushProtection"`
	DependabotSecurityUpdates     string `json:"dependabotSecurityUpdates"`
	// SecretScanningDelegatedBypass is whether pushes push protection
	// blocks need a bypass request that BypassReviewers review.
	SecretScanningDelegatedBypass string           `json:"secretScanningDelegatedBypass,omitempty"`
	BypassReviewers               []BypassReviewer `json:"bypassReviewers,omitempty"`

	// CustomProperties are the values of the organization's custom
	// properties set on the repository, by property name: one value for
	// string, single_select and true_false ("true"/"false") properties, any
	// number for multi_select. A property without a value has no key.
	CustomProperties map[string][]string `json:"customProperties,omitempty"`

	ParentID   int64 `json:"parentId,omitempty"`
	SourceID   int64 `json:"sourceId,omitempty"`
	TemplateID int64 `json:"templateId,omitempty"`

	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	PushedAt  time.Time `json:"pushedAt"`

	// sub is the state of the kinds living inside the repository, by kind
	// name; see subKind.
	sub map[string]any
}

// FullName is owner/name.
func (r *Repo) FullName() string { return r.Owner + "/" + r.Name }

// Private reports whether the repository is not public.
func (r *Repo) Private() bool { return r.Visibility != VisibilityPublic }

// HasBranch reports whether the branch exists.
func (r *Repo) HasBranch(name string) bool {
	for _, b := range r.Branches {
		if b.Name == name {
			return true
		}
	}
	return false
}

// clone is a snapshot of the repository's own fields, without the state of
// the kinds living inside it.
func (r *Repo) clone() Repo {
	c := *r
	c.sub = nil
	c.Branches = append([]Branch(nil), r.Branches...)
	c.Topics = append([]string{}, r.Topics...)
	if r.CustomProperties != nil {
		c.CustomProperties = make(map[string][]string, len(r.CustomProperties))
		for k, v := range r.CustomProperties {
			c.CustomProperties[k] = append([]string(nil), v...)
		}
	}
	if r.Description != nil {
		d := *r.Description
		c.Description = &d
	}
	if r.Homepage != nil {
		h := *r.Homepage
		c.Homepage = &h
	}
	return c
}

func (w *world) repoByName(owner, name string) *Repo {
	id, ok := w.byName[key(owner, name)]
	if !ok {
		return nil
	}
	return w.repos[id]
}

// addRepo indexes a repository, giving it the next id if it has none.
func (w *world) addRepo(r *Repo) {
	if r.ID == 0 {
		r.ID = w.nextRepoID
		w.nextRepoID++
	}
	w.repos[r.ID] = r
	w.byName[key(r.Owner, r.Name)] = r.ID
	delete(w.redirects, key(r.Owner, r.Name))
	w.defaultCustomProperties(r)
}

func (w *world) removeRepo(r *Repo) {
	delete(w.repos, r.ID)
	delete(w.byName, key(r.Owner, r.Name))
	for k, id := range w.redirects {
		if id == r.ID {
			delete(w.redirects, k)
		}
	}
}

// moveRepo gives a repository a new owner and name (a rename keeps the
// owner, a transfer changes it); the old full name then redirects. The
// repository keeps its id and everything it owns.
func (w *world) moveRepo(r *Repo, newOwner, newName string) {
	old := key(r.Owner, r.Name)
	delete(w.byName, old)
	r.Owner, r.Name = newOwner, newName
	w.byName[key(r.Owner, r.Name)] = r.ID
	delete(w.redirects, key(r.Owner, r.Name))
	if old != key(r.Owner, r.Name) {
		w.redirects[old] = r.ID
	}
}

// reposOf lists the repositories owned by an account, sorted by id.
func (w *world) reposOf(owner string) []*Repo {
	var out []*Repo
	for _, r := range w.repos {
		if strings.EqualFold(r.Owner, owner) {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// newRepo builds a repository with GitHub's defaults (its default labels
// included); the caller adds it.
func (w *world) newRepo(owner *Account, name, visibility string, now time.Time) *Repo {
	r := &Repo{
		Owner:                        owner.Login,
		Name:                         name,
		Visibility:                   visibility,
		HasIssues:                    true,
		HasProjects:                  true,
		HasWiki:                      true,
		HasDownloads:                 true,
		AllowSquashMerge:             true,
		AllowMergeCommit:             true,
		AllowRebaseMerge:             true,
		AllowForking:                 true,
		SquashMergeCommitTitle:       "COMMIT_OR_PR_TITLE",
		SquashMergeCommitMessage:     "COMMIT_MESSAGES",
		MergeCommitTitle:             "MERGE_MESSAGE",
		MergeCommitMessage:           "PR_TITLE",
		DefaultBranch:                "main",
		Topics:                       []string{},
		AdvancedSecurity:             StatusDisabled,
		SecretScanning:               StatusDisabled,
		SecretScanningPushProtection: StatusDisabled,
		DependabotSecurityUpdates:    StatusDisabled,
		CreatedAt:                    now,
		UpdatedAt:                    now,
		PushedAt:                     now,
	}
	w.labelDefaults(r)
	return r
}
