package emulator

import (
	"sort"
	"strings"
)

// Operation is one operation of GitHub's REST API that the emulator serves,
// named as GitHub's OpenAPI description names it.
type Operation struct {
	Kind   string // the emulator kind serving it, e.g. "topics"
	Method string // GET, PUT, POST, PATCH or DELETE
	Path   string // the description's path template, e.g. /repos/{owner}/{repo}/topics
	Doc    string // GitHub's documentation of the operation
}

// String is the operation as "METHOD /template".
func (o Operation) String() string { return o.Method + " " + o.Path }

// methodOrder is the order of operations within a path item of an OpenAPI
// description.
var methodOrder = map[string]int{"GET": 0, "PUT": 1, "POST": 2, "DELETE": 3, "OPTIONS": 4, "HEAD": 5, "PATCH": 6, "TRACE": 7}

// Operations lists the operations the emulator serves, read from its route
// table, ordered by path and then method. Aliases GitHub's description leaves
// out (/repositories/{repository_id}/...) are not listed.
func Operations() []Operation {
	var out []Operation
	for _, rt := range buildRoutes(&Server{}) {
		if rt.alias {
			continue
		}
		out = append(out, Operation{Kind: rt.kind, Method: rt.method, Path: rt.spec, Doc: rt.doc})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return methodOrder[out[i].Method] < methodOrder[out[j].Method]
	})
	return out
}

// OperationsText is Operations as one "METHOD /template" line each: the list
// hack/openapi-trim.sh trims GitHub's description to.
func OperationsText() string {
	var b strings.Builder
	for _, op := range Operations() {
		b.WriteString(op.String())
		b.WriteByte('\n')
	}
	return b.String()
}
