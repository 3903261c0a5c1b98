package main

import (
	"bytes"
	"embed"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"text/template"
	"unicode"
)

// The scaffold: `kindgen new` writes a new kind of an object of a
// repository or an organization, known by a name the user chooses (a
// label) or by an id GitHub assigns (an autolink), or (-setting) of the one
// setting GitHub keeps per repository or organization at its own endpoint
// (Actions permissions), in every layer: its API file, GitHub client area
// and fake, mapping, controller, emulator collection or setting, examples
// in both scopes, integration test and docs page. What it writes compiles
// and its tests pass; the kind is then made particular by hand (its
// fields, GitHub's rules, its docs), where the files say so. A setting's
// files are the setting-*.tmpl templates; both shapes share setup.go.tmpl
// and the owner's helpers below.

//go:embed scaffold/*.tmpl
var scaffoldFS embed.FS

// scaffold is what the templates of a new kind are filled with.
type scaffold struct {
	Kind    string // IssueLabel
	Pkg     string // issuelabel: the package and file name
	Var     string // issueLabel: the kind in lower camel case
	Group   string // repo
	Noun    string // label
	Nouns   string // labels
	Path    string // /labels: the collection (or the setting) under /repos/{owner}/{repo}
	Param   string // name or label_id: the path parameter of one object
	ByID    bool   // GitHub assigns an id, the external name; else the name is
	Org     bool   // the object belongs to an organization; else to a repository
	Setting bool   // the object is its owner's one setting, read with GET and written with PUT; else one of many
	Doc     string // GitHub's docs of the endpoints
	Perm    string // the fine-grained permission: "Issues", "Administration"
	Module  string // the main module's import path
	FirstID int64  // the emulator's first id
}

// What is owner-specific: a repository's object, or an organization's.

// Prefix is the owner's path: /repos/{owner}/{repo} or /orgs/{org}.
func (s scaffold) Prefix() string { return s.pick("/repos/{owner}/{repo}", "/orgs/{org}") }

// Root is the start of the owner's path, before its full name: /repos/ or
// /orgs/.
func (s scaffold) Root() string { return s.pick("/repos/", "/orgs/") }

// Params are the owner's parameters in the client area's methods.
func (s scaffold) Params() string { return s.pick("owner, repo string", "org string") }

// Args pass them on.
func (s scaffold) Args() string { return s.pick("owner, repo", "org") }

// Ignore are the owner's parameters of a fake that does not look at them.
func (s scaffold) Ignore() string { return s.pick("_, _ string", "_ string") }

// OwnerTypes are the types of the owner's parameters.
func (s scaffold) OwnerTypes() string { return s.pick("string, string", "string") }

// At are the owner's arguments in the controller.
func (s scaffold) At() string { return s.pick("e.in.Owner, e.in.Name", "e.in.Login") }

// PlaceType is the controller's type of the owner.
func (s scaffold) PlaceType() string { return s.pick("kind.Repository", "kind.Organization") }

// Target is the embedded target of the parameters.
func (s scaffold) Target() string { return s.pick("RepositoryTarget", "OrganizationTarget") }

// Find finds the owner in connect.
func (s scaffold) Find() string { return s.pick("c.Repository(ctx, mg)", "c.Organization(mg)") }

// A is the article of PlaceNoun.
func (s scaffold) A() string { return s.pick("A", "An") }

// PlaceNoun is the owner in prose.
func (s scaffold) PlaceNoun() string { return s.pick("repository", "organization") }

// PlaceField is the observation's field naming the owner.
func (s scaffold) PlaceField() string { return s.pick("Repository", "Organization") }

// PlaceForm is how PlaceField writes the owner.
func (s scaffold) PlaceForm() string { return s.pick("owner/name", "its login") }

// Scope is the classic token scope the object needs.
func (s scaffold) Scope() string { return s.pick("repo", "admin:org") }

// TestPlace is the owner of the controller's unit tests.
func (s scaffold) TestPlace() string {
	return s.pick(`kind.Repository{Owner: "demo-org", Name: "app"}`, `kind.Organization{Login: "demo-org"}`)
}

// TestPrefix is TestPlace's path.
func (s scaffold) TestPrefix() string { return s.pick("/repos/demo-org/app", "/orgs/demo-org") }

// TargetRules are the admission rules of the parameters that keep a
// repository's object in its repository (an OrganizationTarget brings its
// own), each a marker line ending in a newline.
func (s scaffold) TargetRules() string {
	if s.Org {
		return ""
	}
	return `// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a ` + s.Noun + ` cannot move to another repository; create another ` + s.Kind + `"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a ` + s.Noun + ` cannot move to another repository; create another ` + s.Kind + `"
`
}

func (s scaffold) pick(repo, org string) string {
	if s.Org {
		return org
	}
	return repo
}

// Area is the GitHub client area's type name stem: IssueLabels; a
// setting's is its kind, ActionsPermissions.
func (s scaffold) Area() string { return s.Kind + s.plural() }

// AreaFile is the GitHub client area's file stem: issue_labels.
func (s scaffold) AreaFile() string { return snake(s.Kind) + s.plural() }

// Emu is the emulator's variable of the collection, issueLabels, or of
// the setting, actionsPermissions.
func (s scaffold) Emu() string { return s.Var + s.plural() }

// Anchor is the noun as GitHub's docs write it in an anchor: widget-setting.
func (s scaffold) Anchor() string { return strings.ReplaceAll(s.Noun, " ", "-") }

// plural ends the names of a collection's areas: there is one setting.
func (s scaffold) plural() string {
	if s.Setting {
		return ""
	}
	return "s"
}

// scaffoldFile is one file the scaffold writes: a template and where its
// output goes, relative to the repository.
type scaffoldFile struct{ tmpl, path string }

func (s scaffold) files() []scaffoldFile {
	// shape is a template of the kind's shape: a setting's own, or a
	// collection object's.
	shape := func(tmpl string) string {
		if s.Setting {
			return "setting-" + tmpl
		}
		return tmpl
	}
	return []scaffoldFile{
		{shape("types.go.tmpl"), fmt.Sprintf("apis/%s/common/v1alpha1/%s_types.go", s.Group, s.Pkg)},
		{shape("area.go.tmpl"), fmt.Sprintf("internal/clients/github/%s.go", s.AreaFile())},
		{shape("fake.go.tmpl"), fmt.Sprintf("internal/clients/github/fake/%s.go", s.AreaFile())},
		{shape("mapping.go.tmpl"), fmt.Sprintf("internal/clients/%s/%s.go", s.Pkg, s.Pkg)},
		{shape("mapping_test.go.tmpl"), fmt.Sprintf("internal/clients/%s/%s_test.go", s.Pkg, s.Pkg)},
		{shape("controller.go.tmpl"), fmt.Sprintf("internal/controller/%s/%s.go", s.Pkg, s.Pkg)},
		{"setup.go.tmpl", fmt.Sprintf("internal/controller/%s/setup.go", s.Pkg)},
		{shape("controller_test.go.tmpl"), fmt.Sprintf("internal/controller/%s/%s_test.go", s.Pkg, s.Pkg)},
		{shape("emulator.go.tmpl"), fmt.Sprintf("internal/emulator/%s%s.go", s.pick("repos_", "orgs_"), s.AreaFile())},
		{shape("contract_test.go.tmpl"), fmt.Sprintf("internal/emulator/contract_%s_test.go", s.AreaFile())},
		{shape("integration_test.go.tmpl"), fmt.Sprintf("internal/integration/%s_test.go", s.Pkg)},
		{shape("example.yaml.tmpl"), fmt.Sprintf("examples/%s/namespaced/%s.yaml", s.Pkg, s.Pkg)},
		{shape("example-cluster.yaml.tmpl"), fmt.Sprintf("examples/%s/cluster/%s.yaml", s.Pkg, s.Pkg)},
		{shape("doc.md.tmpl"), fmt.Sprintf("docs/kinds/%s.md", s.Pkg)},
		{shape("importer.go.tmpl"), fmt.Sprintf("internal/importer/kind_%s.go", s.Pkg)},
	}
}

// kindName is a kind's name: an upper-case letter, then letters and digits.
var kindName = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)

// runNew is `kindgen new [flags] <Kind>`, run from the repository's root.
func runNew(args []string) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	s := scaffold{}
	fs.StringVar(&s.Noun, "noun", "", "the object in prose, singular (label); default: the kind's words")
	fs.StringVar(&s.Path, "path", "", "the collection's path under /repos/{owner}/{repo} (/labels); default: /<noun>s")
	fs.BoolVar(&s.Org, "org", false, "the object belongs to an organization (group org); default: to a repository")
	fs.BoolVar(&s.ByID, "id", false, "GitHub assigns the object an id, its external name; default: the user names it")
	fs.BoolVar(&s.Setting, "setting", false, "the object is the one setting of its repository or (-org) organization, read with GET and written with PUT at -path; default: one of a collection")
	fs.StringVar(&s.Doc, "doc", "https://docs.github.com/rest", "GitHub's docs of the endpoints")
	fs.StringVar(&s.Param, "param", "", "the path parameter of one object, as GitHub's OpenAPI description names it (autolink_id); default: name, or <kind>_id with -id")
	fs.StringVar(&s.Perm, "permission", "Administration", "the fine-grained permission GitHub asks for (Issues, Administration)")
	fs.Int64Var(&s.FirstID, "first-id", 4700001, "the emulator's first id of the kind (-id)")
	root := fs.String("root", ".", "the repository's root")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || !kindName.MatchString(fs.Arg(0)) {
		return errors.New("usage: kindgen new [-org] [-setting | -id] [-noun label] [-path /labels] [-doc url] [-permission Issues] <Kind>")
	}
	if s.Setting && s.ByID {
		return errors.New("-setting and -id do not go together: a setting has no id or name of its own, its repository or organization names it")
	}
	s.Group = s.pick("repo", "org")
	s.Kind = fs.Arg(0)
	s.Pkg = strings.ToLower(s.Kind)
	s.Var = string(unicode.ToLower(rune(s.Kind[0]))) + s.Kind[1:]
	if s.Noun == "" {
		s.Noun = strings.ReplaceAll(snake(s.Kind), "_", " ")
	}
	s.Nouns = s.Noun + "s"
	if s.Path == "" {
		s.Path = "/" + strings.ReplaceAll(s.Noun+s.plural(), " ", "-")
	}
	switch {
	case s.Param != "":
	case s.ByID:
		s.Param = snake(s.Kind) + "_id"
	default:
		s.Param = "name"
	}
	module, err := moduleLine(filepath.Join(*root, "go.mod"))
	if err != nil {
		return err
	}
	s.Module = module
	files, err := s.render()
	if err != nil {
		return err
	}
	for _, f := range s.files() {
		if _, err := os.Stat(filepath.Join(*root, f.path)); err == nil {
			return fmt.Errorf("%s exists: the scaffold writes a new kind only", f.path)
		}
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		name := filepath.Join(*root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, files[p], 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", p)
	}
	if err := register(filepath.Join(*root, "internal/controller/setup.go"), s); err != nil {
		return err
	}
	if err := registerImporter(filepath.Join(*root, "internal/importer/kinds.go"), s); err != nil {
		return err
	}
	if err := listInReadme(filepath.Join(*root, "README.md"), s); err != nil {
		return err
	}
	fmt.Println("registered", s.Kind, "in internal/controller/setup.go, internal/importer/kinds.go and README.md; now run make generate, then see docs/adding-a-kind.md")
	return nil
}

// render fills every template of the scaffold; Go files are formatted.
func (s scaffold) render() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, f := range s.files() {
		t, err := template.New(f.tmpl).Delims("[[", "]]").Funcs(template.FuncMap{"lower": strings.ToLower, "upper": strings.ToUpper}).ParseFS(scaffoldFS, "scaffold/"+f.tmpl)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := t.Execute(&b, s); err != nil {
			return nil, fmt.Errorf("%s: %w", f.tmpl, err)
		}
		src := b.Bytes()
		if strings.HasSuffix(f.path, ".go") {
			if src, err = format.Source(src); err != nil {
				return nil, fmt.Errorf("%s: %w\n%s", f.tmpl, err, b.Bytes())
			}
		}
		out[f.path] = src
	}
	return out, nil
}

// register adds the kind's Setups to the provider's list of kinds, and
// its package to the imports of setup.go.
func register(setupGo string, s scaffold) error {
	b, err := os.ReadFile(setupGo)
	if err != nil {
		return err
	}
	src := string(b)
	imp := fmt.Sprintf("\t\"%s/internal/controller/%s\"\n", s.Module, s.Pkg)
	anchor := fmt.Sprintf("\t\"%s/internal/controller/kind\"\n", s.Module)
	list := "var kinds = [][]kind.Setup{\n"
	if !strings.Contains(src, anchor) || !strings.Contains(src, list) {
		return fmt.Errorf("%s: cannot find where to register the kind: add %s.Setups to kinds by hand", setupGo, s.Pkg)
	}
	src = strings.Replace(src, anchor, anchor+imp, 1)
	end := strings.Index(src[strings.Index(src, list):], "\n}\n") + strings.Index(src, list)
	src = src[:end] + "\n\t" + s.Pkg + ".Setups," + src[end:]
	out, err := format.Source([]byte(src))
	if err != nil {
		return err
	}
	return os.WriteFile(setupGo, out, 0o644)
}

// registerImporter adds the kind's importer to the importers of every
// kind (github-import's).
func registerImporter(kindsGo string, s scaffold) error {
	b, err := os.ReadFile(kindsGo)
	if err != nil {
		return err
	}
	src := string(b)
	list := "var Kinds = []Kind{\n"
	start := strings.Index(src, list)
	if start < 0 {
		return fmt.Errorf("%s: cannot find the list of importers: add %sKind to Kinds by hand", kindsGo, s.Var)
	}
	end := strings.Index(src[start:], "\n}\n") + start
	src = src[:end] + "\n\t" + s.Var + "Kind," + src[end:]
	out, err := format.Source([]byte(src))
	if err != nil {
		return err
	}
	return os.WriteFile(kindsGo, out, 0o644)
}

// listInReadme adds the kind's row, linking its page, after the last row
// of README.md's table of kinds.
func listInReadme(readme string, s scaffold) error {
	b, err := os.ReadFile(readme)
	if err != nil {
		return err
	}
	lines := strings.SplitAfter(string(b), "\n")
	last := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "| [`") && strings.Contains(l, "](docs/kinds/") {
			last = i
		}
	}
	if last < 0 {
		return fmt.Errorf("%s: no table of kinds to add %s to: add its row by hand", readme, s.Kind)
	}
	article := "a"
	if s.Setting {
		article = "the"
	}
	row := fmt.Sprintf("| [`%s`](docs/kinds/%s.md) | `%s.github.m.crossplane.io` / `%s.github.crossplane.io` | %s %s of %s %s |\n", s.Kind, s.Pkg, s.Group, s.Group, article, s.Noun, strings.ToLower(s.A()), s.PlaceNoun())
	lines = append(lines[:last+1], append([]string{row}, lines[last+1:]...)...)
	return os.WriteFile(readme, []byte(strings.Join(lines, "")), 0o644)
}

// snake is a kind's name in lower snake case: IssueLabel is issue_label.
func snake(kind string) string {
	var b strings.Builder
	for i, r := range kind {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
