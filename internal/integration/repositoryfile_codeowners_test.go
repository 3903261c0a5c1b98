package integration

import (
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	rf "github.com/crossplane-github/provider-github/internal/clients/repositoryfile"
)

// A CODEOWNERS file written by a RepositoryFile shows GitHub's errors in
// it in the CodeOwners condition; fixed, the condition turns True. A root
// CODEOWNERS that .github/CODEOWNERS overrides says it has no effect.
func TestRepositoryFileCodeowners(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		r := f.repositoryFile(s, "owners", inlineFile(".github/CODEOWNERS", "# owners\n* @demo-user\n/docs/ @ghost-user\n"))
		f.must(kube.Create(f.ctx, r))
		f.eventually("the CodeOwners condition names the unknown owner", func() string {
			c := get(f, r).GetCondition(rf.TypeCodeowners)
			if c.Status != "False" || c.Reason != rf.ReasonCodeownersErrors || !strings.Contains(c.Message, "line 3: Unknown owner (make sure @ghost-user exists") {
				return "condition " + string(c.Status) + " " + string(c.Reason) + ": " + c.Message
			}
			return ""
		})
		update(f, r, func(r repositoryFileObject) { r.Parameters().Content = ptr.To("# owners\n* @demo-user\n") })
		f.eventually("the CodeOwners condition True once fixed", func() string {
			if c := get(f, r).GetCondition(rf.TypeCodeowners); c.Status != "True" {
				return "condition " + string(c.Status) + " " + string(c.Reason) + ": " + c.Message
			}
			return ""
		})

		root := f.repositoryFile(s, "root-owners", inlineFile("CODEOWNERS", "* @demo-user\n"))
		f.must(kube.Create(f.ctx, root))
		f.eventually("the root CODEOWNERS says it has no effect", func() string {
			c := get(f, root).GetCondition(rf.TypeCodeowners)
			if c.Reason != rf.ReasonCodeownersNotInEffect || !strings.Contains(c.Message, "GitHub reads .github/CODEOWNERS on branch main, which comes before CODEOWNERS") {
				return "condition " + string(c.Status) + " " + string(c.Reason) + ": " + c.Message
			}
			return ""
		})
		waitReady(f, root)
	})
}
