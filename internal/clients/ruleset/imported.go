package ruleset

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of a Ruleset resource for GitHub's ruleset r, read
// whole (a list's summaries lack its rules), as it is (its repository is
// the importer's to name): its name, and every setting that is not what
// GitHub gives when it is left out (target branch, enforcement active,
// bypass mode always, all three merge methods, a new merge queue's
// settings), so that Drift finds nothing and the spec stays short. Rules
// of types the spec does not model, and parameters it does not model, are
// left out: the controller keeps them as GitHub has them (see Kept). An
// error names a rule whose parameters GitHub answered in a shape the spec
// cannot hold.
func Imported(r *github.Ruleset) (common.RulesetParameters, error) {
	p := common.RulesetParameters{Name: r.Name, Target: ImportedTarget(r), Enforcement: ImportedEnforcement(r)}
	for _, a := range r.BypassActors {
		b := common.RulesetBypassActor{ActorType: a.ActorType, BypassMode: ImportedBypassMode(a.BypassMode)}
		if a.ActorID != nil && !idless(a.ActorType) {
			b.ActorID = ptr.To(*a.ActorID)
		}
		p.BypassActors = append(p.BypassActors, b)
	}
	if ref := ImportedRefName(r); Target(&p) != targetPush && ref != nil {
		p.Conditions = &common.RulesetConditions{RefName: *ref}
	}
	rules, err := ImportedRules(r)
	if err != nil {
		return common.RulesetParameters{}, err
	}
	p.Rules = rules
	return p, nil
}

// ImportedTarget and ImportedEnforcement are GitHub's target and
// enforcement of r in the spec's words; "" for GitHub's defaults, branch
// and active.
func ImportedTarget(r *github.Ruleset) string {
	if t := strings.ToLower(r.Target); t != targetBranch {
		return t
	}
	return ""
}

// ImportedEnforcement is r's enforcement as a spec declares it: see
// ImportedTarget.
func ImportedEnforcement(r *github.Ruleset) string {
	if e := strings.ToLower(r.Enforcement); e != enforcementActive {
		return e
	}
	return ""
}

// ImportedBypassMode is GitHub's bypass mode in the spec's words; "" for
// always, GitHub's default.
func ImportedBypassMode(mode string) string {
	if m := strings.ToLower(mode); m != bypassAlways {
		return m
	}
	return ""
}

// ImportedRefName is r's ref_name condition as a spec's; nil when it has
// no pattern.
func ImportedRefName(r *github.Ruleset) *common.RulesetRefName {
	c := r.Conditions
	if c == nil || c.RefName == nil || len(c.RefName.Include)+len(c.RefName.Exclude) == 0 {
		return nil
	}
	return &common.RulesetRefName{Include: cloneOrNil(c.RefName.Include), Exclude: cloneOrNil(c.RefName.Exclude)}
}

// ImportedRules are r's rules of the modelled types as a spec's, GitHub's
// defaults left out; nil when it has none. An error names a rule whose
// parameters GitHub answered in a shape the spec cannot hold.
func ImportedRules(r *github.Ruleset) (*common.RulesetRules, error) {
	rules := common.RulesetRules{}
	for _, x := range r.Rules {
		if err := importRule(&rules, x); err != nil {
			return nil, fmt.Errorf("cannot read the parameters of rule %s of ruleset %q: %w", x.Type, r.Name, err)
		}
	}
	if rules == (common.RulesetRules{}) {
		return nil, nil
	}
	return &rules, nil
}

// importRule sets in rules the rule x of a modelled type; a rule of
// another type is left to GitHub.
func importRule(rules *common.RulesetRules, x github.RulesetRule) error {
	switch x.Type {
	case github.RuleCreation:
		rules.Creation = true
	case github.RuleDeletion:
		rules.Deletion = true
	case github.RuleRequiredLinearHistory:
		rules.RequiredLinearHistory = true
	case github.RuleRequiredSignatures:
		rules.RequiredSignatures = true
	case github.RuleNonFastForward:
		rules.NonFastForward = true
	case github.RuleUpdate:
		p, err := decode[github.UpdateParameters](x.Parameters)
		rules.Update, rules.UpdateAllowsFetchAndMerge = true, p.UpdateAllowsFetchAndMerge
		return err
	case github.RulePullRequest:
		p, err := decode[github.PullRequestParameters](x.Parameters)
		rules.PullRequest = importedPullRequest(p)
		return err
	case github.RuleRequiredStatusChecks:
		p, err := decode[github.RequiredStatusChecksParameters](x.Parameters)
		rules.RequiredStatusChecks = importedStatusChecks(p)
		return err
	case github.RuleRequiredDeployments:
		p, err := decode[github.RequiredDeploymentsParameters](x.Parameters)
		rules.RequiredDeployments = &common.RequiredDeploymentsRule{RequiredDeploymentEnvironments: cloneOrNil(p.RequiredDeploymentEnvironments)}
		return err
	case github.RuleMergeQueue:
		p, err := decode[github.MergeQueueParameters](x.Parameters)
		rules.MergeQueue = importedMergeQueue(p)
		return err
	case github.RuleCommitMessagePattern:
		return importPattern(&rules.CommitMessagePattern, x.Parameters)
	case github.RuleCommitAuthorEmailPattern:
		return importPattern(&rules.CommitAuthorEmailPattern, x.Parameters)
	case github.RuleCommitterEmailPattern:
		return importPattern(&rules.CommitterEmailPattern, x.Parameters)
	case github.RuleBranchNamePattern:
		return importPattern(&rules.BranchNamePattern, x.Parameters)
	case github.RuleTagNamePattern:
		return importPattern(&rules.TagNamePattern, x.Parameters)
	case github.RuleFilePathRestriction:
		p, err := decode[github.FilePathRestrictionParameters](x.Parameters)
		rules.FilePathRestriction = &common.FilePathRestrictionRule{RestrictedFilePaths: cloneOrNil(p.RestrictedFilePaths)}
		return err
	case github.RuleFileExtensionRestriction:
		p, err := decode[github.FileExtensionRestrictionParameters](x.Parameters)
		rules.FileExtensionRestriction = &common.FileExtensionRestrictionRule{RestrictedFileExtensions: cloneOrNil(p.RestrictedFileExtensions)}
		return err
	case github.RuleMaxFilePathLength:
		p, err := decode[github.MaxFilePathLengthParameters](x.Parameters)
		rules.MaxFilePathLength = &common.MaxFilePathLengthRule{MaxFilePathLength: int32(p.MaxFilePathLength)}
		return err
	case github.RuleMaxFileSize:
		p, err := decode[github.MaxFileSizeParameters](x.Parameters)
		rules.MaxFileSize = &common.MaxFileSizeRule{MaxFileSize: int32(p.MaxFileSize)}
		return err
	}
	return nil
}

// decode is GitHub's parameters raw as a P; none (null) is P's zero.
func decode[P any](raw json.RawMessage) (P, error) {
	var p P
	if len(raw) == 0 || string(raw) == "null" {
		return p, nil
	}
	err := json.Unmarshal(raw, &p)
	return p, err
}

func importedPullRequest(p github.PullRequestParameters) *common.PullRequestRule {
	r := &common.PullRequestRule{
		RequiredApprovingReviewCount:   int32(p.RequiredApprovingReviewCount),
		DismissStaleReviewsOnPush:      p.DismissStaleReviewsOnPush,
		RequireCodeOwnerReview:         p.RequireCodeOwnerReview,
		RequireLastPushApproval:        p.RequireLastPushApproval,
		RequiredReviewThreadResolution: p.RequiredReviewThreadResolution,
	}
	if methods := set(p.AllowedMergeMethods, strings.ToLower); len(methods) > 0 && !slices.Equal(methods, set(mergeMethods, nil)) {
		r.AllowedMergeMethods = methods
	}
	return r
}

func importedStatusChecks(p github.RequiredStatusChecksParameters) *common.RequiredStatusChecksRule {
	r := &common.RequiredStatusChecksRule{
		StrictRequiredStatusChecksPolicy: p.StrictRequiredStatusChecksPolicy,
		DoNotEnforceOnCreate:             p.DoNotEnforceOnCreate,
	}
	for _, c := range p.RequiredStatusChecks {
		sc := common.RulesetStatusCheck{Context: c.Context}
		if c.IntegrationID != nil {
			sc.IntegrationID = ptr.To(*c.IntegrationID)
		}
		r.RequiredStatusChecks = append(r.RequiredStatusChecks, sc)
	}
	return r
}

// importedMergeQueue are GitHub's merge queue settings, those of a new
// queue left out.
func importedMergeQueue(p github.MergeQueueParameters) *common.MergeQueueRule {
	r := &common.MergeQueueRule{}
	if p.CheckResponseTimeoutMinutes != defaultCheckResponseTimeoutMinutes {
		r.CheckResponseTimeoutMinutes = int32(p.CheckResponseTimeoutMinutes)
	}
	if g := strings.ToUpper(p.GroupingStrategy); g != defaultGroupingStrategy {
		r.GroupingStrategy = g
	}
	if m := strings.ToUpper(p.MergeMethod); m != defaultMergeMethod {
		r.MergeMethod = m
	}
	r.MaxEntriesToBuild = unlessDefault(p.MaxEntriesToBuild, defaultMaxEntriesToBuild)
	r.MaxEntriesToMerge = unlessDefault(p.MaxEntriesToMerge, defaultMaxEntriesToMerge)
	r.MinEntriesToMerge = unlessDefault(p.MinEntriesToMerge, defaultMinEntriesToMerge)
	r.MinEntriesToMergeWaitMinutes = unlessDefault(p.MinEntriesToMergeWaitMinutes, defaultMinEntriesToMergeWaitMinutes)
	return r
}

// unlessDefault is v, nil when it is def.
func unlessDefault(v, def int) *int32 {
	if v == def {
		return nil
	}
	return ptr.To(int32(v))
}

// importPattern sets *rule to GitHub's pattern raw, with its name when it
// has one.
func importPattern(rule **common.PatternRule, raw json.RawMessage) error {
	p, err := decode[github.PatternParameters](raw)
	*rule = &common.PatternRule{Operator: strings.ToLower(p.Operator), Pattern: p.Pattern, Negate: p.Negate}
	if p.Name != "" {
		(*rule).Name = ptr.To(p.Name)
	}
	return err
}

// cloneOrNil is a copy of l; nil when l is empty.
func cloneOrNil(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	return slices.Clone(l)
}
