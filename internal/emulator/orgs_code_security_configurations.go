package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

func init() {
	registerKind(codeSecurityConfigurations.name, codeSecurityConfigurationRoutes)
	registerKind("repository-code-security-configuration", (*Server).codeSecurityRepoRoutes)
}

// codeSecurityConfigurations are an organization's code security
// configurations (https://docs.github.com/rest/code-security/configurations),
// in the order they were made. GitHub assigns each an id; names are unique in
// the organization, and a name in use is answered 422 already_exists.
// Deleting a configuration detaches its repositories and drops it as a
// default for new repositories: both are kept on the configuration.
var codeSecurityConfigurations = &collection[codeSecurityConfiguration]{
	name: "codesecurityconfigurations", key: byID(4700001, func(it *codeSecurityConfiguration) *int64 { return &it.ID }),
	clash: func(a, b *codeSecurityConfiguration) bool { return a.Name == b.Name },
	pages: githubPages, render: renderCodeSecurityConfiguration, create: readNewCodeSecurityConfiguration, created: replyItem,
	update: &updating[codeSecurityConfiguration]{method: "PATCH", read: readCodeSecurityConfiguration, reply: replyItem, bodyFirst: true},
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Resource: "CodeSecurityConfiguration", Code: "already_exists", Field: "name"})
	},
	stamps:  func(it *codeSecurityConfiguration) (*time.Time, *time.Time) { return &it.CreatedAt, &it.UpdatedAt },
	builtIn: func(*reqCtx) []*codeSecurityConfiguration { return []*codeSecurityConfiguration{githubRecommended()} },
	// target_type=global lists only GitHub's own; all (the default) every
	// configuration.
	listing: func(c *reqCtx, _ *codeSecurityConfiguration, builtIn bool) bool {
		return builtIn || c.r.URL.Query().Get("target_type") != "global"
	},
}

// githubRecommended is GitHub's built-in configuration every organization's
// list shows first, as GitHub's description shows it (target type global,
// id 17): listed and read, never changed or deleted through the
// organization (those answer 404, the organization having no configuration
// of its own of that id; GitHub documents no other answer).
func githubRecommended() *codeSecurityConfiguration {
	made := time.Date(2023, 12, 4, 15, 58, 7, 0, time.UTC)
	features := map[string]string{}
	for _, f := range codeSecurityFeatures {
		features[f.name] = "not_set"
	}
	for name, state := range map[string]string{
		"dependency_graph": "enabled", "dependabot_alerts": "enabled", "code_scanning_default_setup": "enabled",
		"code_scanning_delegated_alert_dismissal": "enabled", "secret_scanning": "enabled", "secret_scanning_push_protection": "enabled",
		"secret_scanning_delegated_bypass": "disabled", "secret_scanning_validity_checks": "enabled",
		"secret_scanning_non_provider_patterns": "enabled", "private_vulnerability_reporting": "enabled",
	} {
		features[name] = state
	}
	return &codeSecurityConfiguration{ID: 17, Global: true, Name: "GitHub recommended",
		Description:      "Suggested settings for Dependabot, secret scanning, and code scanning.",
		AdvancedSecurity: "enabled", Features: features, Enforcement: "enforced", AutosubmitLabeledRunners: ptr(false),
		CreatedAt: made, UpdatedAt: made}
}

// AttachDelay is how long GitHub takes, in the emulator, to attach a
// configuration to the repositories an attach names: until then the
// configuration's repositories list them as "attaching". POST
// /_emulator/orgs/{org}/code-security/attachments finishes every pending
// attachment of the organization at once.
const AttachDelay = 2 * time.Second

// codeSecurityFeatures are the features a configuration enables, disables or
// leaves alone (enabled, disabled, not_set), with GitHub's default for a new
// configuration.
var codeSecurityFeatures = []struct{ name, def string }{
	{"dependency_graph", "enabled"},
	{"dependency_graph_autosubmit_action", "disabled"},
	{"dependabot_alerts", "disabled"},
	{"dependabot_security_updates", "disabled"},
	{"dependabot_delegated_alert_dismissal", "disabled"},
	{"code_scanning_default_setup", "disabled"},
	{"code_scanning_delegated_alert_dismissal", "not_set"},
	{"secret_scanning", "disabled"},
	{"secret_scanning_push_protection", "disabled"},
	{"secret_scanning_delegated_bypass", "disabled"},
	{"secret_scanning_validity_checks", "disabled"},
	{"secret_scanning_non_provider_patterns", "disabled"},
	{"secret_scanning_generic_secrets", "disabled"},
	{"secret_scanning_delegated_alert_dismissal", "disabled"},
	{"secret_scanning_extended_metadata", "disabled"},
	{"private_vulnerability_reporting", "disabled"},
}

var (
	featureStates        = []string{"enabled", "disabled", "not_set"}
	advancedSecurityVals = []string{"enabled", "disabled", "code_security", "secret_protection"}
	enforcementVals      = []string{"enforced", "unenforced"}
	runnerTypes          = []string{"standard", "labeled", "not_set"}
	reviewerTypes        = []string{"TEAM", "ROLE"}
	bypassModes          = []string{"ALWAYS", "EXEMPT"}
	defaultForNewRepos   = []string{"all", "none", "private_and_internal", "public"}
	attachScopes         = []string{"all", "all_without_configurations", "public", "private_or_internal", "selected"}
)

// codeSecurityConfigurationRoutes declares an organization's configurations:
// its owners read and change them (GitHub lets security managers too).
func codeSecurityConfigurationRoutes(_ *Server, t *routeTable) {
	op := func(need int, anchor string) orgOp {
		return orgOp{auth: authRequired, need: need, refused: "You must be an organization owner or security manager.", doc: "https://docs.github.com/rest/code-security/configurations#" + anchor}
	}
	codeSecurityConfigurations.onOrg(t, orgMount{path: "/code-security/configurations", param: "configuration_id",
		list: op(accessAdmin, "get-code-security-configurations-for-an-organization"), create: op(accessAdmin, "create-a-code-security-configuration"),
		get: op(accessAdmin, "get-a-code-security-configuration"), update: op(accessAdmin, "update-a-code-security-configuration"), remove: op(accessAdmin, "delete-a-code-security-configuration")})
	write := func(anchor string) orgOp { o := op(accessAdmin, anchor); o.write = true; return o }
	t.org("GET", "/code-security/configurations/defaults", op(accessAdmin, "get-default-code-security-configurations"), codeSecurityDefaults)
	t.org("PUT", "/code-security/configurations/{configuration_id}/defaults", write("set-a-code-security-configuration-as-a-default-for-an-organization"), codeSecuritySetDefault)
	t.org("POST", "/code-security/configurations/{configuration_id}/attach", write("attach-a-configuration-to-repositories"), codeSecurityAttach)
	t.org("GET", "/code-security/configurations/{configuration_id}/repositories", op(accessAdmin, "get-repositories-associated-with-a-code-security-configuration"), codeSecurityRepositories)
	t.org("DELETE", "/code-security/configurations/detach", write("detach-configurations-from-repositories"), codeSecurityDetach)
}

// codeSecurityConfiguration is a configuration as the emulator keeps it.
type codeSecurityConfiguration struct {
	ID int64
	// Global: GitHub's own (githubRecommended), not the organization's.
	Global                   bool
	Name                     string
	Description              string
	AdvancedSecurity         string
	Features                 map[string]string // codeSecurityFeatures' states
	Enforcement              string
	AutosubmitLabeledRunners *bool
	RunnerType, RunnerLabel  *string
	AllowAdvanced            *bool
	Reviewers                []bypassReviewer
	// DefaultFor is which new repositories get the configuration: "" or
	// one of defaultForNewRepos.
	DefaultFor string
	// Attached are the repositories attached to it, by id, with the time
	// their attachment completes.
	Attached             map[int64]time.Time
	CreatedAt, UpdatedAt time.Time
}

// bypassReviewer is a delegated bypass reviewer of secret scanning.
type bypassReviewer struct {
	ID   int64  `json:"reviewer_id"`
	Type string `json:"reviewer_type"`
	Mode string `json:"mode"`
}

func renderCodeSecurityConfiguration(c *reqCtx, url string, it *codeSecurityConfiguration) any {
	target, html := "organization", strings.Replace(url, c.apiBase+"/orgs/", c.webBase+"/organizations/", 1)
	if it.Global {
		// GitHub's shows where an organization views it.
		target = "global"
		if org, _, found := strings.Cut(html, "/code-security/"); found {
			html = org + "/settings/security_products/configurations/view"
		}
	}
	j := map[string]any{
		"id": it.ID, "name": it.Name, "target_type": target, "description": it.Description,
		"advanced_security": it.AdvancedSecurity, "enforcement": it.Enforcement,
		"url": url, "html_url": html,
		"created_at": ts(it.CreatedAt), "updated_at": ts(it.UpdatedAt),
	}
	for _, f := range codeSecurityFeatures {
		j[f.name] = it.Features[f.name]
	}
	if it.AutosubmitLabeledRunners != nil {
		j["dependency_graph_autosubmit_action_options"] = map[string]any{"labeled_runners": *it.AutosubmitLabeledRunners}
	}
	j["code_scanning_default_setup_options"] = map[string]any{"runner_type": it.RunnerType, "runner_label": it.RunnerLabel}
	j["code_scanning_options"] = map[string]any{"allow_advanced": it.AllowAdvanced}
	if it.Reviewers != nil {
		rs := make([]map[string]any, 0, len(it.Reviewers))
		for _, r := range it.Reviewers {
			rs = append(rs, map[string]any{"reviewer_id": r.ID, "reviewer_type": r.Type, "mode": r.Mode, "security_configuration_id": it.ID})
		}
		j["secret_scanning_delegated_bypass_options"] = map[string]any{"reviewers": rs}
	}
	return j
}

// readNewCodeSecurityConfiguration reads a create's body: GitHub's defaults
// for whatever it leaves out.
func readNewCodeSecurityConfiguration(c *reqCtx, w *world, f *fields, it *codeSecurityConfiguration) bool {
	it.AdvancedSecurity, it.Enforcement = "disabled", "enforced"
	it.Features = map[string]string{}
	for _, x := range codeSecurityFeatures {
		it.Features[x.name] = x.def
	}
	return readCodeSecurityConfiguration(c, w, f, it)
}

// readCodeSecurityConfiguration reads a create or update body into it: a name
// (required to create), a description, the features' states and their
// options. An enum's other values are 422s.
func readCodeSecurityConfiguration(c *reqCtx, _ *world, f *fields, it *codeSecurityConfiguration) bool {
	f.notNull("name", "description")
	name, description := f.str("name"), f.str("description")
	if f.failed {
		return false
	}
	if name == nil && it.Name == "" {
		c.notSupplied("name")
		return false
	}
	next := *it
	next.Features = map[string]string{}
	for k, v := range it.Features {
		next.Features[k] = v
	}
	if name != nil {
		next.Name = *name
	}
	if description != nil {
		next.Description = *description
	}
	enum := func(field string, allowed []string, into *string) bool {
		v := f.str(field)
		switch {
		case f.failed:
			return false
		case v == nil:
			return true
		case !slices.Contains(allowed, *v):
			c.notOneOf(field, *v, allowed)
			return false
		}
		*into = *v
		return true
	}
	if !enum("advanced_security", advancedSecurityVals, &next.AdvancedSecurity) || !enum("enforcement", enforcementVals, &next.Enforcement) {
		return false
	}
	// code_security and secret_protection are the two halves of advanced
	// security; GitHub answers them as advanced_security.
	var codeSec, secretProt string
	if !enum("code_security", featureStates, &codeSec) || !enum("secret_protection", featureStates, &secretProt) {
		return false
	}
	if codeSec != "" || secretProt != "" {
		cs := next.AdvancedSecurity == "enabled" || next.AdvancedSecurity == "code_security"
		sp := next.AdvancedSecurity == "enabled" || next.AdvancedSecurity == "secret_protection"
		if codeSec != "" {
			cs = codeSec == "enabled"
		}
		if secretProt != "" {
			sp = secretProt == "enabled"
		}
		next.AdvancedSecurity = map[[2]bool]string{{true, true}: "enabled", {true, false}: "code_security", {false, true}: "secret_protection", {false, false}: "disabled"}[[2]bool{cs, sp}]
	}
	for _, x := range codeSecurityFeatures {
		v := next.Features[x.name]
		if !enum(x.name, featureStates, &v) {
			return false
		}
		next.Features[x.name] = v
	}
	if !readCodeSecurityOptions(c, f, &next) {
		return false
	}
	*it = next
	return true
}

// readCodeSecurityOptions reads the features' options objects.
func readCodeSecurityOptions(c *reqCtx, f *fields, it *codeSecurityConfiguration) bool {
	object := func(name string) (*fields, bool) {
		m, ok := f.object(name)
		if f.failed || !ok || m == nil {
			return nil, !f.failed
		}
		return &fields{c: c, m: m}, true
	}
	o, ok := object("dependency_graph_autosubmit_action_options")
	if !ok {
		return false
	}
	if o != nil {
		if b := o.boolean("labeled_runners"); o.failed {
			return false
		} else if b != nil {
			it.AutosubmitLabeledRunners = b
		}
	}
	if o, ok = object("code_scanning_default_setup_options"); !ok {
		return false
	}
	if o != nil {
		rt, present := o.nullable("runner_type")
		rl, labelPresent := o.nullable("runner_label")
		switch {
		case o.failed:
			return false
		case rt != nil && !slices.Contains(runnerTypes, *rt):
			c.notOneOf("runner_type", *rt, runnerTypes)
			return false
		}
		if present {
			it.RunnerType = rt
		}
		if labelPresent {
			it.RunnerLabel = rl
		}
	}
	if o, ok = object("code_scanning_options"); !ok {
		return false
	}
	if o != nil {
		if b := o.boolean("allow_advanced"); o.failed {
			return false
		} else if b != nil {
			it.AllowAdvanced = b
		}
	}
	if o, ok = object("secret_scanning_delegated_bypass_options"); !ok {
		return false
	}
	if o != nil {
		raw, present := o.raw("reviewers")
		if present {
			var rs []bypassReviewer
			if err := json.Unmarshal(raw, &rs); err != nil {
				o.wrong("reviewers", raw, "array")
				return false
			}
			for i := range rs {
				if rs[i].Mode == "" {
					rs[i].Mode = "ALWAYS"
				}
				switch {
				case rs[i].ID == 0:
					c.notSupplied("reviewer_id")
					return false
				case !slices.Contains(reviewerTypes, rs[i].Type):
					c.notOneOf("reviewer_type", rs[i].Type, reviewerTypes)
					return false
				case !slices.Contains(bypassModes, rs[i].Mode):
					c.notOneOf("mode", rs[i].Mode, bypassModes)
					return false
				}
			}
			if rs == nil {
				rs = []bypassReviewer{}
			}
			it.Reviewers = rs
		}
	}
	return true
}

// pathCodeSecurityConfiguration is the configuration the path names, or nil
// after answering 404.
func (c *reqCtx) pathCodeSecurityConfiguration(org *Account) *codeSecurityConfiguration {
	if sh := codeSecurityConfigurations.orgShelf().peek(org); sh != nil {
		for _, it := range *sh {
			if strconv.FormatInt(it.ID, 10) == c.params["configuration_id"] {
				return it
			}
		}
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
	return nil
}

// codeSecurityDefaults answers the configurations that are defaults for new
// repositories, with which ones.
func codeSecurityDefaults(c *reqCtx, _ *world, org *Account) {
	out := []any{}
	if sh := codeSecurityConfigurations.orgShelf().peek(org); sh != nil {
		for _, it := range *sh {
			if it.DefaultFor != "" && it.DefaultFor != "none" {
				url := c.apiBase + "/orgs/" + org.Login + "/code-security/configurations/" + strconv.FormatInt(it.ID, 10)
				out = append(out, map[string]any{"default_for_new_repos": it.DefaultFor, "configuration": renderCodeSecurityConfiguration(c, url, it)})
			}
		}
	}
	c.json(http.StatusOK, out)
}

// codeSecuritySetDefault makes the configuration the default for the new
// repositories the body names; another configuration that was the default
// for some of them stops being so (GitHub keeps one default each for public
// and for private and internal repositories).
func codeSecuritySetDefault(c *reqCtx, _ *world, org *Account) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	it := c.pathCodeSecurityConfiguration(org)
	if it == nil {
		return
	}
	v := f.str("default_for_new_repos")
	switch {
	case f.failed:
		return
	case v == nil:
		c.notSupplied("default_for_new_repos")
		return
	case !slices.Contains(defaultForNewRepos, *v):
		c.notOneOf("default_for_new_repos", *v, defaultForNewRepos)
		return
	}
	covers := func(d string) (public, private bool) {
		return d == "all" || d == "public", d == "all" || d == "private_and_internal"
	}
	pub, priv := covers(*v)
	for _, o := range *codeSecurityConfigurations.orgShelf().peek(org) {
		if o == it {
			continue
		}
		op, opriv := covers(o.DefaultFor)
		op, opriv = op && !pub, opriv && !priv
		o.DefaultFor = map[[2]bool]string{{true, true}: "all", {true, false}: "public", {false, true}: "private_and_internal", {false, false}: ""}[[2]bool{op, opriv}]
	}
	it.DefaultFor = *v
	url := c.apiBase + "/orgs/" + org.Login + "/code-security/configurations/" + strconv.FormatInt(it.ID, 10)
	c.json(http.StatusOK, map[string]any{"default_for_new_repos": *v, "configuration": renderCodeSecurityConfiguration(c, url, it)})
}

// codeSecurityAttach attaches the configuration to the repositories the scope
// names, detaching them from any other: GitHub answers 202 at once and
// attaches them after AttachDelay.
func codeSecurityAttach(c *reqCtx, w *world, org *Account) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	it := c.pathCodeSecurityConfiguration(org)
	if it == nil {
		return
	}
	scope := f.str("scope")
	ids, present := repositoryIDs(f)
	switch {
	case f.failed:
		return
	case scope == nil:
		c.notSupplied("scope")
		return
	case !slices.Contains(attachScopes, *scope):
		c.notOneOf("scope", *scope, attachScopes)
		return
	case *scope == "selected" && !present:
		c.invalid("selected_repository_ids is required when scope is 'selected'")
		return
	case *scope != "selected" && len(ids) > 0:
		c.invalid("selected_repository_ids can only be set when scope is 'selected'")
		return
	}
	for _, id := range ids {
		if r := w.repos[id]; r == nil || !strings.EqualFold(r.Owner, org.Login) {
			c.invalid(msgUnknownRepository(id))
			return
		}
	}
	shelf := *codeSecurityConfigurations.orgShelf().peek(org)
	attachedAnywhere := func(id int64) bool {
		for _, o := range shelf {
			if _, ok := o.Attached[id]; ok {
				return true
			}
		}
		return false
	}
	var chosen []int64
	if *scope == "selected" {
		chosen = dedupeIDs(ids)
	} else {
		for _, r := range w.reposOf(org.Login) {
			switch {
			case *scope == "public" && r.Visibility != "public",
				*scope == "private_or_internal" && r.Visibility == "public",
				*scope == "all_without_configurations" && attachedAnywhere(r.ID):
				continue
			}
			chosen = append(chosen, r.ID)
		}
	}
	done := c.s.now().Add(AttachDelay)
	for _, id := range chosen {
		for _, o := range shelf {
			if o != it {
				delete(o.Attached, id)
			}
		}
		if it.Attached == nil {
			it.Attached = map[int64]time.Time{}
		}
		if _, already := it.Attached[id]; !already {
			it.Attached[id] = done
		}
	}
	c.json(http.StatusAccepted, map[string]any{})
}

// codeSecurityRepositories answers the repositories attached to the
// configuration, with their attachment's status, filtered by the status
// parameter (a comma-separated list; all by default).
func codeSecurityRepositories(c *reqCtx, w *world, org *Account) {
	it := c.pathCodeSecurityConfiguration(org)
	if it == nil {
		return
	}
	want := strings.Split(c.r.URL.Query().Get("status"), ",")
	if c.r.URL.Query().Get("status") == "" {
		want = []string{"all"}
	}
	ids := make([]int64, 0, len(it.Attached))
	for id := range it.Attached {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	now := c.s.now()
	out := []any{}
	for _, id := range ids {
		r := w.repos[id]
		if r == nil {
			continue
		}
		status := "attached"
		if now.Before(it.Attached[id]) {
			status = "attaching"
		}
		if !slices.Contains(want, "all") && !slices.Contains(want, status) {
			continue
		}
		out = append(out, map[string]any{"status": status, "repository": c.renderRepo(w, r, renderList)})
	}
	start, end := c.paginate(len(out))
	c.json(http.StatusOK, out[start:end])
}

// codeSecurityDetach detaches the repositories the body names from whatever
// configuration they have.
func codeSecurityDetach(c *reqCtx, w *world, org *Account) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	ids, present := repositoryIDs(f)
	switch {
	case f.failed:
		return
	case !present:
		c.notSupplied("selected_repository_ids")
		return
	}
	for _, id := range ids {
		if r := w.repos[id]; r == nil || !strings.EqualFold(r.Owner, org.Login) {
			c.invalid(msgUnknownRepository(id))
			return
		}
	}
	if sh := codeSecurityConfigurations.orgShelf().peek(org); sh != nil {
		for _, o := range *sh {
			for _, id := range ids {
				delete(o.Attached, id)
			}
		}
	}
	c.noContent()
}

// FinishCodeSecurityAttachments completes every pending attachment of a
// configuration of org now (POST /_emulator/orgs/{org}/code-security/attachments).
func (st *State) FinishCodeSecurityAttachments(login string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	org := st.w.account(login)
	if org == nil || !org.IsOrg() {
		return fmt.Errorf("no organization %s", login)
	}
	now := st.now()
	if sh := codeSecurityConfigurations.orgShelf().peek(org); sh != nil {
		for _, o := range *sh {
			for id, at := range o.Attached {
				if at.After(now) {
					o.Attached[id] = now
				}
			}
		}
	}
	return nil
}

// codeSecurityRepoRoutes declares a repository's own view of its
// configuration.
func (s *Server) codeSecurityRepoRoutes(t *routeTable) {
	t.repo("GET", "/code-security-configuration", repoOp{auth: authRequired, need: accessAdmin,
		doc: "https://docs.github.com/rest/code-security/configurations#get-the-code-security-configuration-associated-with-a-repository"}, s.getRepoCodeSecurityConfiguration)
}

// repoCodeSecurityConfiguration is the configuration r is attached to (or
// being attached to), with whether the attachment is complete; nil when none.
func repoCodeSecurityConfiguration(c *reqCtx, w *world, r *Repo) (*codeSecurityConfiguration, bool) {
	org := w.account(r.Owner)
	if org == nil || !org.IsOrg() {
		return nil, false
	}
	if sh := codeSecurityConfigurations.orgShelf().peek(org); sh != nil {
		for _, it := range *sh {
			if at, ok := it.Attached[r.ID]; ok {
				return it, !c.s.now().Before(at)
			}
		}
	}
	return nil, false
}

// getRepoCodeSecurityConfiguration answers the configuration attached to the
// repository with the attachment's status, or 204 when none is.
func (s *Server) getRepoCodeSecurityConfiguration(c *reqCtx, w *world, r *Repo) {
	it, done := repoCodeSecurityConfiguration(c, w, r)
	if it == nil {
		c.noContent()
		return
	}
	status := "attaching"
	if done {
		status = "attached"
	}
	org := w.account(r.Owner)
	url := fmt.Sprintf("%s/orgs/%s/code-security/configurations/%d", c.apiBase, org.Login, it.ID)
	c.json(http.StatusOK, map[string]any{"status": status, "configuration": renderCodeSecurityConfiguration(c, url, it)})
}

// enforcedFeatureRefusal is the emulator's message (GitHub's wording is not
// documented) refusing a change of s to a security feature of r that the
// enforced configuration attached to r sets; "" when s changes none.
func enforcedFeatureRefusal(c *reqCtx, w *world, s *repoSettings, r *Repo) string {
	it, _ := repoCodeSecurityConfiguration(c, w, r)
	if it == nil || it.Enforcement != "enforced" {
		return ""
	}
	for _, feat := range securityFeatures {
		want, ok := s.Security[feat]
		held := it.Features[feat]
		if !ok || held == "" || held == "not_set" || want == held {
			continue
		}
		return fmt.Sprintf("%s is enforced by the code security configuration %q and cannot be changed on the repository.", feat, it.Name)
	}
	return ""
}
