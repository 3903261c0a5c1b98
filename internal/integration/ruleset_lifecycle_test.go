package integration

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// protectMainRules are the rule types of protectMain, as GitHub names
// them, sorted.
var protectMainRules = []string{"commit_message_pattern", "deletion", "non_fast_forward", "pull_request", "required_status_checks", "update"}

// protectMainActors are the bypass actors of protectMain as GitHub answers
// them: OrganizationAdmin without an id, the modes filled in.
var protectMainActors = []string{"OrganizationAdmin/-/always", "RepositoryRole/5/always", fmt.Sprintf("Team/%d/pull_request", platformTeam)}

// declaredOnGitHub says how GitHub's ruleset id differs from protectMain,
// "" when it does not.
func (f *fixture) declaredOnGitHub(id string) string {
	r, ok := f.ghRulesetByID(id)
	switch {
	case !ok:
		return "no ruleset " + id
	case r.Name != "protect-main" || r.Enforcement != "active" || r.Target != "branch":
		return fmt.Sprintf("name %q, enforcement %s, target %s", r.Name, r.Enforcement, r.Target)
	case !slices.Equal(r.ruleTypes(), protectMainRules) && !slices.Equal(r.ruleTypes(), append(slices.Clone(protectMainRules), "workflows")):
		return fmt.Sprintf("rules %v", r.ruleTypes())
	case !slices.Equal(r.actors(), protectMainActors):
		return fmt.Sprintf("bypass actors %v", r.actors())
	case !slices.Equal(r.include(), []string{"refs/heads/release/*", "~DEFAULT_BRANCH"}):
		return fmt.Sprintf("include %v", r.include())
	}
	return ""
}

// A ruleset is created with its rules and bypass actors, the id GitHub
// assigns as its external name; it is not written again poll after poll;
// whatever is changed on GitHub is put back, a rule of a type the kind does
// not model is kept; a ruleset deleted on GitHub is created again; and
// deleting the resource deletes the ruleset.
func TestRulesetLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		r := f.ruleset(s, "protect-main", protectMain())
		f.must(kube.Create(f.ctx, r))
		got := waitReady(f, r)

		id := meta.GetExternalName(got)
		if _, err := strconv.ParseInt(id, 10, 64); err != nil {
			t.Fatalf("external name %q: want the ruleset's id", id)
		}
		if msg := f.declaredOnGitHub(id); msg != "" {
			t.Errorf("ruleset on GitHub: %s", msg)
		}
		if o := got.Observation(); fmt.Sprint(ptr.Deref(o.ID, 0)) != id || ptr.Deref(o.Repository, "") != "demo-org/app" || o.CreatedAt == nil {
			t.Errorf("status.atProvider: %+v, want id %s in demo-org/app with its creation time", o, id)
		}
		rulesetsQuiet(f, appFullName, "created")

		// Everything changed on GitHub, and a rule the kind does not model
		// added.
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/repos/demo-org/app/rulesets/"+id, `{
			"name": "Renamed", "enforcement": "disabled",
			"bypass_actors": [{"actor_type": "DeployKey", "bypass_mode": "always"}, {"actor_type": "RepositoryRole", "actor_id": 5, "bypass_mode": "always"}],
			"conditions": {"ref_name": {"include": ["refs/heads/other"], "exclude": ["refs/heads/main"]}},
			"rules": [
				{"type": "creation"},
				{"type": "pull_request", "parameters": {"dismiss_stale_reviews_on_push": false, "require_code_owner_review": false, "require_last_push_approval": false, "required_approving_review_count": 3, "required_review_thread_resolution": false}},
				{"type": "workflows", "parameters": {"workflows": [{"path": ".github/workflows/ci.yml", "repository_id": 1}]}}
			]}`)
		f.eventually("ruleset put back as declared, the workflows rule kept", func() string {
			if msg := f.declaredOnGitHub(id); msg != "" {
				return msg
			}
			if r, _ := f.ghRulesetByID(id); !slices.Contains(r.ruleTypes(), "workflows") {
				return "workflows rule dropped"
			}
			if r, _ := f.ghRulesetByID(id); len(r.Conditions.RefName.Exclude) != 0 {
				return fmt.Sprintf("exclude %v", r.Conditions.RefName.Exclude)
			}
			if k := get(f, r).Observation().KeptRules; !slices.Equal(k, []string{"workflows"}) {
				return fmt.Sprintf("status.atProvider.keptRules %v", k)
			}
			return ""
		})
		rulesetsQuiet(f, appFullName, "drift corrected, workflows rule kept")

		// Deleted on GitHub: created again, under a new id.
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, "/repos/demo-org/app/rulesets/"+id, "")
		var newID string
		f.eventually("ruleset created again", func() string {
			newID = meta.GetExternalName(get(f, r))
			if newID == id {
				return "external name still " + id
			}
			return f.declaredOnGitHub(newID)
		})
		if n := len(f.ghRulesets()); n != 1 {
			t.Errorf("%d rulesets on GitHub, want 1", n)
		}

		f.must(kube.Delete(f.ctx, get(f, r)))
		f.eventually("ruleset deleted on GitHub and the resource gone", func() string {
			if l := f.ghRulesets(); len(l) != 0 {
				return fmt.Sprintf("rulesets on GitHub: %+v", l)
			}
			if err := kube.Get(f.ctx, s.key(f, "protect-main"), fresh(r)); !kerrors.IsNotFound(err) {
				return "Ruleset still there"
			}
			return ""
		})
	})
}

// A push ruleset with the file rules, in a repository named by a
// Repository resource, is created and left alone.
func TestRulesetPushOfRepositoryRef(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		f.create(s, "secrets-repo", common.RepositoryParameters{Visibility: ptr.To("private"), AutoInit: ptr.To(true)})
		r := f.ruleset(s, "no-secrets", common.RulesetParameters{
			RepositoryTarget: common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: s.key(f, "secrets-repo").Name}},
			Name:             "no-secrets", Target: "push",
			Rules: &common.RulesetRules{
				FilePathRestriction:      &common.FilePathRestrictionRule{RestrictedFilePaths: []string{"secrets/**", "*.pem"}},
				FileExtensionRestriction: &common.FileExtensionRestrictionRule{RestrictedFileExtensions: []string{".exe"}},
				MaxFilePathLength:        &common.MaxFilePathLengthRule{MaxFilePathLength: 200},
				MaxFileSize:              &common.MaxFileSizeRule{MaxFileSize: 10},
			},
		})
		f.must(kube.Create(f.ctx, r))
		got := waitReady(f, r)
		if repo := ptr.Deref(got.Observation().Repository, ""); repo != "demo-org/secrets-repo" {
			t.Errorf("status.atProvider.repository %q, want demo-org/secrets-repo", repo)
		}
		b := f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/demo-org/secrets-repo/rulesets/"+meta.GetExternalName(got), "")
		for _, want := range []string{`"target":"push"`, `"max_file_size":10`, `"restricted_file_extensions":[".exe"]`} {
			if !strings.Contains(string(b), want) {
				t.Errorf("ruleset on GitHub %s: want it to have %s", b, want)
			}
		}
		rulesetsQuiet(f, "demo-org/secrets-repo", "push ruleset created")
	})
}
