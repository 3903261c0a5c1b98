package integration

import (
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A repository that does not exist or has no commits, a sourceBranch or
// sourceSha it does not have: each ends in a Synced=False condition that
// names it, and no branch is created.
func TestBranchErrorsNameWhatIsWrong(t *testing.T) {
	const unknownSha = "0123456789abcdef0123456789abcdef01234567"
	cases := map[string]struct {
		p    common.BranchParameters
		want []string
	}{
		"MissingRepository": {
			p:    common.BranchParameters{Name: "release", RepositoryTarget: common.RepositoryTarget{Repository: ptr.To("missing")}},
			want: []string{"cannot find repository demo-org/missing", "404"},
		},
		"MissingRepositoryResource": {
			p:    common.BranchParameters{Name: "release", RepositoryTarget: common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "nowhere"}}},
			want: []string{"spec.forProvider.repositoryRef names Repository", "which does not exist"},
		},
		"EmptyRepository": {
			p:    common.BranchParameters{Name: "release", RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(emptyRepo)}},
			want: []string{"repository demo-org/empty is empty", "autoInit: true"},
		},
		"EmptyRepositoryAtSha": {
			p:    common.BranchParameters{Name: "release", SourceSha: ptr.To(unknownSha), RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(emptyRepo)}},
			want: []string{"repository demo-org/empty is empty", "409"},
		},
		"MissingSourceBranch": {
			p:    common.BranchParameters{Name: "release", SourceBranch: ptr.To[common.BranchName]("nope")},
			want: []string{`cannot find branch "nope" of demo-org/app to start from`, "spec.forProvider.sourceBranch"},
		},
		"UnknownSourceSha": {
			p:    common.BranchParameters{Name: "release", SourceSha: ptr.To(unknownSha)},
			want: []string{"the repository has no such commit", "Object does not exist"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newBranchFixture(t)
				p := tc.p
				if ref := p.RepositoryRef; ref != nil {
					p.RepositoryRef = &xpv2.Reference{Name: s.key(f, ref.Name).Name}
				}
				b := f.createBranch(s, "wrong", p)
				waitSyncError(f, b, tc.want...)
				if n := f.branchWrites(); n != 0 && !strings.Contains(name, "Sha") {
					t.Errorf("%d writes to GitHub's branches, want none", n)
				}
				if _, ok := f.heads(branchRepo)["release"]; ok {
					t.Error("a branch release was created")
				}
			})
		})
	}
}

// Deleting a Branch whose repository is already gone completes.
func TestBranchOfDeletedRepositoryIsDeleted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newBranchFixture(t)
		b := waitReady(f, f.createBranch(s, "orphan", common.BranchParameters{Name: "release"}))
		f.must(f.emu.State().Delete(owner, branchRepo))
		f.must(kube.Delete(f.ctx, b))
		f.waitGone(b)
	})
}

// Bad input is refused at admission, with what is allowed.
func TestBranchAdmission(t *testing.T) {
	sha := strings.Repeat("a", 40)
	cases := map[string]struct {
		change func(p *common.BranchParameters)
		want   string
	}{
		"Space":            {change: func(p *common.BranchParameters) { p.Name = "my branch" }, want: "spec.forProvider.name"},
		"Tilde":            {change: func(p *common.BranchParameters) { p.Name = "a~1" }, want: "spec.forProvider.name"},
		"Colon":            {change: func(p *common.BranchParameters) { p.Name = "a:b" }, want: "spec.forProvider.name"},
		"Backslash":        {change: func(p *common.BranchParameters) { p.Name = `a\b` }, want: "spec.forProvider.name"},
		"DotDot":           {change: func(p *common.BranchParameters) { p.Name = "a..b" }, want: "a branch name cannot contain '..'"},
		"LeadingSlash":     {change: func(p *common.BranchParameters) { p.Name = "/a" }, want: "cannot start or end with '/'"},
		"TrailingSlash":    {change: func(p *common.BranchParameters) { p.Name = "a/" }, want: "cannot start or end with '/'"},
		"DoubleSlash":      {change: func(p *common.BranchParameters) { p.Name = "a//b" }, want: "contain '//'"},
		"Lock":             {change: func(p *common.BranchParameters) { p.Name = "a.lock" }, want: "end with '.lock'"},
		"LockComponent":    {change: func(p *common.BranchParameters) { p.Name = "a.lock/b" }, want: "end with '.lock'"},
		"DotComponent":     {change: func(p *common.BranchParameters) { p.Name = "a/.b" }, want: "start with '.'"},
		"TrailingDot":      {change: func(p *common.BranchParameters) { p.Name = "a." }, want: "cannot end with '.'"},
		"At":               {change: func(p *common.BranchParameters) { p.Name = "@" }, want: "cannot be '@' or contain '@{'"},
		"AtBrace":          {change: func(p *common.BranchParameters) { p.Name = "a@{1}" }, want: "cannot be '@' or contain '@{'"},
		"Dash":             {change: func(p *common.BranchParameters) { p.Name = "-a" }, want: "cannot start with '-'"},
		"HEAD":             {change: func(p *common.BranchParameters) { p.Name = "HEAD" }, want: "not HEAD, and without refs/heads/"},
		"RefsPrefix":       {change: func(p *common.BranchParameters) { p.Name = "refs/heads/main" }, want: "not HEAD, and without refs/heads/"},
		"TooLong":          {change: func(p *common.BranchParameters) { p.Name = common.BranchName(strings.Repeat("a", 256)) }, want: "may not be more than 255"},
		"SourceBranchRule": {change: func(p *common.BranchParameters) { p.SourceBranch = ptr.To[common.BranchName]("a..b") }, want: "spec.forProvider.sourceBranch"},
		"SourceIsItself":   {change: func(p *common.BranchParameters) { p.SourceBranch = ptr.To[common.BranchName]("release") }, want: "it cannot be the branch itself"},
		"BothSources": {change: func(p *common.BranchParameters) {
			p.SourceBranch, p.SourceSha = ptr.To[common.BranchName]("main"), ptr.To(sha)
		}, want: "set at most one of sourceBranch and sourceSha"},
		"ShortSha":     {change: func(p *common.BranchParameters) { p.SourceSha = ptr.To("abc1234") }, want: "sourceSha takes a commit's full SHA"},
		"UpperCaseSha": {change: func(p *common.BranchParameters) { p.SourceSha = ptr.To(strings.Repeat("A", 40)) }, want: "sourceSha takes a commit's full SHA"},
		"NoRepository": {change: func(p *common.BranchParameters) { p.Repository = nil }, want: "set exactly one of repository, repositoryRef or repositorySelector"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newBranchFixture(t)
				b := f.branch(s, "refused", common.BranchParameters{Name: "release"})
				tc.change(b.Parameters())
				err := kube.Create(f.ctx, b)
				if err == nil {
					t.Fatalf("want the API server to refuse %+v", b.Parameters())
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		})
	}
}

// Names GitHub takes are accepted.
func TestBranchAdmissionAccepts(t *testing.T) {
	for _, name := range []string{"release", "feature/login", "v1.2.3", "user/jane_doe/fix-42", "release-2024.10", "a@b", "_x"} {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newBranchFixture(t)
				f.createBranch(s, "accepted", common.BranchParameters{Name: common.BranchName(name)})
			})
		})
	}
}

// The branch, its repository and where it starts cannot change once set.
func TestBranchImmutability(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.BranchParameters)
		want   string
	}{
		"Name":          {change: func(p *common.BranchParameters) { p.Name = "other" }, want: "name cannot be changed"},
		"Repository":    {change: func(p *common.BranchParameters) { p.Repository = ptr.To("elsewhere") }, want: "repository and owner cannot be changed"},
		"Owner":         {change: func(p *common.BranchParameters) { p.Owner = ptr.To("demo-user") }, want: "repository and owner cannot be changed"},
		"SourceBranch":  {change: func(p *common.BranchParameters) { p.SourceBranch = ptr.To[common.BranchName]("main") }, want: "sourceBranch cannot be changed"},
		"AddSourceSha":  {change: func(p *common.BranchParameters) { p.SourceBranch, p.SourceSha = nil, ptr.To(strings.Repeat("b", 40)) }, want: "cannot be added or removed once set"},
		"DropSourceBrn": {change: func(p *common.BranchParameters) { p.SourceBranch = nil }, want: "cannot be added or removed once set"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newBranchFixture(t)
				b := f.createBranch(s, "fixed", common.BranchParameters{Name: "release", SourceBranch: ptr.To[common.BranchName]("develop")})
				var err error
				for range 20 { // retry while the controller writes the object too
					b = get(f, b)
					tc.change(b.Parameters())
					if err = kube.Update(f.ctx, b); !kerrors.IsConflict(err) {
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
