package emulator

import (
	"regexp"
	"strings"
)

func init() { registerKind(issueLabels.name, issueLabelRoutes) }

const (
	docLabels = "https://docs.github.com/rest/issues/labels"
	// labelIDs names the labels' id sequence; firstLabelID is its first.
	labelIDs     = "issue-labels"
	firstLabelID = 208000001
)

// issueLabels are a repository's issue and pull request labels, in the
// order they were made. GitHub finds and takes their names without regard
// to case, keeps colors in lower case, gives a new repository its nine
// default labels (newRepo) and answers a name in use with 422
// already_exists.
var issueLabels = &collection[issueLabel]{
	name: labelIDs, key: byName(true, func(l *issueLabel) *string { return &l.Name }),
	pages: githubPages, render: renderIssueLabel, create: readNewIssueLabel, created: replyItem,
	update: &updating[issueLabel]{method: "PATCH", read: readIssueLabelChange, reply: replyItem, bodyFirst: true},
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Resource: "Label", Code: "already_exists", Field: "name"})
	},
}

// issueLabelRoutes declares a repository's labels: anyone who can read
// the repository reads them, writers change them.
func issueLabelRoutes(_ *Server, t *routeTable) {
	op := func(need int, anchor string) repoOp {
		return repoOp{auth: authRequired, need: need, doc: docLabels + "#" + anchor}
	}
	issueLabels.onRepo(t, repoMount{path: "/labels", param: "name",
		list: op(accessRead, "list-labels-for-a-repository"), create: op(accessWrite, "create-a-label"),
		get: op(accessRead, "get-a-label"), update: op(accessWrite, "update-a-label"), remove: op(accessWrite, "delete-a-label")})
}

// issueLabel is a label as the emulator keeps it.
type issueLabel struct {
	ID          int64
	Name        string
	Description *string
	Color       string // six hex digits, lower case
	Default     bool   // one of a new repository's labels
}

// issueLabelJSON is GitHub's label object.
type issueLabelJSON struct {
	ID          int64   `json:"id"`
	NodeID      string  `json:"node_id"`
	URL         string  `json:"url"`
	Name        string  `json:"name"`
	Description *string `json:"description"`
	Color       string  `json:"color"`
	Default     bool    `json:"default"`
}

func renderIssueLabel(_ *reqCtx, url string, l *issueLabel) any {
	return issueLabelJSON{ID: l.ID, NodeID: nodeID("LA_", l.ID), URL: url, Name: l.Name, Description: l.Description, Color: l.Color, Default: l.Default}
}

// defaultLabels are the labels GitHub gives every new repository.
var defaultLabels = []issueLabel{
	{Name: "bug", Color: "d73a4a", Description: ptr("Something isn't working")},
	{Name: "documentation", Color: "0075ca", Description: ptr("Improvements or additions to documentation")},
	{Name: "duplicate", Color: "cfd3d7", Description: ptr("This issue or pull request already exists")},
	{Name: "enhancement", Color: "a2eeef", Description: ptr("New feature or request")},
	{Name: "good first issue", Color: "7057ff", Description: ptr("Good for newcomers")},
	{Name: "help wanted", Color: "008672", Description: ptr("Extra attention is needed")},
	{Name: "invalid", Color: "e4e669", Description: ptr("This doesn't seem right")},
	{Name: "question", Color: "d876e3", Description: ptr("Further information is requested")},
	{Name: "wontfix", Color: "ffffff", Description: ptr("This will not be worked on")},
}

// labelDefaults gives the new repository r GitHub's default labels.
func (w *world) labelDefaults(r *Repo) {
	sh := issueLabels.shelfIn(r)
	for _, l := range defaultLabels {
		l.ID, l.Default = w.newID(labelIDs, firstLabelID), true
		*sh = append(*sh, &l)
	}
}

// labelColor is a label color as GitHub takes it: six hex digits, no #.
var labelColor = regexp.MustCompile(`^[0-9a-fA-F]{6}$`)

// readNewIssueLabel reads a new label: a name, a color (GitHub's grey when
// none) and a description.
func readNewIssueLabel(c *reqCtx, w *world, f *fields, l *issueLabel) bool {
	name := f.str("name")
	if f.failed {
		return false
	}
	if name == nil {
		c.notSupplied("name")
		return false
	}
	l.Name, l.Color = *name, "ededed"
	if !readIssueLabel(c, f, l) {
		return false
	}
	l.ID = w.newID(labelIDs, firstLabelID)
	return true
}

// readIssueLabelChange changes a label: its name (new_name), color and
// description.
func readIssueLabelChange(c *reqCtx, _ *world, f *fields, l *issueLabel) bool {
	name := f.str("new_name")
	if f.failed {
		return false
	}
	if name != nil {
		l.Name = *name
	}
	return readIssueLabel(c, f, l)
}

// readIssueLabel reads the color and description of a label's body,
// answering GitHub's 422 for what it refuses.
func readIssueLabel(c *reqCtx, f *fields, l *issueLabel) bool {
	color, description := f.str("color"), f.str("description")
	switch {
	case f.failed:
		return false
	case strings.TrimSpace(l.Name) == "":
		c.invalid("Validation Failed", fieldError{Resource: "Label", Code: "missing_field", Field: "name"})
		return false
	case color != nil && !labelColor.MatchString(strings.TrimPrefix(*color, "#")):
		c.invalid("Validation Failed", fieldError{Resource: "Label", Code: "invalid", Field: "color"})
		return false
	case description != nil && len([]rune(*description)) > 100:
		c.invalid("Validation Failed", fieldError{Resource: "Label", Code: "invalid", Field: "description"})
		return false
	}
	if color != nil {
		l.Color = strings.ToLower(strings.TrimPrefix(*color, "#"))
	}
	if description != nil {
		l.Description = description
	}
	return true
}
