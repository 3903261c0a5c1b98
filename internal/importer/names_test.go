package importer

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation"
)

func TestName(t *testing.T) {
	cases := map[string]struct {
		r    Resource
		want string
	}{
		"a repository named as Kubernetes names": {Resource{Kind: "Repository", Repository: "api"}, "api"},
		"a repository's name in lower case":      {Resource{Kind: "Repository", Repository: "API"}, "api"},
		"a repository with a dot":                {Resource{Kind: "Repository", Repository: "my.repo"}, "my-repo-" + hashOf("my.repo")},
		"a label":                                {Resource{Kind: "IssueLabel", Repository: "api", Key: "bug"}, "api.issuelabel.bug"},
		"a label with a space":                   {Resource{Kind: "IssueLabel", Repository: "api", Key: "good first issue"}, "api.issuelabel.good-first-issue-" + hashOf("good first issue")},
		"a setting of a repository":              {Resource{Kind: "ActionsPermissions", Repository: "api"}, "api.actionspermissions"},
		"a team":                                 {Resource{Kind: "Team", Key: "platform"}, "team.platform"},
		"emoji only":                             {Resource{Kind: "IssueLabel", Repository: "api", Key: "🐛"}, "api.issuelabel.x" + hashOf("🐛")},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Name(tc.r); got != tc.want {
				t.Errorf("Name() = %q, want %q", got, tc.want)
			}
		})
	}
}

// hashOf is the suffix of a name part that is not its identity.
func hashOf(s string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(s)))
	return hex.EncodeToString(sum[:3])
}

// Names are DNS-1123 subdomains, and distinct objects get distinct names,
// whatever the characters of their identities.
func TestNameValidAndDistinct(t *testing.T) {
	ids := []string{"my-repo", "my.repo", "my_repo", "My_Repo", "my--repo", "-my-repo-", "my repo", strings.Repeat("a", 100),
		strings.Repeat("a", 99) + "b", "über", "uber", "a.b", "a-b", "ä", "ö", "_", ".", "-", "NPM_TOKEN", "npm-token"}
	seen := map[string]string{}
	for _, id := range ids {
		n := Name(Resource{Kind: "IssueLabel", Repository: "r", Key: id})
		if errs := validation.IsDNS1123Subdomain(n); len(errs) > 0 {
			t.Errorf("Name(%q) = %q: %v", id, n, errs)
		}
		if other, dup := seen[n]; dup && !strings.EqualFold(other, id) {
			t.Errorf("%q and %q both named %q", other, id, n)
		}
		seen[n] = id
	}
}

func TestFile(t *testing.T) {
	if got, want := File(Resource{Kind: "IssueLabel", Repository: "api", Key: "bug"}), "repositories/api/api.issuelabel.bug.yaml"; got != want {
		t.Errorf("File() = %q, want %q", got, want)
	}
	if got, want := File(Resource{Kind: "Team", Key: "platform"}), "organization/team.platform.yaml"; got != want {
		t.Errorf("File() = %q, want %q", got, want)
	}
}
