package integration

import (
	"strings"
	"testing"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// These cases are refused by the API server at admission, before any
// controller sees them, with a message that says what is allowed.
func TestAdmissionRefusesWhatGitHubWould(t *testing.T) {
	cases := map[string]struct {
		p    common.RepositoryParameters
		want string
	}{
		"NameWithSpace":     {p: common.RepositoryParameters{Name: ptr.To("my repo")}, want: "spec.forProvider.name"},
		"NameDot":           {p: common.RepositoryParameters{Name: ptr.To(".")}, want: "name cannot be '.' or '..'"},
		"NameDotDot":        {p: common.RepositoryParameters{Name: ptr.To("..")}, want: "name cannot be '.' or '..'"},
		"NameTooLong":       {p: common.RepositoryParameters{Name: ptr.To(strings.Repeat("a", 101))}, want: "may not be more than 100"},
		"OwnerInvalid":      {p: common.RepositoryParameters{Owner: ptr.To("-bad-")}, want: "spec.forProvider.owner"},
		"VisibilityUnknown": {p: common.RepositoryParameters{Visibility: ptr.To("secret")}, want: `supported values: "public", "private", "internal"`},
		"TopicUppercase":    {p: common.RepositoryParameters{Topics: []string{"Go"}}, want: "spec.forProvider.topics[0]"},
		"TopicTooLong":      {p: common.RepositoryParameters{Topics: []string{strings.Repeat("a", 51)}}, want: "spec.forProvider.topics[0]"},
		"TooManyTopics": {p: common.RepositoryParameters{Topics: []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10",
			"a11", "a12", "a13", "a14", "a15", "a16", "a17", "a18", "a19", "a20", "a21"}}, want: "must have at most 20 items"},
		"DuplicateTopics": {p: common.RepositoryParameters{Topics: []string{"go", "go"}}, want: "Duplicate value"},
		"TemplateAndFork": {p: common.RepositoryParameters{
			Template: &common.TemplateSource{Owner: "a", Repository: "b"},
			Fork:     &common.ForkSource{Owner: "c", Repository: "d"},
		}, want: "set at most one of template and fork"},
		"SquashCombination": {p: common.RepositoryParameters{SquashMergeCommitTitle: ptr.To("COMMIT_OR_PR_TITLE"), SquashMergeCommitMessage: ptr.To("PR_BODY")},
			want: "squashMergeCommitTitle COMMIT_OR_PR_TITLE can only be combined with squashMergeCommitMessage COMMIT_MESSAGES"},
		"MergeCombination": {p: common.RepositoryParameters{MergeCommitTitle: ptr.To("MERGE_MESSAGE"), MergeCommitMessage: ptr.To("PR_BODY")},
			want: "mergeCommitTitle PR_TITLE goes with mergeCommitMessage PR_BODY or BLANK"},
		"MergeMessageEnum": {p: common.RepositoryParameters{MergeCommitMessage: ptr.To("WHATEVER")}, want: "spec.forProvider.mergeCommitMessage"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				err := kube.Create(f.ctx, f.repository(s, "refused", "github", tc.p))
				if err == nil {
					t.Fatalf("want the API server to refuse %+v", tc.p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		})
	}
}

func TestOwnerAndNameAreImmutable(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.RepositoryParameters)
		want   string
	}{
		"RenameRefused":       {change: func(p *common.RepositoryParameters) { p.Name = ptr.To("other") }, want: "name is immutable"},
		"NewOwnerRefused":     {change: func(p *common.RepositoryParameters) { p.Owner = ptr.To("someone-else") }, want: "owner is immutable"},
		"NameRemovalRefused":  {change: func(p *common.RepositoryParameters) { p.Name = nil }, want: "name cannot be removed once set"},
		"OwnerRemovalRefused": {change: func(p *common.RepositoryParameters) { p.Owner = nil }, want: "owner cannot be removed once set"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				r := f.repository(s, "fixed", "github", common.RepositoryParameters{Owner: ptr.To(owner), Name: ptr.To("fixed")})
				f.must(kube.Create(f.ctx, r))
				var err error
				for range 20 { // retry while the controller writes the object too
					r = f.get(s, "fixed")
					tc.change(r.Parameters())
					if err = kube.Update(f.ctx, r); !kerrors.IsConflict(err) {
						break
					}
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the update refused with %q, got: %v", tc.want, err)
				}
			})
		})
	}
}
