package github

import "slices"

// clone is a deep copy of r: decoded answers kept by the cache are shared
// and never handed out themselves (see transport's decoded.go).
func (r *Repository) clone() *Repository {
	c := *r
	c.Description = clonePtr(r.Description)
	c.Homepage = clonePtr(r.Homepage)
	c.AllowSquashMerge = clonePtr(r.AllowSquashMerge)
	c.AllowMergeCommit = clonePtr(r.AllowMergeCommit)
	c.AllowRebaseMerge = clonePtr(r.AllowRebaseMerge)
	c.AllowAutoMerge = clonePtr(r.AllowAutoMerge)
	c.AllowUpdateBranch = clonePtr(r.AllowUpdateBranch)
	c.DeleteBranchOnMerge = clonePtr(r.DeleteBranchOnMerge)
	c.SquashMergeCommitTitle = clonePtr(r.SquashMergeCommitTitle)
	c.SquashMergeCommitMessage = clonePtr(r.SquashMergeCommitMessage)
	c.MergeCommitTitle = clonePtr(r.MergeCommitTitle)
	c.MergeCommitMessage = clonePtr(r.MergeCommitMessage)
	c.AllowForking = clonePtr(r.AllowForking)
	c.WebCommitSignoffRequired = clonePtr(r.WebCommitSignoffRequired)
	c.Topics = slices.Clone(r.Topics)
	if r.SecurityAndAnalysis != nil {
		s := *r.SecurityAndAnalysis
		s.AdvancedSecurity = clonePtr(s.AdvancedSecurity)
		s.SecretScanning = clonePtr(s.SecretScanning)
		s.SecretScanningPushProtection = clonePtr(s.SecretScanningPushProtection)
		s.DependabotSecurityUpdates = clonePtr(s.DependabotSecurityUpdates)
		c.SecurityAndAnalysis = &s
	}
	c.Parent = clonePtr(r.Parent)
	c.Source = clonePtr(r.Source)
	c.TemplateRepository = clonePtr(r.TemplateRepository)
	c.CreatedAt = clonePtr(r.CreatedAt)
	c.PushedAt = clonePtr(r.PushedAt)
	c.UpdatedAt = clonePtr(r.UpdatedAt)
	return &c
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
