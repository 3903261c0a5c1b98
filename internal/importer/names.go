package importer

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strconv"
	"strings"
)

// Names. A resource's name is made of what identifies its object on
// GitHub, so that it is the same on every import of the same object and a
// re-import diffs cleanly:
//
//	Repository      <repository>                        api
//	in a repository <repository>.<kind>.<key>           api.issuelabel.bug
//	a setting       <repository>.<kind>                 api.actionspermissions
//	organisation's  <kind>.<key>                        team.platform
//
// Each part is the identity in lower case with every other character than
// a letter, a digit or '-' turned into '-'. A part that is not the identity
// itself once lower-cased (a '.', '_' or space replaced, or cut at maxPart)
// gets a short hash of the identity appended, so two objects never share a
// name: my.repo is my-repo-758840, and my-repo stays my-repo. Every name
// is a DNS-1123 subdomain, as Kubernetes requires.

// maxPart bounds one part of a name; the whole stays far below the 253
// characters Kubernetes allows.
const maxPart = 63

// part is one identity as a part of a name.
func part(identity string) string {
	lower := strings.ToLower(identity)
	var b strings.Builder
	dash := false
	for _, r := range lower {
		ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9'
		if !ok {
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = true
			continue
		}
		b.WriteRune(r)
		dash = false
	}
	p := strings.TrimRight(b.String(), "-")
	if p == lower && len(p) <= maxPart {
		return p
	}
	sum := sha256.Sum256([]byte(lower))
	suffix := hex.EncodeToString(sum[:3])
	if len(p) > maxPart-len(suffix)-1 {
		p = strings.TrimRight(p[:maxPart-len(suffix)-1], "-")
	}
	if p == "" {
		return "x" + suffix
	}
	return p + "-" + suffix
}

// Name is the name of r's resource, with o's prefix.
func (o Options) Name(r Resource) string { return o.NamePrefix + Name(r) }

// Name is the name of r's resource, without a prefix (see
// Options.NamePrefix); its file is named so.
func Name(r Resource) string {
	kind := strings.ToLower(r.Kind)
	switch {
	case r.Kind == "Repository":
		return part(r.Repository)
	case r.Repository == "":
		return kind + "." + part(r.Key)
	case r.Key == "":
		return part(r.Repository) + "." + kind
	default:
		return part(r.Repository) + "." + kind + "." + part(r.Key)
	}
}

// RepositoryName is the name of the Repository resource of the repository
// named name: what repositoryRef refers to.
func RepositoryName(name string) string {
	return Name(Resource{Kind: "Repository", Repository: name})
}

// File is the path of r's file within the output folder: one folder per
// repository, one for the organisation.
func File(r Resource) string {
	if r.Repository == "" {
		return path.Join("organization", Name(r)+".yaml")
	}
	return path.Join("repositories", part(r.Repository), Name(r)+".yaml")
}

// externalID is the external name of an object GitHub numbers: its id,
// as the controllers write it (kind.ExternalID, not imported here: the
// importer needs none of the controllers' machinery).
func externalID(id int64) string { return strconv.FormatInt(id, 10) }
