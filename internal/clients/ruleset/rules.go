package ruleset

import (
	"cmp"
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// A ruleKind is one rule type the spec models: how the spec asks for it,
// and how its parameters compare with GitHub's.
type ruleKind interface {
	// ruleType is GitHub's name of the rule type.
	ruleType() string
	// field is the spec field, for messages.
	field() string
	// params are the parameters the spec asks for, as GitHub takes them
	// (nil for a rule without parameters); on is false when the spec does
	// not have the rule.
	params(r *common.RulesetRules) (params json.RawMessage, on bool)
	// equal tells whether GitHub's parameters got are those the spec asks
	// for, as GitHub compares them: its defaults filled in, lists as sets,
	// enumerations without regard to case. Parameters the kind does not
	// model are not compared.
	equal(r *common.RulesetRules, got json.RawMessage) bool
}

// rule is the ruleKind of the rule type typ, whose parameters are a P.
type rule[P any] struct {
	typ, name string
	// spec is the parameters the spec asks for; ok is false when the rule
	// is off.
	spec func(r *common.RulesetRules) (p P, ok bool)
	// canon brings parameters, the spec's or GitHub's, to the form they
	// compare in. Nil when they compare as they are.
	canon func(p *P)
	// relax makes GitHub's parameters got equal to want where want leaves
	// a parameter to GitHub. Nil when the spec leaves none.
	relax func(want P, got *P)
}

func (k rule[P]) ruleType() string { return k.typ }

func (k rule[P]) field() string { return "rules." + k.name }

func (k rule[P]) params(r *common.RulesetRules) (json.RawMessage, bool) {
	if r == nil {
		return nil, false
	}
	p, ok := k.spec(r)
	if !ok {
		return nil, false
	}
	if reflect.TypeFor[P]() == reflect.TypeFor[github.NoParameters]() {
		return nil, true
	}
	b, err := json.Marshal(p)
	if err != nil {
		// Marshalling our own parameter structs cannot fail.
		panic(err)
	}
	return b, true
}

func (k rule[P]) equal(r *common.RulesetRules, raw json.RawMessage) bool {
	want, ok := k.spec(r)
	if !ok {
		return false
	}
	var got P
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &got); err != nil {
			// Parameters GitHub answers in another shape are not the spec's.
			return false
		}
	}
	if k.canon != nil {
		k.canon(&want)
		k.canon(&got)
	}
	if k.relax != nil {
		k.relax(want, &got)
	}
	return reflect.DeepEqual(want, got)
}

// flag is the ruleKind of a rule without parameters, on when its spec
// field is true.
func flag(typ, name string, on func(r *common.RulesetRules) bool) ruleKind {
	return rule[github.NoParameters]{typ: typ, name: name, spec: func(r *common.RulesetRules) (github.NoParameters, bool) {
		return github.NoParameters{}, on(r)
	}}
}

// pattern is the ruleKind of a pattern rule kept in the spec field f.
func pattern(typ, name string, f func(r *common.RulesetRules) *common.PatternRule) ruleKind {
	return rule[github.PatternParameters]{
		typ: typ, name: name,
		spec: func(r *common.RulesetRules) (github.PatternParameters, bool) {
			p := f(r)
			if p == nil {
				return github.PatternParameters{}, false
			}
			return github.PatternParameters{Name: ptr.Deref(p.Name, ""), Negate: p.Negate, Operator: p.Operator, Pattern: p.Pattern}, true
		},
		canon: func(p *github.PatternParameters) { p.Operator = strings.ToLower(p.Operator) },
		relax: func(want github.PatternParameters, got *github.PatternParameters) {
			if want.Name == "" {
				got.Name = ""
			}
		},
	}
}

// mergeMethods are the merge methods GitHub allows when a pull_request
// rule names none.
var mergeMethods = []string{"merge", "squash", "rebase"}

// Merge queue settings GitHub proposes for a new queue, which the API's
// schema defaults to: a resource built without the API server's defaults
// gets them too.
const (
	defaultCheckResponseTimeoutMinutes  = 60
	defaultGroupingStrategy             = "ALLGREEN"
	defaultMaxEntriesToBuild            = 5
	defaultMaxEntriesToMerge            = 5
	defaultMergeMethod                  = "MERGE"
	defaultMinEntriesToMerge            = 1
	defaultMinEntriesToMergeWaitMinutes = 5
)

// kinds are the rule types the spec models, in the order a request sends
// them.
var kinds = []ruleKind{
	flag(github.RuleCreation, "creation", func(r *common.RulesetRules) bool { return r.Creation }),
	rule[github.UpdateParameters]{typ: github.RuleUpdate, name: "update",
		spec: func(r *common.RulesetRules) (github.UpdateParameters, bool) {
			return github.UpdateParameters{UpdateAllowsFetchAndMerge: r.UpdateAllowsFetchAndMerge}, r.Update
		}},
	flag(github.RuleDeletion, "deletion", func(r *common.RulesetRules) bool { return r.Deletion }),
	flag(github.RuleRequiredLinearHistory, "requiredLinearHistory", func(r *common.RulesetRules) bool { return r.RequiredLinearHistory }),
	flag(github.RuleRequiredSignatures, "requiredSignatures", func(r *common.RulesetRules) bool { return r.RequiredSignatures }),
	flag(github.RuleNonFastForward, "nonFastForward", func(r *common.RulesetRules) bool { return r.NonFastForward }),
	rule[github.PullRequestParameters]{typ: github.RulePullRequest, name: "pullRequest",
		spec: func(r *common.RulesetRules) (github.PullRequestParameters, bool) {
			p := r.PullRequest
			if p == nil {
				return github.PullRequestParameters{}, false
			}
			methods := slices.Clone(p.AllowedMergeMethods)
			if len(methods) == 0 {
				methods = slices.Clone(mergeMethods)
			}
			return github.PullRequestParameters{
				AllowedMergeMethods:            methods,
				DismissStaleReviewsOnPush:      p.DismissStaleReviewsOnPush,
				RequireCodeOwnerReview:         p.RequireCodeOwnerReview,
				RequireLastPushApproval:        p.RequireLastPushApproval,
				RequiredApprovingReviewCount:   int(p.RequiredApprovingReviewCount),
				RequiredReviewThreadResolution: p.RequiredReviewThreadResolution,
			}, true
		},
		canon: func(p *github.PullRequestParameters) {
			if len(p.AllowedMergeMethods) == 0 {
				p.AllowedMergeMethods = mergeMethods
			}
			p.AllowedMergeMethods = set(p.AllowedMergeMethods, strings.ToLower)
		}},
	rule[github.RequiredStatusChecksParameters]{typ: github.RuleRequiredStatusChecks, name: "requiredStatusChecks",
		spec: func(r *common.RulesetRules) (github.RequiredStatusChecksParameters, bool) {
			p := r.RequiredStatusChecks
			if p == nil {
				return github.RequiredStatusChecksParameters{}, false
			}
			checks := make([]github.RulesetStatusCheck, 0, len(p.RequiredStatusChecks))
			for _, c := range p.RequiredStatusChecks {
				sc := github.RulesetStatusCheck{Context: c.Context}
				if c.IntegrationID != nil {
					sc.IntegrationID = ptr.To(*c.IntegrationID)
				}
				checks = append(checks, sc)
			}
			return github.RequiredStatusChecksParameters{
				DoNotEnforceOnCreate:             p.DoNotEnforceOnCreate,
				RequiredStatusChecks:             checks,
				StrictRequiredStatusChecksPolicy: p.StrictRequiredStatusChecksPolicy,
			}, true
		},
		canon: func(p *github.RequiredStatusChecksParameters) {
			p.RequiredStatusChecks = slices.Clone(p.RequiredStatusChecks)
			slices.SortFunc(p.RequiredStatusChecks, func(a, b github.RulesetStatusCheck) int {
				if c := strings.Compare(a.Context, b.Context); c != 0 {
					return c
				}
				return cmp.Compare(ptr.Deref(a.IntegrationID, 0), ptr.Deref(b.IntegrationID, 0))
			})
			p.RequiredStatusChecks = slices.CompactFunc(p.RequiredStatusChecks, func(a, b github.RulesetStatusCheck) bool {
				return a.Context == b.Context && ptr.Deref(a.IntegrationID, 0) == ptr.Deref(b.IntegrationID, 0)
			})
			if len(p.RequiredStatusChecks) == 0 {
				p.RequiredStatusChecks = nil
			}
		}},
	rule[github.RequiredDeploymentsParameters]{typ: github.RuleRequiredDeployments, name: "requiredDeployments",
		spec: func(r *common.RulesetRules) (github.RequiredDeploymentsParameters, bool) {
			p := r.RequiredDeployments
			if p == nil {
				return github.RequiredDeploymentsParameters{}, false
			}
			return github.RequiredDeploymentsParameters{RequiredDeploymentEnvironments: slices.Clone(p.RequiredDeploymentEnvironments)}, true
		},
		canon: func(p *github.RequiredDeploymentsParameters) {
			p.RequiredDeploymentEnvironments = set(p.RequiredDeploymentEnvironments, strings.ToLower)
		}},
	rule[github.MergeQueueParameters]{typ: github.RuleMergeQueue, name: "mergeQueue",
		spec: func(r *common.RulesetRules) (github.MergeQueueParameters, bool) {
			p := r.MergeQueue
			if p == nil {
				return github.MergeQueueParameters{}, false
			}
			return github.MergeQueueParameters{
				CheckResponseTimeoutMinutes:  orDefault(int(p.CheckResponseTimeoutMinutes), defaultCheckResponseTimeoutMinutes),
				GroupingStrategy:             orDefault(p.GroupingStrategy, defaultGroupingStrategy),
				MaxEntriesToBuild:            int(ptr.Deref(p.MaxEntriesToBuild, defaultMaxEntriesToBuild)),
				MaxEntriesToMerge:            int(ptr.Deref(p.MaxEntriesToMerge, defaultMaxEntriesToMerge)),
				MergeMethod:                  orDefault(p.MergeMethod, defaultMergeMethod),
				MinEntriesToMerge:            int(ptr.Deref(p.MinEntriesToMerge, defaultMinEntriesToMerge)),
				MinEntriesToMergeWaitMinutes: int(ptr.Deref(p.MinEntriesToMergeWaitMinutes, defaultMinEntriesToMergeWaitMinutes)),
			}, true
		},
		canon: func(p *github.MergeQueueParameters) {
			p.GroupingStrategy, p.MergeMethod = strings.ToUpper(p.GroupingStrategy), strings.ToUpper(p.MergeMethod)
		}},
	pattern(github.RuleCommitMessagePattern, "commitMessagePattern", func(r *common.RulesetRules) *common.PatternRule { return r.CommitMessagePattern }),
	pattern(github.RuleCommitAuthorEmailPattern, "commitAuthorEmailPattern", func(r *common.RulesetRules) *common.PatternRule { return r.CommitAuthorEmailPattern }),
	pattern(github.RuleCommitterEmailPattern, "committerEmailPattern", func(r *common.RulesetRules) *common.PatternRule { return r.CommitterEmailPattern }),
	pattern(github.RuleBranchNamePattern, "branchNamePattern", func(r *common.RulesetRules) *common.PatternRule { return r.BranchNamePattern }),
	pattern(github.RuleTagNamePattern, "tagNamePattern", func(r *common.RulesetRules) *common.PatternRule { return r.TagNamePattern }),
	rule[github.FilePathRestrictionParameters]{typ: github.RuleFilePathRestriction, name: "filePathRestriction",
		spec: func(r *common.RulesetRules) (github.FilePathRestrictionParameters, bool) {
			p := r.FilePathRestriction
			if p == nil {
				return github.FilePathRestrictionParameters{}, false
			}
			return github.FilePathRestrictionParameters{RestrictedFilePaths: slices.Clone(p.RestrictedFilePaths)}, true
		},
		canon: func(p *github.FilePathRestrictionParameters) { p.RestrictedFilePaths = set(p.RestrictedFilePaths, nil) }},
	rule[github.FileExtensionRestrictionParameters]{typ: github.RuleFileExtensionRestriction, name: "fileExtensionRestriction",
		spec: func(r *common.RulesetRules) (github.FileExtensionRestrictionParameters, bool) {
			p := r.FileExtensionRestriction
			if p == nil {
				return github.FileExtensionRestrictionParameters{}, false
			}
			return github.FileExtensionRestrictionParameters{RestrictedFileExtensions: slices.Clone(p.RestrictedFileExtensions)}, true
		},
		canon: func(p *github.FileExtensionRestrictionParameters) {
			p.RestrictedFileExtensions = set(p.RestrictedFileExtensions, nil)
		}},
	rule[github.MaxFilePathLengthParameters]{typ: github.RuleMaxFilePathLength, name: "maxFilePathLength",
		spec: func(r *common.RulesetRules) (github.MaxFilePathLengthParameters, bool) {
			if r.MaxFilePathLength == nil {
				return github.MaxFilePathLengthParameters{}, false
			}
			return github.MaxFilePathLengthParameters{MaxFilePathLength: int(r.MaxFilePathLength.MaxFilePathLength)}, true
		}},
	rule[github.MaxFileSizeParameters]{typ: github.RuleMaxFileSize, name: "maxFileSize",
		spec: func(r *common.RulesetRules) (github.MaxFileSizeParameters, bool) {
			if r.MaxFileSize == nil {
				return github.MaxFileSizeParameters{}, false
			}
			return github.MaxFileSizeParameters{MaxFileSize: int(r.MaxFileSize.MaxFileSize)}, true
		}},
}

// kindOf finds the modelled rule type typ; nil for a type the spec does
// not model.
func kindOf(typ string) ruleKind {
	for _, k := range kinds {
		if k.ruleType() == typ {
			return k
		}
	}
	return nil
}

// set is list as a set: each element mapped by norm (when not nil),
// sorted, without duplicates; nil when empty.
func set(list []string, norm func(string) string) []string {
	if len(list) == 0 {
		return nil
	}
	out := make([]string, 0, len(list))
	for _, s := range list {
		if norm != nil {
			s = norm(s)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
