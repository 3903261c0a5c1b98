package emulator

import (
	"encoding/base64"
	"encoding/binary"
	"net/http"
	"strconv"
	"strings"
	"time"
)

func init() { registerKind("rulesets", (*Server).rulesetRoutes) }

// rulesetRoutes declares a repository's rulesets. Reading them needs read
// access (the bypass actors are shown to admins only); changing them needs
// admin rights.
func (s *Server) rulesetRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/repos/rules"
	t.repo("GET", "/rulesets", repoOp{auth: authOptional, doc: doc + "#get-all-repository-rulesets"}, s.listRulesets)
	t.repo("POST", "/rulesets", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#create-a-repository-ruleset"}, s.createRuleset)
	t.repo("GET", "/rulesets/{ruleset_id}", repoOp{auth: authOptional, doc: doc + "#get-a-repository-ruleset"}, s.getRuleset)
	t.repo("PUT", "/rulesets/{ruleset_id}", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#update-a-repository-ruleset"}, s.updateRuleset)
	t.repo("DELETE", "/rulesets/{ruleset_id}", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#delete-a-repository-ruleset"}, s.deleteRuleset)
}

type hrefJSON struct {
	Href string `json:"href"`
}

type bypassActorJSON struct {
	ActorID    *int64 `json:"actor_id"`
	ActorType  string `json:"actor_type"`
	BypassMode string `json:"bypass_mode"`
}

type refNameJSON struct {
	Exclude []string `json:"exclude"`
	Include []string `json:"include"`
}

// conditionsJSON are a ruleset's conditions: a repository's has ref_name
// only; an organization's also one repository condition.
type conditionsJSON struct {
	RefName            *refNameJSON      `json:"ref_name,omitempty"`
	RepositoryName     *repoNameJSON     `json:"repository_name,omitempty"`
	RepositoryID       *repoIDJSON       `json:"repository_id,omitempty"`
	RepositoryProperty *repoPropertyJSON `json:"repository_property,omitempty"`
}

type ruleJSON struct {
	Type       string         `json:"type"`
	Parameters map[string]any `json:"parameters,omitempty"`
}

// rulesetJSON is GitHub's repository-ruleset object. A list shows the
// summary only (no bypass actors, conditions or rules).
type rulesetJSON struct {
	ID                   int64              `json:"id"`
	Name                 string             `json:"name"`
	Target               string             `json:"target"`
	SourceType           string             `json:"source_type"`
	Source               string             `json:"source"`
	Enforcement          string             `json:"enforcement"`
	BypassActors         *[]bypassActorJSON `json:"bypass_actors,omitempty"`
	CurrentUserCanBypass string             `json:"current_user_can_bypass,omitempty"`
	NodeID               string             `json:"node_id"`
	Links                struct {
		Self hrefJSON `json:"self"`
		HTML hrefJSON `json:"html"`
	} `json:"_links"`
	Conditions *conditionsJSON `json:"conditions,omitempty"`
	Rules      *[]ruleJSON     `json:"rules,omitempty"`
	CreatedAt  string          `json:"created_at"`
	UpdatedAt  string          `json:"updated_at"`
}

// rulesetZone is the time zone of ruleset timestamps. GitHub answers them
// with milliseconds in the caller's time zone; the emulator always uses
// UTC-7, so that a client parsing them as RFC 3339 works and one comparing
// them as strings with other timestamps does not.
var rulesetZone = time.FixedZone("", -7*3600)

func rulesetTime(t time.Time) string {
	return t.In(rulesetZone).Truncate(time.Millisecond).Format("2006-01-02T15:04:05.000-07:00")
}

// rulesetNodeID is GitHub's node id of a ruleset: "RRS_" and the URL-safe
// base64 of the MessagePack array [0, source type, source id, id].
func rulesetNodeID(sourceType string, sourceID, id int64) string {
	b := []byte{0x94, 0x00, 0xA0 | byte(len(sourceType))}
	b = append(b, sourceType...)
	for _, n := range []int64{sourceID, id} {
		b = append(b, 0xCE)
		b = binary.BigEndian.AppendUint32(b, uint32(n))
	}
	return "RRS_" + base64.RawURLEncoding.EncodeToString(b)
}

// rulesetSource is who keeps a ruleset, as its JSON says: a repository or
// an organization, and where it is seen from.
type rulesetSource struct {
	typ      string // Repository or Organization
	name     string // owner/name, or the organization's login
	id       int64  // the repository's or organization's id
	apiPath  string // /repos/{owner}/{repo}/rulesets or /orgs/{org}/rulesets
	htmlPath string // /{owner}/{repo}/rules or /organizations/{org}/settings/rules
	// admin: the caller administers the source, and sees bypass actors.
	admin bool
	// in is the repository the ruleset is read through, for
	// current_user_can_bypass; nil when it is read at its organization.
	in *Repo
}

// repoSource is the source of a repository's own rulesets.
func (c *reqCtx) repoSource(w *world, r *Repo) rulesetSource {
	return rulesetSource{typ: "Repository", name: r.FullName(), id: r.ID,
		apiPath: "/repos/" + r.FullName() + "/rulesets", htmlPath: "/" + r.FullName() + "/rules",
		admin: w.access(c.principal, r) >= accessAdmin, in: r}
}

// orgSource is the source of an organization's rulesets, read through the
// repository in (nil: at the organization).
func (c *reqCtx) orgSource(org *Account, in *Repo) rulesetSource {
	admin := c.principal != nil && c.principal.user != nil && org.Members[strings.ToLower(c.principal.user.Login)] == RoleAdmin
	if in := c.principal; in != nil && in.installation != nil {
		// An App sees them with the organization permission that changes
		// them.
		level := in.installation.Permissions["organization_administration"]
		admin = strings.EqualFold(in.installation.Account, org.Login) && (level == "read" || level == "write" || level == "admin")
	}
	return rulesetSource{typ: "Organization", name: org.Login, id: org.ID,
		apiPath: "/orgs/" + org.Login + "/rulesets", htmlPath: "/organizations/" + org.Login + "/settings/rules",
		admin: admin, in: in}
}

func (c *reqCtx) renderRuleset(w *world, src rulesetSource, s *ruleset, full bool) *rulesetJSON {
	j := &rulesetJSON{
		ID: s.ID, Name: s.Name, Target: s.Target, SourceType: src.typ, Source: src.name, Enforcement: s.Enforcement,
		NodeID: rulesetNodeID(src.typ, src.id, s.ID), CreatedAt: rulesetTime(s.CreatedAt), UpdatedAt: rulesetTime(s.UpdatedAt),
	}
	j.Links.Self.Href = c.apiBase + src.apiPath + "/" + strconv.FormatInt(s.ID, 10)
	j.Links.HTML.Href = c.webBase + src.htmlPath + "/" + strconv.FormatInt(s.ID, 10)
	if !full {
		return j
	}
	if src.admin {
		actors := make([]bypassActorJSON, 0, len(s.BypassActors))
		for _, a := range s.BypassActors {
			actors = append(actors, bypassActorJSON(a))
		}
		j.BypassActors = &actors
	}
	if src.in != nil {
		j.CurrentUserCanBypass = w.canBypass(c.principal, src.in, s)
	}
	j.Conditions = renderConditions(s)
	rules := make([]ruleJSON, 0, len(s.Rules))
	for _, ru := range s.Rules {
		rules = append(rules, ruleJSON(ru))
	}
	j.Rules = &rules
	return j
}

// renderConditions are the ruleset's conditions; nil when it has none.
func renderConditions(s *ruleset) *conditionsJSON {
	if s.Conditions == nil && s.Repos == nil {
		return nil
	}
	j := &conditionsJSON{}
	if s.Conditions != nil {
		j.RefName = &refNameJSON{Include: append([]string{}, s.Conditions.Include...), Exclude: append([]string{}, s.Conditions.Exclude...)}
	}
	renderRepoConditions(j, s.Repos)
	return j
}

// listRulesets answers the repository's rulesets in creation order, as
// summaries, then (unless includes_parents is false) the rulesets of its
// organization that cover it, whatever their enforcement. targets
// (comma-separated) filters.
func (s *Server) listRulesets(c *reqCtx, w *world, r *Repo) {
	var want map[string]bool
	if t := c.r.URL.Query().Get("targets"); t != "" {
		want = map[string]bool{}
		for _, x := range strings.Split(t, ",") {
			want[strings.TrimSpace(x)] = true
		}
	}
	type item struct {
		s   *ruleset
		src rulesetSource
	}
	var list []item
	if rs := rulesetsOf.peek(r); rs != nil {
		src := c.repoSource(w, r)
		for _, rs := range *rs {
			if want == nil || want[rs.Target] {
				list = append(list, item{rs, src})
			}
		}
	}
	if c.includesParents() {
		if org := w.account(r.Owner); org != nil && org.IsOrg() {
			src := c.orgSource(org, r)
			for _, rs := range w.orgRulesets(r) {
				if want == nil || want[rs.Target] {
					list = append(list, item{rs, src})
				}
			}
		}
	}
	start, end := c.paginate(len(list))
	items := make([]*rulesetJSON, 0, end-start)
	for _, it := range list[start:end] {
		items = append(items, c.renderRuleset(w, it.src, it.s, false))
	}
	c.json(http.StatusOK, items)
}

// includesParents is the includes_parents parameter: true unless it says
// false, as GitHub's default is.
func (c *reqCtx) includesParents() bool {
	return c.r.URL.Query().Get("includes_parents") != "false"
}

// pathRuleset finds the ruleset of the path, answering 404 when there is
// none.
func (c *reqCtx) pathRuleset(r *Repo) *ruleset {
	id, err := strconv.ParseInt(c.params["ruleset_id"], 10, 64)
	var s *ruleset
	if err == nil {
		s = rulesetByID(r, id)
	}
	if s == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return s
}

func (s *Server) createRuleset(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	rs, ok := c.readRuleset(w, w.repoHome(r), m, nil)
	if !ok {
		return
	}
	rs.ID = w.newRulesetID()
	rs.CreatedAt, rs.UpdatedAt = s.now(), s.now()
	all := rulesetsOf.of(r)
	*all = append(*all, rs)
	c.json(http.StatusCreated, c.renderRuleset(w, c.repoSource(w, r), rs, true))
}

// getRuleset answers one of the repository's rulesets or, unless
// includes_parents is false, one of its organization's that covers it.
func (s *Server) getRuleset(c *reqCtx, w *world, r *Repo) {
	id, err := strconv.ParseInt(c.params["ruleset_id"], 10, 64)
	if err == nil && c.includesParents() {
		for _, rs := range w.orgRulesets(r) {
			if rs.ID == id {
				c.json(http.StatusOK, c.renderRuleset(w, c.orgSource(w.account(r.Owner), r), rs, true))
				return
			}
		}
	}
	if rs := c.pathRuleset(r); rs != nil {
		c.json(http.StatusOK, c.renderRuleset(w, c.repoSource(w, r), rs, true))
	}
}

// updateRuleset changes the fields the body sends; the others stay.
func (s *Server) updateRuleset(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	old := c.pathRuleset(r)
	if old == nil {
		return
	}
	rs, ok := c.readRuleset(w, w.repoHome(r), m, old)
	if !ok {
		return
	}
	rs.UpdatedAt = s.now()
	*old = *rs
	c.json(http.StatusOK, c.renderRuleset(w, c.repoSource(w, r), old, true))
}

func (s *Server) deleteRuleset(c *reqCtx, w *world, r *Repo) {
	old := c.pathRuleset(r)
	if old == nil {
		return
	}
	all := rulesetsOf.of(r)
	for i, rs := range *all {
		if rs == old {
			*all = append((*all)[:i:i], (*all)[i+1:]...)
			break
		}
	}
	c.noContent()
}
