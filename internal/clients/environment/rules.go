package environment

import (
	"fmt"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// rulesField is the spec field of the custom deployment protection rules.
const rulesField = "customProtectionRules"

// DeclaresRules tells whether p declares the environment's custom
// deployment protection rules: only then are they read and changed.
func DeclaresRules(p *common.EnvironmentParameters) bool { return p.CustomProtectionRules != nil }

// names tells whether the declared rule d names app a: by slug, without
// regard to case, or by id.
func names(d common.CustomProtectionRule, a github.ProtectionRuleApp) bool {
	if d.AppSlug != nil {
		return strings.EqualFold(*d.AppSlug, a.Slug)
	}
	return ptr.Deref(d.AppID, 0) == a.ID
}

// RuleChanges are what makes GitHub's rules got the ones p declares: the
// declared rules no rule of got is for (to enable), and the rules of got
// whose app p does not list, or that repeat an app (to remove). Nothing
// when p does not declare the rules.
func RuleChanges(p *common.EnvironmentParameters, got []github.ProtectionRule) (missing []common.CustomProtectionRule, remove []github.ProtectionRule) {
	if !DeclaresRules(p) {
		return nil, nil
	}
	want := *p.CustomProtectionRules
	kept := map[int64]bool{}
	for _, g := range got {
		declared := false
		for _, d := range want {
			if names(d, g.App) {
				declared = true
				break
			}
		}
		if !declared || kept[g.App.ID] {
			remove = append(remove, g)
			continue
		}
		kept[g.App.ID] = true
	}
	for _, d := range want {
		found := false
		for _, g := range got {
			if names(d, g.App) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, d)
		}
	}
	return missing, remove
}

// ResolveApps finds, among the apps the environment may use, the app of
// each declared rule of missing: those found are to be enabled; the others
// (named as the spec names them) cannot be.
func ResolveApps(missing []common.CustomProtectionRule, apps []github.ProtectionRuleApp) (enable []github.ProtectionRuleApp, unavailable []string) {
	for _, d := range missing {
		found := false
		for _, a := range apps {
			if names(d, a) {
				enable = append(enable, a)
				found = true
				break
			}
		}
		if !found {
			unavailable = append(unavailable, RuleName(d))
		}
	}
	return enable, unavailable
}

// RuleName is how a message names the app of a declared rule.
func RuleName(d common.CustomProtectionRule) string {
	if d.AppSlug != nil {
		return fmt.Sprintf("app %q", *d.AppSlug)
	}
	return fmt.Sprintf("app id %d", ptr.Deref(d.AppID, 0))
}

// RulesDrift is the drift of the rules: the field, when a rule is to be
// enabled (its app available: enable) or removed.
func RulesDrift(enable []github.ProtectionRuleApp, remove []github.ProtectionRule) []string {
	if len(enable)+len(remove) > 0 {
		return []string{rulesField}
	}
	return nil
}

// UnavailableMessage says which declared apps of the environment name of
// repo cannot be its protection rules, and which apps can; "" when all
// can.
func UnavailableMessage(unavailable []string, apps []github.ProtectionRuleApp, repo, name string) string {
	if len(unavailable) == 0 {
		return ""
	}
	avail := "none"
	if len(apps) > 0 {
		slugs := make([]string, 0, len(apps))
		for _, a := range apps {
			slugs = append(slugs, fmt.Sprintf("%s (id %d)", a.Slug, a.ID))
		}
		avail = strings.Join(slugs, ", ")
	}
	return fmt.Sprintf("spec.forProvider.customProtectionRules names %s, which environment %q of %s cannot use: "+
		"an app must be installed on the repository and provide deployment protection rules. "+
		"The apps it can use: %s. Install the app, or fix the list; the provider checks again at the next poll",
		strings.Join(unavailable, " and "), name, repo, avail)
}

// RulesObservation is GitHub's rules as status.atProvider shows them.
func RulesObservation(rules []github.ProtectionRule) []common.CustomProtectionRuleObservation {
	var out []common.CustomProtectionRuleObservation
	for _, r := range rules {
		out = append(out, common.CustomProtectionRuleObservation{ID: r.ID, AppID: r.App.ID, AppSlug: r.App.Slug, Enabled: r.Enabled})
	}
	return out
}

// ImportedRules are GitHub's rules as a spec lists them, by app slug (by
// id when GitHub answers no slug), each app once; nil for none, so that an
// imported environment without rules does not spend a request on them.
func ImportedRules(rules []github.ProtectionRule) *[]common.CustomProtectionRule {
	if len(rules) == 0 {
		return nil
	}
	out := []common.CustomProtectionRule{}
	seen := map[int64]bool{}
	for _, r := range rules {
		if seen[r.App.ID] {
			continue
		}
		seen[r.App.ID] = true
		if r.App.Slug != "" {
			out = append(out, common.CustomProtectionRule{AppSlug: ptr.To(r.App.Slug)})
		} else {
			out = append(out, common.CustomProtectionRule{AppID: ptr.To(r.App.ID)})
		}
	}
	return &out
}
