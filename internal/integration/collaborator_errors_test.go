package integration

import (
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A user GitHub does not know, a repository that does not exist and an
// organization for a user end in a Synced=False condition that names them;
// nothing is written to GitHub.
func TestCollaboratorErrorsNameWhatIsWrong(t *testing.T) {
	cases := map[string]struct {
		user, repo string
		want       []string
	}{
		"UnknownUser":       {user: "nobody-here", repo: collabRepo, want: []string{"GitHub knows no user nobody-here"}},
		"UnknownRepository": {user: "other-user", repo: "missing", want: []string{"cannot find repository demo-org/missing", "404"}},
		"RepositoryOwner":   {user: "demo-org", repo: collabRepo, want: []string{"demo-org owns demo-org/app"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newCollabFixture(t)
				c := f.collaborator(s, "wrong", tc.user, "push")
				c.Parameters().Repository = ptr.To(tc.repo)
				f.must(kube.Create(f.ctx, c))
				waitSyncError(f, c, tc.want...)
				if n := f.accessWrites(); n != 0 {
					t.Errorf("%d writes to GitHub, want none", n)
				}
			})
		})
	}
}

// Deleting a resource whose repository is already gone completes.
func TestCollaboratorOfDeletedRepositoryIsDeleted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		c := waitReady(f, f.createCollaborator(s, "orphan", "member-user", "push"))
		f.must(f.emu.State().Delete(owner, collabRepo))
		f.must(kube.Delete(f.ctx, c))
		f.eventually("resource gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "orphan"), fresh(c)); !kerrors.IsNotFound(err) {
				return "Collaborator still there"
			}
			return ""
		})
	})
}

// Bad input is refused at admission, with what is allowed.
func TestCollaboratorAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.CollaboratorParameters)
		want   string
	}{
		"ReadIsNotAPermission":  {change: func(p *common.CollaboratorParameters) { p.Permission = ptr.To("read") }, want: "pull (not read), push (not write)"},
		"WriteIsNotAPermission": {change: func(p *common.CollaboratorParameters) { p.Permission = ptr.To("Write") }, want: "pull (not read), push (not write)"},
		"BuiltInInUpperCase":    {change: func(p *common.CollaboratorParameters) { p.Permission = ptr.To("Push") }, want: "write the built-in permissions in lower case"},
		"BadCustomRoleName":     {change: func(p *common.CollaboratorParameters) { p.Permission = ptr.To("-owner!") }, want: "spec.forProvider.permission"},
		"UsernameHyphen":        {change: func(p *common.CollaboratorParameters) { p.Username = "-bad" }, want: "spec.forProvider.username"},
		"UsernameUnderscore":    {change: func(p *common.CollaboratorParameters) { p.Username = "a_b" }, want: "spec.forProvider.username"},
		"UsernameTooLong":       {change: func(p *common.CollaboratorParameters) { p.Username = strings.Repeat("a", 40) }, want: "may not be more than 39"},
		"NoRepository":          {change: func(p *common.CollaboratorParameters) { p.Repository = nil }, want: "set exactly one of repository, repositoryRef or repositorySelector"},
		"RepositoryAndRef": {change: func(p *common.CollaboratorParameters) {
			p.RepositoryRef = &xpv2.Reference{Name: "other"}
		}, want: "set exactly one of repository, repositoryRef or repositorySelector"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newCollabFixture(t)
				c := f.collaborator(s, "refused", "other-user", "push")
				tc.change(c.Parameters())
				err := kube.Create(f.ctx, c)
				if err == nil {
					t.Fatalf("want the API server to refuse %+v", c.Parameters())
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		})
	}
}

// The user and the repository of a Collaborator cannot change; the case of
// the username can, as GitHub ignores it.
func TestCollaboratorImmutability(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.CollaboratorParameters)
		want   string // "" for accepted
	}{
		"OtherUser":       {change: func(p *common.CollaboratorParameters) { p.Username = "member-user" }, want: "username cannot be changed"},
		"UsernameCase":    {change: func(p *common.CollaboratorParameters) { p.Username = "Other-User" }},
		"OtherRepository": {change: func(p *common.CollaboratorParameters) { p.Repository = ptr.To("elsewhere") }, want: "repository and owner cannot be changed"},
		"OtherOwner":      {change: func(p *common.CollaboratorParameters) { p.Owner = ptr.To("demo-user") }, want: "repository and owner cannot be changed"},
		"Permission":      {change: func(p *common.CollaboratorParameters) { p.Permission = ptr.To("admin") }},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newCollabFixture(t)
				c := f.collaborator(s, "fixed", "other-user", "push")
				f.must(kube.Create(f.ctx, c))
				var err error
				for range 20 { // retry while the controller writes the object too
					c = get(f, c)
					tc.change(c.Parameters())
					if err = kube.Update(f.ctx, c); !kerrors.IsConflict(err) {
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
		})
	}
}
