package branchprotection

import (
	"sort"
	"strings"
)

// names is a set of logins or slugs, compared as GitHub compares them:
// without regard to case. It maps each name in lower case to its spelling.
type names map[string]string

func namesOf(list ...[]string) names {
	n := names{}
	for _, l := range list {
		for _, s := range l {
			if _, ok := n[strings.ToLower(s)]; !ok {
				n[strings.ToLower(s)] = s
			}
		}
	}
	return n
}

// minus is the names of n that are not in o, in n's spelling, sorted.
func (n names) minus(o names) []string {
	var out []string
	for k, s := range n {
		if _, ok := o[k]; !ok {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// in is the names of n that are also in o, in n's spelling, sorted.
func (n names) in(o names) []string {
	var out []string
	for k, s := range n {
		if _, ok := o[k]; ok {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// equal tells whether n and o hold the same names.
func (n names) equal(o names) bool {
	return len(n) == len(o) && len(n.minus(o)) == 0
}

// sorted is the names of n, in n's spelling, sorted.
func (n names) sorted() []string { return n.minus(nil) }

// list writes names for a message: [a b], or [] for none.
func list(names []string) string { return "[" + strings.Join(names, " ") + "]" }

func lower(s string) string { return strings.ToLower(s) }
