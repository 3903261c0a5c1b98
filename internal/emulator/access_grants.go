package emulator

// accessGrant is a kind's contribution to a user's access to a repository
// (a collaborator's role, ...). Kinds append to accessGrants from an init
// function; access takes the highest level any source grants.
type accessGrant func(w *world, user *Account, r *Repo) int

var accessGrants []accessGrant

// access computes what the principal may do with the repository.
func (w *world) access(p *principal, r *Repo) int {
	acc := w.ownAccess(p, r)
	if p == nil || p.user == nil {
		return acc
	}
	for _, g := range accessGrants {
		acc = max(acc, g(w, p.user, r))
	}
	return acc
}
