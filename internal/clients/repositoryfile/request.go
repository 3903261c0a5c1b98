package repositoryfile

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Write is the request that writes content to p's file on branch: over the
// file whose blob id is sha, or as a new file when sha is "". The commit
// message is p's, or "Create <path>" for a new file and "Update <path>"
// for a replaced one.
func Write(p *common.RepositoryFileParameters, branch, sha string, content []byte) *github.FileWrite {
	msg := "Update " + p.Path
	if sha == "" {
		msg = "Create " + p.Path
	}
	return &github.FileWrite{
		Message:   ptr.Deref(p.Message, msg),
		Content:   content,
		SHA:       sha,
		Branch:    branch,
		Committer: committer(p),
	}
}

// Delete is the request that deletes p's file, whose blob id is sha, from
// branch: with p's deleteMessage, or "Delete <path>".
func Delete(p *common.RepositoryFileParameters, branch, sha string) *github.FileWrite {
	return &github.FileWrite{
		Message:   ptr.Deref(p.DeleteMessage, "Delete "+p.Path),
		SHA:       sha,
		Branch:    branch,
		Committer: committer(p),
	}
}

func committer(p *common.RepositoryFileParameters) *github.FileCommitter {
	if p.Committer == nil {
		return nil
	}
	return &github.FileCommitter{Name: p.Committer.Name, Email: p.Committer.Email}
}

// Observation is the status.atProvider of p's file on branch of repo
// (owner/name), as GitHub answered it (f is nil while the file does not
// exist).
func Observation(repo, branch string, p *common.RepositoryFileParameters, f *github.FileContent) common.RepositoryFileObservation {
	o := common.RepositoryFileObservation{
		Repository: nonEmpty(repo),
		Branch:     nonEmpty(branch),
		Path:       nonEmpty(p.Path),
	}
	if f != nil {
		o.SHA = nonEmpty(f.SHA)
		o.Size = ptr.To(f.Size)
		o.HTMLURL = nonEmpty(f.HTMLURL)
	}
	return o
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
