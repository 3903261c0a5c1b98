package emulator

import "encoding/base64"

type permissionsJSON struct {
	Admin    bool `json:"admin"`
	Maintain bool `json:"maintain"`
	Push     bool `json:"push"`
	Triage   bool `json:"triage"`
	Pull     bool `json:"pull"`
}

type statusJSON struct {
	Status string `json:"status"`
}

type securityJSON struct {
	AdvancedSecurity             *statusJSON `json:"advanced_security,omitempty"`
	SecretScanning               statusJSON  `json:"secret_scanning"`
	SecretScanningPushProtection statusJSON  `json:"secret_scanning_push_protection"`
	DependabotSecurityUpdates    statusJSON  `json:"dependabot_security_updates"`
	// Delegated bypass is an organization's repositories' only.
	SecretScanningDelegatedBypass        *statusJSON        `json:"secret_scanning_delegated_bypass,omitempty"`
	SecretScanningDelegatedBypassOptions *bypassOptionsJSON `json:"secret_scanning_delegated_bypass_options,omitempty"`
}

type licenseJSON struct {
	Key    string `json:"key"`
	Name   string `json:"name"`
	URL    string `json:"url"`
	SpdxID string `json:"spdx_id"`
	NodeID string `json:"node_id"`
}

// repoJSON is GitHub's full-repository object (and, with the optional parts
// left out, the repository object used in lists, parents and templates).
type repoJSON struct {
	ID                       int64            `json:"id"`
	NodeID                   string           `json:"node_id"`
	Name                     string           `json:"name"`
	FullName                 string           `json:"full_name"`
	Private                  bool             `json:"private"`
	Owner                    simpleUser       `json:"owner"`
	HTMLURL                  string           `json:"html_url"`
	Description              *string          `json:"description"`
	Fork                     bool             `json:"fork"`
	URL                      string           `json:"url"`
	ForksURL                 string           `json:"forks_url"`
	KeysURL                  string           `json:"keys_url"`
	CollaboratorsURL         string           `json:"collaborators_url"`
	TeamsURL                 string           `json:"teams_url"`
	HooksURL                 string           `json:"hooks_url"`
	IssueEventsURL           string           `json:"issue_events_url"`
	EventsURL                string           `json:"events_url"`
	AssigneesURL             string           `json:"assignees_url"`
	BranchesURL              string           `json:"branches_url"`
	TagsURL                  string           `json:"tags_url"`
	BlobsURL                 string           `json:"blobs_url"`
	GitTagsURL               string           `json:"git_tags_url"`
	GitRefsURL               string           `json:"git_refs_url"`
	TreesURL                 string           `json:"trees_url"`
	StatusesURL              string           `json:"statuses_url"`
	LanguagesURL             string           `json:"languages_url"`
	StargazersURL            string           `json:"stargazers_url"`
	ContributorsURL          string           `json:"contributors_url"`
	SubscribersURL           string           `json:"subscribers_url"`
	SubscriptionURL          string           `json:"subscription_url"`
	CommitsURL               string           `json:"commits_url"`
	GitCommitsURL            string           `json:"git_commits_url"`
	CommentsURL              string           `json:"comments_url"`
	IssueCommentURL          string           `json:"issue_comment_url"`
	ContentsURL              string           `json:"contents_url"`
	CompareURL               string           `json:"compare_url"`
	MergesURL                string           `json:"merges_url"`
	ArchiveURL               string           `json:"archive_url"`
	DownloadsURL             string           `json:"downloads_url"`
	IssuesURL                string           `json:"issues_url"`
	PullsURL                 string           `json:"pulls_url"`
	MilestonesURL            string           `json:"milestones_url"`
	NotificationsURL         string           `json:"notifications_url"`
	LabelsURL                string           `json:"labels_url"`
	ReleasesURL              string           `json:"releases_url"`
	DeploymentsURL           string           `json:"deployments_url"`
	CreatedAt                string           `json:"created_at"`
	UpdatedAt                string           `json:"updated_at"`
	PushedAt                 string           `json:"pushed_at"`
	GitURL                   string           `json:"git_url"`
	SSHURL                   string           `json:"ssh_url"`
	CloneURL                 string           `json:"clone_url"`
	SvnURL                   string           `json:"svn_url"`
	Homepage                 *string          `json:"homepage"`
	Size                     int              `json:"size"`
	StargazersCount          int              `json:"stargazers_count"`
	WatchersCount            int              `json:"watchers_count"`
	Language                 *string          `json:"language"`
	HasIssues                bool             `json:"has_issues"`
	HasProjects              bool             `json:"has_projects"`
	HasDownloads             bool             `json:"has_downloads"`
	HasWiki                  bool             `json:"has_wiki"`
	HasPages                 bool             `json:"has_pages"`
	HasDiscussions           bool             `json:"has_discussions"`
	ForksCount               int              `json:"forks_count"`
	MirrorURL                *string          `json:"mirror_url"`
	Archived                 bool             `json:"archived"`
	Disabled                 bool             `json:"disabled"`
	OpenIssuesCount          int              `json:"open_issues_count"`
	License                  *licenseJSON     `json:"license"`
	AllowForking             bool             `json:"allow_forking"`
	IsTemplate               bool             `json:"is_template"`
	WebCommitSignoffRequired bool             `json:"web_commit_signoff_required"`
	Topics                   []string         `json:"topics"`
	Visibility               string           `json:"visibility"`
	Forks                    int              `json:"forks"`
	OpenIssues               int              `json:"open_issues"`
	Watchers                 int              `json:"watchers"`
	DefaultBranch            string           `json:"default_branch"`
	Permissions              *permissionsJSON `json:"permissions,omitempty"`

	// Merge settings: only shown to callers with push access.
	AllowSquashMerge          *bool   `json:"allow_squash_merge,omitempty"`
	AllowMergeCommit          *bool   `json:"allow_merge_commit,omitempty"`
	AllowRebaseMerge          *bool   `json:"allow_rebase_merge,omitempty"`
	AllowAutoMerge            *bool   `json:"allow_auto_merge,omitempty"`
	DeleteBranchOnMerge       *bool   `json:"delete_branch_on_merge,omitempty"`
	AllowUpdateBranch         *bool   `json:"allow_update_branch,omitempty"`
	UseSquashPRTitleAsDefault *bool   `json:"use_squash_pr_title_as_default,omitempty"`
	SquashMergeCommitTitle    *string `json:"squash_merge_commit_title,omitempty"`
	SquashMergeCommitMessage  *string `json:"squash_merge_commit_message,omitempty"`
	MergeCommitTitle          *string `json:"merge_commit_title,omitempty"`
	MergeCommitMessage        *string `json:"merge_commit_message,omitempty"`

	// Full-repository only.
	TemplateRepository *repoJSON     `json:"template_repository,omitempty"`
	Organization       *simpleUser   `json:"organization,omitempty"`
	Parent             *repoJSON     `json:"parent,omitempty"`
	Source             *repoJSON     `json:"source,omitempty"`
	NetworkCount       *int          `json:"network_count,omitempty"`
	SubscribersCount   *int          `json:"subscribers_count,omitempty"`
	SecurityAndAnalys  *securityJSON `json:"security_and_analysis,omitempty"`
	// CustomProperties are the values of the organization's custom
	// properties, by name: a string, or a list for a multi_select one.
	CustomProperties map[string]any `json:"custom_properties,omitempty"`
}

// Render depths.
const (
	renderFull = iota // GET/PATCH/POST answers: full-repository
	renderList        // list items and nested parent/source/template
)

var knownLicenses = map[string]struct{ name, spdx string }{
	"mit":          {"MIT License", "MIT"},
	"apache-2.0":   {"Apache License 2.0", "Apache-2.0"},
	"gpl-3.0":      {"GNU General Public License v3.0", "GPL-3.0"},
	"bsd-3-clause": {`BSD 3-Clause "New" or "Revised" License`, "BSD-3-Clause"},
	"bsd-2-clause": {`BSD 2-Clause "Simplified" License`, "BSD-2-Clause"},
	"mpl-2.0":      {"Mozilla Public License 2.0", "MPL-2.0"},
	"unlicense":    {"The Unlicense", "Unlicense"},
	"agpl-3.0":     {"GNU Affero General Public License v3.0", "AGPL-3.0"},
	"lgpl-2.1":     {"GNU Lesser General Public License v2.1", "LGPL-2.1"},
}

// renderRepo builds the JSON view of a repository for the request's caller.
// The caller must hold the state lock.
func (c *reqCtx) renderRepo(w *world, r *Repo, depth int) *repoJSON {
	owner := w.account(r.Owner)
	if owner == nil {
		owner = &Account{Login: r.Owner, Type: accountUser}
	}
	api := c.apiBase + "/repos/" + r.FullName()
	web := c.webBase + "/" + r.FullName()
	j := &repoJSON{
		ID:               r.ID,
		NodeID:           nodeID("R", r.ID),
		Name:             r.Name,
		FullName:         r.FullName(),
		Private:          r.Private(),
		Owner:            c.simpleUser(owner),
		HTMLURL:          web,
		Description:      r.Description,
		Fork:             r.ParentID != 0,
		URL:              api,
		ForksURL:         api + "/forks",
		KeysURL:          api + "/keys{/key_id}",
		CollaboratorsURL: api + "/collaborators{/collaborator}",
		TeamsURL:         api + "/teams",
		HooksURL:         api + "/hooks",
		IssueEventsURL:   api + "/issues/events{/number}",
		EventsURL:        api + "/events",
		AssigneesURL:     api + "/assignees{/user}",
		BranchesURL:      api + "/branches{/branch}",
		TagsURL:          api + "/tags",
		BlobsURL:         api + "/git/blobs{/sha}",
		GitTagsURL:       api + "/git/tags{/sha}",
		GitRefsURL:       api + "/git/refs{/sha}",
		TreesURL:         api + "/git/trees{/sha}",
		StatusesURL:      api + "/statuses/{sha}",
		LanguagesURL:     api + "/languages",
		StargazersURL:    api + "/stargazers",
		ContributorsURL:  api + "/contributors",
		SubscribersURL:   api + "/subscribers",
		SubscriptionURL:  api + "/subscription",
		CommitsURL:       api + "/commits{/sha}",
		GitCommitsURL:    api + "/git/commits{/sha}",
		CommentsURL:      api + "/comments{/number}",
		IssueCommentURL:  api + "/issues/comments{/number}",
		ContentsURL:      api + "/contents/{+path}",
		CompareURL:       api + "/compare/{base}...{head}",
		MergesURL:        api + "/merges",
		ArchiveURL:       api + "/{archive_format}{/ref}",
		DownloadsURL:     api + "/downloads",
		IssuesURL:        api + "/issues{/number}",
		PullsURL:         api + "/pulls{/number}",
		MilestonesURL:    api + "/milestones{/number}",
		NotificationsURL: api + "/notifications{?since,all,participating}",
		LabelsURL:        api + "/labels{/name}",
		ReleasesURL:      api + "/releases{/id}",
		DeploymentsURL:   api + "/deployments",
		CreatedAt:        ts(r.CreatedAt),
		UpdatedAt:        ts(r.UpdatedAt),
		PushedAt:         ts(r.PushedAt),
		GitURL:           "git://" + c.host + "/" + r.FullName() + ".git",
		SSHURL:           "git@" + c.host + ":" + r.FullName() + ".git",
		CloneURL:         web + ".git",
		SvnURL:           web,
		Homepage:         r.Homepage,
		HasIssues:        r.HasIssues,
		HasProjects:      r.HasProjects,
		HasDownloads:     r.HasDownloads,
		HasWiki:          r.HasWiki,
		HasPages:         r.HasPages,
		HasDiscussions:   r.HasDiscussions,
		Archived:         r.Archived,
		Disabled:         r.Disabled,
		AllowForking:     r.AllowForking,
		IsTemplate:       r.IsTemplate,

		WebCommitSignoffRequired: r.WebCommitSignoffRequired,
		Topics:                   append([]string{}, r.Topics...),
		Visibility:               r.Visibility,
		DefaultBranch:            r.DefaultBranch,
	}
	if r.License != "" {
		l := knownLicenses[r.License]
		j.License = &licenseJSON{Key: r.License, Name: l.name, SpdxID: l.spdx, URL: c.apiBase + "/licenses/" + r.License, NodeID: base64.StdEncoding.EncodeToString([]byte("07:License:" + r.License))}
	}
	forks := 0
	for _, o := range w.repos {
		if o.ParentID == r.ID {
			forks++
		}
	}
	j.ForksCount, j.Forks = forks, forks

	acc := w.access(c.principal, r)
	if c.principal != nil && acc >= accessRead {
		j.Permissions = &permissionsJSON{
			Admin: acc >= accessAdmin, Maintain: acc >= accessAdmin,
			Push: acc >= accessWrite, Triage: acc >= accessWrite, Pull: true,
		}
	}
	if acc >= accessWrite {
		j.AllowSquashMerge = ptr(r.AllowSquashMerge)
		j.AllowMergeCommit = ptr(r.AllowMergeCommit)
		j.AllowRebaseMerge = ptr(r.AllowRebaseMerge)
		j.AllowAutoMerge = ptr(r.AllowAutoMerge)
		j.DeleteBranchOnMerge = ptr(r.DeleteBranchOnMerge)
		j.AllowUpdateBranch = ptr(r.AllowUpdateBranch)
		j.UseSquashPRTitleAsDefault = ptr(r.UseSquashPRTitleAsDefault)
		j.SquashMergeCommitTitle = ptr(r.SquashMergeCommitTitle)
		j.SquashMergeCommitMessage = ptr(r.SquashMergeCommitMessage)
		j.MergeCommitTitle = ptr(r.MergeCommitTitle)
		j.MergeCommitMessage = ptr(r.MergeCommitMessage)
	}
	if depth != renderFull {
		return j
	}
	if owner.IsOrg() {
		org := c.simpleUser(owner)
		j.Organization = &org
	}
	if t := w.repos[r.TemplateID]; t != nil && w.access(c.principal, t) >= accessRead {
		j.TemplateRepository = c.renderRepo(w, t, renderList)
	}
	if p := w.repos[r.ParentID]; p != nil {
		j.Parent = c.renderRepo(w, p, renderList)
	}
	if src := w.repos[r.SourceID]; src != nil {
		j.Source = c.renderRepo(w, src, renderList)
	}
	network := 0
	root := r.ID
	if r.SourceID != 0 {
		root = r.SourceID
	}
	for _, o := range w.repos {
		if o.ID == root || o.SourceID == root {
			network++
		}
	}
	j.NetworkCount = ptr(network)
	j.CustomProperties = w.customPropertiesJSON(r)
	j.SubscribersCount = ptr(1)
	if acc >= accessAdmin {
		sa := &securityJSON{
			SecretScanning:               statusJSON{r.SecretScanning},
			SecretScanningPushProtection: statusJSON{r.SecretScanningPushProtection},
			DependabotSecurityUpdates:    statusJSON{r.DependabotSecurityUpdates},
		}
		if owner.IsOrg() && r.Private() {
			sa.AdvancedSecurity = &statusJSON{r.AdvancedSecurity}
		}
		if owner.IsOrg() {
			sa.SecretScanningDelegatedBypass = &statusJSON{r.delegatedBypass()}
			sa.SecretScanningDelegatedBypassOptions = w.renderBypassOptions(r)
		}
		j.SecurityAndAnalys = sa
	}
	return j
}
