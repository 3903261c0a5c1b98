package integration

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A ruleset that already has the name is not taken over: the resource
// says which one it is and how to adopt it, and nothing is created. With
// the external-name annotation set to its id it is adopted and brought to
// the spec.
func TestRulesetNameTakenThenAdopted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		id := f.ghCreateRuleset(`{"name": "Protect-Main", "enforcement": "disabled", "rules": [{"type": "creation"}]}`)
		r := f.ruleset(s, "protect-main", protectMain())
		f.must(kube.Create(f.ctx, r))
		waitSyncError(f, r, fmt.Sprintf(`demo-org/app already has a ruleset called "Protect-Main" (id %d)`, id),
			fmt.Sprintf(`set the annotation crossplane.io/external-name: "%d"`, id))
		if l := f.ghRulesets(); len(l) != 1 || l[0].ID != id || l[0].Name != "Protect-Main" {
			t.Errorf("rulesets on GitHub: %+v, want only the one that was there, unchanged", l)
		}

		update(f, r, func(r rulesetObject) { meta.SetExternalName(r, fmt.Sprint(id)) })
		waitReady(f, r)
		if msg := f.declaredOnGitHub(fmt.Sprint(id)); msg != "" {
			t.Errorf("adopted ruleset on GitHub: %s", msg)
		}
		if n := len(f.ghRulesets()); n != 1 {
			t.Errorf("%d rulesets on GitHub, want 1", n)
		}
		rulesetsQuiet(f, appFullName, "adopted")
	})
}

// A create interrupted after GitHub made the ruleset (the provider stopped
// before the id was saved) leaves no second ruleset: the one created since
// the create began, with the declared settings, is found by its name.
func TestRulesetInterruptedCreateRecovered(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		began := time.Now()
		id := f.ghCreateRuleset(`{"name": "protect-main", "enforcement": "active", "bypass_actors": [],
			"conditions": {"ref_name": {"include": ["~DEFAULT_BRANCH"], "exclude": []}}, "rules": [{"type": "deletion"}]}`)
		r := f.ruleset(s, "protect-main", common.RulesetParameters{
			RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(rulesetRepo)},
			Name:             "protect-main",
			Conditions:       &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}}},
			Rules:            &common.RulesetRules{Deletion: true},
		})
		// What the managed reconciler records before it calls Create.
		meta.SetExternalCreatePending(r, began)
		f.must(kube.Create(f.ctx, r))
		got := waitReady(f, r)
		if ext := meta.GetExternalName(got); ext != fmt.Sprint(id) {
			t.Errorf("external name %q, want the id %d of the ruleset the interrupted create made", ext, id)
		}
		if n := len(f.ghRulesets()); n != 1 {
			t.Errorf("%d rulesets on GitHub, want 1", n)
		}
		f.waitEvent(got, "RecoveredInterruptedCreate", fmt.Sprintf("(id %d)", id))
	})
}

// A repository that does not exist ends in a condition that names it;
// deleting such a resource completes.
func TestRulesetMissingRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		p := protectMain()
		p.Repository = ptr.To("missing")
		r := f.ruleset(s, "nowhere", p)
		f.must(kube.Create(f.ctx, r))
		waitSyncError(f, r, `cannot create ruleset "protect-main": cannot find repository demo-org/missing`, "404")
		f.must(kube.Delete(f.ctx, get(f, r)))
		f.eventually("resource gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "nowhere"), fresh(r)); !kerrors.IsNotFound(err) {
				return "Ruleset still there"
			}
			return ""
		})
	})
}

// A ruleset deleted with its repository is gone: deleting the resource
// completes.
func TestRulesetOfDeletedRepositoryIsDeleted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		r := f.ruleset(s, "orphan", protectMain())
		f.must(kube.Create(f.ctx, r))
		waitReady(f, r)
		f.must(f.emu.State().Delete(owner, rulesetRepo))
		f.must(kube.Delete(f.ctx, get(f, r)))
		f.eventually("resource gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "orphan"), fresh(r)); !kerrors.IsNotFound(err) {
				return "Ruleset still there"
			}
			return ""
		})
	})
}

// Bad input is refused at admission, with what is allowed.
func TestRulesetAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.RulesetParameters)
		want   string
	}{
		"NameWithSpaces":     {change: func(p *common.RulesetParameters) { p.Name = " main " }, want: "name cannot start or end with spaces"},
		"UnknownTarget":      {change: func(p *common.RulesetParameters) { p.Target = "commit" }, want: `supported values: "branch", "tag", "push"`},
		"UnknownEnforcement": {change: func(p *common.RulesetParameters) { p.Enforcement = "on" }, want: `supported values: "disabled", "active", "evaluate"`},
		"NoRepository":       {change: func(p *common.RulesetParameters) { p.Repository = nil }, want: "set exactly one of repository, repositoryRef or repositorySelector"},
		"PullRequestOnTag": {change: func(p *common.RulesetParameters) {
			p.Target, p.Conditions = "tag", nil
		}, want: "pullRequest, requiredStatusChecks, mergeQueue and branchNamePattern are rules of branch rulesets"},
		"FileRuleOnBranch": {change: func(p *common.RulesetParameters) {
			p.Rules.MaxFileSize = &common.MaxFileSizeRule{MaxFileSize: 5}
		}, want: "are rules of push rulesets: put them in a Ruleset with target push"},
		"BranchRuleOnPush": {change: func(p *common.RulesetParameters) {
			p.Target, p.Conditions, p.Rules = "push", nil, &common.RulesetRules{Deletion: true}
		}, want: "a push ruleset takes only the rules filePathRestriction"},
		"TagPatternOnBranch": {change: func(p *common.RulesetParameters) {
			p.Rules.TagNamePattern = &common.PatternRule{Operator: "starts_with", Pattern: "v"}
		}, want: "tagNamePattern is a rule of tag rulesets"},
		"ConditionsOnPush": {change: func(p *common.RulesetParameters) {
			p.Target, p.Rules = "push", nil
		}, want: "a push ruleset applies to every push to the repository: leave conditions out"},
		"BareBranchName": {change: func(p *common.RulesetParameters) {
			p.Conditions.RefName.Include = []string{"main"}
		}, want: "the refName patterns of a branch ruleset are ~DEFAULT_BRANCH, ~ALL"},
		"BranchPatternOnTag": {change: func(p *common.RulesetParameters) {
			p.Target, p.Rules = "tag", nil
			p.Conditions.RefName.Include = []string{"refs/heads/main"}
		}, want: "the refName patterns of a tag ruleset are ~ALL, or a tag name or pattern starting with refs/tags/"},
		"DuplicatePattern": {change: func(p *common.RulesetParameters) {
			p.Conditions.RefName.Include = []string{"~ALL", "~ALL"}
		}, want: "Duplicate value"},
		"ReviewCountTooHigh": {change: func(p *common.RulesetParameters) {
			p.Rules.PullRequest.RequiredApprovingReviewCount = 11
		}, want: "spec.forProvider.rules.pullRequest.requiredApprovingReviewCount: Invalid value: 11: spec.forProvider.rules.pullRequest.requiredApprovingReviewCount in body should be less than or equal to 10"},
		"UnknownMergeMethod": {change: func(p *common.RulesetParameters) {
			p.Rules.PullRequest.AllowedMergeMethods = []string{"fast-forward"}
		}, want: `supported values: "merge", "squash", "rebase"`},
		"ActorWithoutID": {change: func(p *common.RulesetParameters) {
			p.BypassActors = []common.RulesetBypassActor{{ActorType: "Team"}}
		}, want: "actorId is required for Integration (the GitHub App's id), RepositoryRole"},
		"OrganizationAdminWithID": {change: func(p *common.RulesetParameters) {
			p.BypassActors = []common.RulesetBypassActor{{ActorType: "OrganizationAdmin", ActorID: ptr.To[int64](1)}}
		}, want: "leave actorId out for OrganizationAdmin and DeployKey actors"},
		"UnknownActorType": {change: func(p *common.RulesetParameters) {
			p.BypassActors = []common.RulesetBypassActor{{ActorType: "Organization", ActorID: ptr.To[int64](1)}}
		}, want: `supported values: "Integration", "OrganizationAdmin", "RepositoryRole", "Team", "DeployKey", "User"`},
		"DeployKeyThroughPullRequest": {change: func(p *common.RulesetParameters) {
			p.BypassActors = []common.RulesetBypassActor{{ActorType: "DeployKey", BypassMode: "pull_request"}}
		}, want: "bypassMode pull_request is not available for DeployKey actors"},
		"PullRequestBypassOnTag": {change: func(p *common.RulesetParameters) {
			p.Target, p.Conditions, p.Rules = "tag", nil, nil
			p.BypassActors = []common.RulesetBypassActor{{ActorType: "Team", ActorID: ptr.To[int64](platformTeam), BypassMode: "pull_request"}}
		}, want: "bypassMode pull_request is only for branch rulesets"},
		"DuplicateActor": {change: func(p *common.RulesetParameters) {
			p.BypassActors = []common.RulesetBypassActor{{ActorType: "Team", ActorID: ptr.To[int64](3)}, {ActorType: "Team", ActorID: ptr.To[int64](3), BypassMode: "pull_request"}}
		}, want: "list each bypass actor (actorType and actorId) once"},
		"DuplicateStatusCheck": {change: func(p *common.RulesetParameters) {
			p.Rules.RequiredStatusChecks.RequiredStatusChecks = []common.RulesetStatusCheck{{Context: "ci"}, {Context: "ci"}}
		}, want: "list each status check (context and integrationId) once"},
		"FetchAndMergeWithoutUpdate": {change: func(p *common.RulesetParameters) {
			p.Rules.Update, p.Rules.UpdateAllowsFetchAndMerge = false, true
		}, want: "updateAllowsFetchAndMerge is a setting of the update rule: set update: true too"},
		"PatternOperator": {change: func(p *common.RulesetParameters) {
			p.Rules.CommitMessagePattern.Operator = "matches"
		}, want: `supported values: "starts_with", "ends_with", "contains", "regex"`},
		"MergeQueueMethodCase": {change: func(p *common.RulesetParameters) {
			p.Rules.MergeQueue = &common.MergeQueueRule{MergeMethod: "squash"}
		}, want: `supported values: "MERGE", "SQUASH", "REBASE"`},
		"MaxFileSizeTooLarge": {change: func(p *common.RulesetParameters) {
			p.Target, p.Conditions, p.Rules = "push", nil, &common.RulesetRules{MaxFileSize: &common.MaxFileSizeRule{MaxFileSize: 101}}
		}, want: "should be less than or equal to 100"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				p := protectMain()
				tc.change(&p)
				r := f.ruleset(s, "refused", p)
				err := kube.Create(f.ctx, r)
				if err == nil {
					_ = kube.Delete(f.ctx, r)
					t.Fatalf("want the API server to refuse %+v", p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		}
	})
}

// The repository of a Ruleset cannot change; its settings can.
func TestRulesetImmutability(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.RulesetParameters)
		want   string // "" for accepted
	}{
		"OtherRepository": {change: func(p *common.RulesetParameters) { p.Repository = ptr.To("elsewhere") }, want: "repository and owner cannot be changed"},
		"OtherOwner":      {change: func(p *common.RulesetParameters) { p.Owner = ptr.To("demo-user") }, want: "repository and owner cannot be changed"},
		"ToRepositoryRef": {change: func(p *common.RulesetParameters) {
			p.Repository, p.RepositoryRef = nil, &xpv2.Reference{Name: "app"}
		}, want: "repository and owner cannot be changed"},
		"Name":        {change: func(p *common.RulesetParameters) { p.Name = "renamed" }},
		"Enforcement": {change: func(p *common.RulesetParameters) { p.Enforcement = "evaluate" }},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				r := f.ruleset(s, "fixed-"+strings.ToLower(name), protectMain())
				r.Parameters().Name = strings.ToLower(name)
				f.must(kube.Create(f.ctx, r))
				var err error
				for range 20 { // retry while the controller writes the object too
					r = get(f, r)
					tc.change(r.Parameters())
					if err = kube.Update(f.ctx, r); !kerrors.IsConflict(err) {
						break
					}
				}
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("want the update accepted, got: %v", err)
				case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
					t.Errorf("want the update refused with %q, got: %v", tc.want, err)
				}
			})
		}
	})
}
